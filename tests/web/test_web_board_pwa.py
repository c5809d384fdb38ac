"""The pages beside the game: the leaderboard browsing dates and games, the rules view, the web app manifest.

The API and the pages through Starlette's TestClient first (bad parameters a 4xx saying what is wrong, never
a 500), then in Chromium at 390x844, 360x740 and a desktop size: browsing by clicking, no sideways scroll,
no content-security-policy violation, and axe-core's report without a serious or critical violation.
Screenshots go to $FOOTCANASTA_SCREENSHOTS when it is set.
"""

from __future__ import annotations

import datetime as _dt
import json
import os
import re
import socket
import threading
import time
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from footcanasta_env.games import register_game, unregister_game
from footcanasta_env.i18n import LANGUAGES
from footcanasta_env.web import create_app
from footcanasta_env.web.pages import MANIFEST, STATIC, render_rules
from tests.helpers import toy_game

TODAY = "2024-05-01"
YESTERDAY = "2024-04-30"
NOW = _dt.datetime(2024, 5, 1, 12, 0, tzinfo=_dt.timezone.utc)  # noon UTC: 2 May is today in UTC+14
LATEST = "2024-05-02"
ROOT = Path(__file__).resolve().parents[2]
PHONE, SMALL, DESKTOP = {"width": 390, "height": 844}, {"width": 360, "height": 740}, {"width": 1280, "height": 860}
SHOTS = os.environ.get("FOOTCANASTA_SCREENSHOTS")
ENTRIES = [  # game, date, name, scores (one per side), result, hints
    ("footcanasta", TODAY, "Ada", (12345, 6780), "win", 2),
    ("footcanasta", YESTERDAY, "Bob", (4210, 9875), "loss", 0),
    ("canasta", YESTERDAY, "Cy", (5150, 3020), "win", 1),
    ("canasta/6x3", YESTERDAY, "Eve", (3100, 2200, 1500), "win", 1),  # six players in three sides
]


def _seeded_app(path: Path):
    app = create_app(path, today=lambda: TODAY, now=lambda: NOW)
    with app.state.room.store.db.transaction() as tx:
        for i, (game, date, name, scores, result, hints) in enumerate(ENTRIES):
            tx.execute("INSERT INTO leaderboard (game, date, name, game_id, score, margin, scores, result, finished, "
                       "hints, player) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                       (game, date, name, f"g{i}", scores[0], scores[0] - scores[1], json.dumps(scores), result,
                        time.time(), hints, None))
    return app


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    return TestClient(_seeded_app(tmp_path_factory.mktemp("board") / "web.sqlite3"))


# ---------------------------------------------------------------------------------------------- the API


def test_the_board_api_gives_the_days_around_and_each_games_board(client):
    board = client.get(f"/api/leaderboard?date={YESTERDAY}").json()
    assert board["game"] == "footcanasta" and board["players"] == 4
    assert (board["previous"], board["next"], board["today"], board["latest"]) == ("2024-04-29", TODAY, TODAY, LATEST)
    assert [(e["name"], e["scores"]) for e in board["entries"]] == [("Bob", [4210, 9875])]
    board = client.get(f"/api/leaderboard?game=canasta&players=4&date={YESTERDAY}").json()
    assert board["game"] == "canasta" and [e["name"] for e in board["entries"]] == ["Cy"]
    today = client.get("/api/leaderboard").json()  # today's by default
    assert today["date"] == TODAY and [e["name"] for e in today["entries"]] == ["Ada"]
    assert client.get(f"/api/leaderboard?date={LATEST}").json()["next"] is None  # no day past the last one
    first = client.get("/api/leaderboard?date=0001-01-01").json()
    assert first["previous"] is None and first["next"] == "0001-01-02"


@pytest.mark.parametrize("query, says", [
    ("date=soon", "soon"), ("date=2024-02-30", "2024-02-30"), ("game=chess", "chess"), ("players=5", "4"),
    ("players=four", "four"), ("players=-4", "-4"), ("players=99999999999999999999", "4"), ("sort=name", "sort"),
    ("lang=xx", "xx"),
])
def test_a_bad_board_parameter_is_a_4xx_that_says_what_is_wrong(client, query, says):
    r = client.get(f"/api/leaderboard?{query}")
    assert r.status_code == 400 and says in r.json()["error"], r.text
    page = client.get(f"/leaderboard?{query}")
    assert page.status_code == 400 and page.headers["content-type"].startswith("text/html")
    problem = re.search(r'<p role="alert" class="problem">(.*?)</p>', page.text)
    assert problem and says in problem.group(1) and 'href="/leaderboard?lang=' in page.text


# ---------------------------------------------------------------------------------------------- the page


