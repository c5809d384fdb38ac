"""Which bots sit at the table: the requested ones, or the strongest that loads, never silently weaker.

The default partner and opponents are ``strongest_bot()`` (the shipped ``learned`` policy when it loads
and its record beats the expert). When a bot cannot be loaded (a missing policy file, no torch), the game
still starts with the strongest bot that does load, and ``notes`` say which one plays and why: a person
who asked for the learned bot must not end up playing the expert without knowing.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..bots import Bot, bot_names, make_bot, strongest_bot
from ..bots.registry import hint_bot_name
from ..seats import SEAT_NAMES


@dataclass
class Lineup:
    """The bots of seats 1 to 3 (and the hint bot), with a line for each fallback."""

    bots: dict[int, Bot]
    hint: Bot
    notes: list[str] = field(default_factory=list)
    fallback_from: dict[int, str] = field(default_factory=dict)


def _known(name: str) -> bool:
    low = name.strip().lower()
    return low in bot_names() or low == "learned" or low.startswith("policy:")


def _are(seats: list[int], bot: str) -> str:
    """``North is the expert bot``, ``West and East are expert bots``."""
    names = [SEAT_NAMES[s] for s in sorted(seats)]
    if len(names) == 1:
        return f"{names[0]} is the {bot} bot"
    return f"{', '.join(names[:-1])} and {names[-1]} are {bot} bots"


def _why_not_learned(best: str) -> str | None:
    """Why ``strongest_bot()`` is not ``learned``, when it is not."""
    if best == "learned":
        return None
    try:
        make_bot("learned", 0)
    except Exception as e:  # noqa: BLE001 - any load failure is the reason to report
        return f"the learned bot could not be loaded ({e})"
    return "the learned bot's recorded results do not show it beating the expert"


def choose_bots(wanted: dict[int, str | None], seeds: dict[int, int]) -> Lineup:
    """Bots for the seats of ``wanted`` (None: the strongest), seeded by ``seeds`` (seat 4: the hint bot)."""
    best = strongest_bot()
    bots: dict[int, Bot] = {}
    fallback: dict[int, str] = {}
    failed: dict[str, tuple[list[int], str, str]] = {}  # requested name -> seats, reason, bot used
    for seat, name in wanted.items():
        if name is None:
            bots[seat] = make_bot(best, seeds[seat])
            continue
        if not _known(name):
            make_bot(name, seeds[seat])  # raises the registry's "unknown bot" error with the known names
        try:
            bots[seat] = make_bot(name, seeds[seat])
            continue
        except Exception as e:  # noqa: BLE001 - a bot that does not load: fall back, and say so below
            reason = str(e) or type(e).__name__
        instead = best if best != name.strip().lower() else "random"
        bots[seat] = make_bot(instead, seeds[seat])
        fallback[seat] = name
        failed.setdefault(name, ([], reason, instead))[0].append(seat)
    notes = []
    for name, (seats, reason, instead) in failed.items():
        notes.append(f"The {name} bot could not be loaded ({reason}); {_are(seats, instead)} instead.")
    why = _why_not_learned(best)
    if why and "learned" not in failed:
        defaults = [s for s, n in wanted.items() if n is None]
        then = f"{_are(defaults, best)} instead" if defaults else f"hints come from the {best} bot"
        notes.append(f"{why[0].upper()}{why[1:]}, so {then}.")
    hint = make_bot(hint_bot_name(), seeds[4])  # the strongest that answers within a person's wait
    return Lineup(bots=bots, hint=hint, notes=notes, fallback_from=fallback)
