"""RULES.md section 7: the initial meld (minimums, setting aside, laydown, pickup with set-aside melds)."""

import pytest

from footcanasta_env import IllegalActionError, action_name, load_scenario
from tests.helpers.oracle import scenario


def names(g):
    return {action_name(a) for a in g.legal_actions()}


def south(hand, phase="play", set_aside=None, round=1, pile="", **kw):
    """South to act, partnership 0 not yet down."""
    return load_scenario(scenario([hand, "9", "9", "9"], phase=phase, set_aside=set_aside, round=round,
                                  pile=pile, stock="7 7", **kw))


# Rule 7.1: minimums 50, 90, 120, 150 by round; only the card values of the cards laid down count.
@pytest.mark.parametrize("round,ok", [(1, True), (2, True), (3, False), (4, False)])
def test_rule_7_1_minimum_by_round(round, ok):
    g = south("9 8", set_aside=["K K K", "A A A"], round=round)  # 30 + 60 = 90
    assert ("laydown" in names(g)) == ok


def test_rule_7_1_below_the_minimum_is_refused_with_the_rule():
    g = south("9 8", set_aside=["K K K", "Q Q Q"])  # 30 + 30 = 60 >= 50: allowed
    assert "laydown" in names(g)
    g = south("9 8", set_aside=["K K K"])  # 30 < 50
    assert "laydown" not in names(g)
    with pytest.raises(IllegalActionError, match=r"laydown.*rule 7\.1"):
        g.step("laydown")


def test_rule_7_1_no_canasta_bonus_and_no_red_threes_toward_the_minimum():
    # A clean canasta of eights is worth 70 in cards (its 500 bonus does not count): short of 90 in round 2.
    g = south("9 8", set_aside=["8 8 8 8 8 8 8"], round=2, red0=3)
    assert "laydown" not in names(g)


# Rule 7.2: set aside melds, then lay them down together; a discard returns them all first.
def test_rule_7_2_set_aside_then_laydown():
    g = south("K K K A A 2 9 8")
    g.step("meld K K K")
    g.step("meld A A 2")   # 30 + 40 + 20 = 90
    out = g.to_scenario()
    assert out["teams"][0] == {"melds": [], "red_threes": 0, "down": False}   # nothing on the table yet
    assert out["players"][0]["set_aside"] == ["K K K", "A A 2"]
    assert out["players"][0]["hand"] == "8 9"
    g.step("laydown")
    out = g.to_scenario()
    assert out["teams"][0] == {"melds": ["K K K", "A A 2"], "red_threes": 0, "down": True}
    assert "set_aside" not in out["players"][0]
    assert names(g) == {"discard 8", "discard 9"}   # K/A adds need cards not held


def test_rule_7_2_laydown_only_in_the_play_step():
    g = south("9 8", phase="draw", set_aside=["K K K", "A A A"])
    assert "laydown" not in names(g)
    with pytest.raises(IllegalActionError, match=r"laydown.*rule 7\.2"):
        g.step("laydown")


def test_rule_7_2_melds_may_be_set_aside_in_the_draw_step():
    g = south("K K K 9", phase="draw")
    assert "meld K K K" in names(g)
    g.step("meld K K K")
    assert g.phase == "draw" and g.to_scenario()["players"][0]["set_aside"] == ["K K K"]


def test_rule_7_2_discard_returns_set_aside_cards_and_may_discard_one_of_them():
    g = south("9 8", set_aside=["K K K", "Q Q Q 2"])
    assert {"discard K", "discard Q", "discard 2", "discard 9", "discard 8"} == names(g) - {"laydown"}
    g.step("discard 2")
    out = g.to_scenario()
    assert out["players"][0]["hand"] == "8 9 Q Q Q K K K"
    assert "set_aside" not in out["players"][0]
    assert out["teams"][0]["melds"] == [] and out["pile"] == "2"
    assert g.current_player == 1


def test_rule_7_2_set_aside_cards_count_as_held_at_the_end_of_the_round():
    # South set aside K K K in the draw step, then draws from an empty stock: the round ends.
    s = scenario(["9", "4", "5", "6"], feet=["", "", "", ""], set_aside=["K K K"], stock="")
    g = load_scenario(s)
    g.step("draw")
    res = g.round_results[0]
    assert res["breakdown"][0]["melds"] == 0
    assert res["scores"] == (-(30 + 10 + 5), -(5 + 5))


# Rule 7.3: pickup with set-aside melds: the top card counts toward the minimum, the rest of the pile not.
def test_rule_7_3_top_card_counts_other_pile_cards_do_not():
    # Six aces under the K are worth 120 but do not count: K K K alone is 30 < 50.
    g = south("K K 9 9 9 4", phase="draw", pile="A A A A A A K")
    assert "pickup" not in names(g)
    with pytest.raises(IllegalActionError, match=r"pickup.*rule 7\.3"):
        g.step("pickup")
    # Setting aside 9 9 9 (30) first: 30 + K K K (30) = 60 >= 50.
    g.step("meld 9 9 9")
    assert "pickup" in names(g)
    g.step("pickup")
    out = g.to_scenario()
    assert out["teams"][0] == {"melds": ["9 9 9", "K K K"], "red_threes": 0, "down": True}
    assert out["players"][0]["hand"] == "4 A A A A A A"
    assert out["pile"] == ""
    assert g.phase == "play"
    # The aces from the pile may be melded now that the partnership is down.
    assert "meld A A A" in names(g)


def test_rule_7_3_top_card_value_alone_can_reach_the_minimum():
    # Jokers: 3 x 50 = 150 >= 50, with nothing set aside.
    g = south("JK JK 9", phase="draw", pile="4 JK")
    g.step("pickup")
    out = g.to_scenario()
    assert out["teams"][0]["melds"] == ["JK JK JK"]
    assert out["players"][0]["hand"] == "4 9"


def test_rule_7_3_pickup_joins_a_set_aside_meld_of_its_rank():
    # K K K set aside (30); the pickup pair + top K join it: K K K K K K (60) goes down.
    g = south("K K 9", phase="draw", pile="5 K", set_aside=["K K K"])
    assert "pickup" in names(g)
    g.step("pickup")
    out = g.to_scenario()
    assert out["teams"][0]["melds"] == ["K K K K K K"]
    assert out["players"][0]["hand"] == "5 9"


# Rule 7.4: after the lay-down neither partner has a minimum.
def test_rule_7_4_partner_melds_freely_after_the_laydown():
    s = scenario(["9", "9", "Q Q Q 4 4", "9"], current=2, phase="play", melds0=["A A A"], stock="7 7")
    g = load_scenario(s)
    g.step("meld Q Q Q")  # 30 points straight onto the table
    out = g.to_scenario()
    assert out["teams"][0]["melds"] == ["Q Q Q", "A A A"]
    assert "set_aside" not in out["players"][2]
    assert "laydown" not in names(g)
