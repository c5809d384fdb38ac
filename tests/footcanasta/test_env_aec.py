"""The PettingZoo AEC env: API conformance, masks, rewards, illegal actions, options, rendering."""

from __future__ import annotations

import json
import random
import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from footcanasta_env import IllegalActionError, action_id, action_name, env, raw_env
from footcanasta_env.footcanasta.envs.aec import AGENTS
from footcanasta_env.footcanasta.observation import OBS_SIZE

with_warnings_ignored = pytest.mark.filterwarnings("ignore")


@with_warnings_ignored
def test_api_test_env():
    api_test(env(), num_cycles=1000)


@with_warnings_ignored
def test_api_test_raw_env_short_games():
    api_test(raw_env(rounds=1), num_cycles=500)


@with_warnings_ignored
def test_seed_test():
    seed_test(lambda: env(rounds=1), num_cycles=300)


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


def test_mask_is_the_engines_and_selection_follows_the_engine():
    e = raw_env(rounds=2)
    e.reset(seed=3)
    steps = []

    def check(e, agent, obs):
        game = e.unwrapped.game
        assert agent == AGENTS[game.current_player]
        assert obs["action_mask"].dtype == np.int8 and obs["observation"].dtype == np.float32
        assert obs["observation"].shape == (OBS_SIZE,)
        assert (obs["action_mask"] == game.legal_mask()).all()
        for other in AGENTS:
            if other != agent:
                assert not e.observe(other)["action_mask"].any()
        steps.append(1)

    _play(e, 3, check)
    assert len(steps) > 200
    assert e.unwrapped.game.is_over
    for a in AGENTS:
        assert not e.observe(a)["action_mask"].any()


@pytest.mark.parametrize("mode", ["round", "win"])
def test_rewards_zero_sum_equal_within_team_and_exact(mode):
    e = env(reward_mode=mode, rounds=2)
    e.reset(seed=11)
    game = e.unwrapped.game
    totals = dict.fromkeys(AGENTS, 0.0)
    for rewards in _play(e, 11):
        assert rewards["player_0"] == rewards["player_2"]
        assert rewards["player_1"] == rewards["player_3"]
        assert rewards["player_0"] + rewards["player_1"] == 0
        for a, r in rewards.items():
            totals[a] += r
    assert game.is_over and len(game.round_results) == 2
    diff = game.scores[0] - game.scores[1]
    if mode == "round":
        assert totals["player_0"] == pytest.approx(diff * 0.001, abs=1e-9)
    else:
        assert totals["player_0"] == float(np.sign(diff))
    assert totals["player_1"] == -totals["player_0"]


def test_cumulative_rewards_reach_every_agent_at_the_end():
    e = env(reward_mode="win", rounds=1)
    e.reset(seed=4)
    _play(e, 4, max_steps=0)
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
    win = float(np.sign(s[0] - s[1]))
    assert seen == {"player_0": win, "player_1": -win, "player_2": win, "player_3": -win}


def _illegal_action(e) -> int:
    mask = e.observe(e.agent_selection)["action_mask"]
    return int(np.flatnonzero(mask == 0)[0])


@pytest.mark.parametrize("mode", ["round", "win"])
def test_illegal_action_in_env_ends_the_game_for_the_team(mode):
    e = env(reward_mode=mode)
    e.reset(seed=2)
    rng = random.Random(2)
    for _ in range(30):  # get into the game a little
        legal = np.flatnonzero(e.last()[0]["action_mask"])
        e.step(int(legal[rng.randrange(len(legal))]))
    agent = e.agent_selection
    seat = AGENTS.index(agent)
    bad = _illegal_action(e)
    e.step(bad)
    assert all(e.terminations.values())
    own = -1.0
    for a in AGENTS:
        expected = own if AGENTS.index(a) % 2 == seat % 2 else -own
        assert e.rewards[a] == expected
        info = e.infos[a]
        assert info["illegal_agent"] == agent
        assert "rule" in info["reason"]
    assert e.infos["player_0"]["illegal_action"] == action_name(bad)
    assert e.unwrapped.illegal_ended
    # Every agent then sees its reward and is removed with a None step.
    for a in e.agent_iter():
        _, reward, term, _, _ = e.last()
        assert term and reward == (own if AGENTS.index(a) % 2 == seat % 2 else -own)
        e.step(None)
    assert not e.agents


