"""Legal actions as an int bit mask (bit i set when action i is legal), worked out from the state's counts.

``update_legal`` computes the mask of the state and caches it in ``g._mask`` (every handler clears it);
the predicates below it are shared with ``explain``, which words the same checks as reasons. In the hot
paths ``p & 1`` is ``team_of(p)``.
"""

from __future__ import annotations

from ...cards import BLACK3, JOKER, NUM_KINDS, NUM_NATURAL, TWO
from ..actions import (
    ADD_IDS,
    DISCARD_ID,
    DRAW_ID,
    DRAW_PHASE,
    LAYDOWN_ID,
    MELD_B3_IDS,
    MELD_IDS,
    NUM_ACTIONS,
    PICKUP_ID,
)
from ..rules import CANASTA_SIZE, MAX_WILDS
from .state import State

DRAW_BIT = 1 << DRAW_ID
PICKUP_BIT = 1 << PICKUP_ID
LAYDOWN_BIT = 1 << LAYDOWN_ID
ADD_BITS = tuple(1 << a for a in ADD_IDS)  # the 'add R R' bit of each rank
DISCARD_BITS = tuple(1 << DISCARD_ID[k] if k in DISCARD_ID else 0 for k in range(NUM_KINDS))
NO_PICKUP, PICKUP_ADD, PICKUP_PAIR = 0, 1, 2

assert NUM_ACTIONS <= 96
# Legal-action ids by mask, read 12 bits at a time from precomputed tables (8 x 4096 small tuples).
BLOCK_TABLES = tuple(tuple(tuple(base + i for i in range(12) if bits >> i & 1) for bits in range(1 << 12))
                     for base in range(0, 96, 12))
T0, T1, T2, T3, T4, T5, T6, T7 = BLOCK_TABLES


def mask_to_list(m: int) -> list[int]:
    """The ids of the set bits of an action bit mask, ascending, as a new list."""
    return [*T0[m & 4095], *T1[m >> 12 & 4095], *T2[m >> 24 & 4095], *T3[m >> 36 & 4095],
            *T4[m >> 48 & 4095], *T5[m >> 60 & 4095], *T6[m >> 72 & 4095], *T7[m >> 84]]


def minimum(g: State, t: int) -> int:
    """Partnership t's initial-meld minimum this round, from its total at the start of the round (rule 7.1)."""
    return g.rules.minimum(g.scores[t])


def held(g: State, p: int) -> int:
    """Cards seat p holds, its set-aside cards included (rule 7.2)."""
    t = p & 1
    return g.htot[p] + (g.mcards[t] if p == g.current_player and not g.down[t] else 0)


def update_legal(g: State) -> int:
    """Compute the legal actions of the state, store them in ``g._mask`` and return them."""
    if g.is_over:
        g._mask = 0
        return 0
    p = g.current_player
    t = p & 1
    down = g.down[t]
    if g.phase_id == DRAW_PHASE:
        m = DRAW_BIT  # rule 3.1: with an empty stock it ends the round
        if pickup_mode(g, p, t) and pickup_keeps_cards(g, p, t):
            m |= PICKUP_BIT
        if not down:
            m |= meld_bits(g, p, t, g.htot[p] + 10)  # rule 7.3: melds may be set aside before a pickup
    else:
        h = g.hand[p]
        n = held(g, p)
        m = meld_bits(g, p, t, n if down else n + 10)  # setting aside keeps the cards held
        if down:
            if h[BLACK3] >= 3:
                for ident, used in zip(MELD_B3_IDS, (3, 4), strict=True):
                    if h[BLACK3] >= used and n - used <= 1 and may_end_with(g, t, n - used, -1, 0, 0, h, BLACK3, used):
                        m |= 1 << ident
        elif g.mcards[t] and g.mval[t] >= minimum(g, t) and (
                g.htot[p] >= 2 or may_end_with(g, t, g.htot[p], -1, 0, 0, h, -1, 0)):
            m |= LAYDOWN_BIT
        if n >= 2 or down and has_canasta(g, t):  # rules 6.1, 8.1
            aside = not down and g.mcards[t]
            for k in range(NUM_KINDS):
                if h[k] or aside and aside_count(g, t, k):
                    m |= DISCARD_BITS[k]
    g._mask = m
    return m


def meld_bits(g: State, p: int, t: int, n: int) -> int:
    """Meld and add bits of seat p against partnership t's melds, holding n cards (rule 6.1 when n < 5)."""
    h = g.hand[p]
    sizes = g.msize[t]
    twos = h[TWO]
    jokers = h[JOKER]
    if n >= 5:  # no meld or add can leave fewer than two cards: rule 6.1 holds
        return roomy_meld_bits(g, t, h, sizes, twos, jokers)
    m = 0
    for r in range(NUM_NATURAL):
        c = h[r]
        if sizes[r]:
            if not (c or twos or jokers):
                continue
            base = ADD_IDS[r]
            room = g.mtwo[t][r] + g.mjk[t][r] < MAX_WILDS  # rule 5.1
            for i, ok, kind in ((0, c, r), (1, twos and room, TWO), (2, jokers and room, JOKER)):
                if ok and (n >= 3 or may_end_with(g, t, n - 1, r, 1, i > 0, h, kind, 1)):
                    m |= 1 << (base + i)
        elif c >= 2:
            base = MELD_IDS[r]
            for i, ok, wild in ((0, c >= 3, -1), (1, twos, TWO), (2, jokers, JOKER)):
                if ok and (n >= 5 or may_end_with(g, t, n - 3, r, 3, i > 0, h, r, 3 if i == 0 else 2, wild)):
                    m |= 1 << (base + i)
    return m


