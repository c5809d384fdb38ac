"""Load on ``footcanasta serve`` with Locust: simulated players playing whole games, on 127.0.0.1 only.

Players at human pace (a few seconds between actions, a selection after each move as the page asks, now
and then a hint) plus a burst playing as fast as they can; each plays whole games with the default bots
(the strongest), one after another. Every player is a client of its own: it sends its own
``X-Forwarded-For`` and the server trusts 127.0.0.1 as its proxy, so the rate limits count per player as
behind a real reverse proxy. The script starts the server (``footcanasta serve`` on a free port of
127.0.0.1, a fresh SQLite database unless ``--db`` names one), runs Locust headless for a bounded time
and number of users, stops both, and prints p50/p95/p99 per action, errors by status and throughput.

    pip install -e ".[load]"   # Locust
    python benchmarks/load_web.py --users 50 --fast 10 --time 60 [--workers N] [--db URL] [--close] [-- SERVE FLAGS]

Run as a locustfile (``locust -f benchmarks/load_web.py``) it is the players alone; it refuses any host
but 127.0.0.1.
"""

from __future__ import annotations

import argparse
import csv
import itertools
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from locust import HttpUser, between, constant, task
from locust.exception import StopUser

ROOT = Path(__file__).resolve().parent.parent
# The hosting settings of docs/hosting.md, with 127.0.0.1 as the trusted proxy (each player is a client)
SERVE = ["--trusted-proxies", "127.0.0.1", "--rate-create", "20", "--rate-moves", "300", "--rate-hints", "20",
         "--rate-reads", "600", "--rate-players", "10"]
HINT_EVERY = 25  # a human-paced player asks for a hint about once in this many of its moves
_addresses = itertools.count(1)


class Player(HttpUser):
    """A person at the page: a move every few seconds, a selection after each, sometimes a hint."""

    wait_time = between(1.0, 4.0)
    label = ""  # the burst's requests are named apart: "fast move" and so on

    def on_start(self) -> None:
        if not str(self.host).startswith("http://127.0.0.1:"):
            print(f"load_web.py plays against 127.0.0.1 only, not {self.host}", file=sys.stderr)
            raise StopUser()
        n = next(_addresses)
        self.client.headers["X-Forwarded-For"] = f"10.{n // 65536 % 256}.{n // 256 % 256}.{n % 256}"
        if os.environ.get("LOAD_WEB_CLOSE"):  # no keep-alive: each request a new connection, to any worker
            self.client.headers["Connection"] = "close"
        self.rng = random.Random(n)
        self.gid: str | None = None
        self.state: dict = {}

    def request(self, method: str, path: str, name: str, **kw) -> dict | None:
        with self.client.request(method, path, name=self.label + name, catch_response=True, **kw) as r:
            if r.status_code >= 400:
                r.failure(f"HTTP {r.status_code}")
                if r.status_code in (429, 503):
                    time.sleep(min(10.0, float(r.headers.get("Retry-After", "1"))))
                return None
            return r.json()

    def new_game(self) -> None:
        data = self.request("POST", "/api/games", "create", json={})
        if data is not None:
            self.gid, self.state = data["id"], data["state"]

    @task
    def act(self) -> None:
        if self.gid is None or self.state.get("over"):
            self.new_game()
            return
        legal = self.state["legal"]
        if not legal:  # not South's turn: read the state again (the page would)
            data = self.request("GET", f"/api/games/{self.gid}", "show")
            self.state = data["state"] if data else self.state
            return
        if self.wants_hint():
            self.request("GET", f"/api/games/{self.gid}/hint", "hint")
        action = self.choose(legal)
        data = self.request("POST", f"/api/games/{self.gid}/actions", "move",
                            json={"action": action, "version": self.state["version"]})
        if data is None:
            data = self.request("GET", f"/api/games/{self.gid}", "show")
        if data is not None:
            self.state = data["state"]
            self.after_move()

    def choose(self, legal: list[str]) -> str:
        """Melds first (a table fills up as in a real game), else any legal action."""
        melds = [a for a in legal if a.startswith(("meld", "add", "laydown"))]
        return self.rng.choice(melds or legal)

    def wants_hint(self) -> bool:
        return self.rng.randrange(HINT_EVERY) == 0

    def after_move(self) -> None:
        if self.state.get("my_turn") and not self.state.get("over"):
            self.request("POST", f"/api/games/{self.gid}/selection", "selection", json={"cards": []})


