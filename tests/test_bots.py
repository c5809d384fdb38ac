"""Bots: legal, deterministic, blind to hidden cards, and ordered by strength on fixed deals."""

from __future__ import annotations

import random

import numpy as np
import pytest

from footcanasta_env import load_scenario, new_game
from footcanasta_env.bots import BOTS, Bot, ExpertBot, GreedyBot, RandomBot, bot_names, make_bot
from footcanasta_env.cards import RED3, format_cards, parse_cards
from footcanasta_env.engine import Game
from footcanasta_env.evaluation import play_deal

NAMES = ("random", "greedy", "expert")


def sample_states(n_games: int = 6, every: int = 7) -> list[Game]:
    """States from games between mixed bots: draw and play steps, before and after lay-downs, in feet."""
    states = []
    for seed in range(n_games):
        game = new_game(1000 + seed)
        bots = [make_bot(NAMES[(seed + s) % 3], seed * 10 + s) for s in range(4)]
        step = 0
        while not game.is_over:
            if step % every == 0:
                states.append(game.clone())
            p = game.current_player
            game.step(bots[p].act(game.view(p)))
            step += 1
    return states


STATES = sample_states()


def test_states_cover_the_interesting_cases():
    seen = {"draw": 0, "play": 0, "aside": 0, "foot": 0, "pickup": 0}
    for g in STATES:
        v = g.view(g.current_player)
        seen[v.phase] += 1
        seen["aside"] += bool(v.set_aside)
        seen["foot"] += v.in_foot[v.seat]
        seen["pickup"] += 1 in v.legal_actions
    assert all(n > 5 for n in seen.values()), seen


@pytest.mark.parametrize("name", NAMES)
def test_bot_is_legal_and_deterministic(name):
    for i, g in enumerate(STATES):
        view = g.view(g.current_player)
        a = make_bot(name, i).act(view)
        assert isinstance(a, int) and a in view.legal_actions
        assert make_bot(name, i).act(view) == a


def hidden_shuffle(game: Game, seat: int, rng: random.Random) -> Game:
    """The same game with every card ``seat`` cannot see (other hands, unpicked feet, stock) reshuffled."""
    spec = game.to_scenario()
    slots: list[tuple[str, int]] = []  # where the hidden cards sit
    pool: list[int] = []
    for p, pl in enumerate(spec["players"]):
        for key in ("hand", "foot"):
            if key == "hand" and p == seat:
                continue
            cards = parse_cards(pl[key])
            pool += [k for k in cards if k != RED3]
            slots.append((f"{key}{p}", len(cards)))
    stock = parse_cards(spec["stock"])
    pool += [k for k in stock if k != RED3]
    rng.shuffle(pool)
    # Red threes stay where they are (a hand never holds one); everything else is dealt back at random.
    for p, pl in enumerate(spec["players"]):
        for key in ("hand", "foot"):
            if key == "hand" and p == seat:
                continue
            cards = parse_cards(pl[key])
            pl[key] = format_cards([k if k == RED3 else pool.pop() for k in cards])
    spec["stock"] = format_cards([k if k == RED3 else pool.pop() for k in stock])
    assert not pool
    return load_scenario(spec)


def same_view(a, b) -> bool:
    """Field-by-field equality of two views (numpy fields compared by value)."""
    for f in a._fields:
        x, y = getattr(a, f), getattr(b, f)
        if isinstance(x, np.ndarray):
            if not np.array_equal(x, y):
                return False
        elif x != y:
            return False
    return True


def _shuffled_pairs() -> list[tuple[Game, Game]]:
    """(state, same state with the acting seat's hidden cards reshuffled), two shuffles per sampled state."""
    rng = random.Random(7)
    return [(g, hidden_shuffle(g, g.current_player, rng)) for g in STATES[::2] for _ in range(2)]


SHUFFLED = _shuffled_pairs()


def test_hidden_shuffle_moves_hidden_cards_only():
    moved = 0
    for g, h in SHUFFLED:
        seat = g.current_player
        a, b = g.to_scenario(), h.to_scenario()
        moved += a["stock"] != b["stock"]
        assert a["players"][seat]["hand"] == b["players"][seat]["hand"]
        assert same_view(g.view(seat), h.view(seat))
    assert moved > 10  # the shuffle really moved hidden cards


@pytest.mark.parametrize("name", NAMES)
def test_hidden_cards_never_change_a_choice(name):
    for i, (g, h) in enumerate(SHUFFLED):
        seat = g.current_player
        assert make_bot(name, i).act(h.view(seat)) == make_bot(name, i).act(g.view(seat))


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
    assert set(NAMES) <= set(bot_names())
    for n in NAMES:
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
