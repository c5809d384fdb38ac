"""How good are the search bot's overrules? Its estimates checked against true-world outcomes, decision by decision.

Whole games (``footcanasta evaluate``) are the final word on strength, but one game says little about a
single rule. This script asks the question per decision: in one-round games of four ``learned`` bots, a
share of the decisions the search bot would search are analysed by it (``SearchBot.analyse``, from the
seat's view: sampled worlds, rollouts, value), and every candidate is also played in the *true* game:
``--truth`` times, each time with the cards nobody has seen yet (the stock and the unpicked feet)
reshuffled, and the learned policy playing every seat to the end of the round. The mean of those paired
outcomes is the candidate's true value given the hands as they are (the policy plays on, as it does
after a search bot's move). Then, for a grid of decision rules (``margin`` standard errors and ``prior``
points, see ``bots/search.py``), it prints what the rule would have gained per searched decision over
the policy's own choice, measured on the true outcomes (independent of the estimates, so unbiased), with
its standard error and how often the rule overrules, and how the estimated advantages of the other
candidates compare with the true ones (bias and correlation).

    python benchmarks/search_decisions.py --games 80 --share 0.15 --truth 16 --workers 2 --seed 7

The search's time budget is set high here (``--search`` adds options, ``time=60`` by default), so the
figures do not depend on the machine's load; ``worlds`` decides. Games use seeds the evaluation and
training never use (``--seed``). ``--value PATH`` scores the worlds with another value file: the decisions,
worlds and true outcomes stay the same (the generators do not depend on the value), so two runs compare
two values on the same ground; with ``--estimates-only`` it records the estimates only (minutes instead of half an
hour), to be read against the true outcomes of an earlier run of the same seed and options by
``benchmarks/search_rules.py``. ``--out FILE.npz`` keeps the records (plain arrays) for other rules.
"""

from __future__ import annotations

import argparse
import itertools
import math
import multiprocessing as mp
import time

import numpy as np
from search_rules import KINDS, accuracy, gain  # beside this file: benchmarks/ is on sys.path when run

from footcanasta_env.footcanasta.actions import ACTION_TYPE, DISCARD
from footcanasta_env.footcanasta.bots.search import (
    SearchBot,
    make_search_bot,
    one_blas_thread,
    parse_options,
    shipped_nets,
)
from footcanasta_env.footcanasta.bots.value import load_value
from footcanasta_env.footcanasta.engine import Game, new_game
from footcanasta_env.footcanasta.rules import Rules
from footcanasta_env.seeds import worker_seed


def reshuffle_unseen(g: Game, rng: np.random.Generator) -> None:
    """Deal the cards nobody has seen (stock, unpicked feet) again at random, in place; sizes kept."""
    cards = list(g.stock)
    feet = [p for p in range(4) if not g.in_foot[p]]
    for p in feet:
        for k, c in enumerate(g.foot[p]):
            cards += [k] * c
    perm = [int(x) for x in rng.permutation(np.asarray(cards, dtype=np.int64))]
    at = len(g.stock)
    g.stock = perm[:at]
    for p in feet:
        n = sum(g.foot[p])
        foot = [0] * len(g.foot[p])
        for k in perm[at:at + n]:
            foot[k] += 1
        g.foot[p] = foot
        at += n


END_OF_ROUND = 10**9  # a horizon and a step count no round reaches: the policy plays to the round's end


def play_out(bot: SearchBot, games: list[Game], before: list[int], seat: int) -> np.ndarray:
    """Round score difference for ``seat``'s side once the learned policy has played every game to the end of
    its round (``before``: each game's count of finished rounds when its candidate was played)."""
    out = bot.rollouts(games, before, seat, math.inf, horizon=END_OF_ROUND, max_steps=END_OF_ROUND)
    assert out is not None  # no deadline
    return out


