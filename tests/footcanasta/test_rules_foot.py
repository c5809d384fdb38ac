"""RULES.md section 6 (the foot) and section 8 (going out, never being without cards)."""

import pytest

from footcanasta_env import IllegalActionError, action_name, load_scenario
from tests.helpers.oracle import scenario

# Enough canastas to go out (rule 8.1): 2 clean, 2 dirty, 1 wild.
READY = ["K K K K K K K", "Q Q Q Q Q Q Q", "J J J J J 2 2", "10 10 10 10 10 10 JK", "2 2 2 JK JK JK JK"]
# One short: the wild meld has six cards.
NO_WILD = READY[:4] + ["2 2 JK JK JK JK"]


def names(g):
    return {action_name(a) for a in g.legal_actions()}


def foot_player(hand, melds=READY, partner_foot="", phase="play", pile="", stock="7 7", **kw):
    """South playing from the foot; North's foot as given ('' = picked up)."""
    feet = ["", "4 5 6", partner_foot, "4 5 6"]
    return load_scenario(scenario([hand, "9", "5 5", "6"], feet=feet, phase=phase, pile=pile,
                                  melds0=list(melds), stock=stock, **kw))


# Rule 6.1: melding the last card of the hand picks up the foot at once; the turn goes on.
def test_rule_6_1_melding_the_last_hand_card_picks_up_the_foot():
    s = scenario(["K K K", "9", "9", "9"], feet=["7 7 8", "4 5 6", "4 5 6", "4 5 6"], phase="play",
                 melds0=["A A A"], stock="9 9")
    g = load_scenario(s)
    g.step("meld K K K")
    out = g.to_scenario()
    assert out["players"][0] == {"hand": "7 7 8", "foot": ""}
    assert g.current_player == 0 and g.phase == "play"
    assert names(g) == {"discard 7", "discard 8"}


def test_rule_6_1_foot_comes_up_when_the_laydown_empties_hand_and_set_aside():
    s = scenario(["K K K A A A", "9", "9", "9"], feet=["7 7 8", "4 5 6", "4 5 6", "4 5 6"], phase="play",
                 stock="9 9")
    g = load_scenario(s)
    g.step("meld K K K")
    g.step("meld A A A")
    # Hand empty but six cards still held in the set-aside melds: no foot yet (rule 7.2).
    out = g.to_scenario()
    assert out["players"][0]["hand"] == "" and out["players"][0]["foot"] == "7 7 8"
    g.step("laydown")  # 90 >= 50
    out = g.to_scenario()
    assert out["players"][0] == {"hand": "7 7 8", "foot": ""}
    assert out["teams"][0]["melds"] == ["K K K", "A A A"]
    assert g.phase == "play"


# Rule 6.2: discarding the last hand card ends the turn; the foot stays unpicked (and scores as such).
def test_rule_6_2_discarded_last_card_foot_counts_as_unpicked_if_the_round_ends():
    s = scenario(["9", "4 4", "5", "6"], feet=["7 8 R3", "4 5 6", "4 5 6", "4 5 6"], phase="play",
                 melds0=["A A A"], stock="")
    g = load_scenario(s)
    g.step("discard 9")
    assert g.to_scenario()["players"][0] == {"hand": "", "foot": "7 8 R3"}
    g.step("draw")  # West faces an empty stock: the round ends (rule 10.1)
    res = g.round_results[0]
    # Team 0: A A A = 60; minus South's foot 7+8 = 15 and North's 5 + foot 15; minus 100 for the red
    # three in South's unpicked foot (rule 9.2).
    assert res["scores"][0] == 60 - 15 - 5 - 15 - 100
    # Team 1: nothing melded; West 4 4 + foot 15, East 6 + foot 15.
    assert res["scores"][1] == -(10 + 15 + 5 + 15)
    assert res["went_out"] is None


# Rule 8.1: going out needs the canastas, the foot, and the partner in their foot.
def test_rule_8_1_going_out_allowed_with_everything():
    g = foot_player("9")
    assert names(g) == {"discard 9"}
    g.step("discard 9")
    assert g.round_results[0]["went_out"] == 0
    assert g.round_results[0]["ended_by"] == "went_out"


def test_rule_8_1_partner_must_have_picked_up_the_foot():
    # Melding 8 8 8 would empty the foot: going out, refused while North has not picked up the foot.
    g = foot_player("8 8 8", partner_foot="4 5 6")
    assert names(g) == {"discard 8"}
    with pytest.raises(IllegalActionError, match=r"meld 8 8 8.*rules? 8\.1"):
        g.step("meld 8 8 8")
    # and allowed once North is in the foot:
    assert "meld 8 8 8" in names(foot_player("8 8 8", partner_foot=""))


