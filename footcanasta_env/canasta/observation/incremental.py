"""The fast encoder the envs use: ``GameEncoder(game).observe(seat)``, byte-identical to ``encode(game.view(seat))``.

It keeps an absolute (seat- and team-indexed) vector of the scaled features up to date from the engine's
count lists (the SLOT TABLE of ``engine/state.py``), finding what changed by comparing each list with its
own copy (C-speed list comparisons, correct however many actions a sync covers) and writing only the
entries that differ. Each entry is written already multiplied by its scale (the product of a whole
number and a float32 scale, rounded once to float32: the same bytes as the reference's float32 multiply
by ``SCALE``), so an observation is one gather through the observer's index (which also hides what the
seat may not see: the gather reads a zero there). ``tests/canasta/test_canasta_env_obs.py`` checks it against
``encode(game.view(seat))`` at every step of several games, for every seat, and
``tests/canasta/test_canasta_sizes_env_obs.py`` at every table size (section 14: the vector is laid out for
six seats and three sides, a smaller table reading only its own entries through its size's gathers).

The vector's layout, gather indices, scales and diff writers are in ``absolute.py``; the syncs after one
named discard, meld or add, or draw are ``moves.MoveSyncs``, which ``GameEncoder`` mixes in.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ...family.cards import NUM_KINDS, NUM_NATURAL
from ..actions import ACTION_TYPE, ADD, DISCARD, DRAW, LAYDOWN, MELD, MELD_B3, PICKUP
from ..rules import CANASTA_SIZE
from .absolute import (
    _A_AVAL,
    _A_DISC,
    _A_HAND,
    _A_MEM,
    _A_PASS,
    _A_PCOUNT,
    _A_PSIZE,
    _A_SEATF,
    _A_SIZE,
    _A_TAIL,
    _A_TEAM,
    _A_TEAMF,
    _A_TOP,
    _EMPTY,
    _GATHER,
    _RANKS,
    _S_AVAL,
    _S_PSIZE,
    _S_READ,
    _S_SEATF,
    _S_STOCK,
    _S_TAIL,
    MAX_SEATS,
    _diff_write,
    _diff_write_each,
    deck_scales,
    gather_key,
    gathers,
)
from .layout import (
    MELD_BLOCK,
    ROUND_CLIP,
    ROW_CANASTA,
    T_FROZEN,
    T_MINIMUM,
    T_VALUE,
    TEAM_BLOCK,
    clip_score,
)
from .moves import MoveSyncs

if TYPE_CHECKING:
    from ..engine import Game


class GameEncoder(MoveSyncs):
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
                 "_action", "_action_at", "_next", "_disc", "_pass", "_side_of", "_seats", "_sides", "_others",
                 "_n", "_gathers", "_four", "_s_hand", "_s_mem", "_s_rows", "_s_pcount", "_s_teamf")

    def __init__(self, game: Game) -> None:
        self.raw = np.zeros(_A_SIZE, dtype=np.float32)  # scaled features: see the module docstring
        self._mv = memoryview(self.raw)
        self.reset(game)

    def reset(self, game: Game) -> None:
        """Track ``game`` from now on (any size of section 14: its seats, sides and layout)."""
        rules = game.rules
        n, sides = rules.players, rules.sides
        if n > MAX_SEATS:
            raise ValueError(f"the encoder is laid out for up to {MAX_SEATS} players, got {n}")
        self.game = game
        self._n = n
        self._side_of = game.side_of
        self._seats = tuple(range(n))
        self._sides = tuple(range(sides))
        self._others = tuple(tuple(u for u in self._sides if u != t) for t in self._sides)
        self._gathers = gathers(n, sides)
        self._four = n == 4 and sides == 2  # the two-sided key of the fast path
        self._s_hand, self._s_mem, self._s_rows, self._s_pcount, self._s_teamf = deck_scales(rules.decks)
        self.raw[:] = 0
        self.raw[_A_TOP + _EMPTY] = 1
        # Copies of what the vector holds, unscaled.
        self._hand = [[0] * NUM_KINDS for _ in range(n)]
        self._mem = [[0] * NUM_KINDS for _ in range(n)]
        self._melds = [[[0] * NUM_NATURAL for _ in range(4)] for _ in range(sides)]  # nat, two, jk, size
        self._canastas = [(0, 0)] * sides
        self._flags = [[False] * NUM_NATURAL for _ in range(sides)]
        self._teamf = [[0] * TEAM_BLOCK for _ in range(sides)]
        self._tkey: list[tuple] = [(0,) * T_MINIMUM] * sides  # _teamf[t][:T_MINIMUM] as a tuple
        self._pile: list[int] = []
        self._pcount = [0] * NUM_KINDS
        self._ptop = _EMPTY
        self._seatf: list[tuple] = [(0, False, False, False)] * n
        self._tail = [0] * 7
        self._stale = True
        self._seen = -1  # the game's actions_taken, round and player to act at the last sync
        self._round = 0
        self._cur = 0
        self._mcards = [0] * sides
        self._action = -1  # the action named by the last invalidate(), and the game's actions_taken after it
        self._action_at = -1
        self._next = -1  # the stock's top card at the last sync: what a draw takes, unless a red three
        self._disc = [[0] * NUM_KINDS for _ in range(n)]  # the READING counts by absolute seat
        self._pass = [[0] * NUM_KINDS for _ in range(n)]

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
        """Side t's meld structure, its canasta row and counts."""
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
                _diff_write(mv, o + NUM_NATURAL * part, new, cache[part], self._s_rows[part])
        cache[3][:] = size
        flags = [s >= CANASTA_SIZE for s in size]
        if flags != self._flags[t]:
            _diff_write(mv, o + ROW_CANASTA, flags, self._flags[t], self._s_rows[3])
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
            mv[_A_PCOUNT + k] = counts[k] * self._s_pcount
            old.append(k)
        else:
            new = [0] * NUM_KINDS
            for k in pile:
                new[k] += 1
            _diff_write(mv, _A_PCOUNT, new, counts, self._s_pcount)
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
        t = self._side_of[p]
        h = g.hand[p]
        cache = self._hand[p]
        if h != cache:  # _diff_write, written out: this runs at every step whose action is not named
            o = _A_HAND + NUM_KINDS * p
            for i, x in enumerate(h):
                if x != cache[i]:
                    mv[o + i] = x * self._s_hand
                    cache[i] = x
        m = g.memory[p]
        if m != self._mem[p]:
            _diff_write(mv, _A_MEM + NUM_KINDS * p, m, self._mem[p], self._s_mem)
        if g.mcards[t] != self._mcards[t]:
            self._sync_team(g, t)
        if g.pile != self._pile:
            self._sync_pile(g.pile)
        self._sync_team_flags(g, t)
        for u in self._others[t]:
            if (bool(g.pile_wilds) or not g.down[u]) != self._teamf[u][T_FROZEN]:
                self._sync_team_flags(g, u)
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


    def _sync_all(self, g: Game) -> None:
        """Compare every piece of the state."""
        mv = self._mv
        for s in self._seats:
            h = g.hand[s]
            if h != self._hand[s]:
                _diff_write(mv, _A_HAND + NUM_KINDS * s, h, self._hand[s], self._s_hand)
            m = g.memory[s]
            if m != self._mem[s]:
                _diff_write(mv, _A_MEM + NUM_KINDS * s, m, self._mem[s], self._s_mem)
        if g.pile != self._pile:
            self._sync_pile(g.pile)
        for t in self._sides:
            self._sync_team(g, t, one_action=False)
            self._sync_team_flags(g, t)
            total = g.scores[t]
            new = [g.rules.minimum(total), clip_score(total)]
            _diff_write_each(mv, _A_TEAMF + TEAM_BLOCK * t + T_MINIMUM, new, self._teamf[t][T_MINIMUM:],
                             self._s_teamf[T_MINIMUM:])
            self._teamf[t][T_MINIMUM:] = new
        cur = g.current_player
        for s in self._seats:
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
        seats = self._n
        disc = [[0] * NUM_KINDS for _ in range(seats)]
        passed = [[0] * NUM_KINDS for _ in range(seats)]
        pile = g.pile
        n = len(pile)
        cur = g.current_player
        for i in range(1, n):  # the bottom card may be the upcard: nobody's discard
            d = (cur - n + i) % seats
            disc[d][pile[i]] += 1
            passed[d][pile[i - 1]] += 1
        mv = self._mv
        for s in self._seats:
            if disc[s] != self._disc[s]:
                _diff_write(mv, _A_DISC + NUM_KINDS * s, disc[s], self._disc[s], _S_READ)
            if passed[s] != self._pass[s]:
                _diff_write(mv, _A_PASS + NUM_KINDS * s, passed[s], self._pass[s], _S_READ)

    def _clear_reading(self) -> None:
        """Every READING count back to zero."""
        mv = self._mv
        for rows, base in ((self._disc, _A_DISC), (self._pass, _A_PASS)):
            for s in self._seats:
                row = rows[s]
                if any(row):
                    o = base + NUM_KINDS * s
                    for k, x in enumerate(row):
                        if x:
                            mv[o + k] = row[k] = 0

    def _sync_team_flags(self, g: Game, t: int) -> None:
        """Side t's TEAM block but its minimum and score, which change only between rounds."""
        down = g.down[t]
        natural, mixed = self._canastas[t]
        key = (g.red_threes[t], down, natural, mixed, g.b3[t], g.mval[t], bool(g.pile_wilds) or not down)
        if key != self._tkey[t]:
            cache = self._teamf[t]
            if key[T_VALUE] != cache[T_VALUE]:  # also the set-aside value, scaled as such
                self._mv[_A_AVAL + t] = key[T_VALUE] * _S_AVAL
            _diff_write_each(self._mv, _A_TEAMF + TEAM_BLOCK * t, key, cache, self._s_teamf)
            self._tkey[t] = key

    def _sync_seat(self, g: Game, s: int, cur: int) -> None:
        """Seat s's flags: cards held (set-aside included), to act, dealer, has melded."""
        t = self._side_of[s]
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
        if self._four:
            d0, d1 = g.down
            vis = g.current_player == seat and not (d1 if seat & 1 else d0)
            return self.raw[_GATHER[8 * seat + 4 * d0 + 2 * d1 + vis]]  # a new array; faster than take()
        down = g.down
        vis = g.current_player == seat and not down[self._side_of[seat]]
        return self.raw[self._gathers[gather_key(len(down), seat, down, vis)]]


# The sync after one named action within a round, by action type: pickup, laydown and black threes are
# rare and move much, so they compare what any action can change.
_BY_TYPE = {DRAW: GameEncoder._sync_draw, PICKUP: GameEncoder._sync_one, MELD: GameEncoder._sync_meld,
            MELD_B3: GameEncoder._sync_one, ADD: GameEncoder._sync_meld, LAYDOWN: GameEncoder._sync_one,
            DISCARD: GameEncoder._sync_discard}
_BY_TYPE = [_BY_TYPE[t] for t in range(len(_BY_TYPE))]

