"""Engine throughput: random legal play through ``legal_actions()`` and ``step()``.

Prints steps/s and games/s for footcanasta (median of several runs) and, when ``open_spiel`` is
installed, OpenSpiel's C++ gin rummy driven the same way from Python in the same run, with the ratio.
Each engine is timed for a whole run in turn, footcanasta then gin rummy, so both are measured at their
steady state; the headline ratio is the median of the back-to-back pair ratios (a change of machine load
between pairs cancels out), printed with the ratio of the two medians.

``--interleave`` alternates the engines game by game within each run instead, each timed on its own,
which steadies the per-run ratio when the machine's load changes quickly (on a quiet machine, in the same
hour, whole runs gave 4.6x-5.6x and interleaved runs 5.1x-5.3x; gin rummy's own speed drifts between
26k and 32k steps/s here).

``--cpu`` times both in CPU time of this process instead of wall-clock time, so that other work on a
shared machine, which takes the processor away from both, skews the ratio less.

    python benchmarks/bench_engine.py [--runs 15] [--seconds 1] [--interleave] [--cpu]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import gin_rummy

from footcanasta_env import new_game


def random_play_run(make: Callable[[int], Any], seconds: float, seed: int,
                    clock: Callable[[], float] = time.perf_counter) -> tuple[float, float]:
    """Play random games dealt by ``make(seed)`` for about ``seconds`` of ``clock``; return (steps/s, games/s)."""
    rnd = random.Random(seed).random
    steps = games = 0
    start = clock()
    while clock() - start < seconds:
        steps += play_game(make(seed + games), rnd)
        games += 1
    elapsed = clock() - start
    return steps / elapsed, games / elapsed


def play_game(game: Any, rnd: Callable[[], float]) -> int:
    """Play ``game`` to its end by random legal actions drawn with ``rnd``; return its steps."""
    legal_actions, step = game.legal_actions, game.step
    steps = 0
    while not game.is_over:
        acts = legal_actions()
        step(acts[int(rnd() * len(acts))])
        steps += 1
    return steps


def footcanasta_run(seconds: float, seed: int) -> tuple[float, float]:
    """Foot Canasta's random play for about ``seconds``; return (steps/s, games/s)."""
    return random_play_run(new_game, seconds, seed)


def interleaved_run(make: Callable[[int], Any], seconds: float, seed: int,
                    clock: Callable[[], float] = time.perf_counter) -> tuple[tuple[float, float], tuple[float, float]]:
    """Games dealt by ``make`` and gin rummy, alternating game by game until each has played about
    ``seconds``.

    Returns ((steps/s, games/s) of ``make``'s game, the same of gin rummy), each over its own time only.
    """
    spiel = gin_rummy.load()
    rnd = random.Random(seed).random
    grnd = random.Random(seed + 1).random
    fc_steps = fc_games = gr_steps = gr_games = 0
    fc_time = gr_time = 0.0
    while fc_time < seconds or gr_time < seconds:
        start = clock()
        fc_steps += play_game(make(seed + fc_games), rnd)
        fc_time += clock() - start
        fc_games += 1
        while gr_time < fc_time:  # gin rummy games are shorter: play until it has had as much time
            start = clock()
            gr_steps += gin_rummy.play_game(spiel, grnd)
            gr_time += clock() - start
            gr_games += 1
    return (fc_steps / fc_time, fc_games / fc_time), (gr_steps / gr_time, gr_games / gr_time)


def compare(name: str, make: Callable[[int], Any], runs: int, seconds: float, interleave: bool,
            target: float, cpu: bool = False) -> None:
    """Time ``make``'s game against gin rummy (when installed) ``runs`` times and print the medians and ratio;
    ``cpu``: in CPU time of this process rather than wall-clock time."""
    clock = time.process_time if cpu else time.perf_counter
    have_spiel = gin_rummy.available()
    if not have_spiel:
        print(f"open_spiel not installed (pip install open_spiel): measuring {name} alone")
    ours: list[tuple[float, float]] = []
    gr: list[tuple[float, float]] = []
    random_play_run(make, 0.3, 0)  # warm the legal-action tables
    if have_spiel:
        gin_rummy.engine_run(0.3, 0)  # and load the game once before timing it
    for i in range(runs):
        if have_spiel and interleave:
            f, g = interleaved_run(make, seconds, 1000 * i, clock)
            ours.append(f)
            gr.append(g)
            continue
        ours.append(random_play_run(make, seconds, 1000 * i, clock))
        if have_spiel:
            gr.append(gin_rummy.engine_run(seconds, i, clock))
    our_steps = statistics.median(s for s, _ in ours)
    print(f"{name:<13} {our_steps:>10,.0f} steps/s  {statistics.median(g for _, g in ours):>8,.1f} games/s"
          f"   (median of {runs} runs of {seconds:g} s{' of CPU time' if cpu else ''} each)")
    if have_spiel:
        gr_steps = statistics.median(s for s, _ in gr)
        print(f"gin_rummy     {gr_steps:>10,.0f} steps/s  {statistics.median(g for _, g in gr):>8,.1f} games/s")
        ratios = sorted(f[0] / g[0] for f, g in zip(ours, gr, strict=True))
        paired = "interleaved runs" if interleave else "back-to-back pairs"
        print(f"ratio         {statistics.median(ratios):>10.2f}x  median of the {runs} {paired}"
              f" (range {ratios[0]:.2f}x to {ratios[-1]:.2f}x; target: {target:g}x)")
        print(f"              {our_steps / gr_steps:>10.2f}x  ratio of the medians")


def main() -> None:
    """Run the benchmark and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15, help="runs per engine (median reported)")
    parser.add_argument("--seconds", type=float, default=1.0, help="seconds per run")
    parser.add_argument("--interleave", action="store_true",
                        help="alternate the engines game by game within each run (steadier, but slows gin rummy)")
    parser.add_argument("--cpu", action="store_true",
                        help="time in CPU time of this process (steadier than wall-clock time on a loaded machine)")
    args = parser.parse_args()
    compare("footcanasta", new_game, args.runs, args.seconds, args.interleave, 5.0, args.cpu)


if __name__ == "__main__":
    main()
