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


def _times(card: str, n: int, times: str) -> str:
    return card if n == 1 else f"{card}{times}{n}"


def meld_short(m: Meld, times: str = "×") -> str:
    """A meld in a few characters: ``Q×6`` (six queens), ``A×4+2`` (four aces and a two), ``7×2+2+JK``."""
    r, nat, two, jk = m
    parts = [_times(KINDS[r], nat, times)]
    if two:
        parts.append(_times(KINDS[TWO], two, times))
    if jk:
        parts.append(_times(KINDS[JOKER], jk, times))
    return "+".join(parts)


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


def _count_of(k: str, n: int, w: Words) -> str:
    """``2 natural``: how many canastas of a kind (the kind agrees with the number in every language)."""
    if k == "natural":
        return w.ngettext("{n} natural", "{n} natural", n).format(n=w.num(n))
    return w.ngettext("{n} mixed", "{n} mixed", n).format(n=w.num(n))


def canastas_text(melds: Sequence[Meld], times: str = "×", w: Words = EN) -> str:
    """The canastas of a partnership by kind, with their sizes: ``canastas: 1 natural (K×7), 2 mixed (7×8 A×7)``."""
    done = [m for m in melds if is_canasta(m)]
    if not done:
        return w._("no canasta yet")
    parts = []
    for k in ("natural", "mixed"):
        ranks = [f"{KINDS[m[0]]}{times}{size(m)}" for m in done if kind(m) == k]
        if ranks:
            parts.append(f"{_count_of(k, len(ranks), w)} ({' '.join(ranks)})")
    return w._("canastas: {list}").format(list=", ".join(parts))
