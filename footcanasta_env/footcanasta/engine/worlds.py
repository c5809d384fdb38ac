"""Determinization: a complete game dealt at random among those consistent with one seat's view.

``sample_world(view, rng)`` keeps everything the seat may see (RULES.md section 12): its own hand and
set-aside melds, both tables, red threes, the pile in order, every seat's card count and foot state, the
stock size, round, dealer, scores, and the public memory of pickups, which pins cards in other hands
(a seat that took two kings from the pile and has not played them in sight still holds them). The cards
the seat cannot see are dealt at random over the hidden places: the other hands (beyond their pinned
cards), every unpicked foot (the seat's own included) and the stock. Red threes never go to a hand
(they are laid down at once, rule 3.5), only to unpicked feet or the stock; given that, every
arrangement of the hidden cards over the hidden places is equally likely.

It reads the ``View`` only and builds the world through a scenario (``load_scenario``), so it cannot
leak what the view does not hold. The world gets a fresh random generator seeded from ``rng`` for its
own future shuffles (later rounds). Two things the view does not carry are filled in plainly: another
player's hidden set-aside melds (only the player to act can have them) are dealt as part of that
player's hand, and the world's ``round_results`` are empty (the view has only the running totals,
which the world keeps).

Not a posterior: how the other players played is not used to weight the deals (no inference beyond
the public memory).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ...family.cards import JOKER, NUM_KINDS, RED3, TWO, deck_counts
from .game import Game
from .scenario import load_scenario
from .state import scenario_dict
from .view import View


def _known_counts(view: View) -> np.ndarray:
    """Cards of every kind the seat can place: own hand and set-aside, tables, red threes, pile, pins."""
    known = np.array(view.hand, dtype=np.int64)
    for m in view.set_aside:
        _add_meld(known, m)
    for team in view.melds:
        for m in team:
            _add_meld(known, m)
    known[RED3] += sum(view.red_threes)
    for k in view.pile:
        known[k] += 1
    for p in range(4):
        if p != view.seat:
            known += np.asarray(view.memory[p], dtype=np.int64)
    return known


def _add_meld(counts: np.ndarray, meld: tuple[int, int, int, int]) -> None:
    r, nat, two, jk = meld
    if nat:
        counts[r] += nat
    counts[TWO] += two
    counts[JOKER] += jk


def deal_hidden(view: View, rng: np.random.Generator) -> dict[str, Any]:
    """The hidden cards' places: ``hands`` (4 count lists, the view's seat's own), ``feet`` (4 count lists,
    zeros once picked up) and ``stock`` (kinds, top first), dealt at random among the consistent deals."""
    if not isinstance(view, View):
        raise TypeError(f"sample_world needs a View (game.view(seat)), got {type(view).__name__}")
    rules = view.rules
    seat = view.seat
    pool = np.asarray(deck_counts(rules.decks), dtype=np.int64) - _known_counts(view)
    if (pool < 0).any():
        raise ValueError("sample_world: the view places more cards of some kind than the decks hold")
    # Hidden places, in order: the other hands' free slots, the unpicked feet, the stock.
    free = []
    for p in range(4):
        if p == seat:
            free.append(0)
            continue
        n = view.held[p] - int(np.sum(view.memory[p]))
        if n < 0:
            raise ValueError(f"sample_world: seat {p}'s public memory pins more cards than it holds")
        free.append(n)
    feet = [0 if view.in_foot[p] else rules.foot_size for p in range(4)]
    n_hand, n_feet, n_stock = sum(free), sum(feet), view.stock_size
    total = n_hand + n_feet + n_stock
    if int(pool.sum()) != total:
        raise ValueError(f"sample_world: {int(pool.sum())} unseen cards for {total} hidden places; the view is "
                         "inconsistent")
    n_r3 = int(pool[RED3])
    if n_r3 > n_feet + n_stock:
        raise ValueError("sample_world: more unseen red threes than places in feet and stock")
    places = np.full(total, -1, dtype=np.int64)
    # Red threes first, uniformly over the foot and stock places; then every other card uniformly over
    # the places left: each consistent arrangement is equally likely.
    r3_at = rng.choice(n_feet + n_stock, size=n_r3, replace=False) + n_hand
    places[r3_at] = RED3
    rest = np.repeat(np.arange(NUM_KINDS), np.where(np.arange(NUM_KINDS) == RED3, 0, pool))
    places[places < 0] = rng.permutation(rest)
    hands, at = [], 0
    for p in range(4):
        if p == seat:
            hands.append([int(x) for x in view.hand])
            continue
        h = np.bincount(places[at:at + free[p]], minlength=NUM_KINDS) + np.asarray(view.memory[p], dtype=np.int64)
        at += free[p]
        hands.append([int(x) for x in h])
    foot_counts = []
    for p in range(4):
        foot_counts.append([int(x) for x in np.bincount(places[at:at + feet[p]], minlength=NUM_KINDS)])
        at += feet[p]
    return {"hands": hands, "feet": foot_counts, "stock": [int(x) for x in places[at:]]}


def world_scenario(view: View, rng: np.random.Generator) -> dict[str, Any]:
    """A scenario dict of one world consistent with ``view`` (see ``sample_world``)."""
    dealt = deal_hidden(view, rng)
    return scenario_dict(
        view.rules, round=view.round, dealer=view.dealer, current=view.current_player, phase=view.phase,
        scores=view.scores, hands=dealt["hands"], feet=dealt["feet"], in_foot=view.in_foot,
        set_aside={view.seat: view.set_aside}, melds=view.melds, red_threes=view.red_threes, down=view.down,
        pile=view.pile, stock=dealt["stock"], memory=view.memory, over=view.is_over)


def sample_world(view: View, rng: np.random.Generator) -> Game:
    """A complete game consistent with ``view``: ``sample_world(view, rng).view(view.seat) == view``."""
    spec = world_scenario(view, rng)
    return load_scenario(spec, seed=int(rng.integers(0, 2**63)))
