"""Scenario tests of CANASTA_RULES.md section 14 (two, three and six players), one or more per numbered rule."""

from __future__ import annotations

import pytest
from helpers.bot_states import same_view
from helpers.canasta_oracle import legal_names, scenario

from footcanasta_env import canasta
from footcanasta_env.canasta import ScenarioError
from footcanasta_env.family.cards import KINDS, NUM_KINDS, counts_of, parse_cards

NOT_DOWN = {"melds": [], "red_threes": 0}


def _game(hands, rules, teams=None, **kw):
    teams = teams if teams is not None else [dict(NOT_DOWN) for _ in range(canasta.Rules(**rules).sides)]
    kw.setdefault("scores", [0] * len(teams))
    return canasta.load_scenario(scenario(hands, rules=rules, teams=teams, **kw))


def _names(g) -> set[str]:
    return {canasta.action_name(a) for a in g.legal_actions()}


# ------------------------------------------------------------------------------------------------ 14.1

@pytest.mark.parametrize(("size", "table"), [
    ({"players": 2}, (2, 2, 15, 2, 2, 5000)),
    ({"players": 3}, (3, 2, 13, 1, 2, 7500)),
    ({}, (2, 2, 11, 1, 1, 5000)),
    ({"players": 6}, (2, 3, 13, 1, 2, 10000)),
    ({"players": 6, "sides": 3}, (3, 3, 13, 1, 2, 7500)),
])
def test_rule_14_1_each_size_has_the_defaults_of_the_table(size, table):
    r = canasta.Rules(**size)
    assert (r.sides, r.decks, r.hand_size, r.draw, r.canastas_to_go_out, r.target) == table
    g = canasta.new_game(4, rules=r)
    assert g.htot == [r.hand_size] * r.players  # red threes dealt are replaced (rule 2.4)
    assert 0 <= g.dealer < r.players and g.current_player == (g.dealer + 1) % r.players
    geo = canasta.geometry(r)
    assert geo.seats == r.players and geo.sides == r.side_seats and geo.seat_names[0] == "South"


def test_rule_14_1_seats_sides_and_names_of_every_table():
    six = canasta.geometry(canasta.Rules(players=6))
    assert six.sides == ((0, 2, 4), (1, 3, 5))  # seated alternately
    assert six.seat_names == ("South", "Southwest", "Northwest", "North", "Northeast", "Southeast")
    assert canasta.geometry(canasta.Rules(players=6, sides=3)).sides == ((0, 3), (1, 4), (2, 5))  # opposite
    assert canasta.geometry(canasta.Rules(players=3)).seat_names == ("South", "West", "East")
    assert canasta.geometry(canasta.Rules(players=2)).side_names == ("South", "North")
    assert canasta.geometry() is canasta.geometry(canasta.Rules())
    assert canasta.geometry().side_names == ("South/North", "West/East")
    assert canasta.Rules(players=2, hand_size=12, draw=1, canastas_to_go_out=1, target=3000).changes() == {
        "players": 2, "hand_size": 12, "draw": 1, "canastas_to_go_out": 1, "target": 3000}


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"players": 5}, "players must be 2, 3, 4 or 6"),
    ({"players": 4, "sides": 3}, "sides must be 2 for 4 players"),
    ({"players": 6, "sides": 6}, "sides must be 2 or 3 for 6 players"),
    ({"players": 3, "sides": 2}, "sides must be 3 for 3 players"),
    ({"players": 2, "hand_size": 45}, "a deal of 45 cards to each of 2 players .90 cards. does not fit 2 decks"),
    ({"players": 6, "decks": 2, "hand_size": 15}, "does not fit 2 decks"),
    ({"players": 6, "hand_size": 22}, "does not fit 3 decks"),
    ({"decks": 4}, "decks must be 2"),
    ({"players": 2, "draw": 0}, "draw must take at least 1"),
    ({"canastas_to_go_out": 0}, "canastas_to_go_out must be from 1"),
    ({"players": "2"}, "players must be a whole number"),
    ({"hand_size": 2.5}, "hand_size must be a whole number"),
])
def test_rule_14_1_impossible_tables_are_refused_by_name(kwargs, message):
    with pytest.raises(ValueError, match=message):
        canasta.Rules(**kwargs)


