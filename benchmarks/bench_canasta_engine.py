"""Classic Canasta engine throughput: random legal play through ``legal_actions()`` and ``step()``.

Prints steps/s and games/s for the Canasta engine (median of several runs) and, when ``open_spiel`` is
installed, OpenSpiel's C++ gin rummy driven the same way from Python in the same run, with the ratio
against issue 26's target of 5x. The drivers, the alternation and the ratios are ``bench_engine.py``'s
(Foot Canasta's comparison): whole runs back to back by default, game by game with ``--interleave``;
wall-clock time by default, CPU time of this process with ``--cpu``.
``--footcanasta`` also times Foot Canasta's engine in the same run. ``--players N`` (and ``--sides``) times
Canasta at that table size (CANASTA_RULES.md section 14: two-player Canasta is the two-player game beside gin
rummy).

    python benchmarks/bench_canasta_engine.py [--runs 15] [--seconds 1] [--interleave] [--cpu] [--footcanasta]
                                              [--players 4] [--sides S]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_engine import compare  # noqa: E402

from footcanasta_env import canasta, new_game  # noqa: E402


def main() -> None:
    """Run the benchmark and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15, help="runs per engine (median reported)")
    parser.add_argument("--seconds", type=float, default=1.0, help="seconds per run")
    parser.add_argument("--interleave", action="store_true",
                        help="alternate the engines game by game within each run (steadier, but slows gin rummy)")
    parser.add_argument("--cpu", action="store_true",
                        help="time in CPU time of this process (steadier than wall-clock time on a loaded machine)")
    parser.add_argument("--footcanasta", action="store_true", help="also time Foot Canasta's engine")
    parser.add_argument("--players", type=int, default=4, help="Canasta's table size: 2, 3, 4 or 6")
    parser.add_argument("--sides", type=int, default=None, help="sides at six players (3: three sides of two)")
    args = parser.parse_args()
    rules = canasta.Rules(players=args.players, sides=args.sides)
    name = "canasta" if args.players == 4 else f"canasta-{args.players}p"

    def make(seed: int) -> canasta.Game:
        return canasta.new_game(seed, rules=rules)

    compare(name, make, args.runs, args.seconds, args.interleave, 5.0, args.cpu)
    if args.footcanasta:
        compare("footcanasta", new_game, args.runs, args.seconds, args.interleave, 5.0, args.cpu)


if __name__ == "__main__":
    main()
