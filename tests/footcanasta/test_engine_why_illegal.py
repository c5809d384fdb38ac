"""``Game.why_illegal`` takes what ``step`` takes, and refuses a non-action by name, never with an IndexError."""

import numpy as np
import pytest

from footcanasta_env import NUM_ACTIONS, IllegalActionError, action_id, load_scenario, new_game
from footcanasta_env.footcanasta.engine import why_illegal
from tests.helpers.oracle import scenario


def test_why_illegal_takes_names_ids_and_indexes_alike():
    g = load_scenario(scenario(["K 9", "4", "5", "6"], melds0=["A A A"], pile="Q", stock="7 7"))
    reason = g.why_illegal("pickup")
    assert "rule 4.2" in reason
    assert g.why_illegal(action_id("pickup")) == reason
    assert g.why_illegal(np.int64(action_id("pickup"))) == reason
    assert why_illegal(g, "pickup") == reason
    assert g.why_illegal("draw") == g.why_illegal(action_id("draw")) == ""  # legal: no reason


@pytest.mark.parametrize("bad", [999, NUM_ACTIONS, -1])
def test_why_illegal_refuses_an_id_out_of_range_naming_it(bad):
    g = new_game(1)
    for call in (g.why_illegal, g.step):  # the same refusal as step's
        with pytest.raises(IllegalActionError, match=rf"action id {bad} is out of range"):
            call(bad)


@pytest.mark.parametrize("bad", ["bogus", "meld K K", ""])
def test_why_illegal_refuses_an_unknown_name(bad):
    g = new_game(1)
    with pytest.raises(ValueError, match=repr(bad) if bad else "empty"):
        g.why_illegal(bad)


@pytest.mark.parametrize("bad", [None, 1.5, [0]])
def test_why_illegal_refuses_what_is_no_action(bad):
    g = new_game(1)
    with pytest.raises(IllegalActionError, match="an action is an id or a name"):
        g.why_illegal(bad)


def test_why_illegal_checks_the_action_once_the_game_is_over():
    g = new_game(2)
    while not g.is_over:
        g.step(g.legal_actions()[-1])
    assert g.why_illegal("draw") == "the game is over"
    with pytest.raises(IllegalActionError, match="out of range"):
        g.why_illegal(999)
