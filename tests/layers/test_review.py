"""Move review: a planted blunder is the biggest loss, an expert loses less per decision than a random player."""

from __future__ import annotations

import json

import pytest

from footcanasta_env.cli import main
from footcanasta_env.evaluation.review import review_decision, review_replay
from footcanasta_env.footcanasta.actions import action_id
from footcanasta_env.footcanasta.bots import make_bot
from footcanasta_env.footcanasta.engine import load_scenario, new_game
from footcanasta_env.footcanasta.rules import Rules
from footcanasta_env.replays import Replay

FAST = "worlds=6,time=20"


@pytest.fixture
def cheap_hint(monkeypatch):
    """The hint (every review's reference, ``test_hint_review.py``) searched in 2 worlds: these tests are about
    what the rater measures, and a whole game's hints at the default 16 worlds would take a minute."""
    from footcanasta_env.footcanasta.bots import registry

    monkeypatch.setitem(registry.REGISTRY.bots, "search", lambda seed=None: registry._search(seed, "worlds=2,time=20"))


def bot_replay(name: str, seed: int, rounds: int = 1) -> Replay:
    """A replay of four ``name`` bots."""
    rules = Rules().with_rounds(rounds)
    g = new_game(seed, rules)
    rep = Replay(seed=seed, rules=rules,
                 players=[{"seat": s, "name": f"bot{s}", "kind": "bot", "bot": name, "seed": s} for s in range(4)])
    bots = [make_bot(name, s) for s in range(4)]
    while not g.is_over:
        p = g.current_player
        a = bots[p].act(g.view(p))
        rep.record(p, a)
        g.step(a)
    rep.finish(g)
    return rep


def test_an_expert_loses_less_per_decision_than_a_random_player(cheap_hint):
    expert = review_replay(bot_replay("expert", 5), 0, FAST)
    rand = review_replay(bot_replay("random", 5), 0, FAST)
    assert expert.decisions and rand.decisions
    assert expert.points_lost < rand.points_lost
    assert expert.accuracy > rand.accuracy


