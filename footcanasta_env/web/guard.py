"""What one client may ask of a server process: who the client is, rate limits, and the bots' bounded pool.

A client is the peer's address, or, when the peer is one of the trusted proxies (``Settings.trusted_proxies``),
the address ``X-Forwarded-For`` names: its header lines read as one chain, in order, the rightmost address
that is not a trusted proxy (``client_address``). A value that is not an IP address ends the chain there:
the client is then the nearest address to its right, so made-up text never becomes an identity. Addresses
are normalised (an IPv4 address mapped into IPv6 is the IPv4 address) and an IPv6 client is its /64
network, the block one household or one server gets: a client cannot multiply itself by changing the
address's last 64 bits.

The rate limits are per minute and per kind of request (``limits.kind_of``). With the database given
(``Guards.of(settings, db)``, what the server does) they are counted there (``limits.SharedLimits``) and
hold across every worker and host; without it, in this process only (``limits.RateLimits``). Either way
a request over the limit is a 429 (``Refused``) with ``Retry-After``; ``front.Front`` applies them. The
bots think in a fixed number of threads (``BotPool``); a request that finds them busy waits in a queue of
fixed length, and one that finds the queue full too is a 503 with ``Retry-After``: no request waits without
bound. Each worker has its own threads and queue.
"""

from __future__ import annotations

import asyncio
import ipaddress
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from ..messages import N_, Message
from .limits import RateLimits, Refused, SharedLimits
from .settings import Network, Settings

if TYPE_CHECKING:
    from .db import Database

T = TypeVar("T")


def client_address(peer: str | None, forwarded: str | None, proxies: Sequence[Network]) -> str:
    """The client of a request: the peer, or when the peer is a trusted proxy, the rightmost address of the
    ``X-Forwarded-For`` chain (every header line joined by commas, in order) that is not a trusted proxy; a
    hop that is not an IP address ends the chain, the nearest address to its right being the client."""
    ip = _address(peer or "")
    if ip is None:
        return peer or "unknown"  # a Unix socket, a test client: the server's own word, not the client's
    if proxies and forwarded:
        for hop in reversed(forwarded.split(",")):
            if not any(ip in net for net in proxies):
                break
            nearer = _address(hop.strip())
            if nearer is None:
                break
            ip = nearer
    return _identity(ip)


def _address(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    """``text`` as an IP address (IPv4 mapped into IPv6 as IPv4), or None when it is not one."""
    try:
        ip = ipaddress.ip_address(text)
    except ValueError:
        return None
    mapped = getattr(ip, "ipv4_mapped", None)
    return mapped or ip


def _identity(ip: ipaddress.IPv4Address | ipaddress.IPv6Address) -> str:
    """The client an address stands for: an IPv4 address itself, an IPv6 address's /64 network."""
    if ip.version == 6:
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


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
    limits: RateLimits | SharedLimits
    pool: BotPool

    @classmethod
    def of(cls, settings: Settings, db: Database | None = None) -> Guards:
        """The guards of ``settings``: rate limits counted in ``db`` (shared by every process using it), or
        in this process only when no database is given."""
        per_minute = {"create": settings.rate_create, "moves": settings.rate_moves, "hints": settings.rate_hints,
                      "players": settings.rate_players, "reads": settings.rate_reads}
        limits = RateLimits(per_minute) if db is None else SharedLimits(db, per_minute)
        return cls(settings, limits, BotPool(settings.bot_threads, settings.bot_queue))
