"""Melding: meld and add (rules 5, 7.2), canastas, the set-aside melds and the laydown (rule 7)."""

from __future__ import annotations

from ...family.cards import BLACK3, JOKER, NUM_NATURAL, TWO, WILD_RANK
from ...family.seats import partner_of
from ..actions import DRAW_PHASE, LAYDOWN_ID, MELD_ARGS
from ..rules import CANASTA_SIZE
from .legality import aside_counts, pickup_ok, refresh_ranks, wild_rank
from .masks import (
    DISCARD_BITS,
    DRAW_BIT,
    JK_KEY,
    LAYDOWN_BIT,
    NAT_FLAT,
    NAT_KEY,
    NATURAL_RANKS,
    PICKUP_BIT,
    RANKS_OF,
    TWO_KEY,
    WILD_BITS,
    WILD_FILTER,
)
from .rounds import after_play_action
from .state import State


def do_meld(g: State, a: int) -> None:
    """Meld or add: the cards go from the hand to the partnership's meld of their rank (rules 5, 7.2).

    The most frequent action: its usual case (a natural meld left incomplete, in the play phase) has
    ``meld_into`` and ``update_legal`` written out; the others go through ``meld_into`` and ``_meld_ends``.
    """
    r, nat, two, jk, n, kinds = MELD_ARGS[a]
    p = g.current_player
    t = p & 1
    h = g.hand[p]
    hb = g.hbits[p]
    if nat:
        x = h[r] = h[r] - nat
        if not x:
            hb ^= 1 << r
    if two:
        x = h[TWO] = h[TWO] - two
        if not x:
            hb ^= 1 << TWO
    if jk:
        x = h[JOKER] = h[JOKER] - jk
        if not x:
            hb ^= 1 << JOKER
    g.hbits[p] = hb
    htot = g.htot
    held = htot[p] = htot[p] - n
    down = g.down[t]
    if down:
        mem = g.memory[p]
        if nat and mem[r] or two and mem[TWO] or jk and mem[JOKER]:
            _forget(mem, r, nat, two, jk)
    isize = g.inc_size[t]
    size = isize[r] + n
    if r == WILD_RANK or size == CANASTA_SIZE:
        meld_into(g, t, r, nat, two, jk)
        if (two or jk) and r != WILD_RANK:
            wild_rank(g, p)  # the wild cards held changed too
    else:  # meld_into for an incomplete natural meld
        g.mval[t] += g.meld_values[a]
        g.mcards[t] += n
        g.sbits[t] |= kinds
        isize[r] = size
        inat = g.inc_nat[t]
        cn = inat[r] = inat[r] + nat
        if two:
            g.inc_two[t][r] += two
        if jk:
            g.inc_jk[t][r] += jk
        state = g.mstate[t][r] = 2 if cn >= 2 * (size - cn + 1) else 1
        base = r * 12 + state
        # Rank r's bits: this player's, and the partner's for a table meld (a set-aside meld is this
        # player's alone; the partner's bits follow at reveal_aside or return_aside).
        rbits = g.rbits
        mbits = g.mbits
        bits = NAT_FLAT[base + NAT_KEY[h[r]]]
        rb = rbits[p]
        total = mbits[p] + bits - rb[r]
        rb[r] = bits
        if two or jk:  # the wild cards held changed too: wild_rank(g, p)
            bits = WILD_BITS[TWO_KEY[h[TWO]] + JK_KEY[h[JOKER]] + (1 if isize[WILD_RANK] else 0)]
            total += bits - rb[WILD_RANK]
            rb[WILD_RANK] = bits
        mbits[p] = total
        if down:
            q = p ^ 2
            bits = NAT_FLAT[base + NAT_KEY[g.hand[q][r]]]
            rb = rbits[q]
            mbits[q] += bits - rb[r]
            rb[r] = bits
    if held <= 4 and (g.in_foot[p] or down and not held) or g.phase_id == DRAW_PHASE:
        _meld_ends(g, p, t, hb, held, down)
        return
    # update_legal's play mask, written out here.
    m = g.mbits[p] & WILD_FILTER[hb >> TWO & 3]
    if not down:  # the set-aside cards count for the discards and the laydown
        hb |= g.sbits[t]
        if g.mval[t] >= g.rules.initial_minimums[g.round - 1]:
            m |= LAYDOWN_BIT
    g._mask = m | DISCARD_BITS[hb]


def _forget(mem: list[int], r: int, nat: int, two: int, jk: int) -> None:
    """Cards melded from a hand leave its public memory of pickups (rule 12): they are seen now."""
    if nat and mem[r]:
        mem[r] = max(0, mem[r] - nat)
    if two and mem[TWO]:
        mem[TWO] = max(0, mem[TWO] - two)
    if jk and mem[JOKER]:
        mem[JOKER] = max(0, mem[JOKER] - jk)


def _meld_ends(g: State, p: int, t: int, hb: int, held: int, down: bool) -> None:
    """After a meld that empties the hand or leaves few cards in the foot, or one set aside before the draw."""
    if g.in_foot[p] and held <= 4:
        if down:
            after_play_action(g)  # going out, or rule 8.4
        return  # the mask (with rule 8.3) is left to update_legal
    if down and held == 0:
        after_play_action(g)  # the foot is picked up (rule 6.1)
        return
    # A meld set aside before the draw (so not down) keeps the cards held: only the pickup can change.
    m = DRAW_BIT
    pile = g.pile
    if pile:
        top = pile[-1]
        if top != BLACK3 and g.hand[p][top] >= 2 and pickup_ok(g, t, top):
            m |= PICKUP_BIT
    g._mask = m | g.mbits[p] & WILD_FILTER[hb >> TWO & 3]


