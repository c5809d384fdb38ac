"""Random legal play through Canasta's AEC env, with the observation and mask produced at every step.

Prints steps per second (median of several runs) for ``footcanasta_env.canasta.env()`` and, in the same
run and driven the same way, for Foot Canasta's ``footcanasta_env.env()``; and, when ``open_spiel`` is
importable, for OpenSpiel's C++ gin_rummy (legal actions and the observation tensor of the player to act
at every step: ``gin_rummy.env_run``, as ``bench_env.py`` drives it), with the ratio against issue 26's
target of 2.5x. All are timed in CPU time of this process, alternating run by run, so that other work on
a shared machine skews the ratios less than it would skew wall-clock figures.

``--players N`` (and ``--sides``) plays Canasta at that table size (section 14 of the rule book).

    python benchmarks/bench_canasta_env.py [--steps 20000] [--runs 5] [--players 4] [--sides S]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_env import bench_footcanasta, bench_gin_rummy  # noqa: E402

from footcanasta_env import canasta  # noqa: E402


def bench_canasta(steps: int, seed: int, rules: canasta.Rules | None = None) -> float:
    """Steps per second of random legal play through canasta.env(), observing at every step."""
    e = canasta.env(rules=rules)
    rng = np.random.default_rng(seed)
    e.reset(seed=seed)
    done = 0
    t0 = time.process_time()
    while done < steps:
        obs, reward, term, trunc, info = e.last()
        if term or trunc:
            e.reset()
            continue
        legal = obs["action_mask"].nonzero()[0]
        e.step(int(legal[int(rng.integers(len(legal)))]))
        done += 1
    return done / (time.process_time() - t0)


def main(argv: list[str] | None = None) -> int:
    """Run the benchmarks and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=20000, help="steps per run")
    parser.add_argument("--runs", type=int, default=5, help="runs per benchmark (the median is reported)")
    parser.add_argument("--players", type=int, default=4, help="Canasta's table size: 2, 3, 4 or 6")
    parser.add_argument("--sides", type=int, default=None, help="sides at six players (3: three sides of two)")
    args = parser.parse_args(argv)
    rules = canasta.Rules(players=args.players, sides=args.sides)
    ours, foot, gin = [], [], []
    for i in range(args.runs):  # interleaved, so all see the same machine load
        ours.append(bench_canasta(args.steps, i, rules))
        foot.append(bench_footcanasta(args.steps, i))
        g = bench_gin_rummy(args.steps, i)
        if g is not None:
            gin.append(g)
    runs = f"median of {args.runs} runs of {args.steps} steps"
    size = f"{rules.players} players" + (f", {rules.sides} sides" if args.sides else "")
    print(f"canasta env() ({size}) random play, obs+mask every step: {statistics.median(ours):9,.0f} steps/s ({runs})")
    print(f"footcanasta env() random play, obs+mask every step: {statistics.median(foot):9,.0f} steps/s")
    print(f"ratio canasta / footcanasta: {statistics.median(a / b for a, b in zip(ours, foot, strict=True)):.2f}x")
    if gin:
        ratio = statistics.median(a / b for a, b in zip(ours, gin, strict=True))
        print(f"open_spiel gin_rummy, legal actions + observation tensor: {statistics.median(gin):,.0f} steps/s")
        print(f"ratio canasta / gin_rummy: {ratio:.2f}x (median of the per-run ratios; target 2.5x)")
    else:
        print("open_spiel is not installed: no gin_rummy comparison")
    return 0


if __name__ == "__main__":
    sys.exit(main())