def test_rule_14_1_the_turn_passes_clockwise_round_every_table():
    g = _game(["4 5 6", "4 5 6", "7 8 9 10"], {"players": 3}, current=2, phase="play", stock="K Q J")
    g.step("discard 10")
    assert g.current_player == 0 and g.phase == "draw"
    g = _game(["4 5 6", "7 8 9"], {"players": 2}, current=1, phase="play", stock="K Q J")
    g.step("discard 9")
    assert g.current_player == 0


# ------------------------------------------------------------------------------------------------ 14.2

def test_rule_14_2_three_decks_hold_162_cards():
    g = canasta.new_game(2, rules=canasta.Rules(players=6))
    counts = [0] * NUM_KINDS
    for hand in g.hand:
        counts = [a + b for a, b in zip(counts, hand, strict=True)]
    for k in g.stock + g.pile:
        counts[k] += 1
    counts[KINDS.index("R3")] += sum(g.red_threes)
    assert sum(counts) == 162
    assert counts == [12] * 11 + [12, 6, 6, 6]
    thirteen = " ".join(["K"] * 13)
    with pytest.raises(ScenarioError, match="13 of K .the decks hold 12"):
        _game([thirteen] + ["4 5"] * 5, {"players": 6}, phase="play")


# ------------------------------------------------------------------------------------------------ 14.3

def test_rule_14_3_two_players_draw_two_cards_a_red_three_replaced():
    g = _game(["K K 5", "Q Q 4"], {"players": 2}, stock="9 R3 5 8", pile="6")
    g.step("draw")
    assert g.hand[0] == counts_of(parse_cards("K K 5 9 5"))
    assert g.red_threes == [1, 0] and g.stock == [parse_cards("8")[0]] and g.phase == "play"
    g.step("discard 5")  # the turn still ends with one discard
    assert g.current_player == 1 and g.phase == "draw"


def test_rule_14_3_a_draw_takes_fewer_cards_from_a_short_stock():
    g = _game(["K K 5", "Q Q 4"], {"players": 2}, stock="9", pile="6")
    g.step("draw")
    assert g.htot[0] == 4 and g.stock == [] and g.phase == "play"
    g = _game(["K K 5", "Q Q 4", "4 5 6"], {"players": 3}, stock="9 8", pile="6")
    g.step("draw")
    assert g.htot[0] == 4 and len(g.stock) == 1  # one card at three players


# ------------------------------------------------------------------------------------------------ 14.4

def _six_laydown(asides: list[str], score: int):
    hands = ["5 6 7"] + ["4 5"] * 5
    return _game(hands, {"players": 6}, phase="play", set_aside=asides, scores=[score, 0])


def test_rule_14_4_a_game_to_10000_asks_150_from_7500():
    assert canasta.Rules(players=6).minimum(7500) == 150 and canasta.Rules(players=6).minimum(7499) == 120
    assert canasta.Rules(target=10000).minimum(8000) == 120  # four players keep section 7's table
    short = _six_laydown(["A A A", "K K K", "Q Q Q"], 7600)  # 120
    assert short.minimum(0) == 150 and "laydown" not in _names(short)
    assert "150" in short.why_illegal("laydown") and "7.1" in short.why_illegal("laydown")
    enough = _six_laydown(["A A A", "K K K", "Q Q Q", "J J J"], 7600)  # 150
    assert "laydown" in _names(enough) and "laydown" in legal_names(enough.to_scenario())
    assert "laydown" in _names(_six_laydown(["A A A", "K K K", "Q Q Q"], 7400))


