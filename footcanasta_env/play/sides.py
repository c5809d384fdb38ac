"""How the terminal names a table's seats and sides and tells their scores, for any geometry.

Every line the terminal writes about who sits where or how the sides stand is built here from the game's
``Geometry`` (``footcanasta_env.family.geometry``): the person at seat 0, their partners (a table may have
none) and the other sides' seats, each seat and side named by the geometry and translated through the
catalogs (the four-seat names are there; a name the catalogs lack is shown as the game gives it). Scores
are one per side, in the geometry's order of sides.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..i18n import Words
from ..table import HUMAN
from ..table.lineup import are


def scores_to(w: Words, scores: Sequence[float]) -> str:
    """Every side's score, in order, as the language says "a to b" (``2310 to 1875``, ``5 to 3 to 0``)."""
    told = [w.num(s) for s in scores]
    out = told[0] if told else ""
    for nxt in told[1:]:
        out = w._("{a} to {b}").format(a=out, b=nxt)
    return out


def side_scores(w: Words, table: Any, scores: Sequence[float]) -> str:
    """Each side's name and score (``South/North 120, West/East 80``): one per side of ``table``."""
    if len(scores) != table.num_sides:
        raise ValueError(f"{table.num_sides} sides need {table.num_sides} scores, got {len(scores)}")
    return ", ".join(f"{w._(name)} {w.num(s)}" for name, s in zip(table.side_names, scores, strict=True))


def _by_bot(seats: Sequence[int], bots: Mapping[int, Any]) -> list[tuple[str, list[int]]]:
    """The seats grouped by the name of the bot at each, groups in the order of their first seat."""
    groups: dict[str, list[int]] = {}
    for s in seats:
        groups.setdefault(bots[s].name, []).append(s)
    return list(groups.items())


def lineup_text(w: Words, table: Any, bots: Mapping[int, Any]) -> str:
    """Who the person plays with and against: ``North (expert bot) is your partner; West and East are random
    bots`` (the clauses for partners, if any, then for the opponents, by the geometry's seat names)."""
    names = table.seat_names
    clauses = []
    for bot, seats in _by_bot(table.partners(HUMAN), bots):
        if len(seats) == 1:
            clauses.append(w._("{seat} ({bot} bot) is your partner").format(seat=w._(names[seats[0]]), bot=bot))
        else:
            clauses.append(w._("{seats} ({bot} bots) are your partners").format(
                seats=w.join([w._(names[s]) for s in seats]), bot=bot))
    them = [are(seats, bot, w, names) for bot, seats in _by_bot(table.opponents(HUMAN), bots)]
    if them:
        clauses.append(w.join(them))
    return "; ".join(clauses)
