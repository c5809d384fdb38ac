"""The page in real headless Chromium (Playwright), against a server on a free loopback port.

Skipped, with a message, only when /usr/bin/chromium is missing and CI is not set; in CI they must run.
Screenshots go to $FOOTCANASTA_SCREENSHOTS when it is set.
"""

from __future__ import annotations

import os
import socket
import threading
import time
from pathlib import Path

import pytest

CHROMIUM = "/usr/bin/chromium"
if not os.path.exists(CHROMIUM) and not os.environ.get("CI"):
    pytest.skip(f"{CHROMIUM} is missing (apt-get install chromium); the browser tests run in CI",
                allow_module_level=True)

import uvicorn  # noqa: E402  (a dependency of the package)

if os.environ.get("CI"):
    from playwright import sync_api  # noqa: E402  (CI installs the dev extra: a missing Playwright fails there)
else:
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is in the dev extra")

from footcanasta_env.web import create_app  # noqa: E402

SHOTS = os.environ.get("FOOTCANASTA_SCREENSHOTS")


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    db = tmp_path_factory.mktemp("web") / "web.sqlite3"
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    config = uvicorn.Config(create_app(db), host="127.0.0.1", port=port, log_level="warning")
    srv = uvicorn.Server(config)
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    for _ in range(100):
        if srv.started:
            break
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    srv.should_exit = True
    thread.join(timeout=5)


@pytest.fixture(scope="module")
def browser():
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield b
        b.close()


def open_page(browser, url, errors, **ctx):
    context = browser.new_context(**ctx)
    page = context.new_page()
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url)
    page.wait_for_selector("[data-action], [data-game-over]")
    return page


def shot(page, name):
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / name), full_page=True)


def wait_ready(page):
    page.wait_for_function("() => document.querySelector('[data-game-over]') || "
                           "[...document.querySelectorAll('[data-action]')].some(b => !b.disabled)")


def play_to_the_end(page, clicks: int = 3000, every=None) -> int:
    """Click legal moves (building melds when it can) until the game is over; ``every(page, n)`` after each
    click. How many clicks it took; a game that does not end in ``clicks`` fails."""
    n = 0
    while n < clicks:
        wait_ready(page)
        if page.query_selector("[data-game-over]"):
            return n
        pick_building_move(page)
        n += 1
        if every is not None:
            every(page, n)
    pytest.fail(f"the game did not end in {clicks} clicks")


def test_whole_game_by_clicking_data_action(server, browser):
    errors: list[str] = []
    page = open_page(browser, f"{server}/?seed=17", errors, reduced_motion="reduce",
                     viewport={"width": 1280, "height": 800})
    shot(page, "desktop-start.png")
    play_to_the_end(page, 2000)
    over = page.get_attribute("[data-game-over]", "data-game-over")
    assert over and len(over.split()) == 2
    assert page.is_visible("#results")
    shot(page, "desktop-over.png")
    assert errors == []


def test_select_cards_then_meld_and_discard(server, browser):
    errors: list[str] = []
    page = open_page(browser, f"{server}/?seed=4", errors, viewport={"width": 1280, "height": 800})
    wait_ready(page)
    if page.query_selector('[data-action="draw"]'):
        page.click("#b-draw")
        wait_ready(page)
    # find a rank with three or more cards and set it aside / meld it with the button
    groups = page.eval_on_selector_all(
        "#hand .group", "gs => gs.map(g => [g.querySelector('[data-card]').dataset.card, "
                        "g.querySelectorAll('[data-card]').length])")
    rank = next((c for c, n in groups if n >= 3 and c not in ("B3",)), None)
    if rank is not None:
        for _ in range(3):
            page.locator(f'#hand [data-card="{rank}"]:not(.selected)').first.click(position={"x": 8, "y": 40})
        page.wait_for_function("() => !document.getElementById('b-meld').disabled || "
                               "document.getElementById('reason').textContent.includes(':')")
        shot(page, "desktop-selected.png")
        if not page.is_disabled("#b-meld"):
            page.click("#b-meld")
            page.wait_for_selector(f'#aside .meld[data-rank="{rank}"], #team-0 .meld[data-rank="{rank}"]')
    page.click("#b-clear") if not page.is_disabled("#b-clear") else None
    wait_ready(page)
    card = page.locator("#hand [data-card]:not([data-card='JK'])").first
    card.click(position={"x": 8, "y": 40})
    page.wait_for_function("() => !document.getElementById('b-discard').disabled")
    held = page.locator("#hand [data-card]").count()
    page.click("#b-discard")
    page.wait_for_function(f"() => document.querySelectorAll('#hand [data-card]').length !== {held} || "
                           "document.querySelector('[data-game-over]')")
    assert errors == []


