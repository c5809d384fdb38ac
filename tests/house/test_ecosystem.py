"""Ecosystem conventions: gymnasium's registry, PettingZoo's versioned module, docs a user can reach."""

from __future__ import annotations

import importlib
import re
import subprocess
import sys
from pathlib import Path

import gymnasium
import numpy as np
import pytest

import footcanasta_env
from footcanasta_env import GYM_ENV_ID, env
from footcanasta_env.footcanasta.envs import FootCanastaGymEnv

ROOT = Path(__file__).resolve().parents[2]


def test_aec_env_name_is_its_importable_module():
    e = env()
    name = e.metadata["name"]
    assert name == "footcanasta_v0"
    module = importlib.import_module("footcanasta_env." + name)
    assert module.env is footcanasta_env.env and module.raw_env is footcanasta_env.raw_env
    e2 = module.env(rounds=1)
    e2.reset(seed=0)
    assert e2.agent_selection in e2.agents


def test_gymnasium_make_plays_a_legal_game():
    e = gymnasium.make(GYM_ENV_ID, learner_seats=(0, 2), opponents="greedy", rounds=1)
    assert isinstance(e.unwrapped, FootCanastaGymEnv) and e.unwrapped.learner_seats == (0, 2)
    obs, info = e.reset(seed=3)
    assert e.observation_space.contains(obs)
    done, steps = False, 0
    while not done:
        legal = np.flatnonzero(e.unwrapped.action_masks())
        obs, reward, terminated, truncated, info = e.step(int(legal[-1]))
        assert "illegal_action" not in info
        done, steps = terminated or truncated, steps + 1
    assert terminated and steps > 10


@pytest.mark.parametrize("script", [
    # footcanasta_env first, gymnasium later (the order isort gives): the registration waits for gymnasium
    "import footcanasta_env, sys\nassert 'gymnasium' not in sys.modules\nimport gymnasium\n"
    "gymnasium.make('footcanasta/FootCanasta-v0', rounds=1).reset(seed=0)\n",
    # gymnasium first
    "import gymnasium, footcanasta_env\ngymnasium.make('footcanasta/FootCanasta-v0', rounds=1).reset(seed=0)\n",
    # no import of footcanasta_env at all: gymnasium's module prefix imports it
    "import gymnasium\ngymnasium.make('footcanasta_env:footcanasta/FootCanasta-v0', rounds=1).reset(seed=0)\n",
    # the one-seat env registers by itself too (here with the import hook taken away)
    "import sys, footcanasta_env\n"
    "sys.meta_path[:] = [f for f in sys.meta_path if type(f).__name__ != '_RegisterWhenGymnasiumLoads']\n"
    "from footcanasta_env.footcanasta.envs import FootCanastaGymEnv\nimport gymnasium\n"
    "gymnasium.make('footcanasta/FootCanasta-v0', rounds=1).reset(seed=0)\n",
])
def test_gymnasium_registration_in_a_fresh_interpreter(script):
    done = subprocess.run([sys.executable, "-W", "error", "-c", script], capture_output=True, text=True,
                          timeout=120, cwd=ROOT)
    assert done.returncode == 0, done.stderr


def test_registering_twice_is_harmless():
    footcanasta_env.register_gymnasium_envs()
    footcanasta_env.register_gymnasium_envs()
    assert GYM_ENV_ID in gymnasium.registry


def test_package_docstrings_point_to_documents_a_user_has():
    # DESIGN.md is the developers' note, not shipped; the user-facing docs are README.md and the site in docs/
    # (the rules also through `footcanasta rules`).
    offenders = [str(p.relative_to(ROOT)) for p in (ROOT / "footcanasta_env").rglob("*.py")
                 if re.search(r"DESIGN\.md|HOUSE\.md", p.read_text(encoding="utf-8"))]
    assert not offenders, offenders
