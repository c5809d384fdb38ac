"""Canasta's PettingZoo AEC env: API conformance, masks, rewards, illegal actions, options, rendering."""

from __future__ import annotations

import json
import random
import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from footcanasta_env import canasta
from footcanasta_env.canasta.envs.aec import AGENTS
from tests.helpers.canasta_oracle import scenario

with_warnings_ignored = pytest.mark.filterwarnings("ignore")


@with_warnings_ignored
def test_api_test_env():
    api_test(canasta.env(), num_cycles=1000)


@with_warnings_ignored
def test_api_test_raw_env_short_games():
    api_test(canasta.raw_env(max_rounds=1), num_cycles=500)


@with_warnings_ignored
def test_seed_test():
    seed_test(lambda: canasta.env(max_rounds=1), num_cycles=300)


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
    e = canasta.raw_env(max_rounds=2)
    e.reset(seed=3)
    steps = []

    def check(e, agent, obs):
        game = e.unwrapped.game
        assert agent == AGENTS[game.current_player]
        assert obs["action_mask"].dtype == np.int8 and obs["observation"].dtype == np.float32
        assert obs["observation"].shape == (canasta.OBS_SIZE,)
        assert (obs["action_mask"] == game.legal_mask()).all()
        assert obs["observation"].tobytes() == canasta.encode(game.view(game.current_player)).tobytes()
        for other in AGENTS:
            if other != agent:
                assert not e.observe(other)["action_mask"].any()
        steps.append(1)

    _play(e, 3, check)
    assert len(steps) > 200
    assert e.unwrapped.game.is_over and len(e.unwrapped.game.round_results) == 2
    for a in AGENTS:
        assert not e.observe(a)["action_mask"].any()


@pytest.mark.parametrize("mode", ["round", "win"])
def test_rewards_zero_sum_equal_within_team_and_exact(mode):
    e = canasta.env(reward_mode=mode, max_rounds=2)
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


def test_team_reward():
    results = [{"scores": (500, -100)}, {"scores": (20, 90)}]
    assert canasta.team_reward(results, 0) == pytest.approx(0.53)
    assert canasta.team_reward(results, 1, scale=1.0) == -530
    assert canasta.team_reward(results, 0, "win") == 0.0
    assert canasta.team_reward(results, 1, "win", final_scores=(3000, 5100)) == 1.0
    assert canasta.team_reward(results, 0, "win", final_scores=(3000, 3000)) == 0.0


def test_cumulative_rewards_reach_every_agent_at_the_end():
    e = canasta.env(reward_mode="win", max_rounds=1)
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
    win = float(np.sign(s[0] - s[1]))
    assert seen == {"player_0": win, "player_1": -win, "player_2": win, "player_3": -win}


def _illegal_action(e) -> int:
    mask = e.observe(e.agent_selection)["action_mask"]
    return int(np.flatnonzero(mask == 0)[0])


@pytest.mark.parametrize("mode", ["round", "win"])
def test_illegal_action_in_env_ends_the_game_for_the_team(mode):
    e = canasta.env(reward_mode=mode)
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
    for a in AGENTS:
        assert e.rewards[a] == (-1.0 if AGENTS.index(a) % 2 == seat % 2 else 1.0)
        info = e.infos[a]
        assert info["illegal_agent"] == agent and "rule" in info["reason"]
    assert e.infos["player_0"]["illegal_action"] == canasta.action_name(bad)
    assert e.unwrapped.illegal_ended
    # Every agent then sees its reward and is removed with a None step.
    for a in e.agent_iter():
        _, reward, term, _, _ = e.last()
        assert term and reward == (-1.0 if AGENTS.index(a) % 2 == seat % 2 else 1.0)
        e.step(None)
    assert not e.agents


def test_a_malformed_action_in_env_ends_the_game_too():
    e = canasta.env()
    e.reset(seed=1)
    e.step("meld banana")
    assert all(e.terminations.values()) and e.infos["player_0"]["illegal_action"] == "'meld banana'"


def test_illegal_action_in_raw_env_raises_and_changes_nothing():
    e = canasta.raw_env()
    e.reset(seed=5)
    agent = e.agent_selection
    before = e.observe(agent)
    spec = e.game.to_scenario()
    bad = _illegal_action(e)
    with pytest.raises(canasta.IllegalActionError, match="rule"):
        e.step(bad)
    with pytest.raises(canasta.IllegalActionError):
        e.step(10_000)
    with pytest.raises(canasta.IllegalActionError):
        e.step("meld banana")
    with pytest.raises(canasta.IllegalActionError, match="None"):
        e.step(None)
    assert e.game.to_scenario() == spec
    assert e.agent_selection == agent
    after = e.observe(agent)
    assert (after["observation"] == before["observation"]).all()
    assert not any(e.terminations.values())


def test_actions_by_name_and_numpy_int():
    e = canasta.raw_env()
    e.reset(seed=1)
    e.step("draw")
    assert e.game.phase == "play"
    legal = np.flatnonzero(e.observe(e.agent_selection)["action_mask"])
    e.step(np.int64(legal[-1]))


SCENARIO = scenario(["K K 9 8 7", "5 6 Q", "7 8 J", "4 10 J"], pile="4 9 K", melds0=["A A A"], stock="4 5 6 7")


def test_reset_from_scenario_dict_and_json():
    for spec in (SCENARIO, json.dumps(SCENARIO)):
        e = canasta.env()
        e.reset(seed=0, options={"scenario": spec})
        assert e.agent_selection == "player_0"
        game = e.unwrapped.game
        assert game.round == 1 and game.pile == [0, 5, 9]
        assert game.rules.max_rounds == canasta.envs.DEFAULT_MAX_ROUNDS  # the env's rules
        obs = e.last()[0]
        assert obs["action_mask"][canasta.action_id("pickup")] == 1  # K K in hand, K on top
        e.step("pickup")
        assert e.agent_selection == "player_0" and game.phase == "play" and game.msize[0][9] == 3 and not game.pile


