"""Legal actions as an int bit mask (bit i set when action i is legal), worked out from the state's counts.

``update_legal`` computes the mask of the state and caches it in ``g._mask`` (every handler clears it);
the predicates below it are shared with ``explain``, which words the same checks as reasons. A seat's side
is ``g.side_of[p]`` (section 14; ``p & 1`` at four players), read from the state's table in the hot paths.
"""

from __future__ import annotations

from ...family.cards import BLACK3, JOKER, NUM_KINDS, NUM_NATURAL, TWO
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
ADD_DISCARD_BITS = tuple(ADD_BITS[r] | DISCARD_BITS[r] for r in range(NUM_NATURAL))
# Every meld, add and discard bit of each rank.
RANK_BITS = tuple(7 << MELD_IDS[r] | 7 << ADD_IDS[r] | DISCARD_BITS[r] for r in range(NUM_NATURAL))
DISCARD_TWO_BIT, DISCARD_JOKER_BIT, DISCARD_B3_BIT = DISCARD_BITS[TWO], DISCARD_BITS[JOKER], DISCARD_BITS[BLACK3]
NO_PICKUP, PICKUP_ADD, PICKUP_PAIR = 0, 1, 2

# A hand of a partnership with no meld, table or set-aside, allows the melds its ranks' counts allow: looked
# up by the counts of ranks 4-9 and of 10-A, each clipped to 3 (``bytes(counts).translate(CLIP)``), then by
# the wild cards held (bit 0: a two, bit 1: a joker). The PLAY tables add the discards of those ranks.
CLIP = bytes(min(i, 3) for i in range(256))


def _fresh_tables(first: int, ranks: int, discards: bool) -> dict[bytes, tuple[int, ...]]:
    """The table of the ranks ``first`` to ``first + ranks - 1``, built a rank at a time."""
    table = {b"": (0, 0, 0, 0)}
    for r in range(first, first + ranks):
        by_count = []
        for c in range(4):
            row = []
            for w in range(4):
                wild_bits = (2 if w & 1 else 0) | (4 if w & 2 else 0)
                m = (wild_bits | (c >= 3)) << MELD_IDS[r] if c >= 2 else 0
                row.append(m | DISCARD_BITS[r] if c and discards else m)
            by_count.append(row)
        table = {key + bytes((c,)): tuple(a | b for a, b in zip(row, by_count[c], strict=True))
                 for key, row in table.items() for c in range(4)}
    return table


FRESH_MELD_LOW, FRESH_MELD_HIGH = _fresh_tables(0, 6, False), _fresh_tables(6, NUM_NATURAL - 6, False)
FRESH_PLAY_LOW, FRESH_PLAY_HIGH = _fresh_tables(0, 6, True), _fresh_tables(6, NUM_NATURAL - 6, True)
# Every rank's meld and add bits with a two (``TWO_BITS``) or a joker (``JOKER_BITS``), and that discard.
TWO_BITS = sum(2 << MELD_IDS[r] | 2 << ADD_IDS[r] for r in range(NUM_NATURAL)) | DISCARD_TWO_BIT
JOKER_BITS = sum(4 << MELD_IDS[r] | 4 << ADD_IDS[r] for r in range(NUM_NATURAL)) | DISCARD_JOKER_BIT
# The discards of the wild cards and black threes held, by bit 0: a two, 1: a joker, 2: a black three.
WILD_B3_DISCARD = tuple((DISCARD_BITS[TWO] if w & 1 else 0) | (DISCARD_BITS[JOKER] if w & 2 else 0)
                        | (DISCARD_BITS[BLACK3] if w & 4 else 0) for w in range(8))

assert NUM_ACTIONS <= 91
# Legal-action ids by mask, read 13 bits at a time from precomputed tables (6 x 8192 small tuples and the last
# 7 bits' 128): a play step's list is seven lookups.
BLOCK_TABLES = tuple(tuple(tuple(base + i for i in range(13) if bits >> i & 1)
                           for bits in range(1 << min(13, NUM_ACTIONS - base)))
                     for base in range(0, NUM_ACTIONS, 13))
