"""The privileged features of a position: the cards one seat cannot see, relative to that seat.

A seat's observation (``layout``) holds everything public and its own cards. Together with it, these
features make up the whole position up to the order of the stock below its top 16 cards. They are meant
for a value net during training (an asymmetric actor-critic): a baseline may depend on anything but the
action, so the policy gradient stays unbiased. A policy that plays must never read them.

Layout, ``HIDDEN_CARDS_SIZE`` 75 (index: feature, raw count x 1/8). Relative seats are 0 me, 1 left
(acts after me), 2 partner, 3 right; each block is one count per card kind, all 15 kinds in
``footcanasta_env.family.cards`` order (``4 .. A 2 JK R3 B3``):

    index    size  feature
    0-14       15  left's cards held (its set-aside melds included)
    15-29      15  partner's cards held, the same
    30-44      15  right's cards held, the same
    45-59      15  the next 4 cards of the stock (all zeros when it is empty)
    60-74      15  the next 16 cards of the stock

Numpy only; it reads the engine's count lists (``Game.hand``, the set-aside melds of the player to act,
``Game.stock``, top last) and never changes the game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ...family.cards import JOKER, NUM_KINDS, NUM_NATURAL, TWO
from ..rules import OBSERVATION_FOUR, require_four_players

if TYPE_CHECKING:
    from ..engine import Game

HIDDEN_CARDS_SCALE = 0.125
"""Every count is multiplied by this."""
STOCK_NEAR, STOCK_FAR = 4, 16
"""How many of the next stock cards the two stock blocks count."""
_O_HANDS = 0
_O_STOCK_NEAR = _O_HANDS + 3 * NUM_KINDS
_O_STOCK_FAR = _O_STOCK_NEAR + NUM_KINDS
HIDDEN_CARDS_SIZE = _O_STOCK_FAR + NUM_KINDS
assert HIDDEN_CARDS_SIZE == 75


def _held_counts(game: Game, s: int) -> list[int]:
    """Seat s's cards per kind, its set-aside melds (while it acts before its side's initial meld) included."""
    counts = list(game.hand[s])
    t = s & 1
    if s == game.current_player and not game.down[t]:
        for r in range(NUM_NATURAL):
            counts[r] += game.mnat[t][r]
        counts[TWO] += sum(game.mtwo[t])
        counts[JOKER] += sum(game.mjk[t])
    return counts


def hidden_cards(game: Game, seat: int) -> np.ndarray:
    """What ``seat`` cannot see in ``game``, relative to it, as float32 (the table in the module docstring)."""
    require_four_players(game.rules, OBSERVATION_FOUR)
    if isinstance(seat, bool) or not isinstance(seat, (int, np.integer)) or not 0 <= seat < 4:
        raise ValueError(f"seat must be 0 to 3, got {seat!r}")
    out = np.zeros(HIDDEN_CARDS_SIZE, dtype=np.float32)
    for rel in (1, 2, 3):
        o = _O_HANDS + (rel - 1) * NUM_KINDS
        out[o:o + NUM_KINDS] = _held_counts(game, (seat + rel) & 3)
    stock = game.stock
    if stock:
        out[_O_STOCK_NEAR:_O_STOCK_NEAR + NUM_KINDS] = np.bincount(stock[-STOCK_NEAR:], minlength=NUM_KINDS)
        out[_O_STOCK_FAR:_O_STOCK_FAR + NUM_KINDS] = np.bincount(stock[-STOCK_FAR:], minlength=NUM_KINDS)
    return out * np.float32(HIDDEN_CARDS_SCALE)
