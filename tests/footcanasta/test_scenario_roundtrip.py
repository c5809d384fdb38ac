"""Scenario round trips keep complete canastas apart from an incomplete meld of the same rank."""

import pytest

from footcanasta_env import load_scenario
from footcanasta_env.footcanasta.actions import action_id


def _spec(melds):
    return {
        "current": 0, "phase": "play",
        "players": [{"hand": "6 2 9 9", "foot": "4"}, {"hand": "5", "foot": "4"},
                    {"hand": "5", "foot": "4"}, {"hand": "5", "foot": "4"}],
        "teams": [{"melds": melds}, {}],
        "pile": "8", "stock": "7 7 7 7",
    }


def test_incomplete_listed_before_its_canasta_stays_separate():
    game = load_scenario(_spec(["6 6 2", "6 6 6 6 6 6 2"]))
    assert game.to_scenario()["teams"][0]["melds"] == ["6 6 2", "6 6 6 6 6 6 2"]
    assert game.n_dirty[0] == 1
    # The incomplete meld has one wild card in three: another would break rule 5.1.
    assert action_id("add 6 2") not in game.legal_actions()
    assert action_id("add 6 6") in game.legal_actions()
    again = load_scenario(game.to_scenario())
    assert again == game
    assert again.legal_actions() == game.legal_actions()


def test_top_level_set_aside_belongs_to_the_player_to_act():
    spec = _spec([])
    spec["teams"][0] = {}
    spec["set_aside"] = ["9 9 9"]
    spec["players"][0]["hand"] = "6 2"
    game = load_scenario(spec)
    assert game.to_scenario()["players"][0]["set_aside"] == ["9 9 9"]
    assert game.held(0) == 5
    assert action_id("discard 9") in game.legal_actions()  # a set-aside card may be discarded (rule 7.2)
    spec["players"][0]["set_aside"] = ["6 6 6"]
    with pytest.raises(ValueError, match="both at the top level and on a player"):
        load_scenario(spec)
