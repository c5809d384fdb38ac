"""The ``footcanasta`` command: demo, play, replay, evaluate, league."""

from __future__ import annotations

import argparse
import importlib
import sys

# Each module registers its own subcommands with ``add_parsers(subparsers)``.
_COMMAND_MODULES = ("footcanasta_env.demo",)
_OPTIONAL_MODULES = ("footcanasta_env.evaluation_cli", "footcanasta_env.play")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every available subcommand."""
    parser = argparse.ArgumentParser(prog="footcanasta",
                                     description="Foot Canasta (Hand and Foot) for people and bots.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in _COMMAND_MODULES + _OPTIONAL_MODULES:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as e:
            if e.name == name:
                continue
            raise
        module.add_parsers(sub)
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
