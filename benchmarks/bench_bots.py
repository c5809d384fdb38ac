"""Time per whole game of four bots (median of runs), and the share spent inside the bots.

Usage: python benchmarks/bench_bots.py [--games N] [--bots expert greedy random]
"""

from __future__ import annotations

import argparse
import statistics
import time

from footcanasta_env import new_game
from footcanasta_env.footcanasta.bots import make_bot


def time_game(name: str, seed: int) -> tuple[float, float, int]:
    """(seconds for the game, seconds inside bot.act, actions) for four ``name`` bots on deal ``seed``."""
    bots = [make_bot(name, seed * 4 + s) for s in range(4)]
    game = new_game(seed)
    in_bots = 0.0
    actions = 0
    t0 = time.perf_counter()
    while not game.is_over:
        p = game.current_player
        view = game.view(p)
        t = time.perf_counter()
        a = bots[p].act(view)
        in_bots += time.perf_counter() - t
        game.step(a)
        actions += 1
    return time.perf_counter() - t0, in_bots, actions


def main() -> None:
    """Print the median time per game for each bot."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--bots", nargs="+", default=["expert", "greedy", "random"])
    args = ap.parse_args()
    for name in args.bots:
        runs = [time_game(name, s) for s in range(args.games)]
        total = statistics.median(r[0] for r in runs)
        bot = statistics.median(r[1] for r in runs)
        acts = statistics.median(r[2] for r in runs)
        print(f"{name:8s} {total * 1000:7.1f} ms/game (median of {args.games}), {bot * 1000:6.1f} ms in the bots, "
              f"{acts:.0f} actions, {total / acts * 1e6:.0f} us/action")


if __name__ == "__main__":
    main()
