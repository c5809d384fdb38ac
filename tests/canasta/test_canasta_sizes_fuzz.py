"""Canasta at every size (CANASTA_RULES.md section 14) in random play: exact masks against the plain oracle
(``tests/helpers/canasta_oracle.py``), every allowed action succeeding and every other refused by name with the
rule and the state unchanged, cards conserved (108, or 162 with three decks), scenarios out and in, the same seed
giving the same game, and the four-player game unchanged (its fingerprint from before the other sizes)."""

from __future__ import annotations

import numpy as np
import pytest
from helpers.canasta_fingerprint import fingerprint
from helpers.canasta_oracle import legal_names
from helpers.canasta_sizes import SIZES

from footcanasta_env import canasta
from footcanasta_env.canasta import IllegalActionError
from footcanasta_env.canasta.engine import card_total

FOUR_PLAYER_FINGERPRINT = ("d277351ee86c33fcf8e123533a82d42a830b41f7457117ab0c19fce0afca31e2", 3414)
"""``fingerprint(range(20), Rules(max_rounds=1))`` computed on the engine before section 14 (main at 10095d5)."""


def _random_play(rules: canasta.Rules, seed: int, steps: int, check_every: int = 0):
    """Random legal play, yielding (game, step) before each action."""
    g = canasta.new_game(seed, rules=rules)
    rng = np.random.default_rng(seed)
    for step in range(steps):
        if g.is_over:
            return
        yield g, step
        legal = g.legal_actions()
        g.step(legal[int(rng.integers(len(legal)))])


def _check_every_action(g) -> None:
    """Every legal action succeeds on a copy; every other is refused naming the action and a rule, the game
    unchanged."""
    before = g.to_scenario()
    legal = set(g.legal_actions())
    for a in range(canasta.NUM_ACTIONS):
        c = g.clone()
        if a in legal:
            c.step(a)
            continue
        with pytest.raises(IllegalActionError) as e:
            c.step(a)
        text = str(e.value)
        assert canasta.action_name(a) in text and "rule" in text, text
        assert c.to_scenario() == before
    assert g.to_scenario() == before


@pytest.mark.parametrize("size", SIZES)
def test_masks_are_exact_against_the_oracle_at_every_size(size):
    rules = canasta.Rules(max_rounds=3, **size)
    steps = 0
    for seed in range(3):
        for g, step in _random_play(rules, seed, 450):
            spec = g.to_scenario()
            got = {canasta.action_name(a) for a in g.legal_actions()}
            assert got == legal_names(spec), (size, seed, step, spec)
            assert set(np.flatnonzero(g.legal_mask())) == set(g.legal_actions())
            if step % 67 == 0:
                _check_every_action(g)
            steps += 1
    assert steps > 600


@pytest.mark.parametrize("size", SIZES)
def test_cards_are_conserved_and_scenarios_round_trip_at_every_size(size):
    rules = canasta.Rules(max_rounds=4, **size)
    total = 54 * rules.decks
    assert total == (162 if rules.players == 6 else 108)
    rounds = 0
    for seed in range(2):
        last = None
        for g, step in _random_play(rules, 10 + seed, 3000):
            assert card_total(g) == total
            assert len(g.hand) == rules.players and len(g.scores) == rules.sides
            if step % 53 == 0:
                spec = g.to_scenario()
                again = canasta.load_scenario(spec)
                assert again == g and again.to_scenario() == spec
            last = g
        rounds += last.round
    assert rounds >= 3


@pytest.mark.parametrize("size", SIZES)
def test_the_same_seed_deals_the_same_game_at_every_size(size):
    rules = canasta.Rules(max_rounds=2, **size)

    def history(seed):
        return [g.to_scenario()["players"] for g, _ in _random_play(rules, seed, 120)]

    assert history(5) == history(5)
    assert history(5) != history(6)
    daily = canasta.new_game(rules=rules, daily="2026-01-02")
    assert daily == canasta.new_game(rules=rules, daily="2026-01-02")
    assert daily != canasta.new_game(rules=rules, daily="2026-01-03")


def test_the_sizes_deal_different_games_from_one_seed():
    hands = {n: canasta.new_game(3, rules=canasta.Rules(players=n)).to_scenario()["players"] for n in (2, 3, 4, 6)}
    assert len({len(h) for h in hands.values()}) == 4


def test_four_players_play_exactly_as_before_the_other_sizes():
    assert fingerprint(range(20), canasta.Rules(max_rounds=1)) == FOUR_PLAYER_FINGERPRINT
    assert canasta.Rules() == canasta.Rules(players=4) == canasta.DEFAULT_RULES
    assert canasta.Rules().changes() == {}
