"""Foot Canasta's hidden information and observation: two games that differ only in cards a seat never sees this
round (its own foot included) give that seat the same observations action after action; the observation's
layout against its documented tables; the fast encoder under variant rules and in the foot's corner cases.

What every game's observation keeps (a world dealt anew from a seat's view leaves its observation, the fast
encoder gives the bytes of ``encode(view)``) is tests/conformance/test_hidden_conformance.py and
test_encoder_conformance.py."""

from __future__ import annotations

import random

import numpy as np
import pytest

from footcanasta_env import load_scenario, new_game
from footcanasta_env.family.cards import KINDS, RED3, counts_of, format_cards, format_counts, parse_cards
from footcanasta_env.footcanasta.observation import (
    OBS_SIZE,
    OFFSETS,
    SCALE,
    SEAT_BLOCK,
    GameEncoder,
    encode,
    observation_bounds,
)
from footcanasta_env.footcanasta.rules import Rules


def _obs_and_mask(game, seat: int) -> tuple[bytes, bytes]:
    view = game.view(seat)
    mask = np.zeros(89, dtype=np.int8)
    mask[list(view.legal_actions)] = 1
    return encode(view).tobytes(), mask.tobytes()


def permute_hidden(spec: dict, seat: int, rng: random.Random, stock: bool = True, own_foot: bool = True) -> dict:
    """A copy of ``spec`` with the cards ``seat`` cannot see shuffled among the places it cannot see.

    Other players' hands (except the cards their pickup memory pins there), unpicked feet (its own too
    when ``own_foot``) and the stock (when ``stock``) exchange cards; red threes stay where they are.
    """
    spec = {**spec, "players": [dict(p) for p in spec["players"]]}
    memory = [counts_of(parse_cards(m)) for m in spec["memory"]]
    pool: list[int] = []
    hands: dict[int, tuple[list[int], int]] = {}
    for p, pl in enumerate(spec["players"]):
        if p == seat:
            continue
        hand = counts_of(parse_cards(pl["hand"]))
        pinned = [min(memory[p][k], hand[k]) for k in range(len(KINDS))]
        free = [hand[k] - pinned[k] for k in range(len(KINDS))]
        pool += [k for k in range(len(KINDS)) for _ in range(free[k])]
        hands[p] = (pinned, sum(free))
    feet: dict[int, tuple[int, int]] = {}
    for p, pl in enumerate(spec["players"]):
        if pl["foot"] and (p != seat or own_foot):
            cards = parse_cards(pl["foot"])
            pool += [k for k in cards if k != RED3]
            feet[p] = (cards.count(RED3), sum(1 for k in cards if k != RED3))
    stock_cards = parse_cards(spec["stock"])
    if stock:
        pool += [k for k in stock_cards if k != RED3]
    rng.shuffle(pool)
    for p, (pinned, n) in hands.items():
        cards = [k for k in range(len(KINDS)) for _ in range(pinned[k])] + pool[:n]
        del pool[:n]
        spec["players"][p]["hand"] = format_counts(counts_of(cards))
    for p, (red, n) in feet.items():
        spec["players"][p]["foot"] = format_cards([RED3] * red + pool[:n])
        del pool[:n]
    if stock:
        spec["stock"] = format_cards([k if k == RED3 else pool.pop(0) for k in stock_cards])
    assert not pool
    return spec


def _replay_until_scored(seed: int, seat: int, rng: random.Random) -> tuple[int, int]:
    """Two games differing only in cards ``seat`` never sees this round, driven with the same actions.

    Returns (actions compared, public pickups by other seats). Other seats play actions legal in both
    games; the replay stops when none is, or when the round is scored.
    """
    game_a = new_game(seed)
    for _ in range(rng.randrange(0, 40)):  # start from the deal or a little later
        acts = game_a.legal_actions()
        game_a.step(acts[rng.randrange(len(acts))])
    spec = game_a.to_scenario()
    game_a = load_scenario(spec)
    game_b = load_scenario(permute_hidden(spec, seat, rng, stock=False, own_foot=False))
    enc_a, enc_b = GameEncoder(game_a), GameEncoder(game_b)
    rounds = len(game_a.round_results)
    steps = pickups = 0
    while not game_a.is_over:
        va, vb = _obs_and_mask(game_a, seat), _obs_and_mask(game_b, seat)
        assert va == vb, f"seed {seed}, seat {seat}: observations differ after {steps} shared actions"
        assert enc_a.observe(seat).tobytes() == enc_b.observe(seat).tobytes() == va[0]
        cur = game_a.current_player
        assert cur == game_b.current_player
        common = sorted(set(game_a.legal_actions()) & set(game_b.legal_actions()))
        if not common:
            break
        action = common[rng.randrange(len(common))]
        pickups += action == 1 and cur != seat
        game_a.step(action)
        game_b.step(action)
        enc_a.invalidate()
        enc_b.invalidate()
        steps += 1
        if len(game_a.round_results) != rounds or len(game_b.round_results) != rounds:
            break
    return steps, pickups


