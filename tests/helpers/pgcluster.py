"""A throw-away PostgreSQL server for the web tests: Debian's binaries, a temporary directory, a free port.

``initdb`` refuses to run as root, so as root every server command runs as the ``postgres`` user in a
directory it owns. The server listens on 127.0.0.1 only, with its socket in its own directory, and
trusts local connections (nothing else can reach it). Without the binaries the tests that need it are
skipped, except under CI (the ``CI`` environment variable), where that is a failure.
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
import uuid
from pathlib import Path

import pytest


def _bin_dir() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(Path(p).parts[4]))
    return Path(found[-1]).parent if found else None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Cluster:
    """One PostgreSQL server in a temporary directory: ``start``, ``stop``, ``remove``, and ``new_db``."""

    def __init__(self, bin_dir: Path) -> None:
        self.bin = bin_dir
        self.root = Path(tempfile.mkdtemp(prefix="footcanasta-pg-"))
        self.data, self.sockets, self.log = self.root / "data", self.root / "sock", self.root / "log"
        self.as_root = os.geteuid() == 0
        self.port = _free_port()
        try:
            self.sockets.mkdir()
            if self.as_root:
                shutil.chown(self.root, "postgres", "postgres")
                shutil.chown(self.sockets, "postgres", "postgres")
            self._run("initdb", "-D", str(self.data), "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8")
        except BaseException:
            shutil.rmtree(self.root, ignore_errors=True)
            raise

    def _run(self, tool: str, *args: str) -> None:
        cmd = [str(self.bin / tool), *args]
        if self.as_root:
            cmd = ["runuser", "-u", "postgres", "--", *cmd]
        done = subprocess.run(cmd, cwd=self.root, capture_output=True, text=True, timeout=60)
        if done.returncode:
            log = self.log.read_text() if self.log.exists() else ""
            raise RuntimeError(f"{tool} failed: {done.stdout}{done.stderr}{log[-2000:]}")

    def start(self) -> None:
        options = (f"-p {self.port} -k {self.sockets} -c listen_addresses=127.0.0.1 -c fsync=off "
                   "-c synchronous_commit=off -c full_page_writes=off -c max_connections=200")
        self._run("pg_ctl", "-D", str(self.data), "-l", str(self.log), "-o", options, "-w", "-t", "30", "start")

    def stop(self) -> None:
        self._run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "-t", "30", "stop")

    def remove(self) -> None:
        try:
            self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
        except RuntimeError:
            pass  # already stopped
        shutil.rmtree(self.root, ignore_errors=True)

    def url(self, dbname: str = "postgres") -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{dbname}"

    def new_db(self) -> str:
        """A fresh, empty database on the server: its URL."""
        import psycopg

        name = "t_" + uuid.uuid4().hex[:12]
        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {name}")
        return self.url(name)


def make_cluster() -> Cluster:
    """A started cluster, or a skip (a failure under CI) when PostgreSQL or psycopg is missing."""
    bin_dir = _bin_dir()
    missing = "PostgreSQL's binaries (apt-get install postgresql)" if bin_dir is None else None
    try:
        import psycopg  # noqa: F401
    except ImportError:
        missing = missing or "psycopg (a dependency of footcanasta: pip install -e .)"
    if missing:
        if os.environ.get("CI"):
            pytest.fail(f"CI needs {missing} for the PostgreSQL tests")
        pytest.skip(f"{missing} not installed")
    cluster = Cluster(bin_dir)
    try:
        cluster.start()
    except BaseException:
        cluster.remove()
        raise
    return cluster
