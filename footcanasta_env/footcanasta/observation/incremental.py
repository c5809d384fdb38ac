"""The incremental encoder ``GameEncoder``: observations of one game kept up to date from the engine's counts.

It reads the engine's state slots (the table in ``engine/state.py``), never a seat's hidden cards for
another seat: each observation is a gather through that seat's index, and ``tests/footcanasta/test_env_hidden.py``
checks it byte for byte against the reference ``encode(game.view(seat))``.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ...family.cards import NUM_KINDS, NUM_MELD_RANKS, WILD_RANK
from .layout import (
    HOLD_KINDS,
    MELD_BLOCK,
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
    ROW_WILD,
    SCALE,
    SEAT_BLOCK,
    clip_score,
)

# It keeps an absolute (seat- and team-indexed) vector of raw counts and flags, grouped so that each kind
# of change is one slice write; it finds what changed by comparing the engine's lists with its own copies
# (C-speed list comparisons, correct however many steps a sync covers); an observation is one gather
# through a per-observer index and one multiply by SCALE, the same float32 multiply as ``encode``, so
# both give the same bytes.

_A_HAND = 0                          # 4 x 15: hands by seat and kind (red-three column unused)
_A_TEAM = _A_HAND + 60               # 2 x 96: team structures (set-aside before down, table after)
_A_TEAMF = _A_TEAM + 2 * MELD_BLOCK  # 2 x 6: red threes, down, clean, dirty, wild, melded value
_A_TOP = _A_TEAMF + 12               # 16: pile top one-hot by kind, then "empty" at 15
_A_PSIZE = _A_TOP + 16
_A_PCOUNT = _A_PSIZE + 1             # 15
_A_PTAKE = _A_PCOUNT + 15            # 15
_A_SEATF = _A_PTAKE + 15             # 4 x 4: held, in_foot, to_act, dealer
_A_MEM = _A_SEATF + 16               # 4 x 15: public memory by seat and kind
_A_STOCK = _A_MEM + 60
_A_ROUND = _A_STOCK + 1              # round x4, rounds, minimum, score team 0, score team 1
_A_PHASE = _A_ROUND + 8              # phase draw, phase play, over
_A_ZERO = _A_PHASE + 3               # always zero: the gather source of hidden or absent features
_A_SIZE = _A_ZERO + 1
_HOLD15 = list(HOLD_KINDS)


def _gather_index(seat: int, down: tuple[bool, bool], aside_visible: bool) -> np.ndarray:
    """Indices into the absolute vector that give ``seat``'s (unscaled) observation."""
    idx = np.full(OBS_SIZE, _A_ZERO, dtype=np.intp)
    mine = seat & 1
    idx[O_HAND:O_HAND + NUM_HOLD] = [_A_HAND + 15 * seat + k for k in _HOLD15]
    if aside_visible:
        idx[O_ASIDE:O_ASIDE + MELD_BLOCK] = np.arange(MELD_BLOCK) + _A_TEAM + MELD_BLOCK * mine
        idx[O_ASIDE_VALUE] = _A_TEAMF + 6 * mine + 5
    for side, team in enumerate((mine, 1 - mine)):
        o = O_TEAM[side]
        f = _A_TEAMF + 6 * team
        idx[o] = f
        if down[team]:
            idx[O_TABLE[side]:O_TABLE[side] + MELD_BLOCK] = np.arange(MELD_BLOCK) + _A_TEAM + MELD_BLOCK * team
            idx[o + 1:o + 6] = np.arange(f + 1, f + 6)
    idx[O_PILE_TOP:O_PILE_TOP + NUM_HOLD] = [_A_TOP + k for k in _HOLD15]
    idx[O_PILE_TOP + NUM_HOLD] = _A_TOP + 15
    idx[O_PILE_SIZE] = _A_PSIZE
    idx[O_PILE_COUNTS:O_PILE_COUNTS + NUM_HOLD] = [_A_PCOUNT + k for k in _HOLD15]
    idx[O_PILE_TAKE:O_PILE_TAKE + NUM_HOLD] = [_A_PTAKE + k for k in _HOLD15]
    for rel in range(4):
        s = (seat + rel) & 3
        o = O_SEATS + rel * SEAT_BLOCK
        idx[o:o + 4] = np.arange(_A_SEATF + 4 * s, _A_SEATF + 4 * s + 4)
        idx[o + 4:o + SEAT_BLOCK] = [_A_MEM + 15 * s + k for k in _HOLD15]
    idx[O_STOCK] = _A_STOCK
    idx[O_ROUND:O_ROUND + 4] = np.arange(_A_ROUND, _A_ROUND + 4)
    idx[O_ROUNDS] = _A_ROUND + 4
    idx[O_MINIMUM] = _A_ROUND + 5
    idx[O_SCORES] = _A_ROUND + 6 + mine
    idx[O_SCORES + 1] = _A_ROUND + 7 - mine
    idx[O_PHASE:O_PHASE + 2] = (_A_PHASE, _A_PHASE + 1)
    idx[O_OVER] = _A_PHASE + 2
    idx.setflags(write=False)
    return idx


