"""``footcanasta demo`` for any game of the family: players of uniformly random legal moves (four, or as many as
the table's geometry seats), a whole game told round by round (the notable moves, how each round ended, its
score table) and the final result, every seat and side named as the geometry names them.

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
from ..messages import N_
from .geometry import Geometry

SHOWN = 6  # notable events per round without --verbose
FINAL_SIDES = N_(": {scores}: {verdict} ({actions} actions).")
"""The final line's scores at a table other than two partnerships (each side's name and score)."""


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


def _seat(geo: Geometry, seat: int, w: Words) -> str:
    return w._(geo.seat_names[seat])


def _side(geo: Geometry, side: int, w: Words) -> str:
    """A side's name: as the catalog knows it whole (South/North), else its seats' names joined by "/"."""
    name = geo.side_names[side]
    whole = w._(name)
    return whole if whole != name or w.lang == "en" else "/".join(_seat(geo, s, w) for s in geo.sides[side])


def play_random_game(game: Any, seed: int, text: DemoText, action_name: Callable[[int], str],
                     w: Words, geo: Geometry) -> list[list[str]]:
    """Play ``game`` (at the table of ``geo``) to its end with uniformly random legal moves drawn from ``seed``;
    the notable events of each round."""
    pick = np.random.default_rng(seed)
    events: list[list[str]] = [[]]
    while not game.is_over:
        seat, rnd = game.current_player, game.round
        acts = game.legal_actions()
        a = acts[int(pick.integers(len(acts)))]
        before = text.melds(game, geo.side_of(seat))
        game.step(a)
        if text.notable(a):
            events[-1].append(f"{_seat(geo, seat, w)}: {action_name(a)}")
        if game.round == rnd and not game.is_over:
            events[-1] += [w._("{who} completes {meld}").format(who=_seat(geo, seat, w), meld=m)
                           for m in text.completed(before, game, geo.side_of(seat))]
        if game.round != rnd or game.is_over:
            events.append([])
    return events[:-1]


def _ended(res: dict, w: Words, geo: Geometry) -> str:
    if res["ended_by"] == "went_out":
        went = res["went_out"]
        return w._("{who} went out").format(who=_seat(geo, went, w)) if went is not None else ""
    return w._("the stock ran out") if res["ended_by"] == "stock" else w._("a player was left without a legal action")


def describe(game: Any, events: list[list[str]], text: DemoText, console: Console, verbose: bool, w: Words,
             geo: Geometry) -> None:
    """Print each round's account and the final result (at the table of ``geo``)."""
    totals = [0] * len(geo.sides)
    for res, evs in zip(game.round_results, events, strict=False):
        totals = [t + s for t, s in zip(totals, res["scores"], strict=True)]
        console.print()
        console.print(Text(w._("Round {round}").format(round=w.num(res["round"])), style="bold")
                      + Text(f": {_ended(res, w, geo)}."))
        shown = evs if verbose else evs[:SHOWN]
        for e in shown:
            console.print(Text(f"  {e}"))
        if len(evs) > len(shown):
            more = w._("... and {n} more (--verbose lists them all)").format(n=len(evs) - len(shown))
            console.print(Text("  " + more))
        console.print(text.round_table(res, totals, game.rules, w))
    console.print()
    console.print(Text(w._("Final scores"), style="bold") + Text(_final(game, geo, w)))


def _final(game: Any, geo: Geometry, w: Words) -> str:
    """The final line after "Final scores": each side's score and who won."""
    scores, actions = list(game.scores), w.num(game.actions_taken)
    top = [t for t, v in enumerate(scores) if v == max(scores)]
    if len(top) > 1:
        verdict = w._("a draw")
    elif len(geo.sides[top[0]]) == 1:
        verdict = w._("{seat} wins").format(seat=_side(geo, top[0], w))
    else:
        verdict = w._("{team} win").format(team=_side(geo, top[0], w))
    if len(scores) == 2 and all(len(side) > 1 for side in geo.sides):  # two partnerships: the words as ever
        return w._(": {team0} {score0}, {team1} {score1}: {verdict} ({actions} actions).").format(
            team0=_side(geo, 0, w), score0=w.num(scores[0]), team1=_side(geo, 1, w), score1=w.num(scores[1]),
            verdict=verdict, actions=actions)
    listed = ", ".join(f"{_side(geo, t, w)} {w.num(v)}" for t, v in enumerate(scores))
    return w._(FINAL_SIDES).format(scores=listed, verdict=verdict, actions=actions)
