"""Canasta's one-seat gymnasium env: its registration with gymnasium, its round cap, a scenario reset and its
rendering. What every game's one-seat env keeps (checkers, masks, rewards, opponents, illegal actions,
truncation, MaskablePPO) is tests/conformance/test_gym_env_conformance.py."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import gymnasium
import pytest

from footcanasta_env import canasta
from footcanasta_env.canasta.envs.one_seat import CanastaGymEnv
from tests.helpers.canasta_oracle import scenario

ROOT = Path(__file__).resolve().parents[2]


def test_registered_with_gymnasium_and_on_the_face():
    assert canasta.GymEnv is canasta.CanastaGymEnv is CanastaGymEnv
    e = gymnasium.make("footcanasta/Canasta-v0", learner_seats=(0, 2), max_rounds=1)
    assert isinstance(e.unwrapped, CanastaGymEnv) and e.unwrapped.learner_seats == (0, 2)
    obs, _ = e.reset(seed=3)
    assert e.observation_space.contains(obs)


def test_gymnasium_registration_in_a_fresh_interpreter():
    script = ("import footcanasta_env, sys\nassert 'gymnasium' not in sys.modules\nimport gymnasium\n"
              "gymnasium.make('footcanasta/Canasta-v0', max_rounds=1).reset(seed=0)\n")
    done = subprocess.run([sys.executable, "-W", "error", "-c", script], capture_output=True, text=True, timeout=120,
                          cwd=ROOT)
    assert done.returncode == 0, done.stderr


def test_the_round_cap_is_refused_by_name():
    with pytest.raises(ValueError, match="max_rounds"):
        CanastaGymEnv(max_rounds=0)


def test_scenario_reset():
    spec = scenario(["K K 9 8 7", "5 6 Q", "7 8 J", "4 10 J"], pile="4 9 K", melds0=["A A A"], stock="4 5 6 7")
    env = CanastaGymEnv(learner_seats=0)
    obs, info = env.reset(seed=0, options={"scenario": spec})
    assert info["action_mask"][canasta.action_id("pickup")]
    env2 = CanastaGymEnv(learner_seats=2)
    env2.reset(seed=0, options={"scenario": spec})  # South and West play first, as opponents
    assert env2.game.current_player == 2


def test_render_text():
    env = CanastaGymEnv(learner_seats=3, render_mode="ansi")
    env.reset(seed=0)
    assert "Your hand (East)" in env.render()
