"""The fast encoder the envs use: ``GameEncoder(game).observe(seat)``, byte-identical to ``encode(game.view(seat))``.

It keeps an absolute (seat- and team-indexed) vector of raw counts and flags up to date from the engine's
count lists (the SLOT TABLE of ``engine/state.py``), finding what changed by comparing each list with its
own copy (C-speed list comparisons, correct however many actions a sync covers) and writing only the
entries that differ. An observation is then one gather through the observer's index (which also hides
what the seat may not see: the gather reads a zero there) and one float32 multiply by ``SCALE``, the same
multiply as the reference, so both give the same bytes. ``tests/test_canasta_env_obs.py`` checks it
against ``encode(game.view(seat))`` at every step of several games, for every seat.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ...cards import NUM_KINDS, NUM_NATURAL
from ..rules import CANASTA_SIZE
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
    O_SEATS,
    O_STOCK,
    O_TABLE,
    O_TEAM,
    OBS_SIZE,
    ROUND_CLIP,
    ROW_CANASTA,
    SCALE,
    SEAT_BLOCK,
    T_FROZEN,
    T_MINIMUM,
    T_MIXED,
    T_NATURAL,
    T_VALUE,
    TEAM_BLOCK,
    clip_score,
)

if TYPE_CHECKING:
    from ..engine import Game

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
_A_ZERO = _A_TAIL + 7                   # always zero: the gather source of hidden or absent features
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
        idx[O_ASIDE_VALUE] = _A_TEAMF + TEAM_BLOCK * mine + T_VALUE
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
    idx[O_STOCK:OBS_SIZE] = np.arange(_A_TAIL, _A_TAIL + 7)
    idx.setflags(write=False)
    return idx


# Indexed by 8 * seat + 4 * down[0] + 2 * down[1] + (set-aside visible).
_GATHER = [_gather_index(s, (d0, d1), v)
           for s in range(4) for d0 in (False, True) for d1 in (False, True) for v in (False, True)]


def _diff_write(mv: memoryview, o: int, new: list | tuple, cache: list) -> None:
    """Write the entries of ``new`` that differ from ``cache`` at ``o`` and update ``cache``.

    One action changes few entries, and item writes through a memoryview are cheaper than converting
    a whole list for a numpy slice assignment.
    """
    for i, x in enumerate(new):
        if x != cache[i]:
            mv[o + i] = x
            cache[i] = x


class GameEncoder:
    """Observations of one game for any seat, kept up to date from the engine's counts.

    ``observe(seat)`` syncs the vector when the game has taken an action since the last sync (or after
    ``invalidate()``). When exactly one action was applied within a round (the usual case: an observation
    per step), only what that action can change is compared; otherwise every piece is, so a sync is right
    however many actions it covers.
    """

    __slots__ = ("game", "raw", "_mv", "_hand", "_mem", "_melds", "_canastas", "_teamf", "_pile", "_seatf",
                 "_tail", "_stale", "_seen", "_round", "_cur", "_mcards", "_flags")

    def __init__(self, game: Game) -> None:
        self.raw = np.zeros(_A_SIZE, dtype=np.float32)
        self._mv = memoryview(self.raw)
        self.reset(game)

    def reset(self, game: Game) -> None:
        """Track ``game`` from now on."""
        self.game = game
        self.raw[:] = 0
        self.raw[_A_TOP + _EMPTY] = 1
        # Copies of what the vector holds.
        self._hand = [[0] * NUM_KINDS for _ in range(4)]
        self._mem = [[0] * NUM_KINDS for _ in range(4)]
        self._melds = [[[0] * NUM_NATURAL for _ in range(4)] for _ in range(2)]  # nat, two, jk, size
        self._canastas = [(0, 0), (0, 0)]
        self._flags = [[False] * NUM_NATURAL for _ in range(2)]
        self._teamf = [[0] * TEAM_BLOCK for _ in range(2)]
        self._pile: list[int] = []
        self._seatf = [[0] * 4 for _ in range(4)]
        self._tail = [0] * 7
        self._stale = True
        self._seen = -1  # the game's actions_taken, round and player to act at the last sync
        self._round = 0
        self._cur = 0
        self._mcards = [0, 0]

    def invalidate(self) -> None:
        """Mark the vector as possibly out of date (call after each game step)."""
        self._stale = True

    def _sync_team(self, g: Game, t: int) -> None:
        """Partnership t's meld structure, its canasta row and counts."""
        self._mcards[t] = g.mcards[t]
        cache = self._melds[t]
        size = g.msize[t]
        if size == cache[3]:  # melds only grow, or all go back to the hand: their sizes always move
            return
        mv = self._mv
        o = _A_TEAM + MELD_BLOCK * t
        for part, new in enumerate((g.mnat[t], g.mtwo[t], g.mjk[t])):
            if new != cache[part]:
                _diff_write(mv, o + NUM_NATURAL * part, new, cache[part])
        cache[3][:] = size
        flags = [s >= CANASTA_SIZE for s in size]
        if flags != self._flags[t]:
            _diff_write(mv, o + ROW_CANASTA, flags, self._flags[t])
        if True in flags:
            two, jk = g.mtwo[t], g.mjk[t]
            natural = sum(1 for r in _RANKS if flags[r] and not two[r] + jk[r])
            self._canastas[t] = (natural, sum(flags) - natural)
        else:
            self._canastas[t] = (0, 0)

    def _sync_pile(self, pile: list[int]) -> None:
        """Pile top, size and counts: one discard added in place, anything else recounted."""
        mv = self._mv
        old = self._pile
        n = len(pile)
        if n == len(old) + 1 and pile[:-1] == old:
            k = pile[-1]
            mv[_A_PCOUNT + k] += 1
            old.append(k)
        else:
            counts = [0] * NUM_KINDS
            for k in pile:
                counts[k] += 1
            self.raw[_A_PCOUNT:_A_PCOUNT + NUM_KINDS] = counts
            self._pile = pile[:]
        self.raw[_A_TOP:_A_TOP + 16] = 0
        mv[_A_TOP + (pile[-1] if pile else _EMPTY)] = 1
        mv[_A_PSIZE] = n

    def _sync(self) -> None:
        g = self.game
        if g.actions_taken == self._seen + 1 and g.round == self._round and not g.is_over:
            self._sync_one(g)
        else:
            self._sync_all(g)
        self._stale = False
        self._seen = g.actions_taken
        self._round = g.round
        self._cur = g.current_player

    def _sync_one(self, g: Game) -> None:
        """After exactly one action within a round: compare only what that action can change (the actor's
        hand, memory, team and seat flags, the next player's seat flags, the pile, the stock and phase)."""
        mv = self._mv
        p = self._cur
        t = p & 1
        h = g.hand[p]
        if h != self._hand[p]:
            _diff_write(mv, _A_HAND + NUM_KINDS * p, h, self._hand[p])
        m = g.memory[p]
        if m != self._mem[p]:
            _diff_write(mv, _A_MEM + NUM_KINDS * p, m, self._mem[p])
        if g.mcards[t] != self._mcards[t]:
            self._sync_team(g, t)
        if g.pile != self._pile:
            self._sync_pile(g.pile)
        self._sync_team_flags(g, t)
        frozen = bool(g.pile_wilds) or not g.down[1 - t]
        if frozen != self._teamf[1 - t][T_FROZEN]:
            mv[_A_TEAMF + TEAM_BLOCK * (1 - t) + T_FROZEN] = self._teamf[1 - t][T_FROZEN] = frozen
        cur = g.current_player
        self._sync_seat(g, p)
        if cur != p:
            self._sync_seat(g, cur)
        tail = self._tail
        n = len(g.stock)
        if n != tail[0]:
            mv[_A_TAIL] = tail[0] = n
        draw = g.phase_id == 0
        if draw != tail[4]:
            mv[_A_TAIL + 4] = tail[4] = draw
            mv[_A_TAIL + 5] = tail[5] = not draw

    def _sync_all(self, g: Game) -> None:
        """Compare every piece of the state."""
        mv = self._mv
        for s in (0, 1, 2, 3):
            h = g.hand[s]
            if h != self._hand[s]:
                _diff_write(mv, _A_HAND + NUM_KINDS * s, h, self._hand[s])
            m = g.memory[s]
            if m != self._mem[s]:
                _diff_write(mv, _A_MEM + NUM_KINDS * s, m, self._mem[s])
        if g.pile != self._pile:
            self._sync_pile(g.pile)
        for t in (0, 1):
            self._sync_team(g, t)
            self._sync_team_flags(g, t)
            total = g.scores[t]
            o = _A_TEAMF + TEAM_BLOCK * t + T_MINIMUM
            self.raw[o:o + 2] = self._teamf[t][T_MINIMUM:] = [g.rules.minimum(total), clip_score(total)]
        for s in (0, 1, 2, 3):
            self._sync_seat(g, s)
        rnd = g.round
        over = g.is_over
        phase = -1 if over else g.phase_id
        new = (len(g.stock), min(rnd, ROUND_CLIP), g.rules.max_rounds == rnd, clip_score(g.rules.target),
               phase == 0, phase == 1, over)
        _diff_write(mv, _A_TAIL, new, self._tail)

    def _sync_team_flags(self, g: Game, t: int) -> None:
        """Partnership t's TEAM block but its minimum and score, which change only between rounds."""
        down = g.down[t]
        natural, mixed = self._canastas[t]
        new = [g.red_threes[t], down, natural, mixed, g.b3[t], g.mval[t], bool(g.pile_wilds) or not down]
        if new != self._teamf[t][:T_MINIMUM]:
            _diff_write(self._mv, _A_TEAMF + TEAM_BLOCK * t, new, self._teamf[t])

    def _sync_seat(self, g: Game, s: int) -> None:
        """Seat s's flags: cards held (set-aside included), to act, dealer, has melded."""
        t = s & 1
        cur = g.current_player
        new = [g.htot[s] + (g.mcards[t] if s == cur and not g.down[t] else 0), s == cur and not g.is_over,
               g.dealer == s, g.has_melded[s]]
        if new != self._seatf[s]:
            _diff_write(self._mv, _A_SEATF + 4 * s, new, self._seatf[s])

    def observe(self, seat: int) -> np.ndarray:
        """``seat``'s observation: a new float32 array, equal byte for byte to ``encode(game.view(seat))``."""
        g = self.game
        if self._stale or g.actions_taken != self._seen:
            self._sync()
        d0, d1 = g.down
        vis = g.current_player == seat and not (d1 if seat & 1 else d0)
        out = self.raw.take(_GATHER[8 * seat + 4 * d0 + 2 * d1 + vis])
        np.multiply(out, SCALE, out=out)
        return out
