"""Seeds exact, from the terminal to the browser and back: the JSON API gives seeds as strings of digits and
takes them so (an exact JSON integer too, never a float), over one range, 0 to 2**128-1, the terminal's as
well, so a seed the terminal prints (19 digits, or above 2**63) deals the same game in the browser; a bad seed
is a 400 that says what is wrong. In real Chromium: a seed in the address deals that game and the status
shows its digits; every bad parameter of the address is said, in the page's language, the page deals a new
game with the rest and stays playable, and a deal that fails says so instead of "Dealing…".
"""

from __future__ import annotations

import os
import warnings
from collections import Counter

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

with warnings.catch_warnings():  # starlette >= 1.0 asks for httpx2; httpx still works
    warnings.simplefilter("ignore", DeprecationWarning)
    from starlette.testclient import TestClient  # noqa: E402

from footcanasta_env.cli import main  # noqa: E402
from footcanasta_env.family.cards import HOLD_KINDS, KINDS  # noqa: E402
from footcanasta_env.games import get_game  # noqa: E402
from footcanasta_env.seeds import MAX_SEED  # noqa: E402
from footcanasta_env.table import Deal  # noqa: E402
from footcanasta_env.web import create_app  # noqa: E402

NINETEEN = "3570643270034413448"  # a seed `footcanasta play` printed: 19 digits, above 2**53
ABOVE_63 = str(2**64 + 716240242655621069)  # above 2**63: `demo --seed` and `play --seed` take it
GAMES = ("footcanasta", "canasta")
RANDOM = {"partner": "random", "opponents": "random"}
RANGE = f"seed must be a whole number from 0 to {MAX_SEED}"


def engine_hand(game: str, seed: str) -> dict[str, int]:
    """Seat 0's hand as the engine deals it from ``seed`` (``new_game(seed=...)``): card -> count."""
    hand = get_game(game).new_game(seed=int(seed)).view(0).hand
    return {KINDS[k]: int(hand[k]) for k in HOLD_KINDS if hand[k]}


@pytest.fixture(scope="module")
def api(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("seeds")
    with TestClient(create_app(str(tmp / "web.sqlite3"), replay_dir=None)) as c:
        yield c


# ---------------------------------------------------------------------------------------------- the API


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seed", [NINETEEN, ABOVE_63, str(MAX_SEED)])
def test_a_terminal_seed_deals_the_same_game_through_the_api(api, game, seed):
    r = api.post("/api/games", json={"game": game, "seed": seed, **RANDOM})
    assert r.status_code == 201, r.text
    gid, state = r.json()["id"], r.json()["state"]
    assert state["deal"] == {"kind": "seed", "seed": seed}  # a string, every digit
    assert {g["card"]: g["count"] for g in state["hand"]} == engine_hand(game, seed)
    again = api.get(f"/api/games/{gid}").json()["state"]
    assert again["deal"]["seed"] == seed and again["hand"] == state["hand"]
    # an exact JSON integer is still taken (older clients), and answered as a string
    r = api.post("/api/games", json={"game": game, "seed": int(seed), **RANDOM})
    assert r.status_code == 201
    assert r.json()["state"]["deal"]["seed"] == seed and r.json()["state"]["hand"] == state["hand"]


def test_the_terminal_prints_and_takes_the_same_range(capsys):
    assert Deal(seed=int(ABOVE_63)).describe() == f"seed {ABOVE_63}"  # what `footcanasta play` greets with
    assert main(["demo", "--seed", ABOVE_63]) == 0
    assert f"seed {ABOVE_63}." in capsys.readouterr().out
    for argv in (["demo", "--seed", str(MAX_SEED + 1)], ["play", "--seed", str(MAX_SEED + 1), "--lang", "en"]):
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert RANGE in err and str(MAX_SEED + 1) in err, err
    assert main(["play", "--seed", str(MAX_SEED + 1), "--lang", "de"]) == 2
    assert f"der Seed muss eine ganze Zahl von 0 bis {MAX_SEED}" in capsys.readouterr().err


@pytest.mark.parametrize("seed", [
    -1, "-1", "seven", "", " 5", "5 ", "+5", "5.0", 5.0, 1e3, True, "٣", "1" * 40, str(MAX_SEED + 1),
    [5], {"seed": 5}, "9" * 5000,
])
def test_a_bad_seed_is_a_400_that_says_what_is_wrong(api, seed):
    r = api.post("/api/games", json={"seed": seed, **RANDOM})
    assert r.status_code == 400, (seed, r.text)
    assert r.json()["error"].startswith(RANGE), r.text
    assert len(r.json()["error"]) < 200  # a long text is cut short, not echoed whole


def test_a_json_integer_beyond_the_range_is_refused_by_the_parser(api):
    r = api.post("/api/games", json={"seed": MAX_SEED + 1, **RANDOM})
    assert r.status_code == 400 and "too large" in r.json()["error"]


def test_a_bad_seed_is_said_in_the_readers_language(api):
    r = api.post("/api/games?lang=de", json={"seed": "x1", **RANDOM})
    assert r.status_code == 400 and r.json()["error"].startswith(f"der Seed muss eine ganze Zahl von 0 bis {MAX_SEED}")


def test_a_drawn_seed_stays_sealed_until_the_game_is_over(api):
    r = api.post("/api/games", json=RANDOM)
    assert r.status_code == 201 and r.json()["state"]["deal"] == {"kind": "seed"}
    gid = r.json()["id"]
    drawn = str(api.app.state.room.cache.get(gid).table.deal.seed)
    again = api.get(f"/api/games/{gid}")
    assert again.json()["state"]["deal"] == {"kind": "seed"} and drawn not in r.text + again.text


# ---------------------------------------------------------------------------------------------- the page

CHROMIUM = "/usr/bin/chromium"


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    if not os.path.exists(CHROMIUM) and not os.environ.get("CI"):
        pytest.skip(f"{CHROMIUM} is missing (apt-get install chromium); the browser tests run in CI")
    from tests.helpers.table_scenes import start_server

    yield from start_server(tmp_path_factory.mktemp("seeds-page") / "web.sqlite3", replay_dir=None)


@pytest.fixture(scope="module")
def browser(server):
    if os.environ.get("CI"):
        from playwright import sync_api  # CI installs the dev extra: a missing Playwright fails there
    else:
        sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is in the dev extra")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield b
        b.close()


def open_page(browser, url: str, errors: list[str], wait: str = "[data-action], [data-game-over]"):
    page = browser.new_context(reduced_motion="reduce", viewport={"width": 1280, "height": 860}).new_page()
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url)
    page.wait_for_selector(wait)
    return page


