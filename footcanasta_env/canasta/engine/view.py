"""What one seat may see (CANASTA_RULES.md section 12), as a read-only structured object.

Seats and sides are absolute (four players: 0 South .. 3 East, side 0 = South/North; other sizes as
``Rules.side_seats`` says, section 14). Per-seat tuples have one entry a seat, per-team tuples one a side.
Count arrays are read-only numpy int arrays indexed by card kind (see ``footcanasta_env.family.cards``). A meld is
``(rank, naturals, twos, jokers)`` with rank 0-10 (4 .. A); black threes melded on the way out are
``black_threes``.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np

from ...family.cards import NUM_NATURAL
from ...family.game import check_seat, view_my_turn, view_pile_top
from ..rules import CANASTA_SIZE, Rules
from .legality import held, minimum

Meld = tuple[int, int, int, int]


def _ro(a: Any) -> np.ndarray:
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
    hand: np.ndarray                      # (15,) own held cards, set-aside cards excluded
    set_aside: tuple[Meld, ...]           # own set-aside melds (while this seat is to act before the initial meld)
    held: tuple[int, ...]                 # per seat: cards held, set-aside included
    melds: tuple[tuple[Meld, ...], ...]   # per team: table melds by rank
    black_threes: tuple[int, ...]         # per team: black threes melded (on the way out)
    red_threes: tuple[int, ...]           # per team
    down: tuple[bool, ...]                # per team: initial meld made this round
    has_melded: tuple[bool, ...]          # per seat: melded a card this round (rule 8.4)
    pile: tuple[int, ...]                 # bottom to top
    frozen: tuple[bool, ...]              # per team: the pile is frozen for it (rule 4.2)
    stock_size: int
    minimums: tuple[int, ...]             # per team: initial-meld minimum this round (rule 7.1)
    scores: tuple[int, ...]               # per team, finished rounds
    target: int
    memory: np.ndarray                    # (N, 15) public memory of pickups per seat
    legal_actions: tuple[int, ...]

    my_turn, pile_top = view_my_turn, view_pile_top  # the family's, one meaning

    @property
    def team(self) -> int:
        """This seat's side (its partnership at four players)."""
        return self.rules.seat_side[self.seat]

    def canastas(self, team: int) -> tuple[int, int]:
        """The team's canastas on the table: (natural, mixed)."""
        big = [m for m in self.melds[team] if m[1] + m[2] + m[3] >= CANASTA_SIZE]
        return sum(1 for m in big if not m[2] + m[3]), sum(1 for m in big if m[2] + m[3])


def team_melds(game: Any, t: int) -> tuple[Meld, ...]:
    """Side t's melds (table, or set-aside before the initial meld), by rank."""
    return tuple((r, game.mnat[t][r], game.mtwo[t][r], game.mjk[t][r])
                 for r in range(NUM_NATURAL) if game.msize[t][r])


def make_view(game: Any, seat: int) -> View:
    """Build ``seat``'s view of ``game``."""
    seats = game.nseats
    if seat.__class__ is not int or not 0 <= seat < seats:
        seat = check_seat(seat, seats)
    t = game.side_of[seat]
    cur = game.current_player
    down = game.down
    sides = range(len(down))
    own_aside = team_melds(game, t) if cur == seat and not down[t] else ()
    melds = tuple(team_melds(game, u) if down[u] else () for u in sides)
    legal = tuple(game.legal_actions()) if cur == seat and not game.is_over else ()
    return View(
        seat=seat, rules=game.rules, round=game.round, dealer=game.dealer, current_player=cur,
        phase=game.phase, is_over=game.is_over, hand=_ro(game.hand[seat]), set_aside=own_aside,
        held=tuple(held(game, p) for p in range(seats)), melds=melds, black_threes=tuple(game.b3),
        red_threes=tuple(game.red_threes), down=tuple(down), has_melded=tuple(game.has_melded),
        pile=tuple(game.pile), frozen=tuple(bool(game.pile_wilds) or not down[u] for u in sides),
        stock_size=len(game.stock), minimums=tuple(minimum(game, u) for u in sides),
        scores=tuple(game.scores), target=game.rules.target, memory=_ro(game.memory), legal_actions=legal,
    )
