"""The privileged features of a position: the cards one seat cannot see, relative to that seat.

A seat's observation (``layout``) holds everything public and its own cards. Together with it, these
features make up the whole position up to the order of the stock below its top 16 cards. They are meant
for a value net during training (an asymmetric actor-critic): a baseline may depend on anything but the
action, so the policy gradient stays unbiased. A policy that plays must never read them.

Layout of four players, ``HIDDEN_CARDS_SIZE`` 75 (index: feature, raw count x 1/8; x 1/12 with three
decks, ``layout.count_scale``). Relative seats are 0 me, 1 left (acts after me), 2 partner, 3 right; each
block is one count per card kind, all 15 kinds in ``footcanasta_env.family.cards`` order
(``4 .. A 2 JK R3 B3``):

    index    size  feature
    0-14       15  left's cards held (its set-aside melds included)
    15-29      15  partner's cards held, the same
    30-44      15  right's cards held, the same
    45-59      15  the next 4 cards of the stock (all zeros when it is empty)
    60-74      15  the next 16 cards of the stock

At every size (section 14) the same: one block per other seat, clockwise from the one after me (relative
seats 1 .. N-1, partners or not), then the two stock blocks: ``hidden_cards_size(rules)`` = 15 x (N + 1),
45 for two players, 60 for three, 75 for four, 105 for six.

Numpy only; it reads the engine's count lists (``Game.hand``, the set-aside melds of the player to act,
``Game.stock``, top last) and never changes the game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ...family.cards import JOKER, NUM_KINDS, NUM_NATURAL, TWO
from ..rules import Rules
from .layout import count_scale

if TYPE_CHECKING:
    from ..engine import Game

STOCK_NEAR, STOCK_FAR = 4, 16
"""How many of the next stock cards the two stock blocks count."""
_O_HANDS = 0
_O_STOCK_NEAR = _O_HANDS + 3 * NUM_KINDS
_O_STOCK_FAR = _O_STOCK_NEAR + NUM_KINDS
HIDDEN_CARDS_SIZE = _O_STOCK_FAR + NUM_KINDS
assert HIDDEN_CARDS_SIZE == 75


def hidden_cards_size(rules: Rules) -> int:
    """The length of ``hidden_cards`` under ``rules``: a block per other seat and the two stock blocks."""
    return (rules.players - 1 + 2) * NUM_KINDS


def _held_counts(game: Game, s: int) -> list[int]:
    """Seat s's cards per kind, its set-aside melds (while it acts before its side's initial meld) included."""
    counts = list(game.hand[s])
    t = game.side_of[s]
    if s == game.current_player and not game.down[t]:
        for r in range(NUM_NATURAL):
            counts[r] += game.mnat[t][r]
        counts[TWO] += sum(game.mtwo[t])
        counts[JOKER] += sum(game.mjk[t])
    return counts


def hidden_cards(game: Game, seat: int) -> np.ndarray:
    """What ``seat`` cannot see in ``game``, relative to it, as float32 (the table in the module docstring)."""
    n = game.nseats
    if isinstance(seat, bool) or not isinstance(seat, (int, np.integer)) or not 0 <= seat < n:
        raise ValueError(f"seat must be 0 to {n - 1} ({n} players), got {seat!r}")
    out = np.zeros(hidden_cards_size(game.rules), dtype=np.float32)
    for rel in range(1, n):
        o = _O_HANDS + (rel - 1) * NUM_KINDS
        out[o:o + NUM_KINDS] = _held_counts(game, (seat + rel) % n)
    stock = game.stock
    if stock:
        near = (n - 1) * NUM_KINDS
        out[near:near + NUM_KINDS] = np.bincount(stock[-STOCK_NEAR:], minlength=NUM_KINDS)
        out[near + NUM_KINDS:near + 2 * NUM_KINDS] = np.bincount(stock[-STOCK_FAR:], minlength=NUM_KINDS)
    return out * np.float32(count_scale(game.rules.decks))
