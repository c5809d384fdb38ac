"""The simple Canasta bots: ``random`` (uniform legal play) and ``greedy`` (melds everything it can)."""

from __future__ import annotations

import numpy as np

from ...family.cards import BLACK3, JOKER, NUM_NATURAL, TWO
from ..actions import ADD_IDS, DISCARD_ID, DRAW_ID, LAYDOWN_ID, MELD_B3_IDS, MELD_IDS, PICKUP_ID
from ..engine import View
from .base import check_legal


class RandomBot:
    """Uniformly random legal play, from its own seeded generator."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = np.random.default_rng(seed)

    def act(self, view: View) -> int:
        """A uniformly random legal action."""
        legal = check_legal(view, "RandomBot")
        return int(legal[int(self.rng.integers(len(legal)))])


# Greedy preference over meld actions: natural adds, natural melds, then wild cards anywhere, black threes.
GREEDY_MELD_ORDER: tuple[int, ...] = (
    tuple(ADD_IDS[r] for r in range(NUM_NATURAL))
    + tuple(MELD_IDS[r] for r in range(NUM_NATURAL))
    + tuple(ADD_IDS[r] + v for r in range(NUM_NATURAL) for v in (1, 2))
    + tuple(MELD_IDS[r] + v for r in range(NUM_NATURAL) for v in (1, 2))
    + (MELD_B3_IDS[1], MELD_B3_IDS[0])
)


def cheapest_discard(view: View, legal: set[int]) -> int:
    """The least useful card to discard: a black three, then low singletons; pairs and wild cards last."""
    hand = view.hand
    values = view.rules.card_values
    best, best_cost = -1, 1 << 30
    for k, a in DISCARD_ID.items():
        if a not in legal:
            continue
        cost = 1000 + values[k] if k in (TWO, JOKER) else (0 if k == BLACK3 else values[k] + 50 * (hand[k] >= 2))
        if cost < best_cost:
            best, best_cost = a, cost
    return best


class GreedyBot:
    """Takes the pile whenever it may, melds and adds everything it legally can (setting melds aside before
    the initial meld), lays down as soon as it may, and discards its least useful card."""

    name = "greedy"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = np.random.default_rng(seed)  # unused: greedy play is deterministic

    def act(self, view: View) -> int:
        """The greedy choice for ``view``."""
        legal = check_legal(view, "GreedyBot")
        if len(legal) == 1:
            return int(legal[0])
        ls = set(legal)
        if view.phase == "draw":
            return PICKUP_ID if PICKUP_ID in ls else DRAW_ID
        if LAYDOWN_ID in ls:
            return LAYDOWN_ID
        for a in GREEDY_MELD_ORDER:
            if a in ls:
                return a
        best = cheapest_discard(view, ls)
        return best if best >= 0 else int(legal[0])
