"""Canasta's bots by name: a ``BotRegistry`` (``footcanasta_env.family.botregistry``) of its own.

``REGISTRY`` holds ``random``, ``greedy`` and ``expert`` (strongest first among the scripted ones: expert,
greedy, random), ``learned`` (a shipped policy of the table's size) and ``policy:PATH`` (any exported Canasta
policy file), both built by ``policy.py`` only when asked for, so importing the registry loads no weights. The
module-level names are its methods, but for the table sizes of section 14.

Sizes: ``make_bot(name, seed=None, rules=None)`` builds a bot for the table of ``rules`` (the default: four
players). ``random``, ``greedy`` and ``expert`` play every size. ``learned`` is the shipped policy of that size,
whose file names it (``learned_stem``: ``data/learned.npz`` at four players, ``data/learned2.npz`` at two; the
shipped ones are those the game's ``MANIFEST`` ships); a size without one is refused by name, saying which bot
it has instead (``size_note``). A ``policy:PATH`` plays only the size its file records (its ``rules``).
``strongest_bot(rules=None)`` (and ``hint_bot_name``, the same bot: Canasta has no search) is ``learned`` at a
size whose shipped record (``data/learned*.json``) shows it beating the expert, the lower end of its 95%
interval above one half; else ``expert``. The answers are kept until the shipped files change.
"""

from __future__ import annotations

import warnings
from importlib import resources
from typing import Any

from ...family.botregistry import BotRegistry, ShippedPolicy, files_stamp, policy_path_loader
from ..rules import DEFAULT_RULES, Rules
from .expert import ExpertBot
from .simple import GreedyBot, RandomBot

_DATA = resources.files("footcanasta_env.canasta") / "data"
_NUMBERS = {2: "two", 3: "three", 4: "four", 6: "six"}


def size_key(rules: Rules) -> tuple[int, int, int]:
    """What a policy's table is: players, sides and decks."""
    return rules.players, rules.sides, rules.decks


def players_text(rules: Rules) -> str:
    """The size in words: "four players", "six players in three sides of two", "four players with 3 decks"."""
    text = f"{_NUMBERS.get(rules.players, rules.players)} players"
    if rules.sides != Rules(players=rules.players).sides:
        per = rules.players // rules.sides
        text += f" in {_NUMBERS.get(rules.sides, rules.sides)} sides of {_NUMBERS.get(per, per)}"
    if rules.decks != Rules(players=rules.players).decks:
        text += f" with {rules.decks} decks"
    return text


def size_text(rules: Rules) -> str:
    """The size as a name: "2-player", "6-player (three sides of two)"."""
    words = players_text(rules)
    rest = words.partition(" players")[2].strip().removeprefix("in ")
    return f"{rules.players}-player" + (f" ({rest})" if rest else "")


def recorded_rules(bot: Any) -> Rules | None:
    """The rules a policy bot's file records (``None`` for a bot with no file); a file from before sizes is
    a four-player one."""
    meta = getattr(getattr(bot, "policy", None), "meta", None)
    if not isinstance(meta, dict):
        return None
    return Rules.from_dict(meta.get("rules") or {})


def learned_stem(rules: Rules | None = None) -> str:
    """The name of the shipped policy file of the size of ``rules``, without its suffix: ``learned`` at the
    default table (four players), else ``learned`` with the players (``learned2``), the sides where they are not
    that size's default (``learned6x3``) and the decks where they are not (``learned4d3``)."""
    rules = DEFAULT_RULES if rules is None else rules
    if size_key(rules) == size_key(DEFAULT_RULES):
        return "learned"
    default = Rules(players=rules.players)
    return (f"learned{rules.players}" + (f"x{rules.sides}" if rules.sides != default.sides else "")
            + (f"d{rules.decks}" if rules.decks != default.decks else ""))


def shipped_stems() -> tuple[str, ...]:
    """The stems of the policies the game ships (its ``MANIFEST``'s ``data/*.npz``), the default table's first."""
    from .. import MANIFEST  # the face imports this module: read it when asked

    return tuple(p.removeprefix("data/").removesuffix(".npz") for p in MANIFEST.shipped
                 if p.startswith("data/learned") and p.endswith(".npz"))


def _learned_record(rules: Rules) -> dict | None:
    """The shipped record of the size's learned policy (``None``: the size ships none, or it does not read)."""
    stem = learned_stem(rules)
    if stem not in shipped_stems():
        return None
    try:
        return _SHIPPED.record(stem)
    except (OSError, ValueError):
        return None


