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
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..messages import N_, Message
from .db import Database, Tx, connect
from .session import WebError

DEFAULT_DB = Path("~/.footcanasta/web.sqlite3")


@dataclass(frozen=True)
class Attempt:
    """A ranked attempt at a daily game, counted when it starts: one per player, game and date."""

    game: str
    date: str
    player: str
    name: str


@dataclass(frozen=True)
class Entry:
    """A finished ranked game's line on its date's leaderboard: the person's side's ``score``, its ``margin``
    (its zero-sum share: with two sides, its lead), every side's score and the ``result`` for the person."""

    game: str
    date: str
    name: str
    score: int
    margin: float
    scores: tuple[int, ...]
    result: str
    player: str | None = None

    @classmethod
    def of(cls, game: str, date: str, name: str, scores: Sequence[int], geometry: Any, seat: int,
           player: str | None = None) -> Entry:
        """The entry of a game finished with ``scores`` (one per side of ``geometry``) for the person at ``seat``."""
        totals = tuple(int(x) for x in scores)
        side = geometry.side_of(seat)
        best = geometry.winners(totals)
        result = "loss" if side not in best else "win" if len(best) == 1 else "draw"
        return cls(game, date, name, totals[side], geometry.zero_sum(totals, side), totals, result, player)


def _attempt(tx: Tx, gid: str, a: Attempt) -> bool:
    """Count ``a`` (in the create's transaction): True when it is the player's first at that game and date; a
    409 when the name is another player's on that board."""
    taken = Message(N_("the name {name} is taken on the leaderboard of {date}: choose another"), name=repr(a.name),
                    date=a.date)
    holder = tx.execute("SELECT player FROM attempts WHERE game=? AND date=? AND name=?", (a.game, a.date, a.name)).rows
    if holder and holder[0][0] != a.player:
        raise WebError(taken, 409)
    if tx.execute("INSERT INTO attempts (game, date, player, name, game_id) VALUES (?, ?, ?, ?, ?) "
                  "ON CONFLICT DO NOTHING", (a.game, a.date, a.player, a.name, gid)).rowcount == 1:
        return True
    if not tx.execute("SELECT 1 FROM attempts WHERE game=? AND date=? AND player=?", (a.game, a.date, a.player)).rows:
        raise WebError(taken, 409)  # another player took the name in the same moment
    return False

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
    score INTEGER NOT NULL,
    finished DOUBLE PRECISION NOT NULL,
    hints INTEGER NOT NULL DEFAULT 0,
    player TEXT,
    margin DOUBLE PRECISION NOT NULL DEFAULT 0,
    scores TEXT NOT NULL DEFAULT '[]',
    result TEXT NOT NULL DEFAULT 'draw',
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
SCHEMA_VERSION = 4


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
    3: ("""
ALTER TABLE leaderboard RENAME COLUMN us TO score;
ALTER TABLE leaderboard ADD COLUMN margin DOUBLE PRECISION NOT NULL DEFAULT 0;
ALTER TABLE leaderboard ADD COLUMN scores TEXT NOT NULL DEFAULT '[]';
ALTER TABLE leaderboard ADD COLUMN result TEXT NOT NULL DEFAULT 'draw';
UPDATE leaderboard SET margin = score - them, scores = '[' || score || ', ' || them || ']',
    result = CASE WHEN score > them THEN 'win' WHEN score < them THEN 'loss' ELSE 'draw' END;
ALTER TABLE leaderboard DROP COLUMN them;
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

    def server_key(self, name: str, make: Callable[[], str]) -> str:
        """The server's key ``name``: the one kept in the database, or ``make()`` kept there now (two workers
        starting together keep the first one written)."""
        self.db.execute("INSERT INTO server_keys (name, value) VALUES (?, ?) ON CONFLICT DO NOTHING", (name, make()))
        return str(self.db.execute("SELECT value FROM server_keys WHERE name=?", (name,)).rows[0][0])

    def create_game(self, gid: str, spec: dict[str, Any], actions: list[tuple[int, str]], started: str,
                    client: str, cap: int = 0, attempt: Attempt | None = None, full: Message | None = None) -> bool:
        """A new game, dealt and played up to the person's first decision, created by ``client``: in one
        transaction with the client's cap on unfinished games (a 429 at ``cap``, saying ``full``: the room's
        words; 0 is no cap) and a ranked daily's ``attempt`` (a 409 when its name is another player's on that
        board). Whether it ranks: it does when this is the player's first attempt at that game and date. Nothing
        is stored when it is refused."""
        with self.db.transaction() as tx:
            if cap:
                if tx.db.kind == "postgresql":  # one create per client at a time, across every worker and host
                    tx.execute("SELECT pg_advisory_xact_lock(28029, hashtext(?))", (client,))
                n = int(tx.execute("SELECT COUNT(*) FROM games WHERE client=? AND over=0", (client,)).rows[0][0])
                if n >= cap:
                    raise WebError(full or f"too many unfinished games from {client} (at most {cap})", 429)
            ranked = attempt is not None and _attempt(tx, gid, attempt)
            tx.execute(
                "INSERT INTO games (id, spec, actions, version, over, started, updated, client, player) "
                "VALUES (?, ?, ?, ?, 0, ?, ?, ?, ?)",
                (gid, json.dumps({**spec, "ranked": ranked, "unranked": spec.get("unranked") if attempt is None
                                  else None if ranked else "played"}),
                 json.dumps(actions), len(actions), started, time.time(), client, attempt and attempt.player))
            return ranked

    def save_move(self, gid: str, played_on: int, actions: list[tuple[int, str]], over: bool,
                  replay: dict[str, Any] | None = None, entry: Entry | None = None) -> bool | None:
        """Write a game's action log over the version ``played_on`` it was played on, in one transaction
        with a finished game's replay and leaderboard ``entry``. A game that has moved on meanwhile (another
        worker) is a 409 and nothing is written. Whether the entry went in."""
        with self.db.transaction() as tx:
            done = tx.execute(
                "UPDATE games SET actions=?, version=?, over=?, updated=?, replay=? WHERE id=? AND version=?",
                (json.dumps(actions), len(actions), int(over), time.time(),
                 json.dumps(replay) if replay is not None else None, gid, played_on)).rowcount
            if done != 1:
                raise WebError(Message(N_("the game has moved on (another request played first); reload it")), 409)
            if entry is None:
                return None
            hints = int(tx.execute("SELECT hints FROM games WHERE id=?", (gid,)).rows[0][0])
            entered = tx.execute(
                "INSERT INTO leaderboard (game, date, name, game_id, score, margin, scores, result, finished, hints, "
                "player) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
                (entry.game, entry.date, entry.name, gid, entry.score, float(entry.margin), json.dumps(entry.scores),
                 entry.result, time.time(), hints, entry.player)).rowcount == 1
            tx.execute("UPDATE games SET entered=? WHERE id=?", (int(entered), gid))
            return entered

    def add_hint(self, gid: str) -> int:
        """Count a hint taken in an unfinished game; how many it has now."""
        with self.db.transaction() as tx:
            tx.execute("UPDATE games SET hints = hints + 1 WHERE id=? AND over=0", (gid,))
            rows = tx.execute("SELECT hints FROM games WHERE id=?", (gid,)).rows
        return int(rows[0][0]) if rows else 0

    # ------------------------------------------------------------------ reviews, computed once per game

    def review(self, gid: str, stale: float) -> tuple[dict[str, Any] | None, bool]:
        """A finished game's kept review, or None and whether this caller is now the one to make it (no one
        else is, or whoever was has taken over ``stale`` seconds: a worker that died)."""
        with self.db.transaction() as tx:
            rows = tx.execute("SELECT review, review_claimed FROM games WHERE id=? FOR UPDATE", (gid,)).rows
            if not rows:
                return None, False
            review, claimed = rows[0]
            if review is not None:
                return json.loads(review), False
            if claimed is not None and time.time() - float(claimed) < stale:
                return None, False
            tx.execute("UPDATE games SET review_claimed=? WHERE id=?", (time.time(), gid))
            return None, True

    def put_review(self, gid: str, review: dict[str, Any] | None) -> None:
        """Keep a game's review (None: give up the claim, so that a later request makes it)."""
        if review is None:
            self.db.execute("UPDATE games SET review_claimed=NULL WHERE id=?", (gid,))
        else:
            self.db.execute("UPDATE games SET review=?, review_claimed=NULL WHERE id=?", (json.dumps(review), gid))

    def version(self, gid: str) -> int | None:
        """How many actions the stored game has (None when there is no such game)."""
        rows = self.db.execute("SELECT version FROM games WHERE id=?", (gid,)).rows
        return int(rows[0][0]) if rows else None

    def load_game(self, gid: str) -> dict[str, Any] | None:
        """A stored game as {spec, actions, over, started, entered, hints}, or None."""
        rows = self.db.execute("SELECT spec, actions, over, started, entered, hints FROM games WHERE id=?",
                               (gid,)).rows
        if not rows:
            return None
        spec, actions, over, started, entered, hints = rows[0]
        return {"spec": json.loads(spec), "actions": [tuple(a) for a in json.loads(actions)],
                "over": bool(over), "started": started, "entered": None if entered is None else bool(entered),
                "hints": int(hints)}

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
        """The game's entries of the date, best first: the highest score of the player's side, then the widest
        margin, then the fewest hints, then the earliest; ``scores`` one per side of the game's table."""
        rows = self.db.execute(
            "SELECT name, score, margin, scores, result, finished, hints FROM leaderboard WHERE game=? AND date=? "
            "ORDER BY score DESC, margin DESC, hints ASC, finished ASC", (game, date)).rows
        out = []
        for i, (name, score, margin, scores, result, finished, hints) in enumerate(rows, 1):
            m = float(margin)
            out.append({"rank": i, "name": name, "score": int(score), "scores": [int(x) for x in json.loads(scores)],
                        "margin": int(m) if m.is_integer() else m, "result": result,
                        "finished": time.strftime("%H:%M:%S", time.localtime(finished)), "hints": int(hints)})
        return out
