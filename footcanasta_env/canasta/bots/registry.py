"""Canasta's bots by name: a ``BotRegistry`` (``footcanasta_env.botregistry``) of its own.

``REGISTRY`` holds ``random``, ``greedy`` and ``expert`` (strongest first: expert, greedy, random); the
module-level names are its methods. No learned policy exists yet, so there are no loaders: ``learned`` and
``policy:PATH`` are refused with the known names until a Canasta policy is shipped and its loaders added.
"""

from __future__ import annotations

from ...botregistry import BotRegistry
from .expert import ExpertBot
from .simple import GreedyBot, RandomBot

REGISTRY = BotRegistry(
    bots={"random": RandomBot, "greedy": GreedyBot, "expert": ExpertBot},
    strength=("expert", "greedy", "random"),
    notes={"random": "uniform legal play", "greedy": "melds everything it can",
           "expert": "the scripted club player"},
)
"""Canasta's bots."""

BOTS = REGISTRY.bots
BOT_STRENGTH = REGISTRY.strength
register_bot = REGISTRY.register_bot
bot_names = REGISTRY.bot_names
known_names = REGISTRY.known_names
check_bot_name = REGISTRY.check_bot_name
make_bot = REGISTRY.make_bot
strongest_bot = REGISTRY.strongest_bot
hint_bot_name = REGISTRY.hint_bot_name
