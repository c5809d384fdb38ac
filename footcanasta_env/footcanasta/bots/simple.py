"""The simple bots: ``random`` (uniform legal play) and ``greedy`` (melds everything it can)."""

from __future__ import annotations

import numpy as np

from ...family.cards import BLACK3, JOKER, NUM_NATURAL, TWO
from ..actions import ADD_BASE, ADD_WILD_BASE, DISCARD_ID, DRAW_ID, LAYDOWN_ID, MELD_BASE, PICKUP_ID, WILD_MELD_BASE
from ..engine import View
from .base import check_legal as _check_legal


class RandomBot:
    """Uniformly random legal play."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = np.random.default_rng(seed)

    def act(self, view: View) -> int:
        """A uniformly random legal action."""
        legal = _check_legal(view, "RandomBot")
        return int(legal[int(self.rng.integers(len(legal)))])


# Greedy preference over meld actions: naturals first, then natural melds, then wild cards anywhere.
_GREEDY_MELD_ORDER: tuple[int, ...] = (
    tuple(ADD_BASE + 3 * r for r in range(NUM_NATURAL))
    + tuple(MELD_BASE + 3 * r for r in range(NUM_NATURAL))
    + tuple(ADD_BASE + 3 * r + v for r in range(NUM_NATURAL) for v in (1, 2))
    + tuple(MELD_BASE + 3 * r + v for r in range(NUM_NATURAL) for v in (1, 2))
    + (ADD_WILD_BASE, ADD_WILD_BASE + 1)
    + tuple(WILD_MELD_BASE + i for i in range(4))
)


class GreedyBot:
    """Takes the pile whenever it may, melds and adds everything it legally can, lays down at once,
    and discards its least useful card (black three, then low singletons; wild cards last)."""

    name = "greedy"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = np.random.default_rng(seed)  # unused: greedy play is deterministic

    def act(self, view: View) -> int:
        """The greedy choice for ``view``."""
        legal = _check_legal(view, "GreedyBot")
        if len(legal) == 1:
            return int(legal[0])
        ls = set(legal)
        if view.phase == "draw":
            return PICKUP_ID if PICKUP_ID in ls else DRAW_ID
        for a in _GREEDY_MELD_ORDER:
            if a in ls:
                return a
        if LAYDOWN_ID in ls:
            return LAYDOWN_ID
        hand = view.hand.tolist()
        values = view.rules.card_values
        best, best_cost = -1, 1 << 30
        for k, a in DISCARD_ID.items():
            if a not in ls:
                continue
            # Keep wild cards and pairs; among the rest shed the cheapest card.
            cost = 1000 if k in (TWO, JOKER) else (0 if k == BLACK3 else values[k] + (50 if hand[k] >= 2 else 0))
            if cost < best_cost:
                best, best_cost = a, cost
        return best if best >= 0 else int(legal[0])
