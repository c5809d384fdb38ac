"""The documentation's code, for the tests that keep it true: runnable Python blocks and the commands shown.

A ```` ```python ```` block on the line after ``<!-- run -->`` is runnable (the marker is an HTML comment:
Markdown, MkDocs and Git hosts show nothing of it); the other blocks are fragments, slow runs or need a
server. ``footcanasta`` commands are taken from ``bash`` blocks and from inline code.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

from footcanasta_env.cli import build_parser

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
RUN = re.compile(r"^<!-- run -->\n```python\n(.*?)^```", re.M | re.S)
BASH = re.compile(r"^```bash\n(.*?)^```", re.M | re.S)
SUBCOMMANDS = next(a.choices for a in build_parser()._actions if a.dest == "command")  # play, serve, ...
INLINE = re.compile(r"`((?:\.venv/bin/)?footcanasta [^`]+)`")


def runnable_blocks(path: Path) -> list[str]:
    """The runnable Python blocks of a Markdown file, in order."""
    return RUN.findall(path.read_text(encoding="utf-8"))


def pages_with_examples() -> list[Path]:
    return sorted(p for p in DOCS.rglob("*.md") if runnable_blocks(p))


def run_blocks(path: Path) -> dict:
    """Run a page's blocks in order in one namespace, as a reader pasting them one after the other would."""
    namespace: dict = {"__name__": "__doc_example__"}
    for i, block in enumerate(runnable_blocks(path)):
        exec(compile(block, f"{path.relative_to(ROOT)} block {i + 1}", "exec"), namespace)  # noqa: S102
    return namespace


def footcanasta_commands(path: Path) -> list[list[str]]:
    """Every ``footcanasta ...`` command the file shows, as argv after the program's name: the lines of its
    bash blocks (comments, continuation lines and ``&&`` chains understood) and its inline code."""
    text = path.read_text(encoding="utf-8")
    found: list[list[str]] = []
    for block in BASH.findall(text):
        for line in block.replace("\\\n", " ").splitlines():
            command: list[str] = []
            for word in shlex.split(line, comments=True) + ["&&"]:
                if word not in ("&&", ";", "||"):
                    if command or not re.match(r"^[A-Z_]+=", word):  # VAR=value before a command: its environment
                        command.append(word)
                    continue
                if command and command[0].rsplit("/", 1)[-1] == "footcanasta":
                    found.append(command[1:])
                command = []
    for code in INLINE.findall(text):
        argv = shlex.split(code)[1:]
        if len(argv) > 1 or argv[0] not in SUBCOMMANDS:  # `footcanasta evaluate` alone names it; it runs nothing
            found.append(argv)
    return found


def cli_refusal(argv: list[str]) -> str:
    """Why the CLI refuses ``footcanasta ARGV`` (its error text), or '' when it accepts it ('--help' included)."""
    from contextlib import redirect_stderr, redirect_stdout
    from io import StringIO

    err = StringIO()
    try:
        with redirect_stdout(StringIO()), redirect_stderr(err):
            args = build_parser().parse_args(argv)
    except SystemExit as stop:  # argparse exits 2 on a command it refuses, 0 after --help
        return "" if stop.code == 0 else err.getvalue() or f"exit {stop.code}"
    return "" if args.command == argv[0] else f"parsed as {args.command!r}"
