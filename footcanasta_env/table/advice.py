"""The hint: the move the game's hint bot recommends to the person in a position, the one definition that the
table's ``hint`` (terminal and browser) and the move review (``evaluation.review``) both use, so that the
review never calls a move the hint recommended in the same position a mistake.

The hint bot is ``hint_bot_name()`` at its default settings; it is made anew for each position, seeded by
the deal's seed and the number of actions played before the decision (``hint_seed``), so the same position
of the same deal gets the same hint in the terminal, the browser and the review (a search bot's time budget
aside: a search the clock stops with fewer worlds may choose otherwise).
"""

from __future__ import annotations

from typing import Any

from ..seeds import seat_bot_seed


def hint_seed(game_seed: int, seats: int, version: int) -> int:
    """The hint bot's seed after ``version`` actions of the game dealt from ``game_seed``: derived from the deal
    as a seat's after the last one (a fifth at four seats), plus the actions played."""
    return seat_bot_seed(game_seed, seats) + version


def hint_move(module: Any, view: Any, game_seed: int, seats: int, version: int) -> tuple[int, str]:
    """The hint bot's move for ``view`` (a seat's view after ``version`` actions of the game dealt from
    ``game_seed`` at a table of ``seats``) and the bot's name. The move is not checked against the view's
    legal actions: the caller says what a bad one means to it."""
    name = module.hint_bot_name()
    bot = module.make_bot(name, hint_seed(game_seed, seats, version))
    return int(bot.act(view)), name
