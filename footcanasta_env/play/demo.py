"""``footcanasta demo``: a whole game between four random players, told round by round, of any game that
offers a demo (its ``DEMO``, a ``family.demo.DemoText``: ``--game`` picks it; ``family.demo`` plays and tells).
"""

from __future__ import annotations

import argparse

from rich.console import Console
from rich.text import Text

from ..family.demo import DemoText, describe, play_random_game
from ..games import DEFAULT_GAME, game_names, get_game
from ..i18n import DEFAULT_LANG, add_lang_argument, chosen, words


def run(args: argparse.Namespace) -> int:
    """Run the demo command."""
    if args.seed < 0:
        raise ValueError(f"--seed must be non-negative, got {args.seed}")
    w = words(chosen(args.lang) if hasattr(args, "lang") else DEFAULT_LANG)
    module = get_game(args.game)
    text: DemoText | None = getattr(module, "DEMO", None)
    if text is None:
        raise ValueError(f"{module.TITLE} has no demo (games with one: {', '.join(demo_games())})")
    game = module.new_game(args.seed)
    events = play_random_game(game, args.seed, text, module.action_name, w)
    console = Console(highlight=False)  # the terminal's own width: everything here fits 80 columns
    console.print(Text(w._(text.title).format(seed=args.seed)))
    describe(game, events, text, console, args.verbose, w)
    return 0


def demo_games() -> list[str]:
    """The games that offer a demo."""
    return [n for n in game_names() if getattr(get_game(n), "DEMO", None) is not None]


def add_parsers(sub: argparse._SubParsersAction) -> None:
    """Register ``demo``."""
    p = sub.add_parser("demo", help="watch four random players play a whole game")
    p.add_argument("--game", default=DEFAULT_GAME, metavar="NAME",
                   help=f"which game: {', '.join(game_names())} (default {DEFAULT_GAME})")
    p.add_argument("--seed", type=int, default=0, help="deal seed (default 0)")
    p.add_argument("--verbose", "-v", action="store_true", help="list every pickup, lay-down and canasta")
    add_lang_argument(p)
    p.set_defaults(func=run)
