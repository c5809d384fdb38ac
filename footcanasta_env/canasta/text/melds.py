"""Canasta's melds in words: a meld's cards, its short form, its kind (natural or mixed) and canasta state.

A meld is the engine's ``(rank, naturals, twos, jokers)`` of a ``View`` (rank 0-10: 4 .. A); every
partnership has at most one meld of a rank (rule 5.4), so melds are compared rank by rank.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...family.cards import JOKER, KINDS, TWO
from ...i18n import Words, words
from ...messages import N_
from ..rules import CANASTA_SIZE

Meld = tuple[int, int, int, int]
EN = words()


def size(m: Meld) -> int:
    """How many cards the meld holds."""
    return m[1] + m[2] + m[3]


def is_canasta(m: Meld) -> bool:
    """Seven cards or more (rule 5.5)."""
    return size(m) >= CANASTA_SIZE


def kind(m: Meld) -> str:
    """``natural`` while the meld holds no wild card, else ``mixed`` (rule 5.5)."""
    return "mixed" if m[2] + m[3] else "natural"


def meld_cards(m: Meld) -> str:
    """The meld's cards, naturals first: ``K K K K 2``."""
    r, nat, two, jk = m
    return " ".join([KINDS[r]] * nat + [KINDS[TWO]] * two + [KINDS[JOKER]] * jk)




def melds_inline(melds: Sequence[Meld]) -> str:
    """Melds on one line, separated by bars."""
    return " | ".join(meld_cards(m) for m in melds)


def melds_value(melds: Sequence[Meld], values: Sequence[int]) -> int:
    """The card values of the melds (what counts toward the initial meld, rule 7.1)."""
    return sum(nat * values[r] + two * values[TWO] + jk * values[JOKER] for r, nat, two, jk in melds)


def by_rank(melds: Sequence[Meld]) -> dict[int, Meld]:
    """The melds keyed by rank (one per rank, rule 5.4)."""
    return {m[0]: m for m in melds}


def changed(before: Sequence[Meld], after: Sequence[Meld]) -> list[tuple[Meld | None, Meld]]:
    """The melds that are new or grew from ``before`` to ``after``, each with what it was (None: new)."""
    old = by_rank(before)
    return [(old.get(m[0]), m) for m in after if old.get(m[0]) != m]


def added_cards(old: Meld | None, new: Meld) -> str:
    """The cards that went into a meld, naturals first: ``K 2``."""
    o = old or (new[0], 0, 0, 0)
    return meld_cards((new[0], new[1] - o[1], new[2] - o[2], new[3] - o[3]))


def canasta_events(before: Sequence[Meld], after: Sequence[Meld], w: Words = EN) -> list[tuple[str, bool]]:
    """Canastas completed, and natural canastas made mixed, between two states of a partnership's melds:
    (``a natural canasta of K``, False), (``the canasta of 7 became mixed``, True): True when it became mixed."""
    old = by_rank(before)
    out = []
    for m in after:
        o = old.get(m[0])
        if is_canasta(m) and (o is None or not is_canasta(o)):
            one = N_("a mixed canasta of {rank}") if kind(m) == "mixed" else N_("a natural canasta of {rank}")
            out.append((w._(one).format(rank=KINDS[m[0]]), False))
        elif o is not None and is_canasta(o) and kind(o) == "natural" and kind(m) == "mixed":
            out.append((w._("the canasta of {rank} became mixed").format(rank=KINDS[m[0]]), True))
    return out


def _sized(m: Meld, w: Words) -> str:
    """``K, 7 cards``: a canasta's rank and its size in words (a number beside a rank would read as a card)."""
    return w.ngettext("{rank}, {n} card", "{rank}, {n} cards", size(m)).format(rank=KINDS[m[0]], n=w.num(size(m)))


def canastas_text(melds: Sequence[Meld], w: Words = EN) -> str:
    """The canastas of a partnership by kind, with their ranks and sizes in words:
    ``canastas: natural (K, 7 cards); mixed (7, 8 cards; A, 7 cards)``."""
    done = [m for m in melds if is_canasta(m)]
    if not done:
        return w._("no canasta yet")
    natural = "; ".join(_sized(m, w) for m in done if kind(m) == "natural")
    mixed = "; ".join(_sized(m, w) for m in done if kind(m) == "mixed")
    parts = ([w._("natural ({list})").format(list=natural)] if natural else []) + (
        [w._("mixed ({list})").format(list=mixed)] if mixed else [])
    return w._("canastas: {list}").format(list="; ".join(parts))