def test_mobile_viewport_has_no_horizontal_scroll(server, browser):
    errors: list[str] = []
    page = open_page(browser, f"{server}/?seed=23", errors, viewport={"width": 390, "height": 844},
                     is_mobile=True, has_touch=True, device_scale_factor=2)
    wait_ready(page)
    shot(page, "mobile-start.png")
    assert page.evaluate("document.scrollingElement.scrollWidth") <= 390
    for _ in range(30):  # later in the game the table fills up: still no horizontal scroll
        wait_ready(page)
        if page.query_selector("[data-game-over]"):
            break
        actions = page.eval_on_selector_all("[data-action]", "els => els.map(e => e.dataset.action)")
        pick = next((a for a in actions if a.startswith(("meld", "add", "laydown"))), actions[-1])
        page.click(f'[data-action="{pick}"]')
    wait_ready(page)
    shot(page, "mobile-later.png")
    assert page.evaluate("document.scrollingElement.scrollWidth") <= 390
    assert errors == []


def test_keyboard_play(server, browser):
    errors: list[str] = []
    page = open_page(browser, f"{server}/?seed=31", errors, reduced_motion="reduce")
    wait_ready(page)
    version = page.evaluate("() => document.querySelectorAll('[data-action]').length")
    assert version
    page.keyboard.press("/")
    if page.query_selector('[data-action="draw"]'):
        page.keyboard.type("d")
        page.keyboard.press("Enter")
        page.wait_for_selector('[data-action^="discard"]')
    page.focus("#cmd")
    page.keyboard.type("x fly")
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.getElementById('message').textContent.length > 0")
    assert page.is_visible("#message.bad")
    discard = page.get_attribute('[data-action^="discard"]', "data-action")
    page.focus("#cmd")
    page.keyboard.type("x " + discard.split()[1])
    page.keyboard.press("Enter")
    wait_ready(page)
    assert errors == []


VIOLATIONS = ("window.__csp = []; document.addEventListener('securitypolicyviolation', "
              "e => window.__csp.push(e.violatedDirective + ' ' + e.blockedURI));")


def test_the_page_works_under_its_content_security_policy(server, browser):
    errors: list[str] = []
    context = browser.new_context(reduced_motion="reduce")
    context.add_init_script(VIOLATIONS)  # devtools' init scripts are not the page's: the policy does not block them
    page = context.new_page()
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    answer = page.goto(f"{server}/?seed=9")
    csp = answer.headers["content-security-policy"]
    assert "unsafe-inline" not in csp and "frame-ancestors 'none'" in csp
    wait_ready(page)
    for _ in range(6):  # a few moves and a hint: every part of the page that draws or fetches
        if page.query_selector("[data-game-over]"):
            break
        actions = page.eval_on_selector_all("[data-action]", "els => els.map(e => e.dataset.action)")
        page.click(f'[data-action="{actions[-1]}"]')
        wait_ready(page)
    page.click("#hint")
    page.wait_for_function("() => document.getElementById('message').textContent.length > 0")
    page.goto(f"{server}/leaderboard")
    assert page.evaluate("window.__csp") == [] and errors == []
    # the check can fail: an inline style attribute is refused and reported
    page.evaluate("document.body.insertAdjacentHTML('beforeend', '<p style=\"color: red\">x</p>')")
    page.wait_for_function("() => window.__csp.length > 0")
    assert any("style-src" in v for v in page.evaluate("window.__csp"))
    context.close()


