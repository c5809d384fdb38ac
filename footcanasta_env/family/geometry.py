"""A game's table: how many seats, which seats form a side, and what people call them.

Every game answers ``geometry(rules=None)`` with a ``Geometry``; the game-generic layers (the envs' agents
and rewards, the table's partner and opponents, duplicate seatings, leaderboards, the page) read the table
only from it, never from seat arithmetic of their own. Seats are ints ``0 … seats-1`` clockwise; the seat
after ``s`` acts after it. Sides are numbered in the order given, and a game's ``scores`` list one total
per side in that order.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ..messages import N_, Message, MessageError

FOUR_SEAT_NAMES = ("South", "West", "North", "East")
"""Seat names of a four-seat table; the first is the person's seat at a table played by people."""


@dataclass(frozen=True)
class Geometry:
    """The seats of a table, its sides (tuples of seats, one per side) and the names of both."""

    seats: int
    sides: tuple[tuple[int, ...], ...]
    seat_names: tuple[str, ...]
    side_names: tuple[str, ...] = ()
    _side_of: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        sides = tuple(tuple(int(s) for s in side) for side in self.sides)
        object.__setattr__(self, "sides", sides)
        object.__setattr__(self, "seat_names", tuple(self.seat_names))
        if not isinstance(self.seats, int) or self.seats < 1:
            raise ValueError(f"a table has at least one seat, got {self.seats!r}")
        flat = sorted(s for side in sides for s in side)
        if not sides or any(not side for side in sides) or flat != list(range(self.seats)):
            raise MessageError(Message(N_("the sides {sides} do not split seats 0 to {last} into non-empty sides, "
                                          "each seat once"), sides=repr(sides), last=self.seats - 1))
        if len(self.seat_names) != self.seats:
            raise ValueError(f"{self.seats} seats need {self.seats} names, got {len(self.seat_names)}")
        names = tuple(self.side_names) or tuple("/".join(self.seat_names[s] for s in side) for side in sides)
        if len(names) != len(sides):
            raise ValueError(f"{len(sides)} sides need {len(sides)} names, got {len(names)}")
        object.__setattr__(self, "side_names", names)
        side_of = [0] * self.seats
        for i, side in enumerate(sides):
            for s in side:
                side_of[s] = i
        object.__setattr__(self, "_side_of", tuple(side_of))

    @property
    def num_sides(self) -> int:
        """How many sides play against each other."""
        return len(self.sides)

    def side_of(self, seat: int) -> int:
        """The side ``seat`` plays for."""
        return self._side_of[self._check(seat)]

    def partners(self, seat: int) -> tuple[int, ...]:
        """The other seats of ``seat``'s side, clockwise from it (empty when each plays for themselves)."""
        side = self.sides[self.side_of(seat)]
        return tuple(s for s in self.clockwise_from(seat) if s in side and s != seat)

    def opponents(self, seat: int) -> tuple[int, ...]:
        """The seats of every other side, clockwise from ``seat``."""
        side = self.sides[self.side_of(seat)]
        return tuple(s for s in self.clockwise_from(seat) if s not in side)

    def next_seat(self, seat: int) -> int:
        """The seat that acts after ``seat``."""
        return (self._check(seat) + 1) % self.seats

    def clockwise_from(self, seat: int) -> tuple[int, ...]:
        """Every seat in turn order, starting with ``seat``."""
        self._check(seat)
        return tuple((seat + k) % self.seats for k in range(self.seats))

    def zero_sum(self, values: Sequence[float], side: int) -> float:
        """``side``'s share of a zero-sum outcome: its value minus the mean of the other sides' (with two sides,
        the difference). The shares of all sides add up to zero."""
        if len(values) != self.num_sides:
            raise ValueError(f"{self.num_sides} sides need {self.num_sides} values, got {len(values)}")
        others = [float(v) for i, v in enumerate(values) if i != side]
        return float(values[side]) - (sum(others) / len(others) if others else 0.0)

    def winners(self, scores: Sequence[float]) -> tuple[int, ...]:
        """The sides with the highest score (several on a tie)."""
        best = max(scores)
        return tuple(i for i, v in enumerate(scores) if v == best)

    def _check(self, seat: int) -> int:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.seats:
            raise ValueError(f"no seat {seat!r} at a table of {self.seats} (seats 0 to {self.seats - 1})")
        return seat


FOUR_IN_PARTNERSHIPS = Geometry(4, ((0, 2), (1, 3)), FOUR_SEAT_NAMES, ("South/North", "West/East"))
"""Four seats, partners opposite: both games of the house at four players."""
