"""What one seat may see (RULES.md section 12), as a read-only structured object.

Seats in a ``View`` are absolute (0 South .. 3 East) and partnerships are absolute (0 = South/North);
the observation encoder turns them relative to the observer. Count arrays are numpy int arrays indexed
by card kind (see ``cards.py``) and are read-only.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from ...family.game import check_seat, view_my_turn, view_pile_top, view_team
from ..melds import Meld, count_canastas, is_canasta
from ..rules import Rules
from .state import team_melds


def _ro(a: list | np.ndarray) -> np.ndarray:
    arr = np.array(a, dtype=np.int16)
    arr.setflags(write=False)
    return arr


class View(NamedTuple):
    """One seat's information set (immutable). ``legal_actions`` is non-empty only when the seat is to act."""

    seat: int
    rules: Rules
    round: int
    dealer: int
    current_player: int
    phase: str
    is_over: bool
    hand: np.ndarray            # (15,) own held cards, set-aside cards excluded
    set_aside: tuple[Meld, ...]  # own set-aside melds (only while this seat is to act before the initial meld)
    in_foot: tuple[bool, ...]   # per seat: foot picked up
    held: tuple[int, ...]       # per seat: cards held, set-aside included
    melds: tuple[tuple[Meld, ...], ...]      # per team: table melds, complete and incomplete
    red_threes: tuple[int, ...]  # per team
    down: tuple[bool, ...]      # per team: initial meld made
    pile: tuple[int, ...]       # bottom to top
    stock_size: int
    minimum: int
    scores: tuple[int, ...]     # per team, finished rounds
    memory: np.ndarray          # (4, 15) public memory of pickups per seat
    legal_actions: tuple[int, ...]

    team, my_turn, pile_top = view_team, view_my_turn, view_pile_top  # the family's, one meaning

    def incomplete(self, team: int) -> dict[int, Meld]:
        """The team's incomplete melds by rank."""
        return {m[0]: m for m in self.melds[team] if not is_canasta(m)}

    def canastas(self, team: int) -> tuple[int, int, int]:
        """The team's complete canastas: (clean, dirty, wild)."""
        return count_canastas(self.melds[team])


def make_view(game, seat: int) -> View:
    """Build ``seat``'s view of ``game``."""
    if seat.__class__ is not int or not 0 <= seat < 4:
        seat = check_seat(seat)
    t = seat & 1
    cur = game.current_player
    down = game.down
    own_aside: tuple[Meld, ...] = ()
    held = list(game.htot)
    if not down[cur & 1] and game.mcards[cur & 1]:
        held[cur] += game.mcards[cur & 1]
        if cur == seat:
            own_aside = team_melds(game, t)
    melds = (team_melds(game, 0) if down[0] else (), team_melds(game, 1) if down[1] else ())
    legal = tuple(game.legal_actions()) if (cur == seat and not game.is_over) else ()
    return View(
        seat=seat, rules=game.rules, round=game.round, dealer=game.dealer, current_player=cur,
        phase=game.phase, is_over=game.is_over, hand=_ro(game.hand[seat]), set_aside=own_aside,
        in_foot=tuple(game.in_foot), held=tuple(held), melds=melds, red_threes=tuple(game.red_threes),
        down=tuple(down), pile=tuple(game.pile), stock_size=len(game.stock), minimum=game.minimum,
        scores=game.scores, memory=_ro(game.memory), legal_actions=legal,
    )
