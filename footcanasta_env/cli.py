"""The ``footcanasta`` command: demo, play, replay, evaluate, league."""

from __future__ import annotations

import argparse
import sys

from .evaluation import cli as evaluation_cli
from .play import demo, terminal


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every subcommand."""
    parser = argparse.ArgumentParser(prog="footcanasta",
                                     description="Foot Canasta (Hand and Foot) for people and bots.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for module in (demo, terminal, evaluation_cli):  # each adds its own subcommands
        module.add_parsers(sub)
    __import__("footcanasta_env.web.server", fromlist=["add_parsers"]).add_parsers(sub)  # serve: play in the browser
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
        print("\ninterrupted", file=sys.stderr)
        return 130
    except (ValueError, OSError) as e:
        print(f"footcanasta {args.command}: error: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
