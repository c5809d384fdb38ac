"""Canasta's determinized worlds: a sampled world shows its seat exactly the view it came from, holds every card
of the decks, is a legal game that plays to its end, and varies only what the seat cannot see."""

from __future__ import annotations

import numpy as np
import pytest

from footcanasta_env import canasta
from footcanasta_env.canasta.engine import card_total
from footcanasta_env.canasta.engine.worlds import deal_hidden
from footcanasta_env.canasta.rules import DECKS
from footcanasta_env.family.cards import KINDS, RED3, deck_counts


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
    world = canasta.sample_world(view, rng)
    assert_same_view(world.view(seat), view)
    assert card_total(world) == sum(deck_counts(DECKS))  # every card accounted for
    for p in range(4):
        assert world.hand[p][RED3] == 0  # red threes are never held
        assert all(h >= m for h, m in zip(world.hand[p], view.memory[p], strict=True)), p  # pins respected
    return world


def _expert_states(seeds, every: int, rounds: int = 2):
    bots = [canasta.make_bot("expert", s) for s in range(4)]
    for seed in seeds:
        g = canasta.new_game(seed, canasta.Rules(max_rounds=rounds))
        step = 0
        while not g.is_over:
            if step % every == 0:
                yield g.clone()
            g.step(bots[g.current_player].act(g.view(g.current_player)))
            step += 1
        yield g.clone()


def test_worlds_keep_the_view_for_every_seat_through_expert_games():
    rng = np.random.default_rng(0)
    phases, rounds, asides = set(), set(), 0
    for g in _expert_states(range(3), every=5):
        phases.add(g.phase)
        rounds.add(g.round)
        for seat in range(4):
            asides += bool(g.view(seat).set_aside)
            check_world(g, seat, rng)
    assert phases == {"draw", "play"} and rounds == {1, 2}
    assert asides, "no state with set-aside melds was checked"


def test_a_world_is_a_legal_game_that_plays_to_its_end():
    rng = np.random.default_rng(3)
    bot = canasta.make_bot("random", 0)
    for g in [s for s in _expert_states([7], every=23, rounds=1) if not s.is_over][:6]:
        world = check_world(g, g.current_player, rng)
        while not world.is_over:
            world.step(bot.act(world.view(world.current_player)))
        assert len(world.round_results) == 1


def test_pinned_memory_is_held_in_every_world():
    # West took the pile and still holds two kings and a seven in everyone's sight.
    spec = {"current": 0, "phase": "draw",
            "players": [{"hand": "4 5 6 7 8 9 10"}, {"hand": "K K 7 Q Q 9"}, {"hand": "5 5 5 6"}, {"hand": "A A A"}],
            "teams": [{}, {"melds": ["J J J"], "down": True}], "pile": "9",
            "memory": ["", "K K 7", "", ""], "has_melded": [False, True, False, False]}
    g = canasta.load_scenario(spec, seed=3)
    rng = np.random.default_rng(5)
    kings, seven = KINDS.index("K"), KINDS.index("7")
    for _ in range(30):
        w = check_world(g, 0, rng)
        assert w.hand[1][kings] >= 2 and w.hand[1][seven] >= 1


def test_another_players_set_aside_melds_are_dealt_into_their_hand():
    # South, to act, has set aside three kings; North cannot see them: in North's worlds South holds 7 cards.
    spec = {"current": 0, "phase": "play", "players": [
        {"hand": "4 5 6 7", "set_aside": ["K K K"]}, {"hand": "Q Q 9"}, {"hand": "5 5 5 6"}, {"hand": "A A A"}],
        "pile": "9"}
    g = canasta.load_scenario(spec, seed=1)
    rng = np.random.default_rng(2)
    w = check_world(g, 2, rng)
    assert sum(w.hand[0]) == 7 and not w.view(0).set_aside
    own = check_world(g, 0, rng)
    assert own.view(0).set_aside == g.view(0).set_aside


def test_worlds_differ_in_what_the_seat_cannot_see_only():
    g = canasta.new_game(11)
    rng = np.random.default_rng(4)
    worlds = [canasta.sample_world(g.view(0), rng) for _ in range(8)]
    assert all(np.array_equal(w.hand[0], g.hand[0]) for w in worlds)
    assert len({tuple(w.hand[1]) for w in worlds}) > 1
    assert len({tuple(w.stock) for w in worlds}) > 1


def test_red_threes_go_only_to_the_stock_and_counts_are_exact():
    g = canasta.new_game(5)
    rng = np.random.default_rng(0)
    dealt = deal_hidden(g.view(1), rng)
    assert all(h[RED3] == 0 for h in dealt["hands"])
    assert len(dealt["stock"]) == len(g.stock)
    assert [sum(h) for h in dealt["hands"]] == [sum(x) for x in g.hand]


def test_a_view_of_another_game_is_refused():
    from footcanasta_env import new_game

    with pytest.raises(TypeError, match="Canasta View"):
        canasta.sample_world(new_game(0).view(0), np.random.default_rng(0))
