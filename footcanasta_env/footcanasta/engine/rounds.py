"""Round flow: the deal, red threes from the stock, picking up the foot, going out and the end of a round."""

from __future__ import annotations

from itertools import compress

import numpy as np

from ...family.cards import JOKER, NUM_KINDS, RED3, TWO, deck_counts
from ...family.seats import left_of
from ..actions import DRAW_PHASE, PLAY_PHASE
from .legality import hand_changed, hand_reset, update_legal
from .masks import JK_KEY, KIND_BITS, NAT_FLAT, NAT_KEY, RANK_BASES, TWO_KEY, WILD_BITS
from .scoring import score_round
from .state import State, reset_table

_DECKS: dict[int, np.ndarray] = {}


def _deck(decks: int) -> np.ndarray:
    """The kinds of every card of ``decks`` decks, in kind order (read-only: shuffled by copy)."""
    deck = _DECKS.get(decks)
    if deck is None:
        deck = _DECKS[decks] = np.repeat(np.arange(NUM_KINDS, dtype=np.int64), deck_counts(decks))
        deck.flags.writeable = False
    return deck


def deal(g: State) -> None:
    """Rules 2.1-2.4: shuffle, deal hands and feet, turn the pile's first card, lay down red threes."""
    r = g.rules
    stock: list[int] = g.rng.permutation(_deck(r.decks)).tolist()
    g.hand = [[0] * NUM_KINDS for _ in range(4)]
    g.foot = [[0] * NUM_KINDS for _ in range(4)]
    g.in_foot = [False] * 4
    g.memory = [[0] * NUM_KINDS for _ in range(4)]
    reset_table(g)
    first = left_of(g.dealer)
    order = [first, left_of(first), left_of(left_of(first)), left_of(left_of(left_of(first)))]
    # Each player in turn takes the next hand_size cards off the top (the list's end), then each the
    # next foot_size cards: counted from slices, the same cards as popping them one at a time.
    n = len(stock)
    for piles, size in ((g.hand, r.hand_size), (g.foot, r.foot_size)):
        for p in order:
            counts = piles[p]
            for k in stock[n - size:n]:
                counts[k] += 1
            n -= size
    del stock[n:]
    g.htot = [sum(h) for h in g.hand]
    # Rule 2.3: a red three or wild card turned up goes back into the stock at a random position.
    while True:
        card = stock.pop()
        if card != RED3 and card != TWO and card != JOKER:
            break
        stock.insert(int(g.rng.integers(0, len(stock) + 1)), card)
    g.pile = [card]
    g.stock = stock
    for p in order:  # rule 2.4
        while g.hand[p][RED3]:
            g.hand[p][RED3] -= 1
            g.htot[p] -= 1
            g.red_threes[p & 1] += 1
            if stock:
                receive_from_stock(g, p)
    # hand_reset for each fresh hand, written out: no melds yet, so every meld state is 0.
    for p in range(4):
        h = g.hand[p]
        g.hbits[p] = sum(compress(KIND_BITS, h))
        rb = g.rbits[p] = [NAT_FLAT[b + NAT_KEY[n]] for b, n in zip(RANK_BASES, h, strict=False)]
        rb.append(WILD_BITS[TWO_KEY[h[TWO]] + JK_KEY[h[JOKER]]])
        g.mbits[p] = sum(rb)
    g.current_player = first
    g.phase_id = DRAW_PHASE
    g._mask = None


def receive_from_stock(g: State, p: int) -> None:
    """Rule 3.5: a red three is laid down and replaced; with an empty stock, not replaced."""
    stock = g.stock
    card = stock.pop()
    while card == RED3:
        g.red_threes[p & 1] += 1
        if not stock:
            return
        card = stock.pop()
    g.hand[p][card] += 1
    g.htot[p] += 1
    hand_changed(g, p, card)


def pick_up_foot(g: State, p: int) -> None:
    """Rules 3.1, 3.5, 6.1: the foot becomes the hand; its red threes are laid down and replaced."""
    foot = g.foot[p]
    h = g.hand[p]
    n3 = foot[RED3]
    foot[RED3] = 0
    for k in range(NUM_KINDS):
        if foot[k]:
            h[k] += foot[k]
            g.htot[p] += foot[k]
            foot[k] = 0
    g.in_foot[p] = True
    hand_reset(g, p)
    for _ in range(n3):
        g.red_threes[p & 1] += 1
        if g.stock:
            receive_from_stock(g, p)
    g._mask = None


def after_play_action(g: State) -> None:
    """After a play that may empty the held cards: foot pickup (6.1), going out (8.2), or 8.4."""
    p = g.current_player
    t = p & 1
    held = g.htot[p] + (0 if g.down[t] else g.mcards[t])
    if held == 0:
        if g.in_foot[p]:
            end_round(g, p, "went_out")
            return
        pick_up_foot(g, p)
    # Rule 8.4: only a player in their foot with few cards can be left without a legal action.
    if g.in_foot[p] and g.htot[p] <= 4 and g.phase_id == PLAY_PHASE and not update_legal(g):
        end_round(g, None, "no_action")


def end_round(g: State, went_out: int | None, ended_by: str) -> None:
    """Score the round (rule 9), then deal the next one or end the game."""
    r = g.rules
    breakdown = score_round(g, went_out)
    scores = (breakdown[0]["total"], breakdown[1]["total"])
    g.scores = (g.scores[0] + scores[0], g.scores[1] + scores[1])
    g.round_results.append({"round": g.round, "scores": scores, "went_out": went_out,
                            "ended_by": ended_by, "breakdown": breakdown})
    g._mask = None
    if g.round >= r.rounds:
        g.is_over = True
    else:
        g.round += 1
        g.dealer = left_of(g.dealer)
        deal(g)
