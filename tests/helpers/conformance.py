"""The games the conformance suite (tests/conformance) runs over, chosen by what each game offers.

A conformance test names what it needs (names of ``footcanasta_env.games``' ``INTERFACE`` and ``TRAINING``,
or another name of a game's face such as ``sample_world``); every registered game offering them is a
parameter of the test, and so is each toy of tests/helpers/toy_game.py where ``toys=True``. A game that
lacks a name is simply not a parameter: ``tests/conformance/test_interface_conformance.py`` asserts that both real
games offer everything, so a name dropped from one of them fails there, not in silence.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from footcanasta_env.games import game_names, get_game, register_game, unregister_game
from tests.helpers import toy_game

TOYS: dict[str, Any] = {t.NAME: t for t in toy_game.TOYS}
"""The toy at every table (``toy``: four seats in partnerships, ``toy2``, ``toy3``)."""

EXTRAS = ("sample_world",)
"""Names beyond ``INTERFACE`` and ``TRAINING`` that some conformance tests need (hidden-information worlds)."""

REAL = tuple(n for n in game_names() if n not in TOYS)
"""The games registered with the house (the toys are registered only for a test)."""


def _offers(game: Any, need: tuple[str, ...]) -> bool:
    return all(hasattr(game, n) for n in need)


def games_offering(*need: str, toys: bool = False) -> list[Any]:
    """Pytest parameters: the registered games (and the toys, when ``toys``) offering every name of ``need``."""
    out = [pytest.param(n, id=n) for n in REAL if _offers(get_game(n), need)]
    if toys:
        out += [pytest.param(n, id=n) for n, t in TOYS.items() if _offers(t, need)]
    return out


@contextmanager
def registered(name: str) -> Iterator[Any]:
    """The game ``name`` from the house's registry, a toy registered for the duration."""
    if name not in TOYS:
        yield get_game(name)
        return
    register_game(name, TOYS[name])
    try:
        yield get_game(name)
    finally:
        unregister_game(name)


def random_play(game: Any, rng: random.Random, steps: int) -> Any:
    """``game`` after up to ``steps`` random legal actions (fewer when it ends)."""
    for _ in range(steps):
        if game.is_over:
            break
        legal = game.legal_actions()
        game.step(legal[rng.randrange(len(legal))])
    return game


def states(module: Any, seeds: tuple[int, ...], at: tuple[int, ...]) -> list[Any]:
    """Games of random play from each seed, after each number of actions in ``at`` (the deal is 0)."""
    out = []
    for seed in seeds:
        game, rng, done = module.new_game(seed), random.Random(seed), 0
        for n in sorted(at):
            random_play(game, rng, n - done)
            done = n
            out.append(game.clone())
    return out


def seats(module: Any) -> range:
    """Every seat of the game's table."""
    return range(module.geometry().seats)
