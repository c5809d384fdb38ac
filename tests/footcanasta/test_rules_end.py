"""RULES.md section 10: the end of a round and of the game."""

import pytest

from footcanasta_env import IllegalActionError, load_scenario
from footcanasta_env.family.cards import parse_cards
from tests.helpers.oracle import scenario


# Rule 10.1: a round ends when the player at the draw step faces an empty stock and does not take the pile;
# the next round is dealt at once, the dealer moving one seat clockwise.
def test_rule_10_1_empty_stock_ends_the_round_and_the_next_is_dealt():
    s = scenario(["9 9", "4", "5", "6"], feet=["", "", "", ""], pile="9", dealer=2, current=3,
                 melds0=["A A A"], stock="", scores=(10, 20))
    s["players"][3]["hand"] = "6"
    g = load_scenario(s)
    assert g.current_player == 3
    g.step("draw")
    assert g.round_results[0]["ended_by"] == "stock" and g.round_results[0]["went_out"] is None
    out = g.to_scenario()
    assert g.round == 2 and g.phase == "draw"
    assert out["dealer"] == 3 and g.current_player == 0
    for p in out["players"]:
        assert len(parse_cards(p["hand"])) == 13 and len(parse_cards(p["foot"])) == 13
    assert out["teams"][0]["melds"] == [] and out["teams"][1]["melds"] == []
    # Team 0: A A A = 60 - South's 9 9 (20) - North's 5 -> 35; team 1: -(5 + 5).
    assert g.scores == (10 + 35, 20 - 10)


def test_rule_10_1_taking_the_pile_with_an_empty_stock_goes_on():
    s = scenario(["9 9 8", "4", "5", "6"], pile="9", melds0=["A A A"], stock="")
    g = load_scenario(s)
    g.step("pickup")
    assert g.round == 1 and g.phase == "play" and g.round_results == []


# Rule 10.2: after four rounds the higher total wins; equal totals are a draw; the game is over.
@pytest.mark.parametrize("scores,winner", [((500, 100), 0), ((100, 500), 1), ((300, 300), None)])
def test_rule_10_2_game_ends_after_four_rounds(scores, winner):
    # Round 4; both teams hold cards worth 10 when the stock runs out.
    s = scenario(["9", "4", "5", "6"], feet=["", "", "", ""], round=4, stock="", scores=scores)
    s["players"][2]["hand"] = "4"   # team 0 holds 9 + 4 = 15
    s["players"][3]["hand"] = "4 4"  # team 1 holds 4 + 4 4 = 15
    g = load_scenario(s)
    g.step("draw")
    assert g.is_over
    assert g.scores == (scores[0] - 15, scores[1] - 15)
    assert g.winner() == winner
    assert g.legal_actions() == [] and not g.legal_mask().any()
    before = g.to_scenario()
    with pytest.raises(IllegalActionError):
        g.step("draw")
    assert g.to_scenario() == before


def test_rule_10_2_four_rounds_in_a_whole_game():
    import random

    from footcanasta_env import new_game

    g = new_game(8)
    rng = random.Random(8)
    while not g.is_over:
        g.step(rng.choice(g.legal_actions()))
    assert [r["round"] for r in g.round_results] == [1, 2, 3, 4]
    assert g.scores == tuple(sum(r["scores"][t] for r in g.round_results) for t in (0, 1))