# Indexed by 8 * seat + 4 * down[0] + 2 * down[1] + (set-aside visible).
_GATHER = [_gather_index(s, (d0, d1), v)
           for s in range(4) for d0 in (False, True) for d1 in (False, True) for v in (False, True)]

def _diff_write(mv: memoryview, o: int, new: list[int], cache: list[int]) -> None:
    """Write the entries of ``new`` that differ from ``cache`` at ``o`` and update ``cache``.

    One action changes few entries, and item writes through a memoryview are cheaper than converting
    a whole list for a numpy slice assignment.
    """
    for i, x in enumerate(new):
        if x != cache[i]:
            mv[o + i] = x
            cache[i] = x


class GameEncoder:
    """Observations of one game for any seat, kept up to date incrementally from the engine's counts.

    Call ``invalidate()`` after every change to the game (the env does it after each step), then
    ``observe(seat)``. When exactly one action was applied since the last sync (the usual case: an
    observation per step), only what that action can change is compared: the hands of the player who
    acted and of the player now to act (a discard may make the next player pick up their foot), the
    acting team's melds when its melded card count moved (every meld, add, pickup or return of
    set-aside cards moves it), the pile when its length moved (a discard adds a card, a pickup takes
    some), the actor's pickup memory, and the public flags and counters. A round's end, a new game or a
    sync that covers several actions compares everything.
    """

    def __init__(self, game: Any) -> None:
        self.raw = np.zeros(_A_SIZE, dtype=np.float32)
        self._mv = memoryview(self.raw)
        self.reset(game)

    def reset(self, game: Any) -> None:
        """Track a new game."""
        self.game = game
        self.raw[:] = 0
        # Copies of what the vector holds.
        self._hand: list[Any] = [[0] * NUM_KINDS for _ in range(4)]
        self._inc: list[Any] = [([0] * NUM_MELD_RANKS, [0] * NUM_MELD_RANKS, [0] * NUM_MELD_RANKS) for _ in range(2)]
        self._can: list[Any] = [[], []]
        self._mcards: list[Any] = [None, None]
        self._tkey: Any = (None,) * 6
        self._plen = -1
        self._ptop = 15
        self._pcount = [0] * NUM_KINDS
        self._ptcount = [0] * NUM_KINDS
        self._seat: list[Any] = [(0, False, False, False)] * 4
        self._mem: list[Any] = [[0] * NUM_KINDS for _ in range(4)]
        self._stock = 0
        self._phase: Any = None
        self._round: Any = None
        self._scores: Any = None
        self._over: Any = None
        self._seen = -2  # actions_taken at the last sync
        self._cur = 0    # the player to act at the last sync
        self.raw[_A_TOP + 15] = 1  # empty pile
        self._stale = True

    def invalidate(self, action: int | None = None) -> None:
        """Mark the vector as possibly out of date (call after each game step). ``action`` (the id just
        applied, which the envs pass to every game's encoder) is not needed: this sync finds the change."""
        self._stale = True

    def _sync(self) -> None:
        g = self.game
        n = g.actions_taken
        if n == self._seen + 1 and g.round == self._round and g.scores == self._scores and not g.is_over:
            self._sync_one(g)
        elif n != self._seen or g.round != self._round or g.scores != self._scores or g.is_over != self._over:
            self._sync_all(g)
        self._seen = n
        self._cur = g.current_player
        self._stale = False

    def _sync_hand(self, g: Any, s: int) -> None:
        h = g.hand[s]
        if h != self._hand[s]:
            _diff_write(self._mv, _A_HAND + 15 * s, h, self._hand[s])

    def _sync_team(self, g: Any, t: int) -> None:
        c = self._inc[t]
        o = _A_TEAM + MELD_BLOCK * t
        for part, new in enumerate((g.inc_nat[t], g.inc_two[t], g.inc_jk[t])):
            if new != c[part]:
                _diff_write(self._mv, o + NUM_MELD_RANKS * part, new, c[part])  # rows ROW_NAT, ROW_TWO, ROW_JK
        can = g.canastas[t]
        if can != self._can[t]:
            self._sync_canastas(o, can)
            self._can[t] = can[:]
        self._mcards[t] = g.mcards[t]

    def _sync_memory(self, g: Any, s: int) -> None:
        m = g.memory[s]
        if m != self._mem[s]:
            _diff_write(self._mv, _A_MEM + 15 * s, m, self._mem[s])

    def _sync_one(self, g: Any) -> None:
        """After exactly one action within a round: compare only what that action can change."""
        p = self._cur
        cur = g.current_player
        h = g.hand[p]  # _sync_hand(g, p), inlined: this runs at every step
        if h != self._hand[p]:
            _diff_write(self._mv, _A_HAND + 15 * p, h, self._hand[p])
        if cur != p:
            self._sync_hand(g, cur)
        t = p & 1
        moved = g.mcards[t] != self._mcards[t]
        if moved:
            self._sync_team(g, t)
        pile = g.pile
        n = len(pile)
        if n != self._plen:
            take = g.rules.pile_take
            if n == self._plen + 1:
                self._pile_discard(pile, take)
            else:
                self._pile_recount(pile, take)
        m = g.memory[p]  # _sync_memory(g, p), inlined
        if m != self._mem[p]:
            _diff_write(self._mv, _A_MEM + 15 * p, m, self._mem[p])
        # Team flags: red threes (the actor's team, or the next player's from their foot), down, and
        # the canasta counts and melded value (which change only with the melded card count).
        red, down = g.red_threes, g.down
        tkey = self._tkey
        if moved or red != tkey[0] or down != tkey[1]:
            self._sync_team_flags(g)
        # Seat flags: only the actor's and the next player's can move within a round.
        self._sync_seat(g, p, cur)
        if cur != p:
            self._sync_seat(g, cur, cur)
        mv = self._mv
        n = len(g.stock)
        if n != self._stock:
            mv[_A_STOCK] = n
            self._stock = n
        phase = g.phase_id
        if phase != self._phase:
            mv[_A_PHASE] = phase == 0
            mv[_A_PHASE + 1] = phase == 1
            self._phase = phase

    def _sync_seat(self, g: Any, s: int, cur: int) -> None:
        key = (g.held(s), g.in_foot[s], cur == s, g.dealer == s)
        old = self._seat[s]
        if key != old:
            o = _A_SEATF + 4 * s
            mv = self._mv
            for i in (0, 1, 2, 3):
                if key[i] != old[i]:
                    mv[o + i] = key[i]
            self._seat[s] = key

    def _sync_team_flags(self, g: Any) -> None:
        red, down, clean, dirty, wild, mval = g.red_threes, g.down, g.n_clean, g.n_dirty, g.n_wild, g.mval
        self.raw[_A_TEAMF:_A_TEAMF + 12] = (red[0], down[0], clean[0], dirty[0], wild[0], mval[0],
                                            red[1], down[1], clean[1], dirty[1], wild[1], mval[1])
        self._tkey = (red[:], down[:], clean[:], dirty[:], wild[:], mval[:])

    def _sync_all(self, g: Any) -> None:
        """Compare every piece of the state."""
        for s in (0, 1, 2, 3):
            self._sync_hand(g, s)
            self._sync_memory(g, s)
        for t in (0, 1):
            self._sync_team(g, t)
        self._pile_recount(g.pile, g.rules.pile_take)
        scores = g.scores
        rnd = g.round
        self.raw[_A_ROUND:_A_ROUND + 8] = (rnd == 1, rnd == 2, rnd == 3, rnd == 4, g.rules.rounds, g.minimum,
                                           clip_score(scores[0]), clip_score(scores[1]))
        self._round = rnd
        self._scores = scores  # a tuple: the engine replaces it, never changes it
        self._over = g.is_over
        self._sync_public(g)

    def _sync_public(self, g: Any) -> None:
        """Team flags, seat flags, stock and phase, all compared."""
        self._sync_team_flags(g)
        over = g.is_over
        cur = -1 if over else g.current_player
        for s in (0, 1, 2, 3):
            self._sync_seat(g, s, cur)
        mv = self._mv
        mv[_A_STOCK] = self._stock = len(g.stock)
        self._phase = phase = -1 if over else g.phase_id
        mv[_A_PHASE] = phase == 0
        mv[_A_PHASE + 1] = phase == 1
        mv[_A_PHASE + 2] = over

    def _sync_canastas(self, o: int, can: list) -> None:
        """Rewrite the complete-canasta rows of the MELDS block starting at absolute index ``o``."""
        block = [0] * MELD_BLOCK
        for r, _nat, two, jk in can:
            if r == WILD_RANK:
                block[ROW_WILD + r] += 1
            elif two + jk:
                block[ROW_DIRTY + r] += 1
            else:
                block[ROW_CLEAN + r] += 1
            block[ROW_CANASTA_TWO + r] += two
            block[ROW_CANASTA_JK + r] += jk
        self.raw[o + ROW_CLEAN:o + MELD_BLOCK] = block[ROW_CLEAN:]

    def _pile_top(self, pile: list[int]) -> None:
        mv = self._mv
        top = pile[-1] if pile else 15
        mv[_A_TOP + self._ptop] = 0
        mv[_A_TOP + top] = 1
        self._ptop = top
        self._plen = len(pile)
        mv[_A_PSIZE] = self._plen

    def _pile_discard(self, pile: list[int], take: int) -> None:
        """The pile grew by one discard: update its counts in place."""
        mv = self._mv
        counts = self._pcount
        tcounts = self._ptcount
        k = pile[-1]
        counts[k] += 1
        mv[_A_PCOUNT + k] = counts[k]
        if len(pile) > take:
            j = pile[-take - 1]
            tcounts[j] -= 1
            mv[_A_PTAKE + j] = tcounts[j]
        tcounts[k] += 1
        mv[_A_PTAKE + k] = tcounts[k]
        self._pile_top(pile)

    def _pile_recount(self, pile: list[int], take: int) -> None:
        counts = self._pcount
        tcounts = self._ptcount
        for k in range(NUM_KINDS):
            counts[k] = tcounts[k] = 0
        for k in pile:
            counts[k] += 1
        for k in pile[-take:] if pile else ():
            tcounts[k] += 1
        self.raw[_A_PCOUNT:_A_PCOUNT + 30] = counts + tcounts
        self._pile_top(pile)

    def observe(self, seat: int) -> np.ndarray:
        """``seat``'s observation: a new float32 array the caller may keep."""
        g = self.game
        if self._stale:
            self._sync()
        down = g.down
        d0, d1 = down
        vis = g.current_player == seat and not (d1 if seat & 1 else d0)
        out = self.raw.take(_GATHER[8 * seat + 4 * d0 + 2 * d1 + vis])
        np.multiply(out, SCALE, out=out)
        return out