T0, T1, T2, T3, T4, T5, T6 = BLOCK_TABLES


def mask_to_list(m: int) -> list[int]:
    """The ids of the set bits of an action bit mask, ascending, as a new list."""
    return [*T0[m & 8191], *T1[m >> 13 & 8191], *T2[m >> 26 & 8191], *T3[m >> 39 & 8191],
            *T4[m >> 52 & 8191], *T5[m >> 65 & 8191], *T6[m >> 78]]


def minimum(g: State, t: int) -> int:
    """Side t's initial-meld minimum this round, from its total at the start of the round (rules 7.1, 14.4)."""
    return g.rules.minimum(g.scores[t])


def held(g: State, p: int) -> int:
    """Cards seat p holds, its set-aside cards included (rule 7.2)."""
    t = g.side_of[p]
    return g.htot[p] + (g.mcards[t] if p == g.current_player and not g.down[t] else 0)


def update_legal(g: State) -> int:
    """Compute the legal actions of the state, store them in ``g._mask`` and return them."""
    if g.is_over:
        g._mask = 0
        return 0
    p = g.current_player
    t = g.side_of[p]
    down = g.down[t]
    h = g.hand[p]
    if g.phase_id == DRAW_PHASE:
        m = DRAW_BIT  # rule 3.1: with an empty stock it ends the round
        pile = g.pile
        if pile and pile[-1] < NUM_NATURAL:  # pickup_mode's first tests, written out (rule 4.1)
            mode = pickup_mode(g, p, t)
            if mode and pickup_keeps_cards(g, p, t, mode):
                m |= PICKUP_BIT
        if not down:  # rule 7.3: melds may be set aside before a pickup
            if g.mcards[t]:
                m |= meld_bits(g, p, t, g.htot[p] + 10)
            else:  # nothing set aside yet: the melds of the hand's ranks, looked up
                w = (h[TWO] > 0) | (h[JOKER] > 0) << 1
                m |= (FRESH_MELD_LOW[bytes(h[:6]).translate(CLIP)][w]
                      | FRESH_MELD_HIGH[bytes(h[6:11]).translate(CLIP)][w])
        g._mask = m
        return m
    aside = 0 if down else g.mcards[t]
    n = g.htot[p] + aside  # held(g, p): setting aside keeps the cards held
    if not down and n >= 2 and not aside:  # the usual cases: a lookup, or one pass over the ranks
        w = (h[TWO] > 0) | (h[JOKER] > 0) << 1
        m = (FRESH_PLAY_LOW[bytes(h[:6]).translate(CLIP)][w] | FRESH_PLAY_HIGH[bytes(h[6:11]).translate(CLIP)][w]
             | WILD_B3_DISCARD[w | (h[BLACK3] > 0) << 2])
    elif n >= 5 or n >= 2 and not down:
        m = roomy_play_bits(g, t, h, aside)
        if down:
            if h[BLACK3] >= 3:
                m |= b3_bits(g, t, h, n)
        elif g.mval[t] >= g.rules.minimum(g.scores[t]) and (
                g.htot[p] >= 2 or may_end_with(g, t, g.htot[p], -1, 0, 0, h, -1, 0)):
            m |= LAYDOWN_BIT
    else:
        m = small_hand_bits(g, p, t, h, n)
    g._mask = m
    return m


def small_hand_bits(g: State, p: int, t: int, h: list[int], n: int) -> int:
    """The play step's bits for a player who may not keep two cards whatever they do: fewer than five
    once down, fewer than two before (rules 6.1, 8.1)."""
    down = g.down[t]
    m = meld_bits(g, p, t, n if down else n + 10)  # setting aside keeps the cards held
    if down:
        if h[BLACK3] >= 3:
            m |= b3_bits(g, t, h, n)
    elif g.mcards[t] and g.mval[t] >= minimum(g, t) and (
            g.htot[p] >= 2 or may_end_with(g, t, g.htot[p], -1, 0, 0, h, -1, 0)):
        m |= LAYDOWN_BIT
    if n >= 2 or down and has_canasta(g, t):  # rules 6.1, 8.1, 14.5
        aside = not down and g.mcards[t]
        for k in range(NUM_KINDS):
            if h[k] or aside and aside_count(g, t, k):
                m |= DISCARD_BITS[k]
    return m


