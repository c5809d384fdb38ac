"""Invariants over many seeded games: cards conserved, mask never empty, games end, round trips found by hypothesis.
Seeds, clones and scenario round trips as every game keeps them: tests/conformance/test_scenario_conformance.py."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from footcanasta_env import Rules, load_scenario, new_game
from footcanasta_env.family.cards import parse_cards

DECK = Counter({k: 20 for k in range(12)} | {12: 10, 13: 10, 14: 10})
MAX_STEPS = 20000


def cards_in(s: dict) -> Counter:
    """Every card a scenario places, counted by kind, red threes on the table included."""
    text = [s["pile"], s["stock"]]
    for p in s["players"]:
        text += [p["hand"], p["foot"]] + p.get("set_aside", [])
    c = Counter()
    for t in s["teams"]:
        text += t["melds"]
        c[13] += t["red_threes"]
    c.update(parse_cards(" ".join(text)))
    return c


def play_game(seed: int, choices, rules: Rules | None = None, check_every: int = 1):
    """Play one game choosing ``choices[i] % len(legal)``; check invariants; return the action trail."""
    g = new_game(seed, rules=rules)
    trail = []
    i = 0
    while not g.is_over:
        legal = g.legal_actions()
        assert legal, f"empty mask before the end of the game at step {i}"
        a = legal[choices[i % len(choices)] % len(legal)]
        g.step(a)
        trail.append(a)
        if rules is None and i % check_every == 0:
            assert cards_in(g.to_scenario()) == DECK, f"cards not conserved after step {i}"
        i += 1
        assert i < MAX_STEPS, "the game does not end"
    assert g.legal_actions() == [] and len(g.round_results) == g.rules.rounds
    return g, trail


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), choices=st.lists(st.integers(0, 1000), min_size=1, max_size=50))
def test_random_games_conserve_cards_and_end(seed, choices):
    play_game(seed, choices)


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), choices=st.lists(st.integers(0, 1000), min_size=1, max_size=20),
       hand=st.integers(3, 8), take=st.integers(1, 7))
def test_variant_games_end_with_nonempty_masks(seed, choices, hand, take):
    rules = Rules(hand_size=hand, foot_size=hand, pile_take=take, clean_needed=1, dirty_needed=0, wild_needed=0)
    g, _ = play_game(seed, choices, rules=rules)
    assert g.scores == tuple(sum(r["scores"][t] for r in g.round_results) for t in (0, 1))


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), cut=st.integers(0, 1500), choice_seed=st.integers(0, 1000))
@example(seed=0, cut=158, choice_seed=1)  # found by hypothesis: a canasta beside an incomplete meld of its rank
def test_scenario_round_trip_mid_game_continues_identically(seed, cut, choice_seed):
    g = new_game(seed)
    rng = random.Random(choice_seed)
    for _ in range(cut):
        if g.is_over:
            break
        g.step(rng.choice(g.legal_actions()))
    loaded = load_scenario(g.to_scenario())
    assert loaded == g
    assert loaded.legal_actions() == g.legal_actions()
    # Continue both with the same choices through at least one new deal: identical all the way.
    for _ in range(600):
        if g.is_over:
            break
        a = rng.choice(g.legal_actions())
        g.step(a)
        loaded.step(a)
    assert loaded == g
    assert loaded.round_results == g.round_results
