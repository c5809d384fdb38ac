"""Fixtures shared by the test files."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from footcanasta_env.games import register_game, unregister_game
from tests.helpers import toy_game


@pytest.fixture
def toy():
    """The toy game (tests/helpers/toy_game.py) registered as ``toy`` for one test."""
    register_game("toy", toy_game)
    yield toy_game
    unregister_game("toy")


@pytest.fixture(scope="session")
def pg_cluster():
    """A throw-away PostgreSQL server for the session (tests/helpers/pgcluster.py); skipped when PostgreSQL is
    not installed, except under CI."""
    from tests.helpers.pgcluster import make_cluster

    cluster = make_cluster()
    yield cluster
    cluster.remove()


@dataclass
class Db:
    """Where a test's app keeps its games (a SQLite path or a PostgreSQL URL), the folder for its replay
    files, and how to get another, empty database of the same kind."""

    url: str
    dir: Path
    new: Callable[[str], str]

    def other(self, name: str) -> Db:
        return Db(self.new(name), self.dir, self.new)


@pytest.fixture(params=["sqlite", "postgresql"])
def db(request, tmp_path) -> Db:
    if request.param == "sqlite":
        return Db(str(tmp_path / "web.sqlite3"), tmp_path, lambda name: str(tmp_path / f"{name}.sqlite3"))
    cluster = request.getfixturevalue("pg_cluster")
    return Db(cluster.new_db(), tmp_path, lambda name: cluster.new_db())
