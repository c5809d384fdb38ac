"""The ``footcanasta`` command; each subcommand is added by the module that runs it.

``demo`` (``play/demo.py``, any game with a ``DEMO``); ``play`` and ``replay`` (``play/terminal.py``); ``serve``
(``web/server.py``); ``evaluate`` and ``league`` (``evaluation/cli.py``); ``review`` (``evaluation/review.py``);
``rules`` (here).
"""

from __future__ import annotations

import argparse
import inspect
import io
import os
import shutil
import sys

from . import __version__
from .evaluation import cli as evaluation_cli
from .evaluation import review
from .games import game_names, get_game
from .i18n import DEFAULT_LANG, add_lang_argument, chosen, from_environment, said, words
from .play import demo, terminal
from .web import server as web_server


def render_markdown(text: str, width: int | None = None, color: bool = True) -> str:
    """Markdown as a terminal shows it (rich's ``Markdown``: bold as bold, tables drawn as tables, no ``**``
    and no ``|``), ``width`` columns wide (the terminal's when None); ``color=False`` for plain text."""
    from rich.console import Console
    from rich.markdown import Markdown

    out = io.StringIO()
    console = Console(file=out, width=width, highlight=False, force_terminal=color, no_color=not color,
                      color_system="auto" if color else None, emoji=False)
    if width is None:
        console.width = shutil.get_terminal_size((100, 24)).columns
    console.print(Markdown(text, hyperlinks=False))
    return out.getvalue()


def run_rules(args: argparse.Namespace) -> int:
    """Run ``footcanasta rules``: the chosen game's rules, or one section of them, in the chosen language;
    rendered at a terminal (or with ``--rendered``), the Markdown itself through a pipe or with ``--markdown``."""
    lang = chosen(args.lang)
    game = get_game(args.game)
    if lang == DEFAULT_LANG:
        text = game.rules_text(args.section)
    elif "lang" in inspect.signature(game.rules_text).parameters:
        text = game.rules_text(args.section, lang=lang)
    else:
        raise ValueError(f"the rules of {game.TITLE} are in English only here (--lang en)")
    form = args.form or ("rendered" if sys.stdout.isatty() else "markdown")
    sys.stdout.write(render_markdown(text, color=sys.stdout.isatty()) if form == "rendered" else text)
    return 0


def _add_rules_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("rules", help="print the rules (the RULES.md that game messages cite)",
                       description="Print the rules as footcanasta implements them, with every ruling "
                                   "(docs/RULES.md). Game messages cite its section numbers. At a terminal they "
                                   "are drawn (bold text, tables as tables); into a pipe or a file, or with "
                                   "--markdown, the Markdown itself is printed.")
    p.add_argument("section", nargs="?", type=int, default=None, help="print only this section (e.g. 4)")
    p.add_argument("--game", default=None, metavar="NAME",
                   help=f"whose rules: {', '.join(game_names())} (default footcanasta)")
    form = p.add_mutually_exclusive_group()
    form.add_argument("--markdown", "--raw", dest="form", action="store_const", const="markdown",
                      help="print the Markdown source itself (the default when the output is not a terminal)")
    form.add_argument("--rendered", dest="form", action="store_const", const="rendered",
                      help="draw the rules as at a terminal (bold, tables as tables; the default at a terminal), "
                           "also into a pipe or a file")
    add_lang_argument(p)
    p.set_defaults(func=run_rules, form=None)


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
