"""A game's bots by name (``BotRegistry``): scripted factories, lazy loaders of policies, bots with options
(``NAME:OPTIONS``), and which bot is strongest and which gives hints, cached; ``hint_move``, the hint itself
(the hint bot's move in a position, as the table gives it and the move review judges against).

Game-generic: each game of the house makes one with its own bots (Foot Canasta's is
``footcanasta_env.footcanasta.bots.registry.REGISTRY``), so a second game reuses the machinery without importing
another game's bots. A bot is anything with ``name`` and ``act(view) -> action id``.
"""

from __future__ import annotations

import importlib
import inspect
import json
import os
import re
import threading
import warnings
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..messages import N_, Message, MessageError
from ..seeds import hint_seed

Bot = Any  # a bot: ``name`` and ``act(view) -> action id`` (each game's own ``Bot`` protocol)
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
    while it, and the tables, stay the same. ``fit``: given the canonical name, the bot built and the game's
    ``Rules`` a bot is asked for (``None``: the defaults), raises ``ValueError`` when that bot cannot play them
    (a game of one table size needs none). ``learned_for``: given those ``Rules``, the stem of the shipped policy
    that plays them (``data/STEM.npz``; ``"learned"`` for the default table), or a ``ValueError`` naming the
    table's strongest bot where it has none (a game of one table size needs none: ``learned`` is its policy).
    """

    bots: dict[str, BotFactory]
    strength: tuple[str, ...]
    loaders: dict[str, Loader] = field(default_factory=dict)
    options: dict[str, OptionsBot] = field(default_factory=dict)
    hint: Callable[[str], str | None] | None = None
    stamp: Callable[[], tuple] = tuple
    notes: dict[str, str] = field(default_factory=dict)  # name or pattern -> what it is, for help texts
    fit: Callable[[str, Bot, Any], None] | None = None
    learned_for: Callable[[Any], str] | None = None  # Rules -> the stem of the shipped policy of that table
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
                raise MessageError(Message(N_("bot {name}: policy file {file} not found"), name=repr(name),
                                           file=repr(arg)))
            return f"policy:{arg}"
        if colon and patterns and kind in self.options:
            self.options[kind].check(arg)
            text = ",".join(p for p in re.sub(r"\s+", "", arg).lower().split(",") if p)
            return f"{kind}:{text}" if text else kind
        if not colon and kind == "learned" and kind not in self.loaders:
            raise MessageError(Message(N_("bot 'learned': no learned policy is available")))
        if not colon and kind in self.bot_names():
            return kind
        known = self.known_names() if patterns else ", ".join(self.bot_names())
        raise MessageError(Message(N_("unknown bot {name} (known: {known})"), name=repr(name), known=known))

    def make_bot(self, name: str, seed: int | None = None, rules: Any = None) -> Bot:
        """A bot by name: one of ``bot_names()``, ``policy:PATH`` or ``NAME:OPTIONS`` (see ``known_names``),
        for a game of ``rules`` (``None``: the game's defaults); one that cannot play them is refused (``fit``)."""
        canonical = self.check_bot_name(name)
        kind, colon, arg = canonical.partition(":")
        if colon:
            build = self.loaders["policy"] if kind == "policy" else self.options[kind].build
            bot = build(arg, seed)
        elif kind == "learned":
            bot = self.loaders["learned"](self.learned_for(rules) if self.learned_for is not None else "", seed)
        else:
            bot = self.bots[kind](seed)
        if self.fit is not None:
            self.fit(canonical, bot, rules)
        return bot

    def face(self) -> tuple:
        """What a game's registry module offers by name, in this order: ``bots``, ``strength``, ``register_bot``,
        ``bot_names``, ``known_names``, ``check_bot_name``, ``make_bot``, ``strongest_bot``, ``hint_bot_name``."""
        return (self.bots, self.strength, self.register_bot, self.bot_names, self.known_names, self.check_bot_name,
                self.make_bot, self.strongest_bot, self.hint_bot_name)

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
                self.hint, self.fit, self.stamp())

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


class ShippedPolicy:
    """``learned``: a game's shipped policy (its ``PACKAGE.policy.load_shipped``), built only when asked for;
    its record read from the JSON metadata next to it (``data/learned.json``) without building it."""

    def __init__(self, package: str, data: Any) -> None:
        self.package, self.data = package, data

    def __call__(self, stem: str, seed: int | None) -> Bot:
        """The shipped policy ``data/STEM.npz`` (``''``: ``learned.npz``, the default table's) as ``learned``."""
        policy = importlib.import_module(f"{self.package}.policy")
        if stem in ("", "learned"):
            return policy.load_shipped(seed)
        return policy.load_shipped(seed, self.data / f"{stem}.npz")

    def record(self, stem: str = "") -> dict[str, Any]:
        """``learned.json`` (or ``STEM.json``): the policy file's metadata and record (a test keeps the two equal)."""
        return json.loads((self.data / f"{stem or 'learned'}.json").read_text(encoding="utf-8"))


def policy_path_loader(package: str) -> Loader:
    """``policy:PATH``: the game's ``PACKAGE.policy.PolicyBot`` of a policy file, imported when asked for."""
    def load_path(path: str, seed: int | None) -> Bot:
        return importlib.import_module(f"{package}.policy").PolicyBot(path, seed)

    return load_path


def files_stamp(data: Any, names: tuple[str, ...]) -> Callable[[], tuple]:
    """A ``stamp``: the sizes and modification times of the shipped files ``names`` in ``data`` (absent: None)."""
    def stamp() -> tuple:
        out = []
        for name in names:
            try:
                st = os.stat(str(data / name))
                out.append((st.st_size, st.st_mtime_ns))
            except OSError:
                out.append(None)
        return tuple(out)

    return stamp



def hint_move(module: Any, view: Any, game_seed: int, seats: int, version: int) -> tuple[int, str]:
    """The hint: the move ``module``'s hint bot (``hint_bot_name()``, at its default settings) recommends for
    ``view``, a seat's view after ``version`` actions of the game dealt from ``game_seed`` at a table of
    ``seats``, and the bot's name. The bot is made anew, seeded by ``seeds.hint_seed``: the one definition the
    table's ``hint`` (terminal and browser) and the move review (``evaluation.review``) share, so the review
    never calls the hint's move a mistake (a search bot's time budget aside: a search the clock stops with
    fewer worlds may choose otherwise). The move is not checked against the legal actions: the caller says
    what a bad one means to it."""
    rules = getattr(view, "rules", None)  # the hint bot of the view's table size (a game of several sizes)
    name = sized_call(module, module.hint_bot_name, rules)
    bot = sized_call(module, module.make_bot, rules, name, hint_seed(game_seed, seats, version))
    return int(bot.act(view)), name


def sized_call(module: Any, fn: Callable[..., Any], rules: Any, *args: Any) -> Any:
    """``fn(*args)`` of a game's bot registry (``make_bot``, ``strongest_bot``, ``hint_bot_name``), told the
    table's ``rules`` when they are not the game's defaults: a game of several table sizes has bots per size
    (a registry whose functions take no ``rules`` gives one answer for every size, and its bots read the size
    from their views)."""
    if rules is None or rules == module.Rules() or "rules" not in inspect.signature(fn).parameters:
        return fn(*args)
    return fn(*args, rules=rules)
