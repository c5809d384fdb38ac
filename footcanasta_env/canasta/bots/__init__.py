"""Canasta's bots: anything with ``act(view) -> action id`` that decides from one seat's ``View`` alone.

``registry`` builds them by name (``make_bot(name, seed=None, rules=None)`` for a table size,
``bot_names()``, ``check_bot_name``, ``strongest_bot(rules=None)``, ``hint_bot_name(rules=None)``,
``size_note(rules)``, ``learned_stem(rules)``: the shipped policy file a size's ``learned`` plays) through the
house's ``BotRegistry``; ``base`` is the ``Bot`` protocol and its legality check; ``simple`` has ``random`` and
``greedy``; ``expert`` the scripted club player (every size); ``reading`` what a seat can work out from its view
(unseen cards, the chance of a pair, scores); ``watch`` what a seat remembers of the others' moves; ``policy`` the
learned bot (a policy file, numpy only).
"""

from .base import Bot, check_legal
from .expert import ExpertBot
from .registry import (
    BOT_STRENGTH,
    BOTS,
    REGISTRY,
    bot_names,
    check_bot_name,
    hint_bot_name,
    known_names,
    learned_stem,
    make_bot,
    register_bot,
    size_note,
    strongest_bot,
)
from .simple import GreedyBot, RandomBot

__all__ = [
    "BOTS", "BOT_STRENGTH", "Bot", "ExpertBot", "GreedyBot", "REGISTRY", "RandomBot", "bot_names", "check_bot_name",
    "check_legal", "hint_bot_name", "known_names", "learned_stem", "make_bot", "register_bot", "size_note",
    "strongest_bot",
]
