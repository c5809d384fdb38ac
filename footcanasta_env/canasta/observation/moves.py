"""The syncs of ``GameEncoder`` (``incremental.py``) after one named move: a discard, a meld or add, a
draw, each writing just the entries that move changes in the absolute vector (``absolute.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...family.cards import JOKER, NUM_KINDS, NUM_NATURAL, TWO
from ..actions import ACTION_CARD, ACTION_CARDS
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
    _A_TAIL,
    _A_TEAM,
    _A_TEAMF,
    _A_TOP,
    _RANKS,
    _S_AVAL,
    _S_CANASTA,
    _S_CANASTAS,
    _S_FROZEN,
    _S_HELD,
    _S_PSIZE,
    _S_READ,
    _S_STOCK,
    _S_TURN,
    _S_VALUE,
    _S_WILD,
)
from .layout import (
    MELD_BLOCK,
    ROW_CANASTA,
    ROW_JK,
    ROW_TWO,
    T_BLACK3,
    T_DOWN,
    T_FROZEN,
    T_MIXED,
    T_NATURAL,
    T_RED,
    T_VALUE,
    TEAM_BLOCK,
)

if TYPE_CHECKING:
    from ..engine import Game


class MoveSyncs:
    """The one-move syncs, mixed into ``GameEncoder``, whose slots and other syncs they use."""

    __slots__ = ()

    def _sync_discard(self, g: Game) -> None:
        """After a discard that did not end the round: the set-aside melds back to the hand, if any, then one
        card from the hand (and its memory) to the pile, and the turn to the next player."""
        p = self._cur
        t = self._side_of[p]
        mv = self._mv
        k = ACTION_CARD[self._action]
        if g.mcards[t] != self._mcards[t]:  # the set-aside melds went back to the hand first (rule 7.2)
            self._return_aside(g, p, t)
        n = g.hand[p][k]
        self._hand[p][k] = n
        mv[_A_HAND + NUM_KINDS * p + k] = n * self._s_hand
        n = g.memory[p][k]
        cache = self._mem[p]
        if n != cache[k]:
            cache[k] = n
            mv[_A_MEM + NUM_KINDS * p + k] = n * self._s_mem
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
        mv[_A_PCOUNT + k] = counts[k] * self._s_pcount
        pile.append(k)
        mv[_A_PSIZE] = len(pile) * _S_PSIZE
        mv[_A_TOP + self._ptop] = 0
        mv[_A_TOP + k] = 1
        self._ptop = k
        if k == TWO or k == JOKER:  # the pile is frozen for every side now (rule 4.2)
            for u in self._sides:
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
                mv[oh + r] = x * self._s_hand
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
            mv[oh + w] = x * self._s_hand
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
        t = self._side_of[p]
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
            mv[_A_HAND + NUM_KINDS * p + r] = n * self._s_hand
            if mem[r] != mcache[r]:
                mcache[r] = n = mem[r]
                mv[_A_MEM + NUM_KINDS * p + r] = n * self._s_mem
            melds[0][r] = n = g.mnat[t][r]
            mv[o] = n * self._s_rows[0]
        if two or jk:
            w, part, row = (TWO, 1, g.mtwo) if two else (JOKER, 2, g.mjk)
            cache[w] = n = h[w]
            mv[_A_HAND + NUM_KINDS * p + w] = n * self._s_hand
            if mem[w] != mcache[w]:
                mcache[w] = n = mem[w]
                mv[_A_MEM + NUM_KINDS * p + w] = n * self._s_mem
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
        """After a draw that did not end the round: a card (red threes laid down and replaced; two cards at
        two players, rule 14.3) from the stock to the hand, the play step."""
        mv = self._mv
        p = self._cur
        t = self._side_of[p]
        h = g.hand[p]
        cache = self._hand[p]
        o = _A_HAND + NUM_KINDS * p
        k = self._next
        if g.red_threes[t] != self._tkey[t][T_RED] or k < 0 or g.draw_n != 1:  # red threes, or several cards
            for i, x in enumerate(h):
                if x != cache[i]:
                    mv[o + i] = x * self._s_hand
                    cache[i] = x
            self._sync_team_flags(g, t)
        else:  # the card that was on top of the stock at the last sync
            cache[k] = n = h[k]
            mv[o + k] = n * self._s_hand
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
