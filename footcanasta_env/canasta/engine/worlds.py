"""Determinization: a complete Canasta game dealt at random among those consistent with one seat's view.

``sample_world(view, rng)`` keeps everything the seat may see (CANASTA_RULES.md section 12): its own hand
and set-aside melds, both tables (black threes melded on the way out included), red threes, the pile in
order, every seat's card count, who has melded this round, the stock size, round, dealer, scores and the
public memory of pickups, which pins cards in other hands (a seat that took two kings with the pile and has
not played them in sight still holds them). The cards the seat cannot see are dealt at random over the
hidden places: the other hands (beyond their pinned cards) and the stock. Red threes never go to a hand
(they are laid down at once, rules 2.4 and 3.4), only to the stock; given that, every arrangement of the
hidden cards over the hidden places is equally likely. It mirrors Foot Canasta's ``engine/worlds.py``,
without feet.

It reads the ``View`` only and builds the world through a scenario (``load_scenario``), so it cannot leak
what the view does not hold. The world gets a fresh random generator seeded from ``rng`` for its own
future shuffles (later rounds). What the view does not carry is filled in plainly: another player's hidden
set-aside melds (only the player to act can have them) are dealt as part of that player's hand; the
world's ``round_results`` are empty (the view has only the running totals, which the world keeps); and
which melds the player to act started this turn (the scenario's ``turn_melds``, read only for the concealed
bonus of rule 8.4) is not known, so the world has none.

Not a posterior: how the other players played is not used to weight the deals (no inference beyond the
public memory).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ...family.cards import BLACK3, JOKER, KINDS, TWO, deck_counts, format_cards, format_counts
from ...family.worlds import deal_places, free_places, known_counts, unseen_pool
from .game import Game
from .scenario import load_scenario
from .view import View

__all__ = ["deal_hidden", "sample_world", "world_scenario"]


def deal_hidden(view: View, rng: np.random.Generator) -> dict[str, Any]:
    """The hidden cards' places: ``hands`` (a count list a seat, the view's seat's own as seen) and ``stock``
    (kinds, top first), dealt at random among the consistent deals."""
    if not isinstance(view, View):
        raise TypeError(f"sample_world needs a Canasta View (game.view(seat)), got {type(view).__name__}")
    known = known_counts(view)
    known[BLACK3] += sum(view.black_threes)
    pool = unseen_pool(deck_counts(view.rules.decks), known)
    hands, stock = deal_places(view, pool, free_places(view), view.stock_size, "the stock", rng)
    return {"hands": hands, "stock": [int(x) for x in stock]}


def _meld_string(meld: tuple[int, int, int, int]) -> str:
    r, nat, two, jk = meld
    return format_cards([r] * nat + [TWO] * two + [JOKER] * jk)


def world_scenario(view: View, rng: np.random.Generator) -> dict[str, Any]:
    """A scenario dict of one world consistent with ``view`` (see ``sample_world``)."""
    dealt = deal_hidden(view, rng)
    players: list[dict[str, Any]] = [{"hand": format_counts(h)} for h in dealt["hands"]]
    if view.set_aside:
        players[view.seat]["set_aside"] = [_meld_string(m) for m in view.set_aside]
    teams = []
    for t in range(len(view.melds)):
        melds = [_meld_string(m) for m in view.melds[t]]
        if view.black_threes[t]:
            melds.append(" ".join([KINDS[BLACK3]] * view.black_threes[t]))
        teams.append({"melds": melds, "red_threes": int(view.red_threes[t]), "down": bool(view.down[t])})
    spec: dict[str, Any] = {
        "round": view.round, "dealer": view.dealer, "current": view.current_player, "phase": view.phase,
        "scores": [int(s) for s in view.scores], "players": players, "teams": teams,
        "pile": format_cards(view.pile), "stock": format_cards(dealt["stock"]),
        "memory": [format_counts([int(x) for x in m]) for m in view.memory],
    }
    if any(view.has_melded):
        spec["has_melded"] = [bool(f) for f in view.has_melded]
    if view.is_over:
        spec["over"] = True
    changes = view.rules.changes()
    if changes:
        spec["rules"] = changes
    return spec


def sample_world(view: View, rng: np.random.Generator) -> Game:
    """A complete Canasta game consistent with ``view``: ``sample_world(view, rng).view(view.seat) == view``."""
    spec = world_scenario(view, rng)
    return load_scenario(spec, seed=int(rng.integers(0, 2**63)))
