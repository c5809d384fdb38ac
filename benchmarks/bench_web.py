"""Load on ``footcanasta serve``: N clients play N games at once against one uvicorn server on loopback.

Each client (an httpx client in its own thread) creates a game from its own seed and plays South's first
legal action until the game ends. Measured: the latency of every South action (the bots' replies
included), p50/p95/max, and checks that every action was answered, every game finished, and each game's
final state equals the same seed played alone in process (nothing lost or mixed between games).

    python benchmarks/bench_web.py [--clients 20] [--bots expert]
"""

from __future__ import annotations

import argparse
import socket
import statistics
import tempfile
import threading
import time
from pathlib import Path

import httpx
import uvicorn

from footcanasta_env.table import Deal, Table
from footcanasta_env.web import create_app


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def play(url: str, seed: int, bots: str, out: dict, latencies: list[float], errors: list[str]) -> None:
    with httpx.Client(base_url=url, timeout=60) as c:
        body = {"seed": seed, **({"partner": bots, "opponents": bots} if bots else {})}
        r = c.post("/api/games", json=body)
        if r.status_code != 201:
            errors.append(f"seed {seed}: create {r.status_code} {r.text}")
            return
        gid, state = r.json()["id"], r.json()["state"]
        n = 0
        while not state["over"]:
            t = time.perf_counter()
            r = c.post(f"/api/games/{gid}/actions", json={"action": state["legal"][0], "version": state["version"]})
            latencies.append(time.perf_counter() - t)
            if r.status_code != 200:
                errors.append(f"seed {seed}: action {n} {r.status_code} {r.text}")
                return
            state = r.json()["state"]
            n += 1
        out[seed] = (state["scores"], state["version"], n)


def alone(seed: int, bots: str) -> tuple[list[int], int]:
    """The same game played in process, with no server: what each client must have got."""
    table = Table.open(Deal(seed=seed), bots or None, bots or None)
    list(table.bot_steps())
    while not table.game.is_over:
        table.play([table.module.action_name(table.view().legal_actions[0])])
    return [int(x) for x in table.game.scores], table.version


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--clients", type=int, default=20)
    ap.add_argument("--bots", default="", help="partner and opponents (default: the strongest)")
    args = ap.parse_args()
    db = Path(tempfile.mkdtemp()) / "bench.sqlite3"
    port = free_port()
    app = create_app(db, max_in_progress=0)  # every client plays from 127.0.0.1: no cap on games per address
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    th = threading.Thread(target=server.run, daemon=True)
    th.start()
    while not server.started:
        time.sleep(0.05)
    url = f"http://127.0.0.1:{port}"
    results: dict = {}
    latencies: list[float] = []
    errors: list[str] = []
    seeds = [1000 + i for i in range(args.clients)]
    t0 = time.perf_counter()
    threads = [threading.Thread(target=play, args=(url, s, args.bots, results, latencies, errors)) for s in seeds]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    wall = time.perf_counter() - t0
    server.should_exit = True
    th.join(timeout=5)
    bots = args.bots or "strongest"
    lat = sorted(latencies)
    if not lat:
        print("no action was answered:", *errors[:5], sep="\n  ")
        raise SystemExit(1)
    p = lambda q: lat[min(len(lat) - 1, int(q * len(lat)))] * 1000  # noqa: E731
    print(f"{args.clients} clients, {len(results)} games finished, {len(lat)} South actions in {wall:.1f} s "
          f"({len(lat) / wall:.0f} actions/s), bots: {bots}")
    print(f"latency per South action (bots' replies included): p50 {p(0.5):.1f} ms, p95 {p(0.95):.1f} ms, "
          f"max {lat[-1] * 1000:.1f} ms, mean {statistics.mean(lat) * 1000:.1f} ms")
    mixed = [s for s in seeds if s in results and list(results[s][:2]) != list(alone(s, args.bots))]
    print(f"errors: {len(errors)}; games lost: {args.clients - len(results)}; games that differ from the same "
          f"seed played alone: {len(mixed)}")
    for e in errors[:5]:
        print("  ", e)
    if errors or mixed or len(results) != args.clients:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
