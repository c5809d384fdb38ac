"""RULES.md section 4: taking the discard pile."""

import pytest

from footcanasta_env import IllegalActionError, action_name, load_scenario
from tests.helpers.oracle import scenario


def names(g):
    return {action_name(a) for a in g.legal_actions()}


def down_team0(hand, pile, melds=("A A A",), **kw):
    """South to draw, team 0 already down."""
    return load_scenario(scenario([hand, "4", "5", "6"], pile=pile, melds0=list(melds), stock="7 7", **kw))


# Rule 4.1: not from an empty pile, not over a three.
def test_rule_4_1_empty_pile_cannot_be_taken():
    g = down_team0("K K 9", "")
    assert names(g) == {"draw"}
    with pytest.raises(IllegalActionError, match=r"pickup.*rule 4\.1"):
        g.step("pickup")


def test_rule_4_1_black_three_on_top_blocks_even_with_a_pair_of_black_threes():
    g = down_team0("B3 B3 9", "K B3")
    assert "pickup" not in names(g)
    with pytest.raises(IllegalActionError, match=r"pickup.*rule 4\.1"):
        g.step("pickup")


def test_rule_4_1_black_three_blocks_exactly_one_player():
    # South discards a black three; West (holding 9 9, the card below) is blocked; West discards a 9,
    # then North may take the pile with a pair of nines.
    s = scenario(["B3 K", "9 9 9 Q", "9 9 5", "6"], phase="play", pile="9", melds0=["A A A"],
                 melds1=["J J J"], stock="8 8 7 7")
    g = load_scenario(s)
    g.step("discard B3")
    assert g.current_player == 1 and "pickup" not in names(g)
    g.step("draw")
    g.step("discard 9")
    assert g.current_player == 2 and "pickup" in names(g)


# Rule 4.2: a pair matching the top card in hand; set-aside cards do not count; wild tops need an exact pair.
def test_rule_4_2_needs_two_matching_naturals_in_hand():
    assert "pickup" not in names(down_team0("K 2 JK 9", "K"))  # one K plus wild cards is not a pair
    assert "pickup" in names(down_team0("K K 9", "K"))


def test_rule_4_2_set_aside_cards_do_not_count_for_the_pair():
    # Team 0 not down; South has set aside K K K and holds one K: the pair must be in the hand.
    s = scenario(["K A A A", "4", "5", "6"], pile="K", set_aside=["K K K"], stock="7 7")
    g = load_scenario(s)
    assert "pickup" not in names(g)
    with pytest.raises(IllegalActionError, match=r"pickup.*rule 4\.2"):
        g.step("pickup")


@pytest.mark.parametrize("hand,top,ok", [
    ("JK JK 9", "JK", True),
    ("2 JK 9", "JK", False),
    ("2 2 9", "JK", False),
    ("2 2 9", "2", True),
    ("2 JK JK 9", "2", False),
])
def test_rule_4_2_wild_top_needs_an_exact_pair(hand, top, ok):
    g = down_team0(hand, "8 " + top)
    assert ("pickup" in names(g)) == ok


# Rule 4.3: the top card and the pair are melded at once: a new meld, or joining the incomplete meld.
def test_rule_4_3_pickup_starts_a_new_meld():
    g = down_team0("K K 9", "4 5 K")
    g.step("pickup")
    out = g.to_scenario()
    assert out["teams"][0]["melds"] == ["K K K", "A A A"]
    assert out["players"][0]["hand"] == "4 5 9"
    assert out["pile"] == ""
    assert g.phase == "play"


def test_rule_4_3_pickup_joins_the_incomplete_meld_and_may_complete_it():
    g = down_team0("K K 9", "4 K", melds=("K K K 2",))  # 4 cards + 3 = a dirty canasta
    g.step("pickup")
    out = g.to_scenario()
    assert out["teams"][0]["melds"] == ["K K K K K K 2"]
    assert out["players"][0]["hand"] == "4 9"


@pytest.mark.parametrize("meld", ["K K K K 2", "K K K K K 2"])
def test_rule_4_3_pickup_refused_when_the_meld_has_5_or_6_cards(meld):
    g = down_team0("K K 9", "4 K", melds=(meld,))
    assert "pickup" not in names(g)
    with pytest.raises(IllegalActionError, match=r"pickup.*rule 4\.3"):
        g.step("pickup")


def test_rule_4_3_pickup_beside_a_complete_canasta_makes_a_new_meld():
    g = down_team0("K K 9", "4 K", melds=("K K K K K K K",))
    g.step("pickup")
    assert g.to_scenario()["teams"][0]["melds"] == ["K K K", "K K K K K K K"]


def test_rule_4_3_wild_top_joins_the_wild_meld():
    g = down_team0("JK JK 9", "4 JK", melds=("2 2 2",))
    g.step("pickup")
    out = g.to_scenario()
    assert out["teams"][0]["melds"] == ["2 2 2 JK JK JK"]
    assert out["players"][0]["hand"] == "4 9"


def test_rule_4_3_pickup_in_set_aside_joins_a_set_aside_meld_at_5_refused():
    # Before the initial meld, the set-aside K meld counts as the partnership's incomplete meld.
    s = scenario(["K K A A A", "4", "5", "6"], pile="K", set_aside=["K K K K 2"], stock="7 7")
    g = load_scenario(s)
    assert "pickup" not in names(g)


# Rule 4.4: the top seven cards; the top one is melded, the others go to the hand.
def test_rule_4_4_takes_the_top_seven_cards():
    g = down_team0("K K 9", "4 4 4 5 6 7 8 9 10 K")  # 10 cards: the bottom 3 stay
    g.step("pickup")
    out = g.to_scenario()
    assert out["pile"] == "4 4 4"
    assert out["players"][0]["hand"] == "5 6 7 8 9 9 10"
    assert out["teams"][0]["melds"] == ["K K K", "A A A"]


def test_rule_4_4_pile_cards_go_to_the_foot_when_playing_from_it():
    s = scenario(["K K 9 9", "4", "5", "6"], feet=["", "4 5 6", "4 5 6", "4 5 6"], pile="J Q K",
                 melds0=["A A A"], stock="7 7")
    g = load_scenario(s)
    g.step("pickup")
    out = g.to_scenario()
    assert out["players"][0] == {"hand": "9 9 J Q", "foot": ""}


# Rule 4.5: no freezing: wild cards in the pile do not stop a pickup.
def test_rule_4_5_wild_cards_in_the_pile_do_not_freeze_it():
    g = down_team0("K K 9", "JK 2 K")
    assert "pickup" in names(g)
    g.step("pickup")
    assert g.to_scenario()["players"][0]["hand"] == "9 2 JK"
