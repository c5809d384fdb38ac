"""The sampling steps both games' determinization shares (``engine/worlds.py``): what a seat can place,
the unseen cards, and their deal over the hidden places, every consistent arrangement equally likely.

A hidden place is a free slot of another hand (beyond the cards its public memory pins there) or an
"open" place: the stock, and in Foot Canasta the unpicked feet. Red threes go to open places only (they are
laid down at once from a hand), uniformly; then every other unseen card uniformly over the places left.
The random draws, and so a world from a given generator, are the games' own from before this module.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from .cards import JOKER, NUM_KINDS, RED3, TWO


def add_meld(counts: np.ndarray, meld: tuple[int, int, int, int]) -> None:
    """Add a meld's cards, (rank, naturals, twos, jokers), to ``counts``."""
    r, nat, two, jk = meld
    if nat:
        counts[r] += nat
    counts[TWO] += two
    counts[JOKER] += jk


def known_counts(view: Any) -> np.ndarray:
    """Cards of every kind the seat can place: own hand and set-aside, tables, red threes, pile, pins."""
    known = np.array(view.hand, dtype=np.int64)
    for m in view.set_aside:
        add_meld(known, m)
    for team in view.melds:
        for m in team:
            add_meld(known, m)
    known[RED3] += sum(view.red_threes)
    for k in view.pile:
        known[k] += 1
    for p in range(len(view.held)):
        if p != view.seat:
            known += np.asarray(view.memory[p], dtype=np.int64)
    return known


def unseen_pool(deck: Sequence[int], known: np.ndarray) -> np.ndarray:
    """The unseen cards by kind: the decks less what the seat can place."""
    pool = np.asarray(deck, dtype=np.int64) - known
    if (pool < 0).any():
        raise ValueError("sample_world: the view places more cards of some kind than the decks hold")
    return pool


def free_places(view: Any) -> list[int]:
    """Per seat, the hidden cards of its hand beyond its pinned ones (0 for the view's own seat)."""
    free = []
    for p in range(len(view.held)):
        if p == view.seat:
            free.append(0)
            continue
        n = view.held[p] - int(np.sum(view.memory[p]))
        if n < 0:
            raise ValueError(f"sample_world: seat {p}'s public memory pins more cards than it holds")
        free.append(n)
    return free


def deal_places(view: Any, pool: np.ndarray, free: list[int], n_open: int, open_words: str,
                rng: np.random.Generator) -> tuple[list[list[int]], np.ndarray]:
    """Deal the unseen ``pool`` over the hands' ``free`` slots and ``n_open`` open places (``open_words``
    name them in a refusal); returns the four hands as counts (the view's seat's own as seen, the others'
    with their pinned cards) and the open places' cards, in order."""
    n_hand = sum(free)
    total = n_hand + n_open
    if int(pool.sum()) != total:
        raise ValueError(f"sample_world: {int(pool.sum())} unseen cards for {total} hidden places; the view is "
                         "inconsistent")
    n_r3 = int(pool[RED3])
    if n_r3 > n_open:
        raise ValueError(f"sample_world: more unseen red threes than places in {open_words}")
    places = np.full(total, -1, dtype=np.int64)
    places[rng.choice(n_open, size=n_r3, replace=False) + n_hand] = RED3
    rest = np.repeat(np.arange(NUM_KINDS), np.where(np.arange(NUM_KINDS) == RED3, 0, pool))
    places[places < 0] = rng.permutation(rest)
    hands, at = [], 0
    for p in range(len(view.held)):
        if p == view.seat:
            hands.append([int(x) for x in view.hand])
            continue
        h = np.bincount(places[at:at + free[p]], minlength=NUM_KINDS) + np.asarray(view.memory[p], dtype=np.int64)
        at += free[p]
        hands.append([int(x) for x in h])
    return hands, places[at:]