def test_the_cli_reviews_a_replay(tmp_path, capsys, cheap_hint):
    path = tmp_path / "game.json"
    bot_replay("greedy", 2).save(path)
    assert main(["review", str(path), "--seat", "West", "--json", "--search", "worlds=2,time=20"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["seat"] == 1 and out["decisions"] and 0 <= out["accuracy"] <= 1
    assert out["game"] == "footcanasta" and out["method"] == "rater" and out["options"] == "worlds=2,time=20"
    assert all(d["loss"] >= 0 for d in out["decisions"])
    assert main(["review", str(path), "--search", "worlds=2,time=20", "--top", "3"]) == 0
    out = capsys.readouterr().out
    assert "points lost per decision" in out and "Rated by Foot Canasta's move rater" in out


def test_foot_canasta_offers_its_move_rater():
    from footcanasta_env.games import get_game

    game = get_game("footcanasta")
    assert game.REVIEW_OPTIONS == ""  # the search bot's defaults: the hint's own search
    game.check_review_options("worlds=2,time=20")
    with pytest.raises(ValueError, match="unknown option 'depth'"):
        game.check_review_options("depth=3")
    g = new_game(3)
    while len(g.legal_actions()) < 2:
        g.step(g.legal_actions()[0])
    view = g.view(g.current_player)
    r = game.review_move(view, view.legal_actions[0], "worlds=2,time=20", seed=1)
    assert set(r) == {"best", "loss", "se", "worlds", "candidates"} and r["best"] in r["candidates"]
    assert r == game.review_move(view, view.legal_actions[0], "worlds=2,time=20", seed=1)  # seeded


def test_bad_input_is_refused_clearly(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    assert main(["review", str(bad)]) == 2
    assert "not valid JSON" in capsys.readouterr().err
    good = tmp_path / "good.json"
    bot_replay("random", 1).save(good)
    assert main(["review", str(good), "--search", "depth=3"]) == 2
    assert "unknown option 'depth'" in capsys.readouterr().err


def test_the_browser_game_reviews_south_after_the_game(tmp_path, monkeypatch, cheap_hint):
    import warnings

    pytest.importorskip("httpx")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        from starlette.testclient import TestClient

    from footcanasta_env.footcanasta.text import review as rater
    from footcanasta_env.web import create_app

    monkeypatch.setattr(rater, "REVIEW_OPTIONS", "worlds=2,time=20")  # the game's default, read at each review
    c = TestClient(create_app(tmp_path / "web.sqlite3", today=lambda: "2024-05-01", replay_dir=tmp_path / "r"))
    r = c.post("/api/games", json={"seed": 4, "partner": "greedy", "opponents": "greedy"})
    gid, state = r.json()["id"], r.json()["state"]
    assert c.get(f"/api/games/{gid}/review").status_code == 409  # not over yet
    while not state["over"]:
        state = c.post(f"/api/games/{gid}/actions", json={"action": state["legal"][0]}).json()["state"]
    out = c.get(f"/api/games/{gid}/review")
    assert out.status_code == 200, out.text
    assert out.json()["seat"] == 0 and "points lost per decision" in out.json()["summary"]


def test_a_planted_blunder_is_the_biggest_loss():
    # South must discard. West still holds the two nines it took from the pile (public memory), and the
    # pile's top seven cards hold two jokers and two twos: discarding the nine hands West the pile.
    spec = {"current": 0, "phase": "play", "dealer": 3,
            "players": [{"hand": "9 4 B3 6 7 8 K"}, {"hand": "9 9 5 5 10 10 Q 6 7 4"},
                        {"hand": "4 5 6 7 8 10 J Q K A"}, {"hand": "4 5 6 7 8 10 J Q K A"}],
            "teams": [{"melds": ["Q Q Q"], "down": True}, {"melds": ["J J J"], "down": True}],
            "pile": "5 JK JK 2 2 A A K", "memory": ["", "9 9", "", ""]}
    view = load_scenario(spec, seed=1).view(0)
    losses = {}
    for move in ("discard 9", "discard 4", "discard 6", "discard 7", "discard K", "discard B3"):
        d = review_decision(view, action_id(move), 0, "worlds=16,time=30")
        losses[move] = d
    blunder = losses["discard 9"]
    assert blunder.best != "discard 9" and not blunder.accurate
    assert all(blunder.loss > d.loss for m, d in losses.items() if m != "discard 9")
    assert blunder.loss > 300 and blunder.loss > 3 * blunder.se


def test_the_terminal_game_offers_a_review_at_the_end(tmp_path, monkeypatch, capsys):
    import io
    import sys

    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 4000))
    assert main(["play", "--seed", "11", "--partner", "random", "--opponents", "random",
                 "--replay-dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    (replay,) = tmp_path.glob("*.json")
    assert f"Review your moves: footcanasta review {replay}" in out.replace("\n", "")


def test_a_seat_with_no_decision_claims_no_accuracy(tmp_path, capsys):
    rules = Rules().with_rounds(1)
    rep = Replay(seed=3, rules=rules,
                 players=[{"seat": s, "name": f"bot{s}", "kind": "bot", "bot": "greedy", "seed": s} for s in range(4)])
    path = tmp_path / "empty.json"
    rep.save(path)
    review = review_replay(rep, 0, FAST)
    assert review.decisions == [] and review.accuracy is None and review.points_lost is None
    assert review.summary() == "South: no decision with a choice to review"
    assert main(["review", str(path), "--search", FAST]) == 0
    out = capsys.readouterr().out
    assert "no decision with a choice to review" in out and "accuracy" not in out and "noise" not in out
    assert main(["review", str(path), "--json", "--search", FAST]) == 0
    assert json.loads(capsys.readouterr().out)["accuracy"] is None
