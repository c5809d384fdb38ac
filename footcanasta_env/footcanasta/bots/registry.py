"""The bot registry: bots by name, the strongest one available, and the bot that gives hints.

``BotRegistry`` (``footcanasta_env.family.botregistry``) is game-generic: a game makes one with its bots and asks
it for them by name. Foot Canasta's is ``REGISTRY``, and the module-level names (``make_bot``,
``bot_names``, ``check_bot_name``, ``register_bot``, ``strongest_bot``, ``hint_bot_name``, ``BOTS``,
``BOT_STRENGTH``) are its methods and tables.

Every bot receives its own random generator from its seed, never the game's, so a bot's choices are a
function of its seed and the views it is shown. Bots decide from the ``View`` alone (RULES.md section
12), so they cannot cheat.

Foot Canasta's names: ``random``, ``greedy``, ``expert`` (scripted, ``simple.py`` and ``expert.py``);
``learned`` (the shipped policy) and ``policy:PATH`` (any exported policy file), built by ``policy.py``;
``search`` and ``search:OPTIONS`` (``search.py``: determinized search with policy rollouts and a learned
value; ``search:worlds=8,time=0.5``). The policies and the search are imported only when asked for, so
importing the registry loads no weights. ``bot_names()`` lists every plain name, ``learned`` and ``search``
included; ``policy:PATH`` and ``search:OPTIONS`` are the patterns besides (``known_names()``).

``strongest_bot()`` and ``hint_bot_name()`` are worked out once and kept until the registry's tables or
the shipped files change (or ``clear_cache()``), so asking is cheap.
"""

from __future__ import annotations

import sys
import warnings
from importlib import resources

from ...family.botregistry import BotRegistry, OptionsBot, ShippedPolicy, files_stamp, policy_path_loader
from .base import Bot
from .expert import ExpertBot
from .simple import GreedyBot, RandomBot

HINT_BUDGET_S = 1.0
"""How long a person waits for a hint: the hint bot must decide within this (seconds)."""

_DATA = resources.files("footcanasta_env.footcanasta") / "data"
_SHIPPED_FILES = ("learned.npz", "learned.json", "value.npz", "search.json")


def _search(seed: int | None, options: str = "") -> Bot:
    from .search import make_search_bot  # loads the policy and the value net: only when asked for

    return make_search_bot(options, seed)


def _check_search_options(text: str) -> object:
    from .search import parse_options  # the options only: no net is loaded

    return parse_options(text)


def _search_hint(best: str) -> str | None:
    """``search`` when its shipped record (``search_record.py``, measured with today's defaults, policy and
    value) shows it beating ``best`` and its default budget fits ``HINT_BUDGET_S``."""
    from . import search_record
    from .search import SearchOptions  # the options only: no net is loaded

    try:
        stronger = search_record.beats(best)
    except (OSError, ValueError) as e:  # a damaged record must not take hints away
        warnings.warn(f"the search bot's record could not be read ({e}); hints come from {best!r}", stacklevel=5)
        return None
    return "search" if stronger and SearchOptions().time <= HINT_BUDGET_S else None


REGISTRY = BotRegistry(
    bots={"random": RandomBot, "greedy": GreedyBot, "expert": ExpertBot, "search": _search},
    strength=("expert", "greedy", "random"),  # scripted bots, strongest first (learned: see strongest_bot)
    loaders={"learned": ShippedPolicy(__package__, _DATA), "policy": policy_path_loader(__package__)},
    options={"search": OptionsBot(lambda options, seed: _search(seed, options), _check_search_options)},
    hint=_search_hint, stamp=files_stamp(_DATA, _SHIPPED_FILES),
    notes={"learned": "the shipped policy", "policy:PATH": "an exported policy file",
           "search:OPTIONS": "the search bot with options, as worlds=8,time=0.5"},
)
"""Foot Canasta's bots."""

(BOTS, BOT_STRENGTH, register_bot, bot_names, known_names, check_bot_name, make_bot, strongest_bot,
 hint_bot_name) = REGISTRY.face()
_POLICY_LOADERS = REGISTRY.loaders

def clear_cache() -> None:
    """Forget the registry's answers and the search bot's shipped nets (tests that change what they depend on)."""
    REGISTRY.clear_cache()
    search = sys.modules.get(f"{__package__}.search")  # imported only once a search bot was asked for
    if search is not None:
        search.clear_cache()
