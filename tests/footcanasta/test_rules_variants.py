"""RULES.md section 13: the rules object, its defaults, variants in play, and refused combinations."""

import dataclasses

import pytest

from footcanasta_env import Rules, ScenarioError, action_name, load_scenario, new_game
from footcanasta_env.family.cards import parse_cards
from tests.helpers.oracle import scenario


def names(g):
    return {action_name(a) for a in g.legal_actions()}


def test_rule_13_defaults_are_the_rule_book():
    r = Rules()
    assert (r.decks, r.hand_size, r.foot_size, r.draw_count, r.pile_take) == (5, 13, 13, 2, 7)
    assert r.initial_minimums == (50, 90, 120, 150)
    assert (r.clean_needed, r.dirty_needed, r.wild_needed, r.partner_in_foot) == (2, 2, 1, True)
    assert (r.clean_bonus, r.dirty_bonus, r.wild_bonus, r.red_three_bonus, r.going_out_bonus) == \
        (500, 300, 1500, 100, 100)
    assert r.card_values == (5, 5, 5, 5, 10, 10, 10, 10, 10, 10, 20, 20, 50, 0, 5)
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.decks = 4


@pytest.mark.parametrize("kwargs,why", [
    (dict(decks=1), "deal"),                                   # 105 cards dealt from 54
    (dict(decks=1, hand_size=5, foot_size=5, clean_needed=0, dirty_needed=0), "wild"),  # 7 wild > 6 in a deck
    (dict(decks=3, wild_needed=3), "wild"),                    # 3 wild canastas need 21 + 2 wild cards > 12
    (dict(decks=1, hand_size=3, foot_size=3, clean_needed=2), "clean"),  # 4 of a rank < 7
    (dict(hand_size=0), "hand_size"),
    (dict(foot_size=0), "foot_size"),
    (dict(draw_count=0), "draw_count"),
    (dict(pile_take=0), "pile_take"),
    (dict(initial_minimums=()), "initial_minimums"),
    (dict(initial_minimums=(50, 90, 120, 150, 180)), "initial_minimums"),
    (dict(card_values=(5,) * 14), "card_values"),
    (dict(decks=True), "decks"),
    (dict(clean_needed=-1), "negative"),
])
def test_rule_13_bad_combinations_are_refused_with_a_reason(kwargs, why):
    with pytest.raises(ValueError, match=why):
        Rules(**kwargs)


def test_rule_13_red_three_has_no_card_value():
    values = list(Rules().card_values)
    values[13] = 5
    with pytest.raises(ValueError, match="red three"):
        Rules(card_values=tuple(values))


def test_rule_13_unknown_field_refused_by_name():
    with pytest.raises(ValueError, match="pile_size"):
        Rules.from_dict({"pile_size": 3})
    with pytest.raises(ScenarioError, match="pile_size"):
        load_scenario(scenario(["9", "9", "9", "9"], rules={"pile_size": 3}))


def test_rule_13_variant_deal_sizes():
    g = new_game(1, rules=Rules(hand_size=11, foot_size=9))
    for p in g.to_scenario()["players"]:
        assert len(parse_cards(p["hand"])) == 11 and len(parse_cards(p["foot"])) == 9


def test_rule_13_variant_draw_count_and_pile_take():
    s = scenario(["K K 9", "4", "5", "6"], melds0=["A A A"], pile="4 5 6 7 K", stock="J Q 8 8",
                 rules={"draw_count": 3, "pile_take": 3})
    g = load_scenario(s)
    d = g.clone()
    d.step("draw")
    assert d.to_scenario()["players"][0]["hand"] == "8 9 J Q K K"  # three cards drawn
    g.step("pickup")
    out = g.to_scenario()
    assert out["pile"] == "4 5" and out["players"][0]["hand"] == "6 7 9"   # top three only


def test_rule_13_variant_minimums_and_going_out_requirements():
    # One round with minimum 30; going out needs only one clean canasta and not the partner's foot.
    rules = {"initial_minimums": [30], "clean_needed": 1, "dirty_needed": 0, "wild_needed": 0,
             "partner_in_foot": False}
    g = load_scenario(scenario(["K K K 9", "9", "9", "9"], phase="play", rules=rules, stock="7 7"))
    g.step("meld K K K")
    assert "laydown" in names(g)  # 30 >= 30
    s = scenario(["9", "9", "9", "9"], feet=["", "4 5 6", "4 5 6", "4 5 6"], phase="play", rules=rules,
                 melds0=["Q Q Q Q Q Q Q"], stock="7 7")
    g = load_scenario(s)
    g.step("discard 9")
    assert g.is_over and g.round_results[0]["went_out"] == 0


def test_rule_13_variant_bonuses_and_values_score():
    rules = {"clean_bonus": 1000, "red_three_bonus": 50, "card_values": [1] * 13 + [0, 1]}
    s = scenario(["9", "4", "5", "6"], feet=["", "", "", ""], current=1, melds0=["Q Q Q Q Q Q Q"], red0=1,
                 rules=rules, stock="")
    g = load_scenario(s)
    g.step("draw")
    assert g.round_results[0]["scores"] == (7 + 1000 + 50 - 2, -2)
