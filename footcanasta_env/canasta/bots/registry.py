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

import json
import os
from typing import Any

from ...family.botregistry import BotRegistry
from .base import Bot
from .expert import ExpertBot
from .simple import GreedyBot, RandomBot

_SHIPPED_FILES = ("learned.npz", "learned.json")


def _data() -> Any:
    from .policy import DATA

    return DATA


class _ShippedPolicy:
    """``learned``: the shipped policy, built when asked for; its record read from its JSON metadata."""

    def __call__(self, _: str, seed: int | None) -> Bot:
        from .policy import load_shipped

        return load_shipped(seed)

    def record(self) -> dict[str, Any]:
        """``learned.json``: the policy file's metadata and record (a test keeps the two equal)."""
        return json.loads((_data() / "learned.json").read_text(encoding="utf-8"))


def _load_path(path: str, seed: int | None) -> Bot:
    from .policy import PolicyBot

    return PolicyBot(path, seed)


def _stamp() -> tuple:
    """The shipped files' sizes and modification times (absent: None)."""
    out = []
    for name in _SHIPPED_FILES:
        try:
            st = os.stat(str(_data() / name))
            out.append((st.st_size, st.st_mtime_ns))
        except OSError:
            out.append(None)
    return tuple(out)


REGISTRY = BotRegistry(
    bots={"random": RandomBot, "greedy": GreedyBot, "expert": ExpertBot},
    strength=("expert", "greedy", "random"),
    loaders={"learned": _ShippedPolicy(), "policy": _load_path},
    stamp=_stamp,
    notes={"random": "uniform legal play", "greedy": "melds everything it can",
           "expert": "the scripted club player", "learned": "the shipped policy",
           "policy:PATH": "an exported Canasta policy file"},
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