@pytest.mark.parametrize("seat", range(4))
def test_replay_with_different_hidden_cards_gives_same_observations(seat):
    rng = random.Random(100 + seat)
    steps = pickups = 0
    for seed in range(6):
        s, p = _replay_until_scored(seed, seat, rng)
        steps += s
        pickups += p
    assert steps > 300
    assert pickups > 0  # the pile was taken in sight, so the memory of pickups was exercised


# A variant whose fours are worth nothing, so a meld can change without changing the melded value.
VARIANT = Rules(pile_take=3, hand_size=11, foot_size=11,
                card_values=(0, 5, 5, 5, 10, 10, 10, 10, 10, 10, 20, 20, 50, 0, 5), initial_minimums=(50, 90))


@pytest.mark.parametrize("seed", [1, 4])  # two rounds, and the variant (default rules: tests/conformance)
def test_fast_encoder_gives_the_view_encoding_at_every_step(seed):
    rules = VARIANT if seed == 4 else Rules().with_rounds(2) if seed % 2 else Rules()
    game = new_game(seed, rules)
    enc = GameEncoder(game)
    pick = random.Random(seed)
    low, high = observation_bounds(rules)
    n = 0
    while True:
        for s in range(4):
            ref = encode(game.view(s))
            assert enc.observe(s).tobytes() == ref.tobytes(), f"seat {s} after {n} actions"
            assert (ref >= low).all() and (ref <= high).all()
        if game.is_over:
            break
        acts = game.legal_actions()
        game.step(acts[pick.randrange(len(acts))])
        n += 1
        enc.invalidate()
    assert n > 300


SCENARIO = {
    "round": 2, "dealer": 3, "current": 0, "phase": "play", "scores": [1200, -350],
    "players": [
        {"hand": "K K 5 5 5 JK 9 B3", "foot": "4 4 7 8 9 10 J Q A A 2 B3 6"},
        {"hand": "4 4 6 6 8", "foot": ""},
        {"hand": "Q Q Q J", "foot": "4 5 6 7 8 9 10 J Q K A 2 JK"},
        {"hand": "7 7 9 9 10 10", "foot": "4 5 6 7 8 9 10 J Q K A 2 R3"},
    ],
    "teams": [{"melds": ["Q Q Q Q", "7 7 7 7 7 7 2"], "red_threes": 1},
              {"melds": ["2 2 JK JK 2 2 2", "A A A"], "red_threes": 2}],
    "pile": "4 9 K 6",
    "stock": "5 8 8 J A R3 B3 10",
    "memory": ["K", "6 6", "", ""],
}


def test_layout_offsets_match_the_documented_table():
    import footcanasta_env.footcanasta.observation.layout as observation

    starts = [0, 14, 110, 111, 207, 213, 309, 315, 330, 331, 345, 359, 431, 432, 436, 437, 438, 440, 442]
    assert list(OFFSETS.values()) == starts and OBS_SIZE == 443
    doc = observation.__doc__
    for a, b in zip(starts, starts[1:] + [OBS_SIZE], strict=True):
        assert (f"{a}-{b - 1} " if b - a > 1 else f"{a} ") in doc


def test_the_env_docstring_table_matches_the_offsets():
    import re

    import footcanasta_env.footcanasta.envs.aec as aec
    from footcanasta_env.footcanasta.observation import OBS_VERSION

    doc = aec.__doc__.split("## Observations", 1)[1].split("## Rewards", 1)[0]
    assert f"(OBS_VERSION {OBS_VERSION}, {OBS_SIZE} features)" in doc
    rows = [(int(a), int(b or a)) for a, b in re.findall(r"^\| (\d+)(?:-(\d+))? +\|", doc, re.M)]
    assert rows and rows[0][0] == 0 and rows[-1][1] == OBS_SIZE - 1
    starts = set(OFFSETS.values())
    for (a, b), (nxt, _) in zip(rows, rows[1:] + [(OBS_SIZE, 0)], strict=True):
        assert b + 1 == nxt, f"env docstring rows {a}-{b} and {nxt}- leave a gap or overlap"
        assert a in starts and nxt in starts | {OBS_SIZE}, f"env docstring row {a}-{b} splits a block of OFFSETS"


def test_the_offset_constants_are_the_offsets():
    import footcanasta_env.footcanasta.observation.layout as layout

    for name, at in OFFSETS.items():
        side = {"own": 0, "other": 1}.get(name.split("_")[0])
        if side is not None:
            assert getattr(layout, "O_" + name.split("_")[1].upper())[side] == at
        else:
            assert getattr(layout, "O_" + name.upper()) == at, name


