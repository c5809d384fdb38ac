"""The ``footcanasta`` command; each subcommand is added by the module that runs it.

``demo`` (``footcanasta/demo.py``, Foot Canasta's); ``play`` and ``replay`` (``play/terminal.py``); ``serve``
(``web/server.py``); ``evaluate`` and ``league`` (``evaluation/cli.py``); ``review`` (``evaluation/review.py``);
``rules`` (here).
"""

from __future__ import annotations

import argparse
import inspect
import os
import sys

from . import __version__
from .evaluation import cli as evaluation_cli
from .evaluation import review
from .footcanasta.text import demo
from .games import game_names, get_game
from .i18n import DEFAULT_LANG, add_lang_argument, chosen, from_environment, said, words
from .play import terminal
from .web import server as web_server


def run_rules(args: argparse.Namespace) -> int:
    """Run ``footcanasta rules``: the chosen game's rules, or one section of them, in the chosen language."""
    lang = chosen(args.lang)
    game = get_game(args.game)
    if lang == DEFAULT_LANG:
        text = game.rules_text(args.section)
    elif "lang" in inspect.signature(game.rules_text).parameters:
        text = game.rules_text(args.section, lang=lang)
    else:
        raise ValueError(f"the rules of {game.TITLE} are in English only here (--lang en)")
    sys.stdout.write(text)
    return 0


def _add_rules_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("rules", help="print the rules (the RULES.md that game messages cite)",
                       description="Print the rules as footcanasta implements them, with every ruling "
                                   "(docs/RULES.md). Game messages cite its section numbers.")
    p.add_argument("section", nargs="?", type=int, default=None, help="print only this section (e.g. 4)")
    p.add_argument("--game", default=None, metavar="NAME",
                   help=f"whose rules: {', '.join(game_names())} (default footcanasta)")
    add_lang_argument(p)
    p.set_defaults(func=run_rules)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every subcommand."""
    parser = argparse.ArgumentParser(prog="footcanasta",
                                     description="Foot Canasta (Hand and Foot) and Canasta for people and bots.")
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for module in (demo, terminal, web_server, evaluation_cli, review):  # each adds its own subcommands
        module.add_parsers(sub)
    _add_rules_parser(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Entry point of the console script."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    try:
        return int(args.func(args) or 0)
    except KeyboardInterrupt:
        print("\n" + words(_lang(args))._("interrupted"), file=sys.stderr)
        return 130
    except BrokenPipeError:  # the reader left early (`footcanasta rules | head`): not an error
        devnull = os.open(os.devnull, os.O_WRONLY)  # Python's recipe: no second error when stdout is flushed
        os.dup2(devnull, sys.stdout.fileno())
        return 0
    except (ValueError, OSError) as e:
        print(f"footcanasta {args.command}: error: {said(e, _lang(args))}", file=sys.stderr)
        return 2


def _lang(args: argparse.Namespace) -> str:
    """The language of a command's own messages: ``--lang``, else the locale's (English if it names none)."""
    return getattr(args, "lang", None) or from_environment()


if __name__ == "__main__":
    sys.exit(main())
