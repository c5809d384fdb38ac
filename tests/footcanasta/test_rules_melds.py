"""RULES.md section 5: melds (natural, wild, threes, canastas, one incomplete meld per rank, no rearranging)."""

import pytest

from footcanasta_env import IllegalActionError, ScenarioError, action_name, load_scenario
from tests.helpers.oracle import scenario


def names(g):
    return {action_name(a) for a in g.legal_actions()}


def play(hand, melds=("A A A",), seat=0, **kw):
    """``seat`` in the play step of a partnership that is already down."""
    hands = ["9", "9", "9", "9"]
    hands[seat] = hand
    key = "melds0" if seat % 2 == 0 else "melds1"
    return load_scenario(scenario(hands, current=seat, phase="play", stock="7 7", **{key: list(melds)}, **kw))


# Rule 5.1: natural melds need at least twice as many naturals as wild cards, at all times.
def test_rule_5_1_natural_meld_starts():
    g = play("K K 2 JK 9")
    m = {n for n in names(g) if n.startswith("meld")}
    assert m == {"meld K K 2", "meld K K JK"}  # two kings: no K K K; one 2 and one JK: no wild meld
    g.step("meld K K JK")
    assert g.to_scenario()["teams"][0]["melds"] == ["K K JK", "A A A"]


def test_rule_5_1_second_wild_only_from_four_naturals():
    g = play("K K 2 2", melds=("K K 2",))   # 2 naturals, 1 wild: another wild would be 2:2
    assert "add K 2" not in names(g) and "add K K" in names(g)
    with pytest.raises(IllegalActionError, match=r"add K 2.*rule 5\.1"):
        g.step("add K 2")
    g.step("add K K")
    g.step("add K K")                         # K K K K 2: four naturals, one wild
    assert "add K 2" in names(g)
    g.step("add K 2")
    assert g.to_scenario()["teams"][0]["melds"] == ["K K K K 2 2"]
    assert g.to_scenario()["players"][0]["hand"] == "2"


def test_rule_5_1_no_third_wild_in_a_natural_meld():
    g = play("K JK 9", melds=("K K K K 2 2",))   # 4 naturals, 2 wild: a third wild would break 2:1
    assert "add K JK" not in names(g)
    assert "add K K" in names(g)


# Rule 5.2: a wild meld is 3 to 7 twos and jokers in any mix.
def test_rule_5_2_wild_melds_in_any_mix():
    g = play("2 2 JK JK 9")
    assert {n for n in names(g) if n.startswith("meld")} == {"meld 2 2 JK", "meld 2 JK JK"}
    g.step("meld 2 JK JK")
    assert {"add wild 2"} <= names(g)
    g.step("add wild 2")
    assert g.to_scenario()["teams"][0]["melds"] == ["A A A", "2 2 JK JK"]  # the wild meld is listed after A


# Rule 5.3: threes are never melded.
def test_rule_5_3_threes_never_melded():
    g = play("B3 B3 B3 9")
    assert not any(n.startswith(("meld", "add")) for n in names(g))
    with pytest.raises(ScenarioError, match="rule 5.3"):
        load_scenario(scenario(["9", "9", "9", "9"], melds0=["B3 B3 B3"]))


# Rule 5.4: at 7 cards a meld is a complete, closed canasta: clean, dirty or wild.
def test_rule_5_4_seventh_card_closes_the_canasta_and_nothing_more_is_added():
    g = play("K K 9", melds=("K K K K K K",))
    g.step("add K K")
    out = g.to_scenario()
    assert out["teams"][0]["melds"] == ["K K K K K K K"]
    # The canasta is closed: the last K cannot be added; a new K meld needs three cards.
    assert "add K K" not in names(g)
    with pytest.raises(IllegalActionError, match=r"add K K.*rule 5\.5"):
        g.step("add K K")


@pytest.mark.parametrize("meld,kind", [
    ("K K K K K K K", "clean"), ("K K K K K K 2", "dirty"), ("K K K K K JK 2", "dirty"),
    ("2 2 2 2 JK JK JK", "wild"),
])
def test_rule_5_4_canasta_kinds_by_their_bonus(meld, kind):
    # Score a round with just this canasta on the table (and nothing held): the bonus says its kind.
    s = scenario(["", "9", "9", "9"], feet=["", "", "", ""], current=1, melds0=[meld], stock="")
    g = load_scenario(s)
    g.step("draw")  # empty stock: the round ends (rule 10.1)
    b = g.round_results[0]["breakdown"][0]
    bonus = {"clean": 500, "dirty": 300, "wild": 1500}[kind]
    assert b["canastas"] == bonus


# Rule 5.5: any number of canastas per rank, one incomplete meld per rank; either partner adds.
def test_rule_5_5_one_incomplete_meld_per_rank():
    g = play("K K K 9", melds=("K K K",))
    assert "meld K K K" not in names(g)
    with pytest.raises(IllegalActionError, match=r"meld K K K.*rule 5\.5"):
        g.step("meld K K K")


def test_rule_5_5_new_meld_beside_a_complete_canasta():
    g = play("K K K 9", melds=("K K K K K K K",))
    g.step("meld K K K")
    assert g.to_scenario()["teams"][0]["melds"] == ["K K K", "K K K K K K K"]


def test_rule_5_5_partner_adds_to_the_partnership_meld():
    g = play("Q 9", melds=("Q Q Q",), seat=2)
    g.step("add Q Q")
    assert g.to_scenario()["teams"][0]["melds"] == ["Q Q Q Q"]


def test_rule_5_5_no_adding_to_the_opponents_meld():
    g = play("Q 9", melds=("A A A",), seat=1, melds0=["Q Q Q"])
    assert "add Q Q" not in names(g)


# Rule 5.6: melds on the table are never rearranged, split or moved (a discard leaves them alone).
def test_rule_5_6_table_melds_stay_put_through_a_turn():
    g = play("K K K 9 9", melds=("Q Q Q", "J J J J J J J"))
    g.step("meld K K K")
    g.step("discard 9")
    assert g.to_scenario()["teams"][0]["melds"] == ["J J J J J J J", "Q Q Q", "K K K"]
