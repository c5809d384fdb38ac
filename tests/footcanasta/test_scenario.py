"""Scenario loading: bad scenarios are refused with a message that names the problem (DESIGN.md)."""

import json

import pytest

from footcanasta_env import ScenarioError, load_scenario
from tests.helpers.oracle import scenario


def base(**kw):
    return scenario(["K K 9", "4 4", "5 5", "6 6"], stock="7 7", **kw)


def refused(s, pattern):
    with pytest.raises(ScenarioError, match=pattern) as err:
        load_scenario(s)
    assert isinstance(err.value, ValueError)
    return str(err.value)


def test_a_good_scenario_loads_from_dict_and_json_alike():
    s = base(pile="8", melds0=["A A A"])
    a, b = load_scenario(s), load_scenario(json.dumps(s))
    assert a == b
    assert a.to_scenario()["players"][0]["hand"] == "9 K K"


def test_unknown_keys_are_refused_by_name():
    s = base()
    s["stok"] = "7"
    refused(s, "stok")
    s = base()
    s["players"][1]["hnad"] = "4"
    refused(s, "hnad")
    s = base()
    s["teams"][0]["meld"] = []
    refused(s, "meld")


def test_too_many_cards_of_a_kind():
    s = base()
    s["stock"] = " ".join(["JK"] * 11)
    refused(s, "JK")
    s = base(melds0=["K K K K K K K", "K K K K K K K", "K K K K K K K"])  # 21 kings, + 2 in hand
    refused(s, "K")


def test_red_three_in_a_hand_or_the_pile():
    s = base()
    s["players"][2]["hand"] = "5 R3"
    refused(s, r"red three.*3\.5")
    refused(base(pile="R3"), "red three")


def test_red_three_in_a_foot_is_fine():
    s = base()
    s["players"][2]["foot"] = "R3 4 5"
    load_scenario(s)


@pytest.mark.parametrize("meld,pattern", [
    ("K K Q", "one rank"),
    ("K K 2 2", r"5\.1"),
    ("K K K K 2 2 JK", r"5\.1"),
    ("K K", "3 to 7"),
    ("K K K K K K K K", "3 to 7"),
    ("B3 B3 B3", r"5\.3"),
    ("K K X", "unknown card"),
])
def test_illegal_melds(meld, pattern):
    refused(base(melds0=[meld]), pattern)


def test_two_incomplete_melds_of_a_rank():
    refused(base(melds0=["Q Q Q", "Q Q Q Q"]), r"incomplete.*5\.5")
    load_scenario(base(melds0=["Q Q Q", "Q Q Q Q Q Q Q"]))  # one incomplete beside a canasta is fine


@pytest.mark.parametrize("melds", [["Q Q Q", "Q Q Q Q Q Q Q"], ["Q Q Q Q Q Q Q", "Q Q Q"],
                                   ["5 5 5 2", "5 5 5 5 5 5 5"]])
def test_canasta_and_incomplete_meld_of_a_rank_in_either_order(melds):
    # Rules 5.4/5.5: a canasta is closed; the incomplete meld of its rank is a separate meld, whatever the
    # order the scenario lists them in (to_scenario lists the one with fewer naturals first).
    s = scenario(["Q 9", "4", "5", "6"], phase="play", melds0=melds, stock="7 7")
    g = load_scenario(s)
    assert sorted(g.to_scenario()["teams"][0]["melds"]) == sorted(melds)
    assert load_scenario(g.to_scenario()) == g


def test_down_false_with_melds():
    refused(base(melds0=["Q Q Q"], down0=False), "down")


def test_bad_json():
    with pytest.raises(ScenarioError, match="JSON"):
        load_scenario('{"players": [')


def test_set_aside_only_on_the_player_to_act_and_only_before_the_initial_meld():
    s = base()
    s["players"][1]["set_aside"] = ["4 4 4"]
    refused(s, r"players\[1\]\.set_aside")
    refused(base(melds0=["A A A"], set_aside=["Q Q Q"]), "set_aside")


@pytest.mark.parametrize("key,value,pattern", [
    ("phase", "discard", "phase"),
    ("round", 5, "round"),
    ("current", 4, "current"),
    ("scores", [1], "scores"),
    ("players", [], "players"),
    ("teams", [{}], "teams"),
])
def test_bad_top_level_values(key, value, pattern):
    s = base()
    s[key] = value
    refused(s, pattern)


def test_player_to_act_with_empty_hand_picks_up_the_foot_on_load():
    s = base()
    s["players"][0] = {"hand": "", "foot": "8 8 9"}
    g = load_scenario(s)
    assert g.to_scenario()["players"][0] == {"hand": "8 8 9", "foot": ""}


def test_a_round_trip_with_set_aside_and_memory_gives_an_equal_game():
    s = base(phase="play", set_aside=["Q Q Q"])
    s["memory"] = ["K", "", "4", ""]
    g = load_scenario(s)
    out = g.to_scenario()
    assert out["players"][0]["set_aside"] == ["Q Q Q"] and out["memory"] == ["K", "", "4", ""]
    assert load_scenario(out) == g
    assert load_scenario(json.loads(json.dumps(out))) == g
