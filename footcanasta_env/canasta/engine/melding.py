"""Melding: meld and add (rules 5, 7.2), black threes on the way out (5.3), set-aside melds and the laydown (7)."""

from __future__ import annotations

from ...family.cards import BLACK3, JOKER, NUM_NATURAL, TWO
from ..actions import ACTION_CARDS, ADD_IDS, PLAY_PHASE
from ..rules import MAX_WILDS
from .legality import (
    ADD_BITS,
    ADD_DISCARD_BITS,
    DISCARD_BITS,
    DISCARD_JOKER_BIT,
    DISCARD_TWO_BIT,
    JOKER_BITS,
    LAYDOWN_BIT,
    PICKUP_BIT,
    PICKUP_PAIR,
    RANK_BITS,
    TWO_BITS,
    may_end_with,
    pickup_keeps_cards,
)
from .rounds import after_play
from .state import State


def put_in_meld(g: State, t: int, r: int, nat: int, two: int, jk: int) -> None:
    """Put cards of rank r into partnership t's meld of that rank (one meld per rank, rule 5.4)."""
    v = g.values
    g.mnat[t][r] += nat
    g.mtwo[t][r] += two
    g.mjk[t][r] += jk
    n = nat + two + jk
    g.msize[t][r] += n
    g.mcards[t] += n
    g.mval[t] += nat * v[r] + two * v[TWO] + jk * v[JOKER]


def played_in_sight(g: State, p: int, k: int, n: int) -> None:
    """Rule 12: cards melded on the table leave the public memory of what p took with the pile."""
    mem = g.memory[p]
    if mem[k]:
        mem[k] = max(0, mem[k] - n)


def do_meld(g: State, a: int) -> None:
    """Meld or add: the cards go from the hand to the partnership's meld of their rank (rules 5, 7.2)."""
    r, nat, two, jk = ACTION_CARDS[a]
    p = g.current_player
    t = g.side_of[p]
    h = g.hand[p]
    h[r] -= nat
    n = nat + two + jk
    g.htot[p] -= n
    down = g.down[t]
    sizes = g.msize[t]
    if down:
        if not sizes[r]:
            g.turn_new |= 1 << r
        g.has_melded[p] = True
        mem = g.memory[p]  # rule 12: cards melded on the table leave the public memory (played_in_sight)
        if mem[r]:
            mem[r] = max(0, mem[r] - nat)
    # The last two or joker held: every rank's bits with one go, and its discard once down (set-aside wild
    # cards may still be discarded, rule 7.2); the draw step has no discard bits.
    gone = 0
    v = g.values
    if two:
        h[TWO] -= two
        g.mtwo[t][r] += two
        if down:
            played_in_sight(g, p, TWO, two)
        if not h[TWO]:
            gone = TWO_BITS if down else TWO_BITS & ~DISCARD_TWO_BIT
    if jk:
        h[JOKER] -= jk
        g.mjk[t][r] += jk
        if down:
            played_in_sight(g, p, JOKER, jk)
        if not h[JOKER]:
            gone |= JOKER_BITS if down else JOKER_BITS & ~DISCARD_JOKER_BIT
    g.mnat[t][r] += nat  # put_in_meld, written out
    sizes[r] += n
    g.mcards[t] += n
    g.mval[t] += nat * v[r] + two * v[TWO] + jk * v[JOKER]
    if down and g.htot[p] < 6:
        after_play(g)
        return
    wild_bits = (2 if h[TWO] else 0) | (4 if h[JOKER] else 0)
    if g.phase_id != PLAY_PHASE:  # set aside before a pickup (7.3): rank r's add bits and the pickup's move
        m = g._mask & ~(RANK_BITS[r] | PICKUP_BIT | gone)
        if h[r]:
            m |= ADD_BITS[r]
        if wild_bits and g.mtwo[t][r] + g.mjk[t][r] < MAX_WILDS:
            m |= wild_bits << ADD_IDS[r]
        pile = g.pile  # pickup_mode and pickup_keeps_cards, written out for a side not down: a pair (rule 7.3)
        if pile:
            top = pile[-1]
            if (top < NUM_NATURAL and h[top] >= 2 and g.mval[t] + 3 * v[top] >= g.rules.minimum(g.scores[t])
                    and (g.htot[p] + len(pile) >= 5 or pickup_keeps_cards(g, p, t, PICKUP_PAIR))):
                m |= PICKUP_BIT
        g._mask = m
        return
    # The usual case: only rank r's bits move (and the laydown's, and those of a wild kind no longer held).
    # The play step's mask before and after is roomy_play_bits' (update_legal): once down, with six cards or
    # more and no black-three meld (b3_bits needs five or fewer); before, the cards set aside stay held.
    m = g._mask & ~(RANK_BITS[r] | gone)
    if h[r]:
        m |= ADD_DISCARD_BITS[r]
    elif not down:  # the set-aside meld's naturals may be discarded (rule 7.2)
        m |= DISCARD_BITS[r]
    if wild_bits and g.mtwo[t][r] + g.mjk[t][r] < MAX_WILDS:
        m |= wild_bits << ADD_IDS[r]
    if not down:
        m &= ~LAYDOWN_BIT
        if g.mval[t] >= g.rules.minimum(g.scores[t]) and (
                g.htot[p] >= 2 or may_end_with(g, t, g.htot[p], -1, 0, 0, h, -1, 0)):
            m |= LAYDOWN_BIT
    g._mask = m


def do_meld_b3(g: State, a: int) -> None:
    """Rule 5.3: three or four black threes, on the way out."""
    n = ACTION_CARDS[a][1]
    p = g.current_player
    t = g.side_of[p]
    g.hand[p][BLACK3] -= n
    g.htot[p] -= n
    g.b3[t] += n
    g.mcards[t] += n
    g.mval[t] += n * g.values[BLACK3]
    g.has_melded[p] = True
    played_in_sight(g, p, BLACK3, n)
    after_play(g)


def reveal_aside(g: State, p: int, t: int) -> None:
    """The set-aside melds become the partnership's table melds (rules 7.2, 7.3)."""
    if g.mcards[t]:
        g.has_melded[p] = True
        for r in range(NUM_NATURAL):
            if g.msize[t][r]:
                g.turn_new |= 1 << r
                played_in_sight(g, p, r, g.mnat[t][r])
        for k, table in ((TWO, g.mtwo[t]), (JOKER, g.mjk[t])):
            n = sum(table)
            if n:
                played_in_sight(g, p, k, n)
    g.down[t] = True


def do_laydown(g: State, a: int) -> None:
    """The initial meld: the set-aside melds go down together (rule 7.2)."""
    p = g.current_player
    reveal_aside(g, p, g.side_of[p])
    after_play(g)


def return_aside(g: State, p: int, t: int) -> None:
    """Rule 7.2: a discard first returns every set-aside card to the hand."""
    h = g.hand[p]
    size, nat, two, jk = g.msize[t], g.mnat[t], g.mtwo[t], g.mjk[t]
    for r in range(NUM_NATURAL):
        if size[r]:
            h[r] += nat[r]
            h[TWO] += two[r]
            h[JOKER] += jk[r]
            nat[r] = two[r] = jk[r] = size[r] = 0
    g.htot[p] += g.mcards[t]
    g.mcards[t] = g.mval[t] = 0