def test_a_stale_page_shows_the_game_as_it_is(server, browser):
    import httpx

    errors: list[str] = []
    page = open_page(browser, f"{server}/?seed=41", errors, reduced_motion="reduce")
    wait_ready(page)
    gid = page.evaluate("localStorage.getItem('footcanasta-game')")
    shown = page.eval_on_selector_all("[data-action]", "els => els.map(e => e.dataset.action)")
    # another tab (or a move whose answer ran out of time) moves the game on
    state = httpx.get(f"{server}/api/games/{gid}").json()["state"]
    assert httpx.post(f"{server}/api/games/{gid}/actions", json={"action": state["legal"][0]}).status_code == 200
    now = httpx.get(f"{server}/api/games/{gid}").json()["state"]
    page.click(f'[data-action="{shown[-1]}"]')  # the stale page's move: a 409
    page.wait_for_function("() => document.getElementById('message').textContent.includes('moved on')")
    page.wait_for_function(f"() => document.querySelectorAll('[data-action]').length === {len(now['legal'])}")
    assert page.eval_on_selector_all("[data-action]", "els => els.map(e => e.dataset.action)") == now["legal"]
    assert [e for e in errors if "409" not in e] == []  # Chromium logs the refused request itself


def pick_building_move(page):
    """Click a move that builds melds if there is one, else the last legal move."""
    actions = page.eval_on_selector_all("[data-action]", "els => els.map(e => e.dataset.action)")
    pick = next((a for a in actions if a.startswith(("meld", "add", "laydown"))), actions[-1])
    page.click(f'[data-action="{pick}"]')


def test_canasta_by_clicking_shows_what_canasta_needs(server, browser):
    errors: list[str] = []
    context = browser.new_context(reduced_motion="reduce", viewport={"width": 1280, "height": 900})
    context.add_init_script(VIOLATIONS)
    page = context.new_page()
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server}/?game=canasta&seed=5&partner=greedy&opponents=greedy")
    wait_ready(page)
    assert page.text_content("#title") == "Canasta" and page.input_value("#game-choice") == "canasta"
    assert "game=canasta" in page.url and "game=canasta" in page.get_attribute("#board-link", "href")
    # no partnership has melded: the pile is frozen for both, and the minimum from a score of 0 is 50
    assert "no initial meld" in page.text_content("#pile-frozen")
    assert page.get_attribute("#team-0 .minimum", "data-minimum") == "50"
    assert "game to 5,000" in page.text_content("#status")
    assert "foot" not in page.text_content("main").lower()
    assert page.text_content("#b-draw") == "Draw"
    shot(page, "canasta-start.png")
    play_to_the_end(page, 3000, lambda page, n: shot(page, "canasta-later.png") if n == 150 else None)
    assert page.is_visible("#results") and page.query_selector("#results table.score")
    assert "natural/mixed" in page.text_content("#results")
    shot(page, "canasta-over.png")
    assert page.evaluate("window.__csp") == [] and errors == []
    context.close()


def test_canasta_melds_with_the_buttons(server, browser):
    errors: list[str] = []
    page = open_page(browser, f"{server}/?game=canasta&seed=8&partner=greedy&opponents=greedy", errors,
                     reduced_motion="reduce", viewport={"width": 1280, "height": 800})
    for _ in range(400):  # draw and discard until the hand holds three of a rank and the meld is legal
        wait_ready(page)
        if page.query_selector('[data-action="draw"]'):
            page.click("#b-draw")
            wait_ready(page)
        groups = page.eval_on_selector_all(
            "#hand .group", "gs => gs.map(g => [g.querySelector('[data-card]').dataset.card, "
                            "g.querySelectorAll('[data-card]').length])")
        rank = next((c for c, n in groups if n >= 3 and c not in ("B3", "2", "JK")), None)
        if rank is not None:
            for _ in range(3):
                page.locator(f'#hand [data-card="{rank}"]:not(.selected)').first.click(position={"x": 8, "y": 40})
            page.wait_for_function("() => !document.getElementById('b-meld').disabled || "
                                   "document.getElementById('reason').textContent.includes(':')")
            if not page.is_disabled("#b-meld"):
                page.click("#b-meld")
                page.wait_for_selector(f'#aside .meld[data-rank="{rank}"], #team-0 .meld[data-rank="{rank}"]')
                assert "of 7" in page.text_content(f'.meld[data-rank="{rank}"] .meld-state')
                break
            page.click("#b-clear")
        card = page.locator("#hand [data-card]").first
        card.click(position={"x": 8, "y": 40})
        page.wait_for_function("() => !document.getElementById('b-discard').disabled")
        page.click("#b-discard")
    else:
        pytest.fail("no meld of three in 400 turns")
    assert errors == []


