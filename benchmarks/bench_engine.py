"""Engine throughput: random legal play through ``legal_actions()`` and ``step()``.

Prints steps/s and games/s for footcanasta (median of several runs) and, when ``open_spiel`` is
installed, OpenSpiel's C++ gin rummy driven the same way from Python in the same run, with the ratio.
Runs alternate between the two, one footcanasta run then one gin rummy run, so that a change in machine
load hits both runs of a pair alike: the headline ratio is the median of the per-pair ratios, which such
a change moves far less than the ratio of the two medians (also printed).

    python benchmarks/bench_engine.py [--runs 15] [--seconds 1]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from footcanasta_env import new_game


def footcanasta_run(seconds: float, seed: int) -> tuple[float, float]:
    """Play random games for about ``seconds``; return (steps/s, games/s)."""
    rnd = random.Random(seed).random
    steps = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        game = new_game(seed + games)
        legal_actions, step = game.legal_actions, game.step
        while not game.is_over:
            acts = legal_actions()
            step(acts[int(rnd() * len(acts))])
            steps += 1
        games += 1
    elapsed = time.perf_counter() - start
    return steps / elapsed, games / elapsed


def gin_rummy_run(seconds: float, seed: int) -> tuple[float, float]:
    """OpenSpiel gin rummy, random legal play from Python; chance outcomes sampled uniformly."""
    import pyspiel

    game = pyspiel.load_game("gin_rummy")
    rnd = random.Random(seed).random
    steps = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[int(rnd() * len(outcomes))][0])
            else:
                acts = state.legal_actions()
                state.apply_action(acts[int(rnd() * len(acts))])
            steps += 1
        games += 1
    elapsed = time.perf_counter() - start
    return steps / elapsed, games / elapsed


def main() -> None:
    """Run the benchmark and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15, help="runs per engine (median reported)")
    parser.add_argument("--seconds", type=float, default=1.0, help="seconds per run")
    args = parser.parse_args()
    try:
        import pyspiel  # noqa: F401

        have_spiel = True
    except ImportError:
        have_spiel = False
        print("open_spiel not installed (pip install open_spiel): measuring footcanasta alone")
    fc: list[tuple[float, float]] = []
    gr: list[tuple[float, float]] = []
    footcanasta_run(0.3, 0)  # warm the legal-action tables
    if have_spiel:
        gin_rummy_run(0.3, 0)  # and load the game once before timing it
    for i in range(args.runs):
        fc.append(footcanasta_run(args.seconds, 1000 * i))
        if have_spiel:
            gr.append(gin_rummy_run(args.seconds, i))
    fc_steps = statistics.median(s for s, _ in fc)
    print(f"footcanasta   {fc_steps:>10,.0f} steps/s  {statistics.median(g for _, g in fc):>8,.1f} games/s"
          f"   (median of {args.runs} runs of {args.seconds:g} s)")
    if have_spiel:
        gr_steps = statistics.median(s for s, _ in gr)
        print(f"gin_rummy     {gr_steps:>10,.0f} steps/s  {statistics.median(g for _, g in gr):>8,.1f} games/s")
        ratios = sorted(f[0] / g[0] for f, g in zip(fc, gr, strict=True))
        print(f"ratio         {statistics.median(ratios):>10.2f}x  median of the {args.runs} back-to-back pairs"
              f" (range {ratios[0]:.2f}x to {ratios[-1]:.2f}x; target: 5x)")
        print(f"              {fc_steps / gr_steps:>10.2f}x  ratio of the medians")

if __name__ == "__main__":
    main()
