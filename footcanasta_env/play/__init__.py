"""Play for people in the terminal.

``terminal`` is ``footcanasta play`` (options, bots, resume); ``session`` one game of a person at South
with bots, saved after every move; ``screen`` the compact table, ``events`` what happened told in short
lines, ``texts`` the help and rules texts, ``lineup`` who plays each seat, ``prompt`` line editing;
``commands`` the prompt's parser (``parse_command(text, legal, why)``, told the engine's knowledge rather
than importing it); ``replayer`` is ``footcanasta replay``; ``demo`` is ``footcanasta demo``.
"""

import warnings as _warnings

from ..bots import BOT_STRENGTH, strongest_bot
from .commands import Command, parse_command
from .terminal import HUMAN, Terminal, add_parsers, play_session, run_play, run_replay

__all__ = [
    "BOT_STRENGTH", "HUMAN", "Command", "Terminal", "add_parsers", "parse_command", "play_session", "run_play",
    "run_replay", "strongest_bot",
]


def __getattr__(name: str):
    if name == "play_game":
        _warnings.warn("footcanasta_env.play.play_game is now play_session", DeprecationWarning, stacklevel=2)
        return play_session
    raise AttributeError(f"module 'footcanasta_env.play' has no attribute {name!r}")