def _learned_sizes() -> str:
    """The sizes that have a learned bot, in words: "four players and two players"."""
    sizes = []
    for stem in shipped_stems():
        try:
            sizes.append(players_text(Rules.from_dict(_SHIPPED.record(stem).get("rules") or {})))
        except (OSError, ValueError):
            continue
    return " and ".join(sizes) or "no table (no shipped policy reads)"


def size_note(rules: Rules | None = None) -> str:
    """Which learned bot the size has, and its strongest bot: "3-player Canasta has no learned bot yet: its
    strongest bot is expert"."""
    rules = DEFAULT_RULES if rules is None else rules
    has = learned_stem(rules) in shipped_stems()
    return (f"{size_text(rules)} Canasta {'has a learned bot' if has else 'has no learned bot yet'}: its strongest bot "
            f"is {strongest_bot(rules)}")


def learned_for(rules: Rules | None) -> str:
    """The stem of the shipped policy that plays ``rules``' table; a ``ValueError`` naming the sizes that have one
    and this size's strongest bot where it has none."""
    rules = DEFAULT_RULES if rules is None else rules
    if not isinstance(rules, Rules):
        raise ValueError(f"rules must be Canasta's Rules, got {type(rules).__name__}")
    stem = learned_stem(rules)
    if stem not in shipped_stems():
        raise ValueError(f"Canasta's learned bots play {_learned_sizes()}; {size_note(rules)}")
    return stem


def fit(name: str, bot: Any, rules: Rules | None) -> None:
    """Refuse a policy bot asked for a table size its file was not made for (``ValueError`` naming both)."""
    rules = DEFAULT_RULES if rules is None else rules
    if not isinstance(rules, Rules):
        raise ValueError(f"rules must be Canasta's Rules, got {type(rules).__name__}")
    made = recorded_rules(bot)
    if made is None or size_key(made) == size_key(rules):
        return
    if name == "learned":  # a shipped file whose record is not of the size its name says: a broken install
        raise ValueError(f"Canasta's learned bot for {players_text(rules)} ({learned_stem(rules)}.npz) records "
                         f"{players_text(made)}: reinstall footcanasta")
    raise ValueError(f"bot {name!r}: the policy file was made for {players_text(made)} (its recorded rules); "
                     f"{size_text(rules)} Canasta needs a policy of its own size ({size_note(rules)})")


_SHIPPED = ShippedPolicy(__package__, _DATA)


def _stamp() -> tuple:
    """The shipped files as they are now (sizes and times), every size's."""
    return files_stamp(_DATA, tuple(f"{stem}.{ext}" for stem in shipped_stems() for ext in ("npz", "json")))()


REGISTRY = BotRegistry(
    bots={"random": RandomBot, "greedy": GreedyBot, "expert": ExpertBot},
    strength=("expert", "greedy", "random"),
    loaders={"learned": _SHIPPED, "policy": policy_path_loader(__package__)},
    stamp=_stamp,
    notes={"random": "uniform legal play", "greedy": "melds everything it can",
           "expert": "the scripted club player", "learned": "the shipped policy",
           "policy:PATH": "an exported Canasta policy file"},
    fit=fit,
    learned_for=learned_for,
)
"""Canasta's bots."""

(BOTS, BOT_STRENGTH, register_bot, bot_names, known_names, check_bot_name, make_bot, _strongest,
 _hint) = REGISTRY.face()


def strongest_bot(rules: Rules | None = None) -> str:
    """The strongest bot for the size of ``rules`` (default four players): ``learned`` where that size ships one
    whose record shows it beating the expert (and it loads), else the strongest scripted bot."""
    if rules is None or size_key(rules) == size_key(DEFAULT_RULES):
        return _strongest()
    return REGISTRY._answer(f"strongest:{learned_stem(rules)}", lambda: _work_out_strongest(rules))


def _work_out_strongest(rules: Rules) -> str:
    record = _learned_record(rules)
    ci = ((record or {}).get("evaluation", {}).get(BOT_STRENGTH[0], {}).get("win_ci") or [0.0])
    if float(ci[0]) > 0.5:
        try:
            make_bot("learned", 0, rules=rules)
            return "learned"
        except (OSError, ValueError) as e:  # a broken install must not stop a table: the expert plays, said aloud
            warnings.warn(f"Canasta's learned bot for {players_text(rules)} could not be loaded ({e}); the strongest "
                          "scripted bot plays instead", stacklevel=3)
    return next(n for n in BOT_STRENGTH if n in BOTS)


def hint_bot_name(rules: Rules | None = None) -> str:
    """The bot that gives hints at the size of ``rules``: the strongest one there (Canasta has no search)."""
    if rules is None or size_key(rules) == size_key(DEFAULT_RULES):
        return _hint()
    return strongest_bot(rules)
