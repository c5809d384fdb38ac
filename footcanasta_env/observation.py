"""The observation tensor: one seat's ``View`` (RULES.md section 12) as a flat float32 vector.

Everything is relative to the observing seat: relative seats are 0 me, 1 left (acts after me),
2 partner, 3 right; teams are "own" and "other". Per-kind blocks use the 14 kinds a player can hold,
in this order: ``4 5 6 7 8 9 10 J Q K A 2 JK B3`` (red threes are never held, so they have no column).
Per-meld-rank blocks use the 12 meld ranks ``4 .. A`` and ``wild``.

Layout, ``OBS_VERSION`` 1, ``OBS_SIZE`` 443 (index: feature, raw value x scale):

    index    size  feature                                                        scale
    0-13       14  own held cards per kind (set-aside cards excluded)              1/10
    14-109     96  own set-aside melds (only while I act before my team's         see MELDS
                   initial meld; zeros otherwise), a MELDS block
    110         1  card value of my set-aside melds                                1/100
    111-206    96  own team's table melds, a MELDS block (zeros until it is down)  see MELDS
    207-212     6  own team: red threes 1/10, down 0/1, complete clean, dirty and  see left
                   wild canastas 1/4 each, melded card value 1/1000 (canastas and
                   value are zero until down)
    213-308    96  other team's table melds, a MELDS block
    309-314     6  other team, as 207-212
    315-329    15  pile top card: one-hot over the 14 kinds, then "pile empty"     1
    330         1  pile size                                                       1/100
    331-344    14  pile contents per kind (every discard was seen)                 1/10
    345-358    14  the cards a pickup would take now (top pile_take cards)         1/7
    359-430    72  per relative seat (me, left, partner, right), 18 each:
                   +0 cards held, set-aside included                               1/30
                   +1 foot picked up                                               1
                   +2 to act (zero once the game is over)                          1
                   +3 is the dealer                                                1
                   +4..17 public memory of pickups per kind (RULES.md 12)          1/5
    431         1  stock size                                                      1/100
    432-435     4  round one-hot (round 1..4)                                      1
    436         1  rounds in this game                                             1/4
    437         1  initial-meld minimum of this round                              1/150
    438-439     2  scores of finished rounds: own team, other team, clipped to     1/10000
                   +-100000
    440-441     2  phase of the player to act: draw, play (zero once over)         1
    442         1  game over                                                       1

MELDS block (96) for one team structure, 8 rows of 12 meld ranks (``4 .. A, wild``):

    +0   naturals in the incomplete meld of the rank            1/7
    +12  twos in the incomplete meld                            1/7
    +24  jokers in the incomplete meld                          1/7
    +36  complete clean canastas of the rank                    1/2
    +48  complete dirty canastas of the rank                    1/2
    +60  complete wild canastas (wild rank only)                1/2
    +72  twos in the complete canastas of the rank              1/10
    +84  jokers in the complete canastas of the rank            1/10

The pile's order below its top ``pile_take`` cards is not encoded (it is public, but only its counts
matter for play). ``encode(view)`` is the reference encoding of a ``View``. ``GameEncoder`` is the fast
encoder the envs use: it reads the engine's count lists, keeps an absolute (seat- and team-indexed)
vector of raw counts up to date by comparing each piece with the copy it last wrote (after a single
action, only the pieces that action can change), and produces an observation with one gather through
a per-observer index and one float32 multiply by ``SCALE``. ``tests/test_env_hidden.py`` checks at
every step of several games, for every seat, that both give the same bytes.

Version history: 1 - first layout.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .cards import BLACK3, JOKER, NUM_KINDS, NUM_NATURAL, RED3, TWO, WILD_RANK, deck_counts
from .rules import CANASTA_SIZE, Rules
from .view import View

OBS_VERSION = 1

HOLD_KINDS: tuple[int, ...] = tuple(range(NUM_NATURAL)) + (TWO, JOKER, BLACK3)
NUM_HOLD = len(HOLD_KINDS)  # 14
# Column of each card kind in a per-kind block; red threes have none.
_KIND_COL = [-1] * NUM_KINDS
for _i, _k in enumerate(HOLD_KINDS):
    _KIND_COL[_k] = _i
_HOLD_IDX = np.array(HOLD_KINDS, dtype=np.intp)

MELD_BLOCK = 96
SEAT_BLOCK = 4 + NUM_HOLD
SCORE_CLIP = 100_000

# (name, size, scale) in layout order; offsets follow.
_LAYOUT: list[tuple[str, int, float | tuple[float, ...]]] = [
    ("hand", NUM_HOLD, 0.1),
    ("aside", MELD_BLOCK, "melds"),
    ("aside_value", 1, 0.01),
    ("own_table", MELD_BLOCK, "melds"),
    ("own_team", 6, (0.1, 1.0, 0.25, 0.25, 0.25, 0.001)),
    ("other_table", MELD_BLOCK, "melds"),
    ("other_team", 6, (0.1, 1.0, 0.25, 0.25, 0.25, 0.001)),
    ("pile_top", NUM_HOLD + 1, 1.0),
    ("pile_size", 1, 0.01),
    ("pile_counts", NUM_HOLD, 0.1),
    ("pile_take", NUM_HOLD, 1 / 7),
    ("seats", 4 * SEAT_BLOCK, "seats"),
    ("stock", 1, 0.01),
    ("round", 4, 1.0),
    ("rounds", 1, 0.25),
    ("minimum", 1, 1 / 150),
    ("scores", 2, 1e-4),
    ("phase", 2, 1.0),
    ("over", 1, 1.0),
]  # type: ignore[list-item]

_MELD_SCALE = np.repeat(np.array([1 / 7, 1 / 7, 1 / 7, 0.5, 0.5, 0.5, 0.1, 0.1]), 12)
_SEAT_SCALE = np.array([1 / 30, 1.0, 1.0, 1.0] + [0.2] * NUM_HOLD)

OFFSETS: dict[str, int] = {}
_scales: list[np.ndarray] = []
_off = 0
for _name, _size, _scale in _LAYOUT:
    OFFSETS[_name] = _off
    if _scale == "melds":
        _scales.append(_MELD_SCALE)
    elif _scale == "seats":
        _scales.append(np.tile(_SEAT_SCALE, 4))
    else:
        _scales.append(np.broadcast_to(np.asarray(_scale, dtype=np.float64), (_size,)))
    _off += _size
OBS_SIZE = _off
SCALE = np.concatenate(_scales).astype(np.float32)
SCALE.setflags(write=False)
assert OBS_SIZE == 443 and SCALE.shape == (OBS_SIZE,)

_O_HAND = OFFSETS["hand"]
_O_ASIDE = OFFSETS["aside"]
_O_ASIDE_V = OFFSETS["aside_value"]
_O_TABLE = (OFFSETS["own_table"], OFFSETS["other_table"])
_O_TEAM = (OFFSETS["own_team"], OFFSETS["other_team"])
_O_TOP = OFFSETS["pile_top"]
_O_PSIZE = OFFSETS["pile_size"]
_O_PCOUNT = OFFSETS["pile_counts"]
_O_PTAKE = OFFSETS["pile_take"]
_O_SEATS = OFFSETS["seats"]
_O_STOCK = OFFSETS["stock"]
_O_ROUND = OFFSETS["round"]
_O_ROUNDS = OFFSETS["rounds"]
_O_MIN = OFFSETS["minimum"]
_O_SCORES = OFFSETS["scores"]
_O_PHASE = OFFSETS["phase"]
_O_OVER = OFFSETS["over"]


def observation_bounds(rules: Rules) -> tuple[np.ndarray, np.ndarray]:
    """(low, high) float32 bounds of every feature under ``rules``, for the observation space."""
    d = deck_counts(rules.decks)
    total = sum(d)
    value = sum(n * v for n, v in zip(d, rules.card_values, strict=True))
    raw = np.ones(OBS_SIZE, dtype=np.float64)
    kinds = np.array([d[k] for k in HOLD_KINDS], dtype=np.float64)
    canastas = total // CANASTA_SIZE

    def melds(o: int) -> None:
        raw[o:o + 36] = CANASTA_SIZE - 1
        raw[o + 36:o + 72] = canastas
        raw[o + 72:o + 84] = d[TWO]
        raw[o + 84:o + 96] = d[JOKER]

    raw[_O_HAND:_O_HAND + NUM_HOLD] = kinds
    melds(_O_ASIDE)
    raw[_O_ASIDE_V] = value
    for side in (0, 1):
        melds(_O_TABLE[side])
        o = _O_TEAM[side]
        raw[o:o + 6] = (d[RED3], 1, canastas, canastas, canastas, value)
    raw[_O_PSIZE] = total
    raw[_O_PCOUNT:_O_PCOUNT + NUM_HOLD] = kinds
    raw[_O_PTAKE:_O_PTAKE + NUM_HOLD] = np.minimum(kinds, rules.pile_take)
    for rel in range(4):
        o = _O_SEATS + rel * SEAT_BLOCK
        raw[o] = total
        raw[o + 4:o + SEAT_BLOCK] = kinds
    raw[_O_STOCK] = total
    raw[_O_ROUNDS] = 4
    raw[_O_MIN] = max(1, *rules.initial_minimums)
    raw[_O_SCORES:_O_SCORES + 2] = SCORE_CLIP
    raw = np.maximum(raw, 1.0)  # every feature has a range, so no bound pair is equal
    high = (raw * SCALE).astype(np.float32)
    low = np.zeros(OBS_SIZE, dtype=np.float32)
    low[_O_SCORES:_O_SCORES + 2] = -high[_O_SCORES:_O_SCORES + 2]
    return low, high


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


def _melds_value(melds: Any, values: Any) -> int:
    """Card value of (rank, naturals, twos, jokers) melds."""
    return sum((nat * values[r] if r < NUM_NATURAL else 0) + two * values[TWO] + jk * values[JOKER]
               for r, nat, two, jk in melds)


def _clip_score(s: int) -> int:
    return SCORE_CLIP if s > SCORE_CLIP else -SCORE_CLIP if s < -SCORE_CLIP else s


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
        out[_O_ASIDE_V] = _melds_value(view.set_aside, values)
    for side, team in enumerate((mine, 1 - mine)):
        o = _O_TEAM[side]
        out[o] = view.red_threes[team]
        if view.down[team]:
            melds = view.melds[team]
            _meld_raw(out, _O_TABLE[side], melds)
            out[o + 1] = 1
            out[o + 2:o + 5] = view.canastas(team)
            out[o + 5] = _melds_value(melds, values)
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
    out[_O_SCORES] = _clip_score(view.scores[mine])
    out[_O_SCORES + 1] = _clip_score(view.scores[1 - mine])
    if not view.is_over:
        out[_O_PHASE + (0 if view.phase == "draw" else 1)] = 1
    out[_O_OVER] = view.is_over
    return out


def encode(view: View) -> np.ndarray:
    """The observation vector of ``view``: a new float32 array of ``OBS_SIZE``."""
    out = encode_raw(view)
    np.multiply(out, SCALE, out=out)
    return out


# ---------------------------------------------------------------------------------------------------
# Fast incremental encoder. It keeps an absolute (seat- and team-indexed) vector of raw counts and
# flags, grouped so that each kind of change is one slice write; it finds what changed by comparing
# the engine's lists with its own copies (C-speed list comparisons, correct however many steps a
# sync covers); an observation is one gather through a per-observer index and one multiply by SCALE,
# the same float32 multiply as ``encode``, so both give the same bytes.

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
    idx[_O_HAND:_O_HAND + NUM_HOLD] = [_A_HAND + 15 * seat + k for k in _HOLD15]
    if aside_visible:
        idx[_O_ASIDE:_O_ASIDE + MELD_BLOCK] = np.arange(MELD_BLOCK) + _A_TEAM + MELD_BLOCK * mine
        idx[_O_ASIDE_V] = _A_TEAMF + 6 * mine + 5
    for side, team in enumerate((mine, 1 - mine)):
        o = _O_TEAM[side]
        f = _A_TEAMF + 6 * team
        idx[o] = f
        if down[team]:
            idx[_O_TABLE[side]:_O_TABLE[side] + MELD_BLOCK] = np.arange(MELD_BLOCK) + _A_TEAM + MELD_BLOCK * team
            idx[o + 1:o + 6] = np.arange(f + 1, f + 6)
    idx[_O_TOP:_O_TOP + NUM_HOLD] = [_A_TOP + k for k in _HOLD15]
    idx[_O_TOP + NUM_HOLD] = _A_TOP + 15
    idx[_O_PSIZE] = _A_PSIZE
    idx[_O_PCOUNT:_O_PCOUNT + NUM_HOLD] = [_A_PCOUNT + k for k in _HOLD15]
    idx[_O_PTAKE:_O_PTAKE + NUM_HOLD] = [_A_PTAKE + k for k in _HOLD15]
    for rel in range(4):
        s = (seat + rel) & 3
        o = _O_SEATS + rel * SEAT_BLOCK
        idx[o:o + 4] = np.arange(_A_SEATF + 4 * s, _A_SEATF + 4 * s + 4)
        idx[o + 4:o + SEAT_BLOCK] = [_A_MEM + 15 * s + k for k in _HOLD15]
    idx[_O_STOCK] = _A_STOCK
    idx[_O_ROUND:_O_ROUND + 4] = np.arange(_A_ROUND, _A_ROUND + 4)
    idx[_O_ROUNDS] = _A_ROUND + 4
    idx[_O_MIN] = _A_ROUND + 5
    idx[_O_SCORES] = _A_ROUND + 6 + mine
    idx[_O_SCORES + 1] = _A_ROUND + 7 - mine
    idx[_O_PHASE:_O_PHASE + 2] = (_A_PHASE, _A_PHASE + 1)
    idx[_O_OVER] = _A_PHASE + 2
    idx.setflags(write=False)
    return idx


# Indexed by 8 * seat + 4 * down[0] + 2 * down[1] + (set-aside visible).
_GATHER = [_gather_index(s, (d0, d1), v)
           for s in range(4) for d0 in (False, True) for d1 in (False, True) for v in (False, True)]

_ENGINE_FIELDS = ("actions_taken", "hand", "htot", "mcards", "inc_nat", "inc_two", "inc_jk", "canastas",
                  "red_threes", "down", "n_clean", "n_dirty", "n_wild", "mval", "pile", "in_foot", "memory",
                  "stock", "round_no", "dealer", "cur", "phase_id", "over", "total", "held", "minimum", "rules")


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
    sync that covers several actions compares everything. Falls back to ``encode(game.view(seat))`` if
    the engine lacks a field it reads.
    """

    def __init__(self, game: Any) -> None:
        self.raw = np.zeros(_A_SIZE, dtype=np.float32)
        self._mv = memoryview(self.raw)
        self.reset(game)

    def reset(self, game: Any) -> None:
        """Track a new game."""
        self.fast = all(hasattr(game, f) for f in _ENGINE_FIELDS)
        self.game = game
        self.raw[:] = 0
        # Copies of what the vector holds.
        self._hand: list[Any] = [[0] * NUM_KINDS for _ in range(4)]
        self._inc: list[Any] = [([0] * 12, [0] * 12, [0] * 12) for _ in range(2)]
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
        self._total: Any = None
        self._over: Any = None
        self._seen = -2  # actions_taken at the last sync
        self._cur = 0    # the player to act at the last sync
        self.raw[_A_TOP + 15] = 1  # empty pile
        self._stale = True

    def invalidate(self) -> None:
        """Mark the vector as possibly out of date (call after each game step)."""
        self._stale = True

    def _sync(self) -> None:
        g = self.game
        n = g.actions_taken
        if n == self._seen + 1 and g.round_no == self._round and g.total == self._total and not g.is_over:
            self._sync_one(g)
        elif n != self._seen or g.round_no != self._round or g.total != self._total or g.is_over != self._over:
            self._sync_all(g)
        self._seen = n
        self._cur = g.cur
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
                _diff_write(self._mv, o + 12 * part, new, c[part])
        can = g.canastas[t]
        if can != self._can[t]:
            self._sync_canastas(_A_TEAM + MELD_BLOCK * t + 36, can)
            self._can[t] = can[:]
        self._mcards[t] = g.mcards[t]

    def _sync_memory(self, g: Any, s: int) -> None:
        m = g.memory[s]
        if m != self._mem[s]:
            _diff_write(self._mv, _A_MEM + 15 * s, m, self._mem[s])

    def _sync_one(self, g: Any) -> None:
        """After exactly one action within a round: compare only what that action can change."""
        p = self._cur
        cur = g.cur
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
        total = g.total
        rnd = g.round_no
        self.raw[_A_ROUND:_A_ROUND + 8] = (rnd == 1, rnd == 2, rnd == 3, rnd == 4, g.rules.rounds, g.minimum,
                                           _clip_score(total[0]), _clip_score(total[1]))
        self._round = rnd
        self._total = total[:]
        self._over = g.is_over
        self._sync_public(g)

    def _sync_public(self, g: Any) -> None:
        """Team flags, seat flags, stock and phase, all compared."""
        self._sync_team_flags(g)
        over = g.is_over
        cur = -1 if over else g.cur
        for s in (0, 1, 2, 3):
            self._sync_seat(g, s, cur)
        mv = self._mv
        mv[_A_STOCK] = self._stock = len(g.stock)
        self._phase = phase = -1 if over else g.phase_id
        mv[_A_PHASE] = phase == 0
        mv[_A_PHASE + 1] = phase == 1
        mv[_A_PHASE + 2] = over

    def _sync_canastas(self, o: int, can: list) -> None:
        """Rewrite the complete-canasta rows of a MELDS block starting at absolute index ``o``."""
        block = [0] * 60
        for r, _nat, two, jk in can:
            if r == WILD_RANK:
                block[24 + r] += 1
            elif two + jk:
                block[12 + r] += 1
            else:
                block[r] += 1
            block[36 + r] += two
            block[48 + r] += jk
        self.raw[o:o + 60] = block

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
        if not self.fast:
            return encode(g.view(seat))
        if self._stale:
            self._sync()
        down = g.down
        d0, d1 = down
        vis = g.cur == seat and not (d1 if seat & 1 else d0)
        out = self.raw.take(_GATHER[8 * seat + 4 * d0 + 2 * d1 + vis])
        np.multiply(out, SCALE, out=out)
        return out
