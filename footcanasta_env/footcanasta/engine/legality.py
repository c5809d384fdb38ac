"""Legal actions as an int bit mask, kept up to date incrementally.

Each player's meld/add bits per rank come from the lookup tables of ``masks`` indexed by (cards of the
rank held, state of the partnership's meld of that rank) and are refreshed only for the ranks an action
touches (``rbits``, ``mbits``, ``hbits`` in the state); draw, pickup, laydown and discard bits are derived
from a few counters by ``update_legal``. The frequent actions (draw, meld/add, discard) work the next
mask out inline and leave it ready; the others leave it to ``update_legal``. In the hot paths ``p & 1``
is ``team_of(p)`` and ``p ^ 2`` is ``partner_of(p)``.
"""

from __future__ import annotations

from ...family.cards import BLACK3, JOKER, NUM_KINDS, NUM_MELD_RANKS, NUM_NATURAL, TWO, WILD_RANK
from ...family.seats import partner_of
from ..actions import ACTION_JK, ACTION_RANK, ACTION_TWO, ACTION_TYPE, ADD, DISCARD, DRAW, DRAW_PHASE, LAYDOWN, MELD
from ..rules import CANASTA_SIZE
from .masks import (
    ALL_RANKS,
    DISCARD_BITS,
    DRAW_BIT,
    JK_KEY,
    KIND_BITS,
    LAYDOWN_BIT,
    NAT_FLAT,
    NAT_KEY,
    NATURAL_RANKS,
    NO_MELDS,
    PICKUP_BIT,
    RANKS_OF,
    TWO_KEY,
    WILD_BITS,
    WILD_FILTER,
    mask_to_list,
)
from .state import State


def update_legal(g: State) -> int:
    """Compute the legal actions of the state from its counters, store them in ``g._mask`` and return them."""
    if g.is_over:
        g._mask = 0
        return 0
    p = g.current_player
    t = p & 1
    down = g.down[t]
    if g.phase_id == DRAW_PHASE:
        m = DRAW_BIT
        pile = g.pile
        if pile:
            top = pile[-1]
            if top != BLACK3 and g.hand[p][top] >= 2 and pickup_ok(g, t, top):
                m |= PICKUP_BIT
        if not down:
            m |= g.mbits[p] & WILD_FILTER[g.hbits[p] >> TWO & 3]
    else:
        hb = g.hbits[p]
        m = g.mbits[p] & WILD_FILTER[hb >> TWO & 3]
        if not down and g.mcards[t]:
            hb |= g.sbits[t]
            if g.mval[t] >= g.rules.initial_minimums[g.round - 1]:
                m |= LAYDOWN_BIT
        m |= DISCARD_BITS[hb]
    if g.in_foot[p] and g.htot[p] <= 4:
        for a in mask_to_list(m):
            if not foot_ok(g, a, p, t):
                m &= ~(1 << a)
    g._mask = m
    return m


def refresh_ranks(g: State, p: int, t: int, d: int, bare: bool = False) -> None:
    """Recompute player p's meld/add bits for the ranks set in d (``bare``: against no melds at all)."""
    h = g.hand[p]
    rb = g.rbits[p]
    total = g.mbits[p]
    if d >> WILD_RANK & 1:
        n2 = h[TWO]
        nj = h[JOKER]
        bits = WILD_BITS[TWO_KEY[n2] + JK_KEY[nj] + (1 if g.inc_size[t][WILD_RANK] and not bare else 0)]
        total += bits - rb[WILD_RANK]
        rb[WILD_RANK] = bits
    msc = g.mstate[t] if not bare else NO_MELDS
    for r in RANKS_OF[d & NATURAL_RANKS]:
        n = h[r]
        bits = NAT_FLAT[r * 12 + NAT_KEY[n] + msc[r]]
        total += bits - rb[r]
        rb[r] = bits
    g.mbits[p] = total


def nat_rank(g: State, p: int, r: int) -> None:
    """Recompute player p's meld/add bits for natural rank r."""
    n = g.hand[p][r]
    bits = NAT_FLAT[r * 12 + NAT_KEY[n] + g.mstate[p & 1][r]]
    rb = g.rbits[p]
    g.mbits[p] += bits - rb[r]
    rb[r] = bits


def wild_rank(g: State, p: int) -> None:
    """Recompute player p's wild-meld bits."""
    h = g.hand[p]
    n2 = h[TWO]
    nj = h[JOKER]
    bits = WILD_BITS[TWO_KEY[n2] + JK_KEY[nj] + (1 if g.inc_size[p & 1][WILD_RANK] else 0)]
    rb = g.rbits[p]
    g.mbits[p] += bits - rb[WILD_RANK]
    rb[WILD_RANK] = bits


