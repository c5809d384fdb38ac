"""Duplicate evaluation: identical deals, figures that follow from the games, leagues, the CLI."""

from __future__ import annotations

import json
import math

import pytest

from footcanasta_env import new_game
from footcanasta_env.cli import main
from footcanasta_env.evaluation import (
    MatchReport,
    deal_seed,
    evaluate,
    fit_elo,
    league,
    match_bot_seed,
    mean_ci,
    play_bots_game,
    play_deal,
    seating,
    wilson,
)
from footcanasta_env.footcanasta.bots import make_bot


def round_deals(names, gseed, seeds):
    """Play one game and record every round's deal (hands, feet, pile, stock) as it starts."""
    game = new_game(gseed)
    bots = [make_bot(n, s) for n, s in zip(names, seeds, strict=True)]

    def snap():
        sc = game.to_scenario()
        return (sc["round"], sc["dealer"], [(p["hand"], p["foot"]) for p in sc["players"]], sc["pile"], sc["stock"])

    deals = [snap()]
    while not game.is_over:
        r = game.round
        p = game.current_player
        game.step(bots[p].act(game.view(p)))
        if game.round != r and not game.is_over:
            deals.append(snap())
    return deals, game


def test_duplicate_pair_replays_identical_deals():
    gseed = deal_seed(3, 0)
    a0, a1, b0, b1 = (match_bot_seed(3, 0, bot, copy) for bot in (0, 1) for copy in (0, 1))
    a_first, g1 = round_deals(["greedy", "random", "greedy", "random"], gseed, [a0, b0, a1, b1])
    a_second, g2 = round_deals(["random", "greedy", "random", "greedy"], gseed, [b0, a0, b1, a1])
    assert len(a_first) == 4 and a_first == a_second  # same cards in every hand, foot and stock, every round
    assert g1.scores != g2.scores  # yet the games differ: the players swapped seats
    recs = play_deal("greedy", "random", seed=3, deal=0)
    assert [r.seats_a for r in recs] == [(0, 2), (1, 3)]
    assert (recs[0].score_a, recs[0].score_b) == (g1.scores[0], g1.scores[1])
    assert (recs[1].score_a, recs[1].score_b) == (g2.scores[1], g2.scores[0])


def test_seating_and_seeds():
    assert [seating(r) for r in range(4)] == [(0, (0, 1)), (1, (0, 1)), (0, (1, 0)), (1, (1, 0))]
    assert deal_seed(1, 2) == deal_seed(1, 2) != deal_seed(1, 3) != deal_seed(2, 2)
    assert match_bot_seed(0, 0, 0, 0) != match_bot_seed(0, 0, 0, 1) != match_bot_seed(0, 0, 1, 0)
    recs = play_deal("random", "random", seed=5, deal=1, rotations=4)
    assert [r.rotation for r in recs] == [0, 1, 2, 3]
    assert recs[0].diff != recs[2].diff or recs[0].actions != recs[2].actions  # partners swapped: new game


def test_report_figures_follow_from_the_games():
    rep = evaluate("random", "greedy", deals=3, seed=2)
    assert len(rep.games) == 6 and {g.deal for g in rep.games} == {0, 1, 2}
    # Each recorded game is the game that the seeds replay.
    g = rep.games[3]
    team_a, order = seating(g.rotation)
    names = ["random" if s & 1 == team_a else "greedy" for s in range(4)]
    seeds = [match_bot_seed(2, g.deal, 0 if s & 1 == team_a else 1, order[s >> 1]) for s in range(4)]
    game = play_bots_game(names, deal_seed(2, g.deal), seeds)
    assert (game.scores[team_a], game.scores[1 - team_a]) == (g.score_a, g.score_b)
    diffs = [x.score_a - x.score_b for x in rep.games]
    assert rep.wins == sum(d > 0 for d in diffs) and rep.losses == sum(d < 0 for d in diffs)
    assert rep.wins + rep.draws + rep.losses == 6
    assert rep.win_rate == pytest.approx((rep.wins + rep.draws / 2) / 6)
    assert rep.mean_diff == pytest.approx(sum(diffs) / 6)
    per_deal = [sum(diffs[2 * i:2 * i + 2]) / 2 for i in range(3)]
    m, lo, hi = mean_ci(per_deal)
    assert rep.diff_ci == pytest.approx((lo, hi))
    assert rep.diff_ci[0] <= rep.mean_diff <= rep.diff_ci[1]
    assert 0 <= rep.win_ci[0] <= rep.win_rate <= rep.win_ci[1] <= 1
    assert rep.win_ci[1] - rep.win_ci[0] > 0  # never claims certainty, even on a clean sweep
    d = rep.to_dict(with_games=True)
    assert json.loads(json.dumps(d))["games_played"] == 6 and len(d["games"]) == 6
    assert rep.game == d["game"] == "footcanasta"  # the report names its game


