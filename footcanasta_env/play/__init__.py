"""Play for people in the terminal.

``terminal`` is ``footcanasta play`` (options, bots, resume); ``session`` one game of a person at South
with bots, saved after every move; ``screen`` the compact table, ``events`` what happened told in short
lines, ``texts`` the help and rules texts, ``lineup`` who plays each seat, ``prompt`` line editing;
``commands`` the prompt's parser (``parse_command(text, legal, why)``, told the engine's knowledge rather
than importing it); ``replayer`` is ``footcanasta replay``; ``demo`` is ``footcanasta demo``.
"""

from ..bots import BOT_STRENGTH, strongest_bot
from .commands import Command, parse_command
from .terminal import HUMAN, Terminal, add_parsers, play_session, run_play, run_replay

__all__ = [
    "BOT_STRENGTH", "HUMAN", "Command", "Terminal", "add_parsers", "parse_command", "play_session", "run_play",
    "run_replay", "strongest_bot",
]

