"""CANASTA_RULES.md sections 8, 9 and 10: going out, scoring a round, the end of the game."""

import pytest

from footcanasta_env import canasta
from tests.helpers.canasta_oracle import scenario

CANASTA_A = "A A A A A A A"


def names(g):
    return {canasta.action_name(a) for a in g.legal_actions()}


def south(hand, melds0=(CANASTA_A,), melds1=("J J J",), partner="7 8", **kw):
    kw.setdefault("phase", "play")
    return canasta.load_scenario(scenario([hand, "5 6", partner, "4 10"], melds0=list(melds0),
                                          melds1=list(melds1), **kw))


# Rule 8.1: going out needs a canasta, counting one the going-out turn completes; nobody is asked.
def test_rule_8_1_going_out_needs_a_canasta():
    g = south("K K K 9", melds0=("A A A",))
    assert "meld K K K" not in names(g)
    g = south("K K K 9")
    assert "meld K K K" in names(g)
    assert not any("ask" in n for n in canasta.ACTION_NAMES)


def test_rule_8_1_a_canasta_completed_on_the_way_out_counts():
    g = south("K K K A", melds0=("A A A A A A",))
    assert "meld K K K" in names(g)
    g.step("meld K K K")
    assert names(g) == {"add A A"}
    g.step("add A A")
    assert g.round_results[0]["went_out"] == 0


# Rule 8.2: out by melding every card or by discarding the last; going out is optional.
def test_rule_8_2_out_by_discarding_the_last_card():
    g = south("K K K 9")
    g.step("meld K K K")
    g.step("discard 9")
    res = g.round_results[0]
    assert res["went_out"] == 0 and res["ended_by"] == "went_out" and res["breakdown"][0]["going_out"] == 100


def test_rule_8_2_going_out_is_optional():
    g = south("K K K 9 8")
    assert {"discard 9", "meld K K K"} <= names(g)
    g.step("discard 9")
    assert g.round == 1 and g.current_player == 1


# Rule 8.3: black threes only on the way out: after them the turn can only end with the player out.
def test_rule_8_3_after_black_threes_the_player_goes_out():
    g = south("B3 B3 B3 K", melds0=(CANASTA_A, "K K K"))
    g.step("meld B3 B3 B3")
    assert names(g) == {"add K K", "discard K"}
    g.step("add K K")
    assert g.round_results[0]["went_out"] == 0 and g.round == 2


# Rule 8.4: concealed going out: 200 instead of 100.
def test_rule_8_4_concealed_going_out_earns_200():
    # North laid down; South, who has melded nothing, goes out with a canasta of kings made in this turn.
    g = south("K K K K K K K 9", melds0=("Q Q Q",), has_melded=(False, True, True, False))
    for a in ["meld K K K"] + ["add K K"] * 4 + ["discard 9"]:
        g.step(a)
    res = g.round_results[0]
    assert res["concealed"] and res["breakdown"][0]["going_out"] == 200


def test_rule_8_4_adding_to_the_partners_canasta_is_not_concealed():
    g = south("A K K K 9", has_melded=(False, True, True, False))
    for a in ("add A A", "meld K K K", "discard 9"):
        g.step(a)
    res = g.round_results[0]
    assert not res["concealed"] and res["breakdown"][0]["going_out"] == 100


def test_rule_8_4_a_player_who_melded_before_is_not_concealed():
    g = south("K K K K K K K 9", melds0=("Q Q Q",), has_melded=(True, True, True, False))
    for a in ["meld K K K"] + ["add K K"] * 4 + ["discard 9"]:
        g.step(a)
    assert g.round_results[0]["breakdown"][0]["going_out"] == 100


def test_rule_8_4_concealed_before_the_initial_meld_still_meets_the_minimum():
    g = south("K K K K K K K 9", melds0=(), partner="7 8")
    for a in ["meld K K K"] + ["add K K"] * 4 + ["laydown", "discard 9"]:
        g.step(a)
    assert g.round_results[0]["concealed"]
    g = south("K K K K K K K 9", melds0=(), scores=(3000, 0))  # 70 < 120
    for a in ["meld K K K"] + ["add K K"] * 4:
        g.step(a)
    assert "laydown" not in names(g) and names(g) == {"discard 9", "discard K"}


