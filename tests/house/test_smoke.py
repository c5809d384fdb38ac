"""Whole random games run to the end with every card accounted for."""

import random

import pytest

from footcanasta_env import new_game
from footcanasta_env.footcanasta.engine import card_total


@pytest.mark.parametrize("seed", range(5))
def test_random_game_finishes_with_all_cards(seed):
    game = new_game(seed)
    pick = random.Random(seed)
    steps = 0
    while not game.is_over:
        acts = game.legal_actions()
        assert acts
        game.step(acts[pick.randrange(len(acts))])
        assert card_total(game) == 270
        steps += 1
        assert steps < 20000
    assert len(game.round_results) == 4
    assert game.scores == tuple(sum(r["scores"][t] for r in game.round_results) for t in (0, 1))
