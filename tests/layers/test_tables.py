"""The game-generic layers at every table the toy is played at (four seats in two partnerships, two seats,
three seats each for themselves): envs, rewards, duplicate matches, leagues, replays, reviews and policy
files read seats and sides only from the game's geometry."""

from __future__ import annotations

import json

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test

from footcanasta_env.cli import main
from footcanasta_env.envkit.generic import game_env, game_gym_env
from footcanasta_env.envkit.reward import side_rewards, team_reward
from footcanasta_env.evaluation import evaluate, fit_elo, league, play_bots_game, play_deal
from footcanasta_env.evaluation.match import seating, seating_counts
from footcanasta_env.evaluation.review import review_replay
from footcanasta_env.family.geometry import FOUR_IN_PARTNERSHIPS
from footcanasta_env.games import register_game, unregister_game
from footcanasta_env.policyfile import load_policy, save_policy
from footcanasta_env.replays import Replay, replay_from_dict, reproduce
from footcanasta_env.seeds import deal_seed, match_bot_seed
from tests.helpers import toy_game

TOYS = {t.NAME: t for t in toy_game.TOYS}


@pytest.fixture(params=sorted(TOYS))
def table(request):
    """Each toy table registered under its name for one test: its name and its toy."""
    toy = TOYS[request.param]
    register_game(toy.NAME, toy)
    yield toy.NAME, toy
    unregister_game(toy.NAME)


@pytest.fixture
def toy3():
    register_game("toy3", toy_game.THREE)
    yield toy_game.THREE
    unregister_game("toy3")


