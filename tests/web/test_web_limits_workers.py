"""Rate limits with real server processes on 127.0.0.1: ``footcanasta serve --workers 3`` and a second server
(another host) over one database, PostgreSQL and SQLite. Requests go over fresh connections (no keep-alive)
from several threads, so every worker answers some: a client gets the limit a minute in all, not once per
worker or host; a client behind a trusted proxy (``X-Forwarded-For``) gets its own.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

httpx = pytest.importorskip("httpx")
pytest.importorskip("uvicorn")

ROOT = Path(__file__).resolve().parents[2]
READS, CREATES = 12, 3


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _workers(pgid: int) -> int:
    """How many worker processes uvicorn's supervisor (process group ``pgid``) has started (Linux's /proc)."""
    count = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
            cmd = (stat.parent / "cmdline").read_bytes()
        except OSError:
            continue
        count += int(fields[2]) == pgid and fields[0] != "Z" and b"spawn_main" in cmd
    return count


class Server:
    """``footcanasta serve`` with ``flags`` on a free port, ready (every worker started) when constructed."""

    def __init__(self, tmp: Path, *flags: str, workers: int = 1) -> None:
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log_path = tmp / f"server-{self.port}.log"
        with self.log_path.open("w") as log:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "footcanasta_env.cli", "serve", "--port", str(self.port),
                 "--workers", str(workers), "--replay-dir", str(tmp / "replays"), *flags],
                cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        deadline = time.monotonic() + 60
        while True:
            try:
                if httpx.get(f"{self.url}/healthz").status_code == 200 and (
                        workers == 1 or _workers(self.proc.pid) == workers):
                    return
            except httpx.TransportError:
                pass
            if self.proc.poll() is not None or time.monotonic() > deadline:
                self.kill()
                raise RuntimeError(f"the server did not start: {self.log_path.read_text()}")
            time.sleep(0.1)

    def kill(self) -> None:
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc.wait(timeout=30)


@pytest.fixture(params=["postgresql", "sqlite"])
def db(request, tmp_path) -> str:
    if request.param == "sqlite":
        return str(tmp_path / "web.sqlite3")
    return request.getfixturevalue("pg_cluster").new_db()


def _spread(urls: list[str], n: int, method: str, path: str, **kw) -> list[int]:
    """``n`` requests, each on a new connection, over ``urls`` in turn, from 6 threads: their statuses."""
    def one(i: int) -> int:
        with httpx.Client(base_url=urls[i % len(urls)], timeout=30, headers={"Connection": "close"}) as c:
            return c.request(method, path, **kw).status_code

    with ThreadPoolExecutor(6) as pool:
        return list(pool.map(one, range(n)))


def test_the_limits_hold_across_workers_and_hosts(db, tmp_path):
    flags = ("--db", db, "--rate-reads", str(READS), "--rate-create", str(CREATES), "--trusted-proxies", "127.0.0.1")
    servers = []
    try:
        servers.append(Server(tmp_path, *flags, workers=3))
        servers.append(Server(tmp_path, *flags))  # another host on the same database
        urls = [s.url for s in servers]
        if time.time() % 60 > 25:  # the limits count per wall-clock minute: all of this in one (35 s and more)
            time.sleep(60.5 - time.time() % 60)
        reads = _spread(urls, 4 * READS, "GET", "/api/bots")
        assert sorted(reads) == [200] * READS + [429] * (3 * READS), reads
        game = {"seed": 1, "partner": "greedy", "opponents": "greedy"}
        creates = _spread(urls, 3 * CREATES, "POST", "/api/games", json=game)
        assert sorted(creates) == [201] * CREATES + [429] * (2 * CREATES), creates
        behind = _spread(urls, 2 * READS, "GET", "/api/bots", headers={"X-Forwarded-For": "198.51.100.7"})
        assert sorted(behind) == [200] * READS + [429] * READS, behind  # another client: its own limit
        assert _spread(urls, 6, "GET", "/healthz") == [200] * 6  # never limited
    finally:
        for s in servers:
            s.kill()
