"""OpenSpiel's ISMCTS (or a PIMC bot) against the house's ``expert``, measured by the house's duplicate evaluation.

The ISMCTS bot is OpenSpiel's own (``open_spiel.python.algorithms.ismcts.ISMCTSBot``) playing the registered
OpenSpiel game (``footcanasta_env.openspiel``): its worlds come from the state's ``resample_from_infostate``
(the house's ``sample_world``), its leaves are valued by one rollout of a house bot (``--rollout-bot``,
``greedy`` by default) and it plays the most visited action. At the house's tables it is a bot like any
other (``SpielPlayer``: each decision starts from a state built from the seat's view alone), registered for
this process as ``ismcts`` so that ``footcanasta_env.evaluation.evaluate`` plays the match: the same
duplicate deals (deal ``i`` is ``new_game(deal_seed(seed, i))``), each played with ISMCTS as South/North and
then as West/East, and 95% intervals over the deals.

    python benchmarks/openspiel_ismcts.py --game footcanasta --deals 6 --simulations 100 --rounds 1
    python benchmarks/openspiel_ismcts.py --game canasta --deals 6 --simulations 100 --rounds 1
    python benchmarks/openspiel_ismcts.py --game canasta --bot pimc --determinizations 8 --deals 6

``--bot pimc`` plays ``footcanasta_env.openspiel.PIMCBot`` instead (``--determinizations`` worlds, every legal
action rolled out once in each), registered as ``pimc``.

Needs the ``openspiel`` extra (``pip install -e ".[openspiel]"``). Prints the report as JSON and one line.
"""

from __future__ import annotations

import argparse
import json
import time

import pyspiel

import footcanasta_env.openspiel as fo
from footcanasta_env.evaluation import evaluate
from footcanasta_env.games import get_game

REGISTRIES = {"footcanasta": "footcanasta_env.footcanasta.bots.registry",
              "canasta": "footcanasta_env.canasta.bots.registry"}


def openspiel_game(name: str, rounds: int) -> pyspiel.Game:
    """The registered OpenSpiel game with a round cap, paying +1/-1/0 at the end (what ISMCTS maximises)."""
    return fo.load_game(name, **{"rounds" if name == "footcanasta" else "max_rounds": rounds})


def register_bot(name: str, game: pyspiel.Game, args: argparse.Namespace) -> None:
    """Make ``args.bot`` (``ismcts`` or ``pimc``) a bot name of game ``name`` in this process (the registry's
    ``register_bot``)."""
    import importlib

    registry = importlib.import_module(REGISTRIES[name]).REGISTRY

    def factory(seed: int | None) -> fo.SpielPlayer:
        seed = 0 if seed is None else seed
        if args.bot == "pimc":
            bot = fo.PIMCBot(game, determinizations=args.determinizations, rollout_bot=args.rollout_bot, seed=seed)
        else:
            bot = fo.ismcts_bot(game, simulations=args.simulations, uct_c=args.uct_c, seed=seed,
                                rollout_bot=args.rollout_bot)
        return fo.SpielPlayer(game, bot, seed, name=args.bot)

    registry.register_bot(args.bot, factory)


def main(argv: list[str] | None = None) -> dict:
    """Run the match and print it."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--game", choices=sorted(REGISTRIES), default="footcanasta")
    ap.add_argument("--bot", choices=("ismcts", "pimc"), default="ismcts")
    ap.add_argument("--determinizations", type=int, default=8, help="pimc: worlds per decision")
    ap.add_argument("--opponent", default="expert")
    ap.add_argument("--deals", type=int, default=6)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--rounds", type=int, default=1, help="rounds per game (Foot Canasta: played; Canasta: cap)")
    ap.add_argument("--simulations", type=int, default=100)
    ap.add_argument("--uct-c", type=float, default=2.0)
    ap.add_argument("--rollout-bot", default="greedy")
    ap.add_argument("--workers", type=int, default=1)
    args = ap.parse_args(argv)
    game = openspiel_game(args.game, args.rounds)
    register_bot(args.game, game, args)
    module = get_game(args.game)
    rules = game.config.rules
    start = time.perf_counter()
    report = evaluate(args.bot, args.opponent, deals=args.deals, seed=args.seed, workers=args.workers, rules=rules,
                      game=args.game)
    seconds = time.perf_counter() - start
    search = ({"determinizations": args.determinizations} if args.bot == "pimc"
              else {"simulations": args.simulations, "uct_c": args.uct_c})
    out = {**report.to_dict(), **search, "rollout_bot": args.rollout_bot, "rounds": args.rounds,
           "seconds": round(seconds, 1), "rules": rules.changes()}
    print(json.dumps(out, indent=1))
    what = (f"PIMC ({args.determinizations} worlds" if args.bot == "pimc"
            else f"ISMCTS ({args.simulations} simulations")
    print(f"{module.TITLE}: {what}, {args.rollout_bot} rollouts) vs {args.opponent}, "
          f"{args.deals} deals x 2 seatings: win rate {report.win_rate:.3f} [{report.win_ci[0]:.3f}, "
          f"{report.win_ci[1]:.3f}], mean difference {report.mean_diff:+.0f} [{report.diff_ci[0]:+.0f}, "
          f"{report.diff_ci[1]:+.0f}], {seconds:.0f} s")
    return out


if __name__ == "__main__":
    main()
