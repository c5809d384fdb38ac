"""The reference encoder: ``encode(view)``, the observation of a ``View`` written plainly from the layout.

It reads nothing but the ``View``, so it is the definition the fast encoder (``incremental.py``) is
tested against, byte for byte.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..cards import WILD_RANK
from ..engine import View
from ..melds import melds_value
from ..rules import CANASTA_SIZE
from .layout import (
    _HOLD_IDX,
    _KIND_COL,
    _O_ASIDE,
    _O_ASIDE_V,
    _O_HAND,
    _O_MIN,
    _O_OVER,
    _O_PCOUNT,
    _O_PHASE,
    _O_PSIZE,
    _O_PTAKE,
    _O_ROUND,
    _O_ROUNDS,
    _O_SCORES,
    _O_SEATS,
    _O_STOCK,
    _O_TABLE,
    _O_TEAM,
    _O_TOP,
    NUM_HOLD,
    OBS_SIZE,
    SCALE,
    SEAT_BLOCK,
    clip_score,
)


def _meld_raw(out: np.ndarray, o: int, melds: Any) -> None:
    """Write the MELDS block of a team structure, given as (rank, naturals, twos, jokers) melds."""
    for r, nat, two, jk in melds:
        if nat + two + jk < CANASTA_SIZE:
            out[o + r] = nat
            out[o + 12 + r] = two
            out[o + 24 + r] = jk
        else:
            if r == WILD_RANK:
                out[o + 60 + r] += 1
            elif two + jk:
                out[o + 48 + r] += 1
            else:
                out[o + 36 + r] += 1
            out[o + 72 + r] += two
            out[o + 84 + r] += jk


def encode_raw(view: View, out: np.ndarray | None = None) -> np.ndarray:
    """Unscaled features of ``view`` (counts, flags) in the observation layout, float32."""
    if out is None:
        out = np.zeros(OBS_SIZE, dtype=np.float32)
    else:
        out[:] = 0
    me = view.seat
    mine = me & 1
    values = view.rules.card_values
    out[_O_HAND:_O_HAND + NUM_HOLD] = view.hand[_HOLD_IDX]
    if view.set_aside:
        _meld_raw(out, _O_ASIDE, view.set_aside)
        out[_O_ASIDE_V] = melds_value(view.set_aside, values)
    for side, team in enumerate((mine, 1 - mine)):
        o = _O_TEAM[side]
        out[o] = view.red_threes[team]
        if view.down[team]:
            melds = view.melds[team]
            _meld_raw(out, _O_TABLE[side], melds)
            out[o + 1] = 1
            out[o + 2:o + 5] = view.canastas(team)
            out[o + 5] = melds_value(melds, values)
    pile = view.pile
    if pile:
        out[_O_TOP + _KIND_COL[pile[-1]]] = 1
        for k in pile:
            out[_O_PCOUNT + _KIND_COL[k]] += 1
        for k in pile[-view.rules.pile_take:]:
            out[_O_PTAKE + _KIND_COL[k]] += 1
    else:
        out[_O_TOP + NUM_HOLD] = 1
    out[_O_PSIZE] = len(pile)
    for rel in range(4):
        s = (me + rel) & 3
        o = _O_SEATS + rel * SEAT_BLOCK
        out[o] = view.held[s]
        out[o + 1] = view.in_foot[s]
        out[o + 2] = (not view.is_over) and view.current_player == s
        out[o + 3] = view.dealer == s
        out[o + 4:o + SEAT_BLOCK] = view.memory[s][_HOLD_IDX]
    out[_O_STOCK] = view.stock_size
    out[_O_ROUND + view.round - 1] = 1
    out[_O_ROUNDS] = view.rules.rounds
    out[_O_MIN] = view.minimum
    out[_O_SCORES] = clip_score(view.scores[mine])
    out[_O_SCORES + 1] = clip_score(view.scores[1 - mine])
    if not view.is_over:
        out[_O_PHASE + (0 if view.phase == "draw" else 1)] = 1
    out[_O_OVER] = view.is_over
    return out


def encode(view: View) -> np.ndarray:
    """The observation vector of ``view``: a new float32 array of ``OBS_SIZE``."""
    out = encode_raw(view)
    np.multiply(out, SCALE, out=out)
    return out
