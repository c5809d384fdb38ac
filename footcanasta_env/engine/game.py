"""The Foot Canasta rules engine: state as counts per card kind, exact legal actions, scoring.

Pure Python with numpy for the random generator; no gymnasium, PettingZoo or torch. See
``docs/RULES.md`` for the rules and every ruling, with rule numbers that the code comments cite.

State layout (all Python lists of ints, indexed by the 15 card kinds of ``cards.py``):

* ``hand[p]``: the cards player ``p`` holds (their hand, or their foot once picked up);
  ``htot[p]`` its size.
* ``foot[p]``: the unpicked foot; ``in_foot[p]`` once it is picked up.
* ``stock``: kinds, top last; ``pile``: kinds, top last.
* Per partnership ``t``: the incomplete meld of each of the 12 meld ranks (``inc_nat``, ``inc_two``,
  ``inc_jk``, ``inc_size``), the complete canastas (``canastas``, plus counts by kind), the card value
  and number of melded cards, ``down`` (initial meld made) and red threes laid down.
  Before the partnership's initial meld, its meld structure holds the set-aside melds of the player to
  act (rule 7.2): they are still that player's cards, hidden from the others, and count as held.
* ``memory[p][k]``: the public memory of pickups (rule 12).

Legal actions are an int bit mask kept up to date incrementally: each player's meld/add bits per rank
come from lookup tables indexed by (cards of the rank held, state of the partnership's meld of that rank)
and are refreshed only for the ranks an action touches; draw, pickup, laydown and discard bits are
derived from a few counters. The frequent actions (draw, meld/add, discard) work that out inline and
leave the next state's mask ready; the others leave it to ``_update_legal`` when it is asked for. In
the hot paths ``p & 1`` is ``team_of(p)`` and ``p ^ 2`` is ``partner_of(p)``.
"""

from __future__ import annotations

import copy
import datetime as _dt
from itertools import compress
from typing import Any

import numpy as np

from ..actions import (
    ACTION_CARD,
    ACTION_JK,
    ACTION_RANK,
    ACTION_TWO,
    ACTION_TYPE,
    ADD,
    DISCARD,
    DRAW,
    DRAW_ID,
    DRAW_PHASE,
    LAYDOWN,
    LAYDOWN_ID,
    MELD,
    MELD_ARGS,
    NUM_ACTIONS,
    PHASE_NAMES,
    PICKUP,
    PICKUP_ID,
    PLAY_PHASE,
    action_id,
    action_name,
)
from ..cards import BLACK3, JOKER, NUM_KINDS, NUM_NATURAL, RED3, TWO, WILD_RANK, deck_counts
from ..rules import CANASTA_SIZE, DEFAULT_RULES, Rules
from ..seats import SEAT_NAMES, left_of, partner_of
from ..seeds import daily_seed, fresh_seed
from .masks import (
    ALL_RANKS,
    DISCARD_BITS,
    DRAW_BIT,
    JK_KEY,
    LAYDOWN_BIT,
    MASK_BYTES,
    NAT_FLAT,
    NAT_KEY,
    NATURAL_RANKS,
    PICKUP_BIT,
    RANKS_OF,
    T0,
    T1,
    T2,
    T3,
    T4,
    T5,
    T6,
    T7,
    TWO_KEY,
    WILD_BITS,
    WILD_FILTER,
    fit_count_keys,
    mask_to_list,
)
from .scoring import score_round


class IllegalActionError(ValueError):
    """An action that the rules forbid in the current state; the state is left unchanged."""


KIND_BITS = tuple(1 << k for k in range(NUM_KINDS))
_RANK_BASES = tuple(r * 12 for r in range(NUM_NATURAL))  # NAT_FLAT offset of each natural rank
_NO_MELDS = (0,) * 12  # the meld states of an empty meld structure
_MELD_VALUES: dict[tuple[int, ...], tuple[int, ...]] = {}
_DECKS: dict[int, np.ndarray] = {}


def _deck(decks: int) -> np.ndarray:
    """The kinds of every card of ``decks`` decks, in kind order (read-only: shuffled by copy)."""
    deck = _DECKS.get(decks)
    if deck is None:
        deck = _DECKS[decks] = np.repeat(np.arange(NUM_KINDS, dtype=np.int64), deck_counts(decks))
        deck.flags.writeable = False
    return deck


def _meld_values(values: tuple[int, ...]) -> tuple[int, ...]:
    """Card value of the cards each action melds (0 for the others), shared by games with the same values."""
    out = _MELD_VALUES.get(values)
    if out is None:
        out = _MELD_VALUES[values] = tuple(
            nat * values[r] + two * values[TWO] + jk * values[JOKER] for r, nat, two, jk, _, _ in MELD_ARGS)
    return out


