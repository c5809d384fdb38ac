"""Bots: anything that is not a person. A bot has ``act(view) -> action id``.

``make_bot(name, seed)`` builds one by name. Every bot receives its own random generator from its
seed, never the game's, so a bot's choices are a function of its seed and the views it is shown.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, runtime_checkable

import numpy as np

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
        legal = view.legal_actions
        if not legal:
            raise ValueError("RandomBot.act: the view has no legal actions (is it this seat's turn?)")
        return int(legal[int(self.rng.integers(len(legal)))])


BOTS: dict[str, Callable[[int | None], Bot]] = {"random": RandomBot}


def bot_names() -> list[str]:
    """Names accepted by ``make_bot`` (besides ``policy:PATH``)."""
    return sorted(BOTS)


def make_bot(name: str, seed: int | None = None) -> Bot:
    """A bot by name: one of ``bot_names()``, or ``policy:PATH`` for an exported policy file."""
    if not isinstance(name, str):
        raise ValueError(f"bot name must be a string, got {name!r}")
    factory = BOTS.get(name.strip().lower())
    if factory is None:
        raise ValueError(f"unknown bot {name!r} (known: {', '.join(bot_names())}, or policy:PATH)")
    return factory(seed)
