"""Which bots sit at a person's table: the requested ones, or the strongest that loads, never silently weaker.

The default partner and opponents are the game's ``strongest_bot()``. A name the game does not know is
refused (``ValueError`` with the known names); a known bot that cannot be loaded (a missing policy file)
is replaced by the strongest bot that does load, and ``notes`` say which one plays and why: a person who
asked for the learned bot must not end up playing the expert without knowing. The terminal and the
browser seat their bots through ``choose_bots`` alike.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..family.seats import SEAT_NAMES
from ..i18n import DEFAULT_LANG, Words, words
from ..messages import N_

Note = Callable[[Words], str]  # a note told in a language

PARTNER, OPPONENTS = (2,), (1, 3)


@dataclass
class Lineup:
    """The bots of seats 1 to 3, the names asked for, and a line for each fallback."""

    bots: dict[int, Any]
    asked: dict[int, str]
    notes: list[str] = field(default_factory=list)
    fallback_from: dict[int, str] = field(default_factory=dict)
    told: list[Note] = field(default_factory=list)  # the notes, to tell in any language

    def notes_in(self, lang: str = DEFAULT_LANG) -> list[str]:
        """The notes in ``lang`` (``notes`` are the English ones)."""
        return [note(words(lang)) for note in self.told] if self.told else list(self.notes)


def _are(seats: list[int], bot: str, w: Words) -> str:
    """``North is the expert bot``, ``West and East are expert bots``."""
    names = [w._(SEAT_NAMES[s]) for s in sorted(seats)]
    if len(names) == 1:
        return w._("{seat} is the {bot} bot").format(seat=names[0], bot=bot)
    return w._("{seats} are {bot} bots").format(seats=w.join(names), bot=bot)


def _why_not_learned(game: Any, best: str) -> tuple[str, str] | None:
    """Why the strongest bot is not the game's ``learned``, when the game ships one and it is not: the id of
    the reason and the load error ('' when it loads but its results do not beat the scripted bots)."""
    if best == "learned":
        return None
    try:
        game.check_bot_name("learned")
    except ValueError:  # the game ships no learned bot
        return None
    try:
        game.make_bot("learned", 0)
    except Exception as e:  # noqa: BLE001 - any load failure is the reason to report
        return N_("The learned bot could not be loaded ({error}), so {then}."), str(e)
    return N_("The learned bot's recorded results do not show it beating the scripted bots, so {then}."), ""


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
    told: list[Note] = [
        lambda w, name=name, seats=seats, reason=reason, instead=instead: w._(
            "The {bot} bot could not be loaded ({error}); {seats} instead.").format(
                bot=name, error=reason, seats=_are(seats, instead, w))
        for name, (seats, reason, instead) in failed.items()]
    why = _why_not_learned(game, best)
    if why and "learned" not in failed:
        defaults = [s for s, n in wanted.items() if n is None]
        hint = game.hint_bot_name()

        def then(w: Words) -> str:
            if defaults:
                return w._("{seats} instead").format(seats=_are(defaults, best, w))
            return w._("hints come from the {bot} bot").format(bot=hint)

        told.append(lambda w: w._(why[0]).format(error=why[1], then=then(w)))
    return Lineup(bots=bots, asked=asked, notes=[note(words()) for note in told], fallback_from=fallback, told=told)
