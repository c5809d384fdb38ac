"""Classic Canasta's environments: the PettingZoo AEC env of all four seats and the one-seat gymnasium env.

``aec`` is the documentation page of both (action and observation tables, rewards, options, version
history); ``one_seat`` plays the other seats inside ``step()`` (registered with gymnasium as
``footcanasta/Canasta-v0`` through ``footcanasta_env.envkit.registration``); ``_episode`` holds what they
share (options, the game an episode starts with, the team reward), so they cannot disagree; ``text`` is
the text of ``render()``.

This face loads each module when one of its names is first asked for: the envs import gymnasium and
PettingZoo, which the engine never loads.
"""

import importlib as _importlib

from .. import MANIFEST as _MANIFEST

(GYM_ENV_ID,) = _MANIFEST.gym_ids  # the one-seat env's id, named once in Canasta's manifest

__all__ = ["AGENTS", "DEFAULT_MAX_ROUNDS", "GYM_ENV_ID", "REWARD_MODES", "CanastaEnv", "CanastaGymEnv", "env",
           "raw_env", "team_reward"]

_LAZY = {"AGENTS": "aec", "CanastaEnv": "aec", "env": "aec", "raw_env": "aec", "CanastaGymEnv": "one_seat",
         "DEFAULT_MAX_ROUNDS": "_episode", "REWARD_MODES": "_episode",
         "team_reward": "_episode"}


def __getattr__(name: str):
    if name in _LAZY:
        return getattr(_importlib.import_module(f"{__name__}.{_LAZY[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
