"""The page at any table: the toy game at two and three seats, registered in the server's process, drawn with
its number of seats and sides and played to its end by clicking (Playwright, Debian's chromium)."""

from __future__ import annotations

import socket
import threading
import time

import pytest
import uvicorn

from footcanasta_env.games import register_game, unregister_game
from footcanasta_env.web import create_app
from tests.helpers import toy_game

# skipped with test_web_browser's message where chromium is missing; its browser fixture serves here too
from tests.web.test_web_browser import browser, wait_ready  # noqa: F401


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """A server whose process knows the toy at two, three and four seats."""
    for t in toy_game.TOYS:
        register_game(t.NAME, t)
    db = tmp_path_factory.mktemp("web") / "web.sqlite3"
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    srv = uvicorn.Server(uvicorn.Config(create_app(db), host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    for _ in range(100):
        if srv.started:
            break
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    srv.should_exit = True
    thread.join(timeout=5)
    for t in toy_game.TOYS:
        unregister_game(t.NAME)


@pytest.mark.parametrize("name, seats", [("toy2", 2), ("toy3", 3), ("toy", 4)])
def test_the_page_draws_any_table_and_plays_it_to_the_end(server, browser, name, seats):  # noqa: F811
    errors: list[str] = []
    context = browser.new_context(reduced_motion="reduce", viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server}/?game={name}&seed=3&lang=de")
    wait_ready(page)
    assert page.input_value("#game-choice") == name and page.text_content("#title") == toy_game.TITLE
    assert page.locator("#table .seat").count() == seats
    assert page.text_content("#seat-0 .seat-name").startswith("Du (Süd)")
    # the areas the toy does not draw are not on the page: no pile, melds, hand or card buttons
    for hidden in ("#center", "#melds", "#hand-area", "#buttons"):
        assert not page.is_visible(hidden), hidden
    # a partner to choose only where the person has one
    assert page.evaluate("document.getElementById('partner').parentElement.hidden") == (seats < 4)
    if seats == 4:
        assert "Nord (Partner)" in page.text_content("#seat-2")
    sides = 2 if seats == 4 else seats
    assert page.text_content("#status").count(" – ") == sides - 1  # a score per side
    clicks = 0
    while not page.query_selector("[data-game-over]") and clicks < 200:
        actions = page.eval_on_selector_all("[data-action]", "els => els.map(e => e.dataset.action)")
        page.click(f'[data-action="{actions[-1]}"]')
        clicks += 1
        wait_ready(page)
    final = page.get_attribute("[data-game-over]", "data-game-over").split()
    assert len(final) == sides and all(x.isdigit() for x in final)
    assert page.locator("#results table.score").count() == 2  # the toy's two rounds, a row per side
    assert page.locator("#results table.score tr").count() == 2 * (1 + sides)
    assert errors == []
    context.close()