def _block(obs: np.ndarray, name: str, size: int, extra: int = 0) -> np.ndarray:
    o = OFFSETS[name] + extra
    return np.rint(obs[o:o + size] / SCALE[o:o + size]).astype(int)


def test_layout_of_a_known_position():
    game = load_scenario(SCENARIO)
    obs = encode(game.view(0))
    assert obs.shape == (OBS_SIZE,) and obs.dtype == np.float32
    hand = _block(obs, "hand", 14)
    assert hand.tolist() == [0, 3, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 1, 1]  # 5 5 5 9 K K JK B3
    own = _block(obs, "own_table", 96)
    assert own[8] == 4 and own[36 + 3] == 0 and own[48 + 3] == 1 and own[72 + 3] == 1  # Q Q Q Q, dirty 7s
    other = _block(obs, "other_table", 96)
    assert other[10] == 3 and other[60 + 11] == 1 and other[72 + 11] == 5 and other[84 + 11] == 2
    assert _block(obs, "own_team", 2).tolist() == [1, 1]
    assert _block(obs, "other_team", 2).tolist() == [2, 1]
    assert _block(obs, "pile_top", 15).tolist() == [0, 0, 1] + [0] * 12  # a 6
    assert _block(obs, "pile_size", 1)[0] == 4
    assert _block(obs, "stock", 1)[0] == 8
    assert _block(obs, "round", 4).tolist() == [0, 1, 0, 0]
    assert _block(obs, "minimum", 1)[0] == 90
    assert _block(obs, "scores", 2).tolist() == [1200, -350]
    assert _block(obs, "phase", 2).tolist() == [0, 1]
    seats = OFFSETS["seats"]
    # Relative seats: me (South), left (West), partner (North), right (East).
    held = [round(obs[seats + r * SEAT_BLOCK] * 30) for r in range(4)]
    assert held == [8, 5, 4, 6]
    assert [obs[seats + r * SEAT_BLOCK + 1] for r in range(4)] == [0, 1, 0, 0]
    west_memory = _block(obs, "seats", 14, SEAT_BLOCK + 4)
    assert west_memory[2] == 2  # West took two 6s from the pile
    # From West's seat the same facts move: West is "me", South is "right".
    west = encode(game.view(1))
    assert round(west[seats] * 30) == 5 and round(west[seats + 3 * SEAT_BLOCK] * 30) == 8
    assert _block(west, "scores", 2).tolist() == [-350, 1200]
    assert (_block(west, "own_table", 96) == other).all()
    assert _block(west, "hand", 14).tolist()[0] == 2  # West's 4 4


def test_set_aside_melds_only_visible_to_their_owner():
    spec = dict(SCENARIO, teams=[{"melds": [], "red_threes": 0, "down": False}, SCENARIO["teams"][1]])
    spec["players"] = [dict(p) for p in SCENARIO["players"]]
    spec["players"][0]["set_aside"] = ["Q Q Q", "7 7 7 7"]
    game = load_scenario(spec)
    mine = encode(game.view(0))
    aside = _block(mine, "aside", 96)
    assert aside[8] == 3 and aside[3] == 4
    assert _block(mine, "aside_value", 1)[0] == 50
    partner = encode(game.view(2))
    assert not _block(partner, "aside", 97).any()
    assert not _block(partner, "own_table", 96).any()
    # The partner sees the held count (set-aside included) but not the melds.
    assert round(partner[OFFSETS["seats"] + 2 * SEAT_BLOCK] * 30) == 15


def test_fast_encoder_when_a_discard_makes_the_next_player_pick_up_their_foot():
    spec = {
        "round": 1, "current": 0, "phase": "play",
        "players": [
            {"hand": "9", "foot": "4 4 7 8 9 10 J Q K K 2 B3 6"},
            {"hand": "4 4 6 6 8 9 9", "foot": "4 5 6 7 8 9 10 J Q K A 2 JK"},
            {"hand": "Q Q Q J 10 10 8", "foot": "4 5 6 7 8 9 10 J Q K A 2 JK"},
            {"hand": "7 7 9 9 10 10 A", "foot": "4 5 6 7 8 9 10 J Q K A 2 JK"},
        ],
        "pile": "4 9 A",
    }
    pick = random.Random(0)
    for trial in range(5):
        game = load_scenario(spec, seed=trial)
        enc = GameEncoder(game)
        picked = False
        for _ in range(60):
            for s in range(4):
                assert enc.observe(s).tobytes() == encode(game.view(s)).tobytes()
            if game.is_over:
                break
            acts = game.legal_actions()
            game.step(acts[pick.randrange(len(acts))])
            enc.invalidate()
            picked = picked or game.in_foot[0]
        assert picked  # South's foot came up when East's discard passed the turn to South
