"""RULES.md section 2 (rounds and the deal) and rule 10.3 (daily and seeded games), on ``new_game``."""

import datetime as dt
import random

import pytest

from footcanasta_env import new_game
from footcanasta_env.family.cards import parse_cards

SEEDS = range(300)


def n_cards(text: str) -> int:
    return len(parse_cards(text))


# Rule 2.1: the first dealer comes from the seed; it rotates clockwise; the first player is left of the dealer.
def test_rule_2_1_first_dealer_varies_with_the_seed_and_first_player_is_left_of_dealer():
    dealers = set()
    for seed in range(40):
        s = new_game(seed).to_scenario()
        dealers.add(s["dealer"])
        assert s["current"] == (s["dealer"] + 1) % 4
        assert s["round"] == 1 and s["phase"] == "draw"
    assert dealers == {0, 1, 2, 3}


@pytest.mark.parametrize("seed", [3, 4])
def test_rule_2_1_dealer_rotates_and_each_seat_leads_once(seed):
    g = new_game(seed)
    rng = random.Random(seed)
    starts = [(g.round, g.to_scenario()["dealer"], g.current_player)]
    while not g.is_over:
        r = g.round
        g.step(rng.choice(g.legal_actions()))
        if g.round != r:
            starts.append((g.round, g.to_scenario()["dealer"], g.current_player))
    assert [r for r, _, _ in starts] == [1, 2, 3, 4]
    d0 = starts[0][1]
    assert [d for _, d, _ in starts] == [(d0 + i) % 4 for i in range(4)]      # clockwise
    assert [c for _, _, c in starts] == [(d0 + 1 + i) % 4 for i in range(4)]  # left of dealer
    assert sorted(c for _, _, c in starts) == [0, 1, 2, 3]                    # each seat leads once


# Rule 2.2: a hand of 13 and a foot of 13 each (red threes dealt in hands are replaced, rule 2.4).
def test_rule_2_2_thirteen_and_thirteen():
    for seed in range(30):
        s = new_game(seed).to_scenario()
        for p in s["players"]:
            assert n_cards(p["hand"]) == 13
            assert n_cards(p["foot"]) == 13
        # one card on the pile; the stock holds the rest less the red threes laid down
        laid = s["teams"][0]["red_threes"] + s["teams"][1]["red_threes"]
        assert n_cards(s["pile"]) == 1
        assert n_cards(s["stock"]) == 270 - 8 * 13 - 1 - laid


# Rule 2.3: the pile's first card is never a red three or a wild card; a black three stays and blocks.
def test_rule_2_3_pile_start_never_wild_or_red_three_and_black_three_blocks():
    black_starts = 0
    for seed in SEEDS:
        g = new_game(seed)
        s = g.to_scenario()
        pile = s["pile"].split()
        assert len(pile) == 1
        assert pile[0] not in ("2", "JK", "R3")
        if pile[0] == "B3":
            black_starts += 1
            assert 1 not in g.legal_actions()  # no pickup over a black three (rule 4.1)
    assert black_starts > 0  # 10 of 270 cards: seeds 0-299 contain some black-three starts


# Rule 2.4: no red three stays in a hand; they are on the table for their partnership and replaced.
def test_rule_2_4_red_threes_in_hands_are_laid_down_and_replaced():
    seen_laid = 0
    for seed in range(60):
        s = new_game(seed).to_scenario()
        for p in s["players"]:
            assert "R3" not in p["hand"].split()
            assert n_cards(p["hand"]) == 13  # replaced, so still 13
        laid = s["teams"][0]["red_threes"] + s["teams"][1]["red_threes"]
        seen_laid += laid
        # All 10 red threes are somewhere: on the table, in feet, or in the stock.
        in_feet = sum(p["foot"].split().count("R3") for p in s["players"])
        assert laid + in_feet + s["stock"].split().count("R3") == 10
    assert seen_laid > 0


# Rule 10.3: the same seed gives the same deals; the daily game depends on the date only.
def test_rule_10_3_same_seed_same_game_different_seed_different_game():
    assert new_game(123).to_scenario() == new_game(123).to_scenario()
    assert new_game(123) == new_game(123)
    assert new_game(123).to_scenario()["players"] != new_game(124).to_scenario()["players"]


def test_rule_10_3_daily_game_same_for_a_date_different_across_dates():
    a = new_game(daily="2026-11-29")
    b = new_game(daily=dt.date(2026, 11, 29))
    c = new_game(daily="2026-11-30")
    assert a.to_scenario() == b.to_scenario()
    assert a.to_scenario()["players"] != c.to_scenario()["players"]
    # The whole trajectory repeats too: the same actions from the same daily deal give the same state.
    rng1, rng2 = random.Random(5), random.Random(5)
    for _ in range(200):
        a.step(rng1.choice(a.legal_actions()))
        b.step(rng2.choice(b.legal_actions()))
    assert a.to_scenario() == b.to_scenario()


def test_rule_10_3_daily_refuses_a_seed_too_and_bad_dates():
    with pytest.raises(ValueError, match="seed"):
        new_game(seed=1, daily="2026-11-29")
    with pytest.raises(ValueError, match="date"):
        new_game(daily="not a date")
