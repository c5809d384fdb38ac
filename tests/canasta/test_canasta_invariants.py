"""Canasta engine invariants over seeded random games: the exact mask, the oracle, every card, seeds and dailies.
Seeds, clones and scenario round trips as every game keeps them: tests/conformance/test_scenario_conformance.py."""

import numpy as np
import pytest

from footcanasta_env import canasta
from footcanasta_env.canasta.actions import ACTION_TYPE, DISCARD, DRAW
from footcanasta_env.canasta.engine import card_total
from tests.helpers.canasta_oracle import legal_names

NAMES = canasta.ACTION_NAMES


def random_play(seed, max_steps=4000, check=None, keen=False):
    """Play seeded random legal actions (``keen``: mostly melds and pickups, so that rounds go out);
    ``check(game, legal)`` before each step."""
    g = canasta.new_game(seed)
    rng = np.random.default_rng(seed + 1000)
    for _ in range(max_steps):
        if g.is_over:
            break
        legal = g.legal_actions()
        if check:
            check(g, legal)
        pool = legal
        if keen and rng.random() < 0.9:
            pool = [a for a in legal if ACTION_TYPE[a] not in (DRAW, DISCARD)] or legal
        g.step(pool[int(rng.integers(len(pool)))])
    return g


@pytest.mark.parametrize("seed", range(4))
def test_mask_is_exact_and_every_card_is_accounted_for(seed):
    rng = np.random.default_rng(seed)

    def check(g, legal):
        assert legal, "the mask is never empty while the game runs"
        assert card_total(g) == 108
        mask = g.legal_mask()
        assert sorted(np.flatnonzero(mask).tolist()) == legal
        before = g.to_scenario()
        for a in rng.choice(canasta.NUM_ACTIONS, size=6, replace=False).tolist():
            if a in legal:
                c = g.clone()
                c.step(a)  # every legal action succeeds
                assert card_total(c) == 108
            else:
                with pytest.raises(canasta.IllegalActionError, match=NAMES[a].split()[0]):
                    g.step(a)
                assert "rule" in g.why_illegal(a)
                assert g.to_scenario() == before  # state unchanged

    g = random_play(seed, max_steps=1000, check=check, keen=seed % 2 == 1)
    assert card_total(g) == 108


@pytest.mark.parametrize("seed", range(3))
def test_engine_agrees_with_the_oracle(seed):
    def check(g, legal):
        assert {NAMES[a] for a in legal} == legal_names(g.to_scenario())

    random_play(100 + seed, max_steps=1000, check=check, keen=seed > 0)


def test_random_games_end():
    for seed in range(3):
        g = random_play(200 + seed, max_steps=200_000)
        assert g.is_over
        assert g.legal_actions() == []
        assert sum(r["scores"][0] for r in g.round_results) == g.scores[0]


def test_different_seeds_deal_differently_and_daily_is_fixed():
    assert canasta.new_game(1).to_scenario()["players"] != canasta.new_game(2).to_scenario()["players"]
    assert canasta.new_game(daily="2026-01-02") == canasta.new_game(daily="2026-01-02")
    assert canasta.new_game(daily="2026-01-02") != canasta.new_game(daily="2026-01-03")
    with pytest.raises(ValueError, match="either seed or daily"):
        canasta.new_game(1, daily="2026-01-02")
    with pytest.raises(ValueError, match="seed"):
        canasta.new_game(-1)
