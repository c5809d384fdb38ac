"""Foot Canasta's one-seat gymnasium env: a scenario reset and its rendering. What every game's one-seat env keeps
(checkers, masks, rewards, opponents, illegal actions, truncation, MaskablePPO) is
tests/conformance/test_gym_env_conformance.py."""

from __future__ import annotations

from footcanasta_env import action_id
from footcanasta_env.footcanasta.envs.one_seat import FootCanastaGymEnv


def test_scenario_reset():
    spec = {
        "round": 1, "current": 0,
        "players": [{"hand": "A A 5 5 5 JK 9", "foot": "4 4 7 8 9 10 J Q K K 2 B3 6"},
                    {"hand": "4 4 6 6 8 9 9", "foot": "4 5 6 7 8 9 10 J Q K A 2 JK"},
                    {"hand": "Q Q Q J 10 10 8", "foot": "4 5 6 7 8 9 10 J Q K A 2 JK"},
                    {"hand": "7 7 9 9 10 10 A", "foot": "4 5 6 7 8 9 10 J Q K A 2 JK"}],
        "pile": "4 9 A",
    }
    env = FootCanastaGymEnv(learner_seats=0)
    obs, info = env.reset(seed=0, options={"scenario": spec})
    assert info["action_mask"][action_id("pickup")]
    env2 = FootCanastaGymEnv(learner_seats=2)
    env2.reset(seed=0, options={"scenario": spec})  # South and West play first, as opponents
    assert env2.game.current_player == 2


def test_render_text():
    env = FootCanastaGymEnv(learner_seats=3, render_mode="ansi")
    env.reset(seed=0)
    assert "East (you)" in env.render()
