"""Positions shared by the bot tests: states of mixed-bot games, and the same states with hidden cards reshuffled."""

from __future__ import annotations

import random

import numpy as np

from footcanasta_env import load_scenario, new_game
from footcanasta_env.family.cards import RED3, format_cards, parse_cards
from footcanasta_env.footcanasta.bots import make_bot
from footcanasta_env.footcanasta.engine import Game

MIXED = ("random", "greedy", "expert")  # the bots whose games supply the sampled states


def sample_states(n_games: int = 6, every: int = 7) -> list[Game]:
    """States from games between mixed bots: draw and play steps, before and after lay-downs, in feet."""
    states = []
    for seed in range(n_games):
        game = new_game(1000 + seed)
        bots = [make_bot(MIXED[(seed + s) % 3], seed * 10 + s) for s in range(4)]
        step = 0
        while not game.is_over:
            if step % every == 0:
                states.append(game.clone())
            p = game.current_player
            game.step(bots[p].act(game.view(p)))
            step += 1
    return states


STATES = sample_states()


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


