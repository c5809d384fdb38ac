"""Every game's PettingZoo AEC env (``env``/``raw_env``): PettingZoo's API and seed tests, masks and observations
from the engine, rewards per side of the game's geometry, illegal actions, options, truncation, rendering."""

from __future__ import annotations

import random
import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from footcanasta_env.games import get_game
from tests.helpers.conformance import games_offering

GAMES = games_offering("env", "raw_env", "encode", "geometry")
with_warnings_ignored = pytest.mark.filterwarnings("ignore")


def _play(e, seed: int, check=None, max_steps: int = 100_000) -> list[dict[str, float]]:
    """Random legal play to the end; returns the rewards dict after every step."""
    rng = random.Random(seed)
    history = []
    for _ in range(max_steps):
        agent = e.agent_selection
        obs, _, term, trunc, _ = e.last()
        if term or trunc:
            e.step(None)
            if not e.agents:
                break
            continue
        if check:
            check(e, agent, obs)
        legal = np.flatnonzero(obs["action_mask"])
        e.step(int(legal[rng.randrange(len(legal))]))
        history.append(dict(e.rewards))
    return history


def _side(e, g, agent: str) -> int:
    return g.geometry().side_of(e.possible_agents.index(agent))


@with_warnings_ignored
@pytest.mark.parametrize("name", GAMES)
def test_pettingzoo_api_test(name):
    g = get_game(name)
    api_test(g.env(), num_cycles=1000)
    api_test(g.raw_env(rounds=1), num_cycles=500)


@with_warnings_ignored
@pytest.mark.parametrize("name", GAMES)
def test_pettingzoo_seed_test(name):
    seed_test(lambda: get_game(name).env(rounds=1), num_cycles=300)


@pytest.mark.parametrize("name", GAMES)
def test_the_mask_and_observation_are_the_engines_and_selection_follows_the_engine(name):
    g = get_game(name)
    e = g.raw_env(rounds=1)
    e.reset(seed=3)
    assert len(e.possible_agents) == g.geometry().seats
    steps = []

    def check(e, agent, obs):
        game = e.unwrapped.game
        assert agent == e.possible_agents[game.current_player]
        assert obs["action_mask"].dtype == np.int8 and obs["observation"].dtype == np.float32
        assert obs["observation"].shape == (g.OBS_SIZE,) and obs["action_mask"].shape == (g.NUM_ACTIONS,)
        assert sorted(np.flatnonzero(obs["action_mask"])) == sorted(game.legal_actions())
        assert obs["observation"].tobytes() == g.encode(game.view(game.current_player)).tobytes()
        for other in e.possible_agents:
            if other != agent:
                assert not e.observe(other)["action_mask"].any()
        steps.append(1)

    _play(e, 3, check)
    assert len(steps) > 50 and e.unwrapped.game.is_over and len(e.unwrapped.game.round_results) == 1
    for a in e.possible_agents:
        assert not e.observe(a)["action_mask"].any()


@pytest.mark.parametrize("mode", ["round", "win"])
@pytest.mark.parametrize("name", GAMES)
def test_rewards_are_zero_sum_equal_within_a_side_and_exact(name, mode):
    g = get_game(name)
    e = g.env(reward_mode=mode, rounds=1)
    e.reset(seed=11)
    game, geo = e.unwrapped.game, g.geometry()
    totals = dict.fromkeys(e.possible_agents, 0.0)
    for rewards in _play(e, 11):
        for side in geo.sides:
            assert len({rewards[e.possible_agents[s]] for s in side}) == 1
        assert sum(rewards[e.possible_agents[side[0]]] for side in geo.sides) == pytest.approx(0, abs=1e-12)
        for a, r in rewards.items():
            totals[a] += r
    assert game.is_over
    for a in e.possible_agents:
        share = geo.zero_sum(game.scores, _side(e, g, a))
        want = share * 0.001 if mode == "round" else float(np.sign(share))
        assert totals[a] == pytest.approx(want, abs=1e-9)


@pytest.mark.parametrize("name", GAMES)
def test_every_agent_sees_its_cumulative_reward_at_the_end(name):
    g = get_game(name)
    e = g.env(reward_mode="win", rounds=1)
    e.reset(seed=4)
    rng = random.Random(4)
    seen: dict[str, float] = {}
    for agent in e.agent_iter():
        obs, reward, term, trunc, _ = e.last()
        if term or trunc:
            seen[agent] = reward
            e.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        e.step(int(legal[rng.randrange(len(legal))]))
    s = e.unwrapped.game.scores
    assert seen == {a: float(np.sign(g.geometry().zero_sum(s, _side(e, g, a)))) for a in e.possible_agents}


def _illegal_action(e) -> int:
    mask = e.observe(e.agent_selection)["action_mask"]
    return int(np.flatnonzero(mask == 0)[0])


