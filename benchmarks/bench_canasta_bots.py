"""Canasta's scripted bots against each other: a duplicate, seat-swapped match over whole games.

Each deal (a seed of ``canasta.new_game``) is played twice, bot A as South/North and then as West/East,
both games with the same cards, every bot seeded from the deal and its seat. Games go to the target
(5,000) with ``Rules(max_rounds=...)`` as a cap so every game ends. Per deal: A's win share over the two
games (a draw counts a half) and A's mean score difference; printed with 95% normal intervals over deals.
The expert's settings were tuned on seeds below 10000 only: report on seeds from 10000.

    python benchmarks/bench_canasta_bots.py [--a expert] [--b greedy] [--deals 200] [--first-seed 10000]
"""

from __future__ import annotations

import argparse
import math
import statistics
import time

from footcanasta_env import canasta
from footcanasta_env.canasta.bots import make_bot

Z95 = 1.959963984540054


def play(seed: int, names: tuple[str, str], rules: canasta.Rules) -> tuple[int, int]:
    """Final team totals of one game on deal ``seed``: team 0 plays ``names[0]``, team 1 ``names[1]``."""
    game = canasta.new_game(seed, rules)
    bots = [make_bot(names[s & 1], seed * 4 + s) for s in range(4)]
    while not game.is_over:
        p = game.current_player
        game.step(bots[p].act(game.view(p)))
    return game.scores


def duplicate_deal(seed: int, a: str, b: str, rules: canasta.Rules) -> tuple[float, float]:
    """A's win share (0, 0.5 or 1 per game, averaged) and mean score difference over both seatings."""
    s0 = play(seed, (a, b), rules)
    s1 = play(seed, (b, a), rules)
    d0, d1 = s0[0] - s0[1], s1[1] - s1[0]
    win = sum(1.0 if d > 0 else 0.5 if d == 0 else 0.0 for d in (d0, d1)) / 2
    return win, (d0 + d1) / 2


def mean_ci(x: list[float]) -> tuple[float, float, float]:
    """Mean and 95% normal interval over independent values."""
    m = statistics.fmean(x)
    half = Z95 * statistics.stdev(x) / math.sqrt(len(x)) if len(x) > 1 else 0.0
    return m, m - half, m + half


def main() -> None:
    """Run the match and print A's win rate and mean score difference with their intervals."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--a", default="expert")
    ap.add_argument("--b", default="greedy")
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--first-seed", type=int, default=10000)
    ap.add_argument("--max-rounds", type=int, default=30)
    args = ap.parse_args()
    rules = canasta.Rules(max_rounds=args.max_rounds)
    t0 = time.perf_counter()
    wins, diffs = [], []
    for seed in range(args.first_seed, args.first_seed + args.deals):
        w, d = duplicate_deal(seed, args.a, args.b, rules)
        wins.append(w)
        diffs.append(d)
    w, wlo, whi = mean_ci(wins)
    d, dlo, dhi = mean_ci(diffs)
    print(f"{args.a} vs {args.b}: {args.deals} duplicate deals (seeds {args.first_seed}.."
          f"{args.first_seed + args.deals - 1}, {2 * args.deals} games, target {rules.target}, "
          f"max_rounds {args.max_rounds})")
    print(f"  win rate {w:.3f}  95% CI [{max(0.0, wlo):.3f}, {min(1.0, whi):.3f}]")
    print(f"  mean score difference {d:+.0f}  95% CI [{dlo:+.0f}, {dhi:+.0f}]")
    print(f"  {time.perf_counter() - t0:.1f} s")


if __name__ == "__main__":
    main()
