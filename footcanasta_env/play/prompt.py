"""The person's end of the terminal: a rich console to print to, and lines read from a tty or a script.

At a terminal, ``input()`` reads the line, with ``readline`` imported so that the arrow keys edit the line
and recall earlier ones instead of echoing escape codes. Any other stream (a pipe, a test's script) is
read line by line and each line is echoed, so that a transcript reads like a session.
"""

from __future__ import annotations

import sys
from typing import TextIO

from rich.console import Console, RenderableType
from rich.text import Text


class Terminal:
    """The person's side: prints to a rich console and reads lines from a stream (a tty or a script)."""

    def __init__(self, console: Console, stdin: TextIO) -> None:
        self.console = console
        self.stdin = stdin
        self.interactive = bool(getattr(stdin, "isatty", lambda: False)()) and stdin is sys.stdin
        if self.interactive:
            try:
                import readline  # noqa: F401, PLC0415 - importing it gives input() line editing and history
            except ImportError:  # not on every platform (Windows); plain input() still works
                pass

    def show(self, thing: RenderableType | str, soft_wrap: bool = False) -> None:
        """Print a renderable, or a plain string taken literally (never as rich markup).

        ``soft_wrap`` leaves wrapping to the terminal, for lines that hold a file path or a command: a
        path broken by a newline could not be copied.
        """
        self.console.print(Text(thing) if isinstance(thing, str) else thing, soft_wrap=soft_wrap)

    def read(self, prompt: str) -> str | None:
        """One line of input, or None at end of input."""
        if self.interactive:
            try:
                # input() itself prints the prompt, so that readline knows where the line starts.
                return input(prompt)
            except EOFError:
                self.console.print()  # end the prompt's line
                return None
        self.console.print(Text(prompt), end="")
        line = self.stdin.readline()
        if not line:
            self.console.print()
            return None
        # Echo the command so that a transcript of a scripted game reads like a session.
        self.console.print(Text(line.rstrip("\n")))
        return line
