"""Canasta's bots by name: a ``BotRegistry`` (``footcanasta_env.family.botregistry``) of its own.

``REGISTRY`` holds ``random``, ``greedy`` and ``expert`` (strongest first among the scripted ones: expert,
greedy, random), ``learned`` (the shipped policy, ``data/learned.npz``) and ``policy:PATH`` (any exported
Canasta policy file), both built by ``policy.py`` only when asked for, so importing the registry loads no
weights. The module-level names are its methods, but for the table sizes of section 14.

Sizes: ``make_bot(name, seed=None, rules=None)`` builds a bot for the table of ``rules`` (the default: four
players). ``random``, ``greedy`` and ``expert`` play every size; a policy plays only the size its file
records (its ``rules``), so ``learned`` (a four-player policy) and a ``policy:PATH`` of another size are
refused by name, saying which bot that size has instead (``size_note``). ``strongest_bot(rules=None)``
(and ``hint_bot_name``, the same bot: Canasta has no search) is ``learned`` only at the size it was made
for and when its shipped record (``data/learned.json``) shows it beating the expert, the lower end of its
95% interval above one half; else ``expert``. The answers are kept until the shipped files change.
"""

from __future__ import annotations

from importlib import resources
from typing import Any

from ...family.botregistry import BotRegistry, ShippedPolicy, files_stamp, policy_path_loader
from ..rules import DEFAULT_RULES, Rules
from .expert import ExpertBot
from .simple import GreedyBot, RandomBot

_SHIPPED_FILES = ("learned.npz", "learned.json")
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


def _learned_rules() -> Rules | None:
    """The rules of the shipped policy's record, or ``None`` when there is none that reads."""
    try:
        return Rules.from_dict(ShippedPolicy(__package__, _DATA).record().get("rules") or {})
    except (OSError, ValueError):
        return None


def size_note(rules: Rules | None = None) -> str:
    """Which learned bot the size has, and its strongest bot: "2-player Canasta has no learned bot yet: its
    strongest bot is expert"."""
    rules = DEFAULT_RULES if rules is None else rules
    learned = _learned_rules()
    has = learned is not None and size_key(learned) == size_key(rules)
    return (f"{size_text(rules)} Canasta {'has a learned bot' if has else 'has no learned bot yet'}: its strongest bot "
            f"is {strongest_bot(rules)}")


def fit(name: str, bot: Any, rules: Rules | None) -> None:
    """Refuse a policy bot asked for a table size its file was not made for (``ValueError`` naming both)."""
    rules = DEFAULT_RULES if rules is None else rules
    if not isinstance(rules, Rules):
        raise ValueError(f"rules must be Canasta's Rules, got {type(rules).__name__}")
    made = recorded_rules(bot)
    if made is None or size_key(made) == size_key(rules):
        return
    if name == "learned":
        raise ValueError(f"Canasta's learned bot plays {players_text(made)}; {size_note(rules)}")
    raise ValueError(f"bot {name!r}: the policy file was made for {players_text(made)} (its recorded rules); "
                     f"{size_text(rules)} Canasta needs a policy of its own size ({size_note(rules)})")


REGISTRY = BotRegistry(
    bots={"random": RandomBot, "greedy": GreedyBot, "expert": ExpertBot},
    strength=("expert", "greedy", "random"),
    loaders={"learned": ShippedPolicy(__package__, _DATA), "policy": policy_path_loader(__package__)},
    stamp=files_stamp(_DATA, _SHIPPED_FILES),
    notes={"random": "uniform legal play", "greedy": "melds everything it can",
           "expert": "the scripted club player", "learned": "the shipped policy",
           "policy:PATH": "an exported Canasta policy file"},
    fit=fit,
)
"""Canasta's bots."""

(BOTS, BOT_STRENGTH, register_bot, bot_names, known_names, check_bot_name, make_bot, _strongest,
 _hint) = REGISTRY.face()


def strongest_bot(rules: Rules | None = None) -> str:
    """The strongest bot for the size of ``rules`` (default four players): ``learned`` only at its own size."""
    if rules is None or size_key(rules) == size_key(DEFAULT_RULES):
        return _strongest()
    learned = _learned_rules()
    if learned is not None and size_key(learned) == size_key(rules):
        return _strongest()
    return next(n for n in BOT_STRENGTH if n in BOTS)


def hint_bot_name(rules: Rules | None = None) -> str:
    """The bot that gives hints at the size of ``rules``: the strongest one there (Canasta has no search)."""
    if rules is None or size_key(rules) == size_key(DEFAULT_RULES):
        return _hint()
    return strongest_bot(rules)
