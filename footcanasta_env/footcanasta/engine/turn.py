"""The turn's actions: draw (rules 3.2, 3.5), pickup (rule 4), discard (rule 3.4), and the handler table.

Every handler is a plain function ``handler(g, a)`` over the state; ``Game.step`` calls
``HANDLERS[a](g, a)`` once the action is known to be legal.
"""

from __future__ import annotations

from itertools import compress

from ...family.cards import BLACK3, JOKER, NUM_NATURAL, RED3, TWO, WILD_RANK
from ..actions import (
    ACTION_CARD,
    ACTION_TYPE,
    ADD,
    DISCARD,
    DRAW,
    DRAW_ID,
    DRAW_PHASE,
    LAYDOWN,
    MELD,
    NUM_ACTIONS,
    PICKUP,
    PICKUP_ID,
    PLAY_PHASE,
)
from ..rules import CANASTA_SIZE
from .legality import hand_changed, refresh_ranks, update_legal, wild_rank
from .masks import (
    DISCARD_BITS,
    DRAW_BIT,
    JK_KEY,
    KIND_BITS,
    LAYDOWN_BIT,
    NAT_FLAT,
    NAT_KEY,
    NATURAL_RANKS,
    PICKUP_BIT,
    TWO_KEY,
    WILD_BITS,
    WILD_FILTER,
)
from .melding import do_laydown, do_meld, meld_into, return_aside, reveal_aside
from .rounds import after_play_action, end_round, pick_up_foot, receive_from_stock
from .state import State


def do_draw(g: State, a: int = DRAW_ID) -> None:
    """Draw from the stock (rule 3.2); an empty stock ends the round (rule 10.1)."""
    p = g.current_player
    stock = g.stock
    if not stock:
        end_round(g, None, "stock")  # rule 3.2 / 10.1
        return
    count = g.rules.draw_count
    if count == 2 and len(stock) >= 2 and stock[-1] != RED3 and stock[-2] != RED3:
        # The usual draw of two cards, no red three: the loop below, unrolled.
        c1 = stock.pop()
        c2 = stock.pop()
        h = g.hand[p]
        rb = g.rbits[p]
        t = p & 1
        msc = g.mstate[t]
        total = g.mbits[p]
        n = h[c1] = h[c1] + 1
        if c1 < NUM_NATURAL:
            bits = NAT_FLAT[c1 * 12 + NAT_KEY[n] + msc[c1]]
            total += bits - rb[c1]
            rb[c1] = bits
        n = h[c2] = h[c2] + 1
        if c2 < NUM_NATURAL:
            bits = NAT_FLAT[c2 * 12 + NAT_KEY[n] + msc[c2]]
            total += bits - rb[c2]
            rb[c2] = bits
        if c1 == TWO or c1 == JOKER or c2 == TWO or c2 == JOKER:  # wild_rank(g, p), written out
            bits = WILD_BITS[TWO_KEY[h[TWO]] + JK_KEY[h[JOKER]] + (1 if g.inc_size[t][WILD_RANK] else 0)]
            total += bits - rb[WILD_RANK]
            rb[WILD_RANK] = bits
        g.mbits[p] = total
        hb = g.hbits[p] = g.hbits[p] | KIND_BITS[c1] | KIND_BITS[c2]
        held = g.htot[p] = g.htot[p] + 2
        g.phase_id = PLAY_PHASE
        if held <= 4 and g.in_foot[p]:
            if not update_legal(g):
                end_round(g, None, "no_action")  # rule 8.4
            return
        m = total & WILD_FILTER[hb >> TWO & 3]
        if not g.down[t] and g.mcards[t]:  # melds set aside before the draw
            hb |= g.sbits[t]
            if g.mval[t] >= g.rules.initial_minimums[g.round - 1]:
                m |= LAYDOWN_BIT
        g._mask = m | DISCARD_BITS[hb]
        return
    # The rare draws: another draw count, the stock's last card, or a red three among the cards.
    drawn = stock[-count:]  # the top cards, as many as there are
    if RED3 in drawn:
        draw_one_by_one(g, p, count)  # rule 3.5
    else:
        del stock[-count:]
        h = g.hand[p]
        rb = g.rbits[p]
        msc = g.mstate[p & 1]
        hb = g.hbits[p]
        total = g.mbits[p]
        wild = False
        for card in drawn:  # hand_changed for each card, written out
            n = h[card] = h[card] + 1
            hb |= 1 << card
            if card < NUM_NATURAL:
                bits = NAT_FLAT[card * 12 + NAT_KEY[n] + msc[card]]
                total += bits - rb[card]
                rb[card] = bits
            elif card <= JOKER:
                wild = True
        g.htot[p] += len(drawn)
        g.hbits[p] = hb
        g.mbits[p] = total
        if wild:
            wild_rank(g, p)
    g.phase_id = PLAY_PHASE
    if not update_legal(g) and g.in_foot[p] and g.htot[p] <= 4:
        end_round(g, None, "no_action")  # rule 8.4