@pytest.mark.parametrize("mode", ["round", "win"])
@pytest.mark.parametrize("name", GAMES)
def test_an_illegal_action_in_env_ends_the_game_for_its_side(name, mode):
    g = get_game(name)
    e = g.env(reward_mode=mode)
    e.reset(seed=2)
    rng = random.Random(2)
    for _ in range(30):  # get into the game a little
        legal = np.flatnonzero(e.last()[0]["action_mask"])
        e.step(int(legal[rng.randrange(len(legal))]))
    agent = e.agent_selection
    bad = _illegal_action(e)
    e.step(bad)
    assert all(e.terminations.values()) and e.unwrapped.illegal_ended

    def expected(a: str) -> float:
        return -1.0 if _side(e, g, a) == _side(e, g, agent) else 1.0

    for a in e.possible_agents:
        assert e.rewards[a] == expected(a)
        assert e.infos[a]["illegal_agent"] == agent and "rule" in e.infos[a]["reason"]
        assert e.infos[a]["illegal_action"] == g.action_name(bad)
    for a in e.agent_iter():  # every agent then sees its reward and is removed with a None step
        _, reward, term, _, _ = e.last()
        assert term and reward == expected(a)
        e.step(None)
    assert not e.agents


@pytest.mark.parametrize("name", GAMES)
def test_a_malformed_action_in_env_ends_the_game_too(name):
    e = get_game(name).env()
    e.reset(seed=1)
    e.step("meld banana")
    assert all(e.terminations.values()) and e.infos[e.possible_agents[0]]["illegal_action"] == "'meld banana'"


@pytest.mark.parametrize("name", GAMES)
def test_an_illegal_action_in_raw_env_raises_and_changes_nothing(name):
    e = get_game(name).raw_env()
    e.reset(seed=5)
    agent = e.agent_selection
    before = e.observe(agent)
    spec = e.game.to_scenario()
    bad = _illegal_action(e)
    with pytest.raises(ValueError, match="rule"):
        e.step(bad)
    for junk in (10_000, "meld banana", -1, None):
        with pytest.raises(ValueError):
            e.step(junk)
    assert e.game.to_scenario() == spec and e.agent_selection == agent
    assert (e.observe(agent)["observation"] == before["observation"]).all()
    assert not any(e.terminations.values())


@pytest.mark.parametrize("name", GAMES)
def test_actions_by_name_and_numpy_int_play_as_their_ids(name):
    g = get_game(name)
    by_id, by_name = g.raw_env(), g.raw_env()
    for e in (by_id, by_name):
        e.reset(seed=1)
    for k in range(2):
        a = int(np.flatnonzero(by_id.observe(by_id.agent_selection)["action_mask"])[-1])
        by_id.step(a)
        by_name.step(g.action_name(a) if k == 0 else np.int64(a))
        assert by_name.game.to_scenario() == by_id.game.to_scenario()
        assert by_name.agent_selection == by_id.agent_selection


@pytest.mark.parametrize("name", GAMES)
def test_rounds_in_the_constructor_and_at_reset(name):
    g = get_game(name)
    e = g.env(rounds=1)
    e.reset(seed=7, options={"rounds": 2})
    _play(e, 7)
    assert len(e.unwrapped.game.round_results) == 2
    e.reset(seed=7)
    _play(e, 7)
    assert len(e.unwrapped.game.round_results) == 1  # the constructor's again
    for bad in (0, -1, "2"):
        with pytest.raises(ValueError):
            g.env(rounds=bad)


@pytest.mark.parametrize("name", GAMES)
def test_unknown_reset_options_are_warned_and_ignored(name):
    e = get_game(name).env()
    with pytest.warns(UserWarning, match="no_such_option"):
        e.reset(seed=0, options={"no_such_option": 1})
    assert e.agents == list(e.possible_agents)


@pytest.mark.parametrize("name", GAMES)
def test_the_truncation_cap(name):
    e = get_game(name).env(max_actions=40)
    e.reset(seed=0)
    assert len(_play(e, 0)) == 40 and not e.agents


@pytest.mark.parametrize("name", GAMES)
def test_observations_are_not_overwritten_by_later_steps(name):
    e = get_game(name).env()
    e.reset(seed=9)
    rng = random.Random(9)
    kept = []
    for _ in range(60):
        obs = e.last()[0]
        kept.append((obs, obs["observation"].copy(), obs["action_mask"].copy()))
        legal = np.flatnonzero(obs["action_mask"])
        e.step(int(legal[rng.randrange(len(legal))]))
    for obs, o, m in kept:
        assert (obs["observation"] == o).all() and (obs["action_mask"] == m).all()
    assert len({o.tobytes() for _, o, _ in kept}) > 30


@pytest.mark.parametrize("name", GAMES)
def test_rendering_for_one_seat_for_all_and_for_people(name, capsys):
    g = get_game(name)
    e = g.env(render_mode="ansi", render_seat=2)
    e.reset(seed=0)
    one = e.render()
    e = g.env(render_mode="ansi", render_seat=None)
    e.reset(seed=0)
    everything = e.render()
    assert isinstance(one, str) and one and everything and one != everything
    e = g.env(render_mode="human")
    e.reset(seed=0)
    e.step(int(np.flatnonzero(e.last()[0]["action_mask"])[0]))
    assert capsys.readouterr().out.strip()
    with warnings.catch_warnings(record=True):
        warnings.simplefilter("always")
        quiet = g.env()
        quiet.reset(seed=0)
        assert quiet.render() is None


@pytest.mark.parametrize("name", GAMES)
def test_bad_constructor_options_are_refused_by_name(name):
    g = get_game(name)
    for kwargs, option in (({"reward_mode": "score"}, "reward_mode"), ({"render_mode": "rgb_array"}, "render_mode"),
                           ({"render_seat": g.geometry().seats}, "render_seat"), ({"max_actions": 0}, "max_actions")):
        with pytest.raises(ValueError, match=option):
            g.raw_env(**kwargs)
