"""RULES.md section 1: table, partnerships, the 270 cards and their values."""

from collections import Counter

from footcanasta_env import load_scenario, new_game
from footcanasta_env.family.cards import parse_cards
from tests.helpers.oracle import scenario

TOKENS = ("4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2", "JK", "R3", "B3")


def all_cards(s: dict) -> Counter:
    """Every card named in a scenario, red threes on the table included."""
    c = Counter()
    for p in s["players"]:
        c.update(TOKENS[k] for k in parse_cards(p["hand"] + " " + p["foot"]))
        for m in p.get("set_aside", []):
            c.update(TOKENS[k] for k in parse_cards(m))
    for t in s["teams"]:
        for m in t["melds"]:
            c.update(TOKENS[k] for k in parse_cards(m))
        c["R3"] += t["red_threes"]
    c.update(TOKENS[k] for k in parse_cards(s["pile"] + " " + s["stock"]))
    return c


# Rule 1.1: seats clockwise 0 South, 1 West, 2 North, 3 East; teams {0, 2} and {1, 3}; play goes clockwise.
def test_rule_1_1_partners_share_melds_and_turn_passes_clockwise():
    # North (seat 2) melds: the meld belongs to team 0 (South/North), whose partner South already melded.
    s = scenario(["9", "9", "K K K 8", "9"], current=2, phase="play", melds0=["Q Q Q"], stock="7 7")
    g = load_scenario(s)
    g.step("meld K K K")
    out = g.to_scenario()
    assert out["teams"][0]["melds"] == ["Q Q Q", "K K K"]  # melds listed in rank order
    assert out["teams"][1]["melds"] == []
    g.step("discard 8")
    assert g.current_player == 3 and g.phase == "draw"  # East acts after North
    g.step("draw")
    g.step("discard 9")
    assert g.current_player == 0  # and South after East


def test_rule_1_1_agent_seat_helpers():
    from footcanasta_env import SEAT_NAMES, left_of, partner_of, team_of

    assert SEAT_NAMES == ("South", "West", "North", "East")
    assert [team_of(s) for s in range(4)] == [0, 1, 0, 1]
    assert [partner_of(s) for s in range(4)] == [2, 3, 0, 1]
    assert [left_of(s) for s in range(4)] == [1, 2, 3, 0]


# Rule 1.2: five decks of 54: 20 of each natural and of twos, 10 jokers, 10 red and 10 black threes.
def test_rule_1_2_a_new_game_holds_exactly_the_five_decks():
    for seed in (0, 1, 2):
        c = all_cards(new_game(seed).to_scenario())
        expected = {k: 20 for k in TOKENS[:12]}
        expected.update({"JK": 10, "R3": 10, "B3": 10})
        assert dict(c) == expected
        assert sum(c.values()) == 270


# Rule 1.3: card values JK 50; 2 and A 20; 8..K 10; 4..7 5; B3 5; a red three has no card value.
def test_rule_1_3_card_values_as_penalties():
    # The round ends at once (empty stock, draw). Every card held counts against its team.
    hands = ["4 5 6 7 8 9 10 J", "Q K A 2 JK B3", "9", "4"]
    s = scenario(hands, feet=["", "", "", ""], stock="")
    g = load_scenario(s)
    g.step("draw")
    res = g.round_results[0]
    assert res["went_out"] is None
    team0 = (5 + 5 + 5 + 5 + 10 + 10 + 10 + 10) + 10        # South's hand + North's 9
    team1 = (10 + 10 + 20 + 20 + 50 + 5) + 5                 # West's hand + East's 4
    assert res["scores"] == (-team0, -team1)
    assert g.scores == (-70, -120)
