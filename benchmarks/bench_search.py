"""Time per decision of the search bot at the table, and how often it searches and overrules.

Plays one-round games with ``search`` (or ``--bot search:OPTIONS``) at South and North against ``learned``
at West and East, and prints the seconds per decision (median, 90th percentile, maximum) over all of the
search side's decisions and over the ones it searched, the worlds it completed, and the share of searched
decisions where it overruled the policy. Wall-clock figures on a shared machine: quote medians.

    python benchmarks/bench_search.py --games 4 --seed 3
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from footcanasta_env import new_game
from footcanasta_env.footcanasta.bots import make_bot
from footcanasta_env.footcanasta.rules import Rules


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--bot", default="search")
    args = ap.parse_args()
    every, searched, worlds, overruled = [], [], [], []
    for i in range(args.games):
        bots = {s: make_bot(args.bot if s % 2 == 0 else "learned", args.seed * 10 + i * 4 + s) for s in range(4)}
        g = new_game(args.seed * 1000 + i, Rules().with_rounds(1))
        while not g.is_over:
            p = g.current_player
            t0 = time.perf_counter()
            a = bots[p].act(g.view(p))
            dt = time.perf_counter() - t0
            if p % 2 == 0:
                an = bots[p].last
                every.append(dt)
                if an.worlds:
                    searched.append(dt)
                    worlds.append(an.worlds)
                    overruled.append(an.chosen != an.policy_action)
            g.step(a)

    def line(xs: list[float]) -> str:
        return (f"median {np.median(xs):.3f} s, 90th percentile {np.percentile(xs, 90):.3f} s, "
                f"maximum {max(xs):.3f} s")

    print(f"{args.bot} at South and North against learned, {args.games} one-round games (seed {args.seed})")
    print(f"all {len(every)} decisions: {line(every)}")
    if searched:
        print(f"{len(searched)} searched ({len(searched) / len(every):.0%}): {line(searched)}")
        print(f"worlds completed: median {np.median(worlds):.0f}, minimum {min(worlds)}; overruled the policy in "
              f"{np.mean(overruled):.1%} of the searched decisions")


if __name__ == "__main__":
    main()