def draw_one_by_one(g: State, p: int, count: int) -> None:
    """Draw ``count`` cards; a red three drawn is laid down and replaced (rule 3.5)."""
    stock = g.stock
    for _ in range(count):
        if not stock:
            break
        if stock[-1] == RED3:
            receive_from_stock(g, p)
            continue
        card = stock.pop()
        g.hand[p][card] += 1
        g.htot[p] += 1
        hand_changed(g, p, card)


def do_pickup(g: State, a: int = PICKUP_ID) -> None:
    """Take the pile (rule 4): the top card and a pair from the hand are melded, the rest is taken."""
    p = g.current_player
    t = p & 1
    h = g.hand[p]
    mem = g.memory[p]
    pile = g.pile
    take = min(g.rules.pile_take, len(pile))
    taken = pile[len(pile) - take:]
    del pile[len(pile) - take:]
    top = taken.pop()
    h[top] -= 2
    g.htot[p] -= 2
    mem[top] = max(0, mem[top] - 2)
    if not g.down[t]:  # rule 7.3: the set-aside melds go down with the pickup
        reveal_aside(g, p, t)
    mr = top if top < NUM_NATURAL else WILD_RANK
    if mr == WILD_RANK:
        meld_into(g, t, mr, 0, 3 if top == TWO else 0, 3 if top == JOKER else 0)
    else:
        meld_into(g, t, mr, 3, 0, 0)
    kb = KIND_BITS[top]
    for k in taken:
        h[k] += 1
        mem[k] += 1
        kb |= KIND_BITS[k]
    g.htot[p] += len(taken)
    # The bits of every other rank are up to date: refresh only the kinds taken (and the top's rank).
    g.hbits[p] = sum(compress(KIND_BITS, h))
    refresh_ranks(g, p, t, (kb & NATURAL_RANKS) | (1 << WILD_RANK if kb >> TWO & 3 else 0))
    g.phase_id = PLAY_PHASE
    after_play_action(g)


def do_discard(g: State, a: int) -> None:
    """Discard one card and end the turn (rule 3.4); the last card of the foot goes out (rule 8.2)."""
    k = ACTION_CARD[a]
    p = g.current_player
    t = p & 1
    if not g.down[t] and g.mcards[t]:
        return_aside(g, p, t)
    h = g.hand[p]
    c = h[k] = h[k] - 1
    if not c:
        g.hbits[p] ^= 1 << k
    if k < NUM_NATURAL:
        bits = NAT_FLAT[k * 12 + NAT_KEY[c] + g.mstate[t][k]]
        rb = g.rbits[p]
        g.mbits[p] += bits - rb[k]
        rb[k] = bits
    elif k <= JOKER:  # wild_rank(g, p), written out
        bits = WILD_BITS[TWO_KEY[h[TWO]] + JK_KEY[h[JOKER]] + (1 if g.inc_size[t][WILD_RANK] else 0)]
        rb = g.rbits[p]
        g.mbits[p] += bits - rb[WILD_RANK]
        rb[WILD_RANK] = bits
    g.pile.append(k)
    mem = g.memory[p]
    if mem[k]:
        mem[k] -= 1
    htot = g.htot
    held = htot[p] = htot[p] - 1
    if held == 0 and g.in_foot[p]:
        end_round(g, p, "went_out")  # rule 8.2: the legality check made sure they may
        return
    # An emptied hand (not foot) waits for the next turn: rule 6.2.
    q = (p + 1) & 3  # left_of(p)
    g.current_player = q
    g.phase_id = DRAW_PHASE
    if g.in_foot[q]:
        if htot[q] <= 4:
            return  # the mask (with rule 8.3) is left to update_legal
    elif htot[q] == 0:
        pick_up_foot(g, q)  # rule 3.1
        return
    # update_legal's draw mask for the next player, written out here; the pile's top is k.
    m = DRAW_BIT
    t = q & 1
    down = g.down[t]
    if k != BLACK3 and g.hand[q][k] >= 2:  # pickup_ok(g, t, k), written out
        if g.inc_size[t][k if k < NUM_NATURAL else WILD_RANK] + 3 <= CANASTA_SIZE and (
                down or g.mval[t] + 3 * g.values[k] >= g.rules.initial_minimums[g.round - 1]):
            m |= PICKUP_BIT
    if not down:
        m |= g.mbits[q] & WILD_FILTER[g.hbits[q] >> TWO & 3]
    g._mask = m


# Game.step dispatches on the action id through this table: one lookup instead of a chain of type tests.
HANDLERS = [
    {DRAW: do_draw, PICKUP: do_pickup, MELD: do_meld, ADD: do_meld, LAYDOWN: do_laydown, DISCARD: do_discard}[
        ACTION_TYPE[a]]
    for a in range(NUM_ACTIONS)
]
