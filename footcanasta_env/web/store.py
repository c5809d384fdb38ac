"""The web room's storage: games (spec and action log), finished replays, the leaderboard; SQLite or PostgreSQL.

The database is a SQLite file (``~/.footcanasta/web.sqlite3`` by default) or a PostgreSQL server
(``db.py`` holds the differences). A game row holds how it was dealt and every action so far with their
count (``version``), the address of the client that created it and whether its daily entry went in: it is
all of a game's state, so any worker process rebuilds any game exactly. A move is written only over the
version it was played on (``save_move``), so of two workers playing one game at once the second is
refused and nothing of its move is kept; the finished game's replay and leaderboard entry go in the same
transaction as its last move, so exactly once. The leaderboard keeps, per game, date and player name,
the first finished daily game of that date that was started on that date. The schema's version is in
the ``schema_version`` table (SQLite files from before it have it in ``user_version``); an older
database is brought forward when opened (``MIGRATIONS``), its rows kept.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..messages import N_, Message
from .db import Database, Tx, connect
from .session import WebError

DEFAULT_DB = Path("~/.footcanasta/web.sqlite3")

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    spec TEXT NOT NULL,
    actions TEXT NOT NULL,
    over INTEGER NOT NULL DEFAULT 0,
    started TEXT NOT NULL,
    updated DOUBLE PRECISION NOT NULL,
    replay TEXT,
    version INTEGER NOT NULL DEFAULT 0,
    client TEXT NOT NULL DEFAULT '',
    entered INTEGER,
    hints INTEGER NOT NULL DEFAULT 0,
    player TEXT,
    review TEXT,
    review_claimed DOUBLE PRECISION
);
CREATE INDEX IF NOT EXISTS games_by_client ON games (client, over);
CREATE INDEX IF NOT EXISTS games_by_age ON games (over, updated);
CREATE TABLE IF NOT EXISTS leaderboard (
    game TEXT NOT NULL DEFAULT 'footcanasta',
    date TEXT NOT NULL,
    name TEXT NOT NULL,
    game_id TEXT NOT NULL,
    us INTEGER NOT NULL,
    them INTEGER NOT NULL,
    finished DOUBLE PRECISION NOT NULL,
    hints INTEGER NOT NULL DEFAULT 0,
    player TEXT,
    PRIMARY KEY (game, date, name)
);
CREATE TABLE IF NOT EXISTS attempts (
    game TEXT NOT NULL,
    date TEXT NOT NULL,
    player TEXT NOT NULL,
    name TEXT NOT NULL,
    game_id TEXT NOT NULL,
    PRIMARY KEY (game, date, player)
);
CREATE UNIQUE INDEX IF NOT EXISTS attempts_by_name ON attempts (game, date, name);
CREATE TABLE IF NOT EXISTS rate_hits (
    client TEXT NOT NULL,
    kind TEXT NOT NULL,
    minute BIGINT NOT NULL,
    hits INTEGER NOT NULL,
    PRIMARY KEY (client, kind, minute)
);
CREATE TABLE IF NOT EXISTS server_keys (name TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL);
"""
SCHEMA_VERSION = 3


def _count_actions(tx: Tx) -> None:
    """Version 1 to 2, after its columns are added: each game's version is the length of its action log."""
    for gid, actions in tx.execute("SELECT id, actions FROM games").rows:
        tx.execute("UPDATE games SET version=? WHERE id=?", (len(json.loads(actions)), gid))


# version -> what brings a database of that version to the next (statements, then a step in Python);
# version 0 is the schema before games had names: its leaderboard (keyed by date and name) holds Foot
# Canasta's entries; version 1 is the one-process server's, before versions, clients and the version table.
MIGRATIONS: dict[int, tuple[str, Callable[[Tx], None] | None]] = {
    0: ("""
ALTER TABLE leaderboard RENAME TO leaderboard_v0;
CREATE TABLE leaderboard (
    game TEXT NOT NULL DEFAULT 'footcanasta',
    date TEXT NOT NULL,
    name TEXT NOT NULL,
    game_id TEXT NOT NULL,
    us INTEGER NOT NULL,
    them INTEGER NOT NULL,
    finished REAL NOT NULL,
    PRIMARY KEY (game, date, name)
);
INSERT INTO leaderboard (game, date, name, game_id, us, them, finished)
    SELECT 'footcanasta', date, name, game_id, us, them, finished FROM leaderboard_v0;
DROP TABLE leaderboard_v0;
""", None),
    1: ("""
ALTER TABLE games ADD COLUMN version INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN client TEXT NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN entered INTEGER;
""", _count_actions),
    2: ("""
ALTER TABLE games ADD COLUMN hints INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN player TEXT;
ALTER TABLE games ADD COLUMN review TEXT;
ALTER TABLE games ADD COLUMN review_claimed DOUBLE PRECISION;
ALTER TABLE leaderboard ADD COLUMN hints INTEGER NOT NULL DEFAULT 0;
ALTER TABLE leaderboard ADD COLUMN player TEXT;
""", None),
}


def _statements(script: str) -> list[str]:
    return [s for s in script.split(";") if s.strip()]


def _stored_version(tx: Tx) -> int:
    """The database's schema version: the version table's, a SQLite file's ``user_version`` before it,
    today's for a new database."""
    tables = tx.tables()
    if "schema_version" in tables:
        return int(tx.execute("SELECT version FROM schema_version").rows[0][0])
    if "leaderboard" in tables and tx.db.kind == "sqlite":
        return int(tx.execute("PRAGMA user_version").rows[0][0])
    return SCHEMA_VERSION


