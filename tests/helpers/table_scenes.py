"""Positions of both games on the page, for the card and accessibility browser tests (test_web_cards.py,
test_web_axe_table.py): a server and a Chromium per module, and a game opened at a chosen point.

A scene is a game's scenario (its JSON position) posted to ``/api/games`` and opened at ``/?id=``: a hand
with a 2 and a joker, a meld of tens, wild cards in melds, the pile and the set-aside melds; the end of a
round and of a game come from games the greedy bots played to that point (a few milliseconds).
"""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from typing import Any

import uvicorn

from footcanasta_env.games import get_game
from footcanasta_env.web import create_app

CHROMIUM = "/usr/bin/chromium"
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 860}
GAMES = ("footcanasta", "canasta")

# South to play with a 2 and a joker in hand, melds of tens and wild cards on the table, a 2 on the pile
MID = {
    "footcanasta": {
        "round": 1, "dealer": 3, "current": 0, "phase": "play", "scores": [0, 0],
        "players": [{"hand": "4 5 5 9 10 10 Q K 2 2 JK B3", "foot": "4 6 7 8 9 J Q K A A 2 JK B3"},
                    {"hand": "4 5 6 7 8 9 J Q K A 2", "foot": "4 5 6 7 8 9 J Q K A 2"},
                    {"hand": "4 5 6 7 8 9 J Q K A 2", "foot": "4 5 6 7 8 9 J Q K A 2"},
                    {"hand": "4 5 6 7 8 9 J Q K A 2", "foot": "4 5 6 7 8 9 J Q K A 2"}],
        "teams": [{"melds": ["10 10 10 10 10", "JK 2 2", "7 7 7 7 7 7 2", "8 8 8 8 8 8 8"], "red_threes": 1,
                   "down": True},
                  {"melds": ["Q Q Q 2", "10 10 10 JK", "K K K K K K K"], "red_threes": 0, "down": True}],
        "pile": "6 9 2",
    },
    "canasta": {
        "round": 1, "dealer": 3, "current": 0, "phase": "play", "scores": [0, 0],
        "players": [{"hand": "4 5 5 9 10 10 Q K 2 2 JK B3"}, {"hand": "4 5 6 9 J Q A 2"},
                    {"hand": "4 5 6 9 J Q A"}, {"hand": "4 5 6 9 J Q A"}],
        "teams": [{"melds": ["10 10 10 10 10", "J J JK 2", "7 7 7 7 7 7 2", "8 8 8 8 8 8 8"], "red_threes": 1,
                   "down": True},
                  {"melds": ["Q Q Q 2", "K K K K K K K"], "red_threes": 0, "down": True}],
        "pile": "6 9 5",
    },
}


def start_server(db, **app_options: Any) -> Iterator[str]:
    """A server of the page on a free loopback port (``create_app(db, **app_options)``), until the generator is
    closed."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    config = uvicorn.Config(create_app(db, **app_options), host="127.0.0.1", port=port, log_level="warning")
    srv = uvicorn.Server(config)
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    for _ in range(200):
        if srv.started:
            break
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    srv.should_exit = True
    thread.join(timeout=5)


def played(game: str, rounds: int | None, seed: int = 5) -> dict[str, Any]:
    """The scenario of a game the greedy bots played until ``rounds`` rounds were over (None: to its end)."""
    g = get_game(game)
    state = g.new_game(seed=seed)
    bots = [g.make_bot("greedy", seed=i) for i in range(4)]
    while not state.is_over and (rounds is None or len(state.round_results) < rounds):
        p = state.current_player
        state.step(bots[p].act(state.view(p)))
    return state.to_scenario()


def scenario(game: str, scene: str) -> dict[str, Any]:
    """The position of a scene: "mid" (MID), "round" (a round just over), "over" (the game over),
    "big" (a round just over, scored +1,840 and -35)."""
    if scene == "mid":
        return MID[game]
    if scene == "round":
        return played(game, 1)
    if scene == "over":
        return played(game, None)
    if scene == "big":
        return big_round(game)
    raise ValueError(f"no scene {scene!r}: the scenes are mid, round, over, big")


def open_game(browser, server: str, game: str, scene: str, *, lang: str = "en", viewport=PHONE,
              errors: list[str] | None = None):
    """A new page (its own context) showing ``scene`` of ``game`` in ``lang``, ready to play or over."""
    context = browser.new_context(viewport=viewport, reduced_motion="reduce", bypass_csp=True)
    page = context.new_page()
    if errors is not None:
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: errors.append(str(e)))
    if scene == "deal":
        page.goto(f"{server}/?game={game}&seed=11&lang={lang}")
    else:
        r = page.request.post(f"{server}/api/games", data={"game": game, "scenario": scenario(game, scene),
                                                          "partner": "greedy", "opponents": "greedy"})
        assert r.ok, r.text()
        page.goto(f"{server}/?game={game}&id={r.json()['id']}&lang={lang}")
    page.wait_for_selector("[data-action], [data-game-over]")
    page.wait_for_function("() => document.querySelector('[data-game-over]') || "
                           "[...document.querySelectorAll('[data-action]')].some(b => !b.disabled)")
    return page


def big_round(game: str) -> dict[str, Any]:
    """A round just over whose scores need a group sign in every language: +1,840 and -35."""
    spec = played(game, 1)
    result = spec["round_results"][0]
    for b, total in zip(result["breakdown"], (1840, -35), strict=True):
        b["cards_held"] += total - b["total"]
        b["total"] = total
    result["scores"] = spec["scores"] = [1840, -35]
    return spec


# the mean difference of two PNG images' pixels (0 to 255) over the area both cover, measured by the browser
PIXEL_DIFFERENCE = """async ([a, b]) => {
  const load = (src) => new Promise((ok, bad) => { const i = new Image(); i.onload = () => ok(i); i.onerror = bad;
    i.src = "data:image/png;base64," + src; });
  const [x, y] = [await load(a), await load(b)];
  const w = Math.min(x.width, y.width), h = Math.min(x.height, y.height);
  const pixels = (img) => { const c = document.createElement("canvas"); c.width = w; c.height = h;
    const g = c.getContext("2d"); g.drawImage(img, 0, 0); return g.getImageData(0, 0, w, h).data; };
  const [p, q] = [pixels(x), pixels(y)];
  let sum = 0;
  for (let i = 0; i < p.length; i += 4) for (let k = 0; k < 3; k++) sum += Math.abs(p[i + k] - q[i + k]);
  return sum / (w * h * 3);
}"""
