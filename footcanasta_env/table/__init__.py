"""The table people play at, the same for every game and for the terminal and the browser.

``core`` is ``Table`` (a game, the bots, the log; the person's moves all or none, the bots' steps, hints,
the replay, rebuilding from a deal and a log) and ``Step`` (one action as the person saw it); ``deal``
is ``Deal`` (which game, which seed, daily date or scenario) and ``parse_daily``; ``lineup`` seats the
bots at every seat of the game's geometry but the person's (``HUMAN``, seat 0): ``wanted_bots`` (partners,
opponents, any seat on its own) and ``choose_bots`` (the strongest by default, a fallback said aloud);
``text`` is what a game offers to tell its moves and screens
(``TableText``) and the parsed input line (``Command``). The game comes through ``footcanasta_env.games`` only.
"""

from .core import HUMAN, Step, Table, TableError
from .deal import Deal, parse_daily, today
from .lineup import Lineup, choose_bots, wanted_bots
from .text import Command, TableText, TurnLog

__all__ = ["HUMAN", "Command", "Deal", "Lineup", "Step", "Table", "TableError", "TableText", "TurnLog",
           "choose_bots", "parse_daily", "today", "wanted_bots"]
