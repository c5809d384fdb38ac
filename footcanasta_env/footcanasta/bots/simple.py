"""The simple bots: ``random`` (uniform legal play) and ``greedy`` (melds everything it can); the play is the
family's (``family.bots``), the actions and card costs Foot Canasta's."""

from __future__ import annotations

from typing import Any

from ...family import bots
from ...family.cards import BLACK3, JOKER, NUM_NATURAL, TWO
from ..actions import ADD_BASE, ADD_WILD_BASE, DISCARD_ID, DRAW_ID, LAYDOWN_ID, MELD_BASE, PICKUP_ID, WILD_MELD_BASE
from .base import check_legal

# Greedy preference over meld actions: naturals first, then natural melds, then wild cards anywhere.
_GREEDY_MELD_ORDER: tuple[int, ...] = (
    tuple(ADD_BASE + 3 * r for r in range(NUM_NATURAL))
    + tuple(MELD_BASE + 3 * r for r in range(NUM_NATURAL))
    + tuple(ADD_BASE + 3 * r + v for r in range(NUM_NATURAL) for v in (1, 2))
    + tuple(MELD_BASE + 3 * r + v for r in range(NUM_NATURAL) for v in (1, 2))
    + (ADD_WILD_BASE, ADD_WILD_BASE + 1)
    + tuple(WILD_MELD_BASE + i for i in range(4))
)


class RandomBot(bots.RandomBot):
    """Uniformly random legal play."""

    check = staticmethod(check_legal)


class GreedyBot(bots.GreedyBot):
    """Takes the pile whenever it may, melds and adds everything it legally can, lays down at once,
    and discards its least useful card (black three, then low singletons; wild cards last)."""

    check = staticmethod(check_legal)
    MELD_ORDER = _GREEDY_MELD_ORDER
    DRAW_ID, PICKUP_ID, LAYDOWN_ID, DISCARD_ID = DRAW_ID, PICKUP_ID, LAYDOWN_ID, DISCARD_ID

    def hand_of(self, view: Any) -> list[int]:
        """The hand as a list (cheaper to index than the view's array)."""
        return view.hand.tolist()

    def cost(self, view: Any, hand: Any, kind: int) -> int:
        """Keep wild cards and pairs; among the rest shed the cheapest card."""
        if kind in (TWO, JOKER):
            return 1000
        return 0 if kind == BLACK3 else view.rules.card_values[kind] + (50 if hand[kind] >= 2 else 0)