def test_rule_14_4_three_players_each_their_own_minimum_melds_and_pile():
    hands = ["K K 5 9", "4 5 6", "7 8 9"]
    g = _game(hands, {"players": 3}, pile="4 K", stock="5 6 7", scores=[0, -200, 3100])
    assert [g.minimum(t) for t in range(3)] == [50, 15, 120]
    assert "pickup" not in _names(g)  # 3 kings are 30: player 0's own minimum is 50
    g = _game(hands, {"players": 3}, pile="4 K", stock="5 6 7", scores=[-200, 0, 0])
    assert "pickup" in _names(g)  # their own total below 0: 15
    teams = [{"melds": ["Q Q Q"], "down": True}, {"melds": ["K K K"], "down": True}, dict(NOT_DOWN)]
    g = _game(["K 5 9", "4 5 6", "7 8 9"], {"players": 3}, teams=teams, pile="4 K", stock="5 6 7")
    assert "pickup" not in _names(g)  # West's meld of kings is not South's
    g = _game(["4 5 6", "K 5 9", "7 8 9"], {"players": 3}, teams=teams, pile="4 K", stock="5 6", current=1)
    assert "pickup" in _names(g)  # West's own meld takes the king (rule 4.4)
    assert g.frozen(2) and not g.frozen(1)


# ------------------------------------------------------------------------------------------------ 14.5

def _two_going_out(canastas: int):
    melds = ["Q Q Q"] + ["K K K K K K K", "A A A A A A A"][:canastas]
    teams = [{"melds": melds, "down": True}, dict(NOT_DOWN)]
    return _game(["5 Q", "4 5 6"], {"players": 2}, teams=teams, phase="play", stock="6 7 8")


def test_rule_14_5_two_players_need_two_canastas_to_go_out():
    one = _two_going_out(1)
    assert "add Q Q" not in _names(one) and {"discard 5", "discard Q"} <= _names(one)
    assert "14.5" in one.why_illegal("add Q Q")
    assert _names(one) == legal_names(one.to_scenario())
    two = _two_going_out(2)
    assert "add Q Q" in _names(two)
    two.step("add Q Q")
    two.step("discard 5")
    assert two.round_results[0]["went_out"] == 0 and two.round_results[0]["breakdown"][0]["going_out"] == 100
    four = canasta.load_scenario(scenario(["5 Q", "4 5 6", "4 5", "6 7"], phase="play", stock="6 7 8",
                                          melds0=["Q Q Q", "K K K K K K K"]))
    assert "add Q Q" in _names(four)  # one canasta is enough at four players


# ------------------------------------------------------------------------------------------------ 14.6

@pytest.mark.parametrize(("reds", "points"), [(3, 300), (4, 400), (5, 1000), (6, 1200)])
def test_rule_14_6_red_threes_of_three_decks(reds, points):
    teams = [{"melds": ["K K K"], "down": True, "red_threes": reds}, {"melds": [], "red_threes": 6 - reds}]
    g = _game(["4 5"] * 6, {"players": 6}, teams=teams, stock="")
    g.step("draw")  # an empty stock ends the round (rule 9.4)
    parts = g.round_results[0]["breakdown"]
    assert parts[0]["red_threes"] == points
    assert parts[1]["red_threes"] == -{0: 0, 1: 100, 2: 200, 3: 300}[6 - reds]  # not melded: minus


def test_rule_14_6_two_decks_keep_800_for_all_four():
    teams = [{"melds": ["K K K"], "down": True, "red_threes": 4}, dict(NOT_DOWN)]
    g = _game(["4 5", "4 5"], {"players": 2}, teams=teams, stock="")
    g.step("draw")
    assert g.round_results[0]["breakdown"][0]["red_threes"] == 800


# ------------------------------------------------------------------------------------------------ 14.7

def _three_end(hand1: str, rules: dict):
    g = _game(["4 5", hand1, "K Q"], {"players": 3, **rules}, stock="", scores=[7600, 7600, 0])
    g.step("draw")
    return g


def test_rule_14_7_three_sides_the_highest_total_wins():
    g = _three_end("4 K", {})
    assert g.is_over and g.scores == (7590, 7585, -20) and g.winner() == 0


def test_rule_14_7_equal_highest_totals_play_on_or_draw_under_a_cap():
    g = _three_end("4 5", {})
    assert not g.is_over and g.round == 2 and g.scores == (7590, 7590, -20)
    capped = _three_end("4 5", {"max_rounds": 1})
    assert capped.is_over and capped.winner() is None


def test_rule_14_7_two_sides_of_three_reach_10000():
    g = _game(["4 5"] * 6, {"players": 6}, stock="", scores=[9990, 5000])
    g.step("draw")
    assert not g.is_over  # 9990 - 30 held
    g = _game(["4 5"] * 6, {"players": 6}, stock="", scores=[10100, 5000])
    g.step("draw")
    assert g.is_over and g.winner() == 0


