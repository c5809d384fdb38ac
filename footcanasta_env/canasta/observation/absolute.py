"""The absolute vector behind ``GameEncoder`` (``incremental.py``): every entry seat- and team-indexed, the
gather index that turns it into one seat's observation, the scale of each entry, and the writers that
update only the entries that changed.
"""

from __future__ import annotations

import numpy as np

from ...family.cards import NUM_KINDS, NUM_NATURAL
from .layout import (
    HOLD_KINDS,
    MELD_BLOCK,
    NUM_HOLD,
    O_ASIDE,
    O_ASIDE_VALUE,
    O_HAND,
    O_PILE_COUNTS,
    O_PILE_SIZE,
    O_PILE_TOP,
    O_READING,
    O_SEATS,
    O_STOCK,
    O_TABLE,
    O_TEAM,
    OBS_SIZE,
    R_DISCARDED,
    R_PASSED,
    READ_BLOCK,
    SCALE,
    SEAT_BLOCK,
    T_FROZEN,
    T_MIXED,
    T_NATURAL,
    T_VALUE,
    TEAM_BLOCK,
)

# The absolute vector: each kind of change is a run of entries.
_A_HAND = 0                             # 4 x 15: hands by seat and kind (red-three column unused)
_A_TEAM = _A_HAND + 4 * NUM_KINDS       # 2 x 44: meld structures (set-aside before down, table after)
_A_TEAMF = _A_TEAM + 2 * MELD_BLOCK     # 2 x 9: the TEAM block of each partnership, as if it were down
_A_TOP = _A_TEAMF + 2 * TEAM_BLOCK      # 16: pile top one-hot by kind, then "empty" at 15
_A_PSIZE = _A_TOP + 16
_A_PCOUNT = _A_PSIZE + 1                # 15: pile counts by kind
_A_SEATF = _A_PCOUNT + NUM_KINDS        # 4 x 4: held, to act, dealer, has melded
_A_MEM = _A_SEATF + 16                  # 4 x 15: public memory by seat and kind
_A_TAIL = _A_MEM + 4 * NUM_KINDS        # 7: stock, round, last round, target, draw, play, over
_A_AVAL = _A_TAIL + 7                   # 2: each team's melded value as the set-aside value (its own scale)
_A_DISC = _A_AVAL + 2                   # 4 x 15: pile cards by their discarder and kind (READING)
_A_PASS = _A_DISC + 4 * NUM_KINDS       # 4 x 15: pile cards drawn over, by seat and kind
_A_ZERO = _A_PASS + 4 * NUM_KINDS       # always zero: the gather source of hidden or absent features
_A_SIZE = _A_ZERO + 1
_HOLD = list(HOLD_KINDS)
_EMPTY = 15
_RANKS = range(NUM_NATURAL)


def _gather_index(seat: int, down: tuple[bool, bool], aside_visible: bool) -> np.ndarray:
    """Indices into the absolute vector that give ``seat``'s (unscaled) observation."""
    idx = np.full(OBS_SIZE, _A_ZERO, dtype=np.intp)
    mine = seat & 1
    idx[O_HAND:O_HAND + NUM_HOLD] = [_A_HAND + NUM_KINDS * seat + k for k in _HOLD]
    if aside_visible:
        idx[O_ASIDE:O_ASIDE + MELD_BLOCK] = np.arange(MELD_BLOCK) + _A_TEAM + MELD_BLOCK * mine
        idx[O_ASIDE_VALUE] = _A_AVAL + mine
    for side, team in enumerate((mine, 1 - mine)):
        o = O_TEAM[side]
        f = _A_TEAMF + TEAM_BLOCK * team
        idx[o:o + TEAM_BLOCK] = np.arange(f, f + TEAM_BLOCK)
        if down[team]:
            idx[O_TABLE[side]:O_TABLE[side] + MELD_BLOCK] = np.arange(MELD_BLOCK) + _A_TEAM + MELD_BLOCK * team
        else:  # canastas and melded value count only the table
            for k in (T_NATURAL, T_MIXED, T_VALUE):
                idx[o + k] = _A_ZERO
    idx[O_PILE_TOP:O_PILE_TOP + NUM_HOLD] = [_A_TOP + k for k in _HOLD]
    idx[O_PILE_TOP + NUM_HOLD] = _A_TOP + _EMPTY
    idx[O_PILE_SIZE] = _A_PSIZE
    idx[O_PILE_COUNTS:O_PILE_COUNTS + NUM_HOLD] = [_A_PCOUNT + k for k in _HOLD]
    for rel in range(4):
        s = (seat + rel) & 3
        o = O_SEATS + rel * SEAT_BLOCK
        idx[o:o + 4] = np.arange(_A_SEATF + 4 * s, _A_SEATF + 4 * s + 4)
        idx[o + 4:o + SEAT_BLOCK] = [_A_MEM + NUM_KINDS * s + k for k in _HOLD]
    idx[O_STOCK:O_READING] = np.arange(_A_TAIL, _A_TAIL + 7)
    for rel in range(4):
        s = (seat + rel) & 3
        o = O_READING + rel * READ_BLOCK
        idx[o + R_DISCARDED:o + R_DISCARDED + NUM_HOLD] = [_A_DISC + NUM_KINDS * s + k for k in _HOLD]
        idx[o + R_PASSED:o + R_PASSED + NUM_HOLD] = [_A_PASS + NUM_KINDS * s + k for k in _HOLD]
    idx.setflags(write=False)
    return idx


