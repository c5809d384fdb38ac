"""What one client may ask of a server process: who the client is, rate limits, and the bots' bounded pool.

A client is the peer's address, or the address its reverse proxy names in ``X-Forwarded-For`` when the
peer is one of the trusted proxies (``Settings.trusted_proxies``): never a header from anyone else. Each
client has a token bucket per kind of request (new games, moves, hints), refilled at the per-minute rate
and holding at most a minute's worth; an empty bucket is a 429 with ``Retry-After``. The bots think in a
fixed number of threads (``BotPool``); a request that finds them busy waits in a queue of fixed length,
and one that finds the queue full too is a 503 with ``Retry-After``: no request waits without bound.

Both are per process: with ``--workers N`` a client may get up to N times the rate (its requests are
spread over the workers), and each worker has its own threads and queue.
"""

from __future__ import annotations

import asyncio
import ipaddress
import math
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, TypeVar

from ..messages import N_, Message
from .session import WebError
from .settings import Network, Settings

T = TypeVar("T")
MAX_CLIENTS = 100_000  # buckets kept per kind; the least recently used go first (a full bucket is no loss)


class Refused(WebError):
    """A request refused for now (429 or 503): ``retry_after`` is the seconds to wait."""

    def __init__(self, message: str | Message, status: int, retry_after: int) -> None:
        super().__init__(message, status)
        self.retry_after = max(1, retry_after)


def client_address(peer: str | None, forwarded: str | None, proxies: Sequence[Network]) -> str:
    """The client of a request: the peer, or when the peer is a trusted proxy, the last address in
    ``X-Forwarded-For`` that is not one of the trusted proxies (the nearest one no proxy of ours wrote)."""
    peer = peer or "unknown"
    if not proxies or not forwarded or not _trusted(peer, proxies):
        return peer
    hops = [h.strip() for h in forwarded.split(",") if h.strip()]
    for hop in reversed(hops):
        if not _trusted(hop, proxies):
            return hop
    return hops[0] if hops else peer


def _trusted(address: str, proxies: Sequence[Network]) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return any(ip in net for net in proxies)


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
                raise Refused(Message(N_("too many requests ({kind}: at most {rate} a minute); try again in {wait} s"),
                                      kind=kind, rate=rate, wait=wait), 429, wait)
            buckets[client] = (tokens - 1.0, now)
            while len(buckets) > MAX_CLIENTS:
                buckets.popitem(last=False)


class BotPool:
    """A fixed number of threads for the bots and a queue of fixed length in front of them."""

    def __init__(self, threads: int, queue: int) -> None:
        self.executor = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="bots")
        self.limit = threads + queue
        self.held = 0  # requests running or queued
        self.lock = threading.Lock()

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` in a bot thread; a 503 with Retry-After when every thread and queue place is taken.
        A request cancelled (its time is up) leaves the queue; one already running holds its thread to the end."""
        with self.lock:
            if self.held >= self.limit:
                raise Refused(Message(N_("the server is busy: every bot is thinking; try again in a moment")), 503, 2)
            self.held += 1
        future = self.executor.submit(fn, *args)
        future.add_done_callback(self._release)
        return await asyncio.wrap_future(future)

    def _release(self, future: Any) -> None:
        with self.lock:
            self.held -= 1


@dataclass
class Guards:
    """A server process's settings, rate limits and bot pool (the app's ``state.guards``)."""

    settings: Settings
    limits: RateLimits
    pool: BotPool

    @classmethod
    def of(cls, settings: Settings) -> Guards:
        limits = RateLimits({"create": settings.rate_create, "moves": settings.rate_moves,
                             "hints": settings.rate_hints})
        return cls(settings, limits, BotPool(settings.bot_threads, settings.bot_queue))