def test_the_board_page_links_the_days_and_the_games(client):
    page = client.get(f"/leaderboard?date={YESTERDAY}&lang=de").text
    assert "Bob" in page and "9.875" in page and "4.210" in page  # numbers as German writes them
    board = "/leaderboard?game=footcanasta&amp;players=4&amp;"
    assert f'id="previous-link" href="{board}date=2024-04-29&amp;lang=de"' in page
    assert f'id="next-link" href="{board}date={TODAY}&amp;lang=de"' in page
    assert f'id="today-link" href="{board}lang=de">' in page  # not marked: the board is not today's
    assert f'href="/leaderboard?game=canasta&amp;players=4&amp;date={YESTERDAY}&amp;lang=de">Canasta</a>' in page
    assert 'aria-current=page>Foot Canasta</a>' in page
    assert f'value="{YESTERDAY}" max="{LATEST}"' in page  # the date picker starts on the board's date
    assert 'href="/rules?game=footcanasta&amp;lang=de" id="rules-link"' in page
    latest = client.get(f"/leaderboard?date={LATEST}").text
    assert 'id="next-link"' not in latest and 'id="previous-link"' in latest
    today = client.get("/leaderboard?lang=ru").text
    assert 'aria-current="date"' in today and "12\N{NO-BREAK SPACE}345" in today  # Russian groups with a space


@pytest.fixture
def toy3():
    """The toy at three seats, each its own side, registered as toy3 for one test."""
    register_game(toy_game.THREE.NAME, toy_game.THREE)
    yield toy_game.THREE
    unregister_game(toy_game.THREE.NAME)


def test_the_intro_words_the_scores_from_the_table(client, toy3):
    partners = client.get("/leaderboard?game=footcanasta").text
    singles = client.get("/leaderboard?game=toy3").text
    assert "partnership" not in partners + singles and "the bots'" not in partners + singles
    assert "the player's side first, then the other sides" in partners.replace("&#x27;", "'")
    assert "the player's own first, then each opponent's" in singles.replace("&#x27;", "'")
    assert client.get("/api/leaderboard?game=toy3").json()["players"] == 3
    assert client.get("/api/leaderboard?game=toy3&players=4").status_code == 400


# ---------------------------------------------------------------------------------------------- the rules view


