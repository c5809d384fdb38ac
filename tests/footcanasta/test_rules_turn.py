"""RULES.md section 3: a turn (foot first, draw or pile, play, discard; red threes)."""

import pytest

from footcanasta_env import IllegalActionError, load_scenario
from tests.helpers.oracle import scenario


def names(g):
    from footcanasta_env import action_name

    return {action_name(a) for a in g.legal_actions()}


# Rule 3.1: a hand emptied by a discard: the foot is picked up at the start of the player's next turn.
def test_rule_3_1_foot_waits_for_the_next_turn_after_discarding_the_last_card():
    s = scenario(["9", "4 4", "5 5", "6 6"], feet=["7 7 8", "4 5 6", "4 5 6", "4 5 6"],
                 phase="play", melds0=["Q Q Q"], stock="K K K K K K")
    g = load_scenario(s)
    g.step("discard 9")
    out = g.to_scenario()
    assert out["players"][0] == {"hand": "", "foot": "7 7 8"}  # not yet picked up (rule 6.2)
    assert g.current_player == 1
    for seat in (1, 2, 3):
        assert g.current_player == seat
        g.step("draw")
        g.step("discard K")
    # South's turn starts: the foot becomes the hand before anything else, in the draw step.
    out = g.to_scenario()
    assert g.current_player == 0 and g.phase == "draw"
    assert out["players"][0] == {"hand": "7 7 8", "foot": ""}


# Rule 3.2: draw two from the top of the stock; with one card, draw it; with none, draw ends the round.
def test_rule_3_2_draw_takes_the_top_two_cards():
    g = load_scenario(scenario(["9", "4", "5", "6"], stock="K Q 8"))  # stock top first
    g.step("draw")
    out = g.to_scenario()
    assert out["players"][0]["hand"] == "9 Q K"
    assert out["stock"] == "8"
    assert g.phase == "play" and g.current_player == 0


def test_rule_3_2_draw_with_one_card_left_draws_it():
    g = load_scenario(scenario(["9", "4", "5", "6"], stock="A"))
    g.step("draw")
    out = g.to_scenario()
    assert out["players"][0]["hand"] == "9 A"
    assert out["stock"] == ""
    assert g.phase == "play"


def test_rule_3_2_empty_stock_pickup_still_allowed_draw_ends_round():
    s = scenario(["9 9", "4", "5", "6"], pile="8 9", stock="", melds0=["K K K"])
    g = load_scenario(s)
    assert names(g) == {"draw", "pickup"}
    g2 = g.clone()
    g2.step("pickup")
    assert g2.round == 1 and g2.phase == "play"
    g.step("draw")
    assert g.round == 2
    assert g.round_results[0]["ended_by"] == "stock"
    assert g.round_results[0]["went_out"] is None


# Rule 3.3: in the play step, any number of melds and additions, all by the same player.
def test_rule_3_3_several_melds_and_adds_in_one_turn():
    s = scenario(["K K K Q Q Q 2 9", "4", "5", "6"], phase="play", melds0=["A A A"])
    g = load_scenario(s)
    g.step("meld K K K")
    g.step("meld Q Q Q")
    g.step("add Q 2")
    assert "add A A" not in names(g)  # no A held: not offered
    out = g.to_scenario()
    assert out["teams"][0]["melds"] == ["Q Q Q 2", "K K K", "A A A"]
    assert out["players"][0]["hand"] == "9"
    assert g.current_player == 0 and g.phase == "play"


def test_rule_3_3_no_melding_in_the_draw_step_once_down():
    s = scenario(["K K K 9", "4", "5", "6"], melds0=["A A A"], stock="7 7")
    g = load_scenario(s)
    assert names(g) == {"draw"}
    with pytest.raises(IllegalActionError, match=r"meld K K K.*rule 3\.3"):
        g.step("meld K K K")


