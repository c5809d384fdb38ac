"""The web room's two databases behind one small interface: SQLite (a file, the default) and PostgreSQL.

``connect(where)`` gives a ``Database``: a path is SQLite, a ``postgresql://`` URL is PostgreSQL (through
psycopg 3, a dependency of the package). ``execute(sql, params)`` runs one statement on its own; ``transaction()``
gives a ``Tx`` whose statements commit together or not at all. SQL is written once, with ``?``
placeholders and ``FOR UPDATE`` where PostgreSQL should lock the rows it reads: the PostgreSQL side turns
``?`` into ``%s``; the SQLite side drops ``FOR UPDATE``, its transactions being ``BEGIN IMMEDIATE`` (one
writer at a time for the whole file). Connections come from a small bounded pool; a database that cannot
be reached, or a pool with every connection busy, is ``Unavailable`` (the server answers 503).
"""

from __future__ import annotations

import os
import queue
import sqlite3
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

POOL_WAIT = 10.0  # seconds a request waits for a free connection before it is told to come back later
IDLE_CHECK = 1.0  # seconds idle after which a pooled connection is checked before use
PG_OPTIONS = "-c lock_timeout=10s -c statement_timeout=30s"  # a stuck lock is a 503, never a hung worker


class Unavailable(ConnectionError):
    """The database cannot be reached now (down, restarting, or every connection busy): try again later."""


@dataclass
class Result:
    """What a statement gave: its rows (empty for a write) and how many rows it changed."""

    rows: list[tuple[Any, ...]]
    rowcount: int


class Tx:
    """The statements of one transaction, on one connection."""

    def __init__(self, db: Database, conn: Any) -> None:
        self.db, self.conn = db, conn

    def execute(self, sql: str, params: Sequence[Any] = ()) -> Result:
        return self.db._run(self.conn, sql, params)

    def tables(self) -> set[str]:
        """The names of the tables in the database (in PostgreSQL, in the connection's schema)."""
        return {r[0] for r in self.execute(self.db.TABLES_SQL).rows}


class Database:
    """A pool of connections to one database; ``kind`` is ``"sqlite"`` or ``"postgresql"``."""

    kind = ""
    TABLES_SQL = ""
    errors: tuple[type[BaseException], ...] = ()

    def __init__(self, size: int) -> None:
        self._idle: queue.LifoQueue[tuple[Any, float]] = queue.LifoQueue()  # (connection, idle since)
        self._slots = threading.BoundedSemaphore(size)

    # ------------------------------------------------------------------ what each backend says

    def _open(self) -> Any:
        raise NotImplementedError

    def _sql(self, sql: str) -> str:
        raise NotImplementedError

    def _begin(self, conn: Any) -> Any:
        raise NotImplementedError

    def _unavailable(self, e: BaseException) -> bool:
        """Whether a backend error means the database cannot be reached (rather than a wrong statement)."""
        raise NotImplementedError

    def describe(self) -> str:
        raise NotImplementedError

    # ------------------------------------------------------------------ the common part

    def _run(self, conn: Any, sql: str, params: Sequence[Any]) -> Result:
        cur = conn.execute(self._sql(sql), tuple(params))
        rows = cur.fetchall() if cur.description else []
        return Result(rows, cur.rowcount)

    @contextmanager
    def _connection(self) -> Iterator[Any]:
        """A connection of the pool for one use; one that failed is closed, with every idle one (a database
        that went away took them all), so the next use connects afresh."""
        if not self._slots.acquire(timeout=POOL_WAIT):
            raise Unavailable("every database connection is busy")
        conn = None
        try:
            conn = self._take()
            yield conn
            self._idle.put((conn, time.monotonic()))
        except BaseException as e:
            if conn is not None and not isinstance(e, self.errors):
                self._idle.put((conn, time.monotonic()))  # a refused move or a conflict: rolled back
            elif conn is not None:
                self._discard(conn)
            if isinstance(e, self.errors) and self._unavailable(e):
                self.close()
                first = (str(e).strip().splitlines() or [""])[0]  # for the operator: never sent to a client
                raise Unavailable(f"the database cannot be reached: {type(e).__name__}: {first}") from e
            raise
        finally:
            self._slots.release()

    def _take(self) -> Any:
        """An idle connection, asked first whether it still answers when it has been idle a while (the
        server may have restarted meanwhile), or a new one."""
        while True:
            try:
                conn, since = self._idle.get_nowait()
            except queue.Empty:
                return self._open()
            if time.monotonic() - since < IDLE_CHECK:
                return conn
            try:
                conn.execute("SELECT 1")
                return conn
            except self.errors:
                self._discard(conn)

    @staticmethod
    def _discard(conn: Any) -> None:
        try:
            conn.close()
        except Exception:  # noqa: BLE001 - a broken connection may fail even to close
            pass

    def execute(self, sql: str, params: Sequence[Any] = ()) -> Result:
        """One statement, committed on its own."""
        with self._connection() as conn:
            return self._run(conn, sql, params)

    @contextmanager
    def transaction(self) -> Iterator[Tx]:
        """A transaction: committed when the block ends, rolled back when it raises."""
        with self._connection() as conn, self._begin(conn):
            yield Tx(self, conn)

    def close(self) -> None:
        """Close the idle connections (those in use close when given back broken, or stay)."""
        while True:
            try:
                self._discard(self._idle.get_nowait()[0])
            except queue.Empty:
                return


