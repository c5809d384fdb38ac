"""The bot registry: ``make_bot(name, seed)``, the names it knows, and the strongest bot available.

Every bot receives its own random generator from its seed, never the game's, so a bot's choices are a
function of its seed and the views it is shown. Bots decide from the ``View`` alone (RULES.md section
12), so they cannot cheat.

Scripted names: ``random``, ``greedy``, ``expert`` (see ``expert.py``). ``learned`` (the shipped policy)
and ``policy:PATH`` (any exported policy file) are resolved here, by importing ``policy.py`` only when
asked for; the policy module knows nothing of the registry. ``search`` (``search.py``: determinized
search with policy rollouts and a learned value) takes options in its name, ``search:worlds=8,time=0.5``.
"""

from __future__ import annotations

import os
import warnings
from collections.abc import Callable

from .base import Bot
from .expert import ExpertBot
from .simple import GreedyBot, RandomBot

BotFactory = Callable[[int | None], Bot]
BOTS: dict[str, BotFactory] = {"random": RandomBot, "greedy": GreedyBot, "expert": ExpertBot}
BOT_STRENGTH = ("expert", "greedy", "random")  # scripted bots, strongest first (learned: see strongest_bot)


def _load_learned(_: str, seed: int | None) -> Bot:
    from .policy import load_shipped

    return load_shipped(seed)


def _load_path(path: str, seed: int | None) -> Bot:
    from .policy import PolicyBot

    return PolicyBot(path, seed)


# How ``learned`` (called with path '') and ``policy:PATH`` (kind 'policy') are built: lazily, so that
# importing the registry never loads a policy file.
_POLICY_LOADERS: dict[str, Callable[[str, int | None], Bot]] = {"learned": _load_learned, "policy": _load_path}


def _search(seed: int | None, options: str = "") -> Bot:
    from .search import make_search_bot  # loads the policy and the value net: only when asked for

    return make_search_bot(options, seed)


BOTS["search"] = _search


def register_bot(name: str, factory: BotFactory) -> None:
    """Add a named bot to the registry (names are case-insensitive)."""
    BOTS[name.strip().lower()] = factory


def bot_names() -> list[str]:
    """Names accepted by ``make_bot`` (besides ``learned`` and ``policy:PATH``)."""
    return sorted(BOTS)


def make_bot(name: str, seed: int | None = None) -> Bot:
    """A bot by name: one of ``bot_names()``, ``learned``, or ``policy:PATH`` for an exported policy file."""
    if not isinstance(name, str):
        raise ValueError(f"bot name must be a string, got {name!r}")
    key = name.strip()
    low = key.lower()
    if low == "learned":
        if "learned" not in _POLICY_LOADERS:
            raise ValueError("bot 'learned': no learned policy is available")
        return _POLICY_LOADERS["learned"]("", seed)
    if low.startswith("policy:"):
        path = key[len("policy:"):]
        if not path:
            raise ValueError("bot 'policy:PATH' needs a file path after 'policy:'")
        if not os.path.isfile(path):
            raise ValueError(f"bot {name!r}: policy file {path!r} not found")
        return _POLICY_LOADERS["policy"](path, seed)
    if low.startswith("search:"):
        return _search(seed, key[len("search:"):])
    factory = BOTS.get(low)
    if factory is None:
        raise ValueError(f"unknown bot {name!r} (known: {', '.join(bot_names())}, learned, policy:PATH, "
                         "or search:OPTIONS)")
    return factory(seed)


def _learned_beats_expert() -> bool:
    """Whether the shipped policy's own record shows it beating ``expert`` (lower end of the CI above 50%)."""
    try:
        bot = make_bot("learned", 0)
    except Exception:  # noqa: BLE001 - no shipped policy, or one that does not load: not a candidate
        return False
    record = getattr(getattr(bot, "policy", None), "meta", {}).get("evaluation", {}).get("expert", {})
    return bool(record) and record.get("win_ci", [0.0])[0] > 0.5


HINT_BUDGET_S = 1.0
"""How long a person waits for a hint: the hint bot must decide within this (seconds)."""


def hint_bot_name() -> str:
    """The strongest bot that answers a person within ``HINT_BUDGET_S``: ``search`` when its shipped record
    (``search_record.py``, measured with today's defaults, policy and value) shows it beating
    ``strongest_bot()`` and its default budget fits, else ``strongest_bot()``."""
    from . import search_record
    from .search import DEFAULTS  # the constants only: no net is loaded

    best = strongest_bot()
    try:
        stronger = search_record.beats(best)
    except (OSError, ValueError) as e:  # a damaged record must not take hints away
        warnings.warn(f"the search bot's record could not be read ({e}); hints come from {best!r}", stacklevel=2)
        stronger = False
    if not stronger or float(DEFAULTS["time"]) > HINT_BUDGET_S:
        return best
    try:
        make_bot("search", 0)
    except Exception as e:  # noqa: BLE001 - a search bot that cannot load (its nets) is skipped, not fatal
        warnings.warn(f"the search bot could not be loaded ({e}); hints come from {best!r}", stacklevel=2)
        return best
    return "search"


def strongest_bot() -> str:
    """The strongest bot name that is available and loads (``random`` at worst).

    ``learned`` comes first only when its record shows it beating ``expert``; a shipped policy that is
    weaker than the expert does not become the default opponent.
    """
    if _learned_beats_expert():
        return "learned"
    names = set(bot_names())
    for name in BOT_STRENGTH:
        if name in names:
            try:
                make_bot(name, 0)
            except Exception:  # noqa: BLE001 - a bot that cannot load (missing weights) is skipped, not fatal
                continue
            return name
    return "random"
