"""The toy game (tests/helpers/toy_game.py) played through the game-generic layers, which reach it only by its name."""

from __future__ import annotations

import json
import multiprocessing

import pytest

from footcanasta_env.cli import main
from footcanasta_env.evaluation import evaluate, league
from footcanasta_env.evaluation.review import STRONGEST_BOT, review_replay
from footcanasta_env.games import register_game, unregister_game
from footcanasta_env.replays import Replay, load_replay
from tests.helpers import toy_game

# --- evaluation: duplicate matches, leagues and reviews of the toy game --------------------------------


@pytest.fixture
def toy_for_evaluation():
    """The toy game registered as ``toy`` for one test (an object: known only in this process, so workers=1)."""
    register_game("toy", toy_game)
    yield toy_game
    unregister_game("toy")


def test_a_toy_duplicate_match(toy_for_evaluation):
    rep = evaluate("greedy", "random", deals=30, seed=3, game="toy", workers=1)
    assert rep.game == "toy" and rep.to_dict()["game"] == "toy"
    assert len(rep.games) == 60 and {g.deal for g in rep.games} == set(range(30))
    assert rep.win_ci[0] > 0.5 and rep.mean_diff > 0 and rep.wins > rep.losses  # greedy doubles its fives
    again = evaluate("greedy", "random", deals=30, seed=3, game="toy", workers=1)
    assert again.to_dict(with_games=True) == rep.to_dict(with_games=True)
    if "fork" in multiprocessing.get_all_start_methods():  # forked workers inherit the registration
        forked = evaluate("greedy", "random", deals=30, seed=3, game="toy", workers=2)
        assert forked.to_dict(with_games=True) == rep.to_dict(with_games=True)
    assert evaluate("greedy", "random", deals=30, seed=4, game="toy").to_dict() != rep.to_dict()
    short = evaluate("greedy", "random", deals=3, seed=3, game="toy", rules=toy_game.Rules(rounds=1))
    assert short.mean_actions < rep.mean_actions  # one round instead of two


def test_a_toy_match_refuses_what_the_toy_does_not_have(toy_for_evaluation):
    with pytest.raises(ValueError, match="unknown bot 'expert'.*greedy, random"):
        evaluate("greedy", "expert", deals=1, game="toy")
    from footcanasta_env.games import get_game

    with pytest.raises(ValueError, match="Toy Sum's Rules"):
        evaluate("greedy", "random", deals=1, game="toy", rules=get_game("footcanasta").Rules())
    with pytest.raises(ValueError, match="unknown game 'nosuch'.*footcanasta.*toy"):
        evaluate("greedy", "random", deals=1, game="nosuch")


def test_a_toy_league(toy_for_evaluation):
    rep = league(["random", "greedy"], deals=20, seed=1, game="toy", bootstrap=5, workers=1)
    assert rep.game == "toy" and all(m.game == "toy" for m in rep.matches)
    assert rep.ratings[1] > rep.ratings[0]
    d = json.loads(json.dumps(rep.to_dict()))
    assert d["game"] == "toy" and d["matches"][0]["game"] == "toy"


