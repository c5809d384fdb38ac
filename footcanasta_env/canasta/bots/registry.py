"""Canasta's bots by name: a ``BotRegistry`` (``footcanasta_env.family.botregistry``) of its own.

``REGISTRY`` holds ``random``, ``greedy`` and ``expert`` (strongest first among the scripted ones: expert,
greedy, random), ``learned`` (the shipped policy, ``data/learned.npz``) and ``policy:PATH`` (any exported
Canasta policy file), both built by ``policy.py`` only when asked for, so importing the registry loads no
weights. The module-level names are its methods.

``strongest_bot()`` (and ``hint_bot_name()``, the same bot: Canasta has no search) is ``learned`` only when
its shipped record (``data/learned.json``) shows it beating the expert, the lower end of its 95% interval
above one half; else ``expert``. The answers are kept until the shipped files change.
"""

from __future__ import annotations

from importlib import resources

from ...family.botregistry import BotRegistry, ShippedPolicy, files_stamp, policy_path_loader
from .expert import ExpertBot
from .simple import GreedyBot, RandomBot

_SHIPPED_FILES = ("learned.npz", "learned.json")
_DATA = resources.files("footcanasta_env.canasta") / "data"

REGISTRY = BotRegistry(
    bots={"random": RandomBot, "greedy": GreedyBot, "expert": ExpertBot},
    strength=("expert", "greedy", "random"),
    loaders={"learned": ShippedPolicy(__package__, _DATA), "policy": policy_path_loader(__package__)},
    stamp=files_stamp(_DATA, _SHIPPED_FILES),
    notes={"random": "uniform legal play", "greedy": "melds everything it can",
           "expert": "the scripted club player", "learned": "the shipped policy",
           "policy:PATH": "an exported Canasta policy file"},
)
"""Canasta's bots."""

(BOTS, BOT_STRENGTH, register_bot, bot_names, known_names, check_bot_name, make_bot, strongest_bot,
 hint_bot_name) = REGISTRY.face()
