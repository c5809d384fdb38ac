"""The seats and sides of a Canasta table in words, at any size of section 14 (the geometry's names).

At four players these are the family's own words (``family.text``: South, West, North, East; South/North and
West/East), unchanged; at two, three and six players the seat names come from ``canasta.geometry(rules)`` and a
side is its seats' names joined by "/", each translated ("South" at a table where each plays alone).
"""

from __future__ import annotations

from typing import Any

from ...family.geometry import Geometry
from ...family.text import says as family_says
from ...family.text import team_name
from ...family.text import who as family_who
from ...i18n import Words
from ...messages import N_
from ..rules import Rules, table_of

SIX_SEAT_IDS = (N_("Southwest"), N_("Northwest"), N_("Northeast"), N_("Southeast"))
"""The names of the six-seat table's own seats (``rules.SEAT_NAMES_OF``), for the catalogs to translate."""


def four(rules: Rules | None) -> bool:
    """Whether ``rules`` are (or ``None`` stands for) the four-player table the family's words name."""
    return rules is None or (rules.players == 4 and rules.sides == 2)


def table(rules: Rules | None) -> Geometry:
    """The geometry of ``rules`` (``None``: four players)."""
    return table_of(rules if rules is not None else Rules())


def seat(s: int, w: Words, rules: Rules | None = None) -> str:
    """A seat's name in the reader's language."""
    return w._(table(rules).seat_names[s])


def side(t: int, w: Words, rules: Rules | None = None) -> str:
    """A side's name: its seats' names joined by "/" (four players: the family's partnership names)."""
    if four(rules):
        return team_name(t, w)
    geo = table(rules)
    return "/".join(w._(geo.seat_names[s]) for s in geo.sides[t])


def who(s: int, viewer: int, w: Words, rules: Rules | None = None) -> str:
    """``You`` for the viewer, else the seat's name."""
    if four(rules):
        return family_who(s, viewer, w)
    return w._("You") if s == viewer else seat(s, w, rules)


def says(s: int, viewer: int, w: Words, you: str, other: str, rules: Rules | None = None, **params: Any) -> str:
    """The sentence ``you`` when the viewer acted, else ``other`` with ``{who}`` the seat's name."""
    if four(rules):
        return family_says(s, viewer, w, you, other, **params)
    if s == viewer:
        return w._(you).format(**params)
    return w._(other).format(who=seat(s, w, rules), **params)


def side_of(s: int, rules: Rules | None) -> int:
    """The side a seat plays for."""
    return table(rules).side_of(s)


def sides_from(own: int, rules: Rules | None) -> list[int]:
    """Every side, the viewer's (``own``) first, then the others in order."""
    n = len(table(rules).sides)
    return [own] + [t for t in range(n) if t != own]


def others(viewer: int, rules: Rules | None) -> list[int]:
    """The other seats in the order of play from ``viewer``."""
    geo = table(rules)
    return [s for s in geo.clockwise_from(viewer) if s != viewer]


def final_text(scores: Any, w: Words, rules: Rules | None = None) -> str:
    """The game's result in words, for the person at seat 0 (four players: the family's own words)."""
    if four(rules):
        from ...family.text import final_text as family_final

        return family_final(scores, w=w)
    geo = table(rules)
    line = w._("Final scores: {scores}.").format(
        scores=", ".join(f"{side(t, w, rules)} {w.num(v)}" for t, v in enumerate(scores))) + " "
    best = max(scores)
    top = [t for t, v in enumerate(scores) if v == best]
    if len(top) > 1:
        return line + w._("A draw.")
    if top[0] == geo.side_of(0):
        return line + (w._("You win!") if len(geo.sides[top[0]]) == 1 else
                       w._("You and {partners} win!").format(
                           partners=w.join([seat(s, w, rules) for s in geo.sides[top[0]] if s != 0])))
    if len(geo.sides[top[0]]) == 1:
        return line + w._("{seat} wins.").format(seat=side(top[0], w, rules))
    return line + w._("{team} win.").format(team=side(top[0], w, rules))
