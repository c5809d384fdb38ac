"""CANASTA_RULES.md sections 5 and 7: melds, and the initial meld."""

import pytest

from footcanasta_env import canasta
from tests.helpers.canasta_oracle import scenario


def names(g):
    return {canasta.action_name(a) for a in g.legal_actions()}


def play(hand, melds=("A A A",), partner="7 8", **kw):
    """South to play (drawn already), team 0 down with ``melds``."""
    kw.setdefault("phase", "play")
    return canasta.load_scenario(scenario([hand, "5 6", partner, "4 10"], melds0=list(melds), **kw))


def before_initial(hand, **kw):
    """South to play, team 0 not down yet."""
    kw.setdefault("phase", "play")
    return canasta.load_scenario(scenario([hand, "5 6", "7 8", "4 10"], **kw))


def refused(g, action, rule):
    assert action not in names(g)
    with pytest.raises(canasta.IllegalActionError, match=rf"{action}.*rules? [\d., ]*{rule}"):
        g.step(action)


# Rule 5.1: three or more cards of one rank, at least two naturals, at most three wild cards.
def test_rule_5_1_at_most_three_wild_cards():
    g = play("2 JK 9 8 7", melds=("K K K 2 2",))
    assert {"add K 2", "add K JK"} <= names(g)
    g.step("add K JK")
    refused(g, "add K 2", r"5\.1")
    assert g.to_scenario()["teams"][0]["melds"] == ["K K K 2 2 JK"]


def test_rule_5_1_a_new_meld_needs_two_naturals():
    g = play("K 2 JK 9 8")
    assert not any(n.startswith("meld K") for n in names(g))
    with pytest.raises(ValueError, match="unknown Canasta action"):
        canasta.action_id("meld K 2 JK")
    with pytest.raises(canasta.ScenarioError, match=r"rule 5\.1"):
        play("9 8", melds=("K 2 2",))


# Rule 5.2: no meld of wild cards alone, red threes never melded.
def test_rule_5_2_no_wild_meld_and_no_red_three_meld():
    for name in ("meld 2 2 2", "meld JK JK JK", "meld R3 R3 R3", "add wild 2"):
        with pytest.raises(ValueError, match="unknown Canasta action"):
            canasta.action_id(name)
    with pytest.raises(canasta.ScenarioError, match=r"rule 5\.2"):
        play("9 8", melds=("A A A", "2 2 JK"))
    g = play("2 2 JK 9 8")
    assert names(g) == {"discard 8", "discard 9", "discard 2", "discard JK", "add A 2", "add A JK"}


# Rule 5.3: black threes only on the way out: three or four, no wild card, at most one card left.
def test_rule_5_3_black_threes_on_the_way_out():
    g = play("B3 B3 B3 9", melds=("A A A A A A A",))
    assert "meld B3 B3 B3" in names(g)
    g.step("meld B3 B3 B3")
    assert names(g) == {"discard 9"}
    g.step("discard 9")
    res = g.round_results[0]
    assert res["went_out"] == 0 and res["breakdown"][0]["melds"] == 7 * 20 + 3 * 5


def test_rule_5_3_black_threes_refused_with_cards_left_or_without_a_canasta():
    refused(play("B3 B3 B3 9 8", melds=("A A A A A A A",)), "meld B3 B3 B3", r"5\.3")
    refused(play("B3 B3 B3 9", melds=("A A A",)), "meld B3 B3 B3", r"5\.3")
    g = play("B3 B3 B3 B3", melds=("A A A A A A A",))
    assert names(g) == {"meld B3 B3 B3", "meld B3 B3 B3 B3", "discard B3"}
    g.step("meld B3 B3 B3 B3")
    assert g.round_results[0]["went_out"] == 0


def test_rule_5_3_black_threes_with_the_card_that_completes_a_canasta():
    g = play("B3 B3 B3 A", melds=("A A A A A A",))
    assert "meld B3 B3 B3" in names(g)
    g.step("meld B3 B3 B3")
    assert names(g) == {"add A A"}  # a discard would go out without a canasta
    g.step("add A A")
    assert g.round_results[0]["went_out"] == 0


# Rule 5.4: one meld per rank, growing past seven.
def test_rule_5_4_one_meld_per_rank_that_grows():
    g = play("K K 2 9 8", melds=("K K K K K",))
    refused(g, "meld K K 2", r"5\.4")
    for a in ("add K K", "add K K", "add K 2"):
        g.step(a)
    assert g.to_scenario()["teams"][0]["melds"] == ["K K K K K K K 2"]  # a canasta of eight
    with pytest.raises(canasta.ScenarioError, match=r"rule 5\.4"):
        play("9 8", melds=("K K K", "K K K K"))


# Rule 5.5: natural canasta 500, mixed 300; a wild card added makes it mixed for good.
def test_rule_5_5_natural_and_mixed_canastas():
    g = play("2 9 8", melds=("K K K K K K K", "Q Q Q Q Q 2 2"), stock="")
    assert g.view(0).canastas(0) == (1, 1)
    g.step("add K 2")
    assert g.view(0).canastas(0) == (0, 2)
    g.step("discard 8")
    g.step("draw")  # West faces the empty stock: the round ends
    b = g.round_results[0]["breakdown"][0]
    assert b["natural"] == 0 and b["mixed"] == 2 and b["canastas"] == 600


