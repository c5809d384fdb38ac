"""OpenSpiel states for the tests of the games' OpenSpiel registration: a dealt state and one after random play.
Imports nothing of OpenSpiel itself, so that a test module can skip before it is needed."""

from __future__ import annotations

from typing import Any

import numpy as np


def dealt(game: Any, k: int = 3) -> Any:
    """A new state of ``game`` with its root's chance outcome ``k`` (deal ``k``) applied."""
    state = game.new_initial_state()
    state.apply_action(k)
    return state


def play(state: Any, steps: int, seed: int = 0) -> Any:
    """``state`` after up to ``steps`` uniformly random actions."""
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(int(rng.choice(state.legal_actions())))
    return state