class SQLite(Database):
    """A SQLite file in WAL mode: readers never wait, writers queue (``BEGIN IMMEDIATE``, 10 s busy timeout)."""

    kind = "sqlite"
    TABLES_SQL = "SELECT name FROM sqlite_master WHERE type='table'"
    errors = (sqlite3.OperationalError,)

    def __init__(self, path: str | os.PathLike[str], size: int = 32) -> None:
        super().__init__(size)
        self.path = Path(path).expanduser()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        for _ in range(100):  # the switch to WAL takes the file alone: workers opening a new file take turns
            try:
                self.execute("PRAGMA journal_mode=WAL")
                break
            except Unavailable:
                time.sleep(0.05)
        else:
            raise Unavailable(f"cannot put {self.path} in WAL mode: the file stays locked")

    def _open(self) -> sqlite3.Connection:
        conn = sqlite3.connect(self.path, timeout=10.0, isolation_level=None, check_same_thread=False)
        conn.execute("PRAGMA busy_timeout=10000")
        conn.execute("PRAGMA synchronous=NORMAL")
        return conn

    def _sql(self, sql: str) -> str:
        return sql.replace(" FOR UPDATE", "")

    @contextmanager
    def _begin(self, conn: sqlite3.Connection) -> Iterator[None]:
        conn.execute("BEGIN IMMEDIATE")
        try:
            yield
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")

    def _unavailable(self, e: BaseException) -> bool:
        return any(word in str(e) for word in ("locked", "busy", "unable to open"))

    def describe(self) -> str:
        return str(self.path)


class PostgreSQL(Database):
    """A PostgreSQL server through psycopg 3, in autocommit but for ``transaction()``."""

    kind = "postgresql"
    TABLES_SQL = "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()"

    def __init__(self, url: str, size: int = 10) -> None:
        try:
            import psycopg
        except ImportError:
            raise ValueError("a postgresql:// database needs psycopg, a dependency of footcanasta: "
                             "pip install 'psycopg[binary]'") from None
        super().__init__(size)
        self.url, self._psycopg = url, psycopg
        self.errors = (psycopg.OperationalError, psycopg.InterfaceError)
        self.execute("SELECT 1")  # a wrong URL or a server that is down is told at start

    def _open(self) -> Any:
        extra = {} if "options=" in self.url else {"options": PG_OPTIONS}  # the URL's own options win
        return self._psycopg.connect(self.url, autocommit=True, connect_timeout=5, **extra)

    def _sql(self, sql: str) -> str:
        return sql.replace("?", "%s")

    def _begin(self, conn: Any) -> Any:
        return conn.transaction()

    def _unavailable(self, e: BaseException) -> bool:
        return True  # OperationalError and InterfaceError: the server, the connection or a lock wait

    def describe(self) -> str:
        from urllib.parse import urlsplit

        u = urlsplit(self.url)  # never the password
        return f"postgresql://{u.hostname or ''}{f':{u.port}' if u.port else ''}{u.path}"


def is_url(where: str | os.PathLike[str]) -> bool:
    """Whether ``where`` names a PostgreSQL database rather than a SQLite file."""
    return isinstance(where, str) and where.startswith(("postgresql://", "postgres://"))


def connect(where: str | os.PathLike[str], pool: int | None = None) -> Database:
    """The database at ``where``: a ``postgresql://`` URL (``pool`` connections at most, 10 by default), or
    the path of a SQLite file."""
    return PostgreSQL(str(where), pool or 10) if is_url(where) else SQLite(where)
