"""Bots: anything that is not a person. A bot has ``act(view) -> action id`` and sees only its ``View``.

``registry`` builds bots by name (``make_bot``, ``check_bot_name``, ``bot_names``: every name, ``learned`` and
``search`` included) and knows the strongest one available and the one that gives hints; its
``BotRegistry`` is what another game makes for its own bots. ``base`` is the ``Bot`` protocol and its
legality check, ``simple`` has ``random`` and ``greedy``, ``expert`` the strongest scripted player,
``policy`` the numpy player of an exported policy file (``learned`` is the shipped one), ``search`` the
search bot, ``value`` its numpy value net and ``search_record`` its measured matches (their files are
plain arrays: ``footcanasta_env.arrayfile``, and ``footcanasta_env.policyfile`` for policies). A
bot registered in ``BOTS`` is tested by the generic conformance test (``tests/conformance/test_bot_conformance.py``)
for being registered.
"""

from ...family.botregistry import BotFactory, BotRegistry
from .base import Bot, check_legal
from .expert import ExpertBot
from .registry import (
    BOT_STRENGTH,
    BOTS,
    bot_names,
    check_bot_name,
    hint_bot_name,
    make_bot,
    register_bot,
    strongest_bot,
)
from .simple import GreedyBot, RandomBot

__all__ = [
    "BOTS", "BOT_STRENGTH", "Bot", "BotFactory", "BotRegistry", "ExpertBot", "GreedyBot", "PolicyBot", "RandomBot",
    "bot_names", "check_bot_name", "check_legal", "hint_bot_name", "load_policy", "make_bot", "register_bot",
    "save_policy", "strongest_bot",
]


def __getattr__(name: str):
    # A policy file is loaded only when asked for: importing the bots reads no weights.
    if name in ("PolicyBot", "Policy", "load_policy", "save_policy"):
        from . import policy

        return getattr(policy, name)
    raise AttributeError(f"module 'footcanasta_env.footcanasta.bots' has no attribute {name!r}")
