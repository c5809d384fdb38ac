"""The privileged features of a position: the cards one seat cannot see, relative to that seat.

A seat's observation (``layout``) holds everything public and its own hand. Together with it, these
features make up the whole position up to the order of the stock below its top 16 cards: the analogue of
OpenSpiel's observer with ``private_info=PrivateInfoType.ALL_PLAYERS``. They are meant for a value net
during training (an asymmetric actor-critic, as ``training/selfplay_ppo.py``'s privileged critic): a
baseline may depend on anything but the action, so the policy gradient stays unbiased while the luck of
the deal leaves the advantages. A policy that plays must never read them.

Layout, ``HIDDEN_CARDS_SIZE`` 135 (index: feature, raw count x 1/10). Relative seats are 0 me, 1 left
(acts after me), 2 partner, 3 right; each block is one count per card kind, all 15 kinds in
``footcanasta_env.family.cards`` order (``4 .. A 2 JK R3 B3``):

    index    size  feature
    0-14       15  left's hand
    15-29      15  partner's hand
    30-44      15  right's hand
    45-104     60  unpicked feet of me, left, partner, right (15 each; zeros once picked up,
                   my own too: a foot is dealt face down)
    105-119    15  the next 4 cards of the stock (all zeros when it is empty)
    120-134    15  the next 16 cards of the stock (all zeros when it is empty)

The seat's own hand is not repeated (the observation has it). Numpy only; it reads the engine's count
lists (``Game.hand``, ``Game.foot``, ``Game.stock``, top last) and never changes the game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ...family.cards import NUM_KINDS
from ...family.seats import NUM_SEATS, left_of, partner_of

if TYPE_CHECKING:
    from ..engine import Game

HIDDEN_CARDS_SCALE = 0.1
"""Every count is multiplied by this."""
STOCK_NEAR, STOCK_FAR = 4, 16
"""How many of the next stock cards the two stock blocks count."""
_O_HANDS = 0
_O_FEET = _O_HANDS + 3 * NUM_KINDS
_O_STOCK_NEAR = _O_FEET + NUM_SEATS * NUM_KINDS
_O_STOCK_FAR = _O_STOCK_NEAR + NUM_KINDS
HIDDEN_CARDS_SIZE = _O_STOCK_FAR + NUM_KINDS
assert HIDDEN_CARDS_SIZE == 135


def hidden_cards(game: Game, seat: int) -> np.ndarray:
    """What ``seat`` cannot see in ``game``, relative to it, as float32 (the table in the module docstring)."""
    out = np.zeros(HIDDEN_CARDS_SIZE, dtype=np.float32)
    partner = partner_of(seat)
    me, left, right = seat, left_of(seat), left_of(partner)
    for k, s in enumerate((left, partner, right)):
        out[_O_HANDS + k * NUM_KINDS:_O_HANDS + (k + 1) * NUM_KINDS] = game.hand[s]
    for k, s in enumerate((me, left, partner, right)):
        out[_O_FEET + k * NUM_KINDS:_O_FEET + (k + 1) * NUM_KINDS] = game.foot[s]
    stock = game.stock
    if stock:
        out[_O_STOCK_NEAR:_O_STOCK_NEAR + NUM_KINDS] = np.bincount(stock[-STOCK_NEAR:], minlength=NUM_KINDS)
        out[_O_STOCK_FAR:_O_STOCK_FAR + NUM_KINDS] = np.bincount(stock[-STOCK_FAR:], minlength=NUM_KINDS)
    return out * np.float32(HIDDEN_CARDS_SCALE)
