"""Round flow: the deal (rule 2), red threes from the stock (3.4), the end of a play, a round (9.4), the game (10)."""

from __future__ import annotations

import numpy as np

from ...family.cards import NUM_KINDS, NUM_NATURAL, RED3, deck_counts
from ..actions import DRAW_PHASE
from .legality import update_legal
from .scoring import is_concealed, score_round
from .state import State, reset_table


def _deck(decks: int) -> np.ndarray:
    deck = np.repeat(np.arange(NUM_KINDS, dtype=np.int64), deck_counts(decks))
    deck.flags.writeable = False
    return deck


DECKS_OF = {n: _deck(n) for n in (2, 3)}  # the cards of two decks (108) and of three (162, rule 14.2)


def deal(g: State) -> None:
    """Rules 2.2-2.4, 14.1: shuffle, deal each their cards (eleven at four players), turn the first upcard,
    lay down dealt red threes."""
    rules = g.rules
    seats = g.nseats
    size = rules.hand_size
    stock: list[int] = g.rng.permutation(DECKS_OF[rules.decks]).tolist()
    g.hand = [[0] * NUM_KINDS for _ in range(seats)]
    g.memory = [[0] * NUM_KINDS for _ in range(seats)]
    reset_table(g)
    first = (g.dealer + 1) % seats
    order = [(first + i) % seats for i in range(seats)]
    n = len(stock)
    for p in order:  # each player takes the next cards off the top (the list's end)
        counts = g.hand[p]
        for k in stock[n - size:n]:
            counts[k] += 1
        n -= size
    del stock[n:]
    g.htot = [size] * seats
    card = stock.pop()
    while card >= NUM_NATURAL:  # rule 2.3: a wild card or a three goes to the bottom of the stock
        stock.insert(0, card)
        card = stock.pop()
    g.pile = [card]
    g.pile_wilds = 0
    g.stock = stock
    for p in order:  # rule 2.4
        while g.hand[p][RED3]:
            g.hand[p][RED3] -= 1
            g.htot[p] -= 1
            g.red_threes[g.side_of[p]] += 1
            receive_from_stock(g, p)
    g.current_player = first
    g.phase_id = DRAW_PHASE
    g.turn_fresh = True
    g.turn_new = 0
    g._mask = None


def receive_from_stock(g: State, p: int) -> None:
    """Rules 2.4, 3.4: the top card of the stock to p's hand; a red three is laid down and replaced, and
    with an empty stock nothing comes."""
    stock = g.stock
    while stock:
        card = stock.pop()
        if card != RED3:
            g.hand[p][card] += 1
            g.htot[p] += 1
            return
        g.red_threes[g.side_of[p]] += 1


def after_play(g: State) -> None:
    """After a meld, add, laydown or pickup: out with no card left (rule 8.2), or rule 6.2."""
    p = g.current_player
    t = g.side_of[p]
    if g.htot[p] + (0 if g.down[t] else g.mcards[t]) == 0:  # held(g, p), written out
        end_round(g, p, "went_out")
    elif not update_legal(g):
        end_round(g, None, "no_action")


def end_round(g: State, went_out: int | None, ended_by: str) -> None:
    """Score the round (rule 9), then deal the next one or end the game (rule 10)."""
    concealed = went_out is not None and is_concealed(g, g.side_of[went_out])
    breakdown = score_round(g, went_out, concealed)
    scores = tuple(b["total"] for b in breakdown)
    g.scores = tuple(map(sum, zip(g.scores, scores, strict=True)))
    g.round_results.append({"round": g.round, "scores": scores, "went_out": went_out, "concealed": concealed,
                      "ended_by": ended_by, "breakdown": breakdown})
    g._mask = None
    if game_ends(g):
        g.is_over = True
        return
    g.round += 1
    g.dealer = (g.dealer + 1) % g.nseats
    deal(g)


def game_ends(g: State) -> bool:
    """Rules 10, 14.7: a side has reached the target and one side's total is the highest alone, or the round
    cap is reached."""
    cap = g.rules.max_rounds
    if cap is not None and g.round >= cap:
        return True
    best = max(g.scores)
    return best >= g.rules.target and g.scores.count(best) == 1

