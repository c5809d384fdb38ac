"""The ``expert`` scripted player and the view-decoding helpers it shares with the other bots.

Everything here reads only a ``View`` (one seat's information set), so a bot built on it cannot cheat.
"""

from __future__ import annotations

from math import exp

import numpy as np

from ...family.cards import BLACK3, JOKER, NUM_KINDS, NUM_NATURAL, RED3, TWO, WILD_RANK, deck_counts
from ...family.seats import left_of, partner_of
from ..actions import ADD_BASE, ADD_WILD_BASE, DISCARD_ID, DRAW_ID, LAYDOWN_ID, MELD_BASE, PICKUP_ID, WILD_MELD_BASE
from ..engine import View
from ..melds import melds_value
from ..rules import CANASTA_SIZE
from .base import check_legal

Plan = list[int]
_WILD_VARIANTS = ((3, 0), (2, 1), (1, 2), (0, 3))  # (twos, jokers) of the four wild-meld actions


def incomplete_melds(melds: tuple) -> dict[int, tuple[int, int, int, int]]:
    """Incomplete melds by rank: rank -> (naturals, twos, jokers, size)."""
    return {r: (n, t, j, n + t + j) for r, n, t, j in melds if n + t + j < CANASTA_SIZE}


def _wild_meld_action(n2: int, nj: int) -> int:
    """The wild-meld action that uses twos before jokers, given the wild cards available (3+ in all)."""
    for i, (two, jk) in enumerate(_WILD_VARIANTS):
        if n2 >= two and nj >= jk:
            return WILD_MELD_BASE + i
    raise AssertionError("a wild meld needs three wild cards")


def plan_initial(hand: list[int], need: int, aside: dict, values: tuple[int, ...],
                 use_pairs: bool = True) -> Plan | None:
    """Set-aside actions worth at least ``need`` (naturals first, then wild cards), or None if impossible.

    Options, cheapest in wild cards first: natural groups only; plus a wild meld of every wild card;
    plus pairs each completed by one wild card (best pairs first) and a wild meld of what is left.
    """
    base: Plan = []
    got = 0
    for r in range(NUM_NATURAL):
        c = hand[r]
        if r in aside:
            take = min(c, CANASTA_SIZE - aside[r][3])
            base += [ADD_BASE + 3 * r] * take
            got += take * values[r]
        elif c >= 3:
            take = min(c, CANASTA_SIZE)
            base += [MELD_BASE + 3 * r] + [ADD_BASE + 3 * r] * (take - 3)
            got += take * values[r]
    if got >= need:
        return base
    n2, nj = hand[TWO], hand[JOKER]

    def wild_part(n2: int, nj: int) -> tuple[Plan, int]:
        """Actions and value of melding every wild card left into the wild meld."""
        acts: Plan = []
        if WILD_RANK in aside:
            room = CANASTA_SIZE - aside[WILD_RANK][3]
        elif n2 + nj >= 3:
            room = CANASTA_SIZE
            acts.append(_wild_meld_action(n2, nj))
            two, jk = _WILD_VARIANTS[acts[0] - WILD_MELD_BASE]
            n2, nj, room = n2 - two, nj - jk, 4
        else:
            return acts, 0
        used2 = min(n2, room)
        usedj = min(nj, room - used2)
        acts += [ADD_WILD_BASE] * used2 + [ADD_WILD_BASE + 1] * usedj
        return acts, _wild_value(acts, values)

    acts, val = wild_part(n2, nj)
    if acts and got + val >= need:
        return base + acts
    if not use_pairs:
        return None
    pairs = sorted((r for r in range(NUM_NATURAL) if hand[r] == 2 and r not in aside), key=lambda r: -values[r])
    extra: Plan = []
    for r in pairs:
        if got >= need or n2 + nj == 0:
            break
        if n2:
            extra.append(MELD_BASE + 3 * r + 1)
            n2 -= 1
            got += 2 * values[r] + values[TWO]
        else:
            extra.append(MELD_BASE + 3 * r + 2)
            nj -= 1
            got += 2 * values[r] + values[JOKER]
    acts, val = wild_part(n2, nj)
    if got + val >= need:
        return base + extra + acts
    return None


