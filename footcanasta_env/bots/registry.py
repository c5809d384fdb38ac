"""The bot registry: bots by name, the strongest one available, and the bot that gives hints.

``BotRegistry`` is game-generic: a game makes one with its bots and asks it for them by name. Foot
Canasta's is ``REGISTRY``, and the module-level names (``make_bot``, ``bot_names``, ``check_bot_name``,
``register_bot``, ``strongest_bot``, ``hint_bot_name``, ``BOTS``, ``BOT_STRENGTH``) are its methods and tables.

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

import json
import os
import re
import sys
import threading
import warnings
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from .base import Bot
from .expert import ExpertBot
from .simple import GreedyBot, RandomBot

BotFactory = Callable[[int | None], Bot]
Loader = Callable[[str, int | None], Bot]  # (argument, seed): '' for ``learned``, the path for ``policy:PATH``


class OptionsBot:
    """A bot that takes options in its name (``NAME:OPTIONS``): how to build it and how to check its options."""

    def __init__(self, build: Loader, check: Callable[[str], object]) -> None:
        self.build, self.check = build, check


@dataclass(eq=False)
class BotRegistry:
    """One game's bots by name: scripted factories, lazy loaders, bots with options, and which is strongest.

    ``bots``: name -> factory(seed). ``strength``: the scripted names, strongest first (the last is the
    answer of last resort). ``loaders``: ``learned`` (the shipped policy, built with argument '') and
    ``policy`` (a file, ``policy:PATH``); a loader may carry ``record()``, its evaluation record read without
    building the bot. ``options``: name -> ``OptionsBot`` for ``NAME:OPTIONS``. ``hint``: given the strongest
    name, a bot to give hints instead, or None (its record says; the registry checks that it loads).
    ``stamp``: what the shipped files look like now (their sizes and times): the cached answers are kept
    while it, and the tables, stay the same.
    """

    bots: dict[str, BotFactory]
    strength: tuple[str, ...]
    loaders: dict[str, Loader] = field(default_factory=dict)
    options: dict[str, OptionsBot] = field(default_factory=dict)
    hint: Callable[[str], str | None] | None = None
    stamp: Callable[[], tuple] = tuple
    notes: dict[str, str] = field(default_factory=dict)  # name or pattern -> what it is, for help texts
    _answers: dict[str, Any] = field(default_factory=dict, init=False, repr=False)  # "key": what they hold for
    _lock: Any = field(default_factory=threading.RLock, init=False, repr=False)

    def __post_init__(self) -> None:
        if not self.strength:
            raise ValueError("BotRegistry needs at least one name in strength (the answer of last resort)")

    # -- names ------------------------------------------------------------------------------------------
    def register_bot(self, name: str, factory: BotFactory) -> None:
        """Add a named bot (names are case-insensitive and may not hold ':')."""
        key = name.strip().lower()
        if not key or ":" in key:
            raise ValueError(f"bot name {name!r}: give a non-empty name without ':'")
        self.bots[key] = factory

    def bot_names(self) -> list[str]:
        """Every plain name ``make_bot`` accepts (``learned`` when there is a learned policy), sorted."""
        return sorted(set(self.bots) | ({"learned"} if "learned" in self.loaders else set()))

    def patterns(self) -> list[str]:
        """The names that take an argument: ``policy:PATH``, ``NAME:OPTIONS``."""
        return (["policy:PATH"] if "policy" in self.loaders else []) + [f"{n}:OPTIONS" for n in sorted(self.options)]

    def known_names(self, notes: bool = False) -> str:
        """Every name and pattern, for messages and help (``notes``: with what each noted one is)."""
        names = [*self.bot_names(), *self.patterns()]
        return ", ".join(f"{n} ({self.notes[n]})" if notes and n in self.notes else n for n in names)

    def check_bot_name(self, name: str, patterns: bool = True) -> str:
        """The canonical form of a bot name (lower case; a path as given), without building the bot;
        ``ValueError`` naming the known names otherwise. ``patterns=False`` accepts the plain names only (not
        ``policy:PATH`` nor ``NAME:OPTIONS``: what a stranger, as over the web, may ask for)."""
        if not isinstance(name, str):
            raise ValueError(f"bot name must be a string, got {name!r}")
        kind, colon, arg = name.strip().partition(":")
        kind = kind.strip().lower()
        if colon and patterns and kind == "policy" and "policy" in self.loaders:
            if not arg:
                raise ValueError("bot 'policy:PATH' needs a file path after 'policy:'")
            if not os.path.isfile(arg):
                raise ValueError(f"bot {name!r}: policy file {arg!r} not found")
            return f"policy:{arg}"
        if colon and patterns and kind in self.options:
            self.options[kind].check(arg)
            text = ",".join(p for p in re.sub(r"\s+", "", arg).lower().split(",") if p)
            return f"{kind}:{text}" if text else kind
        if not colon and kind == "learned" and kind not in self.loaders:
            raise ValueError("bot 'learned': no learned policy is available")
        if not colon and kind in self.bot_names():
            return kind
        known = self.known_names() if patterns else ", ".join(self.bot_names())
        raise ValueError(f"unknown bot {name!r} (known: {known})")

    def make_bot(self, name: str, seed: int | None = None) -> Bot:
        """A bot by name: one of ``bot_names()``, ``policy:PATH`` or ``NAME:OPTIONS`` (see ``known_names``)."""
        canonical = self.check_bot_name(name)
        kind, colon, arg = canonical.partition(":")
        if colon:
            build = self.loaders["policy"] if kind == "policy" else self.options[kind].build
            return build(arg, seed)
        if kind == "learned":
            return self.loaders["learned"]("", seed)
        return self.bots[kind](seed)

    # -- strongest and hint -----------------------------------------------------------------------------
    def strongest_bot(self) -> str:
        """The strongest name that is available and loads (the last of ``strength`` at worst); ``learned``
        comes first only when its record shows it beating the strongest scripted bot."""
        return self._answer("strongest", self._work_out_strongest)

    def hint_bot_name(self) -> str:
        """The strongest bot that answers a person in time: ``hint``'s choice if it loads, else ``strongest_bot()``."""
        return self._answer("hint", self._work_out_hint)

    def clear_cache(self) -> None:
        """Forget the answers, so that the next question works them out again."""
        with self._lock:
            self._answers.clear()

    def _key(self) -> tuple:
        # The tables' entries themselves (compared by identity), so a bot registered, replaced or removed is seen;
        # holding them also keeps a replaced function's id from being reused by another.
        return (tuple(self.bots.items()), tuple(self.loaders.items()), tuple(self.options.items()), self.strength,
                self.hint, self.stamp())

    def _answer(self, question: str, work_out: Callable[[], str]) -> str:
        key = self._key()
        with self._lock:
            if self._answers.get("key") != key:
                self._answers = {"key": key}
            if question not in self._answers:
                self._answers[question] = work_out()
            return self._answers[question]

    def _work_out_strongest(self) -> str:
        if self._learned_beats(self.strength[0]) and self._load_error("learned") is None:
            return "learned"
        for name in self.strength:
            if name in self.bots and self._load_error(name) is None:
                return name
        return self.strength[-1]

    def _learned_beats(self, opponent: str) -> bool:
        """Whether the learned policy's own record shows it beating ``opponent`` (lower end of the CI above 50%)."""
        loader = self.loaders.get("learned")
        if loader is None:
            return False
        try:
            read = getattr(loader, "record", None)
            record = read() if read is not None else loader("", 0).policy.meta  # type: ignore[attr-defined]
            ci = record.get("evaluation", {}).get(opponent, {}).get("win_ci", [0.0])
            return float(ci[0]) > 0.5
        except Exception:  # noqa: BLE001 - no policy, one that does not load, or no usable record: not a candidate
            return False

    def _load_error(self, name: str) -> Exception | None:
        try:
            self.make_bot(name, 0)
        except Exception as e:  # noqa: BLE001 - a bot that cannot load (missing weights) is skipped, not fatal
            return e
        return None

    def _work_out_hint(self) -> str:
        best = self.strongest_bot()
        candidate = self.hint(best) if self.hint is not None else None
        if candidate is None or candidate == best:
            return best
        error = self._load_error(candidate)
        if error is not None:
            warnings.warn(f"the {candidate} bot could not be loaded ({error}); hints come from {best!r}",
                          stacklevel=5)
            return best
        return candidate