def test_illegal_action_in_raw_env_raises_and_changes_nothing():
    e = raw_env()
    e.reset(seed=5)
    agent = e.agent_selection
    before = e.observe(agent)
    spec = e.game.to_scenario()
    bad = _illegal_action(e)
    with pytest.raises(IllegalActionError, match="rule"):
        e.step(bad)
    with pytest.raises(IllegalActionError):
        e.step(10_000)
    with pytest.raises(IllegalActionError):
        e.step("meld banana")
    assert e.game.to_scenario() == spec
    assert e.agent_selection == agent
    after = e.observe(agent)
    assert (after["observation"] == before["observation"]).all()
    assert not any(e.terminations.values())


def test_actions_by_name_and_numpy_int():
    e = raw_env()
    e.reset(seed=1)
    e.step("draw")
    assert e.game.phase == "play"
    legal = np.flatnonzero(e.observe(e.agent_selection)["action_mask"])
    e.step(np.int64(legal[-1]))


SCENARIO = {
    "round": 1, "current": 0, "phase": "draw",
    "players": [
        {"hand": "A A 5 5 5 JK 9", "foot": "4 4 7 8 9 10 J Q K K 2 B3 6"},
        {"hand": "4 4 6 6 8 9 9", "foot": "4 5 6 7 8 9 10 J Q K A 2 JK"},
        {"hand": "Q Q Q J 10 10 8", "foot": "4 5 6 7 8 9 10 J Q K A 2 JK"},
        {"hand": "7 7 9 9 10 10 A", "foot": "4 5 6 7 8 9 10 J Q K A 2 JK"},
    ],
    "pile": "4 9 A",
}


def test_reset_from_scenario_dict_and_json():
    for spec in (SCENARIO, json.dumps(SCENARIO)):
        e = env()
        e.reset(seed=0, options={"scenario": spec})
        assert e.agent_selection == "player_0"
        game = e.unwrapped.game
        assert game.round == 1 and game.pile == [0, 5, 10]
        obs = e.last()[0]
        assert obs["action_mask"][action_id("pickup")] == 1  # A A in hand, A on top: 60 points
        e.step(action_id("pickup"))
        assert e.agent_selection == "player_0"
        assert game.down[0]


def test_rounds_option_in_constructor_and_reset():
    e = env(rounds=1)
    e.reset(seed=7)
    assert e.unwrapped.game.rules.rounds == 1
    e.reset(seed=7, options={"rounds": 3})
    assert e.unwrapped.game.rules.rounds == 3
    _play(e, 7)
    assert len(e.unwrapped.game.round_results) == 3
    e.reset(seed=8)
    assert e.unwrapped.game.rules.rounds == 1
    with pytest.raises(ValueError):
        env(rounds=5)


def test_unknown_reset_options_are_warned_and_ignored():
    e = env()
    with pytest.warns(UserWarning, match="options"):
        e.reset(seed=0, options={"options": 1})
    assert e.agents == list(AGENTS)


def test_truncation_cap():
    e = env(max_actions=40)
    e.reset(seed=0)
    history = _play(e, 0)
    assert len(history) == 40
    assert not e.agents


def test_observe_returns_arrays_later_steps_do_not_overwrite():
    e = env()
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


def test_render_ansi_human_and_all_seats(capsys):
    e = env(render_mode="ansi", render_seat=2)
    e.reset(seed=0)
    text = e.render()
    assert "Round 1/4" in text and "North (you)" in text and "Your hand (North)" in text
    assert "foot:" not in text
    e = env(render_mode="ansi", render_seat=None)
    e.reset(seed=0)
    assert "foot:" in e.render() and "Stock, top first" in e.render()
    e = env(render_mode="human")
    e.reset(seed=0)
    e.step(action_id("draw"))
    out = capsys.readouterr().out
    assert out.count("Round 1/4") >= 2
    with warnings.catch_warnings(record=True):
        warnings.simplefilter("always")
        quiet = env()
        quiet.reset(seed=0)
        assert quiet.render() is None


def test_constructor_validation():
    with pytest.raises(ValueError, match="reward_mode"):
        raw_env(reward_mode="score")
    with pytest.raises(ValueError, match="render_mode"):
        raw_env(render_mode="rgb_array")
    with pytest.raises(ValueError, match="max_actions"):
        raw_env(max_actions=0)
