"""The fast encoder the envs use: ``GameEncoder(game).observe(seat)``, byte-identical to ``encode(game.view(seat))``.

It keeps an absolute (seat- and team-indexed) vector of the scaled features up to date from the engine's
count lists (the SLOT TABLE of ``engine/state.py``), finding what changed by comparing each list with its
own copy (C-speed list comparisons, correct however many actions a sync covers) and writing only the
entries that differ. Each entry is written already multiplied by its scale (the product of a whole
number and a float32 scale, rounded once to float32: the same bytes as the reference's float32 multiply
by ``SCALE``), so an observation is one gather through the observer's index (which also hides what the
seat may not see: the gather reads a zero there). ``tests/canasta/test_canasta_env_obs.py`` checks it against
``encode(game.view(seat))`` at every step of several games, for every seat.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ...family.cards import JOKER, NUM_KINDS, NUM_NATURAL, TWO
from ..actions import ACTION_CARD, ACTION_CARDS, ACTION_TYPE, ADD, DISCARD, DRAW, LAYDOWN, MELD, MELD_B3, PICKUP
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
    O_READING,
    O_SEATS,
    O_STOCK,
    O_TABLE,
    O_TEAM,
    OBS_SIZE,
    R_DISCARDED,
    R_PASSED,
    READ_BLOCK,
    ROUND_CLIP,
    ROW_CANASTA,
    ROW_JK,
    ROW_TWO,
    SCALE,
    SEAT_BLOCK,
    T_BLACK3,
    T_DOWN,
    T_FROZEN,
    T_MINIMUM,
    T_MIXED,
    T_NATURAL,
    T_RED,
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


class GameEncoder:
    """Observations of one game for any seat, kept up to date from the engine's counts.

    ``observe(seat)`` syncs the vector when the game has taken an action since the last sync (or after
    ``invalidate()``). When exactly one action was applied within a round (the usual case: an observation
    per step), only what that action can change is compared; otherwise every piece is, so a sync is right
    however many actions it covers. When that one action was named (``invalidate(action)``, as the envs
    call it), a draw, meld, add or discard writes just the entries it moves: the discarded card's hand,
    memory and pile entries, the melded rank's row, the drawn card (the stock's top at the last sync).
    """

    __slots__ = ("game", "raw", "_mv", "_hand", "_mem", "_melds", "_canastas", "_teamf", "_tkey", "_pile",
                 "_pcount", "_ptop", "_seatf", "_tail", "_stale", "_seen", "_round", "_cur", "_mcards", "_flags",
                 "_action", "_action_at", "_next", "_disc", "_pass")

    def __init__(self, game: Game) -> None:
        self.raw = np.zeros(_A_SIZE, dtype=np.float32)  # scaled features: see the module docstring
        self._mv = memoryview(self.raw)
        self.reset(game)

    def reset(self, game: Game) -> None:
        """Track ``game`` from now on."""
        self.game = game
        self.raw[:] = 0
        self.raw[_A_TOP + _EMPTY] = 1
        # Copies of what the vector holds, unscaled.
        self._hand = [[0] * NUM_KINDS for _ in range(4)]
        self._mem = [[0] * NUM_KINDS for _ in range(4)]
        self._melds = [[[0] * NUM_NATURAL for _ in range(4)] for _ in range(2)]  # nat, two, jk, size
        self._canastas = [(0, 0), (0, 0)]
        self._flags = [[False] * NUM_NATURAL for _ in range(2)]
        self._teamf = [[0] * TEAM_BLOCK for _ in range(2)]
        self._tkey: list[tuple] = [(0,) * T_MINIMUM, (0,) * T_MINIMUM]  # _teamf[t][:T_MINIMUM] as a tuple
        self._pile: list[int] = []
        self._pcount = [0] * NUM_KINDS
        self._ptop = _EMPTY
        self._seatf: list[tuple] = [(0, False, False, False)] * 4
        self._tail = [0] * 7
        self._stale = True
        self._seen = -1  # the game's actions_taken, round and player to act at the last sync
        self._round = 0
        self._cur = 0
        self._mcards = [0, 0]
        self._action = -1  # the action named by the last invalidate(), and the game's actions_taken after it
        self._action_at = -1
        self._next = -1  # the stock's top card at the last sync: what a draw takes, unless a red three
        self._disc = [[0] * NUM_KINDS for _ in range(4)]  # the READING counts by absolute seat
        self._pass = [[0] * NUM_KINDS for _ in range(4)]

    def invalidate(self, action: int | None = None) -> None:
        """Mark the vector as possibly out of date (call after each game step). ``action``, the id of the
        action just applied when the caller knows it, narrows the next sync to what that action changes."""
        self._stale = True
        if action is None:
            self._action_at = -1
        else:
            self._action = action
            self._action_at = self.game.actions_taken

    def _sync_team(self, g: Game, t: int, one_action: bool = True) -> None:
        """Partnership t's meld structure, its canasta row and counts."""
        self._mcards[t] = g.mcards[t]
        cache = self._melds[t]
        size = g.msize[t]
        if one_action and size == cache[3]:
            # One action grows melds or returns them all to the hand: their sizes move. Over several, a
            # set-aside meld may go back and another of the same size come out (5 5 2, then 5 5 5).
            return
        mv = self._mv
        o = _A_TEAM + MELD_BLOCK * t
        for part, new in enumerate((g.mnat[t], g.mtwo[t], g.mjk[t])):
            if new != cache[part]:
                _diff_write(mv, o + NUM_NATURAL * part, new, cache[part], _S_ROWS[part])
        cache[3][:] = size
        flags = [s >= CANASTA_SIZE for s in size]
        if flags != self._flags[t]:
            _diff_write(mv, o + ROW_CANASTA, flags, self._flags[t], _S_ROWS[3])
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
        counts = self._pcount
        n = len(pile)
        if n == len(old) + 1 and pile[:-1] == old:
            k = pile[-1]
            counts[k] += 1
            mv[_A_PCOUNT + k] = counts[k] * _S_PCOUNT
            old.append(k)
        else:
            new = [0] * NUM_KINDS
            for k in pile:
                new[k] += 1
            _diff_write(mv, _A_PCOUNT, new, counts, _S_PCOUNT)
            self._pile = pile[:]
        top = pile[-1] if pile else _EMPTY
        if top != self._ptop:
            mv[_A_TOP + self._ptop] = 0
            mv[_A_TOP + top] = 1
            self._ptop = top
        mv[_A_PSIZE] = n * _S_PSIZE

    def _sync(self) -> None:
        g = self.game
        if g.actions_taken == self._seen + 1 and g.round == self._round and not g.is_over:
            self._sync_one(g)  # one action, not named (observe() syncs a named one itself)
        else:
            self._sync_all(g)
        self._stale = False
        self._seen = g.actions_taken
        self._round = g.round
        self._cur = g.current_player
        self._next = g.stock[-1] if g.stock else -1

    def _sync_one(self, g: Game) -> None:
        """After exactly one action within a round: compare only what that action can change (the actor's
        hand, memory, team and seat flags, the next player's seat flags, the pile, the stock and phase)."""
        mv = self._mv
        p = self._cur
        t = p & 1
        h = g.hand[p]
        cache = self._hand[p]
        if h != cache:  # _diff_write, written out: this runs at every step whose action is not named
            o = _A_HAND + NUM_KINDS * p
            for i, x in enumerate(h):
                if x != cache[i]:
                    mv[o + i] = x * _S_HAND
                    cache[i] = x
        m = g.memory[p]
        if m != self._mem[p]:
            _diff_write(mv, _A_MEM + NUM_KINDS * p, m, self._mem[p], _S_MEM)
        if g.mcards[t] != self._mcards[t]:
            self._sync_team(g, t)
        if g.pile != self._pile:
            self._sync_pile(g.pile)
        self._sync_team_flags(g, t)
        other = self._teamf[1 - t]
        frozen = bool(g.pile_wilds) or not g.down[1 - t]
        if frozen != other[T_FROZEN]:
            self._sync_team_flags(g, 1 - t)
        cur = g.current_player
        self._sync_seat(g, p, cur)
        if cur != p:
            self._sync_seat(g, cur, cur)
        tail = self._tail
        n = len(g.stock)
        if n != tail[0]:
            mv[_A_TAIL] = n * _S_STOCK
            tail[0] = n
        draw = g.phase_id == 0
        if draw != tail[4]:
            mv[_A_TAIL + 4] = tail[4] = draw
            mv[_A_TAIL + 5] = tail[5] = not draw
        self._sync_reading(g)

    def _sync_discard(self, g: Game) -> None:
        """After a discard that did not end the round: the set-aside melds back to the hand, if any, then one
        card from the hand (and its memory) to the pile, and the turn to the next player."""
        p = self._cur
        t = p & 1
        mv = self._mv
        k = ACTION_CARD[self._action]
        if g.mcards[t] != self._mcards[t]:  # the set-aside melds went back to the hand first (rule 7.2)
            self._return_aside(g, p, t)
        n = g.hand[p][k]
        self._hand[p][k] = n
        mv[_A_HAND + NUM_KINDS * p + k] = n * _S_HAND
        n = g.memory[p][k]
        cache = self._mem[p]
        if n != cache[k]:
            cache[k] = n
            mv[_A_MEM + NUM_KINDS * p + k] = n * _S_MEM
        pile = self._pile
        if pile:  # k is not the pile's bottom: p discarded it, having drawn over the card below (READING)
            row = self._disc[p]
            row[k] = n = row[k] + 1
            mv[_A_DISC + NUM_KINDS * p + k] = n * _S_READ
            below = pile[-1]
            row = self._pass[p]
            row[below] = n = row[below] + 1
            mv[_A_PASS + NUM_KINDS * p + below] = n * _S_READ
        counts = self._pcount
        counts[k] += 1
        mv[_A_PCOUNT + k] = counts[k] * _S_PCOUNT
        pile.append(k)
        mv[_A_PSIZE] = len(pile) * _S_PSIZE
        mv[_A_TOP + self._ptop] = 0
        mv[_A_TOP + k] = 1
        self._ptop = k
        if k == TWO or k == JOKER:  # the pile is frozen for both partnerships now (rule 4.2)
            for u in (0, 1):
                key = self._tkey[u]
                if not key[T_FROZEN]:
                    mv[_A_TEAMF + TEAM_BLOCK * u + T_FROZEN] = _S_FROZEN
                    self._teamf[u][T_FROZEN] = True
                    self._tkey[u] = (*key[:T_FROZEN], True)
        # Seat flags: the discarder's cards held and turn, the next player's turn (its held cards and
        # the dealer and melded flags do not move).
        old = self._seatf[p]
        n = g.htot[p]
        o = _A_SEATF + 4 * p
        if n != old[0]:
            mv[o] = n * _S_HELD
        mv[o + 1] = 0
        self._seatf[p] = (n, False, old[2], old[3])
        q = g.current_player
        old = self._seatf[q]
        mv[_A_SEATF + 4 * q + 1] = _S_TURN
        self._seatf[q] = (old[0], True, old[2], old[3])
        tail = self._tail
        if not tail[4]:
            mv[_A_TAIL + 4] = tail[4] = True
            mv[_A_TAIL + 5] = tail[5] = False

    def _return_aside(self, g: Game, p: int, t: int) -> None:
        """The set-aside melds (the ones this vector holds) back in p's hand: their ranks' hand entries and
        the wild cards', the meld structure all zero."""
        mv = self._mv
        h = g.hand[p]
        cache = self._hand[p]
        oh = _A_HAND + NUM_KINDS * p
        nat, two, jk, size = self._melds[t]
        flags = self._flags[t]
        o = _A_TEAM + MELD_BLOCK * t
        for r in _RANKS:
            if size[r]:
                cache[r] = x = h[r]
                mv[oh + r] = x * _S_HAND
                if nat[r]:
                    mv[o + r] = nat[r] = 0
                if two[r]:
                    mv[o + ROW_TWO + r] = two[r] = 0
                if jk[r]:
                    mv[o + ROW_JK + r] = jk[r] = 0
                if flags[r]:
                    mv[o + ROW_CANASTA + r] = flags[r] = False
                size[r] = 0
        for w in (TWO, JOKER):
            cache[w] = x = h[w]
            mv[oh + w] = x * _S_HAND
        self._canastas[t] = (0, 0)
        self._mcards[t] = 0
        # The TEAM block: no canasta and no melded value any more; nothing else of it moved.
        key = self._tkey[t]
        if key[T_NATURAL] or key[T_MIXED] or key[T_VALUE]:
            cache = self._teamf[t]
            o = _A_TEAMF + TEAM_BLOCK * t
            for i in (T_NATURAL, T_MIXED, T_VALUE):
                if cache[i]:
                    mv[o + i] = cache[i] = 0
            mv[_A_AVAL + t] = 0
            self._tkey[t] = (key[T_RED], key[T_DOWN], 0, 0, key[T_BLACK3], 0, key[T_FROZEN])

    def _sync_meld(self, g: Game) -> None:
        """After a meld or add that did not end the round: the cards it names from the hand (and the
        memory) to the partnership's meld of their rank."""
        p = self._cur
        t = p & 1
        r, nat, two, jk = ACTION_CARDS[self._action]
        mv = self._mv
        h = g.hand[p]
        cache = self._hand[p]
        mem = g.memory[p]
        mcache = self._mem[p]
        melds = self._melds[t]
        o = _A_TEAM + MELD_BLOCK * t + r
        if nat:
            cache[r] = n = h[r]
            mv[_A_HAND + NUM_KINDS * p + r] = n * _S_HAND
            if mem[r] != mcache[r]:
                mcache[r] = n = mem[r]
                mv[_A_MEM + NUM_KINDS * p + r] = n * _S_MEM
            melds[0][r] = n = g.mnat[t][r]
            mv[o] = n * _S_NAT
        if two or jk:
            w, part, row = (TWO, 1, g.mtwo) if two else (JOKER, 2, g.mjk)
            cache[w] = n = h[w]
            mv[_A_HAND + NUM_KINDS * p + w] = n * _S_HAND
            if mem[w] != mcache[w]:
                mcache[w] = n = mem[w]
                mv[_A_MEM + NUM_KINDS * p + w] = n * _S_MEM
            melds[part][r] = n = row[t][r]
            mv[o + NUM_NATURAL * part] = n * _S_WILD
        size = g.msize[t][r]
        melds[3][r] = size
        key = self._tkey[t]
        natural, mixed = key[T_NATURAL], key[T_MIXED]
        if size >= CANASTA_SIZE:
            flags = self._flags[t]
            wilds = g.mtwo[t][r] + g.mjk[t][r]
            if not flags[r]:  # a new canasta
                flags[r] = True
                mv[o + ROW_CANASTA] = _S_CANASTA
                if wilds:
                    mixed += 1
                else:
                    natural += 1
            elif wilds and wilds == two + jk:  # the first wild card in a canasta: natural no more
                natural -= 1
                mixed += 1
            self._canastas[t] = (natural, mixed)
        self._mcards[t] = g.mcards[t]
        # The TEAM block: the melded value moves (also as the set-aside value), the canastas may; nothing
        # else a meld touches is in it.
        value = g.mval[t]
        cache = self._teamf[t]
        o = _A_TEAMF + TEAM_BLOCK * t
        mv[o + T_VALUE] = value * _S_VALUE
        mv[_A_AVAL + t] = value * _S_AVAL
        cache[T_VALUE] = value
        if natural != cache[T_NATURAL]:
            mv[o + T_NATURAL] = natural * _S_CANASTAS
            cache[T_NATURAL] = natural
        if mixed != cache[T_MIXED]:
            mv[o + T_MIXED] = mixed * _S_CANASTAS
            cache[T_MIXED] = mixed
        self._tkey[t] = (key[T_RED], key[T_DOWN], natural, mixed, key[T_BLACK3], value, key[T_FROZEN])
        # Seat flags: cards held (set-aside ones count) and has melded.
        old = self._seatf[p]
        n = g.htot[p] if g.down[t] else g.htot[p] + g.mcards[t]
        melded = g.has_melded[p]
        if n != old[0] or melded != old[3]:
            o = _A_SEATF + 4 * p
            mv[o] = n * _S_HELD
            mv[o + 3] = melded
            self._seatf[p] = (n, old[1], old[2], melded)

    def _sync_draw(self, g: Game) -> None:
        """After a draw that did not end the round: a card (red threes laid down and replaced) from the
        stock to the hand, the play step."""
        mv = self._mv
        p = self._cur
        t = p & 1
        h = g.hand[p]
        cache = self._hand[p]
        o = _A_HAND + NUM_KINDS * p
        k = self._next
        if g.red_threes[t] != self._tkey[t][T_RED] or k < 0:  # red threes laid down and replaced
            for i, x in enumerate(h):
                if x != cache[i]:
                    mv[o + i] = x * _S_HAND
                    cache[i] = x
            self._sync_team_flags(g, t)
        else:  # the card that was on top of the stock at the last sync
            cache[k] = n = h[k]
            mv[o + k] = n * _S_HAND
        old = self._seatf[p]
        n = g.htot[p] if g.down[t] else g.htot[p] + g.mcards[t]
        if n != old[0]:
            mv[_A_SEATF + 4 * p] = n * _S_HELD
            self._seatf[p] = (n, old[1], old[2], old[3])
        tail = self._tail
        n = len(g.stock)
        if n != tail[0]:
            mv[_A_TAIL] = n * _S_STOCK
            tail[0] = n
        if tail[4]:
            mv[_A_TAIL + 4] = tail[4] = False
            mv[_A_TAIL + 5] = tail[5] = True

    def _sync_all(self, g: Game) -> None:
        """Compare every piece of the state."""
        mv = self._mv
        for s in (0, 1, 2, 3):
            h = g.hand[s]
            if h != self._hand[s]:
                _diff_write(mv, _A_HAND + NUM_KINDS * s, h, self._hand[s], _S_HAND)
            m = g.memory[s]
            if m != self._mem[s]:
                _diff_write(mv, _A_MEM + NUM_KINDS * s, m, self._mem[s], _S_MEM)
        if g.pile != self._pile:
            self._sync_pile(g.pile)
        for t in (0, 1):
            self._sync_team(g, t, one_action=False)
            self._sync_team_flags(g, t)
            total = g.scores[t]
            new = [g.rules.minimum(total), clip_score(total)]
            _diff_write_each(mv, _A_TEAMF + TEAM_BLOCK * t + T_MINIMUM, new, self._teamf[t][T_MINIMUM:],
                             _S_TEAMF[T_MINIMUM:])
            self._teamf[t][T_MINIMUM:] = new
        cur = g.current_player
        for s in (0, 1, 2, 3):
            self._sync_seat(g, s, cur)
        rnd = g.round
        over = g.is_over
        phase = -1 if over else g.phase_id
        new = (len(g.stock), min(rnd, ROUND_CLIP), g.rules.max_rounds == rnd, clip_score(g.rules.target),
               phase == 0, phase == 1, over)
        _diff_write_each(mv, _A_TAIL, new, self._tail, _S_TAIL)
        self._sync_reading(g)

    def _sync_reading(self, g: Game) -> None:
        """The READING counts worked out from the pile's order and the player to act (zero once over)."""
        if g.is_over or len(g.pile) < 2:  # after a pickup or a deal: nothing to read (the usual case here)
            self._clear_reading()
            return
        disc = [[0] * NUM_KINDS for _ in range(4)]
        passed = [[0] * NUM_KINDS for _ in range(4)]
        pile = g.pile
        n = len(pile)
        cur = g.current_player
        for i in range(1, n):  # the bottom card may be the upcard: nobody's discard
            d = (cur - n + i) & 3
            disc[d][pile[i]] += 1
            passed[d][pile[i - 1]] += 1
        mv = self._mv
        for s in (0, 1, 2, 3):
            if disc[s] != self._disc[s]:
                _diff_write(mv, _A_DISC + NUM_KINDS * s, disc[s], self._disc[s], _S_READ)
            if passed[s] != self._pass[s]:
                _diff_write(mv, _A_PASS + NUM_KINDS * s, passed[s], self._pass[s], _S_READ)

    def _clear_reading(self) -> None:
        """Every READING count back to zero."""
        mv = self._mv
        for rows, base in ((self._disc, _A_DISC), (self._pass, _A_PASS)):
            for s in (0, 1, 2, 3):
                row = rows[s]
                if any(row):
                    o = base + NUM_KINDS * s
                    for k, x in enumerate(row):
                        if x:
                            mv[o + k] = row[k] = 0

    def _sync_team_flags(self, g: Game, t: int) -> None:
        """Partnership t's TEAM block but its minimum and score, which change only between rounds."""
        down = g.down[t]
        natural, mixed = self._canastas[t]
        key = (g.red_threes[t], down, natural, mixed, g.b3[t], g.mval[t], bool(g.pile_wilds) or not down)
        if key != self._tkey[t]:
            cache = self._teamf[t]
            if key[T_VALUE] != cache[T_VALUE]:  # also the set-aside value, scaled as such
                self._mv[_A_AVAL + t] = key[T_VALUE] * _S_AVAL
            _diff_write_each(self._mv, _A_TEAMF + TEAM_BLOCK * t, key, cache, _S_TEAMF)
            self._tkey[t] = key

    def _sync_seat(self, g: Game, s: int, cur: int) -> None:
        """Seat s's flags: cards held (set-aside included), to act, dealer, has melded."""
        t = s & 1
        key = (g.htot[s] + (g.mcards[t] if s == cur and not g.down[t] else 0), s == cur and not g.is_over,
               g.dealer == s, g.has_melded[s])
        old = self._seatf[s]
        if key != old:
            mv = self._mv
            o = _A_SEATF + 4 * s
            for i in (0, 1, 2, 3):
                if key[i] != old[i]:
                    mv[o + i] = key[i] * _S_SEATF[i]
            self._seatf[s] = key

    def observe(self, seat: int) -> np.ndarray:
        """``seat``'s observation: a new float32 array, equal byte for byte to ``encode(game.view(seat))``."""
        g = self.game
        n = g.actions_taken
        if self._stale or n != self._seen:
            if n == self._action_at and n == self._seen + 1 and not g.is_over and g.round == self._round:
                _BY_TYPE[ACTION_TYPE[self._action]](self, g)  # one named action: only what it moved
                self._stale = False
                self._seen = n
                self._cur = g.current_player
                self._next = g.stock[-1] if g.stock else -1
            else:
                self._sync()
        d0, d1 = g.down
        vis = g.current_player == seat and not (d1 if seat & 1 else d0)
        return self.raw[_GATHER[8 * seat + 4 * d0 + 2 * d1 + vis]]  # a new array; faster than take()


# The sync after one named action within a round, by action type: pickup, laydown and black threes are
# rare and move much, so they compare what any action can change.
_BY_TYPE = {DRAW: GameEncoder._sync_draw, PICKUP: GameEncoder._sync_one, MELD: GameEncoder._sync_meld,
            MELD_B3: GameEncoder._sync_one, ADD: GameEncoder._sync_meld, LAYDOWN: GameEncoder._sync_one,
            DISCARD: GameEncoder._sync_discard}
_BY_TYPE = [_BY_TYPE[t] for t in range(len(_BY_TYPE))]