def meld_into(g: State, t: int, r: int, nat: int, two: int, jk: int) -> None:
    """Put (nat, two, jk) cards of rank r into partnership t's meld structure, completing a canasta at 7."""
    values = g.values
    g.mval[t] += nat * values[r] + two * values[TWO] + jk * values[JOKER]
    g.mcards[t] += nat + two + jk
    sb = g.sbits[t]
    if nat:
        sb |= 1 << r
    if two:
        sb |= 1 << TWO
    if jk:
        sb |= 1 << JOKER
    g.sbits[t] = sb
    isize = g.inc_size[t]
    inat = g.inc_nat[t]
    size = isize[r] + nat + two + jk
    if size == CANASTA_SIZE:
        i2 = g.inc_two[t]
        ij = g.inc_jk[t]
        c2 = i2[r] + two
        cj = ij[r] + jk
        record_canasta(g, t, r, inat[r] + nat, c2, cj)
        inat[r] = i2[r] = ij[r] = isize[r] = g.mstate[t][r] = 0
    else:
        isize[r] = size
        cn = inat[r] = inat[r] + nat
        if two:
            g.inc_two[t][r] += two
        if jk:
            g.inc_jk[t][r] += jk
        g.mstate[t][r] = 2 if cn >= 2 * (size - cn + 1) else 1
    # Set-aside melds are the acting player's alone: the partner's bits follow when they go down
    # (reveal_aside) or come back to the hand (return_aside).
    seats = (g.current_player,) if not g.down[t] and g.current_player & 1 == t else (t, t + 2)
    if r == WILD_RANK:
        for q in seats:
            wild_rank(g, q)
    else:
        base = r * 12 + g.mstate[t][r]
        for q in seats:
            n = g.hand[q][r]
            bits = NAT_FLAT[base + NAT_KEY[n]]
            rb = g.rbits[q]
            g.mbits[q] += bits - rb[r]
            rb[r] = bits


def record_canasta(g: State, t: int, r: int, nat: int, two: int, jk: int) -> None:
    """Count a complete canasta of partnership t by its kind (clean, dirty or wild)."""
    g.canastas[t].append((r, nat, two, jk))
    if r == WILD_RANK:
        g.n_wild[t] += 1
    elif two + jk:
        g.n_dirty[t] += 1
    else:
        g.n_clean[t] += 1


def place_canasta(g: State, t: int, r: int, nat: int, two: int, jk: int) -> None:
    """Put a complete canasta in partnership t's melds, beside any incomplete meld of its rank."""
    values = g.values
    g.mval[t] += nat * values[r] + two * values[TWO] + jk * values[JOKER]
    g.mcards[t] += nat + two + jk
    g.sbits[t] |= (1 << r if nat else 0) | (1 << TWO if two else 0) | (1 << JOKER if jk else 0)
    record_canasta(g, t, r, nat, two, jk)


def reveal_aside(g: State, p: int, t: int) -> None:
    """The set-aside melds become the partnership's table melds (rules 7.2, 7.3)."""
    if g.mcards[t]:
        mem = g.memory[p]
        for k, n in enumerate(aside_counts(g, t)):
            if n and mem[k]:
                mem[k] = max(0, mem[k] - n)
        sb = g.sbits[t]
        refresh_ranks(g, partner_of(p), t, (sb & NATURAL_RANKS) | (1 << WILD_RANK if sb >> TWO & 3 else 0))
    g.down[t] = True


def do_laydown(g: State, a: int = LAYDOWN_ID) -> None:
    """The initial meld: the set-aside melds go down (rule 7)."""
    p = g.current_player
    t = p & 1
    reveal_aside(g, p, t)
    after_play_action(g)


def return_aside(g: State, p: int, t: int) -> None:
    """Rule 7.2: a discard first returns every set-aside card to the hand."""
    h = g.hand[p]
    inat, i2, ij, isize, msc = g.inc_nat[t], g.inc_two[t], g.inc_jk[t], g.inc_size[t], g.mstate[t]
    sb = g.sbits[t]
    if g.canastas[t]:
        for r, nat, two, jk in g.canastas[t]:
            if r < NUM_NATURAL:
                h[r] += nat
            h[TWO] += two
            h[JOKER] += jk
        g.canastas[t] = []
        g.n_clean[t] = g.n_dirty[t] = g.n_wild[t] = 0
    # Only the ranks whose cards were set aside change, and only for this player: the partner's bits
    # never saw the set-aside melds (see meld_into and legality.reset_legality). refresh_ranks, written out.
    rb = g.rbits[p]
    total = g.mbits[p]
    for r in RANKS_OF[sb & NATURAL_RANKS]:
        if isize[r]:
            h[r] += inat[r]
            h[TWO] += i2[r]
            h[JOKER] += ij[r]
            inat[r] = i2[r] = ij[r] = isize[r] = msc[r] = 0
        bits = NAT_FLAT[r * 12 + NAT_KEY[h[r]] + msc[r]]
        total += bits - rb[r]
        rb[r] = bits
    if isize[WILD_RANK]:
        h[TWO] += i2[WILD_RANK]
        h[JOKER] += ij[WILD_RANK]
        i2[WILD_RANK] = ij[WILD_RANK] = isize[WILD_RANK] = msc[WILD_RANK] = 0
    if sb >> TWO & 3:
        bits = WILD_BITS[TWO_KEY[h[TWO]] + JK_KEY[h[JOKER]]]  # no wild meld is left open
        total += bits - rb[WILD_RANK]
        rb[WILD_RANK] = bits
    g.mbits[p] = total
    g.htot[p] += g.mcards[t]
    g.mval[t] = g.mcards[t] = 0
    g.sbits[t] = 0
    g.hbits[p] |= sb
