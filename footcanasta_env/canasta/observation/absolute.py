"""The absolute vector behind ``GameEncoder`` (``incremental.py``): every entry seat- and team-indexed, the
gather index that turns it into one seat's observation, the scale of each entry, and the writers that
update only the entries that changed.
"""

from __future__ import annotations

from functools import cache

import numpy as np

from ...family.cards import NUM_KINDS, NUM_NATURAL
from .layout import (
    HOLD_KINDS,
    MELD_BLOCK,
    NUM_HOLD,
    R_DISCARDED,
    R_PASSED,
    READ_BLOCK,
    SEAT_BLOCK,
    T_FROZEN,
    T_MIXED,
    T_NATURAL,
    T_VALUE,
    TEAM_BLOCK,
)
from .sizes import Layout, _layout

# The absolute vector, laid out for the largest table (six seats, three sides) whatever the size, so that its
# offsets stay constants the hot paths read as globals; a smaller table leaves the rest at zero and unread.
MAX_SEATS, MAX_SIDES = 6, 3
_A_HAND = 0                                     # seat x 15: hands by seat and kind (red-three column unused)
_A_TEAM = _A_HAND + MAX_SEATS * NUM_KINDS       # side x 44: meld structures (set-aside before down, table after)
_A_TEAMF = _A_TEAM + MAX_SIDES * MELD_BLOCK     # side x 9: the TEAM block of each side, as if it were down
_A_TOP = _A_TEAMF + MAX_SIDES * TEAM_BLOCK      # 16: pile top one-hot by kind, then "empty" at 15
_A_PSIZE = _A_TOP + 16
_A_PCOUNT = _A_PSIZE + 1                        # 15: pile counts by kind
_A_SEATF = _A_PCOUNT + NUM_KINDS                # seat x 4: held, to act, dealer, has melded
_A_MEM = _A_SEATF + 4 * MAX_SEATS               # seat x 15: public memory by seat and kind
_A_TAIL = _A_MEM + MAX_SEATS * NUM_KINDS        # 7: stock, round, last round, target, draw, play, over
_A_AVAL = _A_TAIL + 7                           # side: each side's melded value as the set-aside value
_A_DISC = _A_AVAL + MAX_SIDES                   # seat x 15: pile cards by their discarder and kind (READING)
_A_PASS = _A_DISC + MAX_SEATS * NUM_KINDS       # seat x 15: pile cards drawn over, by seat and kind
_A_ZERO = _A_PASS + MAX_SEATS * NUM_KINDS       # always zero: the gather source of hidden or absent features
_A_SIZE = _A_ZERO + 1
_HOLD = list(HOLD_KINDS)
_EMPTY = 15
_RANKS = range(NUM_NATURAL)


def _gather_index(lay: Layout, seat: int, down: tuple[bool, ...], aside_visible: bool) -> np.ndarray:
    """Indices into the absolute vector that give ``seat``'s (unscaled) observation at ``lay``'s table."""
    n, sides = lay.players, lay.sides
    idx = np.full(lay.size, _A_ZERO, dtype=np.intp)
    mine = seat % sides  # the seat's side (rule 14.1: partners every ``sides``-th seat)
    idx[lay.o_hand:lay.o_hand + NUM_HOLD] = [_A_HAND + NUM_KINDS * seat + k for k in _HOLD]
    if aside_visible:
        idx[lay.o_aside:lay.o_aside + MELD_BLOCK] = np.arange(MELD_BLOCK) + _A_TEAM + MELD_BLOCK * mine
        idx[lay.o_aside_value] = _A_AVAL + mine
    for side in range(sides):
        team = (mine + side) % sides
        o = lay.o_team[side]
        f = _A_TEAMF + TEAM_BLOCK * team
        idx[o:o + TEAM_BLOCK] = np.arange(f, f + TEAM_BLOCK)
        if down[team]:
            table = lay.o_table[side]
            idx[table:table + MELD_BLOCK] = np.arange(MELD_BLOCK) + _A_TEAM + MELD_BLOCK * team
        else:  # canastas and melded value count only the table
            for k in (T_NATURAL, T_MIXED, T_VALUE):
                idx[o + k] = _A_ZERO
    idx[lay.o_pile_top:lay.o_pile_top + NUM_HOLD] = [_A_TOP + k for k in _HOLD]
    idx[lay.o_pile_top + NUM_HOLD] = _A_TOP + _EMPTY
    idx[lay.o_pile_size] = _A_PSIZE
    idx[lay.o_pile_counts:lay.o_pile_counts + NUM_HOLD] = [_A_PCOUNT + k for k in _HOLD]
    for rel in range(n):
        s = (seat + rel) % n
        o = lay.o_seats + rel * SEAT_BLOCK
        idx[o:o + 4] = np.arange(_A_SEATF + 4 * s, _A_SEATF + 4 * s + 4)
        idx[o + 4:o + SEAT_BLOCK] = [_A_MEM + NUM_KINDS * s + k for k in _HOLD]
        o = lay.o_reading + rel * READ_BLOCK
        idx[o + R_DISCARDED:o + R_DISCARDED + NUM_HOLD] = [_A_DISC + NUM_KINDS * s + k for k in _HOLD]
        idx[o + R_PASSED:o + R_PASSED + NUM_HOLD] = [_A_PASS + NUM_KINDS * s + k for k in _HOLD]
    idx[lay.o_stock:lay.o_reading] = np.arange(_A_TAIL, _A_TAIL + 7)
    idx.setflags(write=False)
    return idx


