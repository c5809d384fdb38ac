"""Which bots sit at a person's table: the requested ones, or the strongest that loads, never silently weaker.

The person sits at seat 0; every other seat of the game's ``geometry`` holds a bot. ``wanted_bots`` says
which bot each seat asks for: the partner's name at the person's partners (a table may have none), the
opponents' name at the other sides' seats, and any seat named on its own. The default partner and
opponents are the game's ``strongest_bot()``. A name the game does not know is
refused (``ValueError`` with the known names); a known bot that cannot be loaded (a missing policy file)
is replaced by the strongest bot that does load, and ``notes`` say which one plays and why: a person who
asked for the learned bot must not end up playing the expert without knowing. The terminal and the
browser seat their bots through ``choose_bots`` alike, and the notes name the seats by the geometry's seat
names (in the reader's language when the catalogs know them).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..family.botregistry import sized_call
from ..i18n import DEFAULT_LANG, Words, words
from ..messages import N_

Note = Callable[[Words], str]  # a note told in a language

HUMAN = 0
"""The person's seat at every table: the first seat of the game's geometry."""


def wanted_bots(table: Any, partner: str | None = None, opponents: str | None = None,
                seats: Mapping[int, str | None] | None = None) -> dict[int, str | None]:
    """The bot each seat of ``table`` (a ``Geometry``) but the person's asks for (None: the strongest):
    ``partner`` at the person's partners, ``opponents`` at the other sides', ``seats`` per seat over both."""
    wanted = {s: partner for s in table.partners(HUMAN)} | {s: opponents for s in table.opponents(HUMAN)}
    for seat, name in (seats or {}).items():
        if seat not in wanted:
            others = ", ".join(str(s) for s in sorted(wanted))
            raise ValueError(f"no bot sits at seat {seat!r}: the bots' seats are {others}")
        wanted[seat] = name
    return wanted


@dataclass
class Lineup:
    """The bots of every seat but the person's, the names asked for, and a line for each fallback."""

    bots: dict[int, Any]
    asked: dict[int, str]
    notes: list[str] = field(default_factory=list)
    fallback_from: dict[int, str] = field(default_factory=dict)
    told: list[Note] = field(default_factory=list)  # the notes, to tell in any language

    def notes_in(self, lang: str = DEFAULT_LANG) -> list[str]:
        """The notes in ``lang`` (``notes`` are the English ones)."""
        return [note(words(lang)) for note in self.told] if self.told else list(self.notes)


def are(seats: Sequence[int], bot: str, w: Words, seat_names: Sequence[str]) -> str:
    """``North is the expert bot``, ``West and East are expert bots`` (the seats named by ``seat_names``)."""
    names = [w._(seat_names[s]) for s in sorted(seats)]
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


def choose_bots(game: Any, wanted: dict[int, str | None], seeds: dict[int, int], table: Any = None,
                rules: Any = None) -> Lineup:
    """Bots of ``game`` for the seats of ``wanted`` (None: the strongest at the table of ``rules``), seeded by
    ``seeds``; the notes name the seats as ``table`` does (a ``Geometry``; None: the game's at its default rules)."""
    names = (table if table is not None else game.geometry()).seat_names
    best = sized_call(game, game.strongest_bot, rules)
    asked = {s: game.check_bot_name(n) if n is not None else best for s, n in wanted.items()}
    bots: dict[int, Any] = {}
    fallback: dict[int, str] = {}
    failed: dict[str, tuple[list[int], str, str]] = {}  # requested name -> seats, reason, bot used
    for seat, name in asked.items():
        try:
            bots[seat] = sized_call(game, game.make_bot, rules, name, seeds[seat])
            continue
        except Exception as e:  # noqa: BLE001 - a bot that does not load: fall back, and say so below
            reason = str(e) or type(e).__name__
        instead = best if best != name else "random"
        bots[seat] = sized_call(game, game.make_bot, rules, instead, seeds[seat])
        fallback[seat] = name
        failed.setdefault(name, ([], reason, instead))[0].append(seat)
    told: list[Note] = [
        lambda w, name=name, seats=seats, reason=reason, instead=instead: w._(
            "The {bot} bot could not be loaded ({error}); {seats} instead.").format(
                bot=name, error=reason, seats=are(seats, instead, w, names))
        for name, (seats, reason, instead) in failed.items()]
    why = _why_not_learned(game, best) if rules is None or rules == game.Rules() else None
    if why and "learned" not in failed:
        defaults = [s for s, n in wanted.items() if n is None]
        hint = sized_call(game, game.hint_bot_name, rules)

        def then(w: Words) -> str:
            if defaults:
                return w._("{seats} instead").format(seats=are(defaults, best, w, names))
            return w._("hints come from the {bot} bot").format(bot=hint)

        told.append(lambda w: w._(why[0]).format(error=why[1], then=then(w)))
    return Lineup(bots=bots, asked=asked, notes=[note(words()) for note in told], fallback_from=fallback, told=told)
