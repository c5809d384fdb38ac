"""Fixtures shared by the test files."""

from __future__ import annotations

import pytest

from footcanasta_env.games import register_game, unregister_game
from tests import toy_game


@pytest.fixture
def toy():
    """The toy game (tests/toy_game.py) registered as ``toy`` for one test."""
    register_game("toy", toy_game)
    yield toy_game
    unregister_game("toy")
