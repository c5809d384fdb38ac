"""Every game's seeds and scenarios: the same seed gives the same game and the same observations, another seed
another deal; ``load_scenario(game.to_scenario()) == game`` at random positions, and the loaded game goes on
exactly as the original (the random generator travels in the scenario)."""

from __future__ import annotations

import json
import random

import pytest

from footcanasta_env.games import get_game
from tests.helpers.conformance import games_offering, random_play, registered, seats, states

SEEDED = games_offering("new_game", toys=True)
# The toys' scenarios hold hands and turn only (tests/helpers/toy_game.py): no round trip to test there.
SCENARIOS = games_offering("new_game", "load_scenario")


def _seen(g, game) -> list:
    """What every seat sees, as the game's observation where it has one (else the view itself)."""
    if hasattr(g, "encode"):
        return [g.encode(game.view(s)).tobytes() for s in seats(g)]
    return [game.view(s) for s in seats(g)]


@pytest.mark.parametrize("name", SEEDED)
def test_the_same_seed_gives_the_same_game_and_observations(name):
    with registered(name) as g:
        a, b = g.new_game(7), g.new_game(7)
        ra, rb = random.Random(1), random.Random(1)
        for _ in range(30):
            assert _seen(g, a) == _seen(g, b) and a.legal_actions() == b.legal_actions()
            random_play(a, ra, 5)
            random_play(b, rb, 5)
        assert _seen(g, a) == _seen(g, b) and a.scores == b.scores and a.round_results == b.round_results
        assert len({repr(_seen(g, g.new_game(s))) for s in range(5)}) > 1  # other seeds deal otherwise


@pytest.mark.parametrize("name", SCENARIOS)
def test_a_scenario_round_trip_gives_an_equal_game_that_goes_on_alike(name):
    g = get_game(name)
    positions = states(g, (1, 2), (0, 1, 9, 40, 120, 300, 10_000))
    assert any(p.is_over for p in positions) and any(not p.is_over for p in positions)
    for i, game in enumerate(positions):
        spec = game.to_scenario()
        again = g.load_scenario(spec)
        assert again == game and again.to_scenario() == spec
        assert g.load_scenario(json.loads(json.dumps(spec))) == game  # as a file holds it
        assert again.legal_actions() == game.legal_actions() and again.current_player == game.current_player
        ra, rb = random.Random(i), random.Random(i)
        random_play(game, ra, 200)  # over a round's end: the next deal comes from the same generator
        random_play(again, rb, 200)
        assert again == game


@pytest.mark.parametrize("name", SCENARIOS)
def test_a_clone_is_independent_and_goes_on_alike(name):
    g = get_game(name)
    game = random_play(g.new_game(5), random.Random(5), 150)
    before = game.to_scenario()
    copy = game.clone()
    assert copy == game
    trail = []
    rng = random.Random(9)
    for _ in range(300):  # the clone played on, over a round's end: the original is untouched
        if copy.is_over:
            break
        legal = copy.legal_actions()
        trail.append(legal[rng.randrange(len(legal))])
        copy.step(trail[-1])
    assert game.to_scenario() == before and copy != game
    for a in trail:  # the same actions from the original reach the same state (the generator is cloned too)
        game.step(a)
    assert game == copy and g.new_game(1) != g.new_game(2)
