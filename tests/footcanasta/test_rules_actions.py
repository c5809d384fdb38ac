"""RULES.md section 11 (action names, exact mask, clear refusals) and section 12 (what a seat observes)."""

import re

import pytest

from footcanasta_env import ACTION_NAMES, NUM_ACTIONS, IllegalActionError, action_id, action_name, load_scenario
from tests.helpers.oracle import scenario

RANKS = ("4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


# Rule 11: the table of names, written out from RULES.md.
def test_rule_11_action_names_are_exactly_the_table():
    expected = ["draw", "pickup"]
    for r in RANKS:
        expected += [f"meld {r} {r} {r}", f"meld {r} {r} 2", f"meld {r} {r} JK"]
    expected += ["meld 2 2 2", "meld 2 2 JK", "meld 2 JK JK", "meld JK JK JK"]
    for r in RANKS:
        expected += [f"add {r} {r}", f"add {r} 2", f"add {r} JK"]
    expected += ["add wild 2", "add wild JK", "laydown"]
    expected += [f"discard {c}" for c in RANKS + ("2", "JK", "B3")]
    assert sorted(ACTION_NAMES) == sorted(expected)
    assert NUM_ACTIONS == len(expected) == 89
    for i in range(NUM_ACTIONS):
        assert action_id(action_name(i)) == i


def test_the_held_kinds_and_the_action_kinds_have_one_order():
    from footcanasta_env.family.cards import HOLD_KINDS, KINDS, RED3
    from footcanasta_env.footcanasta import actions, observation

    assert [KINDS[k] for k in HOLD_KINDS] == list(RANKS) + ["2", "JK", "B3"] and RED3 not in HOLD_KINDS
    discards = [a for a in range(NUM_ACTIONS) if actions.ACTION_TYPE[a] == actions.DISCARD]
    assert [actions.ACTION_CARD[a] for a in discards] == list(HOLD_KINDS)  # ids 75-88 in this order
    assert observation.HOLD_KINDS is HOLD_KINDS
    for a in range(NUM_ACTIONS):  # every action's kind number names the first word of its name
        assert ACTION_NAMES[a].split()[0] == actions.ACTION_TYPE_NAMES[actions.ACTION_TYPE[a]]


def test_rule_11_names_parse_flexibly_and_unknown_names_are_refused():
    assert action_id("MELD 2 k k") == action_id("meld K K 2")
    assert action_id("  discard   jk ") == action_id("discard JK")
    for bad in ("discard R3", "meld 3 3 3", "fly", "add wild 5", "", "meld K K"):
        with pytest.raises(ValueError):
            action_id(bad)
    with pytest.raises(ValueError):
        action_name(89)


RULE = re.compile(r"rules? \d+(\.\d+)?")


@pytest.mark.parametrize("spec,action", [
    (dict(hands=["K K 9", "4", "5", "6"], melds0=["A A A"]), "discard 9"),          # draw step
    (dict(hands=["K K 9", "4", "5", "6"], melds0=["A A A"], phase="play"), "draw"),   # already drawn
    (dict(hands=["K 9", "4", "5", "6"], melds0=["A A A"], phase="play"), "meld K K K"),
    (dict(hands=["K 9", "4", "5", "6"], melds0=["A A A"], phase="play"), "discard Q"),
    (dict(hands=["K 9", "4", "5", "6"], phase="play"), "laydown"),
    (dict(hands=["K 9", "4", "5", "6"], melds0=["A A A"], pile="Q"), "pickup"),
    (dict(hands=["K 9", "4", "5", "6"], melds0=["A A A"], phase="play"), "add A JK"),
])
def test_rule_11_illegal_actions_raise_name_the_rule_and_change_nothing(spec, action):
    hands = spec.pop("hands")
    g = load_scenario(scenario(hands, stock="7 7", **spec))
    before = g.to_scenario()
    legal = g.legal_actions()
    assert action_id(action) not in legal
    for a in (action, action_id(action)):  # by name and by id
        with pytest.raises(IllegalActionError) as err:
            g.step(a)
        assert action in str(err.value)
        assert RULE.search(str(err.value)), str(err.value)
        assert isinstance(err.value, ValueError)
    assert g.to_scenario() == before and g.legal_actions() == legal


def test_rule_11_step_by_id_equals_step_by_name():
    s = scenario(["K K K 9", "4", "5", "6"], melds0=["A A A"], phase="play", stock="7 7")
    a, b = load_scenario(s), load_scenario(s)
    a.step("meld K K K")
    b.step(action_id("meld K K K"))
    assert a == b
    mask = a.legal_mask()
    assert mask.shape == (89,) and set(mask.nonzero()[0]) == set(a.legal_actions())


# Rule 12: the public memory of pickups subtracts the pickup pair (clamped at 0), adds the pile cards
# taken, and drops with each card of that kind played in sight.
def test_rule_12_public_memory_of_pickups():
    s = scenario(["K K 9 4", "4", "5", "6"], melds0=["A A A"], pile="9 9 K", stock="7 7")
    g = load_scenario(s)
    g.step("pickup")
    out = g.to_scenario()
    assert out["memory"] == ["9 9", "", "", ""]
    assert out["players"][0]["hand"] == "4 9 9 9"
    g.step("discard 9")
    assert g.to_scenario()["memory"] == ["9", "", "", ""]
    v = g.view(2)
    assert list(v.memory[0]) == [0, 0, 0, 0, 0, 1] + [0] * 9   # kind index 5 is the 9


def test_rule_12_view_shows_own_cards_and_hides_others():
    s = scenario(["K K K 9", "4 4", "5 5 5", "6"], phase="play", stock="7 7 8", pile="Q")
    g = load_scenario(s)
    g.step("meld K K K")  # set aside: South's, hidden from the others
    v0, v1 = g.view(0), g.view(1)
    assert list(v0.hand) == [0, 0, 0, 0, 0, 1] + [0] * 9
    assert v0.set_aside and not v1.set_aside
    assert list(v1.hand) == [2] + [0] * 14
    assert v1.held == (4, 2, 3, 1)                     # set-aside cards count as held
    assert v1.stock_size == 3 and v1.pile == (8,)      # Q is kind 8
    assert v0.legal_actions and not v1.legal_actions
    # Nothing in West's view depends on South's hidden cards: swap them for others, same view.
    s2 = scenario(["J J J 8", "4 4", "5 5 5", "6"], phase="play", stock="7 7 8", pile="Q")
    g2 = load_scenario(s2)
    g2.step("meld J J J")
    assert repr(g2.view(1)) == repr(v1)
