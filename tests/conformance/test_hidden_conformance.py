"""Every game's hidden information, shown with its own ``sample_world(view, rng)`` (a complete game consistent with
one seat's view, the hidden cards dealt anew): in such a world the seat's observation, mask and fast encoding are
unchanged, though the game is not; in a world dealt from another seat's view, where this seat's own cards are
dealt anew, its observation changes."""

from __future__ import annotations

import numpy as np
import pytest

from footcanasta_env.games import get_game
from tests.helpers.conformance import games_offering, seats, states

GAMES = games_offering("sample_world", "encode", "GameEncoder", "raw_env", "geometry")
AT = (0, 5, 37, 150, 400)


def _obs_and_mask(g, game, seat: int) -> tuple[bytes, list[int]]:
    view = game.view(seat)
    return g.encode(view).tobytes(), sorted(view.legal_actions)


@pytest.mark.parametrize("name", GAMES)
def test_dealing_what_a_seat_cannot_see_anew_leaves_its_observation(name):
    g = get_game(name)
    rng = np.random.default_rng(0)
    moved = tested = 0
    for game in states(g, (1, 2), AT):
        if game.is_over:
            continue
        for seat in seats(g):
            before = _obs_and_mask(g, game, seat)
            world = g.sample_world(game.view(seat), rng)
            # what the other seats hold was dealt anew: their own observations tell
            moved += any(_obs_and_mask(g, world, o)[0] != _obs_and_mask(g, game, o)[0]
                         for o in g.geometry().opponents(seat))
            assert _obs_and_mask(g, world, seat) == before, (name, seat)
            assert g.GameEncoder(world).observe(seat).tobytes() == before[0]
            env = g.raw_env()  # the env's observation and mask, loaded from the world's scenario
            env.reset(seed=0, options={"scenario": world.to_scenario()})
            obs = env.observe(env.possible_agents[seat])
            assert obs["observation"].tobytes() == before[0]
            assert sorted(np.flatnonzero(obs["action_mask"])) == before[1]
            tested += 1
    assert tested >= 20 and moved >= tested * 3 // 4  # the worlds really dealt the opponents' cards anew


@pytest.mark.parametrize("name", GAMES)
def test_dealing_a_seats_own_cards_anew_changes_its_observation(name):
    g = get_game(name)
    geo = g.geometry()
    rng = np.random.default_rng(1)
    changed = tested = 0
    for game in states(g, (1, 2), AT):
        if game.is_over:
            continue
        for seat in seats(g):
            other = geo.next_seat(seat)  # who cannot see this seat's hand
            world = g.sample_world(game.view(other), rng)
            changed += _obs_and_mask(g, world, seat)[0] != _obs_and_mask(g, game, seat)[0]
            tested += 1
    assert tested >= 20 and changed >= tested * 3 // 4