class Game:
    """One game of Foot Canasta (four rounds by default). Build it with ``new_game`` or ``load_scenario``."""

    # Fixed attributes: slot access is a little cheaper than the instance dict on the hot paths.
    __slots__ = ("rules", "seed", "rng", "values", "meld_values", "round_no", "dealer", "cur", "phase_id",
                 "is_over", "hand", "htot", "foot", "in_foot", "stock", "pile", "memory", "inc_nat", "inc_two",
                 "inc_jk", "inc_size", "mstate", "canastas", "n_clean", "n_dirty", "n_wild", "mval", "mcards",
                 "down", "red_threes", "sbits", "total", "results", "actions_taken", "rbits", "mbits", "hbits",
                 "_mask", "__weakref__")

    def __init__(self, rules: Rules | None = None, seed: int | None = None) -> None:
        self.rules = rules if rules is not None else DEFAULT_RULES
        if not isinstance(self.rules, Rules):
            raise ValueError(f"rules must be a footcanasta_env.Rules, got {type(self.rules).__name__}")
        self.seed = seed
        self.rng = np.random.default_rng(seed)
        self.values = list(self.rules.card_values)
        if 4 * self.rules.decks >= len(NAT_KEY):  # the most cards of one kind anyone can hold
            fit_count_keys(4 * self.rules.decks)
        self.meld_values = _meld_values(self.rules.card_values)  # card value of each meld/add action
        self.round_no = 1
        self.dealer = 0
        self.cur = 0
        self.phase_id = DRAW_PHASE
        self.is_over = False  # whether every round has been played
        self.hand = [[0] * NUM_KINDS for _ in range(4)]
        self.htot = [0, 0, 0, 0]
        self.foot = [[0] * NUM_KINDS for _ in range(4)]
        self.in_foot = [False] * 4
        self.stock: list[int] = []
        self.pile: list[int] = []
        self.memory = [[0] * NUM_KINDS for _ in range(4)]
        self._reset_table()
        self.total = [0, 0]
        self.results: list[dict[str, Any]] = []
        self.actions_taken = 0
        # Incremental legality, kept up to date at every change: per player, the meld/add action bits of
        # each rank against the partnership's meld structure, their sum, and the kinds held.
        self.rbits = [[0] * 12 for _ in range(4)]
        self.mbits = [0, 0, 0, 0]
        self.hbits = [0, 0, 0, 0]
        self.sbits = [0, 0]  # kinds in each partnership's meld structure (set-aside discards)
        self._mask: int | None = None  # legal actions as bits; None until computed for this state

    def _reset_table(self) -> None:
        self.inc_nat = [[0] * 12, [0] * 12]
        self.inc_two = [[0] * 12, [0] * 12]
        self.inc_jk = [[0] * 12, [0] * 12]
        self.inc_size = [[0] * 12, [0] * 12]
        # Per natural rank: 0 no incomplete meld, 1 one that cannot take a wild card (rule 5.1), 2 one that can.
        self.mstate = [[0] * 12, [0] * 12]
        self.canastas: list[list[tuple[int, int, int, int]]] = [[], []]
        self.n_clean = [0, 0]
        self.n_dirty = [0, 0]
        self.n_wild = [0, 0]
        self.mval = [0, 0]
        self.mcards = [0, 0]
        self.down = [False, False]
        self.red_threes = [0, 0]
        self.sbits = [0, 0]

    # ------------------------------------------------------------------ public interface

    @property
    def current_player(self) -> int:
        """Seat to act (0 South, 1 West, 2 North, 3 East)."""
        return self.cur

    @property
    def phase(self) -> str:
        """``"draw"`` or ``"play"``."""
        return PHASE_NAMES[self.phase_id]

    @property
    def round(self) -> int:
        """Current round, 1 to ``rules.rounds`` (the last one once the game is over)."""
        return self.round_no

    @property
    def scores(self) -> tuple[int, int]:
        """Team totals over the finished rounds (team 0 = South/North, team 1 = West/East)."""
        return (self.total[0], self.total[1])

    @property
    def round_results(self) -> list[dict[str, Any]]:
        """One dict per finished round: ``scores``, ``went_out``, ``ended_by`` and a ``breakdown`` per team."""
        return self.results

    @property
    def minimum(self) -> int:
        """Initial-meld minimum of the current round."""
        return self.rules.initial_minimums[self.round_no - 1]

    def held(self, seat: int) -> int:
        """Cards the seat holds, set-aside cards included."""
        t = seat & 1
        return self.htot[seat] + (self.mcards[t] if not self.down[t] and seat == self.cur else 0)

    def winner(self) -> int | None:
        """The winning team once the game is over; ``None`` for a draw or a game in progress."""
        if not self.is_over or self.total[0] == self.total[1]:
            return None
        return 0 if self.total[0] > self.total[1] else 1

    def legal_actions(self) -> list[int]:
        """Ids of the legal actions, ascending; empty once the game is over."""
        m = self._mask
        if m is None:
            m = self._update_legal()
        if m < 4096:
            return [*T0[m]]
        # mask_to_list, written out (this runs once per step)
        return [*T0[m & 4095], *T1[m >> 12 & 4095], *T2[m >> 24 & 4095], *T3[m >> 36 & 4095],
                *T4[m >> 48 & 4095], *T5[m >> 60 & 4095], *T6[m >> 72 & 4095], *T7[m >> 84]]

    def legal_mask(self) -> np.ndarray:
        """int8 mask over all ``NUM_ACTIONS`` actions."""
        mask = self._mask
        if mask is None:
            mask = self._update_legal()
        bits = np.unpackbits(np.frombuffer(mask.to_bytes(MASK_BYTES, "little"), dtype=np.uint8), bitorder="little")
        return bits[:NUM_ACTIONS].view(np.int8)

    def legal_bits(self) -> int:
        """The legal actions as an int bit mask (bit i set when action i is legal)."""
        mask = self._mask
        if mask is None:
            mask = self._update_legal()
        return mask

    def step(self, action: int | str) -> None:
        """Apply one action (id or name); raises ``IllegalActionError`` and changes nothing if it is illegal."""
        mask = self._mask
        if mask is None:
            mask = self._update_legal()
        if action.__class__ is int and action >= 0 and mask >> action & 1:  # the mask has no bit >= NUM_ACTIONS
            a = action
        else:
            a = self._legal_id(action, mask)
        self._mask = None
        self.actions_taken += 1
        _HANDLERS[a](self, a)

    def _legal_id(self, action: Any, mask: int) -> int:
        """The id of an action given by id, name or index, if it is legal; else ``IllegalActionError``."""
        if action.__class__ is int:
            a = action
        elif isinstance(action, str):
            a = action_id(action)
        else:
            try:
                a = action.__index__()
            except AttributeError:
                raise IllegalActionError(f"an action is an id or a name, got {action!r}") from None
        if not 0 <= a < NUM_ACTIONS:
            raise IllegalActionError(f"action id {a} is out of range (0 to {NUM_ACTIONS - 1})")
        if not mask >> a & 1:
            raise IllegalActionError(f"'{action_name(a)}' is not legal now: {self.why_illegal(a)}")
        return a

    def clone(self) -> Game:
        """An independent copy, random generator included."""
        g = Game.__new__(Game)
        for k in _STATE:
            v = getattr(self, k)
            setattr(g, k, [x[:] if isinstance(x, list) else x for x in v] if isinstance(v, list) else v)
        g.rng = copy.deepcopy(self.rng)
        g.results = copy.deepcopy(self.results)
        return g

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return self.to_scenario() == other.to_scenario()

    __hash__ = None  # type: ignore[assignment]

    def to_scenario(self) -> dict[str, Any]:
        """The full state as a scenario dict (see ``load_scenario``); loading it gives an equal game."""
        from .scenario import to_scenario

        return to_scenario(self)

    def view(self, seat: int):
        """What ``seat`` may see (RULES.md section 12), as a read-only ``View``."""
        from .view import make_view

        return make_view(self, seat)

    def __repr__(self) -> str:
        state = "over" if self.is_over else f"{SEAT_NAMES[self.cur]} to {self.phase}"
        return f"<Game round {self.round_no}/{self.rules.rounds}, {state}, scores {self.scores}>"

    # ------------------------------------------------------------------ legality

    def _update_legal(self) -> int:
        if self.is_over:
            self._mask = 0
            return 0
        p = self.cur
        t = p & 1
        down = self.down[t]
        if self.phase_id == DRAW_PHASE:
            m = DRAW_BIT
            pile = self.pile
            if pile:
                top = pile[-1]
                if top != BLACK3 and self.hand[p][top] >= 2 and self._pickup_ok(t, top):
                    m |= PICKUP_BIT
            if not down:
                m |= self.mbits[p] & WILD_FILTER[self.hbits[p] >> TWO & 3]
        else:
            hb = self.hbits[p]
            m = self.mbits[p] & WILD_FILTER[hb >> TWO & 3]
            if not down and self.mcards[t]:
                hb |= self.sbits[t]
                if self.mval[t] >= self.rules.initial_minimums[self.round_no - 1]:
                    m |= LAYDOWN_BIT
            m |= DISCARD_BITS[hb]
        if self.in_foot[p] and self.htot[p] <= 4:
            for a in mask_to_list(m):
                if not self._foot_ok(a, p, t):
                    m &= ~(1 << a)
        self._mask = m
        return m

    def _refresh_ranks(self, p: int, t: int, d: int, bare: bool = False) -> None:
        """Recompute player p's meld/add bits for the ranks set in d (``bare``: against no melds at all)."""
        h = self.hand[p]
        rb = self.rbits[p]
        total = self.mbits[p]
        if d >> WILD_RANK & 1:
            n2 = h[TWO]
            nj = h[JOKER]
            bits = WILD_BITS[TWO_KEY[n2] + JK_KEY[nj] + (1 if self.inc_size[t][WILD_RANK] and not bare else 0)]
            total += bits - rb[WILD_RANK]
            rb[WILD_RANK] = bits
        msc = self.mstate[t] if not bare else _NO_MELDS
        for r in RANKS_OF[d & NATURAL_RANKS]:
            n = h[r]
            bits = NAT_FLAT[r * 12 + NAT_KEY[n] + msc[r]]
            total += bits - rb[r]
            rb[r] = bits
        self.mbits[p] = total

    def _nat_rank(self, p: int, r: int) -> None:
        """Recompute player p's meld/add bits for natural rank r."""
        n = self.hand[p][r]
        bits = NAT_FLAT[r * 12 + NAT_KEY[n] + self.mstate[p & 1][r]]
        rb = self.rbits[p]
        self.mbits[p] += bits - rb[r]
        rb[r] = bits

    def _wild_rank(self, p: int) -> None:
        """Recompute player p's wild-meld bits."""
        h = self.hand[p]
        n2 = h[TWO]
        nj = h[JOKER]
        bits = WILD_BITS[TWO_KEY[n2] + JK_KEY[nj] + (1 if self.inc_size[p & 1][WILD_RANK] else 0)]
        rb = self.rbits[p]
        self.mbits[p] += bits - rb[WILD_RANK]
        rb[WILD_RANK] = bits

    def _hand_changed(self, p: int, k: int) -> None:
        """Keep the incremental legality in step after hand[p][k] changed."""
        if self.hand[p][k]:
            self.hbits[p] |= 1 << k
        else:
            self.hbits[p] &= ~(1 << k)
        if k < NUM_NATURAL:
            self._nat_rank(p, k)
        elif k <= JOKER:
            self._wild_rank(p)

    def _hand_reset(self, p: int, bare: bool = False) -> None:
        """Recompute everything derived from player p's hand after a bulk change."""
        hb = 0
        for n, bit in zip(self.hand[p], KIND_BITS, strict=True):
            if n:
                hb |= bit
        self.hbits[p] = hb
        self._refresh_ranks(p, p & 1, ALL_RANKS, bare)

    def _reset_legality(self) -> None:
        """Recompute every player's bits from scratch (after a scenario load).

        Set-aside melds are the player to act's alone (rule 7.2): the partner's bits stay as if there were
        no melds, as in play, where they follow only when the melds go down (``_reveal_aside``); when the
        melds come back to the hand instead (``_return_aside``) the partner's bits are then already right.
        """
        for p in range(4):
            self._hand_reset(p)
        t = self.cur & 1
        if not self.down[t] and self.mcards[t]:
            self._hand_reset(self.cur ^ 2, bare=True)

    def _pickup_ok(self, t: int, top: int) -> bool:
        """Rules 4.1-4.3 past the pair in hand (which the callers check first): room in the meld, minimum."""
        mr = top if top < NUM_NATURAL else WILD_RANK
        if self.inc_size[t][mr] + 3 > CANASTA_SIZE:
            return False
        return self.down[t] or self.mval[t] + 3 * self.values[top] >= self.rules.initial_minimums[self.round_no - 1]

    def _can_go_out(self, p: int, clean: int, dirty: int, wild: int) -> bool:
        r = self.rules
        return (self.in_foot[p] and (not r.partner_in_foot or self.in_foot[partner_of(p)])
                and clean >= r.clean_needed and dirty >= r.dirty_needed and wild >= r.wild_needed)

    def _completion(self, t: int, r: int, two: int, jk: int) -> tuple[int, int, int]:
        """Canasta counts by kind if adding (two, jk) wild cards completes the meld of rank r now."""
        if r == WILD_RANK:
            return (0, 0, 1)
        return (1, 0, 0) if self.inc_two[t][r] + self.inc_jk[t][r] + two + jk == 0 else (0, 1, 0)

    def _foot_ok(self, a: int, p: int, t: int) -> bool:
        """Rule 8.3: a player in their foot keeps at least one card after discarding unless going out."""
        typ = ACTION_TYPE[a]
        down = self.down[t]
        aside = 0 if down else self.mcards[t]
        clean, dirty, wild = (self.n_clean[t], self.n_dirty[t], self.n_wild[t]) if down else (0, 0, 0)
        hand = self.htot[p]
        if typ == DRAW:
            return True
        if typ == DISCARD:
            left = hand + aside - 1
            return left >= 1 or self._can_go_out(p, clean, dirty, wild)
        if typ == MELD:
            if not down:
                return True
            left = hand - 3
        elif typ == ADD:
            if not down:
                return True
            left = hand - 1
            r = ACTION_RANK[a]
            if self.inc_size[t][r] + 1 == CANASTA_SIZE:
                c, d, w = self._completion(t, r, ACTION_TWO[a], ACTION_JK[a])
                clean, dirty, wild = clean + c, dirty + d, wild + w
        else:
            if not down:
                clean, dirty, wild = self.n_clean[t], self.n_dirty[t], self.n_wild[t]  # set-aside canastas
            if typ == LAYDOWN:
                left = hand
            else:  # pickup
                left = hand - 2 + min(self.rules.pile_take, len(self.pile)) - 1
                top = self.pile[-1]
                mr = top if top < NUM_NATURAL else WILD_RANK
                if self.inc_size[t][mr] + 3 == CANASTA_SIZE:
                    c, d, w = self._completion(t, mr, 0, 0)
                    clean, dirty, wild = clean + c, dirty + d, wild + w
        return left >= 2 or self._can_go_out(p, clean, dirty, wild)

    def _aside_counts(self, t: int) -> list[int]:
        """Counts per kind of the cards in partnership t's meld structure (set-aside or table)."""
        counts = [0] * NUM_KINDS
        for r in range(12):
            if self.inc_size[t][r]:
                if r < NUM_NATURAL:
                    counts[r] += self.inc_nat[t][r]
                counts[TWO] += self.inc_two[t][r]
                counts[JOKER] += self.inc_jk[t][r]
        for r, nat, two, jk in self.canastas[t]:
            if r < NUM_NATURAL:
                counts[r] += nat
            counts[TWO] += two
            counts[JOKER] += jk
        return counts

    def why_illegal(self, a: int) -> str:
        """Why action ``a`` is refused now, citing the rule; '' if it is legal."""
        from .explain import why_illegal

        return why_illegal(self, a)

    # ------------------------------------------------------------------ actions

    def _do_draw(self, a: int = DRAW_ID) -> None:
        p = self.cur
        stock = self.stock
        if not stock:
            self._end_round(None, "stock")  # rule 3.2 / 10.1
            return
        count = self.rules.draw_count
        if count == 2 and len(stock) >= 2 and stock[-1] != RED3 and stock[-2] != RED3:
            # The usual draw of two cards, no red three: the loop below, unrolled.
            c1 = stock.pop()
            c2 = stock.pop()
            h = self.hand[p]
            rb = self.rbits[p]
            t = p & 1
            msc = self.mstate[t]
            total = self.mbits[p]
            n = h[c1] = h[c1] + 1
            if c1 < NUM_NATURAL:
                bits = NAT_FLAT[c1 * 12 + NAT_KEY[n] + msc[c1]]
                total += bits - rb[c1]
                rb[c1] = bits
            n = h[c2] = h[c2] + 1
            if c2 < NUM_NATURAL:
                bits = NAT_FLAT[c2 * 12 + NAT_KEY[n] + msc[c2]]
                total += bits - rb[c2]
                rb[c2] = bits
            if c1 == TWO or c1 == JOKER or c2 == TWO or c2 == JOKER:  # _wild_rank(p), written out
                bits = WILD_BITS[TWO_KEY[h[TWO]] + JK_KEY[h[JOKER]] + (1 if self.inc_size[t][WILD_RANK] else 0)]
                total += bits - rb[WILD_RANK]
                rb[WILD_RANK] = bits
            self.mbits[p] = total
            hb = self.hbits[p] = self.hbits[p] | KIND_BITS[c1] | KIND_BITS[c2]
            held = self.htot[p] = self.htot[p] + 2
            self.phase_id = PLAY_PHASE
            if held <= 4 and self.in_foot[p]:
                if not self._update_legal():
                    self._end_round(None, "no_action")  # rule 8.4
                return
            m = total & WILD_FILTER[hb >> TWO & 3]
            if not self.down[t] and self.mcards[t]:  # melds set aside before the draw
                hb |= self.sbits[t]
                if self.mval[t] >= self.rules.initial_minimums[self.round_no - 1]:
                    m |= LAYDOWN_BIT
            self._mask = m | DISCARD_BITS[hb]
            return
        drawn = stock[-count:]  # the top cards, as many as there are
        if RED3 in drawn:
            self._draw_one_by_one(p, count)  # rule 3.5
        else:
            del stock[-count:]
            h = self.hand[p]
            rb = self.rbits[p]
            msc = self.mstate[p & 1]
            hb = self.hbits[p]
            total = self.mbits[p]
            wild = False
            for card in drawn:  # _hand_changed for each card, written out
                n = h[card] = h[card] + 1
                hb |= 1 << card
                if card < NUM_NATURAL:
                    bits = NAT_FLAT[card * 12 + NAT_KEY[n] + msc[card]]
                    total += bits - rb[card]
                    rb[card] = bits
                elif card <= JOKER:
                    wild = True
            self.htot[p] += len(drawn)
            self.hbits[p] = hb
            self.mbits[p] = total
            if wild:
                self._wild_rank(p)
        self.phase_id = PLAY_PHASE
        if self.in_foot[p] and self.htot[p] <= 4:
            if not self._update_legal():
                self._end_round(None, "no_action")  # rule 8.4
            return
        # _update_legal's play mask, written out here.
        hb = self.hbits[p]
        m = self.mbits[p] & WILD_FILTER[hb >> TWO & 3]
        t = p & 1
        if not self.down[t] and self.mcards[t]:  # melds set aside before the draw
            hb |= self.sbits[t]
            if self.mval[t] >= self.rules.initial_minimums[self.round_no - 1]:
                m |= LAYDOWN_BIT
        self._mask = m | DISCARD_BITS[hb]

    def _draw_one_by_one(self, p: int, count: int) -> None:
        """Draw ``count`` cards; a red three drawn is laid down and replaced (rule 3.5)."""
        stock = self.stock
        for _ in range(count):
            if not stock:
                break
            if stock[-1] == RED3:
                self._receive_from_stock(p)
                continue
            card = stock.pop()
            self.hand[p][card] += 1
            self.htot[p] += 1
            self._hand_changed(p, card)

    def _receive_from_stock(self, p: int) -> None:
        """Rule 3.5: a red three is laid down and replaced; with an empty stock, not replaced."""
        stock = self.stock
        card = stock.pop()
        while card == RED3:
            self.red_threes[p & 1] += 1
            if not stock:
                return
            card = stock.pop()
        self.hand[p][card] += 1
        self.htot[p] += 1
        self._hand_changed(p, card)

    def _do_pickup(self, a: int = PICKUP_ID) -> None:
        p = self.cur
        t = p & 1
        h = self.hand[p]
        mem = self.memory[p]
        pile = self.pile
        take = min(self.rules.pile_take, len(pile))
        taken = pile[len(pile) - take:]
        del pile[len(pile) - take:]
        top = taken.pop()
        h[top] -= 2
        self.htot[p] -= 2
        mem[top] = max(0, mem[top] - 2)
        if not self.down[t]:  # rule 7.3: the set-aside melds go down with the pickup
            self._reveal_aside(p, t)
        mr = top if top < NUM_NATURAL else WILD_RANK
        if mr == WILD_RANK:
            self._meld_into(t, mr, 0, 3 if top == TWO else 0, 3 if top == JOKER else 0)
        else:
            self._meld_into(t, mr, 3, 0, 0)
        kb = KIND_BITS[top]
        for k in taken:
            h[k] += 1
            mem[k] += 1
            kb |= KIND_BITS[k]
        self.htot[p] += len(taken)
        # The bits of every other rank are up to date: refresh only the kinds taken (and the top's rank).
        self.hbits[p] = sum(compress(KIND_BITS, h))
        self._refresh_ranks(p, t, (kb & NATURAL_RANKS) | (1 << WILD_RANK if kb >> TWO & 3 else 0))
        self.phase_id = PLAY_PHASE
        self._after_play_action()

    def _do_meld(self, a: int) -> None:
        """Meld or add: the cards go from the hand to the partnership's meld of their rank (rules 5, 7.2).

        This is the most frequent action, so the usual case, a natural meld that stays incomplete, is
        ``_meld_into`` written out inline; a wild meld or a completed canasta goes through ``_meld_into``.
        """
        r, nat, two, jk, n, kinds = MELD_ARGS[a]
        p = self.cur
        t = p & 1
        h = self.hand[p]
        hb = self.hbits[p]
        if nat:
            x = h[r] = h[r] - nat
            if not x:
                hb ^= 1 << r
        if two:
            x = h[TWO] = h[TWO] - two
            if not x:
                hb ^= 1 << TWO
        if jk:
            x = h[JOKER] = h[JOKER] - jk
            if not x:
                hb ^= 1 << JOKER
        self.hbits[p] = hb
        htot = self.htot
        held = htot[p] = htot[p] - n
        down = self.down[t]
        if down:
            mem = self.memory[p]
            if nat and mem[r]:
                mem[r] = max(0, mem[r] - nat)
            if two and mem[TWO]:
                mem[TWO] = max(0, mem[TWO] - two)
            if jk and mem[JOKER]:
                mem[JOKER] = max(0, mem[JOKER] - jk)
        isize = self.inc_size[t]
        size = isize[r] + n
        if r == WILD_RANK or size == CANASTA_SIZE:
            self._meld_into(t, r, nat, two, jk)
            if (two or jk) and r != WILD_RANK:
                self._wild_rank(p)  # the wild cards held changed too
        else:  # _meld_into for an incomplete natural meld
            self.mval[t] += self.meld_values[a]
            self.mcards[t] += n
            self.sbits[t] |= kinds
            isize[r] = size
            inat = self.inc_nat[t]
            cn = inat[r] = inat[r] + nat
            if two:
                self.inc_two[t][r] += two
            if jk:
                self.inc_jk[t][r] += jk
            state = self.mstate[t][r] = 2 if cn >= 2 * (size - cn + 1) else 1
            base = r * 12 + state
            # Rank r's bits: this player's, and the partner's for a table meld (a set-aside meld is this
            # player's alone; the partner's bits follow at _reveal_aside or _return_aside).
            rbits = self.rbits
            mbits = self.mbits
            c = h[r]
            bits = NAT_FLAT[base + NAT_KEY[c]]
            rb = rbits[p]
            total = mbits[p] + bits - rb[r]
            rb[r] = bits
            if two or jk:  # the wild cards held changed too: _wild_rank(p)
                n2 = h[TWO]
                nj = h[JOKER]
                bits = WILD_BITS[TWO_KEY[n2] + JK_KEY[nj] + (1 if isize[WILD_RANK] else 0)]
                total += bits - rb[WILD_RANK]
                rb[WILD_RANK] = bits
            mbits[p] = total
            if down:
                q = p ^ 2
                c = self.hand[q][r]
                bits = NAT_FLAT[base + NAT_KEY[c]]
                rb = rbits[q]
                mbits[q] += bits - rb[r]
                rb[r] = bits
        if self.in_foot[p] and held <= 4:
            if down:
                self._after_play_action()  # going out, or rule 8.4
            return  # the mask (with rule 8.3) is left to _update_legal
        if down and held == 0:
            self._after_play_action()  # the foot is picked up (rule 6.1)
            return
        # A set-aside meld keeps the cards held: nothing else can change (rule 7.2).
        if self.phase_id == DRAW_PHASE:  # a meld set aside before the draw (so not down)
            m = DRAW_BIT
            pile = self.pile
            if pile:
                top = pile[-1]
                if top != BLACK3 and h[top] >= 2 and self._pickup_ok(t, top):
                    m |= PICKUP_BIT
            self._mask = m | self.mbits[p] & WILD_FILTER[hb >> TWO & 3]
            return
        # _update_legal's play mask, written out here.
        m = self.mbits[p] & WILD_FILTER[hb >> TWO & 3]
        if not down:  # the set-aside cards count for the discards and the laydown
            hb |= self.sbits[t]
            if self.mval[t] >= self.rules.initial_minimums[self.round_no - 1]:
                m |= LAYDOWN_BIT
        self._mask = m | DISCARD_BITS[hb]

    def _meld_into(self, t: int, r: int, nat: int, two: int, jk: int) -> None:
        values = self.values
        self.mval[t] += nat * values[r] + two * values[TWO] + jk * values[JOKER]
        self.mcards[t] += nat + two + jk
        sb = self.sbits[t]
        if nat:
            sb |= 1 << r
        if two:
            sb |= 1 << TWO
        if jk:
            sb |= 1 << JOKER
        self.sbits[t] = sb
        isize = self.inc_size[t]
        inat = self.inc_nat[t]
        size = isize[r] + nat + two + jk
        if size == CANASTA_SIZE:
            i2 = self.inc_two[t]
            ij = self.inc_jk[t]
            c2 = i2[r] + two
            cj = ij[r] + jk
            self._record_canasta(t, r, inat[r] + nat, c2, cj)
            inat[r] = i2[r] = ij[r] = isize[r] = self.mstate[t][r] = 0
        else:
            isize[r] = size
            cn = inat[r] = inat[r] + nat
            if two:
                self.inc_two[t][r] += two
            if jk:
                self.inc_jk[t][r] += jk
            self.mstate[t][r] = 2 if cn >= 2 * (size - cn + 1) else 1
        # Set-aside melds are the acting player's alone: the partner's bits follow when they go down
        # (_reveal_aside) or come back to the hand (_return_aside).
        seats = (self.cur,) if not self.down[t] and self.cur & 1 == t else (t, t + 2)
        if r == WILD_RANK:
            for q in seats:
                self._wild_rank(q)
        else:
            base = r * 12 + self.mstate[t][r]
            for q in seats:
                n = self.hand[q][r]
                bits = NAT_FLAT[base + NAT_KEY[n]]
                rb = self.rbits[q]
                self.mbits[q] += bits - rb[r]
                rb[r] = bits

    def _record_canasta(self, t: int, r: int, nat: int, two: int, jk: int) -> None:
        self.canastas[t].append((r, nat, two, jk))
        if r == WILD_RANK:
            self.n_wild[t] += 1
        elif two + jk:
            self.n_dirty[t] += 1
        else:
            self.n_clean[t] += 1

    def _place_canasta(self, t: int, r: int, nat: int, two: int, jk: int) -> None:
        """Put a complete canasta in partnership t's melds, beside any incomplete meld of its rank."""
        values = self.values
        self.mval[t] += nat * values[r] + two * values[TWO] + jk * values[JOKER]
        self.mcards[t] += nat + two + jk
        self.sbits[t] |= (1 << r if nat else 0) | (1 << TWO if two else 0) | (1 << JOKER if jk else 0)
        self._record_canasta(t, r, nat, two, jk)

    def _reveal_aside(self, p: int, t: int) -> None:
        """The set-aside melds become the partnership's table melds (rules 7.2, 7.3)."""
        if self.mcards[t]:
            mem = self.memory[p]
            for k, n in enumerate(self._aside_counts(t)):
                if n and mem[k]:
                    mem[k] = max(0, mem[k] - n)
            sb = self.sbits[t]
            self._refresh_ranks(partner_of(p), t, (sb & NATURAL_RANKS) | (1 << WILD_RANK if sb >> TWO & 3 else 0))
        self.down[t] = True

    def _do_laydown(self, a: int = LAYDOWN_ID) -> None:
        p = self.cur
        t = p & 1
        self._reveal_aside(p, t)
        self._after_play_action()

    def _return_aside(self, p: int, t: int) -> None:
        """Rule 7.2: a discard first returns every set-aside card to the hand."""
        h = self.hand[p]
        inat, i2, ij, isize, msc = self.inc_nat[t], self.inc_two[t], self.inc_jk[t], self.inc_size[t], self.mstate[t]
        sb = self.sbits[t]
        if self.canastas[t]:
            for r, nat, two, jk in self.canastas[t]:
                if r < NUM_NATURAL:
                    h[r] += nat
                h[TWO] += two
                h[JOKER] += jk
            self.canastas[t] = []
            self.n_clean[t] = self.n_dirty[t] = self.n_wild[t] = 0
        # Only the ranks whose cards were set aside change, and only for this player: the partner's bits
        # never saw the set-aside melds (see _meld_into and _reset_legality). _refresh_ranks, written out.
        rb = self.rbits[p]
        total = self.mbits[p]
        for r in RANKS_OF[sb & NATURAL_RANKS]:
            if isize[r]:
                h[r] += inat[r]
                h[TWO] += i2[r]
                h[JOKER] += ij[r]
                inat[r] = i2[r] = ij[r] = isize[r] = msc[r] = 0
            bits = NAT_FLAT[r * 12 + NAT_KEY[h[r]] + msc[r]]
            total += bits - rb[r]
            rb[r] = bits
        if isize[WILD_RANK]:
            h[TWO] += i2[WILD_RANK]
            h[JOKER] += ij[WILD_RANK]
            i2[WILD_RANK] = ij[WILD_RANK] = isize[WILD_RANK] = msc[WILD_RANK] = 0
        if sb >> TWO & 3:
            bits = WILD_BITS[TWO_KEY[h[TWO]] + JK_KEY[h[JOKER]]]  # no wild meld is left open
            total += bits - rb[WILD_RANK]
            rb[WILD_RANK] = bits
        self.mbits[p] = total
        self.htot[p] += self.mcards[t]
        self.mval[t] = self.mcards[t] = 0
        self.sbits[t] = 0
        self.hbits[p] |= sb

    def _do_discard(self, a: int) -> None:
        k = ACTION_CARD[a]
        p = self.cur
        t = p & 1
        if not self.down[t] and self.mcards[t]:
            self._return_aside(p, t)
        h = self.hand[p]
        c = h[k] = h[k] - 1
        if not c:
            self.hbits[p] ^= 1 << k
        if k < NUM_NATURAL:
            bits = NAT_FLAT[k * 12 + NAT_KEY[c] + self.mstate[t][k]]
            rb = self.rbits[p]
            self.mbits[p] += bits - rb[k]
            rb[k] = bits
        elif k <= JOKER:  # _wild_rank(p), written out
            bits = WILD_BITS[TWO_KEY[h[TWO]] + JK_KEY[h[JOKER]] + (1 if self.inc_size[t][WILD_RANK] else 0)]
            rb = self.rbits[p]
            self.mbits[p] += bits - rb[WILD_RANK]
            rb[WILD_RANK] = bits
        self.pile.append(k)
        mem = self.memory[p]
        if mem[k]:
            mem[k] -= 1
        htot = self.htot
        held = htot[p] = htot[p] - 1
        if held == 0 and self.in_foot[p]:
            self._end_round(p, "went_out")  # rule 8.2: the legality check made sure they may
            return
        # An emptied hand (not foot) waits for the next turn: rule 6.2.
        q = (p + 1) & 3  # left_of(p)
        self.cur = q
        self.phase_id = DRAW_PHASE
        if self.in_foot[q]:
            if htot[q] <= 4:
                return  # the mask (with rule 8.3) is left to _update_legal
        elif htot[q] == 0:
            self._pick_up_foot(q)  # rule 3.1
            return
        # _update_legal's draw mask for the next player, written out here; the pile's top is k.
        m = DRAW_BIT
        t = q & 1
        down = self.down[t]
        if k != BLACK3 and self.hand[q][k] >= 2:  # _pickup_ok(t, k), written out
            if self.inc_size[t][k if k < NUM_NATURAL else WILD_RANK] + 3 <= CANASTA_SIZE and (
                    down or self.mval[t] + 3 * self.values[k] >= self.rules.initial_minimums[self.round_no - 1]):
                m |= PICKUP_BIT
        if not down:
            m |= self.mbits[q] & WILD_FILTER[self.hbits[q] >> TWO & 3]
        self._mask = m

    def _after_play_action(self) -> None:
        """After a play that may empty the held cards: foot pickup (6.1), going out (8.2), or 8.4."""
        p = self.cur
        t = p & 1
        held = self.htot[p] + (0 if self.down[t] else self.mcards[t])
        if held == 0:
            if self.in_foot[p]:
                self._end_round(p, "went_out")
                return
            self._pick_up_foot(p)
        # Rule 8.4: only a player in their foot with few cards can be left without a legal action.
        if self.in_foot[p] and self.htot[p] <= 4 and self.phase_id == PLAY_PHASE and not self._update_legal():
            self._end_round(None, "no_action")

    def _pick_up_foot(self, p: int) -> None:
        """Rules 3.1, 3.5, 6.1: the foot becomes the hand; its red threes are laid down and replaced."""
        foot = self.foot[p]
        h = self.hand[p]
        n3 = foot[RED3]
        foot[RED3] = 0
        for k in range(NUM_KINDS):
            if foot[k]:
                h[k] += foot[k]
                self.htot[p] += foot[k]
                foot[k] = 0
        self.in_foot[p] = True
        self._hand_reset(p)
        for _ in range(n3):
            self.red_threes[p & 1] += 1
            if self.stock:
                self._receive_from_stock(p)
        self._mask = None

    # ------------------------------------------------------------------ rounds

    def _end_round(self, went_out: int | None, ended_by: str) -> None:
        r = self.rules
        breakdown = score_round(self, went_out)
        scores = (breakdown[0]["total"], breakdown[1]["total"])
        self.total[0] += scores[0]
        self.total[1] += scores[1]
        self.results.append({"round": self.round_no, "scores": scores, "went_out": went_out,
                             "ended_by": ended_by, "breakdown": breakdown})
        self._mask = None
        if self.round_no >= r.rounds:
            self.is_over = True
        else:
            self.round_no += 1
            self.dealer = left_of(self.dealer)
            self._deal()

    def _deal(self) -> None:
        """Rules 2.1-2.4: shuffle, deal hands and feet, turn the pile's first card, lay down red threes."""
        r = self.rules
        stock: list[int] = self.rng.permutation(_deck(r.decks)).tolist()
        self.hand = [[0] * NUM_KINDS for _ in range(4)]
        self.foot = [[0] * NUM_KINDS for _ in range(4)]
        self.in_foot = [False] * 4
        self.memory = [[0] * NUM_KINDS for _ in range(4)]
        self._reset_table()
        first = left_of(self.dealer)
        order = [first, left_of(first), left_of(left_of(first)), left_of(left_of(left_of(first)))]
        # Each player in turn takes the next hand_size cards off the top (the list's end), then each the
        # next foot_size cards: counted from slices, the same cards as popping them one at a time.
        n = len(stock)
        for piles, size in ((self.hand, r.hand_size), (self.foot, r.foot_size)):
            for p in order:
                counts = piles[p]
                for k in stock[n - size:n]:
                    counts[k] += 1
                n -= size
        del stock[n:]
        self.htot = [sum(h) for h in self.hand]
        # Rule 2.3: a red three or wild card turned up goes back into the stock at a random position.
        while True:
            card = stock.pop()
            if card != RED3 and card != TWO and card != JOKER:
                break
            stock.insert(int(self.rng.integers(0, len(stock) + 1)), card)
        self.pile = [card]
        self.stock = stock
        for p in order:  # rule 2.4
            while self.hand[p][RED3]:
                self.hand[p][RED3] -= 1
                self.htot[p] -= 1
                self.red_threes[p & 1] += 1
                if stock:
                    self._receive_from_stock(p)
        # _hand_reset for each fresh hand, written out: no melds yet, so every meld state is 0.
        for p in range(4):
            h = self.hand[p]
            self.hbits[p] = sum(compress(KIND_BITS, h))
            rb = self.rbits[p] = [NAT_FLAT[b + NAT_KEY[n]] for b, n in zip(_RANK_BASES, h, strict=False)]
            rb.append(WILD_BITS[TWO_KEY[h[TWO]] + JK_KEY[h[JOKER]]])
            self.mbits[p] = sum(rb)
        self.cur = first
        self.phase_id = DRAW_PHASE
        self._mask = None


