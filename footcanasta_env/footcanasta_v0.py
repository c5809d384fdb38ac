"""PettingZoo's versioned-module habit: ``from footcanasta_env import footcanasta_v0; footcanasta_v0.env()``.

The version in the name is the environment's (observation and action layouts, rewards); see the
documentation page in ``footcanasta_env.footcanasta.envs.aec``.
"""

from .footcanasta.envs.aec import env, raw_env

__all__ = ["env", "raw_env"]