def test_canasta_on_a_phone_has_no_horizontal_scroll(server, browser):
    errors: list[str] = []
    page = open_page(browser, f"{server}/?game=canasta&seed=23&partner=greedy&opponents=greedy", errors,
                     viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                     device_scale_factor=2, reduced_motion="reduce")
    wait_ready(page)
    assert page.evaluate("document.scrollingElement.scrollWidth") <= 390
    for _ in range(60):
        if page.query_selector("[data-game-over]"):
            break
        pick_building_move(page)
        wait_ready(page)
    shot(page, "canasta-mobile.png")
    assert page.evaluate("document.scrollingElement.scrollWidth") <= 390
    assert errors == []


def test_the_chooser_deals_the_chosen_game_and_remembers_it(server, browser):
    errors: list[str] = []
    page = open_page(browser, f"{server}/?seed=3", errors, reduced_motion="reduce")
    wait_ready(page)
    assert page.text_content("#title") == "Foot Canasta" and "game=footcanasta" in page.url
    assert page.query_selector("#pile-frozen") is None
    page.select_option("#game-choice", "canasta")
    page.wait_for_function("() => location.search.includes('game=canasta')")
    wait_ready(page)
    assert page.query_selector("#team-0 .minimum")
    page.goto(f"{server}/")  # remembered: the Canasta game comes back
    wait_ready(page)
    assert page.text_content("#title") == "Canasta" and "game=canasta" in page.url
    page.click("#new-game")
    page.wait_for_function("() => document.getElementById('status').textContent.startsWith('Canasta')")
    page.click("#hint")
    page.wait_for_function("() => document.getElementById('message').textContent.startsWith('Hint')")
    page.click("#board-link")  # Canasta's leaderboard, whose Play link comes back to Canasta
    page.wait_for_selector("#play-link")
    assert page.text_content("h1").startswith("Canasta: daily leaderboard")
    assert page.get_attribute("#play-link", "href") == "/?game=canasta&lang=en"
    page.click("#play-link")
    wait_ready(page)
    page.click("#daily")  # the daily deal of the chosen game
    page.wait_for_function("() => document.getElementById('status').dataset.deal === 'daily'")
    assert page.text_content("#status").startswith("Canasta")
    page.goto(f"{server}/?game=footcanasta")  # another game named: a game of that one
    wait_ready(page)
    page.wait_for_function("() => document.getElementById('title').textContent === 'Foot Canasta'")
    assert page.query_selector("#team-0 .minimum") is None
    assert errors == []


def test_seeds_are_exact_and_a_drawn_one_is_not_shown(server, browser):
    """A 19-digit seed typed in the address deals that game and is shown digit for digit; a game whose
    seed the server drew shows none until it is over."""
    errors: list[str] = []
    seed = "3570643270034413448"
    page = open_page(browser, f"{server}/?seed={seed}", errors, reduced_motion="reduce")
    wait_ready(page)
    assert page.text_content("#status").endswith(f"seed {seed}")
    page.click("#new-game")
    page.wait_for_function("() => document.getElementById('status').textContent.endsWith('new deal')")
    assert seed not in page.content()
    assert errors == []


def test_a_named_daily_ranks_once_per_player(server, browser):
    """The page asks the server for a player identity, keeps it, and sends it with a named daily: the first
    attempt ranks, a second one says why it does not."""
    errors: list[str] = []
    page = open_page(browser, f"{server}/?seed=2", errors, reduced_motion="reduce")
    wait_ready(page)
    page.click("#settings-label")
    page.fill("#name", "Grace")
    page.dispatch_event("#name", "change")
    page.click("#daily")
    page.wait_for_function("() => document.getElementById('status').dataset.deal === 'daily'")
    page.wait_for_function("() => document.getElementById('status').textContent.endsWith('ranked')")
    token = page.evaluate("() => localStorage.getItem('footcanasta-player')")
    assert token and token.startswith("p1.")
    page.click("#daily")
    wait_ready(page)
    page.wait_for_function("() => !document.getElementById('status').textContent.endsWith('ranked')")
    assert page.evaluate("() => localStorage.getItem('footcanasta-player')") == token
    assert errors == []
