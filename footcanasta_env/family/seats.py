"""The four-seat table's fast helpers (partners opposite, sides by parity) for the engines of the four-player
games and the family code only those engines use (``game``, ``worlds``); every layer above the
engines reads a table from its game's ``geometry(rules)`` instead (``family.geometry``)."""

from __future__ import annotations

SEAT_NAMES: tuple[str, ...] = ("South", "West", "North", "East")
NUM_SEATS = 4
TEAM_NAMES: tuple[str, ...] = ("South/North", "West/East")


def team_of(seat: int) -> int:
    """Partnership of a seat: 0 for South/North, 1 for West/East."""
    return seat & 1


def partner_of(seat: int) -> int:
    """The seat opposite."""
    return (seat + 2) & 3


def left_of(seat: int) -> int:
    """The next seat clockwise (the player who acts after ``seat``)."""
    return (seat + 1) & 3