@pytest.mark.parametrize("game", ["footcanasta", "canasta"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_rules_view_renders_the_rule_book(client, game, lang):
    r = client.get(f"/rules?game={game}&lang={lang}")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
    assert "script-src 'self'" in r.headers["content-security-policy"]
    text = r.text
    assert f'<html lang="{lang}">' in text and "<script" not in text and "style=" not in text
    body = text.split("<article", 1)[1]
    assert "**" not in body and "|---" not in body and "| --- |" not in body and "](" not in body
    assert "<table>" in body and "<th>" in body and "<h2 id=\"s1\">" in body and "<strong>" in body
    assert '<div class="table-wrap" tabindex="0"><table>' in body  # a wide table scrolls in its own frame
    assert f'href="/?game={game}&amp;lang={lang}" id="play-link"' in text
    assert '<a href="#s1">' in text  # the contents menu
    assert 'rel="manifest"' in text


def test_a_rule_book_s_raw_html_is_escaped_and_its_alignment_is_a_class():
    body, contents = render_rules("# T\n\n## 4.2 Melds\n\n<script>x()</script>\n\n| a | b |\n|--:|:-:|\n| 1 | 2 |\n"
                                  "\n## 4.2 Melds\n", "Contents")
    assert "<script>" not in body and "&lt;script&gt;" in body and "style=" not in body
    assert '<th class="align-right">a</th>' in body and '<td class="align-center">2</td>' in body
    assert '<h2 id="s4-2">' in body and '<h2 id="s4-2-2">' in body  # anchors stay unique
    assert contents.count("<li>") == 2 and "<summary>Contents</summary>" in contents


@pytest.mark.parametrize("query, status, says", [
    ("game=chess&lang=de", 404, "chess"), ("game=canasta&lang=xx", 400, "xx"), ("game=canasta&page=2", 400, "page"),
])
def test_a_bad_rules_query_is_a_4xx_page_that_says_why(client, query, status, says):
    r = client.get(f"/rules?{query}")
    assert r.status_code == status and r.headers["content-type"].startswith("text/html")
    assert says in re.search(r'<p role="alert" class="problem">(.*?)</p>', r.text).group(1)


# ---------------------------------------------------------------------------------------------- the manifest


def _png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


def test_the_manifest_names_icons_that_are_served_with_their_types(client):
    r = client.get("/manifest.webmanifest")
    assert r.status_code == 200 and r.headers["content-type"].startswith("application/manifest+json")
    manifest = r.json()
    assert manifest["display"] == "standalone" and manifest["start_url"] == "/"
    assert manifest["name"] and manifest["short_name"] and len(manifest["short_name"]) <= 12
    assert all(re.fullmatch(r"#[0-9a-f]{6}", manifest[k]) for k in ("theme_color", "background_color"))
    sizes = set()
    for icon in manifest["icons"]:
        got = client.get(icon["src"])
        assert got.status_code == 200 and got.headers["content-type"].startswith(icon["type"]), icon
        if icon["type"] == "image/png":
            w, h = _png_size(got.content)
            assert f"{w}x{h}" == icon["sizes"], icon
            sizes.add((w, icon.get("purpose", "any")))
    assert {(192, "any"), (512, "any"), (512, "maskable"), (180, "any")} <= sizes
    assert client.get("/static/apple-touch-icon.png").status_code == 200
    for page in ("/", "/leaderboard", "/rules?game=canasta"):
        head = client.get(page).text.split("</head>")[0]
        assert '<link rel="manifest" href="/manifest.webmanifest">' in head, page
        assert '<link rel="apple-touch-icon" href="/static/apple-touch-icon.png">' in head, page
    assert "manifest-src 'self'" in r.headers["content-security-policy"]


def test_the_wheel_takes_every_file_the_pages_link():
    """pyproject's package data takes web/static/* (flat): every file the manifest and the pages name is there."""
    pattern = re.search(r'"web/static/\*"', (ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert pattern, "pyproject.toml no longer ships web/static/*: the icons and pages must still travel"
    names = [icon["src"] for icon in json.loads(MANIFEST.read_text(encoding="utf-8"))["icons"]]
    names += ["/static/pages.css", "/static/page.html", "/static/leaderboard.html", "/static/manifest.webmanifest"]
    for name in names:
        path = STATIC / name.removeprefix("/static/")
        assert path.is_file() and path.parent == STATIC, name  # flat: the glob takes no folder


# ---------------------------------------------------------------------------------------------- in Chromium

CHROMIUM = "/usr/bin/chromium"
VIOLATIONS = ("window.__csp = []; document.addEventListener('securitypolicyviolation', "
              "e => window.__csp.push(e.violatedDirective + ' ' + e.blockedURI));")
WIDER = """() => [...document.querySelectorAll('body *')].filter(e => {
  const r = e.getBoundingClientRect();
  return r.width && (r.right > innerWidth + 1 || r.left < -1) && !e.closest('.table-wrap, details:not([open])');
}).map(e => `${e.id || e.className || e.tagName} ${Math.round(e.getBoundingClientRect().right)}`)"""


@pytest.fixture(scope="module")
def sync_api():
    if not os.path.exists(CHROMIUM) and not os.environ.get("CI"):
        pytest.skip(f"{CHROMIUM} is missing (apt-get install chromium); the browser tests run in CI")
    if os.environ.get("CI"):
        from playwright import sync_api as api  # CI installs the dev extra: a missing Playwright fails there
        return api
    return pytest.importorskip("playwright.sync_api", reason="playwright is in the dev extra")


@pytest.fixture(scope="module")
def served(tmp_path_factory, sync_api):
    """The seeded app on a free loopback port, and one Chromium: (base URL, browser)."""
    import uvicorn

    app = _seeded_app(tmp_path_factory.mktemp("board-browser") / "web.sqlite3")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    for _ in range(200):
        if srv.started:
            break
        time.sleep(0.05)
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield f"http://127.0.0.1:{port}", browser
        browser.close()
    srv.should_exit = True
    thread.join(timeout=5)


def _page(browser, viewport, **ctx):
    context = browser.new_context(viewport=viewport, reduced_motion="reduce", **ctx)
    context.add_init_script(VIOLATIONS)  # devtools' init scripts are not the page's: the policy does not block them
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    return page, errors


def _fits(page, width: int) -> None:
    assert page.evaluate("document.scrollingElement.scrollWidth") <= width, "the page scrolls sideways"
    assert page.evaluate(WIDER) == [], "something runs past the screen's edge"


def _shot(page, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / name), full_page=True)


def test_the_board_browses_days_and_games_by_clicking_on_a_phone(served):
    base, browser = served
    page, errors = _page(browser, PHONE)
    page.goto(f"{base}/leaderboard?lang=en")
    assert "May 1, 2024" in page.text_content("h1") and page.is_visible("text=Ada")
    assert page.text_content("table.board tbody").count("12,345") == 1
    _fits(page, PHONE["width"])
    _shot(page, "board-en-phone-today.png")
    page.click("#previous-link")
    page.wait_for_url(re.compile(f"date={YESTERDAY}"))
    assert "April 30, 2024" in page.text_content("h1") and page.is_visible("text=Bob")
    page.click('nav.games >> text="Canasta"')
    page.wait_for_url(re.compile("game=canasta"))
    assert page.text_content("h1").startswith("Canasta") and page.is_visible("text=Cy")
    assert f"date={YESTERDAY}" in page.url  # the same day, the other game
    page.fill("#board-date", TODAY)
    page.click("#show-date")
    page.wait_for_url(re.compile(f"date={TODAY}"))
    assert "game=canasta" in page.url and "Nobody has finished" in page.text_content("tbody")
    page.click("#next-link")
    page.wait_for_url(re.compile(f"date={LATEST}"))
    assert page.query_selector("#next-link") is None  # the last day that is today somewhere
    page.click("#today-link")
    page.wait_for_url(re.compile("game=canasta&players=4&lang=en$"))
    assert page.get_attribute("#today-link", "aria-current") == "date"
    page.click("#rules-link")
    page.wait_for_url(re.compile(r"/rules\?game=canasta&lang=en"))
    assert page.text_content("h1").startswith("Canasta")
    page.click("#play-link")
    page.wait_for_url(re.compile(r"/\?game=canasta&lang=en"))
    assert page.evaluate("window.__csp") == [] and errors == []
    page.context.close()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_board_of_six_in_three_sides_is_browsed_on_a_small_phone(served, lang):
    from tests.helpers.axe import axe_violations, describe

    base, browser = served
    page, errors = _page(browser, SMALL, bypass_csp=True)
    page.goto(f"{base}/leaderboard?game=canasta&date={YESTERDAY}&lang={lang}")
    title = {"en": "Canasta (6 players in 3 sides)", "de": "Canasta (6 Spieler in 3 Parteien)"}[lang]
    page.click(f'nav.games >> text="{title}"')
    page.wait_for_url(re.compile("players=6&sides=3"))
    assert page.text_content("h1").startswith(title + ":") and page.is_visible("text=Eve")
    heads = page.eval_on_selector_all("table.board th", "hs => hs.map(h => h.textContent)")
    assert len(heads) == 4 + 3 and heads[2] == {"en": "South/North", "de": "Süd/Nord"}[lang]
    cells = page.eval_on_selector_all("table.board tbody td", "ds => ds.map(d => d.textContent)")
    assert cells[2:5] == ["3,100", "2,200", "1,500"] if lang == "en" else ["3.100", "2.200", "1.500"]
    assert page.get_attribute(f'nav.games >> text="{title}"', "aria-current") == "page"
    _fits(page, SMALL["width"])
    # seven columns fit a small phone without scrolling their frame (the board is set smaller, .wide)
    assert page.evaluate("(w => w.scrollWidth <= w.clientWidth)(document.querySelector('.table-wrap'))")
    found = axe_violations(page)
    assert found == [], describe(found)
    _shot(page, f"board-6x3-{lang}-360.png")
    page.click("#next-link")  # the next day of the same table
    page.wait_for_url(re.compile(f"players=6&sides=3&date={TODAY}"))
    assert "Eve" not in page.text_content("tbody")
    page.fill("#board-date", YESTERDAY)  # the date form keeps the table too
    page.click("#show-date")
    page.wait_for_url(re.compile(f"sides=3.*date={YESTERDAY}"))
    assert page.is_visible("text=Eve")
    page.click("#play-link")
    page.wait_for_url(re.compile(r"/\?game=canasta&players=6&sides=3&lang="))
    assert page.evaluate("window.__csp") == [] and errors == []
    page.context.close()


@pytest.mark.parametrize("lang", ["de", "ru", "th"])
@pytest.mark.parametrize("size", [PHONE, SMALL], ids=["390", "360"])
def test_the_board_and_the_rules_fit_a_phone(served, lang, size):
    base, browser = served
    page, errors = _page(browser, size)
    page.goto(f"{base}/leaderboard?date={YESTERDAY}&game=canasta&lang={lang}")
    _fits(page, size["width"])
    _shot(page, f"board-{lang}-{size['width']}.png")
    page.goto(f"{base}/rules?game=canasta&lang={lang}")
    _fits(page, size["width"])
    page.click(".contents summary")  # the contents menu opens and fits too
    _fits(page, size["width"])
    _shot(page, f"rules-{lang}-{size['width']}.png")
    assert page.evaluate("window.__csp") == [] and errors == []
    page.context.close()


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
@pytest.mark.parametrize("path", [f"/leaderboard?date={YESTERDAY}&lang=de",
                                  "/rules?game=canasta&lang=th", "/leaderboard?date=soon"])
def test_axe_finds_nothing_serious_on_the_board_and_the_rules(served, size, path):
    from tests.helpers.axe import axe_violations, describe

    base, browser = served
    page, _ = _page(browser, size, bypass_csp=True)  # axe is an injected script: the policy would refuse it
    page.goto(base + path)
    found = axe_violations(page)
    assert found == [], describe(found)
    if size is DESKTOP and "leaderboard" in path and "soon" not in path:
        _shot(page, "board-de-desktop.png")
    page.context.close()
