"""Bots: the sampled states, the registry's errors, and the expert's documented strategy.

The contract every bot keeps (legal, deterministic, blind to hidden cards) is tested for every registered
name in ``test_bot_conformance.py``.
"""

from __future__ import annotations

import pytest

from footcanasta_env import load_scenario, new_game
from footcanasta_env.bots import BOTS, Bot, ExpertBot, GreedyBot, RandomBot, bot_names, make_bot
from footcanasta_env.cards import RED3, format_cards, parse_cards
from footcanasta_env.evaluation import play_deal
from tests.bot_states import SHUFFLED, STATES, same_view


def test_states_cover_the_interesting_cases():
    seen = {"draw": 0, "play": 0, "aside": 0, "foot": 0, "pickup": 0}
    for g in STATES:
        v = g.view(g.current_player)
        seen[v.phase] += 1
        seen["aside"] += bool(v.set_aside)
        seen["foot"] += v.in_foot[v.seat]
        seen["pickup"] += 1 in v.legal_actions
    assert all(n > 5 for n in seen.values()), seen


def test_hidden_shuffle_moves_hidden_cards_only():
    moved = 0
    for g, h in SHUFFLED:
        seat = g.current_player
        a, b = g.to_scenario(), h.to_scenario()
        moved += a["stock"] != b["stock"]
        assert a["players"][seat]["hand"] == b["players"][seat]["hand"]
        assert same_view(g.view(seat), h.view(seat))
    assert moved > 10  # the shuffle really moved hidden cards


def test_view_changes_when_a_visible_card_changes():
    # Guards the hidden-shuffle test: a change the seat can see must show in its view.
    g = STATES[5]
    seat = g.current_player
    spec = g.to_scenario()
    hand = parse_cards(spec["players"][seat]["hand"])
    stock = parse_cards(spec["stock"])
    j = next(i for i, k in enumerate(stock) if k != RED3 and hand and k != hand[0])
    hand[0], stock[j] = stock[j], hand[0]
    spec["players"][seat]["hand"] = format_cards(hand)
    spec["stock"] = format_cards(stock)
    assert same_view(g.view(seat), load_scenario(g.to_scenario()).view(seat))
    assert not same_view(g.view(seat), load_scenario(spec).view(seat))


def test_registry_and_errors():
    assert {"random", "greedy", "expert"} <= set(bot_names())
    for n in bot_names():
        assert isinstance(make_bot(n, 1), Bot)
    assert isinstance(make_bot(" Expert "), ExpertBot)
    assert BOTS["greedy"] is GreedyBot and BOTS["random"] is RandomBot
    with pytest.raises(ValueError, match="unknown bot"):
        make_bot("nobody")
    assert make_bot("learned").name == "learned"  # the shipped policy (checkpoints/learned.npz)
    with pytest.raises(ValueError, match="not found"):
        make_bot("policy:/no/such/file.npz")
    with pytest.raises(ValueError, match="no legal actions"):
        g = new_game(0)
        make_bot("expert").act(g.view((g.current_player + 1) % 4))


def test_expert_strategy_is_documented():
    doc = ExpertBot.__doc__ or ""
    for word in ("foot", "wild canasta", "pile", "black three", "memory", "clean", "go out"):
        assert word in doc.lower(), word


def test_expert_saves_wild_cards_for_the_wild_meld():
    # Down, with a K meld of 4 and a joker: greedy spoils the clean meld, the expert keeps the joker.
    spec = {
        "round": 1, "dealer": 3, "current": 0, "phase": "play",
        "players": [{"hand": "K JK 5 9 4", "foot": "4 4 7 8 9 10 J Q A A 6 6 6"},
                    {"hand": "5 6 7 8 9 10 J Q A 4 4 5 6", "foot": "7 8 9 10 J Q 5 5 5 6 7 8 9"},
                    {"hand": "8 8 9 9 10 10 J J Q Q A A 4", "foot": "10 J Q A 7 7 7 8 8 8 9 9 9"},
                    {"hand": "4 4 5 5 6 6 7 7 8 8 9 9 10", "foot": "Q Q Q J J J A A A 10 10 4 5"}],
        "teams": [{"melds": ["K K K K"], "red_threes": 0}, {"melds": [], "red_threes": 0}],
        "pile": "4 9", "stock": "5 6 7 8 9 10 J Q 4 5 6 7 8 9 10 J Q 4 5 6",
    }
    g = load_scenario(spec)
    v = g.view(0)
    from footcanasta_env import action_name

    assert action_name(GreedyBot().act(v)) == "add K K"
    g.step("add K K")
    v = g.view(0)
    assert action_name(GreedyBot().act(v)) == "add K JK"
    assert action_name(ExpertBot().act(v)).startswith("discard")
    assert action_name(ExpertBot().act(v)) != "discard JK"


@pytest.mark.parametrize("strong,weak", [("greedy", "random"), ("expert", "greedy")])
def test_stronger_bot_wins_fixed_deals(strong, weak):
    games = [g for d in range(2) for g in play_deal(strong, weak, seed=11, deal=d)]
    assert sum(g.result for g in games) >= len(games) - 1
