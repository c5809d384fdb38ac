"""Which bots sit at a person's table: the requested ones, or the strongest that loads, never silently weaker.

The default partner and opponents are the game's ``strongest_bot()``. A name the game does not know is
refused (``ValueError`` with the known names); a known bot that cannot be loaded (a missing policy file)
is replaced by the strongest bot that does load, and ``notes`` say which one plays and why: a person who
asked for the learned bot must not end up playing the expert without knowing. The terminal and the
browser seat their bots through ``choose_bots`` alike.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..seats import SEAT_NAMES

PARTNER, OPPONENTS = (2,), (1, 3)


@dataclass
class Lineup:
    """The bots of seats 1 to 3, the names asked for, and a line for each fallback."""

    bots: dict[int, Any]
    asked: dict[int, str]
    notes: list[str] = field(default_factory=list)
    fallback_from: dict[int, str] = field(default_factory=dict)


def _are(seats: list[int], bot: str) -> str:
    """``North is the expert bot``, ``West and East are expert bots``."""
    names = [SEAT_NAMES[s] for s in sorted(seats)]
    if len(names) == 1:
        return f"{names[0]} is the {bot} bot"
    return f"{', '.join(names[:-1])} and {names[-1]} are {bot} bots"


def _why_not_learned(game: Any, best: str) -> str | None:
    """Why the strongest bot is not the game's ``learned``, when the game ships one and it is not."""
    if best == "learned":
        return None
    try:
        game.check_bot_name("learned")
    except ValueError:  # the game ships no learned bot
        return None
    try:
        game.make_bot("learned", 0)
    except Exception as e:  # noqa: BLE001 - any load failure is the reason to report
        return f"the learned bot could not be loaded ({e})"
    return "the learned bot's recorded results do not show it beating the scripted bots"


def choose_bots(game: Any, wanted: dict[int, str | None], seeds: dict[int, int]) -> Lineup:
    """Bots of ``game`` for the seats of ``wanted`` (None: the strongest), seeded by ``seeds``."""
    best = game.strongest_bot()
    asked = {s: game.check_bot_name(n) if n is not None else best for s, n in wanted.items()}
    bots: dict[int, Any] = {}
    fallback: dict[int, str] = {}
    failed: dict[str, tuple[list[int], str, str]] = {}  # requested name -> seats, reason, bot used
    for seat, name in asked.items():
        try:
            bots[seat] = game.make_bot(name, seeds[seat])
            continue
        except Exception as e:  # noqa: BLE001 - a bot that does not load: fall back, and say so below
            reason = str(e) or type(e).__name__
        instead = best if best != name else "random"
        bots[seat] = game.make_bot(instead, seeds[seat])
        fallback[seat] = name
        failed.setdefault(name, ([], reason, instead))[0].append(seat)
    notes = [f"The {name} bot could not be loaded ({reason}); {_are(seats, instead)} instead."
             for name, (seats, reason, instead) in failed.items()]
    why = _why_not_learned(game, best)
    if why and "learned" not in failed:
        defaults = [s for s, n in wanted.items() if n is None]
        then = f"{_are(defaults, best)} instead" if defaults else f"hints come from the {game.hint_bot_name()} bot"
        notes.append(f"{why[0].upper()}{why[1:]}, so {then}.")
    return Lineup(bots=bots, asked=asked, notes=notes, fallback_from=fallback)
