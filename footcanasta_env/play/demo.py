"""``footcanasta demo``: a whole game between random players, told round by round, of any game that offers a
demo (its ``DEMO``, a ``family.demo.DemoText``: ``--game`` picks it; ``family.demo`` plays and tells), at the
game's default table or, with ``--players``/``--sides`` as ``play`` takes them, at another of its tables.
"""

from __future__ import annotations

import argparse

from rich.console import Console
from rich.text import Text

from ..family.demo import DemoText, describe, play_random_game
from ..games import DEFAULT_GAME, game_names, get_game
from ..i18n import DEFAULT_LANG, add_lang_argument, chosen, words
from ..messages import N_
from ..table.deal import sized, table_rules
from .terminal import add_size_arguments

SIZED_TITLE = N_("{game} demo: random players, {players} at the table in {sides} sides, seed {seed}.")
"""The first line at a table other than the game's default (its ``DEMO.title`` names the default's)."""


def run(args: argparse.Namespace) -> int:
    """Run the demo command."""
    if args.seed < 0:
        raise ValueError(f"--seed must be non-negative, got {args.seed}")
    w = words(chosen(args.lang) if hasattr(args, "lang") else DEFAULT_LANG)
    module = get_game(args.game)
    text: DemoText | None = getattr(module, "DEMO", None)
    if text is None:
        raise ValueError(f"{module.TITLE} has no demo (games with one: {', '.join(demo_games())})")
    # the size as play reads it: the rules refuse a table they do not know, a game of one size any --players
    rules = table_rules(module.NAME, getattr(args, "players", None), getattr(args, "sides", None))
    rules = rules if rules is not None and sized(module.NAME, rules) else None  # --players 4: the default table
    game = module.new_game(args.seed) if rules is None else module.new_game(args.seed, rules=rules)
    geometry = module.geometry(rules)
    events = play_random_game(game, args.seed, text, module.action_name, w, geometry)
    console = Console(highlight=False)  # the terminal's own width: everything here fits 80 columns
    title = (w._(text.title).format(seed=args.seed) if rules is None else
             w._(SIZED_TITLE).format(game=module.TITLE, players=w.num(geometry.seats), sides=w.num(len(geometry.sides)),
                                     seed=args.seed))
    console.print(Text(title))
    describe(game, events, text, console, args.verbose, w, geometry)
    return 0


def demo_games() -> list[str]:
    """The games that offer a demo."""
    return [n for n in game_names() if getattr(get_game(n), "DEMO", None) is not None]


def add_parsers(sub: argparse._SubParsersAction) -> None:
    """Register ``demo``."""
    p = sub.add_parser("demo", help="watch random players play a whole game (four by default)")
    p.add_argument("--game", default=DEFAULT_GAME, metavar="NAME",
                   help=f"which game: {', '.join(game_names())} (default {DEFAULT_GAME})")
    p.add_argument("--seed", type=int, default=0, help="deal seed (default 0)")
    add_size_arguments(p)
    p.add_argument("--verbose", "-v", action="store_true", help="list every pickup, lay-down and canasta")
    add_lang_argument(p)
    p.set_defaults(func=run)
