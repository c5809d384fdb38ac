"""``footcanasta demo`` for any game of the family: four players of uniformly random legal moves, a whole
game told round by round (the notable moves, how each round ended, its score table) and the final result.

A game's ``text/demo.py`` gives what is its own as a ``DemoText``: which moves are notable, the canastas a
move completed, and the round's score table; this module plays and tells the rest.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from rich.console import Console, RenderableType
from rich.text import Text

from ..i18n import Words
from .seats import team_of
from .text import seat_name, team_name

SHOWN = 6  # notable events per round without --verbose


@dataclass(frozen=True)
class DemoText:
    """A game's part of the demo: ``title`` (its first line, with ``{seed}``), ``notable(action)`` (a pickup
    or a lay-down is told), ``melds(game, team)`` (a partnership's melds on the table before a move) and
    ``completed(before, game, team)`` (the canastas the move completed, each in words, from those melds and
    the game after it) and ``round_table(result, totals, rules, w)`` (a finished round's scores, with no
    partnership marked)."""

    title: str
    notable: Callable[[int], bool]
    melds: Callable[[Any, int], Any]
    completed: Callable[[Any, Any, int], list[str]]
    round_table: Callable[[dict, Sequence[int], Any, Words], RenderableType]


def play_random_game(game: Any, seed: int, text: DemoText, action_name: Callable[[int], str],
                     w: Words) -> list[list[str]]:
    """Play ``game`` to its end with uniformly random legal moves drawn from ``seed``; the notable events of
    each round."""
    pick = np.random.default_rng(seed)
    events: list[list[str]] = [[]]
    while not game.is_over:
        seat, rnd = game.current_player, game.round
        acts = game.legal_actions()
        a = acts[int(pick.integers(len(acts)))]
        before = text.melds(game, team_of(seat))
        game.step(a)
        if text.notable(a):
            events[-1].append(f"{seat_name(seat, w)}: {action_name(a)}")
        if game.round == rnd and not game.is_over:
            events[-1] += [w._("{who} completes {meld}").format(who=seat_name(seat, w), meld=m)
                           for m in text.completed(before, game, team_of(seat))]
        if game.round != rnd or game.is_over:
            events.append([])
    return events[:-1]


def _ended(res: dict, w: Words) -> str:
    if res["ended_by"] == "went_out":
        return w._("{who} went out").format(who=seat_name(res["went_out"], w)) if res["went_out"] is not None else ""
    return w._("the stock ran out") if res["ended_by"] == "stock" else w._("a player was left without a legal action")


def describe(game: Any, events: list[list[str]], text: DemoText, console: Console, verbose: bool, w: Words) -> None:
    """Print each round's account and the final result."""
    totals = [0, 0]
    for res, evs in zip(game.round_results, events, strict=False):
        totals = [t + s for t, s in zip(totals, res["scores"], strict=True)]
        console.print()
        console.print(Text(w._("Round {round}").format(round=w.num(res["round"])), style="bold")
                      + Text(f": {_ended(res, w)}."))
        shown = evs if verbose else evs[:SHOWN]
        for e in shown:
            console.print(Text(f"  {e}"))
        if len(evs) > len(shown):
            more = w._("... and {n} more (--verbose lists them all)").format(n=len(evs) - len(shown))
            console.print(Text("  " + more))
        console.print(text.round_table(res, totals, game.rules, w))
    a, b = game.scores
    verdict = w._("a draw") if a == b else w._("{team} win").format(team=team_name(0 if a > b else 1, w))
    console.print()
    console.print(Text(w._("Final scores"), style="bold") + Text(w._(": {team0} {score0}, {team1} {score1}: {verdict} "
                                                                   "({actions} actions).").format(
        team0=team_name(0, w), score0=w.num(a), team1=team_name(1, w), score1=w.num(b), verdict=verdict,
        actions=w.num(game.actions_taken))))
