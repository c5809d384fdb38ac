"""``footcanasta demo``: a whole game between random players, told round by round (``--game`` picks the game:
each game's ``text/demo.py`` gives its ``DEMO``, ``family/demo.py`` plays and tells)."""

from __future__ import annotations

import argparse
import importlib
from collections.abc import Sequence
from typing import Any

from rich.console import Console, RenderableType
from rich.text import Text

from ...family.demo import DemoText, describe, play_random_game
from ...games import DEFAULT_GAME, get_game
from ...i18n import DEFAULT_LANG, Words, add_lang_argument, chosen, words
from ...messages import N_
from ..actions import ACTION_TYPE, LAYDOWN, PICKUP
from ..melds import meld_string
from .screen import round_table

DEMO_GAMES = ("footcanasta", "canasta")
"""The games with a demo (each one's ``text/demo.py`` has its ``DEMO``)."""


def _melds(game: Any, team: int) -> list:
    return game.canastas[team][:] if game.down[team] else []


def _completed(before: list, game: Any, team: int) -> list[str]:
    done = game.canastas[team]
    return [meld_string(*done[-1])] if game.down[team] and len(done) > len(before) else []


def _round_table(result: dict, totals: Sequence[int], rules: Any, w: Words) -> RenderableType:
    return round_table(result, totals, viewer_team=None, red_three_value=rules.red_three_bonus, w=w)


DEMO = DemoText(title=N_("Foot Canasta demo: four random players, seed {seed}."),
                notable=lambda a: ACTION_TYPE[a] in (PICKUP, LAYDOWN), melds=_melds, completed=_completed,
                round_table=_round_table)
"""Foot Canasta's part of the demo."""


def run(args: argparse.Namespace) -> int:
    """Run the demo command."""
    if args.seed < 0:
        raise ValueError(f"--seed must be non-negative, got {args.seed}")
    w = words(chosen(args.lang) if hasattr(args, "lang") else DEFAULT_LANG)
    module = get_game(args.game)
    text: DemoText = importlib.import_module(f"footcanasta_env.{module.NAME}.text.demo").DEMO
    game = module.new_game(args.seed)
    events = play_random_game(game, args.seed, text, module.action_name, w)
    console = Console(highlight=False)  # the terminal's own width: everything here fits 80 columns
    console.print(Text(w._(text.title).format(seed=args.seed)))
    describe(game, events, text, console, args.verbose, w)
    return 0


def add_parsers(sub: argparse._SubParsersAction) -> None:
    """Register ``demo``."""
    p = sub.add_parser("demo", help="watch four random players play a whole game")
    p.add_argument("--game", default=DEFAULT_GAME, choices=DEMO_GAMES,
                   help=f"which game: {' or '.join(DEMO_GAMES)} (default {DEFAULT_GAME})")
    p.add_argument("--seed", type=int, default=0, help="deal seed (default 0)")
    p.add_argument("--verbose", "-v", action="store_true", help="list every pickup, lay-down and canasta")
    add_lang_argument(p)
    p.set_defaults(func=run)
