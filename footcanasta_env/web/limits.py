"""Rate limits per client and kind of request: counted in the database, shared by every worker and host.

Each request counts against one kind (``kind_of`` its method and path): ``create`` (new games), ``moves``
(moves, selections, typed commands), ``hints`` (hints and reviews), ``players`` (new player identities) or
``reads`` (everything else: the pages, game states, replays, leaderboards, static files, the API's
description); ``/healthz`` counts against none. ``SharedLimits.take`` counts the request in the
``rate_hits`` table with one atomic statement (an upsert that returns the new count), in fixed windows of
one wall-clock minute: the ``rate``-th request of a client in a minute passes, the next is a 429
(``Refused``) with ``Retry-After`` the seconds left in that minute, whichever worker or host answers. A kind
whose setting is 0 is not limited and costs no write. Each process deletes the windows older than the last
one at most once a minute (``sweep``). Hosts sharing a database should keep their clocks in step (NTP), as
windows are minutes of the wall clock. ``RateLimits`` is the same in one process's memory, without a
database (a token bucket per kind and client, refilled at the per-minute rate, holding a minute's worth).
"""

from __future__ import annotations

import math
import threading
import time
from collections import OrderedDict
from collections.abc import Callable

from ..messages import N_, Message
from .db import Database
from .session import WebError

UPSERT = ("INSERT INTO rate_hits (client, kind, minute, hits) VALUES (?, ?, ?, 1) "
          "ON CONFLICT (client, kind, minute) DO UPDATE SET hits = rate_hits.hits + 1 RETURNING hits")
MAX_CLIENTS = 100_000  # buckets kept per kind in memory; the least recently used go first (a full one is no loss)
TOO_MANY = N_("too many requests ({kind}: at most {rate} a minute); try again in {wait} s")


class Refused(WebError):
    """A request refused for now (429 or 503): ``retry_after`` is the seconds to wait."""

    def __init__(self, message: str | Message, status: int, retry_after: int) -> None:
        super().__init__(message, status)
        self.retry_after = max(1, retry_after)


def kind_of(method: str, path: str) -> str | None:
    """The rate limit a request counts against (one of ``KINDS``), or None for one that counts against none."""
    if path == "/healthz":
        return None
    parts = path.split("/")  # "/api/games/{id}/actions" -> ["", "api", "games", id, "actions"]
    if method == "POST":
        if path in ("/api/games", "/api/games/"):
            return "create"
        if path in ("/api/players", "/api/players/"):
            return "players"
        if len(parts) == 5 and parts[1:3] == ["api", "games"] and parts[4] in ("actions", "selection", "parse"):
            return "moves"
    if method in ("GET", "HEAD") and len(parts) == 5 and parts[1:3] == ["api", "games"] \
            and parts[4] in ("hint", "review"):
        return "hints"
    return "reads"


class RateLimits:
    """Token buckets per kind of request and client: ``take(kind, client)`` spends one or raises a 429."""

    def __init__(self, per_minute: dict[str, int], clock: Callable[[], float] = time.monotonic) -> None:
        self.per_minute = {k: n for k, n in per_minute.items() if n > 0}
        self.clock = clock
        self.buckets: dict[str, OrderedDict[str, tuple[float, float]]] = {k: OrderedDict() for k in self.per_minute}
        self.lock = threading.Lock()

    def take(self, kind: str, client: str) -> None:
        rate = self.per_minute.get(kind)
        if rate is None:
            return
        now, per_second = self.clock(), rate / 60.0
        with self.lock:
            buckets = self.buckets[kind]
            tokens, then = buckets.pop(client, (float(rate), now))
            tokens = min(float(rate), tokens + (now - then) * per_second)
            if tokens < 1.0:
                buckets[client] = (tokens, now)
                wait = math.ceil((1.0 - tokens) / per_second)
                raise Refused(Message(TOO_MANY, kind=kind, rate=rate, wait=wait), 429, wait)
            buckets[client] = (tokens - 1.0, now)
            while len(buckets) > MAX_CLIENTS:
                buckets.popitem(last=False)


class SharedLimits:
    """Per-minute limits counted in the database (``rate_hits``): ``take(kind, client)`` counts one request
    or raises a 429 ``Refused``."""

    def __init__(self, db: Database, per_minute: dict[str, int], clock: Callable[[], float] = time.time) -> None:
        self.db = db
        self.per_minute = {k: n for k, n in per_minute.items() if n > 0}
        self.clock = clock
        self.swept = -1  # the minute of the last sweep in this process
        self.lock = threading.Lock()

    def take(self, kind: str, client: str) -> None:
        """Count a request of ``client`` against ``kind`` (a blocking database call: run it off the event loop)."""
        rate = self.per_minute.get(kind)
        if rate is None:
            return
        now = self.clock()
        minute = int(now // 60)
        with self.lock:
            sweep, self.swept = self.swept != minute, minute
        if sweep:
            self.sweep(minute)
        hits = self._count(client, kind, minute)
        if hits > rate:
            wait = max(1, math.ceil((minute + 1) * 60 - now))
            raise Refused(Message(TOO_MANY, kind=kind, rate=rate, wait=wait), 429, wait)

    def _count(self, client: str, kind: str, minute: int) -> int:
        """The request counted; the count so far. PostgreSQL does not wait for the disk to commit it: a count
        lost in a crash costs nothing, while a flush per request would cost every request the disk's time."""
        if self.db.kind != "postgresql":
            return int(self.db.execute(UPSERT, (client, kind, minute)).rows[0][0])
        with self.db.transaction() as tx:
            tx.execute("SET LOCAL synchronous_commit = off")
            return int(tx.execute(UPSERT, (client, kind, minute)).rows[0][0])

    def sweep(self, minute: int) -> int:
        """Delete the windows that ended before the last one (any process's): how many rows went."""
        return self.db.execute("DELETE FROM rate_hits WHERE minute < ?", (minute - 1,)).rowcount