# Indexed by 8 * seat + 4 * down[0] + 2 * down[1] + (set-aside visible).
_GATHER = [_gather_index(s, (d0, d1), v)
           for s in range(4) for d0 in (False, True) for d1 in (False, True) for v in (False, True)]




def _entry_scales() -> list[float]:
    """The scale of each absolute entry: the one of every observation feature gathered from it."""
    scales: dict[int, float] = {}
    for idx in _GATHER:
        for o, a in enumerate(idx.tolist()):
            if a != _A_ZERO and scales.setdefault(a, float(SCALE[o])) != float(SCALE[o]):
                raise AssertionError(f"absolute entry {a} is gathered with two scales")
    return [scales.get(a, 1.0) for a in range(_A_SIZE)]


_SC = _entry_scales()  # float32 values, as Python floats: x * _SC[a] is the float32 product once stored
_S_HAND = _SC[_A_HAND]  # hands and memories: one scale for every kind
_S_MEM = _SC[_A_MEM]
_S_ROWS = [_SC[_A_TEAM + NUM_NATURAL * row] for row in range(4)]  # the rows of a MELDS block
_S_PCOUNT = _SC[_A_PCOUNT]
_S_PSIZE = _SC[_A_PSIZE]
_S_STOCK = _SC[_A_TAIL]
_S_TEAMF = _SC[_A_TEAMF:_A_TEAMF + TEAM_BLOCK]
_S_SEATF = _SC[_A_SEATF:_A_SEATF + 4]
_S_TAIL = _SC[_A_TAIL:_A_TAIL + 7]
_S_AVAL = _SC[_A_AVAL]
_S_READ = _SC[_A_DISC]
_S_NAT, _S_WILD, _S_CANASTA = _S_ROWS[0], _S_ROWS[1], _S_ROWS[3]
_S_HELD, _S_TURN = _S_SEATF[0], _S_SEATF[1]
_S_VALUE, _S_CANASTAS, _S_FROZEN = _S_TEAMF[T_VALUE], _S_TEAMF[T_NATURAL], _S_TEAMF[T_FROZEN]
assert all(_SC[_A_HAND + i] == _S_HAND for i in _HOLD) and all(_SC[_A_MEM + i] == _S_MEM for i in _HOLD)
assert all(_SC[a + NUM_KINDS * s + i] == _S_READ for a in (_A_DISC, _A_PASS) for s in range(4) for i in _HOLD)


def _diff_write(mv: memoryview, o: int, new: list | tuple, cache: list, scale: float) -> None:
    """Write the entries of ``new`` that differ from ``cache`` at ``o``, times ``scale``, and update ``cache``.

    One action changes few entries, and item writes through a memoryview are cheaper than converting
    a whole list for a numpy slice assignment.
    """
    for i, x in enumerate(new):
        if x != cache[i]:
            mv[o + i] = x * scale
            cache[i] = x


def _diff_write_each(mv: memoryview, o: int, new: list | tuple, cache: list, scales: list[float]) -> None:
    """``_diff_write`` with a scale per entry."""
    for i, x in enumerate(new):
        if x != cache[i]:
            mv[o + i] = x * scales[i]
            cache[i] = x
