"""The reference encoder: ``encode(view)``, the observation of a ``View`` written plainly from the layout.

It reads nothing but the ``View``, so it is the definition the fast encoder (``incremental.py``) is
tested against, byte for byte.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ...family.cards import WILD_RANK
from ..engine import View
from ..melds import melds_value
from ..rules import CANASTA_SIZE
from .layout import (
    HOLD_INDEX,
    KIND_COLUMN,
    NUM_HOLD,
    O_ASIDE,
    O_ASIDE_VALUE,
    O_HAND,
    O_MINIMUM,
    O_OVER,
    O_PHASE,
    O_PILE_COUNTS,
    O_PILE_SIZE,
    O_PILE_TAKE,
    O_PILE_TOP,
    O_ROUND,
    O_ROUNDS,
    O_SCORES,
    O_SEATS,
    O_STOCK,
    O_TABLE,
    O_TEAM,
    OBS_SIZE,
    ROW_CANASTA_JK,
    ROW_CANASTA_TWO,
    ROW_CLEAN,
    ROW_DIRTY,
    ROW_JK,
    ROW_NAT,
    ROW_TWO,
    ROW_WILD,
    SCALE,
    SEAT_BLOCK,
    clip_score,
)


def _meld_raw(out: np.ndarray, o: int, melds: Any) -> None:
    """Write the MELDS block of a team structure, given as (rank, naturals, twos, jokers) melds."""
    for r, nat, two, jk in melds:
        if nat + two + jk < CANASTA_SIZE:
            out[o + ROW_NAT + r] = nat
            out[o + ROW_TWO + r] = two
            out[o + ROW_JK + r] = jk
        else:
            if r == WILD_RANK:
                out[o + ROW_WILD + r] += 1
            elif two + jk:
                out[o + ROW_DIRTY + r] += 1
            else:
                out[o + ROW_CLEAN + r] += 1
            out[o + ROW_CANASTA_TWO + r] += two
            out[o + ROW_CANASTA_JK + r] += jk


def encode_raw(view: View, out: np.ndarray | None = None) -> np.ndarray:
    """Unscaled features of ``view`` (counts, flags) in the observation layout, float32."""
    if out is None:
        out = np.zeros(OBS_SIZE, dtype=np.float32)
    else:
        out[:] = 0
    me = view.seat
    mine = me & 1
    values = view.rules.card_values
    out[O_HAND:O_HAND + NUM_HOLD] = view.hand[HOLD_INDEX]
    if view.set_aside:
        _meld_raw(out, O_ASIDE, view.set_aside)
        out[O_ASIDE_VALUE] = melds_value(view.set_aside, values)
    for side, team in enumerate((mine, 1 - mine)):
        o = O_TEAM[side]
        out[o] = view.red_threes[team]
        if view.down[team]:
            melds = view.melds[team]
            _meld_raw(out, O_TABLE[side], melds)
            out[o + 1] = 1
            out[o + 2:o + 5] = view.canastas(team)
            out[o + 5] = melds_value(melds, values)
    pile = view.pile
    if pile:
        out[O_PILE_TOP + KIND_COLUMN[pile[-1]]] = 1
        for k in pile:
            out[O_PILE_COUNTS + KIND_COLUMN[k]] += 1
        for k in pile[-view.rules.pile_take:]:
            out[O_PILE_TAKE + KIND_COLUMN[k]] += 1
    else:
        out[O_PILE_TOP + NUM_HOLD] = 1
    out[O_PILE_SIZE] = len(pile)
    for rel in range(4):
        s = (me + rel) & 3
        o = O_SEATS + rel * SEAT_BLOCK
        out[o] = view.held[s]
        out[o + 1] = view.in_foot[s]
        out[o + 2] = (not view.is_over) and view.current_player == s
        out[o + 3] = view.dealer == s
        out[o + 4:o + SEAT_BLOCK] = view.memory[s][HOLD_INDEX]
    out[O_STOCK] = view.stock_size
    out[O_ROUND + view.round - 1] = 1
    out[O_ROUNDS] = view.rules.rounds
    out[O_MINIMUM] = view.minimum
    out[O_SCORES] = clip_score(view.scores[mine])
    out[O_SCORES + 1] = clip_score(view.scores[1 - mine])
    if not view.is_over:
        out[O_PHASE + (0 if view.phase == "draw" else 1)] = 1
    out[O_OVER] = view.is_over
    return out


def encode(view: View) -> np.ndarray:
    """The observation vector of ``view``: a new float32 array of ``OBS_SIZE``."""
    out = encode_raw(view)
    np.multiply(out, SCALE, out=out)
    return out