def record(task: tuple[int, int, float, int, str, str, bool]) -> list[dict]:
    """Play ``n`` games from ``seed``; one record per analysed decision."""
    seed, n, share, truth, options, value, estimates_only = task
    rng = np.random.default_rng(seed)
    policy, shipped_value = shipped_nets()
    bot = SearchBot(policy, load_value(value) if value else shipped_value, parse_options(options), seed)
    recs = []
    with one_blas_thread():
        for _ in range(n):
            g = new_game(int(rng.integers(0, 2**62)), Rules().with_rounds(1))
            while not g.is_over:
                seat = g.current_player
                view = g.view(seat)
                cands, policy_action = bot.candidates(view)
                if (len(cands) > 1 and SearchBot.matters(view, policy_action) and rng.random() < share):
                    an = bot.analyse(view)
                    starts, before = [], []
                    for _ in range(truth):
                        w = g.clone()
                        reshuffle_unseen(w, rng)
                        for a in an.candidates:
                            x = w.clone()
                            x.step(a)
                            starts.append(x)
                            before.append(len(g.round_results))
                    # estimates only: the unseen cards are dealt as above (the generator stays in step with a full
                    # run, so the same decisions are analysed), but not played out
                    true = (np.zeros((0, len(an.candidates))) if estimates_only
                            else play_out(bot, starts, before, seat).reshape(truth, len(an.candidates)))
                    kind = ("draw" if view.phase == "draw"
                            else "discard" if ACTION_TYPE[policy_action] == DISCARD else "play")
                    recs.append({"kind": kind, "policy": an.candidates.index(policy_action),
                                 "chosen": an.candidates.index(an.chosen), "values": an.values, "truth": true,
                                 "actions": np.asarray(an.candidates)})
                g.step(policy_action)
    return recs


def report(recs: list[dict]) -> None:
    """Print how the estimates follow the true outcomes, what the bot as run gained, and a grid of rules."""
    kinds = {k: sum(r["kind"] == k for r in recs) for k in KINDS}
    print(f"{len(recs)} searched decisions ({', '.join(f'{v} {k}' for k, v in kinds.items())})")
    noise = np.median([np.std(r["truth"] - r["truth"][:, [r["policy"]]], axis=0, ddof=1).max()
                       / np.sqrt(len(r["truth"])) for r in recs])
    print(f"other candidates than the policy's: {accuracy(recs)}; "
          f"median standard error of a true advantage {noise:.0f}")
    played = np.array([r["truth"].mean(0)[r["chosen"]] - r["truth"].mean(0)[r["policy"]] for r in recs])
    print(f"the bot as run: {played.mean():+.1f} ± {played.std() / np.sqrt(len(played)):.1f} points per searched "
          f"decision, overrules {np.mean([r['chosen'] != r['policy'] for r in recs]):.1%}")
    print("rule (margin, prior): true gain per searched decision ± s.e., overrule share")
    for margin, prior in itertools.product((0.0, 1.0, 2.0), (0.0, 50.0, 100.0, 150.0)):
        g, se, over = gain(recs, {"margin": margin, "prior": prior})
        print(f"  margin={margin:g},prior={prior:g}: {g:+6.1f} ± {se:.1f}   {over:.1%}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=80, help="one-round games of four learned bots")
    ap.add_argument("--share", type=float, default=0.15, help="share of the searched decisions analysed")
    ap.add_argument("--truth", type=int, default=16, help="true-world outcomes per candidate")
    ap.add_argument("--search", default="time=60", help="search options (as in search:OPTIONS)")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--value", default="", help="another value file for the search (default: the shipped one)")
    ap.add_argument("--out", default="", help="keep the records in this .npz (plain arrays)")
    ap.add_argument("--estimates-only", action="store_true",
                    help="skip the true outcomes (read them from a full run of the same seed: search_rules.py)")
    args = ap.parse_args()
    if args.games < 1 or args.truth < 2 or not 0 < args.share <= 1:
        ap.error("--games must be at least 1, --truth at least 2, --share in (0, 1]")
    if args.estimates_only and not args.out:
        ap.error("--estimates-only records no true outcomes: give --out to keep the estimates")
    make_search_bot(args.search, 0)  # refuse bad options and value files before any work
    if args.value:
        load_value(args.value)
    t0 = time.time()
    chunk = max(1, args.games // (4 * args.workers))
    tasks = [(worker_seed(10_000 + args.seed, i), min(chunk, args.games - i * chunk), args.share, args.truth,
              args.search, args.value, args.estimates_only) for i in range(-(-args.games // chunk))]
    with mp.get_context("fork").Pool(args.workers) as pool:
        recs = [r for part in pool.imap(record, tasks) for r in part]
    print(f"{args.games} games, search:{args.search}, value {args.value or 'shipped'}, {args.truth} true outcomes "
          "per candidate, "
          f"{time.time() - t0:.0f} s")
    if not args.estimates_only:
        report(recs)
    if args.out:
        np.savez(args.out, **{f"{i}_{k}": np.asarray(v) for i, r in enumerate(recs) for k, v in r.items()})


if __name__ == "__main__":
    main()
