"""Bots: anything that is not a person. A bot has ``act(view) -> action id``.

``make_bot(name, seed)`` builds one by name. Every bot receives its own random generator from its
seed, never the game's, so a bot's choices are a function of its seed and the views it is shown.
Bots decide from the ``View`` alone (RULES.md section 12), so they cannot cheat.

Registered names: ``random``, ``greedy``, ``expert`` (see ``strategy.py``). ``learned`` and
``policy:PATH`` are reserved for exported policies; add a loader with ``register_policy_loader``.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Protocol, runtime_checkable

import numpy as np

from .actions import ADD_BASE, ADD_WILD_BASE, DISCARD_ID, DRAW_ID, LAYDOWN_ID, MELD_BASE, PICKUP_ID, WILD_MELD_BASE
from .cards import BLACK3, JOKER, NUM_NATURAL, TWO
from .strategy import ExpertBot
from .strategy import check_legal as _check_legal
from .view import View


@runtime_checkable
class Bot(Protocol):
    """A player that picks a legal action from what its seat may see."""

    name: str

    def act(self, view: View) -> int:
        """A legal action id for ``view`` (whose ``legal_actions`` is non-empty)."""
        ...


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


BotFactory = Callable[[int | None], Bot]
BOTS: dict[str, BotFactory] = {"random": RandomBot, "greedy": GreedyBot, "expert": ExpertBot}
_POLICY_LOADERS: dict[str, Callable[[str, int | None], Bot]] = {}


def register_bot(name: str, factory: BotFactory) -> None:
    """Add a named bot to the registry (names are case-insensitive)."""
    BOTS[name.strip().lower()] = factory


def register_policy_loader(kind: str, loader: Callable[[str, int | None], Bot]) -> None:
    """Install the loader for ``learned`` (called with path '') or ``policy:PATH`` (kind 'policy')."""
    _POLICY_LOADERS[kind] = loader


def bot_names() -> list[str]:
    """Names accepted by ``make_bot`` (besides ``policy:PATH``)."""
    return sorted(BOTS)


def make_bot(name: str, seed: int | None = None) -> Bot:
    """A bot by name: one of ``bot_names()``, ``learned``, or ``policy:PATH`` for an exported policy file."""
    if not isinstance(name, str):
        raise ValueError(f"bot name must be a string, got {name!r}")
    key = name.strip()
    low = key.lower()
    if low == "learned":
        if "learned" not in _POLICY_LOADERS:
            raise ValueError("bot 'learned': no learned policy shipped yet")
        return _POLICY_LOADERS["learned"]("", seed)
    if low.startswith("policy:"):
        path = key[len("policy:"):]
        if not path:
            raise ValueError("bot 'policy:PATH' needs a file path after 'policy:'")
        if not os.path.isfile(path):
            raise ValueError(f"bot {name!r}: policy file {path!r} not found")
        if "policy" not in _POLICY_LOADERS:
            raise ValueError(f"bot {name!r}: loading exported policies is not supported yet")
        return _POLICY_LOADERS["policy"](path, seed)
    factory = BOTS.get(low)
    if factory is None:
        raise ValueError(f"unknown bot {name!r} (known: {', '.join(bot_names())}, learned, or policy:PATH)")
    return factory(seed)


# Exported policies register their loaders (``learned``, ``policy:PATH``) on import; numpy only.
from . import policy as _policy  # noqa: E402,F401