def test_the_cli_plays_the_toy(toy_for_evaluation, capsys):
    argv = ["evaluate", "--game", "toy", "greedy", "random", "--deals", "4", "--workers", "1"]
    assert main([*argv, "--json", "--rounds", "1"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["game"] == "toy" and out["games_played"] == 8
    assert main([*argv, "--rounds", "1"]) == 0
    text = capsys.readouterr().out
    assert "of Toy Sum" in text and "Games of 1 round (--rounds), not the full two." in text
    assert main(["league", "--game", "toy", "greedy", "random", "--deals", "2", "--workers", "1",
                 "--bootstrap", "2", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["game"] == "toy"


def test_toy_plots(toy_for_evaluation, tmp_path):
    pytest.importorskip("matplotlib")
    from footcanasta_env.evaluation import plot_league, plot_match

    plot_match(evaluate("greedy", "random", deals=2, game="toy"), str(tmp_path / "m.png"))
    plot_league(league(["greedy", "random"], deals=2, game="toy", bootstrap=2), str(tmp_path / "l.png"))
    assert (tmp_path / "m.png").read_bytes()[:4] == (tmp_path / "l.png").read_bytes()[:4] == b"\x89PNG"


@pytest.mark.parametrize("argv, msg", [
    (["evaluate", "--game", "nosuch", "greedy", "random"], "unknown game 'nosuch' (known: footcanasta"),
    (["evaluate", "--game", "toy", "greedy", "expert"], "unknown bot 'expert' (known: greedy, random)"),
    (["league", "--game", "toy", "greedy", "expert"], "unknown bot 'expert'"),
    (["evaluate", "--game", "toy", "greedy", "random", "--rounds", "12"], "rounds must be 1-9"),
])
def test_the_cli_refuses_bad_toy_arguments_in_one_line(argv, msg, toy_for_evaluation, capsys):
    assert main([*argv, "--workers", "1"]) == 2
    err = capsys.readouterr().err
    assert msg in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_a_rule_flag_the_game_lacks_is_refused_by_name():
    from footcanasta_env.evaluation.cli import game_rules

    class NoRounds:
        TITLE = "Plain"

        @staticmethod
        def Rules():  # noqa: N802 (the game interface's name)
            return object()

    with pytest.raises(ValueError, match="--rounds: the rules of Plain have no 'rounds'"):
        game_rules(NoRounds, rounds=2)
    assert game_rules(NoRounds, rounds=None) is None
    assert game_rules(toy_game, rounds=1) == toy_game.Rules(rounds=1)


def toy_replay(bot: str, seed: int) -> Replay:
    """A finished toy game of four ``bot`` bots."""
    game = toy_game.new_game(seed)
    rep = Replay(seed=seed, rules=game.rules, game="toy",
                 players=[{"seat": s, "name": f"bot{s}", "kind": "bot", "bot": bot, "seed": s} for s in range(4)])
    bots = [toy_game.make_bot(bot, s) for s in range(4)]
    while not game.is_over:
        p = game.current_player
        a = bots[p].act(game.view(p))
        rep.record(p, a)
        game.step(a)
    rep.finish(game)
    return rep


def test_a_toy_review_against_the_strongest_bot(toy_for_evaluation, tmp_path):
    rand = review_replay(toy_replay("random", 5), seat=1)
    assert rand.method == STRONGEST_BOT and rand.bot == "greedy" and rand.game == "toy"
    assert rand.decisions and all(d.loss is None and d.se is None for d in rand.decisions)
    assert rand.accuracy == pytest.approx(sum(d.played == d.best for d in rand.decisions) / len(rand.decisions))
    assert rand.accuracy < 1 and rand.mistakes() and rand.points_lost is None
    assert review_replay(toy_replay("greedy", 5), seat=1).accuracy == 1.0  # greedy is the strongest bot
    d = json.loads(json.dumps(rand.to_dict()))
    assert d["method"] == "strongest_bot" and d["game"] == "toy" and d["points_lost_per_decision"] is None
    assert d["decisions"][0]["loss"] is None and "strongest bot (greedy)" in d["summary"]
    with pytest.raises(ValueError, match="no move rater"):
        review_replay(toy_replay("random", 5), seat=1, options="worlds=2")


def test_the_cli_reviews_a_toy_replay(toy_for_evaluation, tmp_path, capsys):
    path = toy_replay("random", 7).save(tmp_path / "toy.json")
    assert load_replay(path).game == "toy"
    assert main(["review", str(path), "--seat", "North", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["seat"] == 2 and out["method"] == "strongest_bot" and out["bot"] == "greedy"
    assert main(["review", str(path)]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "Compared with greedy, the strongest bot of Toy Sum" in text and "accuracy" in text
    assert main(["review", str(path), "--search", "worlds=2"]) == 2
    assert "Toy Sum has no move rater" in capsys.readouterr().err
