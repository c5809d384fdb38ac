"""CANASTA_RULES.md sections 1 and 2: the table, the cards, rounds and the deal."""

import numpy as np

from footcanasta_env import canasta
from footcanasta_env.canasta.engine.rounds import DECKS_OF
from footcanasta_env.family.cards import BLACK3, JOKER, KINDS, NUM_NATURAL, RED3, TWO
from tests.helpers.canasta_oracle import scenario

DECK = DECKS_OF[2]  # the four-player game's two decks

SEEDS = range(40)


def everywhere(g):
    """Counts per kind over every place a card can be."""
    counts = [0] * 15
    for p in range(4):
        for k in range(15):
            counts[k] += g.hand[p][k]
    for k in g.stock + g.pile:
        counts[k] += 1
    for t in (0, 1):
        counts[RED3] += g.red_threes[t]
        counts[BLACK3] += g.b3[t]
        for r in range(NUM_NATURAL):
            counts[r] += g.mnat[t][r]
            counts[TWO] += g.mtwo[t][r]
            counts[JOKER] += g.mjk[t][r]
    return counts


# Rule 1.1: four players, partners opposite, clockwise; team 0 = South + North.
def test_rule_1_1_clockwise_turns_and_partners_opposite():
    s = scenario(["K 9", "5 6", "7 8", "4 10"], phase="play", melds0=["Q Q Q"], melds1=["J J J"])
    g = canasta.load_scenario(s)
    g.step("discard 9")
    assert g.current_player == 1 and g.phase == "draw"
    g.step("draw")
    g.step("discard 5")
    assert g.current_player == 2
    v = g.view(2)
    assert v.team == 0 and v.melds[0] == ((8, 3, 0, 0),)  # North sees and shares South's Q meld


# Rule 1.2: two decks of 54: 108 cards of 15 kinds.
def test_rule_1_2_two_decks_of_fifteen_kinds():
    assert len(DECK) == 108
    for seed in (0, 1, 2):
        counts = everywhere(canasta.new_game(seed))
        assert counts == [8] * 11 + [8, 4, 4, 4]
        assert dict(zip(KINDS, counts, strict=True))["JK"] == 4


# Rule 1.3: card values, as held cards count against (rule 9.3).
def test_rule_1_3_card_values():
    # Each team's held cards: JK 50, 2 20, A 20, K 10, 8 10, 7 5, 4 5, B3 5; the round ends on an empty stock.
    s = scenario(["JK 2", "A K", "8 7", "4 B3"], stock="")
    g = canasta.load_scenario(s)
    g.step("draw")
    assert g.round_results[0]["scores"] == (-(50 + 20 + 10 + 5), -(20 + 10 + 5 + 5))


# Rule 2.1: the first dealer from the seed, the dealer's left plays first, the dealer rotates clockwise.
def test_rule_2_1_dealer_from_the_seed_and_rotation():
    dealers = set()
    for seed in SEEDS:
        g = canasta.new_game(seed)
        dealers.add(g.dealer)
        assert g.current_player == (g.dealer + 1) % 4
        assert g.dealer == int(np.random.default_rng(seed).integers(0, 4))
    assert dealers == {0, 1, 2, 3}
    s = scenario(["K 9", "5 6", "7 8", "4 10"], dealer=3, stock="")
    g = canasta.load_scenario(s)
    g.step("draw")  # the empty stock ends the round
    assert g.round == 2 and g.dealer == 0 and g.current_player == 1


# Rule 2.2: eleven cards each, the rest is the stock.
def test_rule_2_2_eleven_cards_each():
    for seed in SEEDS:
        g = canasta.new_game(seed)
        assert g.htot == [11] * 4 and [sum(h) for h in g.hand] == [11] * 4
        assert len(g.stock) == 108 - 44 - 1 - sum(g.red_threes)


# Rule 2.3: the first upcard is a natural; a wild card or three turned goes to the bottom of the stock.
def test_rule_2_3_first_upcard_is_natural_and_skipped_cards_go_to_the_bottom():
    skipped_seen = 0
    for seed in range(300):
        g = canasta.new_game(seed)
        assert g.pile and g.pile[0] < NUM_NATURAL and len(g.pile) == 1
        rng = np.random.default_rng(seed)  # the engine's recipe: the dealer, then the shuffle
        rng.integers(0, 4)
        order = rng.permutation(DECK).tolist()
        rest = order[:108 - 44]  # the stock after the hands, top last
        turned = []
        while rest[-1] >= NUM_NATURAL:
            turned.append(rest.pop())
        assert g.pile == [rest[-1]]
        if turned:
            skipped_seen += 1
            assert g.stock[:len(turned)] == turned[::-1]  # the bottom of the stock, in the order turned
    assert skipped_seen > 10


# Rule 2.4: dealt red threes are laid down for the partnership and replaced from the stock.
def test_rule_2_4_dealt_red_threes_are_laid_down_and_replaced():
    seen = 0
    for seed in SEEDS:
        g = canasta.new_game(seed)
        assert all(h[RED3] == 0 for h in g.hand)
        assert all(n == 11 for n in g.htot)
        seen += sum(g.red_threes)
    assert seen > 5