def _wild_value(acts: Plan, values: tuple[int, ...]) -> int:
    """Card value of the wild cards that a list of wild-meld actions uses."""
    total = 0
    for a in acts:
        if a >= ADD_WILD_BASE:
            total += values[TWO] if a == ADD_WILD_BASE else values[JOKER]
        else:
            two, jk = _WILD_VARIANTS[a - WILD_MELD_BASE]
            total += two * values[TWO] + jk * values[JOKER]
    return total


class ExpertBot:
    """The strongest scripted player we have; deterministic, decides from the view alone.

    Strategy, in the order it is applied each turn:

    1. Draw step. Take the pile whenever it may: the pickup melds three cards and brings up to six more.
       Before the partnership's initial meld, if it holds the pair for the top card but the pickup alone
       is below the minimum, it first sets aside melds (natural groups, then a wild meld) so that the
       pickup reaches the minimum and goes down with it.
    2. Initial meld. As soon as its natural groups (plus, if needed, a wild meld of its wild cards) reach
       the minimum it sets them aside and lays down. It does not pair naturals with wild cards to get
       down: the partner's lay-down or a pickup usually comes soon, and the wild cards are worth more
       in the wild canasta.
    3. Naturals. Adds every natural it can to the partnership's melds and melds every natural triple:
       melded cards score, held cards cost, and an empty hand brings the foot (the partner cannot go
       out before this player is in the foot).
    4. Wild cards are saved for the wild canasta (1500, worth three clean canastas): every two and joker
       goes to the partnership's wild meld (started with three wild cards). It spends one on a natural
       meld only (a) when melding its pairs with wild cards empties the hand (but for the discard), which
       brings the foot, or out, sooner; (b) to finish a dirty canasta the partnership still needs for
       going out, once both partners are in their feet; (c) on pairs in the last 20 cards of the stock,
       when held cards are about to cost their value. It never adds a wild card to a clean meld
       otherwise: that spoils a 500-point clean canasta into a 300-point dirty one and takes a card from
       the wild canasta. Together this plans toward the two clean, two dirty and one wild canastas
       needed to go out, with as many wild canastas as the partnership can build.
    5. Pairs are kept (not discarded) so it can take the pile when an opponent discards that rank.
    6. Discard: never a wild card if avoidable; a black three first, whatever the size of the pile (it
       blocks the next player from the pile, and holding it back for a bigger pile measured worse);
       otherwise the card that the next opponent is least likely to pick the pile up with: not a rank
       they hold two of by the public memory, not a rank they are melding, and preferably one of which
       few are unseen (estimated from every card this seat has seen).
    7. Going out: it melds everything it can, so when the partnership has the canastas and both partners
       are in their feet it goes out as soon as its cards allow (going out pays 100, stops the opponents
       from melding their hands and charges them for what they hold).

    Each choice was measured against variants of this bot on duplicate deals (the figures are in
    ``benchmarks/RESULTS.md``, "Tuning the expert"): pair keeping, the discard-danger estimate,
    completing needed dirty canastas only in the feet, not pairing naturals with wild cards for the
    initial meld, and emptying the hand with wild cards before feeding the wild meld each paid. Holding a
    pair back from a small meld to take the pile, saving black threes for big piles, declining small
    piles, or declining to go out unless ahead on the table, did not pay.
    The keyword arguments are these tuning knobs; the defaults are the measured best.
    """

    name = "expert"

    def __init__(self, seed: int | None = None, pair_keep: float = 35.0,
                 danger_scale: float = 1.0, empty_slack: int = 1, shed_stock: int = 20,
                 init_pairs: bool = False, shed_value: float = 0.0, complete_dirty: int = 2) -> None:
        self.rng = np.random.default_rng(seed)  # unused: the strategy is deterministic
        self.pair_keep = pair_keep
        self.danger_scale = danger_scale
        self.empty_slack = empty_slack  # cards that may stay in hand when wild cards are spent to empty it
        self.shed_stock = shed_stock  # with this few stock cards left, meld pairs with wild cards anyway
        self.init_pairs = init_pairs  # may pairs with a wild card count toward the initial meld
        self.shed_value = shed_value  # preference for discarding valuable cards (they cost if held)
        self.complete_dirty = complete_dirty  # finish a needed dirty canasta with a wild card: 0 never,
        # 1 always, 2 once both partners are in their feet

    def act(self, view: View) -> int:
        """The expert's choice for ``view``."""
        legal = check_legal(view, "ExpertBot")
        if len(legal) == 1:
            return int(legal[0])
        ls = set(legal)
        hand = view.hand.tolist()
        team = view.seat & 1
        values = view.rules.card_values
        if view.down[team]:
            a = self._table_play(view, ls, hand, team) if view.phase == "play" else None
            if view.phase == "draw":
                return PICKUP_ID if PICKUP_ID in ls else DRAW_ID
        else:
            a = self._initial(view, ls, hand, values)
        if a is not None and a in ls:
            return a
        if view.phase == "draw":
            return DRAW_ID
        return self._discard(view, ls, hand, values)

    # -------------------------------------------------------------- before the initial meld

    def _initial(self, view: View, ls: set[int], hand: list[int], values: tuple[int, ...]) -> int | None:
        """Set-aside, pickup or laydown toward the initial meld; None to draw or discard instead."""
        aside = incomplete_melds(view.set_aside)
        have = melds_value(view.set_aside, values)
        if view.phase == "draw":
            if PICKUP_ID in ls:
                return PICKUP_ID
            top = view.pile_top
            if top is None or top == BLACK3 or hand[top] < 2:
                return None
            if WILD_RANK in aside or (top < NUM_NATURAL and top in aside):
                return None
            rest = hand[:]
            if top < NUM_NATURAL:
                rest[top] = 0
            else:  # keep every wild card out of the plan: the pickup makes the wild meld
                rest[TWO] = rest[JOKER] = 0
            plan = plan_initial(rest, view.minimum - have - 3 * values[top], aside, values, self.init_pairs)
            return plan[0] if plan else None
        if LAYDOWN_ID in ls:
            return LAYDOWN_ID
        plan = plan_initial(hand, view.minimum - have, aside, values, self.init_pairs)
        return plan[0] if plan else None

    # -------------------------------------------------------------- on the table

    def _table_play(self, view: View, ls: set[int], hand: list[int], team: int) -> int | None:
        """A meld or add worth making now, or None to discard."""
        inc = incomplete_melds(view.melds[team])
        for r in range(NUM_NATURAL):
            if hand[r] and r in inc and ADD_BASE + 3 * r in ls:
                return ADD_BASE + 3 * r
        for r in range(NUM_NATURAL):
            if hand[r] >= 3 and MELD_BASE + 3 * r in ls:
                return MELD_BASE + 3 * r
        n2, nj = hand[TWO], hand[JOKER]
        if n2 + nj:
            rules = view.rules
            clean, dirty, _ = view.canastas(team)
            # A wild card that completes a needed dirty canasta, without spoiling a needed clean one.
            cd = self.complete_dirty
            if dirty < rules.dirty_needed and (cd == 1 or cd == 2 and view.in_foot[view.seat]
                                               and view.in_foot[partner_of(view.seat)]):
                for r, (_, t, j, size) in inc.items():
                    if r < NUM_NATURAL and size == 6 and (t + j or clean >= rules.clean_needed):
                        for a in (ADD_BASE + 3 * r + 1, ADD_BASE + 3 * r + 2):
                            if a in ls:
                                return a
            # Before feeding the wild meld: a wild card that gets this player into the foot (or out).
            a = self._empty_with_wilds(view, ls, hand, team, inc)
            if a is not None:
                return a
            if WILD_RANK in inc:
                for a in (ADD_WILD_BASE, ADD_WILD_BASE + 1):
                    if a in ls:
                        return a
            elif n2 + nj >= 3:
                a = _wild_meld_action(n2, nj)
                if a in ls:
                    return a
            if view.stock_size <= self.shed_stock:
                for r in range(NUM_NATURAL):
                    if hand[r] == 2 and r not in inc:
                        for a in (MELD_BASE + 3 * r + 1, MELD_BASE + 3 * r + 2):
                            if a in ls:
                                return a
        return None

    def _empty_with_wilds(self, view: View, ls: set[int], hand: list[int], team: int, inc: dict) -> int | None:
        """Meld a pair with a wild card when that leaves at most one card (the discard) in hand."""
        seat = view.seat
        if view.in_foot[seat]:
            rules = view.rules
            clean, dirty, wild = view.canastas(team)
            partner = partner_of(seat)
            if not (clean >= rules.clean_needed and dirty + 1 >= rules.dirty_needed and wild >= rules.wild_needed
                    and (view.in_foot[partner] or not rules.partner_in_foot)):
                return None
        pairs = [r for r in range(NUM_NATURAL) if hand[r] == 2 and r not in inc]
        wilds = hand[TWO] + hand[JOKER]
        if not pairs or wilds < len(pairs):
            return None
        singles = sum(hand[r] for r in range(NUM_NATURAL) if hand[r] == 1) + hand[BLACK3]
        if singles + wilds - len(pairs) > self.empty_slack:
            return None
        r = max(pairs, key=lambda r: (view.rules.card_values[r], r))
        for a in (MELD_BASE + 3 * r + 1, MELD_BASE + 3 * r + 2):
            if a in ls:
                return a
        return None

    # -------------------------------------------------------------- discarding

    def _discard(self, view: View, ls: set[int], hand: list[int], values: tuple[int, ...]) -> int:
        """The discard least likely to help the next opponent and least useful to keep."""
        opp = left_of(view.seat)
        opp_team = opp & 1
        pile = view.pile
        gain = 40 + 15 * min(view.rules.pile_take, len(pile) + 1)
        if not view.down[opp_team]:
            gain *= 0.5  # they must also reach the initial-meld minimum
        opp_inc = incomplete_melds(view.melds[opp_team])
        # Unseen cards of each kind: the opponent's hand is drawn from these.
        seen = hand[:]
        for r, n, t, j in view.set_aside:
            if r < NUM_NATURAL:
                seen[r] += n
            seen[TWO] += t
            seen[JOKER] += j
        for melds in view.melds:
            for r, n, t, j in melds:
                if r < NUM_NATURAL:
                    seen[r] += n
                seen[TWO] += t
                seen[JOKER] += j
        for k in pile:
            seen[k] += 1
        total = deck_counts(view.rules.decks)
        unseen = [max(0, total[k] - seen[k]) for k in range(NUM_KINDS)]
        unseen[RED3] = 0
        pool = max(1, sum(unseen))
        opp_held = view.held[opp]
        mem = view.memory[opp].tolist()
        best, best_cost = -1, float("inf")
        for k, a in DISCARD_ID.items():
            if a not in ls:
                continue
            if k == TWO or k == JOKER:
                cost = 1000.0 + values[k]
            elif k == BLACK3:
                cost = -5.0 - 3.0 * len(pile)  # always the safest discard: it blocks the next player
            else:
                lam = opp_held * unseen[k] / pool
                if mem[k] >= 2:
                    p = 1.0
                elif mem[k] == 1:
                    p = 1.0 - exp(-lam)
                else:
                    p = 1.0 - exp(-lam) * (1.0 + lam)
                if k in opp_inc:
                    size = opp_inc[k][3]
                    p = 0.0 if size + 3 > CANASTA_SIZE else min(1.0, p + 0.15)
                cost = self.danger_scale * p * gain - self.shed_value * values[k]
                if hand[k] == 2:
                    cost += self.pair_keep
                elif hand[k] >= 3:
                    cost += 2 * self.pair_keep
            if cost < best_cost:
                best, best_cost = a, cost
        if best < 0:
            return int(min(ls))
        return best
