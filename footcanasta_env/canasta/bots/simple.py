"""The simple Canasta bots: ``random`` (uniform legal play) and ``greedy`` (melds everything it can); the
play is the family's (``family.bots``), the actions and card costs Canasta's."""

from __future__ import annotations

from typing import Any

from ...family import bots
from ...family.cards import BLACK3, JOKER, NUM_NATURAL, TWO
from ..actions import ADD_IDS, DISCARD_ID, DRAW_ID, LAYDOWN_ID, MELD_B3_IDS, MELD_IDS, PICKUP_ID
from .base import check_legal

# Greedy preference over meld actions: natural adds, natural melds, then wild cards anywhere, black threes.
GREEDY_MELD_ORDER: tuple[int, ...] = (
    tuple(ADD_IDS[r] for r in range(NUM_NATURAL))
    + tuple(MELD_IDS[r] for r in range(NUM_NATURAL))
    + tuple(ADD_IDS[r] + v for r in range(NUM_NATURAL) for v in (1, 2))
    + tuple(MELD_IDS[r] + v for r in range(NUM_NATURAL) for v in (1, 2))
    + (MELD_B3_IDS[1], MELD_B3_IDS[0])
)


class RandomBot(bots.RandomBot):
    """Uniformly random legal play, from its own seeded generator."""

    check = staticmethod(check_legal)


class GreedyBot(bots.GreedyBot):
    """Takes the pile whenever it may, melds and adds everything it legally can (setting melds aside before
    the initial meld), lays down as soon as it may, and discards its least useful card."""

    check = staticmethod(check_legal)
    MELD_ORDER, LAYDOWN_FIRST = GREEDY_MELD_ORDER, True
    DRAW_ID, PICKUP_ID, LAYDOWN_ID, DISCARD_ID = DRAW_ID, PICKUP_ID, LAYDOWN_ID, DISCARD_ID

    def cost(self, view: Any, hand: Any, kind: int) -> int:
        """A black three first, then low singletons; pairs and wild cards last."""
        values = view.rules.card_values
        if kind in (TWO, JOKER):
            return 1000 + values[kind]
        return 0 if kind == BLACK3 else values[kind] + 50 * (hand[kind] >= 2)

