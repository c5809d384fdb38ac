"""CANASTA_RULES.md section 4: taking the discard pile."""

import pytest

from footcanasta_env import canasta
from tests.helpers.canasta_oracle import scenario


def names(g):
    return {canasta.action_name(a) for a in g.legal_actions()}


def south(hand, pile, melds=("A A A",), **kw):
    """South to draw, team 0 down with ``melds``."""
    return canasta.load_scenario(scenario([hand, "5 6", "7 8", "4 10"], pile=pile, melds0=list(melds), **kw))


def refused(g, rule):
    assert "pickup" not in names(g)
    with pytest.raises(canasta.IllegalActionError, match=rf"pickup.*rules? [\d., ]*{rule}"):
        g.step("pickup")


# Rule 4.1: never from an empty pile, over a wild card or over a black three.
def test_rule_4_1_empty_pile():
    refused(south("K K 9", ""), r"4\.1")


@pytest.mark.parametrize("top", ["2", "JK", "B3"])
def test_rule_4_1_wild_or_black_three_on_top(top):
    refused(south(f"K K {top} {top} 9", f"K {top}", melds=("A A A", "K K K")), r"4\.1")


# Rule 4.2: frozen while the pile holds a wild card, and for a partnership before its initial meld.
def test_rule_4_2_a_wild_card_in_the_pile_freezes_it():
    g = south("K 9 8", "2 5 K", melds=("K K K",))
    assert g.view(0).frozen == (True, True)
    refused(g, r"4\.2")
    assert "pickup" in names(south("K 9 8", "5 K", melds=("K K K",)))  # the same without the two


def test_rule_4_2_frozen_before_the_initial_meld_and_unfrozen_by_a_pickup():
    g = canasta.load_scenario(scenario(["K 9 8", "Q Q 5 6", "7 8", "4 10"], pile="7 Q", melds1=["Q Q Q"]))
    assert g.view(0).frozen == (True, False)
    g = canasta.load_scenario(scenario(["K 9 8", "Q Q 5 6", "7 8", "4 10"], current=1, pile="2 7 Q",
                                       melds1=["K K K"]))
    assert g.view(1).frozen == (True, True)
    g.step("pickup")  # the pair of queens
    assert g.view(1).frozen == (True, False) and g.pile == []


def test_rule_4_2_a_discarded_wild_card_freezes_the_pile():
    g = canasta.load_scenario(scenario(["JK 9 8", "K 5 6", "7 8", "4 10"], phase="play", pile="K",
                                       melds0=["A A A"], melds1=["K K K"]))
    g.step("discard JK")
    assert g.view(1).frozen == (True, True)
    g.step("draw")
    g.step("discard K")  # a natural on top of the wild card: still frozen
    assert g.view(2).frozen == (True, True)


# Rule 4.3: from a frozen pile, a natural pair from the hand melded with the top card.
def test_rule_4_3_frozen_pile_with_a_natural_pair_makes_a_new_meld():
    g = south("K K 9", "2 5 K")
    g.step("pickup")
    out = g.to_scenario()
    assert out["teams"][0]["melds"] == ["K K K", "A A A"]
    assert out["players"][0]["hand"] == "5 9 2" and out["pile"] == ""


def test_rule_4_3_frozen_pile_pair_goes_into_the_meld_of_that_rank():
    g = south("K K 9", "2 5 K", melds=("K K K 2",))
    g.step("pickup")
    assert g.to_scenario()["teams"][0]["melds"] == ["K K K K K K 2"]


def test_rule_4_3_a_natural_and_a_wild_card_do_not_take_a_frozen_pile():
    refused(south("K 2 JK 9", "2 5 K", melds=("K K K",)), r"4\.3")


# Rule 4.4: from a pile that is not frozen, the top card alone into the meld of its rank.
def test_rule_4_4_unfrozen_pile_top_card_alone_into_the_table_meld():
    g = south("9 8", "5 6 K", melds=("K K K",))
    g.step("pickup")
    out = g.to_scenario()
    assert out["teams"][0]["melds"] == ["K K K K"]
    assert out["players"][0]["hand"] == "5 6 8 9"


def test_rule_4_4_without_a_meld_a_natural_pair_still_works_a_natural_and_wild_does_not():
    assert "pickup" in names(south("K K 9", "5 K"))
    refused(south("K JK 9", "5 K"), r"4\.4")


def test_rule_4_4_with_a_meld_and_a_pair_the_top_card_goes_alone():
    g = south("K K 9", "5 K", melds=("K K K",))
    g.step("pickup")
    out = g.to_scenario()
    assert out["teams"][0]["melds"] == ["K K K K"] and out["players"][0]["hand"] == "5 9 K K"


# Rule 4.5: the whole pile: the top card melded, every other card to the hand.
def test_rule_4_5_takes_the_whole_pile():
    g = south("K K 9", "4 4 4 5 6 7 8 9 10 J Q K")
    g.step("pickup")
    out = g.to_scenario()
    assert out["pile"] == ""
    assert out["players"][0]["hand"] == "4 4 4 5 6 7 8 9 9 10 J Q"
    assert out["memory"][0] == "4 4 4 5 6 7 8 9 10 J Q"  # rule 12: the public memory of the pickup


# Rule 4.6: before the initial meld, the pickup meld is part of the initial meld (with rule 7.3).
def test_rule_4_6_pickup_meld_counts_toward_the_initial_meld():
    g = canasta.load_scenario(scenario(["A A 9", "5 6", "7 8", "4 10"], pile="JK 9 A"))
    assert "pickup" in names(g)  # 3 aces = 60 >= 50
    g.step("pickup")
    assert g.view(0).down == (True, False) and g.to_scenario()["teams"][0]["melds"] == ["A A A"]
    g = canasta.load_scenario(scenario(["K K 9", "5 6", "7 8", "4 10"], pile="JK A A K"))
    refused(g, r"7\.3")  # 3 kings = 30 < 50, the pile's other cards do not count


def test_rule_4_4_one_card_in_hand_may_take_a_one_card_pile_on_the_way_out():
    # The engine's ruling (docs/CANASTA.md 4.4): rules 4.4 and 6.1 allow it once the partnership has a canasta.
    g = south("9", "K", melds=("K K K", "A A A A A A A"))
    g.step("pickup")
    assert names(g) == {"discard 9"}
    g.step("discard 9")
    assert g.round_results[0]["went_out"] == 0