def script_errors(errors: list[str]) -> list[str]:
    """The page's own errors: the browser also logs each refused request (a 400, a 404), as asked here."""
    return [e for e in errors if not e.startswith("Failed to load resource: the server responded with a status of 4")]


def page_hand(page) -> dict[str, int]:
    return dict(Counter(page.eval_on_selector_all("#hand [data-card]", "bs => bs.map(b => b.dataset.card)")))


def playable(page) -> None:
    """A move played by clicking: the game goes on (the version moves)."""
    page.wait_for_function("() => [...document.querySelectorAll('[data-action]')].some(b => !b.disabled)")
    version = page.evaluate("() => state.version")
    page.click("[data-action]:not([disabled])")
    page.wait_for_function(f"() => state && state.version > {version} && !busy")


@pytest.mark.parametrize("game, seed", [("footcanasta", NINETEEN), ("canasta", ABOVE_63)])
def test_a_seed_in_the_address_deals_that_game_digit_for_digit(server, browser, game, seed):
    errors: list[str] = []
    page = open_page(browser, f"{server}/?game={game}&seed={seed}&partner=random&opponents=random", errors)
    page.wait_for_function("() => document.getElementById('status').dataset.deal === 'seed'")
    assert page.text_content("#status").endswith(f"seed {seed}")
    assert page_hand(page) == engine_hand(game, seed)
    assert page.evaluate("() => state.deal.seed") == seed  # a string in the page too
    assert page.text_content("#message") == ""
    playable(page)
    assert page.text_content("#status").endswith(f"seed {seed}")
    assert errors == []


def test_every_bad_parameter_is_said_and_a_new_game_dealt(server, browser):
    errors: list[str] = []
    page = open_page(browser, f"{server}/?lang=xx&seed=12x&daily=2024-01-01&partner=nobody&opponents=random", errors)
    message = page.text_content("#message")
    for said in ("unknown language xx: the languages are en, de, it, ru, th · ", "no partner bot nobody",
                 "give one of seed, daily and scenario",
                 f"{RANGE} (2**128-1), not '12x'", "A new game was dealt instead."):
        assert said in message, (said, message)
    assert "Dealing" not in page.text_content("#status") and page.text_content("#status").endswith("new deal")
    assert "seed=" not in page.url  # the address now names the game dealt
    playable(page)
    page.click("#new-game")  # and the page's own buttons work
    page.wait_for_function("() => document.getElementById('message').textContent === '' && !busy")
    assert script_errors(errors) == []


def test_bad_parameters_are_said_in_the_pages_language(server, browser):
    errors: list[str] = []
    page = open_page(browser, f"{server}/?lang=de&game=chess&seed={MAX_SEED + 1}&opponents=nobody&partner=random",
                     errors)
    message = page.text_content("#message")
    for said in ("unbekanntes Spiel chess", "kein Bot nobody für opponents",
                 f"der Seed muss eine ganze Zahl von 0 bis {MAX_SEED}",
                 "Stattdessen wurde ein neues Spiel gegeben."):
        assert said in message, (said, message)
    playable(page)
    assert script_errors(errors) == []


def test_an_unknown_game_id_is_said_and_a_new_game_dealt(server, browser):
    errors: list[str] = []
    page = open_page(browser, f"{server}/?id=nosuchgame12345&partner=random&opponents=random", errors)
    message = page.text_content("#message")
    assert "id: no such game" in message and "A new game was dealt instead." in message
    playable(page)
    assert script_errors(errors) == []


def test_a_failed_deal_says_why_instead_of_dealing_for_good(server, browser):
    errors: list[str] = []
    context = browser.new_context(reduced_motion="reduce")
    page = context.new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))

    def refuse(route):
        if route.request.method == "POST":
            route.fulfill(status=503, content_type="application/json", body='{"error": "the bots are busy"}')
        else:
            route.continue_()

    page.route("**/api/games", refuse)
    page.goto(f"{server}/?seed={NINETEEN}")
    page.wait_for_function("() => document.getElementById('status').textContent.startsWith('No game dealt')")
    assert page.text_content("#status") == "No game dealt: the bots are busy"
    assert "the bots are busy" in page.text_content("#message")
    page.unroute("**/api/games")
    page.click("#new-game")  # the button still deals once the server can
    page.wait_for_selector("[data-action]")
    page.wait_for_function("() => document.getElementById('status').textContent.endsWith('new deal')")
    assert errors == []