# Rule 9.1: melded card values, canasta bonuses and the going-out bonus.
def test_rule_9_1_a_round_scored_exactly():
    g = south("A 9", melds0=("K K K K K K K", "A A 2"), red0=1, red1=1, partner="7 8")
    g.step("add A A")
    g.step("discard 9")
    res = g.round_results[0]
    assert res["scores"] == (70 + 80 + 500 + 100 + 100 - 15, 30 + 100 - 10 - 15)
    assert res["breakdown"][0] == {"melds": 150, "canastas": 500, "going_out": 100, "red_threes": 100,
                                   "cards_held": -15, "natural": 1, "mixed": 0, "total": 835}
    assert g.scores == res["scores"]


# Rule 9.2: red threes 100 each, 800 for four; minus for a partnership that has not melded.
@pytest.mark.parametrize("red0,red1,down1,expected0,expected1", [
    (4, 0, True, 800, 0), (3, 1, True, 300, 100), (1, 2, False, 100, -200), (0, 4, False, 0, -800)])
def test_rule_9_2_red_threes(red0, red1, down1, expected0, expected1):
    g = south("9 8", red0=red0, red1=red1, melds1=("J J J",) if down1 else (), stock="")
    g.step("discard 9")
    g.step("draw")  # West faces the empty stock
    b = g.round_results[0]["breakdown"]
    assert (b[0]["red_threes"], b[1]["red_threes"]) == (expected0, expected1)


# Rule 9.3: minus the card values of both partners' cards.
def test_rule_9_3_both_partners_held_cards_count_against():
    g = south("JK 9 8", partner="2 B3 4", stock="")
    g.step("discard 9")
    g.step("draw")
    b = g.round_results[0]["breakdown"]
    assert b[0]["cards_held"] == -(50 + 10 + 20 + 5 + 5) and b[1]["cards_held"] == -(5 + 5 + 5 + 10)


# Rule 9.4: the round ends on going out, an empty stock at the draw, or no legal action; no bonus in the last two.
def test_rule_9_4_empty_stock_ends_the_round_without_a_going_out_bonus():
    g = south("9 8", stock="")
    g.step("discard 9")
    g.step("draw")
    res = g.round_results[0]
    assert res["ended_by"] == "stock" and res["went_out"] is None
    assert res["breakdown"][0]["going_out"] == res["breakdown"][1]["going_out"] == 0


# Rule 10.1: the game ends once a partnership reaches the target with the totals apart; ties play on.
def test_rule_10_1_reaching_the_target_ends_the_game():
    g = south("K K K 9", scores=(4500, 4000))
    g.step("meld K K K")
    g.step("discard 9")
    assert g.is_over and g.winner() == 0 and g.scores[0] >= 5000
    assert g.legal_actions() == [] and "game is over" in g.why_illegal("draw")


def test_rule_10_1_equal_totals_past_the_target_play_on():
    s = scenario(["9", "9", "9", "9"], melds0=["K K K"], melds1=["Q Q Q"], scores=(5010, 5010), stock="")
    g = canasta.load_scenario(s)
    g.step("draw")
    assert g.scores == (5020, 5020) and not g.is_over and g.round == 2


# Rule 10.2: the target and a round cap are settings; with a cap the game ends after that round.
def test_rule_10_2_target_and_round_cap():
    g = canasta.new_game(3, rules=canasta.Rules(max_rounds=1))
    while not g.is_over:
        g.step(g.legal_actions()[0])
    assert g.round == 1 and len(g.round_results) == 1
    s = scenario(["9", "9", "9", "9"], stock="", rules={"max_rounds": 1})
    g = canasta.load_scenario(s)
    g.step("draw")
    assert g.is_over and g.scores == (-20, -20) and g.winner() is None  # equal totals: a draw
    s = scenario(["K K K 9", "5 6", "7 8", "4 10"], phase="play", melds0=[CANASTA_A], rules={"target": 500})
    g = canasta.load_scenario(s)
    g.step("meld K K K")
    g.step("discard 9")
    assert g.is_over and g.rules.target == 500


# Rule 10.3: daily deals from the date alone; the same seed, the same deals.
def test_rule_10_3_daily_and_seeded_deals():
    assert canasta.new_game(daily="2026-12-03") == canasta.new_game(daily="2026-12-03")
    assert canasta.new_game(42) == canasta.new_game(42)
    assert canasta.new_game(42) != canasta.new_game(43)
