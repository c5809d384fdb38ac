"""The turn's actions: draw (rules 3.1, 3.4), pickup (rule 4), discard (rule 3.3), and the handler table.

Every handler is a plain function ``handler(g, a)`` over the state; ``Game.step`` calls
``HANDLERS[a](g, a)`` once the action is known to be legal.
"""

from __future__ import annotations

from ...family.cards import JOKER, RED3, TWO
from ..actions import (
    ACTION_CARD,
    ACTION_TYPE,
    ADD,
    DISCARD,
    DRAW,
    DRAW_PHASE,
    LAYDOWN,
    MELD,
    MELD_B3,
    NUM_ACTIONS,
    PICKUP,
    PLAY_PHASE,
)
from .legality import PICKUP_PAIR, pickup_mode, update_legal
from .melding import do_laydown, do_meld, do_meld_b3, played_in_sight, put_in_meld, return_aside, reveal_aside
from .rounds import after_play, end_round, receive_from_stock
from .state import State


def do_draw(g: State, a: int) -> None:
    """Draw from the stock (rules 3.1, 3.4): one card, or ``rules.draw`` (rule 14.3), fewer if the stock holds
    fewer; with an empty stock the round ends (rule 9.4)."""
    stock = g.stock
    if not stock:
        end_round(g, None, "stock")
        return
    p = g.current_player
    h = g.hand[p]
    for _ in range(g.draw_n):  # receive_from_stock, written out for the usual card
        if not stock:
            break
        card = stock.pop()
        if card == RED3:  # rule 3.4: laid down and replaced
            g.red_threes[g.side_of[p]] += 1
            receive_from_stock(g, p)
        else:
            h[card] += 1
            g.htot[p] += 1
    g.phase_id = PLAY_PHASE
    if not update_legal(g):  # rule 6.2: a red three with no replacement can leave one card and no way out
        end_round(g, None, "no_action")


def do_pickup(g: State, a: int) -> None:
    """Take the whole pile (rule 4): the top card is melded as ``pickup_mode`` says, the rest goes to the hand."""
    p = g.current_player
    t = g.side_of[p]
    pair = pickup_mode(g, p, t) == PICKUP_PAIR
    pile = g.pile
    top = pile.pop()
    h = g.hand[p]
    if pair:
        h[top] -= 2
        g.htot[p] -= 2
        played_in_sight(g, p, top, 2)
    if not g.down[t]:
        reveal_aside(g, p, t)  # rule 7.3: the set-aside melds go down with the pickup meld
    if not g.msize[t][top]:
        g.turn_new |= 1 << top
    put_in_meld(g, t, top, 3 if pair else 1, 0, 0)
    g.has_melded[p] = True
    mem = g.memory[p]
    for k in pile:
        h[k] += 1
        mem[k] += 1
    g.htot[p] += len(pile)
    g.pile = []
    g.pile_wilds = 0  # rule 4.2: taking the pile unfreezes it
    g.phase_id = PLAY_PHASE
    after_play(g)


def do_discard(g: State, a: int) -> None:
    """Discard one card and end the turn (rule 3.3); the last card held goes out (rule 8.2)."""
    k = ACTION_CARD[a]
    p = g.current_player
    t = g.side_of[p]
    if not g.down[t] and g.mcards[t]:
        return_aside(g, p, t)  # rule 7.2
    g.hand[p][k] -= 1
    g.htot[p] -= 1
    g.pile.append(k)
    if k == TWO or k == JOKER:
        g.pile_wilds += 1  # rule 4.2: a discarded wild card freezes the pile
    mem = g.memory[p]
    if mem[k]:
        mem[k] -= 1
    if g.htot[p] == 0:
        end_round(g, p, "went_out")  # the mask made sure they may (rule 8.1)
        return
    q = g.current_player = g.left[p]  # the turn passes to the left (rule 2.1)
    g.phase_id = DRAW_PHASE
    g.turn_fresh = not g.has_melded[q]
    g.turn_new = 0
    g._mask = None


# Game.step dispatches on the action id through this table: one lookup instead of a chain of type tests.
HANDLERS = [
    {DRAW: do_draw, PICKUP: do_pickup, MELD: do_meld, ADD: do_meld, MELD_B3: do_meld_b3, LAYDOWN: do_laydown,
     DISCARD: do_discard}[ACTION_TYPE[a]]
    for a in range(NUM_ACTIONS)
]