def test_rule_8_1_needs_the_wild_canasta():
    g = foot_player("9 8", melds=NO_WILD)
    assert "discard 9" in names(g)   # keeps one card: fine
    g.step("discard 9")
    assert g.round == 1 and g.current_player == 1


def test_rule_8_1_canasta_completed_by_the_emptying_action_counts():
    # The sixth-card wild meld takes the last card (a 2): the wild canasta completes and South goes out.
    g = foot_player("2", melds=NO_WILD)
    assert names(g) == {"add wild 2"}
    g.step("add wild 2")
    res = g.round_results[0]
    assert res["went_out"] == 0 and res["ended_by"] == "went_out"
    assert res["breakdown"][0]["wild"] == 1 and res["breakdown"][0]["going_out"] == 100


def test_rule_8_1_not_going_out_from_the_hand():
    # A player still in their hand who discards the last card merely empties the hand (rule 6.2).
    s = scenario(["9", "9", "9", "9"], feet=["7 7 8", "4 5 6", "", ""], phase="play", melds0=READY,
                 stock="7 7")
    g = load_scenario(s)
    g.step("discard 9")
    assert g.round == 1 and g.current_player == 1 and g.round_results == []


# Rule 8.2: going out by melding everything, or melding all but one and discarding it; optional.
def test_rule_8_2_going_out_by_melding_all():
    g = foot_player("8 8 8", melds=READY)
    g.step("meld 8 8 8")
    assert g.round_results[0]["went_out"] == 0


def test_rule_8_2_going_out_is_optional():
    g = foot_player("8 8 8 9", melds=READY)
    assert {"meld 8 8 8", "discard 8", "discard 9"} <= names(g)
    g.step("discard 9")  # keeps three cards
    assert g.round == 1 and g.current_player == 1


def test_rule_8_2_going_out_on_the_turn_the_foot_is_picked_up():
    s = scenario(["K K K", "9", "9", "9"], feet=["9", "4 5 6", "", "4 5 6"], phase="play", melds0=READY,
                 stock="7 7")
    g = load_scenario(s)
    g.step("meld K K K")          # hand empty: foot "9" comes up (rule 6.1)
    assert g.to_scenario()["players"][0] == {"hand": "9", "foot": ""}
    g.step("discard 9")           # and out at once
    assert g.round_results[0]["went_out"] == 0


# Rule 8.3: from the foot, unless able to go out, keep a card after discarding (two before it).
def test_rule_8_3_may_not_discard_the_last_foot_card():
    # One card in the foot, unable to go out: discarding it is refused, so in the play step there is
    # nothing to do; the scenario loader refuses such a state (rule 8.4 would have ended the round).
    from footcanasta_env import ScenarioError

    with pytest.raises(ScenarioError, match=r"8\.4"):
        foot_player("9", melds=NO_WILD)
    g = foot_player("9 8", melds=NO_WILD)
    assert names(g) == {"discard 9", "discard 8"}


def test_rule_8_3_meld_may_not_leave_one_card():
    g = foot_player("K K K 9", melds=NO_WILD + ["A A A"])
    assert "meld K K K" not in names(g)
    with pytest.raises(IllegalActionError, match=r"meld K K K.*rules? [0-9., ]*8\.3"):
        g.step("meld K K K")
    g2 = foot_player("K K K 9 8", melds=NO_WILD)
    assert "meld K K K" in names(g2)


def test_rule_8_3_add_may_not_leave_one_card_but_may_empty_when_going_out():
    g = foot_player("A 9", melds=NO_WILD + ["A A A"])
    assert "add A A" not in names(g)
    g2 = foot_player("A 9", melds=READY + ["A A A"])
    assert "add A A" in names(g2)  # then discard 9 to go out


@pytest.mark.parametrize("pile,ok", [("K", False), ("9 K", False), ("8 9 K", True)])
def test_rule_8_3_pickup_must_leave_two_cards(pile, ok):
    g = foot_player("K K", melds=NO_WILD, phase="draw", pile=pile)
    assert ("pickup" in names(g)) == ok