# Rule 5.6: either partner adds to the partnership's melds.
def test_rule_5_6_the_partner_adds_to_a_meld():
    g = canasta.load_scenario(scenario(["9 8", "5 6", "K 2 7 8", "4 10"], current=2, phase="play",
                                       melds0=["K K K"], melds1=["J J J"]))
    g.step("add K K")
    g.step("add K 2")
    assert g.to_scenario()["teams"][0]["melds"] == ["K K K K 2"]


# Rule 7.1: the minimum by the partnership's total at the start of the round; card values only.
@pytest.mark.parametrize("score,minimum", [(-5, 15), (0, 50), (1495, 50), (1500, 90), (2995, 90), (3000, 120)])
def test_rule_7_1_minimum_by_score(score, minimum):
    g = before_initial("9 8", set_aside=["K K K"], scores=(score, 0))
    assert g.minimum(0) == minimum == g.view(0).minimums[0]
    assert ("laydown" in names(g)) == (30 >= minimum)


def test_rule_7_1_below_the_minimum_refused_and_no_bonus_counts():
    g = before_initial("9 7", set_aside=["8 8 8 8 8 8 8"], scores=(1500, 0), red0=4)  # 70 < 90
    refused(g, "laydown", r"7\.1")


# Rule 7.2: set aside, then lay down together; a discard returns them; set-aside cards count as held.
def test_rule_7_2_set_aside_then_laydown():
    g = before_initial("K K K A A 2 9 8")
    g.step("meld K K K")
    out = g.to_scenario()
    assert out["teams"][0]["melds"] == [] and out["players"][0]["set_aside"] == ["K K K"]
    refused(g, "laydown", r"7\.1")  # 30 < 50
    g.step("meld A A 2")
    g.step("laydown")
    out = g.to_scenario()
    assert out["teams"][0] == {"melds": ["K K K", "A A 2"], "red_threes": 0, "down": True}
    assert out["has_melded"] == [True, False, False, False]


def test_rule_7_2_a_discard_returns_the_set_aside_cards():
    g = before_initial("K K K 9 8")
    g.step("meld K K K")
    assert "discard K" in names(g)
    g.step("discard 9")
    out = g.to_scenario()
    assert out["players"][0] == {"hand": "8 K K K"} and out["teams"][0]["melds"] == []


def test_rule_7_2_set_aside_cards_count_as_held_at_the_end_of_the_round():
    g = before_initial("K K K 9 8", phase="draw", stock="")
    g.step("meld K K K")
    g.step("draw")  # the empty stock ends the round
    assert g.round_results[0]["breakdown"][0]["cards_held"] == -(30 + 10 + 10 + 5 + 10)  # with North's 7 8


# Rule 7.3: a pickup's lay-down: the pickup meld and melds set aside before it, from cards held before.
def test_rule_7_3_pickup_with_set_aside_melds():
    g = before_initial("Q Q Q 9 9 8", phase="draw", pile="A A 9")  # 9 9 9 = 30, Q Q Q = 30
    assert "pickup" not in names(g)
    g.step("meld Q Q Q")
    assert "pickup" in names(g)
    g.step("pickup")
    out = g.to_scenario()
    assert out["teams"][0]["melds"] == ["9 9 9", "Q Q Q"]
    assert out["players"][0]["hand"] == "8 A A"  # the aces came with the pile, after the lay-down


# Rule 7.4: after the lay-down neither partner has a minimum.
def test_rule_7_4_no_minimum_after_the_lay_down():
    g = canasta.load_scenario(scenario(["9 8", "5 6", "4 4 4 7 8", "4 10"], current=2, phase="play",
                                       melds0=["K K K"]))
    assert "meld 4 4 4" in names(g)  # 15 points, far below 50
    g.step("meld 4 4 4")
    assert g.to_scenario()["teams"][0]["melds"] == ["4 4 4", "K K K"]


def test_rule_5_3_black_threes_after_the_laydown_in_a_concealed_going_out():
    # Black threes never go into the set-aside melds (the engine's ruling): lay down first, then meld them.
    g = before_initial("K K K K K K K B3 B3 B3")
    g.step("meld K K K")
    assert not any("B3 B3" in n for n in names(g))
    for a in ["add K K"] * 4 + ["laydown", "meld B3 B3 B3"]:
        g.step(a)
    res = g.round_results[0]
    assert res["went_out"] == 0 and res["concealed"]
    assert res["scores"][0] == 70 + 15 + 500 + 200 - 15  # North still holds 7 8


def test_rule_7_2_a_laydown_may_not_leave_one_card_without_a_canasta():
    g = before_initial("K K K A A A 9")
    g.step("meld K K K")
    g.step("meld A A A")
    refused(g, "laydown", r"6\.1")
    g = before_initial("K K K A A A 9 8")
    g.step("meld K K K")
    g.step("meld A A A")
    assert "laydown" in names(g)