@cache
def gathers(players: int, sides: int) -> tuple[np.ndarray, ...]:
    """Every gather index of a table, by ``gather_key``: each seat, each side down or not, and whether the
    seat's set-aside melds show (it is to act before its side is down)."""
    lay = _layout(players, sides)
    out = []
    for seat in range(players):
        for bits in range(1 << sides):
            down = tuple(bool(bits >> (sides - 1 - t) & 1) for t in range(sides))
            out.extend(_gather_index(lay, seat, down, v) for v in (False, True))
    return tuple(out)


def gather_key(sides: int, seat: int, down: list[bool], visible: bool) -> int:
    """The index into ``gathers`` of ``seat`` with sides ``down`` (two sides: ``8 seat + 4 d0 + 2 d1 + v``)."""
    key = seat
    for d in down:
        key = 2 * key + d
    return 2 * key + visible


_GATHER = gathers(4, 2)  # four players, read by the encoder's fast path


@cache
def _entry_scales(decks: int) -> list[float]:
    """The scale of each absolute entry with ``decks`` decks: the one of every observation feature gathered
    from it, at every size (each seat's gathers with every side down, and with none down and its set-aside
    melds showing, between them read every entry a size uses)."""
    out = np.full(_A_SIZE, np.nan)
    for players, sides in ((4, 2), (2, 2), (3, 3), (6, 2), (6, 3)):
        scale = _layout(players, sides, decks).scale.astype(np.float64)
        lay = _layout(players, sides)
        for seat in range(players):
            for down, visible in (((True,) * sides, False), ((False,) * sides, True)):
                idx = _gather_index(lay, seat, down, visible)
                used = idx != _A_ZERO
                entries, scales = idx[used], scale[used]
                known = ~np.isnan(out[entries])
                if (out[entries][known] != scales[known]).any():
                    raise AssertionError(f"an absolute entry is gathered with two scales ({players} players)")
                out[entries] = scales
    out[np.isnan(out)] = 1.0
    sc = out.tolist()
    for base in (_A_HAND, _A_MEM):  # hands and memories: one scale for every kind
        assert all(sc[base + NUM_KINDS * s + i] == sc[base] for s in range(MAX_SEATS) for i in _HOLD)
    return sc


@cache
def deck_scales(decks: int) -> tuple[float, float, list[float], float, list[float]]:
    """The scales that follow the decks (``layout.count_scale``), as the encoder keeps them: the hands', the
    memories', the rows of a MELDS block, the pile counts' and the entries of a TEAM block."""
    sc = _entry_scales(decks)
    return (sc[_A_HAND], sc[_A_MEM], [sc[_A_TEAM + NUM_NATURAL * row] for row in range(4)], sc[_A_PCOUNT],
            sc[_A_TEAMF:_A_TEAMF + TEAM_BLOCK])


# The scales that do not follow the decks: float32 values, as Python floats (x * scale is the float32
# product once stored).
_SC = _entry_scales(2)
_S_PSIZE = _SC[_A_PSIZE]
_S_STOCK = _SC[_A_TAIL]
_S_SEATF = _SC[_A_SEATF:_A_SEATF + 4]
_S_TAIL = _SC[_A_TAIL:_A_TAIL + 7]
_S_AVAL = _SC[_A_AVAL]
_S_READ = _SC[_A_DISC]
_S_WILD, _S_CANASTA = _SC[_A_TEAM + NUM_NATURAL], _SC[_A_TEAM + 3 * NUM_NATURAL]
_S_HELD, _S_TURN = _S_SEATF[0], _S_SEATF[1]
_S_VALUE, _S_CANASTAS, _S_FROZEN = (_SC[_A_TEAMF + k] for k in (T_VALUE, T_NATURAL, T_FROZEN))
assert all(_SC[a + NUM_KINDS * s + i] == _S_READ for a in (_A_DISC, _A_PASS) for s in range(MAX_SEATS) for i in _HOLD)


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
