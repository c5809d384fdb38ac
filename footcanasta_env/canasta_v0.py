"""PettingZoo's versioned-module habit for Canasta: ``from footcanasta_env import canasta_v0; canasta_v0.env()``.

The version in the name is the environment's (observation and action layouts, rewards); see the
documentation page in ``footcanasta_env.canasta.envs.aec``.
"""

from .canasta.envs.aec import env, raw_env

__all__ = ["env", "raw_env"]