def hand_changed(g: State, p: int, k: int) -> None:
    """Keep the incremental legality in step after hand[p][k] changed."""
    if g.hand[p][k]:
        g.hbits[p] |= 1 << k
    else:
        g.hbits[p] &= ~(1 << k)
    if k < NUM_NATURAL:
        nat_rank(g, p, k)
    elif k <= JOKER:
        wild_rank(g, p)


def hand_reset(g: State, p: int, bare: bool = False) -> None:
    """Recompute everything derived from player p's hand after a bulk change."""
    hb = 0
    for n, bit in zip(g.hand[p], KIND_BITS, strict=True):
        if n:
            hb |= bit
    g.hbits[p] = hb
    refresh_ranks(g, p, p & 1, ALL_RANKS, bare)


def reset_legality(g: State) -> None:
    """Recompute every player's bits from scratch (after a scenario load).

    Set-aside melds are the player to act's alone (rule 7.2): the partner's bits stay as if there were
    no melds, as in play, where they follow only when the melds go down (``melding.reveal_aside``); when
    the melds come back to the hand instead (``melding.return_aside``) the partner's bits are then right.
    """
    for p in range(4):
        hand_reset(g, p)
    t = g.current_player & 1
    if not g.down[t] and g.mcards[t]:
        hand_reset(g, g.current_player ^ 2, bare=True)


def pickup_ok(g: State, t: int, top: int) -> bool:
    """Rules 4.1-4.3 past the pair in hand (which the callers check first): room in the meld, minimum."""
    mr = top if top < NUM_NATURAL else WILD_RANK
    if g.inc_size[t][mr] + 3 > CANASTA_SIZE:
        return False
    return g.down[t] or g.mval[t] + 3 * g.values[top] >= g.rules.initial_minimums[g.round - 1]


def can_go_out(g: State, p: int, clean: int, dirty: int, wild: int) -> bool:
    """Rule 8.1: in the foot, the partner too where the rules ask it, with the canastas needed."""
    r = g.rules
    return (g.in_foot[p] and (not r.partner_in_foot or g.in_foot[partner_of(p)])
            and clean >= r.clean_needed and dirty >= r.dirty_needed and wild >= r.wild_needed)


def completion(g: State, t: int, r: int, two: int, jk: int) -> tuple[int, int, int]:
    """Canasta counts by kind if adding (two, jk) wild cards completes the meld of rank r now."""
    if r == WILD_RANK:
        return (0, 0, 1)
    return (1, 0, 0) if g.inc_two[t][r] + g.inc_jk[t][r] + two + jk == 0 else (0, 1, 0)


def foot_ok(g: State, a: int, p: int, t: int) -> bool:
    """Rule 8.3: a player in their foot keeps at least one card after discarding unless going out."""
    typ = ACTION_TYPE[a]
    down = g.down[t]
    aside = 0 if down else g.mcards[t]
    clean, dirty, wild = (g.n_clean[t], g.n_dirty[t], g.n_wild[t]) if down else (0, 0, 0)
    hand = g.htot[p]
    if typ == DRAW:
        return True
    if typ == DISCARD:
        left = hand + aside - 1
        return left >= 1 or can_go_out(g, p, clean, dirty, wild)
    if typ == MELD:
        if not down:
            return True
        left = hand - 3
    elif typ == ADD:
        if not down:
            return True
        left = hand - 1
        r = ACTION_RANK[a]
        if g.inc_size[t][r] + 1 == CANASTA_SIZE:
            c, d, w = completion(g, t, r, ACTION_TWO[a], ACTION_JK[a])
            clean, dirty, wild = clean + c, dirty + d, wild + w
    else:
        if not down:
            clean, dirty, wild = g.n_clean[t], g.n_dirty[t], g.n_wild[t]  # set-aside canastas
        if typ == LAYDOWN:
            left = hand
        else:  # pickup
            left = hand - 2 + min(g.rules.pile_take, len(g.pile)) - 1
            top = g.pile[-1]
            mr = top if top < NUM_NATURAL else WILD_RANK
            if g.inc_size[t][mr] + 3 == CANASTA_SIZE:
                c, d, w = completion(g, t, mr, 0, 0)
                clean, dirty, wild = clean + c, dirty + d, wild + w
    return left >= 2 or can_go_out(g, p, clean, dirty, wild)


def aside_counts(g: State, t: int) -> list[int]:
    """Counts per kind of the cards in partnership t's meld structure (set-aside or table)."""
    counts = [0] * NUM_KINDS
    for r in range(NUM_MELD_RANKS):
        if g.inc_size[t][r]:
            if r < NUM_NATURAL:
                counts[r] += g.inc_nat[t][r]
            counts[TWO] += g.inc_two[t][r]
            counts[JOKER] += g.inc_jk[t][r]
    for r, nat, two, jk in g.canastas[t]:
        if r < NUM_NATURAL:
            counts[r] += nat
        counts[TWO] += two
        counts[JOKER] += jk
    return counts