def b3_bits(g: State, t: int, h: list[int], n: int) -> int:
    """Rule 5.3: the black-three meld bits of a player holding n cards, three or more of them black threes."""
    m = 0
    for ident, used in zip(MELD_B3_IDS, (3, 4), strict=True):
        if h[BLACK3] >= used and n - used <= 1 and may_end_with(g, t, n - used, -1, 0, 0, h, BLACK3, used):
            m |= 1 << ident
    return m


def roomy_play_bits(g: State, t: int, h: list[int], aside: int) -> int:
    """The meld, add and discard bits of the play step of a player who may keep two cards whatever they do
    (``update_legal``'s usual case: five cards or more once down; two or more before, as set-aside
    cards stay held), in one pass over the ranks. ``aside``: the set-aside melds' cards, which a discard
    may take back (rule 7.2)."""
    m = 0
    sizes = g.msize[t]
    twos = h[TWO]
    jokers = h[JOKER]
    wild_bits = (2 if twos else 0) | (4 if jokers else 0)
    mtwo = g.mtwo[t]
    mjk = g.mjk[t]
    for r in range(NUM_NATURAL):
        c = h[r]
        if sizes[r]:
            if c:
                m |= ADD_DISCARD_BITS[r]
            elif aside:  # a set-aside meld holds naturals of its rank: a meld starts with two
                m |= DISCARD_BITS[r]
            if wild_bits and mtwo[r] + mjk[r] < MAX_WILDS:
                m |= wild_bits << ADD_IDS[r]
        elif c:
            m |= (wild_bits | (c >= 3)) << MELD_IDS[r] | DISCARD_BITS[r] if c >= 2 else DISCARD_BITS[r]
    if twos or aside and sum(mtwo):
        m |= DISCARD_TWO_BIT
    if jokers or aside and sum(mjk):
        m |= DISCARD_JOKER_BIT
    if h[BLACK3] or aside and g.b3[t]:
        m |= DISCARD_B3_BIT
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
    from the hand ``h``. With no card left the side must hold the canastas it needs to go out
    (one at four players, rules 8.1, 14.5); with one, those canastas, or all but one and a meld of six that
    this last card completes. A laydown counts the set-aside melds as the table's.
    """
    if left >= 2:
        return True
    sizes = g.msize[t]
    if g.out_need == 1:
        if any(s >= CANASTA_SIZE for s in sizes) or r >= 0 and sizes[r] + add >= CANASTA_SIZE:
            return True
    else:
        made = sum(1 for q in range(NUM_NATURAL) if sizes[q] + (add if q == r else 0) >= CANASTA_SIZE)
        if made >= g.out_need:
            return True
        if made + 1 < g.out_need:
            return False
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
    """Whether side t's melds hold the canastas it needs to go out (rules 5.5, 8.1, 14.5): one at four players."""
    if g.out_need == 1:
        return any(s >= CANASTA_SIZE for s in g.msize[t])
    return sum(1 for s in g.msize[t] if s >= CANASTA_SIZE) >= g.out_need


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


def pickup_keeps_cards(g: State, p: int, t: int, mode: int) -> bool:
    """Rule 6.1 for a pickup that ``pickup_mode`` allows (as ``mode``): the hand it leaves, or the way out."""
    top = g.pile[-1]
    pair = mode == PICKUP_PAIR
    left = g.htot[p] - (2 if pair else 0) + len(g.pile) - 1
    if left >= 2:
        return True
    h = g.hand[p][:]
    for k in g.pile[:-1]:
        h[k] += 1
    return may_end_with(g, t, left, top, 3 if pair else 1, 0, h, top, 2 if pair else 0)
