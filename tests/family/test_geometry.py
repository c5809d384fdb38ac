"""A table's geometry: seats, sides and names checked, partners and opponents, zero-sum shares."""

from __future__ import annotations

import pytest

from footcanasta_env.family.geometry import FOUR_IN_PARTNERSHIPS, Geometry
from footcanasta_env.games import get_game
from footcanasta_env.messages import MessageError


def test_four_in_partnerships():
    g = FOUR_IN_PARTNERSHIPS
    assert g.seats == 4 and g.num_sides == 2 and g.side_names == ("South/North", "West/East")
    assert [g.side_of(s) for s in range(4)] == [0, 1, 0, 1]
    assert g.partners(1) == (3,) and g.opponents(0) == (1, 3) and g.opponents(3) == (0, 2)
    assert [g.next_seat(s) for s in range(4)] == [1, 2, 3, 0]


@pytest.mark.parametrize("name", ["footcanasta", "canasta"])
def test_both_games_declare_four_seats_in_two_partnerships(name):
    assert get_game(name).geometry() == FOUR_IN_PARTNERSHIPS
    assert get_game(name).geometry(get_game(name).Rules()) == FOUR_IN_PARTNERSHIPS


def test_each_for_themselves():
    g = Geometry(3, ((0,), (1,), (2,)), ("South", "West", "East"))
    assert g.partners(0) == () and g.opponents(1) == (2, 0) and g.side_names == ("South", "West", "East")
    shares = [g.zero_sum([300, 0, 600], side) for side in range(3)]
    assert shares == [0.0, -450.0, 450.0] and sum(shares) == 0
    assert g.winners([5, 9, 9]) == (1, 2)


def test_two_sides_share_the_difference():
    g = Geometry(2, ((0,), (1,)), ("South", "North"))
    assert g.zero_sum([120, 40], 0) == 80 and g.zero_sum([120, 40], 1) == -80


@pytest.mark.parametrize("sides", [((0, 1),), ((0, 2), (1,)), ((0, 1), (1, 2, 3)), ((0, 1), (2, 3), ()),
                                   ((0, 1), (2, 4))])
def test_sides_that_do_not_split_the_seats_are_refused(sides):
    with pytest.raises(MessageError, match="do not split seats 0 to 3"):
        Geometry(4, sides, ("a", "b", "c", "d"))


def test_bad_seats_and_names_are_refused():
    with pytest.raises(ValueError, match="4 seats need 4 names"):
        Geometry(4, ((0, 2), (1, 3)), ("a", "b"))
    with pytest.raises(ValueError, match="no seat 4 at a table of 4"):
        FOUR_IN_PARTNERSHIPS.side_of(4)
    with pytest.raises(ValueError, match="2 sides need 2 values"):
        FOUR_IN_PARTNERSHIPS.zero_sum([1, 2, 3], 0)
