"""footcanasta_env: Foot Canasta (Hand and Foot) rules engine, PettingZoo environment and bots."""

from .actions import ACTION_NAMES, ACTION_VERSION, NUM_ACTIONS, action_id, action_name
from .cards import KINDS
from .engine import Game, IllegalActionError, daily_seed, new_game
from .rules import DEFAULT_RULES, Rules
from .scenario import ScenarioError, load_scenario
from .seats import SEAT_NAMES, left_of, partner_of, team_of

__version__ = "0.1.0"

__all__ = [
    "ACTION_NAMES", "ACTION_VERSION", "DEFAULT_RULES", "Game", "IllegalActionError", "KINDS", "NUM_ACTIONS",
    "Rules", "SEAT_NAMES", "ScenarioError", "action_id", "action_name", "daily_seed", "left_of", "load_scenario",
    "new_game", "partner_of", "team_of",
]


def __getattr__(name: str):
    # The env and bots import optional dependencies; load them only when asked for.
    if name in ("env", "raw_env"):
        from . import aec_env

        return getattr(aec_env, name)
    if name == "make_bot":
        from .bots import make_bot

        return make_bot
    if name == "FootCanastaGymEnv":
        from .gym_env import FootCanastaGymEnv

        return FootCanastaGymEnv
    raise AttributeError(f"module 'footcanasta_env' has no attribute {name!r}")