def test_same_seed_same_report_any_workers():
    one = evaluate("random", "greedy", deals=2, seed=9).to_dict(with_games=True)
    two = evaluate("random", "greedy", deals=2, seed=9, workers=2, progress=True).to_dict(with_games=True)
    assert one == two
    assert evaluate("random", "greedy", deals=2, seed=10).to_dict() != one


def test_statistics_helpers():
    m, lo, hi = mean_ci([1.0, 0.0, 1.0, 1.0])
    assert m == 0.75 and hi - m == pytest.approx(m - lo) and lo < m
    lo, hi = wilson(1.0, 200)
    assert 0.97 < lo < 0.99 and hi == 1.0
    rep = MatchReport.from_games("x", "y", 0, 1, 2, play_deal("greedy", "random", 0, 0))
    assert rep.win_rate == 1.0 and rep.win_ci[0] < 1.0


def test_elo_fit_recovers_known_gap():
    # 75% score <=> 400*log10(3) = 190.85 Elo.
    r = fit_elo(2, [(0, 1, 750.0, 1000.0)], prior_draws=0.0)
    assert r[0] - r[1] == pytest.approx(400 * math.log10(3), abs=0.01)
    assert (r[0] + r[1]) / 2 == pytest.approx(1500)
    r3 = fit_elo(3, [(0, 1, 10.0, 10.0), (1, 2, 10.0, 10.0), (0, 2, 10.0, 10.0)])
    assert r3[0] > r3[1] > r3[2] and all(map(math.isfinite, r3))


def test_league_orders_bots():
    rep = league(["random", "greedy", "expert"], deals=1, seed=4, bootstrap=5)
    assert len(rep.matches) == 3
    assert rep.ratings[2] > rep.ratings[1] > rep.ratings[0]
    assert len(rep.rating_sd) == 3 and all(s >= 0 for s in rep.rating_sd)
    d = json.loads(json.dumps(rep.to_dict()))
    assert d["ratings"][0]["bot"] == "random" and d["game"] == "footcanasta"


@pytest.mark.parametrize("argv,msg", [
    (["evaluate", "nobody", "random"], "unknown bot 'nobody'"),
    (["evaluate", "greedy", "random", "--deals", "0"], "must be at least 1"),
    (["evaluate", "greedy", "random", "--deals", "x"], "whole number"),
    (["evaluate", "greedy", "random", "--rotations", "3"], "invalid choice"),
    (["evaluate", "policy:/no/such/file.npz", "random"], "not found"),
    (["league", "random", "random"], "distinct"),
    (["league", "random"], "at least two"),
    (["league", "random", "bogus"], "unknown bot"),
    (["evaluate", "greedy", "random", "--rounds", "5"], "rounds must be 1 to 4, got 5"),
    (["evaluate", "--game", "chess", "greedy", "random"], "unknown game 'chess' (known: footcanasta"),
])
def test_cli_bad_arguments(argv, msg, capsys):
    try:
        rc = main(argv)
    except SystemExit as e:
        rc = e.code
    err = capsys.readouterr().err
    assert rc not in (0, None)
    assert msg in err and "Traceback" not in err


def test_cli_json_and_plot(tmp_path, capsys):
    png = tmp_path / "diff.png"
    assert main(["evaluate", "greedy", "random", "--deals", "1", "--json", "--workers", "1",
                 "--plot", str(png)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["a"] == "greedy" and out["games_played"] == 2 and out["win_rate"] == 1.0
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert main(["evaluate", "random", "random", "--deals", "1", "--workers", "1"]) == 0
    assert "win rate" in capsys.readouterr().out
    lp = tmp_path / "elo.png"
    assert main(["league", "random", "greedy", "--deals", "1", "--workers", "1", "--bootstrap", "3",
                 "--plot", str(lp)]) == 0
    assert "Elo" in capsys.readouterr().out and lp.exists()


def test_cli_rounds_builds_the_games_rules(capsys):
    assert main(["evaluate", "greedy", "random", "--deals", "1", "--workers", "1", "--rounds", "1", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["mean_actions"] < 400  # one round, not four
    assert main(["evaluate", "greedy", "random", "--deals", "1", "--workers", "1", "--rounds", "1"]) == 0
    assert "Games of 1 round (--rounds), not the full four." in capsys.readouterr().out


def test_a_mistyped_bot_fails_before_any_game(monkeypatch):
    from footcanasta_env.evaluation import match

    monkeypatch.setattr(match, "_run_tasks", lambda *a, **k: pytest.fail("games were played"))
    with pytest.raises(ValueError, match="unknown bot 'greedyy'"):
        evaluate("greedyy", "random", deals=1)
    with pytest.raises(ValueError, match="unknown bot 'bogus'"):
        league(["random", "bogus"], deals=1)
