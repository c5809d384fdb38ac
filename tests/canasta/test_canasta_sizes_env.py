"""Canasta's AEC env at every table size (CANASTA_RULES.md section 14): PettingZoo's ``api_test`` and
``seed_test``, agents ``player_0`` .. ``player_{N-1}``, spaces sized by the size's layout, masks that are the
engine's legal actions, observations that are the reference encoding, and rewards zero-sum across the sides
over whole games (two sides: the score difference; three: own score minus the mean of the others')."""

from __future__ import annotations

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from footcanasta_env import canasta
from footcanasta_env.canasta.observation import encode, layout_of
from tests.helpers.canasta_sizes import SIZES

WIDTHS = {(2, 2): 294, (3, 3): 393, (4, 2): 386, (6, 2): 478, (6, 3): 531}


@pytest.mark.parametrize("size", SIZES)
def test_pettingzoo_api_test_and_seed_test(size):
    rules = canasta.Rules(max_rounds=1, **size)
    api_test(canasta.env(rules=rules), num_cycles=300)
    seed_test(lambda: canasta.env(rules=rules), num_cycles=300)


@pytest.mark.parametrize("size", SIZES)
def test_agents_and_spaces_follow_the_size(size):
    rules = canasta.Rules(**size)
    width = WIDTHS[rules.players, rules.sides]
    assert layout_of(rules).size == width
    for e in (canasta.env(rules=rules), canasta.raw_env(rules=rules)):
        e.reset(seed=3)
        names = [f"player_{s}" for s in range(rules.players)]
        assert e.possible_agents == names and e.agents == names
        for a in names:
            space = e.observation_space(a)
            assert space["observation"].shape == (width,) and space["action_mask"].shape == (canasta.NUM_ACTIONS,)
            assert space.contains(e.observe(a))


def _play(e, rules, seed):
    """Random legal play of a whole game through ``e``, checking every step; the summed rewards by agent."""
    rng = np.random.default_rng(seed)
    g = e.unwrapped.game
    geo = canasta.geometry(rules)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    steps = 0
    for agent in e.agent_iter(max_iter=100_000):
        obs, _, term, trunc, _ = e.last()
        seat = int(agent.split("_")[1])
        for other in e.agents:  # every agent's observation is the reference encoding of its own view
            s = int(other.split("_")[1])
            ob = e.observe(other)
            assert ob["observation"].tobytes() == encode(g.view(s)).tobytes()
            if s != seat or term or trunc:
                assert not ob["action_mask"].any()
        if term or trunc:
            e.step(None)
            continue
        assert seat == g.current_player
        legal = np.flatnonzero(obs["action_mask"])
        assert legal.tolist() == sorted(g.legal_actions())
        e.step(int(rng.choice(legal)))
        steps += 1
        rewards = [e.rewards[a] for a in e.possible_agents]
        assert sum(rewards) == pytest.approx(0.0, abs=1e-9)
        for side in geo.sides:  # equal within a side
            assert len({e.rewards[f"player_{s}"] for s in side}) == 1
        for a in e.possible_agents:
            totals[a] += e.rewards[a]
    assert g.is_over and steps > 20
    return totals


@pytest.mark.parametrize("size", SIZES)
def test_masks_observations_and_zero_sum_rewards_over_a_whole_game(size):
    rules = canasta.Rules(max_rounds=2, **size)
    geo = canasta.geometry(rules)
    e = canasta.env(rules=rules)
    e.reset(seed=11)
    g = e.unwrapped.game
    totals = _play(e, rules, 11)
    assert len(g.round_results) == 2
    for side, seats in enumerate(geo.sides):
        want = geo.zero_sum(g.scores, side) * 0.001  # two sides: the difference; three: minus the others' mean
        for s in seats:
            assert totals[f"player_{s}"] == pytest.approx(want, abs=1e-9)
    if geo.num_sides == 2:
        assert totals["player_0"] == pytest.approx((g.scores[0] - g.scores[1]) * 0.001, abs=1e-9)
    else:
        assert totals["player_0"] == pytest.approx((g.scores[0] - (g.scores[1] + g.scores[2]) / 2) * 0.001, abs=1e-9)
    assert sum(totals.values()) == pytest.approx(0.0, abs=1e-9)


@pytest.mark.parametrize("size", SIZES)
def test_win_rewards_are_zero_sum_across_the_sides(size):
    rules = canasta.Rules(max_rounds=1, **size)
    geo = canasta.geometry(rules)
    e = canasta.env(rules=rules, reward_mode="win")
    e.reset(seed=5)
    totals = _play(e, rules, 5)
    g = e.unwrapped.game
    winners = geo.winners(g.scores)
    won = [1.0 if side in winners else 0.0 for side in range(geo.num_sides)]
    for side, seats in enumerate(geo.sides):
        assert totals[f"player_{seats[0]}"] == pytest.approx(geo.zero_sum(won, side))
    assert sum(totals[f"player_{seats[0]}"] for seats in geo.sides) == pytest.approx(0.0, abs=1e-9)


@pytest.mark.parametrize("size", SIZES)
def test_an_illegal_action_ends_the_game_for_the_offending_side(size):
    rules = canasta.Rules(max_rounds=1, **size)
    geo = canasta.geometry(rules)
    e = canasta.env(rules=rules)
    e.reset(seed=2)
    g = e.unwrapped.game
    bad = next(a for a in range(canasta.NUM_ACTIONS) if a not in set(g.legal_actions()))
    offender = g.current_player
    e.step(bad)
    side = geo.side_of(offender)
    assert all(e.terminations.values())
    penalty = [-1.0 if u == side else 0.0 for u in range(geo.num_sides)]
    for u, seats in enumerate(geo.sides):
        assert e.rewards[f"player_{seats[0]}"] == pytest.approx(geo.zero_sum(penalty, u))
    with pytest.raises(canasta.IllegalActionError):
        raw = canasta.raw_env(rules=rules)
        raw.reset(seed=2)
        raw.step(bad)
