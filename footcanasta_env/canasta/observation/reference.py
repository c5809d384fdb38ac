"""The reference encoder: ``encode(view)``, the observation of a ``View`` written plainly from the layout.

It reads nothing but the ``View``, so it is the definition the fast encoder (``fast.py``) is tested
against, byte for byte.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ...family.cards import BLACK3, JOKER, TWO
from ..engine import View
from ..engine.view import Meld
from ..rules import CANASTA_SIZE
from .layout import (
    HOLD_INDEX,
    KIND_COLUMN,
    NUM_HOLD,
    R_DISCARDED,
    R_PASSED,
    READ_BLOCK,
    ROUND_CLIP,
    ROW_CANASTA,
    ROW_JK,
    ROW_NAT,
    ROW_TWO,
    SEAT_BLOCK,
    T_BLACK3,
    T_DOWN,
    T_FROZEN,
    T_MINIMUM,
    T_MIXED,
    T_NATURAL,
    T_RED,
    T_SCORE,
    T_VALUE,
    clip_score,
)
from .sizes import Layout, layout_of


def melds_value(melds: Sequence[Meld], values: Sequence[int]) -> int:
    """Card value of (rank, naturals, twos, jokers) melds."""
    return sum(nat * values[r] + two * values[TWO] + jk * values[JOKER] for r, nat, two, jk in melds)


def _melds_raw(out: np.ndarray, o: int, melds: Sequence[Meld]) -> None:
    """Write the MELDS block of one team's melds."""
    for r, nat, two, jk in melds:
        out[o + ROW_NAT + r] = nat
        out[o + ROW_TWO + r] = two
        out[o + ROW_JK + r] = jk
        out[o + ROW_CANASTA + r] = nat + two + jk >= CANASTA_SIZE


def _team_raw(out: np.ndarray, view: View, lay: Layout, side: int, team: int) -> None:
    """Write a side's MELDS and TEAM blocks (``side`` relative to the observer, ``team`` the side itself)."""
    o = lay.o_team[side]
    out[o + T_RED] = view.red_threes[team]
    out[o + T_BLACK3] = view.black_threes[team]
    out[o + T_FROZEN] = view.frozen[team]
    out[o + T_MINIMUM] = view.minimums[team]
    out[o + T_SCORE] = clip_score(view.scores[team])
    if view.down[team]:
        melds = view.melds[team]
        _melds_raw(out, lay.o_table[side], melds)
        out[o + T_DOWN] = 1
        out[o + T_NATURAL], out[o + T_MIXED] = view.canastas(team)
        values = view.rules.card_values
        out[o + T_VALUE] = melds_value(melds, values) + view.black_threes[team] * values[BLACK3]


def encode_raw(view: View) -> np.ndarray:
    """Unscaled features of ``view`` (counts, flags) in the observation layout of its size, float32."""
    lay = layout_of(view.rules)
    out = np.zeros(lay.size, dtype=np.float32)
    me = view.seat
    n, sides = lay.players, lay.sides
    mine = view.rules.seat_side[me]
    out[lay.o_hand:lay.o_hand + NUM_HOLD] = view.hand[HOLD_INDEX]
    if view.set_aside:
        _melds_raw(out, lay.o_aside, view.set_aside)
        out[lay.o_aside_value] = melds_value(view.set_aside, view.rules.card_values)
    for side in range(sides):  # mine, then the side of each seat after me in turn
        _team_raw(out, view, lay, side, (mine + side) % sides)
    pile = view.pile
    if pile:
        out[lay.o_pile_top + KIND_COLUMN[pile[-1]]] = 1
        for k in pile:
            out[lay.o_pile_counts + KIND_COLUMN[k]] += 1
    else:
        out[lay.o_pile_top + NUM_HOLD] = 1
    out[lay.o_pile_size] = len(pile)
    for rel in range(n):
        s = (me + rel) % n
        o = lay.o_seats + rel * SEAT_BLOCK
        out[o] = view.held[s]
        out[o + 1] = (not view.is_over) and view.current_player == s
        out[o + 2] = view.dealer == s
        out[o + 3] = view.has_melded[s]
        out[o + 4:o + SEAT_BLOCK] = view.memory[s][HOLD_INDEX]
    out[lay.o_stock] = view.stock_size
    out[lay.o_round] = min(view.round, ROUND_CLIP)
    out[lay.o_last_round] = view.rules.max_rounds == view.round
    out[lay.o_target] = clip_score(view.target)
    if not view.is_over:
        out[lay.o_phase + (0 if view.phase == "draw" else 1)] = 1
    out[lay.o_over] = view.is_over
    if not view.is_over:
        _reading_raw(out, view, lay)
    return out


def _reading_raw(out: np.ndarray, view: View, lay: Layout) -> None:
    """Write the READING blocks: the pile's top card was discarded by the player before the one to act, the
    card under it by the player before that, and so on, each having drawn over the card below its own;
    the bottom card is not counted."""
    pile = view.pile
    n = len(pile)
    for i in range(1, n):
        rel = (view.current_player - (n - i) - view.seat) % lay.players
        o = lay.o_reading + rel * READ_BLOCK
        out[o + R_DISCARDED + KIND_COLUMN[pile[i]]] += 1
        out[o + R_PASSED + KIND_COLUMN[pile[i - 1]]] += 1


def encode(view: View) -> np.ndarray:
    """The observation vector of ``view``: a new float32 array of its size's length (``OBS_SIZE`` for four
    players, ``layout_of(rules).size`` at every size), relative to ``view.seat``."""
    out = encode_raw(view)
    np.multiply(out, layout_of(view.rules).scale, out=out)
    return out
