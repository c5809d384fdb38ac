"""``footcanasta demo``: a whole game between random players, told round by round."""

from __future__ import annotations

import argparse

import numpy as np
from rich.console import Console
from rich.text import Text

from ...i18n import DEFAULT_LANG, Words, add_lang_argument, chosen, words
from ..actions import ACTION_NAMES, ACTION_TYPE, LAYDOWN, PICKUP
from ..engine import Game, new_game
from ..melds import meld_string
from .events import EN, seat_name, team_name
from .screen import round_table


def play_random_game(seed: int, w: Words = EN) -> tuple[Game, list[list[str]]]:
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
            events[-1].append(f"{seat_name(seat, w)}: {ACTION_NAMES[a]}")
        grew = len(game.canastas[seat & 1]) > len(before)
        if game.round == rnd and not game.is_over and grew and game.down[seat & 1]:
            events[-1].append(w._("{who} completes {meld}").format(who=seat_name(seat, w),
                                                                   meld=meld_string(*game.canastas[seat & 1][-1])))
        if game.round != rnd or game.is_over:
            events.append([])
    return game, events[:-1]


SHOWN = 6  # notable events per round without --verbose


def _ended(res: dict, w: Words) -> str:
    if res["ended_by"] == "went_out":
        return w._("{who} went out").format(who=seat_name(res["went_out"], w)) if res["went_out"] is not None else ""
    return w._("the stock ran out") if res["ended_by"] == "stock" else w._("a player was left without a legal action")


def describe(game: Game, events: list[list[str]], console: Console, verbose: bool, w: Words = EN) -> None:
    """Print each round's account and the final result."""
    for res, evs in zip(game.round_results, events, strict=False):
        console.print()
        console.print(Text(w._("Round {round}").format(round=w.num(res["round"])), style="bold")
                      + Text(f": {_ended(res, w)}."))
        shown = evs if verbose else evs[:SHOWN]
        for e in shown:
            console.print(Text(f"  {e}"))
        if len(evs) > len(shown):
            more = w._("... and {n} more (--verbose lists them all)").format(n=len(evs) - len(shown))
            console.print(Text("  " + more))
        console.print(round_table(res, _totals(game, res["round"]), viewer_team=None,
                                  red_three_value=game.rules.red_three_bonus, w=w))
    a, b = game.scores
    verdict = w._("a draw") if a == b else w._("{team} win").format(team=team_name(0 if a > b else 1, w))
    console.print()
    console.print(Text(w._("Final scores"), style="bold") + Text(w._(": {team0} {score0}, {team1} {score1}: {verdict} "
                                                                   "({actions} actions).").format(
        team0=team_name(0, w), score0=w.num(a), team1=team_name(1, w), score1=w.num(b), verdict=verdict,
        actions=w.num(game.actions_taken))))


def _totals(game: Game, upto: int) -> list[int]:
    return [sum(r["scores"][t] for r in game.round_results[:upto]) for t in (0, 1)]


def run(args: argparse.Namespace) -> int:
    """Run the demo command."""
    if args.seed < 0:
        raise ValueError(f"--seed must be non-negative, got {args.seed}")
    w = words(chosen(args.lang) if hasattr(args, "lang") else DEFAULT_LANG)
    game, events = play_random_game(args.seed, w)
    console = Console(highlight=False)  # the terminal's own width: everything here fits 80 columns
    console.print(Text(w._("Foot Canasta demo: four random players, seed {seed}.").format(seed=args.seed)))
    describe(game, events, console, args.verbose, w)
    return 0


def add_parsers(sub: argparse._SubParsersAction) -> None:
    """Register ``demo``."""
    p = sub.add_parser("demo", help="watch four random players play a whole game")
    p.add_argument("--seed", type=int, default=0, help="deal seed (default 0)")
    p.add_argument("--verbose", "-v", action="store_true", help="list every pickup, lay-down and canasta")
    add_lang_argument(p)
    p.set_defaults(func=run)


