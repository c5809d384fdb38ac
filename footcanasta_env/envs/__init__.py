"""The environments: the PettingZoo AEC env of all four seats and the one-seat gymnasium env.

``aec`` is the documentation page of both (observation table, rewards, options, version history);
``one_seat`` plays the other seats inside ``step()``; ``_episode`` holds what they share (options,
the game an episode starts with, the team reward), so they cannot disagree. Importing them registers
the one-seat env with gymnasium as ``footcanasta/FootCanasta-v0`` (``footcanasta_env.GYM_ENV_ID``).
"""

from .. import register_gymnasium_envs as _register_gymnasium_envs
from ._episode import REWARD_MODES, team_reward
from .aec import AGENTS, FootCanastaEnv, env, raw_env
from .one_seat import FootCanastaGymEnv

_register_gymnasium_envs()  # usually done already, when gymnasium was imported (see footcanasta_env)

__all__ = ["AGENTS", "REWARD_MODES", "FootCanastaEnv", "FootCanastaGymEnv", "env", "raw_env", "team_reward"]
