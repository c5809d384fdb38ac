"""Canasta's PettingZoo AEC env: its reward function, scenarios, rules and round cap, rendering and versioned module.
What every game's AEC env keeps (the API, seeds, masks, rewards, illegal actions, options) is
tests/conformance/test_aec_env_conformance.py."""

from __future__ import annotations

import json
import random
import warnings

import numpy as np
import pytest

from footcanasta_env import canasta
from tests.helpers.canasta_oracle import scenario


def _play(e, seed: int, max_steps: int = 100_000) -> list[dict[str, float]]:
    """Random legal play to the end; returns the rewards dict after every step."""
    rng = random.Random(seed)
    history = []
    for _ in range(max_steps):
        obs, _, term, trunc, _ = e.last()
        if term or trunc:
            e.step(None)
            if not e.agents:
                break
            continue
        legal = np.flatnonzero(obs["action_mask"])
        e.step(int(legal[rng.randrange(len(legal))]))
        history.append(dict(e.rewards))
    return history


def test_team_reward():
    results = [{"scores": (500, -100)}, {"scores": (20, 90)}]
    assert canasta.team_reward(results, 0) == pytest.approx(0.53)
    assert canasta.team_reward(results, 1, scale=1.0) == -530
    assert canasta.team_reward(results, 0, "win") == 0.0
    assert canasta.team_reward(results, 1, "win", final_scores=(3000, 5100)) == 1.0
    assert canasta.team_reward(results, 0, "win", final_scores=(3000, 3000)) == 0.0


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
    for bad in ({"max_rounds": 0}, {"max_rounds": "2"}, {"rules": "fast"}, {"rules": {"players": 5}},
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


def test_the_versioned_module_is_the_env():
    import importlib

    from footcanasta_env import canasta_v0

    e = canasta_v0.env(max_rounds=1)
    assert e.metadata["name"] == "canasta_v0"
    assert importlib.import_module("footcanasta_env." + e.metadata["name"]) is canasta_v0
    assert canasta_v0.env is canasta.env and canasta_v0.raw_env is canasta.raw_env
    e.reset(seed=3)
    assert e.last()[0]["action_mask"].sum() >= 1
