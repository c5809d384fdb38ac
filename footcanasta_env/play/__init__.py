"""Play for people in the terminal: the terminal's adapter over the table (``footcanasta_env.table``).

``terminal`` is ``footcanasta play`` (options, the deal, resume); ``session`` the loop of one game at a
``Table``, saved after every move; ``prompt`` the person's end (a rich console, line editing, scripted
input); ``replayer`` is ``footcanasta replay``; ``sides`` names the table's seats and sides and tells their
scores as the game's geometry says; ``demo`` is ``footcanasta demo`` (four random players, a game's ``DEMO``
told). What a game shows and understands at the prompt (screen,
moves in words, short forms, help) is its ``TableText``, reached through ``footcanasta_env.games``.
"""

from .prompt import Terminal
from .session import Session, play_session
from .terminal import HUMAN, add_parsers, run_play, run_replay

__all__ = ["HUMAN", "Session", "Terminal", "add_parsers", "play_session", "run_play", "run_replay"]
