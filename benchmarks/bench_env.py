"""Random legal play through the AEC env, with the observation and mask produced at every step.

Prints steps per second (median of several runs) for ``footcanasta_env.env()`` and, when ``open_spiel``
is importable, for OpenSpiel's C++ gin_rummy driven the same way from Python (legal actions and the
observation tensor of the player to act at every step), and the ratio. Both are timed in CPU time of
this process (``time.process_time``), interleaved run by run, so that other work on a shared machine
skews the ratio less than it would skew wall-clock figures.

    python benchmarks/bench_env.py [--steps 20000] [--runs 5]
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

import gin_rummy  # noqa: E402

from footcanasta_env.footcanasta.envs.aec import env as make_env  # noqa: E402


def bench_footcanasta(steps: int, seed: int) -> float:
    """Steps per second of random legal play through env(), observing at every step."""
    e = make_env()
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


def bench_gin_rummy(steps: int, seed: int) -> float | None:
    """Steps per second of OpenSpiel's gin_rummy: legal actions + observation tensor every decision
    (``gin_rummy.env_run``); None when open_spiel is not installed."""
    return gin_rummy.env_run(steps, seed) if gin_rummy.available() else None


def main(argv: list[str] | None = None) -> int:
    """Run both benchmarks and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=20000, help="steps per run")
    parser.add_argument("--runs", type=int, default=7, help="runs per benchmark (the median is reported)")
    args = parser.parse_args(argv)
    ours, gin = [], []
    for i in range(args.runs):  # interleaved, so both see the same machine load
        ours.append(bench_footcanasta(args.steps, i))
        g = bench_gin_rummy(args.steps, i)
        if g is not None:
            gin.append(g)
    fc = statistics.median(ours)
    print(f"footcanasta env() random play, obs+mask every step: {fc:,.0f} steps/s "
          f"(median of {args.runs} runs of {args.steps} steps)")
    if gin:
        gr = statistics.median(gin)
        ratio = statistics.median(a / b for a, b in zip(ours, gin, strict=True))
        print(f"open_spiel gin_rummy, legal actions + observation tensor every step: {gr:,.0f} steps/s")
        print(f"ratio footcanasta / gin_rummy: {ratio:.2f}x (median of the per-run ratios; target 1.5x)")
    else:
        print("open_spiel is not installed: no gin_rummy comparison")
    return 0


if __name__ == "__main__":
    sys.exit(main())
