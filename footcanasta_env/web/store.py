"""SQLite storage of the web room: games in progress (spec and action log), finished replays, the leaderboard.

One database file (``~/.footcanasta/web.sqlite3`` by default) in WAL mode with a busy timeout, opened
once per thread. A game row holds how it was dealt and every action so far, written after each request,
so a restarted server rebuilds it exactly. The leaderboard keeps, per game, date and player name, the
first finished daily game of that date that was started on that date. The schema's version is SQLite's
``user_version``; an older database is brought forward when opened (``MIGRATIONS``), its rows kept.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any

DEFAULT_DB = Path("~/.footcanasta/web.sqlite3")

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    spec TEXT NOT NULL,
    actions TEXT NOT NULL,
    over INTEGER NOT NULL DEFAULT 0,
    started TEXT NOT NULL,
    updated REAL NOT NULL,
    replay TEXT
);
CREATE TABLE IF NOT EXISTS leaderboard (
    game TEXT NOT NULL DEFAULT 'footcanasta',
    date TEXT NOT NULL,
    name TEXT NOT NULL,
    game_id TEXT NOT NULL,
    us INTEGER NOT NULL,
    them INTEGER NOT NULL,
    finished REAL NOT NULL,
    PRIMARY KEY (game, date, name)
);
"""
SCHEMA_VERSION = 1

# version -> the statements that bring a database of that version to the next; version 0 is the schema
# before games had names: its leaderboard (keyed by date and name) holds Foot Canasta's entries.
MIGRATIONS: dict[int, str] = {
    0: """
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
""",
}


class Store:
    """The database: one connection per thread, WAL journal, 10 s busy timeout."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path).expanduser()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._local = threading.local()
        conn = self._conn()
        conn.execute("PRAGMA journal_mode=WAL")
        self._migrate(conn)

    @staticmethod
    def _migrate(conn: sqlite3.Connection) -> None:
        """Create the tables, or bring an older database's forward, in one transaction."""
        conn.execute("BEGIN IMMEDIATE")  # two servers opening one old file: one migrates, the other waits
        try:
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            old = conn.execute("SELECT 1 FROM sqlite_master WHERE name='leaderboard'").fetchone()
            if not old:
                version = SCHEMA_VERSION  # a new database: today's schema
            for v in range(version, SCHEMA_VERSION):
                for statement in MIGRATIONS[v].split(";"):
                    if statement.strip():
                        conn.execute(statement)
            for statement in SCHEMA.split(";"):
                if statement.strip():
                    conn.execute(statement)
            conn.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise

    def _conn(self) -> sqlite3.Connection:
        conn = getattr(self._local, "conn", None)
        if conn is None:
            conn = sqlite3.connect(self.path, timeout=10.0, isolation_level=None, check_same_thread=False)
            conn.execute("PRAGMA busy_timeout=10000")
            conn.execute("PRAGMA synchronous=NORMAL")
            self._local.conn = conn
        return conn

    # ------------------------------------------------------------------ games

    def save_game(self, gid: str, spec: dict[str, Any], actions: list[tuple[int, str]], over: bool,
                  started: str) -> None:
        """Insert or update a game's spec and action log."""
        self._conn().execute(
            "INSERT INTO games (id, spec, actions, over, started, updated) VALUES (?, ?, ?, ?, ?, ?) "
            "ON CONFLICT(id) DO UPDATE SET actions=excluded.actions, over=excluded.over, updated=excluded.updated",
            (gid, json.dumps(spec), json.dumps(actions), int(over), started, time.time()))

    def save_replay(self, gid: str, replay: dict[str, Any]) -> None:
        """Keep a finished game's replay (the JSON of engine/replay.py)."""
        self._conn().execute("UPDATE games SET replay=? WHERE id=?", (json.dumps(replay), gid))

    def load_game(self, gid: str) -> dict[str, Any] | None:
        """A stored game as {spec, actions, over, started}, or None."""
        row = self._conn().execute("SELECT spec, actions, over, started FROM games WHERE id=?", (gid,)).fetchone()
        if row is None:
            return None
        return {"spec": json.loads(row[0]), "actions": [tuple(a) for a in json.loads(row[1])],
                "over": bool(row[2]), "started": row[3]}

    def load_replay(self, gid: str) -> dict[str, Any] | None:
        row = self._conn().execute("SELECT replay FROM games WHERE id=?", (gid,)).fetchone()
        return json.loads(row[0]) if row and row[0] else None

    # ------------------------------------------------------------------ leaderboard

    def rank(self, game: str, date: str, name: str, gid: str, us: int, them: int) -> bool:
        """Enter a finished daily game; only the first per game, date and name counts. True if it was entered."""
        cur = self._conn().execute(
            "INSERT OR IGNORE INTO leaderboard (game, date, name, game_id, us, them, finished) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)", (game, date, name, gid, us, them, time.time()))
        return cur.rowcount == 1

    def leaderboard(self, game: str, date: str) -> list[dict[str, Any]]:
        """The game's entries of the date, best first: highest South/North score, then widest margin, then earliest."""
        rows = self._conn().execute(
            "SELECT name, us, them, finished FROM leaderboard WHERE game=? AND date=? "
            "ORDER BY us DESC, us - them DESC, finished ASC", (game, date)).fetchall()
        out = []
        for i, (name, us, them, finished) in enumerate(rows, 1):
            result = "win" if us > them else "loss" if us < them else "draw"
            out.append({"rank": i, "name": name, "scores": [us, them], "margin": us - them, "result": result,
                        "finished": time.strftime("%H:%M:%S", time.localtime(finished))})
        return out
