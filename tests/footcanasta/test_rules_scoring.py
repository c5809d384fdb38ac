"""RULES.md section 9: scoring a round, with the breakdown worked out by hand from the rule text."""

from footcanasta_env import load_scenario
from tests.helpers.oracle import scenario

READY = ["K K K K K K K", "Q Q Q Q Q Q Q", "J J J J J 2 2", "10 10 10 10 10 10 JK", "2 2 2 JK JK JK JK"]


# Rules 9.1, 9.2, 8.2: a round that ends by going out.
def test_rule_9_round_ended_by_going_out_exact_breakdown():
    # South (foot) completes the wild canasta with the 2, then discards the 9 and is out.
    s = scenario(["2 9", "4 4", "5 5 A", "JK"], feet=["", "B3 R3 7", "", "6"], phase="play", pile="8",
                 melds0=READY[:4] + ["2 2 JK JK JK JK"], red0=1, melds1=["8 8 8"], stock="7 7")
    g = load_scenario(s)
    g.step("add wild 2")
    g.step("discard 9")
    res = g.round_results[0]
    assert res["went_out"] == 0 and res["ended_by"] == "went_out"
    b0, b1 = res["breakdown"]
    # Team 0 melded cards: K*7=70, Q*7=70, J*5+2*2=90, 10*6+JK=110, 2*3+JK*4=260 -> 600.
    assert b0["melds"] == 600
    assert b0["canastas"] == 2 * 500 + 2 * 300 + 1500        # 3100
    assert b0["red_threes"] == 100 and b0["going_out"] == 100
    assert b0["cards_held"] == -(5 + 5 + 20)                  # North's 5 5 A
    assert b0["red_threes_in_foot"] == 0
    assert b0["total"] == 600 + 3100 + 100 + 100 - 30       # 3870
    # Team 1: 8 8 8 = 30; West 4 4 (10) + unpicked foot B3 7 (10) and its red three (-100); East JK (50)
    # and unpicked foot 6 (5).
    assert b1["melds"] == 30 and b1["canastas"] == 0 and b1["going_out"] == 0
    assert b1["cards_held"] == -(10 + 10 + 50 + 5)
    assert b1["red_threes_in_foot"] == -100
    assert b1["total"] == 30 - 75 - 100                      # -145
    assert res["scores"] == (3870, -145)
    assert g.scores == (3870, -145)
    assert g.round == 2 and g.phase == "draw"


# Rules 9.1-9.3 and 10.1: a round that ends when the stock runs out: no going-out bonus, no incomplete penalty.
def test_rule_9_round_ended_by_empty_stock_exact_breakdown():
    s = scenario(["9 9", "JK 4", "A", "B3"], feet=["", "4 5 6", "7 R3 R3", ""], current=1,
                 melds0=["K K K K K K 2", "Q Q Q Q"], red0=2,
                 melds1=["5 5 5 5 5 5 5", "6 6 2"], red1=1, pile="8", stock="")
    g = load_scenario(s)
    g.step("draw")  # West at the draw step facing an empty stock, does not take the pile
    res = g.round_results[0]
    assert res["went_out"] is None and res["ended_by"] == "stock"
    b0, b1 = res["breakdown"]
    # Team 0: K*6+2 = 80, Q*4 = 40 -> 120; one dirty canasta 300; 2 red threes 200.
    # Held: South 9 9 = 20; North A = 20, unpicked foot 7 R3 R3 = 5 and 2 x -100.
    assert b0["melds"] == 120 and b0["canastas"] == 300 and b0["red_threes"] == 200 and b0["going_out"] == 0
    assert b0["cards_held"] == -(20 + 20 + 5)
    assert b0["red_threes_in_foot"] == -200
    assert b0["total"] == 120 + 300 + 200 - 45 - 200         # 375
    # Team 1: 5*7 = 35 clean 500; 6 6 2 = 30 (incomplete: no penalty, its cards score); 1 red three.
    # Held: West JK 4 = 55 + unpicked foot 4 5 6 = 15; East B3 = 5.
    assert b1["melds"] == 65 and b1["canastas"] == 500 and b1["red_threes"] == 100
    assert b1["cards_held"] == -(55 + 15 + 5)
    assert b1["total"] == 65 + 500 + 100 - 75                 # 590
    assert res["scores"] == (375, 590)
    assert g.scores == (375, 590)


# Rule 9.1: red threes score for the partnership even before it has melded; a team not down scores
# no melds but its set-aside cards count as held (rule 7.2).
def test_rule_9_1_red_threes_count_for_a_team_that_has_not_melded():
    s = scenario(["9", "4", "5", "6"], feet=["", "", "", ""], red0=2, stock="")
    g = load_scenario(s)
    g.step("draw")
    assert g.round_results[0]["scores"] == (200 - 10 - 5, -5 - 5)


# Rule 9.3 with rule 10.2: scores accumulate over rounds (the totals are the sums).
def test_rule_9_scores_add_to_previous_totals():
    s = scenario(["9", "4", "5", "6"], feet=["", "", "", ""], stock="", scores=(1000, -40))
    g = load_scenario(s)
    g.step("draw")
    assert g.round_results[0]["scores"] == (-15, -10)
    assert g.scores == (985, -50)
