"""The environments: the PettingZoo AEC env of all four seats and the one-seat gymnasium env.

``aec`` is the documentation page of both (observation table, rewards, options, version history);
``one_seat`` plays the other seats inside ``step()`` (both are Foot Canasta's subclasses of the house's
game-generic envs, ``footcanasta_env.envkit``); ``_episode`` holds what they share (options, the game an
episode starts with; the team reward is the house's), so they cannot disagree; ``envkit.registration`` registers
the one-seat env with gymnasium as ``footcanasta/FootCanasta-v0`` (``GYM_ENV_ID``) once gymnasium loads.

This face loads each module when one of its names is first asked for: the envs import gymnasium and
PettingZoo, and ``import footcanasta_env`` loads ``registration`` (which imports neither) through it.
"""

import importlib as _importlib

from ...envkit.registration import GYM_ENV_ID, register_gymnasium_envs

__all__ = ["AGENTS", "GYM_ENV_ID", "REWARD_MODES", "FootCanastaEnv", "FootCanastaGymEnv", "env", "raw_env",
           "register_gymnasium_envs", "team_reward"]

_LAZY = {"AGENTS": "aec", "FootCanastaEnv": "aec", "env": "aec", "raw_env": "aec", "FootCanastaGymEnv": "one_seat",
         "REWARD_MODES": "_episode", "team_reward": "_episode"}


def __getattr__(name: str):
    if name in _LAZY:
        return getattr(_importlib.import_module(f"{__name__}.{_LAZY[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
