"""CANASTA_RULES.md sections 3 and 6: a turn, and cards running out."""

import pytest

from footcanasta_env import canasta
from tests.helpers.canasta_oracle import scenario


def names(g):
    return {canasta.action_name(a) for a in g.legal_actions()}


def load(hands=("K Q 9", "5 6", "7 8", "4 10"), **kw):
    kw.setdefault("melds0", ["A A A"])
    kw.setdefault("melds1", ["J J J"])
    return canasta.load_scenario(scenario(list(hands), **kw))


# Rule 3.1: draw one card from the stock, or take the pile; an empty stock ends the round on draw.
def test_rule_3_1_draw_takes_the_top_card_of_the_stock():
    g = load(stock="K 5 6")
    g.step("draw")
    out = g.to_scenario()
    assert out["players"][0]["hand"] == "9 Q K K" and out["stock"] == "5 6" and g.phase == "play"
    with pytest.raises(canasta.IllegalActionError, match=r"draw.*rule 3\.1"):
        g.step("draw")


def test_rule_3_1_empty_stock_pickup_still_allowed_draw_ends_the_round():
    g = load(hands=("K K 9", "5 6", "7 8", "4 10"), stock="", pile="5 K")
    assert names(g) == {"draw", "pickup"}
    c = g.clone()
    c.step("pickup")
    assert c.round == 1 and c.phase == "play"
    g.step("draw")
    res = g.round_results[0]
    assert res["ended_by"] == "stock" and res["went_out"] is None and g.round == 2


# Rule 3.2: any number of melds and additions in the play step, none in the draw step once down.
def test_rule_3_2_several_melds_in_one_turn_and_none_before_drawing():
    g = load(hands=("K K K Q Q Q A 9 8", "5 6", "7 8", "4 10"))
    assert names(g) == {"draw"}
    g.step("draw")
    for a in ("meld K K K", "meld Q Q Q", "add A A"):
        g.step(a)
    assert g.to_scenario()["teams"][0]["melds"] == ["Q Q Q", "K K K", "A A A A"]
    assert g.current_player == 0 and g.phase == "play"


# Rule 3.3: a discard ends the turn; going out needs no discard.
def test_rule_3_3_discard_ends_the_turn():
    g = load(phase="play")
    g.step("discard Q")
    out = g.to_scenario()
    assert out["pile"] == "Q" and out["players"][0]["hand"] == "9 K"
    assert g.current_player == 1 and g.phase == "draw"


def test_rule_3_3_going_out_by_melding_needs_no_discard():
    g = load(hands=("K K K", "5 6", "7 8", "4 10"), phase="play", melds0=["A A A A A A A"])
    g.step("meld K K K")
    assert g.round_results[0]["went_out"] == 0 and g.round == 2


# Rule 3.4: a red three drawn is laid down and replaced; with an empty stock, not replaced.
def test_rule_3_4_red_three_drawn_is_laid_down_and_replaced():
    g = load(stock="R3 R3 K 5")
    g.step("draw")
    out = g.to_scenario()
    assert out["teams"][0]["red_threes"] == 2 and out["players"][0]["hand"] == "9 Q K K"
    assert out["stock"] == "5"


def test_rule_3_4_red_three_drawn_from_a_last_card_stock_is_not_replaced():
    g = load(stock="R3")
    g.step("draw")
    out = g.to_scenario()
    assert out["teams"][0]["red_threes"] == 1 and out["players"][0]["hand"] == "9 Q K" and out["stock"] == ""
    assert g.phase == "play"


# Rule 6.1: without a canasta a player keeps a card to discard: nothing leaves fewer than two before it.
def test_rule_6_1_no_meld_leaves_fewer_than_two_cards():
    g = load(hands=("K K K 9", "5 6", "7 8", "4 10"), phase="play")
    assert "meld K K K" not in names(g)
    with pytest.raises(canasta.IllegalActionError, match=r"meld K K K.*rules? 6\.1"):
        g.step("meld K K K")
    g = load(hands=("K K K 9 8", "5 6", "7 8", "4 10"), phase="play")
    assert "meld K K K" in names(g)


def test_rule_6_1_the_last_card_is_not_discarded_without_a_canasta():
    # One card in the play step, no canasta: no discard is legal, so the position cannot arise (rule 6.2).
    with pytest.raises(canasta.ScenarioError, match=r"no legal action.*rule 6\.2"):
        load(hands=("K", "5 6", "7 8", "4 10"), phase="play", melds0=["K K K"])
    g = load(hands=("K", "5 6", "7 8", "4 10"), phase="play", melds0=["Q Q Q Q Q Q Q", "K K K"])
    assert names(g) == {"add K K", "discard K"}  # with a canasta both go out


def test_rule_6_1_pickup_that_would_leave_one_card_is_refused():
    # Team down with a K meld, no canasta: taking a one-card pile by adding the K leaves one card, K.
    g = load(hands=("9", "5 6", "7 8", "4 10"), pile="K", melds0=["K K K"])
    assert names(g) == {"draw"}
    with pytest.raises(canasta.IllegalActionError, match=r"pickup.*rules? 6\.1"):
        g.step("pickup")
    g = load(hands=("9", "5 6", "7 8", "4 10"), pile="5 K", melds0=["K K K"])
    assert "pickup" in names(g)


# Rule 6.2: a player left without a legal action ends the round at once.
def test_rule_6_2_no_legal_action_ends_the_round():
    # South holds one card, no canasta; the last card of the stock is a red three: no replacement, no discard.
    g = load(hands=("9", "5 6", "7 8", "4 10"), stock="R3")
    g.step("draw")
    res = g.round_results[0]
    assert res["ended_by"] == "no_action" and res["went_out"] is None
    assert g.round == 2
