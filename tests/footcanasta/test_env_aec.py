"""Foot Canasta's PettingZoo AEC env: its scenarios, its rounds (at most four) and its rendering. What every
game's AEC env keeps (the API, seeds, masks, rewards, illegal actions, options) is
tests/conformance/test_aec_env_conformance.py."""

from __future__ import annotations

import json
import random
import warnings

import numpy as np
import pytest

from footcanasta_env import action_id, env


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