# ------------------------------------------------------------------------------------------------ 14.8

@pytest.mark.parametrize("size", [{"players": 2}, {"players": 3}, {"players": 6}, {"players": 6, "sides": 3}])
def test_rule_14_8_a_seat_sees_no_other_hand_not_even_a_partners(size):
    n = canasta.Rules(**size).players
    hands = ["4 5 6"] + ["7 8 9"] * (n - 1)
    other = ["4 5 6"] + ["J Q K"] * (n - 1)
    a, b = _game(hands, size, stock="5 6 7"), _game(other, size, stock="5 6 7")
    for seat in range(n):
        assert same_view(a.view(seat), b.view(seat)) == (seat == 0)
    v = a.view(0)
    assert len(v.held) == n and len(v.melds) == len(v.scores) == len(v.down) == canasta.Rules(**size).sides
    assert v.team == 0 and a.view(n - 1).team == canasta.Rules(**size).seat_side[n - 1]
    with pytest.raises(ValueError, match=f"seat must be 0 to {n - 1}"):
        a.view(n)


# ------------------------------------------------------------------------------------------------ 14.9

@pytest.mark.parametrize("size", [{"players": 2}, {"players": 3}, {"players": 6}, {"players": 6, "sides": 3}])
def test_rule_14_9_a_scenario_names_its_size_and_round_trips(size):
    r = canasta.Rules(**size)
    spec = canasta.new_game(8, rules=r).to_scenario()
    assert spec["rules"] == size and len(spec["players"]) == r.players and len(spec["teams"]) == r.sides
    again = canasta.load_scenario(spec)
    assert again.rules == r and again.to_scenario() == spec


def test_rule_14_9_the_wrong_number_of_players_or_sides_is_refused():
    two = scenario(["4 5", "6 7"], rules={"players": 2}, teams=[dict(NOT_DOWN)] * 2, scores=[0, 0])
    canasta.load_scenario(two)
    with pytest.raises(ScenarioError, match=r'list of 4 players .*got 2; a game of 2 players names its size: '
                                            r'"rules": \{"players": 2\}'):
        canasta.load_scenario({k: v for k, v in two.items() if k != "rules"})
    with pytest.raises(ScenarioError, match=r"list of 2 players \(South, North\) for the 2-player game, got 4"):
        canasta.load_scenario(dict(two, players=[{"hand": "4 5"}] * 4))
    with pytest.raises(ScenarioError, match=r"teams must be a list of 2 sides \(South, North\).*got 3"):
        canasta.load_scenario(dict(two, teams=[dict(NOT_DOWN)] * 3))
    with pytest.raises(ScenarioError, match="scores must be a pair"):
        canasta.load_scenario(dict(two, scores=[0, 0, 0]))
    with pytest.raises(ScenarioError, match="scores must be a list of 3 whole numbers, one per side"):
        canasta.load_scenario(dict(two, rules={"players": 6, "sides": 3}, players=[{"hand": "4 5"}] * 6,
                                   teams=[dict(NOT_DOWN)] * 3))
    with pytest.raises(ScenarioError, match="scenario rules: rules: sides must be 2 for 4 players"):
        canasta.load_scenario(dict(two, rules={"players": 4, "sides": 3}))
    with pytest.raises(ScenarioError, match="has_melded must be a list of 2 booleans"):
        canasta.load_scenario(dict(two, has_melded=[False] * 4))


@pytest.mark.parametrize("rules", [
    canasta.Rules(), canasta.Rules(target=10000), canasta.Rules(players=6), canasta.Rules(players=6, target=20000),
    canasta.Rules(players=6, target=5000, minimum_thresholds=(0, 1500, 3000, 7500), minimums=(15, 50, 90, 120, 150)),
    canasta.Rules(players=2, hand_size=13, max_rounds=3), canasta.Rules(players=6, sides=3, target=9000),
])
def test_rule_14_1_the_changes_of_every_size_name_it_and_read_back(rules):
    changes = rules.changes()
    assert canasta.Rules.from_dict(changes) == rules
    assert ("players" in changes) == (rules.players != 4)