# Rule 3.4: the turn ends with exactly one discard; the next player (left) starts in the draw step.
def test_rule_3_4_discard_ends_the_turn():
    s = scenario(["K 9", "4", "5", "6"], phase="play", melds0=["A A A"], pile="8")
    g = load_scenario(s)
    assert names(g) == {"discard K", "discard 9"}
    g.step("discard 9")
    out = g.to_scenario()
    assert out["pile"] == "8 9"
    assert out["players"][0]["hand"] == "K"
    assert g.current_player == 1 and g.phase == "draw"


def test_rule_3_4_no_discard_in_the_draw_step():
    g = load_scenario(scenario(["K 9", "4", "5", "6"], stock="7 7"))
    with pytest.raises(IllegalActionError, match=r"discard 9.*rule 3\.4"):
        g.step("discard 9")


# Rule 3.5: a drawn red three is laid down at once and replaced from the stock.
def test_rule_3_5_drawn_red_three_is_laid_down_and_replaced():
    g = load_scenario(scenario(["9", "4", "5", "6"], stock="R3 K Q 8", red0=1))
    g.step("draw")
    out = g.to_scenario()
    assert out["players"][0]["hand"] == "9 Q K"  # two real cards: the red three was replaced by K
    assert out["teams"][0]["red_threes"] == 2
    assert out["stock"] == "8"


def test_rule_3_5_red_three_replacement_is_again_a_red_three():
    g = load_scenario(scenario(["9", "4", "5", "6"], current=1, stock="K R3 R3 Q 8"))
    g.step("draw")
    out = g.to_scenario()
    assert out["players"][1]["hand"] == "4 Q K"
    assert out["teams"][1]["red_threes"] == 2  # West draws for team 1
    assert out["stock"] == "8"


def test_rule_3_5_red_three_last_in_stock_not_replaced():
    g = load_scenario(scenario(["9", "4", "5", "6"], stock="K R3"))
    g.step("draw")
    out = g.to_scenario()
    assert out["players"][0]["hand"] == "9 K"
    assert out["teams"][0]["red_threes"] == 1
    assert out["stock"] == ""


def test_rule_3_5_red_three_in_a_foot_is_laid_down_and_replaced():
    # South melds their last three cards: the foot comes up at once (rule 6.1); its red three is replaced.
    s = scenario(["K K K", "4", "5", "6"], feet=["R3 9 9", "4 5 6", "4 5 6", "4 5 6"], phase="play",
                 melds0=["A A A"], stock="J 8")
    g = load_scenario(s)
    g.step("meld K K K")
    out = g.to_scenario()
    assert out["players"][0] == {"hand": "9 9 J", "foot": ""}
    assert out["teams"][0]["red_threes"] == 1
    assert out["stock"] == "8"


def test_rule_3_5_red_three_in_foot_with_empty_stock_is_laid_down_without_replacement():
    s = scenario(["K K K", "4", "5", "6"], feet=["R3 9 9", "4 5 6", "4 5 6", "4 5 6"], phase="play",
                 melds0=["A A A"], stock="")
    g = load_scenario(s)
    g.step("meld K K K")
    out = g.to_scenario()
    assert out["players"][0] == {"hand": "9 9", "foot": ""}
    assert out["teams"][0]["red_threes"] == 1


def test_rule_3_5_red_threes_are_never_discarded_or_melded():
    from footcanasta_env import ACTION_NAMES

    assert not any("R3" in n for n in ACTION_NAMES)


def test_rule_3_1_and_3_5_foot_picked_up_at_turn_start_lays_down_its_red_three():
    # East discards the last hand card; at East's next turn the foot comes up, its red three is laid down
    # for team 1 and replaced from the stock, all before East draws.
    s = scenario(["9 9", "4 4", "5 5", "6"], feet=["4 5 6", "4 5 6", "4 5 6", "R3 8 8"], current=3,
                 phase="play", melds1=["A A A"], stock="K K K K K K Q")
    g = load_scenario(s)
    g.step("discard 6")
    for seat in (0, 1, 2):
        assert g.current_player == seat
        g.step("draw")
        g.step("discard K")
    out = g.to_scenario()
    assert g.current_player == 3 and g.phase == "draw"
    assert out["players"][3] == {"hand": "8 8 Q", "foot": ""}
    assert out["teams"][1]["red_threes"] == 1
    assert out["stock"] == ""
