"""Every game's fast incremental encoder (``GameEncoder``) gives the bytes of ``encode(game.view(seat))`` for every
seat, after every action of random games, whether it is told each action or only that something changed
(``invalidate(action)`` / ``invalidate()``, as the envs call it), and after a reset to another game. (Canasta's
encoder also notices an action it was not told of; Foot Canasta's is not asked to, so that is Canasta's test.)"""

from __future__ import annotations

import random

import numpy as np
import pytest

from footcanasta_env.games import get_game
from tests.helpers.conformance import games_offering, random_play, seats

GAMES = games_offering("GameEncoder", "encode", "new_game", "geometry")


def _same(enc, g, game, seat: int) -> bool:
    return enc.observe(seat).tobytes() == g.encode(game.view(seat)).tobytes()


@pytest.mark.parametrize("told", ["action", "changed"])
@pytest.mark.parametrize("name", GAMES)
def test_the_fast_encoder_gives_the_views_encoding_at_every_step(name, told):
    g = get_game(name)
    for seed in (0, 1):
        game = g.new_game(seed)
        enc = g.GameEncoder(game)
        pick = random.Random(seed)
        n = 0
        while n < 400 and not game.is_over:
            for s in seats(g):
                assert _same(enc, g, game, s), f"seed {seed}, seat {s} after {n} actions"
            legal = game.legal_actions()
            a = legal[pick.randrange(len(legal))]
            game.step(a)
            enc.invalidate(a if told == "action" else None)
            n += 1
        assert n > 100


@pytest.mark.parametrize("name", GAMES)
def test_the_fast_encoder_now_and_then_and_after_a_reset(name):
    g = get_game(name)
    game = g.new_game(5)
    enc = g.GameEncoder(game)
    pick = random.Random(5)
    for gap in (1, 2, 3, 7, 1, 30, 1, 100, 1):
        random_play(game, pick, gap)
        enc.invalidate()
        seat = pick.randrange(len(seats(g)))
        assert _same(enc, g, game, seat)
    other = g.new_game(6)
    enc.reset(other)
    assert all(_same(enc, g, other, s) for s in seats(g))
    assert enc.observe(0).tobytes() != g.encode(game.view(0)).tobytes()  # the old game is forgotten


@pytest.mark.parametrize("name", GAMES)
def test_observations_are_new_writable_float32_arrays(name):
    g = get_game(name)
    game = g.new_game(1)
    enc = g.GameEncoder(game)
    a, b = enc.observe(0), enc.observe(0)
    assert a.dtype == np.float32 and a.shape == (g.OBS_SIZE,) and a.flags.writeable and a is not b
    a[:] = 7
    assert enc.observe(0).tobytes() == b.tobytes() == g.encode(game.view(0)).tobytes()