def migrate(db: Database) -> None:
    """Create the tables, or bring an older database's forward, in one transaction (two workers starting
    together: one migrates, the other waits for it and finds nothing to do)."""
    with db.transaction() as tx:
        if db.kind == "postgresql":
            tx.execute("SELECT pg_advisory_xact_lock(28028)")  # CREATE IF NOT EXISTS is not safe in parallel
        version = _stored_version(tx)
        if version > SCHEMA_VERSION:
            raise ValueError(f"the database has schema version {version}, newer than this footcanasta's "
                             f"({SCHEMA_VERSION}): upgrade footcanasta")
        for v in range(version, SCHEMA_VERSION):
            script, step = MIGRATIONS[v]
            for statement in _statements(script):
                tx.execute(statement)
            if step is not None:
                step(tx)
        for statement in _statements(SCHEMA):
            tx.execute(statement)
        tx.execute("DELETE FROM schema_version")
        tx.execute("INSERT INTO schema_version (version) VALUES (?)", (SCHEMA_VERSION,))


class Store:
    """The database of one server (of each of its worker processes): games, replays, leaderboards."""

    def __init__(self, where: str | os.PathLike[str], pool: int | None = None) -> None:
        self.db = connect(where, pool)
        migrate(self.db)

    @property
    def path(self) -> Path | None:
        """The SQLite file, or None for a PostgreSQL server."""
        return getattr(self.db, "path", None)

    # ------------------------------------------------------------------ games

    def create_game(self, gid: str, spec: dict[str, Any], actions: list[tuple[int, str]], started: str,
                    client: str) -> None:
        """A new game, dealt and played up to the person's first decision, created by ``client``."""
        self.db.execute(
            "INSERT INTO games (id, spec, actions, version, over, started, updated, client) "
            "VALUES (?, ?, ?, ?, 0, ?, ?, ?)",
            (gid, json.dumps(spec), json.dumps(actions), len(actions), started, time.time(), client))

    def save_move(self, gid: str, played_on: int, actions: list[tuple[int, str]], over: bool,
                  replay: dict[str, Any] | None = None, entry: tuple[str, str, str, int, int] | None = None,
                  ) -> bool | None:
        """Write a game's action log over the version ``played_on`` it was played on, in one transaction
        with a finished game's replay and leaderboard ``entry`` (game, date, name, us, them). A game that
        has moved on meanwhile (another worker) is a 409 and nothing is written. Whether the entry went in."""
        with self.db.transaction() as tx:
            done = tx.execute(
                "UPDATE games SET actions=?, version=?, over=?, updated=?, replay=? WHERE id=? AND version=?",
                (json.dumps(actions), len(actions), int(over), time.time(),
                 json.dumps(replay) if replay is not None else None, gid, played_on)).rowcount
            if done != 1:
                raise WebError(Message(N_("the game has moved on (another request played first); reload it")), 409)
            if entry is None:
                return None
            game, date, name, us, them = entry
            entered = tx.execute(
                "INSERT INTO leaderboard (game, date, name, game_id, us, them, finished) "
                "VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
                (game, date, name, gid, us, them, time.time())).rowcount == 1
            tx.execute("UPDATE games SET entered=? WHERE id=?", (int(entered), gid))
            return entered

    def version(self, gid: str) -> int | None:
        """How many actions the stored game has (None when there is no such game)."""
        rows = self.db.execute("SELECT version FROM games WHERE id=?", (gid,)).rows
        return int(rows[0][0]) if rows else None

    def load_game(self, gid: str) -> dict[str, Any] | None:
        """A stored game as {spec, actions, over, started, entered}, or None."""
        rows = self.db.execute("SELECT spec, actions, over, started, entered FROM games WHERE id=?", (gid,)).rows
        if not rows:
            return None
        spec, actions, over, started, entered = rows[0]
        return {"spec": json.loads(spec), "actions": [tuple(a) for a in json.loads(actions)],
                "over": bool(over), "started": started, "entered": None if entered is None else bool(entered)}

    def load_replay(self, gid: str) -> dict[str, Any] | None:
        rows = self.db.execute("SELECT replay FROM games WHERE id=?", (gid,)).rows
        return json.loads(rows[0][0]) if rows and rows[0][0] else None

    def in_progress(self, client: str) -> int:
        """How many unfinished games ``client`` has created (and that have not expired)."""
        return int(self.db.execute("SELECT COUNT(*) FROM games WHERE client=? AND over=0", (client,)).rows[0][0])

    def expire(self, older_than: float) -> int:
        """Delete the unfinished games untouched for ``older_than`` seconds (finished ones stay as replays
        and on the leaderboard); how many went."""
        return self.db.execute("DELETE FROM games WHERE over=0 AND updated < ?",
                               (time.time() - older_than,)).rowcount

    # ------------------------------------------------------------------ leaderboard

    def leaderboard(self, game: str, date: str) -> list[dict[str, Any]]:
        """The game's entries of the date, best first: highest South/North score, then widest margin, then earliest."""
        rows = self.db.execute(
            "SELECT name, us, them, finished FROM leaderboard WHERE game=? AND date=? "
            "ORDER BY us DESC, us - them DESC, finished ASC", (game, date)).rows
        out = []
        for i, (name, us, them, finished) in enumerate(rows, 1):
            result = "win" if us > them else "loss" if us < them else "draw"
            out.append({"rank": i, "name": name, "scores": [us, them], "margin": us - them, "result": result,
                        "finished": time.strftime("%H:%M:%S", time.localtime(finished))})
        return out
