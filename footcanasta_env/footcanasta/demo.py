"""``footcanasta demo``: a whole game between random players, told round by round."""

from __future__ import annotations

import argparse

import numpy as np
from rich.console import Console
from rich.text import Text

from ..actions import ACTION_NAMES, ACTION_TYPE, LAYDOWN, PICKUP
from ..engine import Game, new_game
from ..melds import meld_string
from ..seats import SEAT_NAMES, TEAM_NAMES
from .screen import round_table


def play_random_game(seed: int) -> tuple[Game, list[list[str]]]:
    """Play a game of uniformly random legal moves; return it and the notable events of each round."""
    game = new_game(seed)
    pick = np.random.default_rng(seed)
    events: list[list[str]] = [[]]
    while not game.is_over:
        seat, rnd = game.current_player, game.round
        acts = game.legal_actions()
        a = acts[int(pick.integers(len(acts)))]
        before = game.canastas[seat & 1][:] if game.down[seat & 1] else []
        game.step(a)
        if ACTION_TYPE[a] in (PICKUP, LAYDOWN):
            events[-1].append(f"{SEAT_NAMES[seat]}: {ACTION_NAMES[a]}")
        grew = len(game.canastas[seat & 1]) > len(before)
        if game.round == rnd and not game.is_over and grew and game.down[seat & 1]:
            events[-1].append(f"{SEAT_NAMES[seat]} completes {meld_string(*game.canastas[seat & 1][-1])}")
        if game.round != rnd or game.is_over:
            events.append([])
    return game, events[:-1]


SHOWN = 6  # notable events per round without --verbose


def describe(game: Game, events: list[list[str]], console: Console, verbose: bool) -> None:
    """Print each round's account and the final result."""
    for res, evs in zip(game.round_results, events, strict=False):
        how = {"went_out": f"{SEAT_NAMES[res['went_out']]} went out" if res["went_out"] is not None else "",
               "stock": "the stock ran out", "no_action": "a player was left without a legal action"}[res["ended_by"]]
        console.print(f"\n[bold]Round {res['round']}[/bold]: {how}.")
        shown = evs if verbose else evs[:SHOWN]
        for e in shown:
            console.print(Text(f"  {e}"))
        if len(evs) > len(shown):
            console.print(f"  ... and {len(evs) - len(shown)} more (--verbose lists them all)")
        console.print(round_table(res, _totals(game, res["round"]), viewer_team=None,
                                  red_three_value=game.rules.red_three_bonus))
    a, b = game.scores
    verdict = "a draw" if a == b else f"{TEAM_NAMES[0 if a > b else 1]} win"
    console.print(f"\n[bold]Final scores[/bold]: {TEAM_NAMES[0]} {a}, {TEAM_NAMES[1]} {b}: {verdict} "
                  f"({game.actions_taken} actions).")


def _totals(game: Game, upto: int) -> list[int]:
    return [sum(r["scores"][t] for r in game.round_results[:upto]) for t in (0, 1)]


def run(args: argparse.Namespace) -> int:
    """Run the demo command."""
    if args.seed < 0:
        raise ValueError(f"--seed must be non-negative, got {args.seed}")
    game, events = play_random_game(args.seed)
    console = Console(highlight=False)  # the terminal's own width: everything here fits 80 columns
    console.print(f"Foot Canasta demo: four random players, seed {args.seed}.")
    describe(game, events, console, args.verbose)
    return 0


def add_parsers(sub: argparse._SubParsersAction) -> None:
    """Register ``demo``."""
    p = sub.add_parser("demo", help="watch four random players play a whole game")
    p.add_argument("--seed", type=int, default=0, help="deal seed (default 0)")
    p.add_argument("--verbose", "-v", action="store_true", help="list every pickup, lay-down and canasta")
    p.set_defaults(func=run)


