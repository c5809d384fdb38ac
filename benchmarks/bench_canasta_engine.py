"""Classic Canasta engine throughput: random legal play through ``legal_actions()`` and ``step()``.

Prints actions/s for the Canasta engine (median of several runs), with Foot Canasta's engine timed the
same way in the same run for comparison. A first measure for issue 26; the side-by-side run against
OpenSpiel's gin rummy belongs in ``bench_engine.py`` once the Canasta env exists.

    python benchmarks/bench_canasta_engine.py [--runs 5] [--seconds 1]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from footcanasta_env import canasta, new_game


def run(make, seconds: float, seed: int) -> float:
    """Play random games from ``make(seed)`` for about ``seconds``; return actions/s."""
    rnd = random.Random(seed).random
    steps = games = 0
    start = time.perf_counter()
    game = make(seed)
    while time.perf_counter() - start < seconds:
        if game.is_over:
            games += 1
            game = make(seed + games)
        acts = game.legal_actions()
        game.step(acts[int(rnd() * len(acts))])
        steps += 1
    return steps / (time.perf_counter() - start)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--seconds", type=float, default=1.0)
    args = ap.parse_args()
    ours = [run(canasta.new_game, args.seconds, i) for i in range(args.runs)]
    foot = [run(new_game, args.seconds, i) for i in range(args.runs)]
    print(f"canasta      {statistics.median(ours):9.0f} actions/s (median of {args.runs})")
    print(f"footcanasta  {statistics.median(foot):9.0f} actions/s (median of {args.runs})")


if __name__ == "__main__":
    main()
