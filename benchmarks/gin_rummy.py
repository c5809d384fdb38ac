"""OpenSpiel's C++ gin rummy driven from Python: the comparison point of the engine and env benchmarks.

Both games of the house are measured against it the same way (``bench_engine.py`` and
``bench_canasta_engine.py``: random legal play, legal actions + apply; ``bench_env.py`` and
``bench_canasta_env.py``: legal actions + the observation tensor of the player to act at every decision).
``open_spiel`` is optional (``pip install open_spiel``, the ``bench`` extra): ``available()`` says
whether it can be imported.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

import numpy as np


def available() -> bool:
    """Whether OpenSpiel's Python module can be imported."""
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        return False
    return True


def load() -> Any:
    """The pyspiel game object of gin rummy."""
    import pyspiel

    return pyspiel.load_game("gin_rummy")


def play_game(game: Any, rnd: Callable[[], float]) -> int:
    """One game of random legal play, chance outcomes sampled uniformly by ``rnd``; returns its steps,
    chance steps included."""
    state = game.new_initial_state()
    steps = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[int(rnd() * len(outcomes))][0])
        else:
            acts = state.legal_actions()
            state.apply_action(acts[int(rnd() * len(acts))])
        steps += 1
    return steps


def engine_run(seconds: float, seed: int, clock: Callable[[], float] = time.perf_counter) -> tuple[float, float]:
    """Random legal play for about ``seconds`` of ``clock`` (wall-clock time by default), chance outcomes
    sampled uniformly and counted as steps; returns (steps/s, games/s)."""
    game = load()
    rnd = random.Random(seed).random
    steps = games = 0
    start = clock()
    while clock() - start < seconds:
        steps += play_game(game, rnd)
        games += 1
    elapsed = clock() - start
    return steps / elapsed, games / elapsed


def env_run(steps: int, seed: int) -> float:
    """Decisions per second (CPU time of this process) of random legal play with the legal actions and
    the observation tensor of the player to act at every decision, as an env gives them."""
    game = load()
    rng = np.random.default_rng(seed)
    state = game.new_initial_state()
    done = 0
    t0 = time.process_time()
    while done < steps:
        if state.is_terminal():
            state = game.new_initial_state()
            continue
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[int(rng.integers(len(outcomes)))][0])
            continue
        legal = state.legal_actions()
        state.observation_tensor(state.current_player())
        state.apply_action(legal[int(rng.integers(len(legal)))])
        done += 1
    return done / (time.process_time() - t0)