def roomy_meld_bits(g: State, t: int, h: list[int], sizes: list[int], twos: int, jokers: int) -> int:
    """``meld_bits`` for a player holding five cards or more: only the cards and rule 5.1 decide."""
    m = 0
    wild = twos or jokers
    wild_bits = (2 if twos else 0) | (4 if jokers else 0)
    mtwo = g.mtwo[t]
    mjk = g.mjk[t]
    for r in range(NUM_NATURAL):
        c = h[r]
        if sizes[r]:
            if c:
                m |= ADD_BITS[r]
            if wild and mtwo[r] + mjk[r] < MAX_WILDS:
                m |= wild_bits << ADD_IDS[r]
        elif c >= 2:
            m |= (wild_bits | (c >= 3)) << MELD_IDS[r]
    return m


def may_end_with(g: State, t: int, left: int, r: int, add: int, add_wild: int, h: list[int], used: int,
                 n_used: int, wild: int = -1) -> bool:
    """Rule 6.1: an action may leave its player fewer than two cards only on the way out (rule 8.1).

    ``left`` cards stay held after the action, which puts ``add`` cards (``add_wild`` of them wild) into
    the meld of rank ``r`` (-1: none) and takes ``n_used`` cards of kind ``used`` (and one ``wild``)
    from the hand ``h``. With no card left the partnership must hold a canasta; with one, a canasta, or
    a meld of six that this last card completes. A laydown counts the set-aside melds as the table's.
    """
    if left >= 2:
        return True
    sizes = g.msize[t]
    if any(s >= CANASTA_SIZE for s in sizes) or r >= 0 and sizes[r] + add >= CANASTA_SIZE:
        return True
    if left <= 0:
        return False
    after = h[:]
    if used >= 0:
        after[used] -= n_used
    if wild >= 0:
        after[wild] -= 1
    k = next(i for i, n in enumerate(after) if n > 0)
    if k < NUM_NATURAL:
        return sizes[k] + (add if k == r else 0) == CANASTA_SIZE - 1
    if k == TWO or k == JOKER:
        return any(sizes[q] + (add if q == r else 0) == CANASTA_SIZE - 1
                   and g.mtwo[t][q] + g.mjk[t][q] + (add_wild if q == r else 0) < MAX_WILDS
                   for q in range(NUM_NATURAL))
    return False


def has_canasta(g: State, t: int) -> bool:
    """Whether partnership t's melds hold a canasta (rule 5.5)."""
    return any(s >= CANASTA_SIZE for s in g.msize[t])


def aside_count(g: State, t: int, k: int) -> int:
    """Cards of kind k in partnership t's meld structure."""
    if k < NUM_NATURAL:
        return g.mnat[t][k]
    if k == TWO:
        return sum(g.mtwo[t])
    if k == JOKER:
        return sum(g.mjk[t])
    return g.b3[t] if k == BLACK3 else 0


def pickup_mode(g: State, p: int, t: int) -> int:
    """How seat p may take the pile (rule 4), its minimum aside: ``PICKUP_ADD`` the top card alone into the
    partnership's meld of its rank, ``PICKUP_PAIR`` with a natural pair from the hand, or ``NO_PICKUP``."""
    pile = g.pile
    if not pile:
        return NO_PICKUP
    top = pile[-1]
    if top >= NUM_NATURAL:  # rule 4.1: a wild card or a black three on top
        return NO_PICKUP
    down = g.down[t]
    if down and not g.pile_wilds and g.msize[t][top]:  # rule 4.4: not frozen
        return PICKUP_ADD
    if g.hand[p][top] < 2:  # rule 4.3
        return NO_PICKUP
    if not down and g.mval[t] + 3 * g.values[top] < minimum(g, t):  # rule 7.3
        return NO_PICKUP
    return PICKUP_PAIR


def pickup_keeps_cards(g: State, p: int, t: int) -> bool:
    """Rule 6.1 for a pickup that ``pickup_mode`` allows: the hand it leaves, or the way out."""
    top = g.pile[-1]
    pair = pickup_mode(g, p, t) == PICKUP_PAIR
    left = g.htot[p] - (2 if pair else 0) + len(g.pile) - 1
    if left >= 2:
        return True
    h = g.hand[p][:]
    for k in g.pile[:-1]:
        h[k] += 1
    return may_end_with(g, t, left, top, 3 if pair else 1, 0, h, top, 2 if pair else 0)
