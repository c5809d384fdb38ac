"""Melds as plain tuples: the one home of a meld's text, card value and canasta kind.

A meld is ``(rank, naturals, twos, jokers)``: rank 0-10 for a natural meld (4 .. A), ``WILD_RANK`` (11)
for a meld of wild cards only. Every module that shows, scores or counts melds goes through here.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..family.cards import JOKER, NUM_NATURAL, TWO, WILD_RANK, format_cards
from .rules import CANASTA_SIZE

Meld = tuple[int, int, int, int]
"""A meld as (rank, naturals, twos, jokers); rank 0-10 natural, 11 wild."""

CANASTA_KINDS = ("clean", "dirty", "wild")


def meld_size(m: Meld) -> int:
    """Cards in the meld."""
    return m[1] + m[2] + m[3]


def is_canasta(m: Meld) -> bool:
    """Whether the meld is a complete canasta (rule 6)."""
    return m[1] + m[2] + m[3] == CANASTA_SIZE


def meld_kind(m: Meld) -> str:
    """``"wild"`` for a wild meld, ``"dirty"`` for a natural meld holding a wild card, else ``"clean"``."""
    r, _, two, jk = m
    if r == WILD_RANK:
        return "wild"
    return "dirty" if two + jk else "clean"


def meld_value(m: Meld, values: Sequence[int]) -> int:
    """Card value of one meld's cards (rule 9.1), with ``values`` indexed by card kind."""
    r, nat, two, jk = m
    return (nat * values[r] if r < NUM_NATURAL else 0) + two * values[TWO] + jk * values[JOKER]


def melds_value(melds: Iterable[Meld], values: Sequence[int]) -> int:
    """Card value of several melds: what counts toward the initial-meld minimum (rule 7.1)."""
    return sum(meld_value(m, values) for m in melds)


def count_canastas(melds: Iterable[Meld]) -> tuple[int, int, int]:
    """Complete canastas among ``melds``: (clean, dirty, wild)."""
    counts = [0, 0, 0]
    for m in melds:
        if is_canasta(m):
            counts[CANASTA_KINDS.index(meld_kind(m))] += 1
    return counts[0], counts[1], counts[2]


def meld_string(r: int, nat: int, two: int, jk: int) -> str:
    """Canonical text of a meld, e.g. ``"K K K 2"``."""
    kinds = ([r] * nat if r < NUM_NATURAL else []) + [TWO] * two + [JOKER] * jk
    return format_cards(kinds)
