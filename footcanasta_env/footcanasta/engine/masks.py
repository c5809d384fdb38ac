"""Lookup tables behind the engine's incremental legal-action masks.

A mask is a Python int with bit ``i`` set when action ``i`` is legal. Each natural rank's meld/add bits
come from a table indexed by (cards of the rank held, capped at 3) and the state of the partnership's
meld of that rank; the wild meld's from (twos, jokers held, capped at 3) and whether a wild meld is open.
``mask_to_list`` turns a mask into ascending ids, 12 bits at a time.
"""

from __future__ import annotations

from ...family.cards import BLACK3, NUM_KINDS, NUM_MELD_RANKS, NUM_NATURAL
from ..actions import (
    ADD_BASE,
    ADD_WILD_BASE,
    DISCARD_ID,
    DRAW_ID,
    LAYDOWN_ID,
    MELD_BASE,
    NUM_ACTIONS,
    PICKUP_ID,
    WILD_MELD_BASE,
)


def _natural_rank_bits(r: int) -> list[int]:
    """Action bits of natural rank r as if a two and a joker were held, by min(count,3)*3 + meld state.

    Meld state: 0 no incomplete meld of the rank, 1 one that cannot take a wild card (rule 5.1), 2 one that can.
    Whether a two or joker is really held is applied afterwards by ``WILD_FILTER``, so a change in the
    wild cards held never invalidates the natural ranks.
    """
    table = []
    for key in range(12):
        n, ms = divmod(key, 3)
        offsets: list[int] = []
        if ms == 0:
            base = MELD_BASE + 3 * r
            if n >= 3:
                offsets.append(base)
            if n >= 2:
                offsets += [base + 1, base + 2]
        else:
            base = ADD_BASE + 3 * r
            if n:
                offsets.append(base)
            if ms == 2:
                offsets += [base + 1, base + 2]
        table.append(sum(1 << a for a in offsets))
    return table


def _wild_filter(has2: bool, hasj: bool) -> int:
    drop = 0
    for r in range(NUM_NATURAL):
        for base in (MELD_BASE + 3 * r, ADD_BASE + 3 * r):
            if not has2:
                drop |= 1 << (base + 1)
            if not hasj:
                drop |= 1 << (base + 2)
    return ((1 << NUM_ACTIONS) - 1) & ~drop


WILD_FILTER = [_wild_filter(bool(i & 1), bool(i & 2)) for i in range(4)]  # index: has2 + 2 * hasJK


def _wild_rank_bits() -> list[int]:
    """Action bits of the wild rank, indexed by min(twos,3)*8 + min(jokers,3)*2 + has incomplete wild meld."""
    table = []
    for key in range(32):
        n2, rest = divmod(key, 8)
        nj, inc = divmod(rest, 2)
        bits = 0
        if inc:
            bits |= (1 << ADD_WILD_BASE) if n2 else 0
            bits |= (1 << (ADD_WILD_BASE + 1)) if nj else 0
        else:
            for i, (two, jk) in enumerate(((3, 0), (2, 1), (1, 2), (0, 3))):
                if n2 >= two and nj >= jk:
                    bits |= 1 << (WILD_MELD_BASE + i)
        table.append(bits)
    return table


# Table offsets by a count of cards, so that the hot paths index rather than cap: min(n, 3) times the
# stride of the count in NAT_FLAT (3) or WILD_BITS (8 for twos, 2 for jokers).
NAT_KEY = [min(n, 3) * 3 for n in range(64)]
TWO_KEY = [min(n, 3) * 8 for n in range(64)]
JK_KEY = [min(n, 3) * 2 for n in range(64)]


def fit_count_keys(most: int) -> None:
    """Make the count offsets reach ``most`` cards of one kind (only games with many decks need it).

    Grow-only, shared by every game: ``State()`` calls it for a game whose decks could put 64 or more
    cards of one kind in a hand. Growing appends only the capped offset (``3 * stride``), so no entry
    that a game already reads ever changes and a game with fewer decks reads a prefix it always had;
    the tables stay module globals, which the hot paths index directly (a table per deck count would
    cost them an attribute lookup per use).
    """
    for key, stride in ((NAT_KEY, 3), (TWO_KEY, 8), (JK_KEY, 2)):
        key.extend([3 * stride] * (most + 1 - len(key)))


NAT_BITS = [_natural_rank_bits(r) for r in range(NUM_NATURAL)]
NAT_FLAT = [bits for r in range(NUM_NATURAL) for bits in NAT_BITS[r]]  # index r*12 + min(n,3)*3 + state
RANKS_OF = [tuple(r for r in range(NUM_NATURAL) if d >> r & 1) for d in range(1 << NUM_NATURAL)]
WILD_BITS = _wild_rank_bits()
ALL_RANKS = (1 << NUM_MELD_RANKS) - 1
KIND_BITS = tuple(1 << k for k in range(NUM_KINDS))
RANK_BASES = tuple(r * 12 for r in range(NUM_NATURAL))  # NAT_FLAT offset of each natural rank
NO_MELDS = (0,) * NUM_MELD_RANKS  # the meld states of an empty meld structure
NATURAL_RANKS = (1 << NUM_NATURAL) - 1
DRAW_BIT = 1 << DRAW_ID
PICKUP_BIT = 1 << PICKUP_ID
LAYDOWN_BIT = 1 << LAYDOWN_ID
DISCARD_SHIFT = DISCARD_ID[0]
B3_DISCARD_BIT = 1 << DISCARD_ID[BLACK3]
assert all(DISCARD_ID[k] == DISCARD_SHIFT + k for k in range(13))
LOW13 = (1 << 13) - 1
# Discard bits by the bits of the kinds held (15 bits, red three included: it never has a discard).
DISCARD_BITS = [(hb & LOW13) << DISCARD_SHIFT | (B3_DISCARD_BIT if hb >> BLACK3 & 1 else 0) for hb in range(1 << 15)]

# Legal-action ids by mask, read 12 bits at a time from precomputed tables (8 x 4096 small tuples).
BLOCK = 12
BLOCK_TABLES = [
    [tuple(base + i for i in range(BLOCK) if bits >> i & 1) for bits in range(1 << BLOCK)]
    for base in range(0, NUM_ACTIONS, BLOCK)
]
assert len(BLOCK_TABLES) == 8
T0, T1, T2, T3, T4, T5, T6, T7 = BLOCK_TABLES


def mask_to_list(m: int) -> list[int]:
    """The ids of the set bits of an action bit mask, ascending, as a new list.

    ``Game.legal_actions`` writes this out. There is no memo: most masks are new, and a memo's misses cost
    more than its hits save (docs/benchmarks.md has the figure).
    """
    return [*T0[m & 4095], *T1[m >> 12 & 4095], *T2[m >> 24 & 4095], *T3[m >> 36 & 4095],
            *T4[m >> 48 & 4095], *T5[m >> 60 & 4095], *T6[m >> 72 & 4095], *T7[m >> 84]]