_STATE = tuple(k for k in Game.__slots__ if k != "__weakref__")

# step() dispatches on the action id through this table: one lookup instead of a chain of type tests.
_HANDLERS = [
    {DRAW: Game._do_draw, PICKUP: Game._do_pickup, MELD: Game._do_meld, ADD: Game._do_meld,
     LAYDOWN: Game._do_laydown, DISCARD: Game._do_discard}[ACTION_TYPE[a]]
    for a in range(NUM_ACTIONS)
]


def new_game(seed: int | None = None, rules: Rules | None = None, daily: _dt.date | str | None = None) -> Game:
    """A new game dealt from ``seed`` (fresh entropy if None), or the daily game of a date."""
    if daily is not None:
        if seed is not None:
            raise ValueError("new_game: give either seed or daily, not both")
        seed = daily_seed(daily)
    elif seed is None:
        seed = fresh_seed()
    elif isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or seed < 0:
        raise ValueError(f"new_game: seed must be a non-negative integer, got {seed!r}")
    g = Game(rules, int(seed))
    g.dealer = int(g.rng.integers(0, 4))  # rule 2.1
    g._deal()
    return g


def card_total(game: Game) -> int:
    """Every card of the game, wherever it is; the deck size when the state is consistent."""
    n = len(game.stock) + len(game.pile) + sum(game.htot) + sum(sum(f) for f in game.foot)
    n += game.mcards[0] + game.mcards[1] + game.red_threes[0] + game.red_threes[1]
    return n