def test_a_scenario_with_its_own_rules_plays_them_and_bad_scenarios_are_refused():
    e = canasta.env(max_rounds=3)
    e.reset(seed=0, options={"scenario": dict(SCENARIO, rules={"target": 2000})})
    assert e.unwrapped.game.rules == canasta.Rules(target=2000, max_rounds=3)
    with pytest.raises(canasta.ScenarioError, match="not valid JSON"):
        e.reset(seed=0, options={"scenario": "{oops"})
    with pytest.raises(canasta.ScenarioError, match="scenario rules"):
        e.reset(seed=0, options={"scenario": dict(SCENARIO, rules={"target": 0})})
    with pytest.raises(canasta.ScenarioError, match="unknown key"):
        e.reset(seed=0, options={"scenario": dict(SCENARIO, foot="4")})


def test_a_scenario_of_a_finished_game_terminates_everyone():
    game = canasta.new_game(0, canasta.Rules(max_rounds=1))
    while not game.is_over:
        game.step(game.legal_actions()[0])
    e = canasta.env()
    e.reset(seed=0, options={"scenario": game.to_scenario()})
    assert all(e.terminations.values())


def test_rules_and_max_rounds_in_constructor_and_reset():
    e = canasta.env()
    e.reset(seed=7)
    assert e.unwrapped.game.rules == canasta.Rules(max_rounds=20)  # the default cap, documented
    e = canasta.env(rules=canasta.Rules())
    e.reset(seed=7)
    assert e.unwrapped.game.rules.max_rounds is None  # explicit rules play as they are
    e = canasta.env(rules={"target": 3000}, max_rounds=1)
    e.reset(seed=7)
    assert e.unwrapped.game.rules == canasta.Rules(target=3000, max_rounds=1)
    e.reset(seed=7, options={"max_rounds": 2})
    assert e.unwrapped.game.rules == canasta.Rules(target=3000, max_rounds=2)
    _play(e, 7)
    assert len(e.unwrapped.game.round_results) == 2
    e.reset(seed=7, options={"rules": canasta.Rules(target=100)})
    assert e.unwrapped.game.rules == canasta.Rules(target=100, max_rounds=1)  # the constructor's cap stays
    e.reset(seed=8)
    assert e.unwrapped.game.rules == canasta.Rules(target=3000, max_rounds=1)
    for bad in ({"max_rounds": 0}, {"max_rounds": "2"}, {"rules": "fast"}, {"rules": {"decks": 3}},
                {"max_rounds": 2, "rounds": 3}):
        with pytest.raises(ValueError):
            canasta.env(**bad)


def test_rounds_is_the_other_name_of_max_rounds():
    e = canasta.env(rounds=2)  # as Foot Canasta's envs and the training scripts say it
    e.reset(seed=1)
    assert e.unwrapped.game.rules.max_rounds == 2
    e.reset(seed=1, options={"rounds": 1})
    assert e.unwrapped.game.rules.max_rounds == 1
    assert canasta.GymEnv(rounds=3, max_rounds=3).rules.max_rounds == 3
    with pytest.raises(ValueError, match="same cap"):
        e.reset(seed=1, options={"rounds": 1, "max_rounds": 4})


def test_unknown_reset_options_are_warned_and_ignored():
    e = canasta.env()
    with pytest.warns(UserWarning, match="target"):
        e.reset(seed=0, options={"target": 1000})
    assert e.agents == list(AGENTS)


def test_truncation_cap():
    e = canasta.env(max_actions=40)
    e.reset(seed=0)
    history = _play(e, 0)
    assert len(history) == 40
    assert not e.agents


def test_observe_returns_arrays_later_steps_do_not_overwrite():
    e = canasta.env()
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
    e = canasta.env(render_mode="ansi", render_seat=2)
    e.reset(seed=0)
    text = e.render()
    assert "Canasta round 1" in text and "Your hand (North)" in text and "Stock, top first" not in text
    assert "South's hand" not in text
    e = canasta.env(render_mode="ansi", render_seat=None)
    e.reset(seed=0)
    assert "South's hand" in e.render() and "Stock, top first" in e.render()
    e = canasta.env(render_mode="human")
    e.reset(seed=0)
    e.step("draw")
    assert capsys.readouterr().out.count("Canasta round 1") >= 2
    with warnings.catch_warnings(record=True):
        warnings.simplefilter("always")
        quiet = canasta.env()
        quiet.reset(seed=0)
        assert quiet.render() is None


def test_constructor_validation():
    with pytest.raises(ValueError, match="reward_mode"):
        canasta.raw_env(reward_mode="score")
    with pytest.raises(ValueError, match="render_mode"):
        canasta.raw_env(render_mode="rgb_array")
    with pytest.raises(ValueError, match="render_seat"):
        canasta.raw_env(render_seat=4)
    with pytest.raises(ValueError, match="max_actions"):
        canasta.raw_env(max_actions=0)


def test_the_versioned_module_is_the_env():
    import importlib

    from footcanasta_env import canasta_v0

    e = canasta_v0.env(max_rounds=1)
    assert e.metadata["name"] == "canasta_v0"
    assert importlib.import_module("footcanasta_env." + e.metadata["name"]) is canasta_v0
    assert canasta_v0.env is canasta.env and canasta_v0.raw_env is canasta.raw_env
    e.reset(seed=3)
    assert e.last()[0]["action_mask"].sum() >= 1
