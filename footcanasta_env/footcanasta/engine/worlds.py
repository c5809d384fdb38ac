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

from ...family.cards import NUM_KINDS, deck_counts
from ...family.worlds import deal_places, free_places, known_counts, unseen_pool
from .game import Game
from .scenario import load_scenario
from .state import scenario_dict
from .view import View


def deal_hidden(view: View, rng: np.random.Generator) -> dict[str, Any]:
    """The hidden cards' places: ``hands`` (4 count lists, the view's seat's own), ``feet`` (4 count lists,
    zeros once picked up) and ``stock`` (kinds, top first), dealt at random among the consistent deals."""
    if not isinstance(view, View):
        raise TypeError(f"sample_world needs a View (game.view(seat)), got {type(view).__name__}")
    rules = view.rules
    pool = unseen_pool(deck_counts(rules.decks), known_counts(view))
    # Hidden places, in order: the other hands' free slots, the unpicked feet, the stock.
    free = free_places(view)
    feet = [0 if view.in_foot[p] else rules.foot_size for p in range(4)]
    hands, rest = deal_places(view, pool, free, sum(feet) + view.stock_size, "feet and stock", rng)
    foot_counts, at = [], 0
    for p in range(4):
        foot_counts.append([int(x) for x in np.bincount(rest[at:at + feet[p]], minlength=NUM_KINDS)])
        at += feet[p]
    return {"hands": hands, "feet": foot_counts, "stock": [int(x) for x in rest[at:]]}


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
