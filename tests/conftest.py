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


@pytest.fixture(scope="session")
def pg_cluster():
    """A throw-away PostgreSQL server for the session (tests/pgcluster.py); skipped when PostgreSQL is
    not installed, except under CI."""
    from tests.pgcluster import make_cluster

    cluster = make_cluster()
    yield cluster
    cluster.remove()
