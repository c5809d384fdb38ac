"""A server process's memory while it holds many games: ``footcanasta serve``'s app in this process.

Creates N games through the JSON API (the default line-up: the strongest bots, which load their policy
once for the process), then forgets them all and asks for each again by id, as a stranger replaying old
game ids would: every game is rebuilt from the database (no bot thinks) and cached up to ``--cache-mb``.
Prints the resident memory (``/proc/self/statm``) after the start, after the creates and after the cold
reads, the cache's own estimate, and the cold reads' latency. Then the cold read of one finished game of
over 1,200 actions whose line-up is search bots (written to the database as another worker would), 20 times.

    python benchmarks/web_memory.py [--games 2000] [--cache-mb 256] [--db URL]
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
import warnings
from pathlib import Path

with warnings.catch_warnings():
    warnings.simplefilter("ignore", DeprecationWarning)
    from starlette.testclient import TestClient

from footcanasta_env.table import Deal, Table
from footcanasta_env.web import WebGame, create_app


def rss_mb() -> float:
    pages = int(Path("/proc/self/statm").read_text().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE") / 2**20


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--cache-mb", type=int, default=256)
    ap.add_argument("--game", default="footcanasta")
    ap.add_argument("--db", default="", help="a postgresql:// URL (default: a fresh SQLite file)")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        db = args.db or str(Path(tmp) / "web.sqlite3")
        app = create_app(db, max_in_progress=0, cache_mb=args.cache_mb, replay_dir=Path(tmp) / "replays")
        room = app.state.room
        c = TestClient(app)
        assert c.post("/api/games", json={"game": args.game}).status_code == 201  # the policies loaded
        start = rss_mb()
        ids, t0 = [], time.perf_counter()
        for _ in range(args.games):
            r = c.post("/api/games", json={"game": args.game})
            assert r.status_code == 201, r.text
            ids.append(r.json()["id"])
        created = time.perf_counter() - t0
        after_create = rss_mb()
        for gid in ids:
            room.cache.drop(gid)
        cold = []
        for gid in ids:
            t = time.perf_counter()
            assert c.get(f"/api/games/{gid}").status_code == 200
            cold.append(time.perf_counter() - t)
        after_cold = rss_mb()
        print(f"{args.games} {args.game} games, cache limit {args.cache_mb} MB, {db if args.db else 'SQLite'}")
        print(f"  resident memory: {start:.0f} MB after the first game, {after_create:.0f} MB after "
              f"{args.games} creates ({created:.1f} s), {after_cold:.0f} MB after {args.games} cold reads")
        print(f"  games cached: {len(room.cache)}, estimated {room.cache.used / 2**20:.1f} MB")
        cold.sort()
        print(f"  cold read (rebuilt from the log): p50 {statistics.median(cold) * 1000:.1f} ms, "
              f"p95 {cold[int(0.95 * len(cold))] * 1000:.1f} ms, max {cold[-1] * 1000:.1f} ms")
        long_game(c, room)


def long_game(c: TestClient, room) -> None:
    """A finished game of 1,200 actions or more with search bots in its line-up, read cold 20 times."""
    seed = 0
    while True:
        table = Table.open(Deal(seed=seed), "random", "random")
        list(table.bot_steps())
        while not table.game.is_over:
            table.play([table.module.action_name(table.view().legal_actions[-1])])
        if len(table.log) >= 1200:
            break
        seed += 1
    wg = WebGame(table, None, "2026-12-06")
    gid = "L" * 24
    room.store.create_game(gid, {**wg.spec(), "partner": "search", "opponents": "search"}, [], wg.started, "bench")
    room.store.save_move(gid, 0, table.log, True, table.replay("web").to_dict())
    times = []
    for _ in range(20):
        room.cache.drop(gid)
        t = time.perf_counter()
        assert c.get(f"/api/games/{gid}").status_code == 200
        times.append(time.perf_counter() - t)
    print(f"  cold read of a finished {len(table.log)}-action game, search bots in the line-up: median "
          f"{statistics.median(times) * 1000:.0f} ms, max {max(times) * 1000:.0f} ms (20 reads)")


if __name__ == "__main__":
    main()