class FastPlayer(Player):
    """The burst: moves as fast as the answers come, no selections, no hints."""

    wait_time = constant(0)
    label = "fast "
    fixed_count = int(os.environ.get("LOAD_WEB_FAST", "0"))
    abstract = fixed_count == 0  # no burst asked for: no such players

    def wants_hint(self) -> bool:
        return False

    def after_move(self) -> None:
        pass


# ---------------------------------------------------------------------------------------------- the runner


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(port: int, db: str, workers: int, extra: list[str]) -> subprocess.Popen:
    cmd = [sys.executable, "-m", "footcanasta_env.cli", "serve", "--host", "127.0.0.1", "--port", str(port),
           "--db", db, "--workers", str(workers), *SERVE, *extra]
    server = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.DEVNULL)
    for _ in range(300):
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2) as r:
                if r.status == 200:
                    return server
        except OSError:
            if server.poll() is not None:
                raise SystemExit(f"the server stopped: {' '.join(cmd)}") from None
            time.sleep(0.2)
    server.terminate()
    raise SystemExit("the server did not answer /healthz in 60 s")


def report(prefix: str, seconds: int) -> None:
    """Per action: requests, failures, p50/p95/p99 and the rate; then the failures by action and status."""
    with open(f"{prefix}_stats.csv", newline="") as f:
        rows = list(csv.DictReader(f))
    print(f"{'action':<15} {'requests':>8} {'failed':>7} {'p50 ms':>7} {'p95 ms':>7} {'p99 ms':>7} {'max ms':>7} "
          f"{'req/s':>6}")
    for r in rows:
        print(f"{r['Name']:<15} {r['Request Count']:>8} {r['Failure Count']:>7} {r['50%']:>7} {r['95%']:>7} "
              f"{r['99%']:>7} {float(r['Max Response Time']):>7.0f} {float(r['Requests/s']):>6.1f}")
    with open(f"{prefix}_failures.csv", newline="") as f:
        failures = list(csv.DictReader(f))
    for r in failures:
        print(f"  failed: {r['Name']} {r['Error']} x{r['Occurrences']}")
    fives = sum(int(r["Occurrences"]) for r in failures if "HTTP 5" in r["Error"])
    print(f"5xx answers: {fives}; over {seconds} s")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--users", type=int, default=50, help="players in all (default 50)")
    ap.add_argument("--fast", type=int, default=10, help="of them, the burst playing as fast as it can")
    ap.add_argument("--spawn-rate", type=float, default=10.0, help="players started per second")
    ap.add_argument("--time", type=int, default=60, help="seconds of load (default 60)")
    ap.add_argument("--workers", type=int, default=1, help="server processes")
    ap.add_argument("--db", default="", help="database (default: a fresh SQLite file)")
    ap.add_argument("--close", action="store_true",
                    help="no keep-alive: every request on a new connection, so it lands on any worker and games "
                         "are rebuilt by workers that did not hold them")
    ap.add_argument("serve", nargs="*", help="more flags for footcanasta serve (after --)")
    args = ap.parse_args()
    if not 0 <= args.fast <= args.users <= 1000 or not 1 <= args.time <= 900:
        raise SystemExit("--users 1 to 1000, --fast at most --users, --time 1 to 900 seconds")
    work = Path(tempfile.mkdtemp(prefix="load_web-"))
    port = free_port()
    server = start_server(port, args.db or str(work / "web.sqlite3"), args.workers, args.serve)
    try:
        cmd = [sys.executable, "-m", "locust", "-f", __file__, "--headless", "--host", f"http://127.0.0.1:{port}",
               "-u", str(args.users), "-r", str(args.spawn_rate), "-t", f"{args.time}s", "--stop-timeout", "10",
               "--csv", str(work / "load"), "--only-summary", "--loglevel", "WARNING"]
        with open(work / "locust.log", "w") as log:
            env = {**os.environ, "LOAD_WEB_FAST": str(args.fast), "LOAD_WEB_CLOSE": "1" if args.close else ""}
            subprocess.run(cmd, env=env, cwd=ROOT, check=False,
                           stdout=log, stderr=subprocess.STDOUT, timeout=args.time + 120)
    finally:
        server.terminate()
        server.wait(timeout=30)
    print(f"{args.users} players ({args.fast} as fast as they can), {args.workers} worker(s), "
          f"{'no keep-alive, ' if args.close else ''}"
          f"{'the given database' if args.db else 'SQLite'}, {args.time} s (Locust's own log: {work / 'locust.log'})")
    report(str(work / "load"), args.time)


if __name__ == "__main__":
    main()