def _play_random(env, seed: int):
    """Play ``env`` (AEC) to its end with random legal actions; every step's rewards, and the last game."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    steps = []
    for _agent in env.agent_iter():
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        env.step(int(rng.choice(legal)))
        steps.append(dict(env.rewards))
    return steps


# --- rewards ---------------------------------------------------------------------------------------------


def test_side_rewards_are_zero_sum_at_every_table():
    three = toy_game.THREE.geometry()
    results = [{"scores": (30, 0, 0)}, {"scores": (0, 12, 0)}]
    # own minus the mean of the others, per round, summed
    assert side_rewards(results, three, scale=1.0) == pytest.approx([30 - 6 - 0, 12 - 15, 0 - 21])
    assert sum(side_rewards(results, three, scale=1.0)) == pytest.approx(0)
    assert side_rewards((), three, "win", final_scores=(5, 9, 1)) == pytest.approx([-0.5, 1.0, -0.5])
    assert side_rewards((), three, "win", final_scores=(9, 9, 1)) == pytest.approx([0.5, 0.5, -1.0])
    assert team_reward(results, 2, scale=1.0, geometry=three) == pytest.approx(-21)
    # two sides: the old difference, exactly
    assert team_reward([{"scores": (510, 300)}], 1, scale=1.0) == -210
    assert side_rewards((), FOUR_IN_PARTNERSHIPS, "win", final_scores=(7, 7)) == [0.0, 0.0]
    with pytest.raises(ValueError, match="reward mode"):
        side_rewards(results, three, "points")


# --- envs built from the game interface --------------------------------------------------------------------


def test_every_toy_table_has_a_pettingzoo_env(table):
    name, toy = table
    geometry = toy.geometry()
    env = game_env(name)
    assert env.possible_agents == [f"player_{s}" for s in range(geometry.seats)]
    api_test(game_env(name), num_cycles=100)


def test_agents_of_a_side_share_its_reward_and_the_sides_sum_to_zero(table):
    name, toy = table
    geometry = toy.geometry()
    env = game_env(name, reward_scale=1.0)
    steps = _play_random(env, seed=3)
    paid = [r for r in steps if any(r.values())]
    assert paid, "no round was paid"
    for rewards in paid:
        per_side = [{rewards[f"player_{s}"] for s in side} for side in geometry.sides]
        assert all(len(v) == 1 for v in per_side)  # partners are paid alike
        assert sum(v.pop() for v in per_side) == pytest.approx(0)
    game = env.unwrapped.game
    totals = {a: sum(r[a] for r in steps) for a in env.possible_agents}
    for seat in range(geometry.seats):
        side = geometry.side_of(seat)
        assert totals[f"player_{seat}"] == pytest.approx(geometry.zero_sum(game.scores, side))


def test_win_mode_and_an_illegal_action_at_three_seats(toy3):
    for seed in range(4):
        env = game_env("toy3", reward_mode="win")
        steps = _play_random(env, seed=seed)
        assert not any(any(r.values()) for r in steps[:-1])  # paid once, when the game ends
        game = env.unwrapped.game
        top = toy3.geometry().winners(game.scores)
        won = [1.0 if s in top else 0.0 for s in range(3)]
        paid = [steps[-1][f"player_{s}"] for s in range(3)]
        assert paid == pytest.approx([won[s] - (sum(won) - won[s]) / 2 for s in range(3)])
    env = game_env("toy3")
    env.reset(seed=1)
    obs, *_ = env.last()
    env.step(int(np.flatnonzero(obs["action_mask"])[0]))  # seat 0 plays a card: seat 1 is to act
    agent = env.agent_selection
    assert agent == "player_1"
    obs, *_ = env.last()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    env.step(illegal)
    assert env.rewards == {"player_0": 0.5, "player_1": -1.0, "player_2": 0.5}
    assert all(env.terminations.values()) and env.infos[agent]["illegal_agent"] == agent


def test_one_seat_env_learns_one_seat_or_a_whole_side(table):
    name, toy = table
    geometry = toy.geometry()
    for side in geometry.sides:
        env = game_gym_env(name, learner_seats=side, opponents="greedy", reward_scale=1.0)
        check_env(env, skip_render_check=True)
        env.reset(seed=2)
        total, done = 0.0, False
        while not done:
            _, r, term, trunc, info = env.step(int(np.flatnonzero(env.action_masks())[0]))
            total += r
            done = term or trunc
        assert total == pytest.approx(geometry.zero_sum(info["scores"], geometry.side_of(side[0])))
    with pytest.raises(ValueError, match="learner_seats must be one seat"):
        game_gym_env(name, learner_seats=tuple(range(geometry.seats)))  # every seat is no side
    with pytest.raises(ValueError, match="learner_seats must be one seat"):
        game_gym_env(name, learner_seats=geometry.seats)


def test_a_generic_env_refuses_bad_options(toy3):
    with pytest.raises(ValueError, match="render_seat must be a seat 0 to 2"):
        game_env("toy3", render_seat=3)
    with pytest.raises(ValueError, match="reward_mode"):
        game_env("toy3", reward_mode="points")
    env = game_env("toy3", render_mode="ansi", render_seat=None)
    env.reset(seed=0)
    assert env.render().count("Your cards") == 3  # every seat's screen


# --- duplicate matches and leagues ----------------------------------------------------------------------


def test_every_bot_sits_in_every_seat_of_its_side(table):
    name, toy = table
    geometry = toy.geometry()
    counts = seating_counts(geometry)
    assert counts == {"toy": (2, 4), "toy2": (2,), "toy3": (3, 6)}[name]
    recs = play_deal("greedy", "random", seed=7, deal=0, rotations=counts[-1], game=name)
    assert sorted(s for r in recs for s in r.seats_a) == sorted(list(range(geometry.seats)) * (counts[-1] //
                                                                                               geometry.num_sides))
    # each record is the game its seeds replay
    for r in recs:
        side_a, order = seating(r.rotation, geometry)
        names, seeds = [""] * geometry.seats, [0] * geometry.seats
        others = [s for s in range(geometry.seats) if s not in geometry.sides[side_a]]
        for bot, seats in enumerate((geometry.sides[side_a], others)):
            for pos, seat in enumerate(seats):
                names[seat], seeds[seat] = ("greedy", "random")[bot], match_bot_seed(7, 0, bot, order[pos])
        game = play_bots_game(names, deal_seed(7, 0), seeds, game=name)
        assert r.score_a == game.scores[side_a]
        assert r.diff == pytest.approx(geometry.zero_sum(game.scores, side_a))


def test_a_duplicate_match_and_a_league_at_every_table(table):
    name, toy = table
    sides = toy.geometry().num_sides
    rep = evaluate("greedy", "random", deals=30, seed=3, game=name)
    assert rep.rotations == sides and len(rep.games) == 30 * sides
    assert rep.wins + rep.draws + rep.losses == len(rep.games)
    assert rep.win_rate > 1 / sides and rep.mean_diff > 0  # greedy doubles its fives
    fair = evaluate("random", "random", deals=60, seed=3, game=name)
    assert abs(fair.win_rate - 1 / sides) < 0.12  # equal bots: A's share of first places is one side's
    assert json.loads(json.dumps(rep.to_dict(with_games=True)))["games_played"] == 30 * sides
    lg = league(["random", "greedy"], deals=20, seed=1, game=name, bootstrap=5)
    assert lg.ratings[1] > lg.ratings[0] and lg.rotations == sides


def test_three_sides_count_first_places(toy3):
    rep = evaluate("greedy", "random", deals=5, seed=1, game="toy3", rotations=6)
    for g in rep.games:
        assert g.first in (0.0, 1 / 3, 0.5, 1.0) and g.result == g.first
    assert rep.win_rate == pytest.approx(np.mean([np.mean([g.result for g in rep.games if g.deal == d])
                                                  for d in range(5)]))
    with pytest.raises(ValueError, match="invalid choice: rotations 2"):
        evaluate("greedy", "random", deals=1, game="toy3", rotations=2)


def test_elo_with_rivals_counts_first_places_against_several():
    # equal bots at three seats: first one time in three is no gap
    r = fit_elo(2, [(0, 1, 100.0, 300.0)], prior_draws=0.0, rivals=2)
    assert r[0] == pytest.approx(r[1], abs=0.01)
    assert fit_elo(2, [(0, 1, 150.0, 300.0)], prior_draws=0.0, rivals=2)[0] > 1500
    with pytest.raises(ValueError, match="rivals"):
        fit_elo(2, [], rivals=0)


def test_the_commands_at_three_seats(toy3, capsys):
    assert main(["evaluate", "--game", "toy3", "greedy", "random", "--deals", "2", "--workers", "1", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["rotations"] == 3 and out["games_played"] == 6
    assert main(["evaluate", "--game", "toy3", "greedy", "random", "--deals", "2", "--rotations", "4"]) == 2
    assert "invalid choice: rotations 4 (choose from 3, 6" in capsys.readouterr().err
    assert main(["league", "--game", "toy3", "greedy", "random", "--deals", "2", "--workers", "1",
                 "--bootstrap", "2"]) == 0
    assert "3 seatings per pair" in capsys.readouterr().out


# --- replays, reviews and policy files ----------------------------------------------------------------------


def _toy_replay(name: str, toy) -> Replay:
    geometry = toy.geometry()
    game = toy.new_game(11)
    players = [{"seat": s, "name": geometry.seat_names[s], "kind": "bot", "bot": "greedy", "seed": s}
               for s in range(geometry.seats)]
    replay = Replay(seed=11, rules=game.rules, players=players, game=name)
    bots = [toy.make_bot("greedy", s) for s in range(geometry.seats)]
    while not game.is_over:
        seat = game.current_player
        action = bots[seat].act(game.view(seat))
        game.step(action)
        replay.record(seat, action)
    replay.finish(game)
    return replay


def test_a_replay_round_trip_and_a_review_at_every_table(table):
    name, toy = table
    geometry = toy.geometry()
    replay = _toy_replay(name, toy)
    again = replay_from_dict(json.loads(json.dumps(replay.to_dict())))
    game = reproduce(again)
    assert list(game.scores) == replay.result["scores"] and len(game.scores) == geometry.num_sides
    top = geometry.winners(game.scores)
    assert replay.result["winner"] == (top[0] if len(top) == 1 else None)
    bad = dict(replay.to_dict(), players=replay.players[:-1])
    with pytest.raises(ValueError, match=f"a list of {geometry.seats} objects"):
        replay_from_dict(bad)
    last = geometry.seats - 1
    review = review_replay(replay, seat=last)
    assert review.summary().startswith(geometry.seat_names[last])
    with pytest.raises(ValueError, match="no seat"):
        review_replay(replay, seat=geometry.seats)


def test_a_policy_file_plays_at_three_seats(toy3, tmp_path):
    rng = np.random.default_rng(0)
    weights = [rng.normal(size=(toy3.OBS_SIZE, 16)).astype(np.float32),
               rng.normal(size=(16, toy3.NUM_ACTIONS)).astype(np.float32)]
    biases = [np.zeros(16, np.float32), np.zeros(toy3.NUM_ACTIONS, np.float32)]
    path = str(tmp_path / "toy3.npz")
    save_policy(path, weights, biases, game="toy3")
    policy = load_policy(path, game="toy3")
    assert policy.game == "toy3"
    with pytest.raises(ValueError):
        load_policy(path, game="footcanasta")
    game = toy3.new_game(4)
    while not game.is_over:
        view = game.view(game.current_player)
        mask = np.zeros(toy3.NUM_ACTIONS, bool)
        mask[view.legal_actions] = True
        action = policy.act(toy3.encode(view), mask)
        assert action in view.legal_actions
        game.step(action)
    assert len(game.scores) == 3