def test_rule_8_3_set_aside_cards_count_as_held_and_laydown_may_not_leave_one():
    # South in the foot, partnership not down: six cards held (3 in hand + 3 set aside).
    s = scenario(["9 8 A", "9", "9", "9"], feet=["", "4 5 6", "4 5 6", "4 5 6"], phase="play",
                 set_aside=["K K K", "Q Q Q"], stock="7 7")
    g = load_scenario(s)
    assert "laydown" in names(g)                  # leaves 9 8 A
    s2 = scenario(["9", "9", "9", "9"], feet=["", "4 5 6", "4 5 6", "4 5 6"], phase="play",
                  set_aside=["K K K", "Q Q Q"], stock="7 7")
    g2 = load_scenario(s2)
    assert "laydown" not in names(g2)             # would leave one card
    assert "discard 9" in names(g2) and "discard K" in names(g2)  # discard returns the set-aside cards
    g2.step("discard K")
    assert g2.to_scenario()["players"][0]["hand"] == "9 Q Q Q K K"


def test_rule_8_3_emptying_the_hand_is_always_allowed():
    # Not in the foot: pickup with exactly the pair and a one-card pile empties the hand -> foot at once.
    s = scenario(["K K", "9", "9", "9"], feet=["7 7 8", "4 5 6", "4 5 6", "4 5 6"], pile="K",
                 melds0=["A A A"], stock="7 7")
    g = load_scenario(s)
    assert "pickup" in names(g)
    g.step("pickup")
    out = g.to_scenario()
    assert out["players"][0] == {"hand": "7 7 8", "foot": ""}
    assert out["teams"][0]["melds"] == ["K K K", "A A A"]


# Rule 8.4: a player left without a legal action ends the round (no going-out bonus).
def test_rule_8_4_no_legal_action_ends_the_round():
    # South in the foot with one card cannot go out; the stock's last cards are red threes.
    g = foot_player("9", melds=NO_WILD, phase="draw", stock="R3 R3")
    assert names(g) == {"draw"}
    g.step("draw")
    res = g.round_results[0]
    assert res["ended_by"] == "no_action" and res["went_out"] is None
    b = res["breakdown"][0]
    assert b["red_threes"] == 200 and b["going_out"] == 0
    assert g.round == 2


def test_rule_8_1_partner_who_emptied_the_hand_has_not_picked_up_the_foot_yet():
    # North discarded the last hand card last turn: the foot is still unpicked (rule 6.2), so South may
    # not go out; melding 8 8 8 (which would empty South's foot) is refused, discarding one 8 is not.
    s = scenario(["8 8 8", "9", "", "6"], feet=["", "4 5 6", "7 7 7", "4 5 6"], phase="play", melds0=READY,
                 stock="7 7")
    g = load_scenario(s)
    assert g.to_scenario()["players"][2] == {"hand": "", "foot": "7 7 7"}
    assert names(g) == {"discard 8"}


def test_rule_8_2_going_out_by_taking_the_pile():
    # South (foot) holds exactly the pair; the one-card pile's K makes a new K meld of three and empties
    # the foot: going out is allowed because the canastas are there.
    g = foot_player("K K", melds=READY, phase="draw", pile="K")
    assert "pickup" in names(g)
    g.step("pickup")
    res = g.round_results[0]
    assert res["went_out"] == 0 and res["breakdown"][0]["going_out"] == 100
    assert res["breakdown"][0]["melds"] == 600 + 30


def test_rule_8_2_going_out_by_laying_down_set_aside_canastas():
    # Variant: one clean canasta suffices. South in the foot, not down, sets everything aside and lays down.
    rules = {"clean_needed": 1, "dirty_needed": 0, "wild_needed": 0}
    s = scenario(["Q Q Q Q Q Q Q", "9", "9", "9"], feet=["", "4 5 6", "", "4 5 6"], phase="play",
                 rules=rules, stock="7 7")
    g = load_scenario(s)
    g.step("meld Q Q Q")
    for _ in range(4):
        g.step("add Q Q")
    assert g.to_scenario()["players"][0]["set_aside"] == ["Q Q Q Q Q Q Q"]
    assert "laydown" in names(g)
    g.step("laydown")
    res = g.round_results[0]
    assert res["went_out"] == 0
    b = res["breakdown"][0]
    assert (b["melds"], b["canastas"], b["going_out"], b["cards_held"]) == (70, 500, 100, -10)  # North's 9


def test_rule_6_1_pickup_that_empties_the_hand_brings_the_foot_with_set_aside_laid_down():
    s = scenario(["K K", "9", "9", "9"], feet=["7 7 8", "4 5 6", "4 5 6", "4 5 6"], pile="K",
                 set_aside=["A A A"], stock="7 7")
    g = load_scenario(s)
    g.step("pickup")  # 60 + 30 >= 50
    out = g.to_scenario()
    assert out["teams"][0]["melds"] == ["K K K", "A A A"]
    assert out["players"][0] == {"hand": "7 7 8", "foot": ""}
    assert g.phase == "play" and g.current_player == 0
