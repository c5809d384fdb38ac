"""Determinized worlds: a sampled world shows its seat exactly the view it came from, and nothing else leaks."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from footcanasta_env import load_scenario, new_game, sample_world
from footcanasta_env.family.cards import KINDS, RED3, deck_counts
from footcanasta_env.footcanasta.bots import make_bot
from footcanasta_env.footcanasta.engine import card_total
from footcanasta_env.footcanasta.engine.worlds import deal_hidden
from tests.helpers.bot_states import STATES


def assert_same_view(a, b) -> None:
    """Field by field, numpy arrays by value (legal actions included)."""
    assert a._fields == b._fields
    for f in a._fields:
        x, y = getattr(a, f), getattr(b, f)
        if isinstance(x, np.ndarray):
            assert np.array_equal(x, y), f
        else:
            assert x == y, f


def check_world(game, seat: int, rng: np.random.Generator):
    view = game.view(seat)
    world = sample_world(view, rng)
    assert_same_view(world.view(seat), view)
    assert card_total(world) == sum(deck_counts(world.rules.decks))  # every card accounted for
    for p in range(4):
        assert world.hand[p][RED3] == 0  # red threes are never held
        assert all(h >= m for h, m in zip(world.hand[p], view.memory[p], strict=True)), p  # pins respected
    return world


def test_worlds_keep_the_view_for_every_seat_of_many_states():
    rng = np.random.default_rng(0)
    for g in STATES:
        for seat in range(4):
            check_world(g, seat, rng)


def test_worlds_of_learned_games_in_every_round():
    bot = make_bot("learned", 0)
    rng = np.random.default_rng(1)
    rounds = set()
    for seed in range(3):
        g = new_game(seed)
        step = 0
        while not g.is_over:
            if step % 11 == 0:
                rounds.add(g.round)
                for seat in range(4):
                    check_world(g, seat, rng)
            g.step(bot.act(g.view(g.current_player)))
            step += 1
    assert rounds == {1, 2, 3, 4}


def test_pinned_memory_is_held_in_every_world():
    # West took the pile and still holds two kings and a seven in everyone's sight.
    spec = {"current": 0, "phase": "draw",
            "players": [{"hand": "4 5 6 7 8 9 10"}, {"hand": "K K 7 Q Q 9"}, {"hand": "5 5 5 6"}, {"hand": "A A A"}],
            "teams": [{}, {"melds": ["J J J"], "down": True}], "pile": "9",
            "memory": ["", "K K 7", "", ""]}
    g = load_scenario(spec, seed=3)
    rng = np.random.default_rng(5)
    kings = KINDS.index("K")
    seven = KINDS.index("7")
    for _ in range(30):
        w = check_world(g, 0, rng)
        assert w.hand[1][kings] >= 2 and w.hand[1][seven] >= 1


def test_worlds_differ_in_what_the_seat_cannot_see():
    g = STATES[20]
    seat = g.current_player
    rng = np.random.default_rng(2)
    worlds = [sample_world(g.view(seat), rng) for _ in range(5)]
    hidden = {str([w.hand[p] for p in range(4) if p != seat] + [w.foot, w.stock]) for w in worlds}
    assert len(hidden) == 5
    assert all(w.hand[seat] == g.hand[seat] for w in worlds)


def test_no_leak_two_games_that_differ_only_in_hidden_cards_give_the_same_worlds():
    for i in range(0, len(STATES), 37):
        g = STATES[i]
        seat = g.current_player
        other = sample_world(g.view(seat), np.random.default_rng(99))  # same view, other hidden cards
        assert other.to_scenario()["players"] != g.to_scenario()["players"]
        a = sample_world(g.view(seat), np.random.default_rng(7))
        b = sample_world(other.view(seat), np.random.default_rng(7))
        assert a.to_scenario() == b.to_scenario()


def test_red_threes_go_only_to_feet_and_stock():
    g = new_game(4)
    seat = g.current_player
    rng = np.random.default_rng(0)
    placed = 0
    for _ in range(20):
        dealt = deal_hidden(g.view(seat), rng)
        assert all(h[RED3] == 0 for h in dealt["hands"])
        placed += sum(f[RED3] for f in dealt["feet"]) + dealt["stock"].count(RED3)
    assert placed > 0


def test_bad_input_is_refused_clearly():
    with pytest.raises(TypeError, match="View"):
        sample_world(new_game(0), np.random.default_rng(0))


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 400), seat=st.integers(0, 3), world_seed=st.integers(0, 99))
def test_property_a_world_shows_the_same_view(seed, steps, seat, world_seed):
    g = new_game(seed)
    bots = [make_bot("random", seed + s) for s in range(4)]
    for _ in range(steps):
        if g.is_over:
            break
        p = g.current_player
        g.step(bots[p].act(g.view(p)))
    check_world(g, seat, np.random.default_rng(world_seed))
