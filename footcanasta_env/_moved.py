"""Old module paths of the flat layout: each stays importable and warns once where it moved."""

from __future__ import annotations

import importlib
import sys
import warnings

# old module name (under footcanasta_env) -> its new home
MOVED = {
    "aec_env": "envs.aec", "gym_env": "envs.one_seat", "masks": "engine.masks", "scenario": "engine.scenario",
    "view": "engine.view", "explain": "engine.explain", "scoring": "engine.scoring", "replay": "engine.replay",
    "strategy": "bots.expert", "policy": "bots.policy", "evaluation_cli": "evaluation.cli",
    "play_screen": "play.screen", "play_input": "play.commands", "demo": "play.demo",
}


def alias(old: str) -> None:
    """Make ``footcanasta_env.<old>`` the module it moved to, with a ``DeprecationWarning``."""
    new = f"footcanasta_env.{MOVED[old]}"
    warnings.warn(f"footcanasta_env.{old} moved to {new}", DeprecationWarning, stacklevel=3)
    sys.modules[f"footcanasta_env.{old}"] = importlib.import_module(new)
