"""What a seat's observation hides at every table size (CANASTA_RULES.md rules 12 and 14.8): re-deal the cards it
cannot see (``sample_world``: every other hand, a partner's included, and the stock) and its observation, from
the reference encoder and from the envs' ``GameEncoder`` alike, stays byte-identical, while the re-dealt worlds
do differ in those hands. The privileged features (``hidden_cards``) hold exactly those hands, per size."""

from __future__ import annotations

import numpy as np
import pytest

from footcanasta_env import canasta
from footcanasta_env.canasta.observation import GameEncoder, encode, hidden_cards, hidden_cards_size
from footcanasta_env.family.cards import JOKER, NUM_KINDS, NUM_NATURAL, TWO
from tests.helpers.canasta_sizes import SIZES


def _positions(rules, seed, every=9):
    """Positions of one random game, every ``every`` actions (as independent copies)."""
    g = canasta.new_game(seed, rules=rules)
    rng = np.random.default_rng(seed)
    out = []
    steps = 0
    while not g.is_over:
        if steps % every == 0:
            out.append(g.clone())
        legal = g.legal_actions()
        g.step(legal[int(rng.integers(len(legal)))])
        steps += 1
    return out


@pytest.mark.parametrize("size", SIZES)
def test_redealing_every_hidden_card_leaves_the_observation_byte_identical(size):
    rules = canasta.Rules(max_rounds=1, **size)
    geo = canasta.geometry(rules)
    n = rules.players
    rng = np.random.default_rng(7)
    moved = {"other": 0, "partner": 0}
    checked = 0
    for g in _positions(rules, 4):
        for seat in range(n):
            view = g.view(seat)
            obs = encode(view).tobytes()
            assert GameEncoder(g).observe(seat).tobytes() == obs
            for _ in range(2):
                world = canasta.sample_world(view, rng)
                assert encode(world.view(seat)).tobytes() == obs
                assert GameEncoder(world).observe(seat).tobytes() == obs
                checked += 1
                for other in range(n):
                    if other != seat and world.hand[other] != g.hand[other]:
                        moved["partner" if other in geo.partners(seat) else "other"] += 1
    assert checked > 20
    assert moved["other"] > 0  # the shuffles did re-deal hands the observation must not show
    if any(geo.partners(s) for s in range(n)):
        assert moved["partner"] > 0  # a partner's hand too


@pytest.mark.parametrize("size", SIZES)
def test_hidden_cards_hold_every_other_hand_and_the_stock_per_size(size):
    rules = canasta.Rules(max_rounds=1, **size)
    n = rules.players
    scale = np.float32(1 / (4 * rules.decks))  # a count x 1/8, x 1/12 with three decks
    assert hidden_cards_size(rules) == NUM_KINDS * (n + 1)
    for g in _positions(rules, 6, every=13):
        for seat in range(n):
            h = hidden_cards(g, seat)
            assert h.shape == (NUM_KINDS * (n + 1),) and h.dtype == np.float32
            for rel in range(1, n):
                s = (seat + rel) % n
                want = list(g.hand[s])
                t = g.side_of[s]
                if s == g.current_player and not g.down[t]:  # its set-aside melds are still its cards
                    for r in range(NUM_NATURAL):
                        want[r] += g.mnat[t][r]
                    want[TWO] += sum(g.mtwo[t])
                    want[JOKER] += sum(g.mjk[t])
                block = h[(rel - 1) * NUM_KINDS:rel * NUM_KINDS]
                assert np.array_equal(block, np.array(want, dtype=np.float32) * scale)
            near = np.bincount(g.stock[-4:], minlength=NUM_KINDS) if g.stock else np.zeros(NUM_KINDS)
            assert np.array_equal(h[(n - 1) * NUM_KINDS:n * NUM_KINDS], near.astype(np.float32) * scale)
    with pytest.raises(ValueError, match=f"seat must be 0 to {n - 1} \\({n} players\\), got {n}"):
        hidden_cards(canasta.new_game(1, rules=rules), n)


def test_four_player_hidden_cards_keep_their_size():
    assert hidden_cards_size(canasta.Rules()) == canasta.HIDDEN_CARDS_SIZE == 75
