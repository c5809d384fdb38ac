"""Canasta's observation at every table size (CANASTA_RULES.md section 14): the layout per size (relative seats,
me first and then clockwise; relative sides, mine first), its index table in ``observation/sizes.py``'s
docstring, the envs' ``GameEncoder`` byte-equal to the reference ``encode(view)`` at every step for every seat,
bounds that hold every observation, and the four-player observation unchanged, byte for byte (the shipped
learned bot reads it): a hash of every seat's encoder observation, mask and hidden cards over seeded games,
computed before the other sizes came."""

from __future__ import annotations

import numpy as np
import pytest
from helpers.canasta_fingerprint import encoder_fingerprint

from footcanasta_env import canasta
from footcanasta_env.canasta.observation import (
    OBS_SIZE,
    OBS_VERSION,
    OFFSETS,
    SCALE,
    GameEncoder,
    encode,
    index_table,
    layout_of,
    observation_bounds,
)
from footcanasta_env.canasta.observation import sizes as sizes_module
from tests.helpers.canasta_sizes import SIZES

FOUR_PLAYER_ENCODER_FINGERPRINT = ("9e21d927fe2240d0789ac48810f822bcc5de00978aa444370e96f5db9ca90f36", 3977)
"""``encoder_fingerprint(range(12), Rules(max_rounds=2))`` computed on main at 6c82d37, before the observation
learned the other sizes."""


def test_the_four_player_observation_is_unchanged_byte_for_byte():
    assert OBS_VERSION == 2 and OBS_SIZE == 386
    lay = layout_of(canasta.Rules())
    assert lay.size == OBS_SIZE and lay.offsets == OFFSETS and lay.scale.tobytes() == SCALE.tobytes()
    assert encoder_fingerprint(range(12), canasta.Rules(max_rounds=2)) == FOUR_PLAYER_ENCODER_FINGERPRINT


def test_the_docstring_carries_every_sizes_index_table():
    doc = sizes_module.__doc__
    for size in SIZES:
        table = index_table(layout_of(canasta.Rules(**size.values[0])))
        assert "\n".join("    " + line for line in table.splitlines()) in doc, table.splitlines()[0]


@pytest.mark.parametrize("size", SIZES)
def test_the_layout_has_a_block_per_relative_seat_and_side(size):
    rules = canasta.Rules(**size)
    lay = layout_of(rules)
    n, sides = rules.players, rules.sides
    assert len(lay.o_table) == len(lay.o_team) == sides
    assert lay.size == 386 + (n - 4) * (18 + 28) + (sides - 2) * (44 + 9)
    starts = sorted(lay.offsets.values())
    assert starts[0] == 0 and all(a < b for a, b in zip(starts, starts[1:], strict=False))


@pytest.mark.parametrize("size", SIZES)
def test_seats_and_sides_are_relative_to_the_observer(size):
    rules = canasta.Rules(max_rounds=1, **size)
    lay = layout_of(rules)
    n, sides = rules.players, rules.sides
    g = canasta.new_game(9, rules=rules)
    rng = np.random.default_rng(9)
    for _ in range(60):  # into the game, so that hands, scores and melds differ
        legal = g.legal_actions()
        g.step(legal[int(rng.integers(len(legal)))])
        if g.is_over:
            break
    obs = [encode(g.view(s)) for s in range(n)]
    for me in range(n):
        for rel in range(n):
            s = (me + rel) % n
            a = lay.o_seats + 18 * rel
            b = lay.o_seats  # seat s's own block is its relative seat 0
            assert np.array_equal(obs[me][a:a + 18], obs[s][b:b + 18]), (me, rel)
        mine = rules.seat_side[me]
        for side in range(sides):
            team = (mine + side) % sides
            other = rules.side_seats[team][0]
            theirs = obs[other][lay.o_team[0]:lay.o_team[0] + 9]  # their own side is their relative side 0
            assert np.array_equal(obs[me][lay.o_team[side]:lay.o_team[side] + 9], theirs), (me, side)


THREE_DECKS = [pytest.param({"decks": 3}, id="four-three-decks"),
               pytest.param({"players": 2, "decks": 3}, id="two-three-decks")]


@pytest.mark.parametrize("size", SIZES + THREE_DECKS)
def test_the_encoder_equals_the_reference_at_every_step_for_every_seat(size):
    rules = canasta.Rules(max_rounds=2, **size)
    low, high = observation_bounds(rules)
    n = rules.players
    steps = 0
    for seed in range(3):
        g = canasta.new_game(seed, rules=rules)
        named, unnamed = GameEncoder(g), GameEncoder(g)
        rng = np.random.default_rng(seed)
        while True:
            for s in range(n):
                ref = encode(g.view(s))
                assert named.observe(s).tobytes() == ref.tobytes(), (seed, steps, s)
                assert unnamed.observe(s).tobytes() == ref.tobytes(), (seed, steps, s)
                assert ref.shape == low.shape and (ref >= low).all() and (ref <= high).all()
            if g.is_over:
                break
            legal = g.legal_actions()
            a = legal[int(rng.integers(len(legal)))]
            g.step(a)
            named.invalidate(a)
            unnamed.invalidate()
            steps += 1
    assert steps > 100


def test_counts_are_scaled_by_the_decks():
    for rules, count in ((canasta.Rules(), 1 / 8), (canasta.Rules(players=6), 1 / 12),
                         (canasta.Rules(decks=3), 1 / 12)):
        lay = layout_of(rules)
        for block in ("hand", "pile_counts"):
            assert lay.scale[lay.offsets[block]] == np.float32(count)
        assert lay.scale[lay.o_team[0]] == np.float32(2 * count)  # red threes: 4 or 6
        low, high = observation_bounds(rules)
        assert high[lay.o_hand] == high[lay.o_pile_counts] == high[lay.o_team[0]] == 1.0


def test_one_encoder_follows_games_of_different_sizes():
    enc = GameEncoder(canasta.new_game(1))
    for size in SIZES + THREE_DECKS:
        g = canasta.new_game(2, rules=canasta.Rules(**size.values[0]))
        enc.reset(g)
        for s in range(g.rules.players):
            assert enc.observe(s).tobytes() == encode(g.view(s)).tobytes()


def test_the_env_docstring_names_every_sizes_observation_and_hidden_cards():
    import footcanasta_env.canasta.envs.aec as aec
    from footcanasta_env.canasta.observation import hidden_cards_size

    doc = aec.__doc__.split("## Table sizes", 1)[1].split("## Actions", 1)[0]
    rows = [line for line in doc.splitlines() if line.startswith("| ") and line[2].isdigit()]
    assert len(rows) == len(SIZES)
    for row, size in zip(rows, SIZES, strict=True):
        rules = canasta.Rules(**size.values[0])
        cells = [c.strip() for c in row.strip("|").split("|")]
        assert cells[0] == str(rules.players) and cells[1].startswith(str(rules.sides))
        assert cells[3] == f"float32 ({layout_of(rules).size},)" and cells[4] == str(hidden_cards_size(rules))
