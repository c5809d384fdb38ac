"""The fast encoder the envs use: ``GameEncoder(game).observe(seat)``, byte-identical to ``encode(game.view(seat))``.

It skips the ``View`` and reads the engine's count lists (the SLOT TABLE of ``engine/state.py``) into
one flat Python list of raw values in the layout's order. Nearly every feature is a count or a flag from
0 to 255, so that list becomes a byte string (one C loop, far cheaper than converting ints to floats one
by one) and then float32 times ``SCALE``. The few features that may leave a byte (card values, minimums,
scores, the target: ``WIDE_INDEX``) are written as zeros there and set afterwards from their own float32
array. Each float is the float32 raw value times the float32 scale, as in the reference, so the bytes
agree. The only thing the encoder keeps between calls is the pile's counts, recounted whenever the pile
differs from the copy it counted.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ...cards import BLACK3, NUM_NATURAL
from ..actions import DRAW_PHASE
from ..rules import CANASTA_SIZE
from .layout import (
    HOLD_KINDS,
    KIND_COLUMN,
    MELD_BLOCK,
    NUM_HOLD,
    O_ASIDE_VALUE,
    O_TARGET,
    O_TEAM,
    ROUND_CLIP,
    SCALE,
    T_MINIMUM,
    T_SCORE,
    T_VALUE,
    clip_score,
)

if TYPE_CHECKING:
    from ..engine import Game

# The features that may not fit a byte, in the order observe() collects them.
WIDE_INDEX = np.array([O_ASIDE_VALUE] + [O_TEAM[side] + k for side in (0, 1) for k in (T_VALUE, T_MINIMUM, T_SCORE)]
                      + [O_TARGET], dtype=np.intp)
_WIDE_SCALE = SCALE[WIDE_INDEX]
_NO_MELDS = [0] * MELD_BLOCK
_NO_ASIDE = [0] * (MELD_BLOCK + 1)
_EMPTY_PILE = [0] * NUM_HOLD + [1]
_RANKS = range(NUM_NATURAL)
assert HOLD_KINDS == (*range(13), BLACK3)  # the hand and memory slices below rely on it


def _team(g: Game, u: int, raw: list, wide: list) -> None:
    """Append partnership u's MELDS and TEAM blocks to ``raw``, its wide features to ``wide``."""
    down = g.down[u]
    total = g.total[u]
    if down:
        flags = [s >= CANASTA_SIZE for s in g.msize[u]]
        two, jk = g.mtwo[u], g.mjk[u]
        raw += g.mnat[u]
        raw += two
        raw += jk
        raw += flags
        natural = mixed = 0
        if True in flags:
            for r in _RANKS:
                if flags[r]:
                    if two[r] or jk[r]:
                        mixed += 1
                    else:
                        natural += 1
        value = g.mval[u]
    else:
        raw += _NO_MELDS
        natural = mixed = value = 0
    raw += (g.red_threes[u], down, natural, mixed, g.b3[u], 0, bool(g.pile_wilds) or not down, 0, 0)
    wide += (value, g.rules.minimum(total), clip_score(total))


class GameEncoder:
    """Observations of one game for any seat, read straight from the engine's state."""

    __slots__ = ("game", "_pile", "_pile_counts")

    def __init__(self, game: Game) -> None:
        self.reset(game)

    def reset(self, game: Game) -> None:
        """Encode ``game`` from now on."""
        self.game = game
        self._pile: list[int] | None = None
        self._pile_counts: list[int] = []

    def invalidate(self) -> None:
        """The game has changed (kept for the envs' interface: this encoder reads the state afresh each time)."""

    def _pile_block(self, pile: list[int]) -> list:
        """Pile top one-hot, pile size, pile counts per held kind."""
        if pile != self._pile:
            counts = [0] * NUM_HOLD
            for k in pile:
                counts[KIND_COLUMN[k]] += 1
            self._pile = pile[:]
            self._pile_counts = counts
        if pile:
            top = [0] * (NUM_HOLD + 1)
            top[KIND_COLUMN[pile[-1]]] = 1
        else:
            top = _EMPTY_PILE
        return top + [len(pile)] + self._pile_counts

    def observe(self, seat: int) -> np.ndarray:
        """``seat``'s observation: a new float32 array, equal byte for byte to ``encode(game.view(seat))``."""
        g = self.game
        t = seat & 1
        cur = g.cur
        over = g.is_over
        down = g.down
        h = g.hand[seat]
        raw = h[:13]
        raw.append(h[BLACK3])
        if cur == seat and not down[t] and g.mcards[t]:
            raw += g.mnat[t]
            raw += g.mtwo[t]
            raw += g.mjk[t]
            raw += [s >= CANASTA_SIZE for s in g.msize[t]]
            raw.append(0)
            wide = [g.mval[t]]
        else:
            raw += _NO_ASIDE
            wide = [0]
        _team(g, t, raw, wide)
        _team(g, 1 - t, raw, wide)
        raw += self._pile_block(g.pile)
        aside = -1 if down[cur & 1] else cur  # the seat whose held count includes set-aside cards
        htot, memory, has_melded, dealer = g.htot, g.memory, g.has_melded, g.dealer
        for rel in range(4):
            s = (seat + rel) & 3
            m = memory[s]
            raw += (htot[s] + (g.mcards[s & 1] if s == aside else 0), not over and cur == s, dealer == s,
                    has_melded[s])
            raw += m[:13]
            raw.append(m[BLACK3])
        rnd = g.round_no
        raw += (len(g.stock), min(rnd, ROUND_CLIP), g.rules.max_rounds == rnd, 0,
                not over and g.phase_id == DRAW_PHASE, not over and g.phase_id != DRAW_PHASE, over)
        wide.append(clip_score(g.rules.target))
        out = np.frombuffer(bytes(raw), dtype=np.uint8) * SCALE
        out[WIDE_INDEX] = np.array(wide, dtype=np.float32) * _WIDE_SCALE
        return out
