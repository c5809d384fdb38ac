"""Classic Canasta registered in the house: the layers play it by name, as they play Foot Canasta."""

from __future__ import annotations

from starlette.testclient import TestClient

from footcanasta_env.evaluation import evaluate
from footcanasta_env.games import get_game
from footcanasta_env.replays import reproduce
from footcanasta_env.web import create_app


def test_a_duplicate_match_of_canasta():
    rules = get_game("canasta").Rules(max_rounds=1)
    report = evaluate("expert", "random", deals=2, seed=5, rules=rules, game="canasta", workers=1)
    again = evaluate("expert", "random", deals=2, seed=5, rules=rules, game="canasta", workers=1)
    assert report.game == "canasta" and report.to_dict() == again.to_dict()
    assert report.win_rate > 0.5


def test_a_canasta_game_over_the_browser_api(tmp_path):
    c = TestClient(create_app(tmp_path / "web.sqlite3", today=lambda: "2026-12-03", replay_dir=tmp_path / "r"))
    r = c.post("/api/games", json={"game": "canasta", "seed": 4, "partner": "greedy", "opponents": "greedy"})
    assert r.status_code == 201, r.text
    gid, state = r.json()["id"], r.json()["state"]
    assert state["game"] == "canasta" and state["legal"]
    for _ in range(5):
        r = c.post(f"/api/games/{gid}/actions", json={"action": state["legal"][0], "version": state["version"]})
        assert r.status_code == 200, r.text
        state = r.json()["state"]
    from footcanasta_env.canasta import bots as cbots

    assert c.get("/api/bots?game=canasta").json()["default"] == cbots.strongest_bot()  # learned, by its record
    assert c.get(f"/api/games/{gid}/replay").status_code == 409  # it holds the seed: not before the end
    while not state["over"]:
        state = c.post(f"/api/games/{gid}/actions", json={"action": state["legal"][-1]}).json()["state"]
    replay = c.get(f"/api/games/{gid}/replay").json()
    assert replay["game"] == "canasta"
    from footcanasta_env.replays import replay_from_dict

    assert list(reproduce(replay_from_dict(replay)).scores) == state["scores"]