# ---------------------------------------------------------------------------------------------- Foot Canasta

HINT_BUDGET_S = 1.0
"""How long a person waits for a hint: the hint bot must decide within this (seconds)."""

_DATA = resources.files("footcanasta_env.bots") / "data"
_SHIPPED_FILES = ("learned.npz", "learned.json", "value.npz", "search.json")


class _ShippedPolicy:
    """``learned``: the shipped policy, built when asked for; its record read from its JSON metadata."""

    def __call__(self, _: str, seed: int | None) -> Bot:
        from .policy import load_shipped

        return load_shipped(seed)

    def record(self) -> dict[str, Any]:
        """``learned.json``: the policy file's metadata and record (a test keeps the two equal)."""
        return json.loads((_DATA / "learned.json").read_text(encoding="utf-8"))


def _load_path(path: str, seed: int | None) -> Bot:
    from .policy import PolicyBot

    return PolicyBot(path, seed)


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


def _stamp() -> tuple:
    """The shipped files' sizes and modification times (absent: None)."""
    out = []
    for name in _SHIPPED_FILES:
        try:
            st = os.stat(str(_DATA / name))
            out.append((st.st_size, st.st_mtime_ns))
        except OSError:
            out.append(None)
    return tuple(out)


REGISTRY = BotRegistry(
    bots={"random": RandomBot, "greedy": GreedyBot, "expert": ExpertBot, "search": _search},
    strength=("expert", "greedy", "random"),  # scripted bots, strongest first (learned: see strongest_bot)
    loaders={"learned": _ShippedPolicy(), "policy": _load_path},
    options={"search": OptionsBot(lambda options, seed: _search(seed, options), _check_search_options)},
    hint=_search_hint, stamp=_stamp,
    notes={"learned": "the shipped policy", "policy:PATH": "an exported policy file",
           "search:OPTIONS": "the search bot with options, as worlds=8,time=0.5"},
)
"""Foot Canasta's bots."""

BOTS = REGISTRY.bots
BOT_STRENGTH = REGISTRY.strength
_POLICY_LOADERS = REGISTRY.loaders
register_bot = REGISTRY.register_bot
bot_names = REGISTRY.bot_names
known_names = REGISTRY.known_names
check_bot_name = REGISTRY.check_bot_name
make_bot = REGISTRY.make_bot
strongest_bot = REGISTRY.strongest_bot
hint_bot_name = REGISTRY.hint_bot_name


def clear_cache() -> None:
    """Forget the registry's answers and the search bot's shipped nets (tests that change what they depend on)."""
    REGISTRY.clear_cache()
    search = sys.modules.get(f"{__package__}.search")  # imported only once a search bot was asked for
    if search is not None:
        search.clear_cache()
