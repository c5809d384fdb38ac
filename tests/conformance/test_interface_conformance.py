"""What the conformance suite runs over: both real games offer every name, so each is a parameter of every
conformance test; a toy offers the game interface only."""

from __future__ import annotations

import pytest

from footcanasta_env.games import INTERFACE, TRAINING, get_game
from tests.helpers.conformance import EXTRAS, REAL, TOYS, games_offering, registered


@pytest.mark.parametrize("name", ["footcanasta", "canasta"])
def test_both_real_games_offer_every_name_the_suite_tests(name):
    game = get_game(name, need=TRAINING + EXTRAS)
    assert name in REAL and all(hasattr(game, n) for n in INTERFACE)
    assert {p.values[0] for p in games_offering(*INTERFACE, *TRAINING, *EXTRAS)} >= {name}


def test_the_toys_are_parameters_only_of_the_tests_they_can_play():
    everything = {p.values[0] for p in games_offering(*TRAINING, toys=True)}
    interface = {p.values[0] for p in games_offering(*INTERFACE, toys=True)}
    assert not everything & set(TOYS) and set(TOYS) <= interface
    assert set(REAL) <= everything and {p.values[0] for p in games_offering("no_such_name", toys=True)} == set()


@pytest.mark.parametrize("name", list(TOYS))
def test_a_toy_is_registered_for_its_test_only(name):
    with registered(name) as game:
        assert game.NAME == name and get_game(name) is game
    with pytest.raises(ValueError, match="unknown game"):
        get_game(name)
