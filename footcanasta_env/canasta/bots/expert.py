"""``expert``: the scripted Canasta player a good club player would recognise.

It guards the initial meld (the score-dependent minimum: it sets melds aside only when they reach it, and
before a pickup only when they make the pickup legal), takes the pile whenever it may, builds canastas
(wild cards go into a meld only to complete a canasta; a natural meld keeps its bonus while the naturals
to finish it are unseen), goes out when ahead (in the game when going out ends it) and holds when far
behind, and discards with the next opponent in mind: never a card they can take (their melds, their
known pickups; once their side has melded, the pairs a player keeps, about one for every few cards held,
of ranks not on their table; before that a pair drawn from the unseen cards, and none for a kind whose three
cards miss their initial-meld minimum: they could take it only with other melds set aside besides). It
remembers the round between its turns (``watch.py``): a kind the next opponent discarded, drew over or had
melded is capped in their hand, and only their draws since can have paired it. Feeding them costs most over
a large pile (10 points a card), one of their ranks or one that completes their canasta; a black three to
block; a wild card to freeze a large pile that is frozen for its own side anyway (or a very large one open
to both). While a large pile lies open
to the next opponent it keeps a safe discard in hand: no meld or lay-down that would leave only cards they
could take it with. Wild cards are counted from what it has seen (an opponent's meld that the unseen wild
cards could finish is a threat).

Every size of section 14: a side is one player or a team (its partners' hands count in its score as at four
players); the next opponent is the next seat, the side to beat the best placed of the others, going out
needs the rules' canastas, and the cards counted are the rules' decks. At two players it draws from the
stock rather than take a small pile (``SMALL_PILE``). At three players (each for themselves) the previous seat
takes the piles the next seat discards onto: a wild card freezes a large pile against it too, the next seat
is fed more readily when it trails the previous one, and discard danger weighs less (``THREE_PLAYERS``). Four
players play exactly as before sizes, and two and six players as before the three-player settings.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ...family.cards import BLACK3, JOKER, NUM_NATURAL, TWO
from ..actions import ACTION_CARDS, ADD_IDS, DISCARD_ID, DRAW_ID, LAYDOWN_ID, MELD_B3_IDS, MELD_IDS, PICKUP_ID
from ..engine import View
from ..rules import CANASTA_SIZE, MAX_WILDS
from .base import check_legal
from .reading import (
    has_canasta,
    hidden_draws,
    holds_at_least,
    kept_pair_chance,
    meld_value,
    next_seat,
    opponent_sides,
    pile_evidence,
    table_score,
    unseen_counts,
    unseen_wilds,
)
from .watch import RoundWatch

WILDS = (TWO, JOKER)
# Going out: naturals, then pairs with a wild card, then wild cards into melds, black threes last.
DUMP_ORDER: tuple[int, ...] = (
    tuple(ADD_IDS[r] for r in range(NUM_NATURAL)) + tuple(MELD_IDS[r] for r in range(NUM_NATURAL))
    + tuple(MELD_IDS[r] + v for r in range(NUM_NATURAL) for v in (1, 2))
    + tuple(ADD_IDS[r] + v for r in range(NUM_NATURAL) for v in (1, 2)) + (MELD_B3_IDS[1], MELD_B3_IDS[0])
)
# Tuned on deals (seeds) below 10000 only; benchmarks/bench_canasta_bots.py reports on seeds from 10000.
LATE_STOCK = 30          # with the stock this low, go out whenever possible
HOLD_MARGIN = 500        # otherwise hold (do not go out) only when this far behind in the round
OPPONENT_NEAR_OUT = 3    # an opponent holding this few cards may go out next turn: go out first
DEFENSIVE_HELD = 4       # ... this few: meld pairs with wild cards, so as to hold fewer points
FREEZE_PILE = 8          # a pile this large is worth freezing with a wild card (frozen for us anyway)
FREEZE_PILE_DOWN = 25    # ... or this large when the pile is open for us too
FREEZE_BONUS = 90.0      # how much cheaper a wild card discard becomes then
WILD_KEEP = {TWO: 120.0, JOKER: 180.0}
PAIR_KEEP, TRIPLE_KEEP, OWN_MELD_KEEP = 25.0, 25.0, 10.0
DANGER_BASE, DANGER_PER_CARD = 30.0, 10.0  # the cost of a sure pickup: a base plus per card of the pile,
PER_MATCH = 9.0          # plus per card of a rank they have melded,
FEED_CANASTA = 90.0      # plus per canasta the pile would complete for them
VALUE_WEIGHT = -0.3      # keep high cards (they meld for more) rather than shed them
PASSED_FACTOR = 0.15     # a pair is this much less likely of a kind the next opponent drew over (pile open)
DISCARDED_FACTOR = 0.3   # ... or discarded since the pile was last taken
GUARD_PILE = 10          # with a pile this large open for the next opponent, meld only while a safe discard is kept
SAFE_DANGER = 0.15       # ... a natural they take with at most this chance
PAIRS_PER_CARD = 0.3     # an opponent who has melded keeps about this many pairs per card held
BLOCK_COST = 3.0         # a black three blocks the next pickup: kept while a safe card can go instead
# Other sizes (section 14), tuned on deals (seeds) below 1000: at two players, where a draw takes two cards
# and the pile holds little but the opponent's discards, a pile smaller than this is left for the stock (a
# hand filled with cards it cannot meld goes out late: greedy went out twice as often as an expert taking
# every pile). Not at three players, where taking every pile tested better.
SMALL_PILE: dict[int, int] = {2: 8}


@dataclass(frozen=True)
class SizeSettings:
    """The settings one table size plays with; the defaults are those every size played before the
    three-player tuning (and four players before sizes)."""

    freeze_pile: int = FREEZE_PILE
    danger_base: float = DANGER_BASE
    danger_per_card: float = DANGER_PER_CARD
    prev_freeze: float = 0.0     # per pile card: a wild card discard is cheaper while the pile lies open for the
    #                              previous seat (frozen for us anyway): it takes what the next seat discards over it
    feed_trailer: float = 1.0    # the prize of the next seat's pickup, scaled while it trails the previous seat


# Three players, tuned on match seeds 31 and 32 (100 deals each; 62.8% first places before, 68.8% after, 69.3%
# on seed 33): the previous seat, fed by the next one, took nearly as many pile cards as the expert (22 a round
# against 25; the next seat, whom the discards guard against, 8) and won most lost games by thousands. Each
# setting paid a point or two: freezing a large pile against the previous seat, freezing from a smaller pile,
# guarding less against a next seat that trails, and a smaller price on its pickups (a safe discard kept cost more
# than the pickups it prevented).
THREE_PLAYERS = SizeSettings(freeze_pile=6, danger_base=15.0, danger_per_card=7.0, prev_freeze=8.0,
                             feed_trailer=0.7)
SIZE_SETTINGS: dict[int, SizeSettings] = {3: THREE_PLAYERS}
DEFAULT_SETTINGS = SizeSettings()


def settings_for(view: View) -> SizeSettings:
    """The settings of the view's table size."""
    return SIZE_SETTINGS.get(view.rules.players, DEFAULT_SETTINGS)


def initial_plan(view: View, hand: list[int], target: int, skip: int = -1) -> list[int] | None:
    """Meld actions that bring the set-aside melds to ``target`` points (rule 7.1), naturals first and then
    as few wild cards as needed; ``[]`` when already there, ``None`` when the hand cannot reach it.
    ``skip``: a rank kept out (the pair for a pickup)."""
    v = view.rules.card_values
    aside = {r: [n, t, j] for r, n, t, j in view.set_aside}
    value = meld_value(view, view.set_aside)
    h = list(hand)
    plan: list[int] = []
    for r in sorted(range(NUM_NATURAL), key=lambda q: -v[q]):
        if r == skip or not h[r] or (r not in aside and h[r] < 3):
            continue
        if r not in aside:
            plan.append(MELD_IDS[r])
            aside[r] = [3, 0, 0]
            h[r] -= 3
            value += 3 * v[r]
        plan += [ADD_IDS[r]] * h[r]
        aside[r][0] += h[r]
        value += h[r] * v[r]
        h[r] = 0
    pairs = sorted((r for r in range(NUM_NATURAL) if r != skip and h[r] == 2 and r not in aside), key=lambda q: -v[q])
    for r in pairs:
        if value >= target or not (h[TWO] or h[JOKER]):
            break
        w = TWO if h[TWO] and (value + 2 * v[r] + v[TWO] >= target or not h[JOKER]) else JOKER
        plan.append(MELD_IDS[r] + (1 if w == TWO else 2))
        h[w] -= 1
        h[r] = 0
        value += 2 * v[r] + v[w]
    for r, m in aside.items():
        while value < target and m[1] + m[2] < MAX_WILDS and (h[TWO] or h[JOKER]):
            w = JOKER if h[JOKER] else TWO
            plan.append(ADD_IDS[r] + (1 if w == TWO else 2))
            m[1 if w == TWO else 2] += 1
            h[w] -= 1
            value += v[w]
    if value < target:
        return None
    return plan


def can_finish(view: View) -> bool:
    """Whether this hand could all go onto the partnership's melds this turn, but for one last discard."""
    h = [int(x) for x in view.hand]
    table = {r: t + j for r, n, t, j in view.melds[view.team]}
    room = sum(MAX_WILDS - w for w in table.values())
    stuck = 0
    for r in range(NUM_NATURAL):
        if r in table or h[r] >= 3 or not h[r]:
            continue
        if h[r] == 2 and h[TWO] + h[JOKER] > 0:
            h[TWO if h[TWO] else JOKER] -= 1
            room += MAX_WILDS - 1
        else:
            stuck += h[r]
    stuck += max(0, h[TWO] + h[JOKER] - room) + (h[BLACK3] if h[BLACK3] < 3 else 0)
    return stuck <= 1


def canastas_fed(view: View, team: int, k: int) -> int:
    """How many of the team's melds the pile, with a discard of kind ``k`` on top, would make canastas."""
    counts = [0] * NUM_NATURAL
    for c in (*view.pile, k):
        if c < NUM_NATURAL:
            counts[c] += 1
    return sum(1 for r, n, t, j in view.melds[team] if n + t + j < CANASTA_SIZE <= n + t + j + counts[r])


class ExpertBot:
    """The scripted club player (see the module docstring); deterministic given the views."""

    name = "expert"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = np.random.default_rng(seed)  # unused: the strategy is deterministic
        self._read_for: View | None = None
        self._unseen: list[int] = []
        self._evidence: tuple[set[int], set[int]] = (set(), set())
        self.watch = RoundWatch()

    def act(self, view: View) -> int:
        """The expert's choice for ``view``."""
        legal = check_legal(view, "ExpertBot")
        self.watch.see(view)
        if len(legal) == 1:
            return int(legal[0])
        ls = set(legal)
        if view.phase == "draw":
            return self.draw(view, ls)
        if not view.down[view.team]:
            plan = initial_plan(view, [int(x) for x in view.hand], view.minimums[view.team])
            if plan is not None and not self.keeps_exit(view, plan):
                return self.discard(view, ls)  # a lay-down that leaves only cards feeding a large open pile
            if plan == [] and LAYDOWN_ID in ls:
                return LAYDOWN_ID
            for a in plan or ():
                if a in ls:
                    return a
            return self.discard(view, ls)
        return self.play(view, ls)

    def draw(self, view: View, ls: set[int]) -> int:
        """Take the pile when allowed (but for a small one at two players); before the initial meld, set aside
        what makes the pickup legal."""
        if DRAW_ID in ls and len(view.pile) < SMALL_PILE.get(view.rules.players, 0):
            return DRAW_ID
        if PICKUP_ID in ls:
            return PICKUP_ID
        top = view.pile_top
        if not view.down[view.team] and top is not None and top < NUM_NATURAL and view.hand[top] >= 2:
            hand = [int(x) for x in view.hand]
            hand[top] -= 2
            target = view.minimums[view.team] - 3 * view.rules.card_values[top]
            for a in initial_plan(view, hand, target, skip=top) or ():
                if a in ls:
                    return a
        return DRAW_ID

    def play(self, view: View, ls: set[int]) -> int:
        """After the initial meld: naturals down, wild cards to complete canastas, out when it pays."""
        n = view.held[view.seat]
        out = self.go_out_ok(view)

        finishing = out and has_canasta(view, view.team) and can_finish(view)

        def fits(a: int) -> bool:
            return (a in ls and (out or n - sum(ACTION_CARDS[a][1:]) >= 2)
                    and (finishing or self.keeps_exit(view, (a,))))

        for r in range(NUM_NATURAL):
            if fits(ADD_IDS[r]):
                return ADD_IDS[r]
        for r in range(NUM_NATURAL):
            if fits(MELD_IDS[r]):
                return MELD_IDS[r]
        a = self.complete_canasta(view, fits)
        if a is not None:
            return a
        if self.opponents_near_out(view, DEFENSIVE_HELD):
            for r in range(NUM_NATURAL):
                for a in (MELD_IDS[r] + 1, MELD_IDS[r] + 2):
                    if fits(a):
                        return a
        if finishing:
            for a in DUMP_ORDER:
                if a in ls:
                    return a
        return self.discard(view, ls)

    def complete_canasta(self, view: View, fits) -> int | None:
        """A wild card into a meld it brings to a canasta; a natural meld stays natural (for its bonus) while the
        side has a canasta and enough naturals of its rank are still unseen to finish it."""
        h = view.hand
        wilds = int(h[TWO]) + int(h[JOKER])
        team_has = has_canasta(view, view.team)
        unseen = unseen_counts(view)
        for r, nat, two, jk in sorted(view.melds[view.team], key=lambda m: -(m[1] + m[2] + m[3])):
            short = CANASTA_SIZE - (nat + two + jk)
            if short <= 0 or short > min(wilds, MAX_WILDS - two - jk):
                continue
            if two + jk == 0 and team_has and unseen[r] >= short:
                continue
            for a in (ADD_IDS[r] + 1, ADD_IDS[r] + 2):
                if fits(a):
                    return a
        return None

    def opponents_near_out(self, view: View, held: int) -> bool:
        """Whether an opponent may go out soon: one of them holds ``held`` cards or fewer and their side has the
        canastas going out needs, or melds that the wild cards still unseen (counted from what this seat saw)
        could finish, each on its own."""
        rules = view.rules
        near = [t for t in opponent_sides(view) if min(view.held[s] for s in rules.side_seats[t]) <= held]
        if not near:
            return False
        wilds = unseen_wilds(view)
        return any(sum(1 for _, n, t, j in view.melds[side] if n + t + j + min(wilds, MAX_WILDS - t - j)
                       >= CANASTA_SIZE) >= rules.canastas_to_go_out for side in near)

    def go_out_ok(self, view: View) -> bool:
        """Go out when ahead: in the game when going out ends it, else in the round (holding only when far
        behind with a long stock ahead and no opponent near out). With more than one opposing side, the best
        placed of them is the one to beat."""
        us = view.team
        ours = table_score(view, us) + view.rules.going_out_bonus
        rounds = {t: table_score(view, t) for t in opponent_sides(view)}
        theirs = max(rounds.values())
        mine, yours = view.scores[us] + ours, max(view.scores[t] + r for t, r in rounds.items())
        if max(mine, yours) >= view.target:
            return mine > yours  # going out ends the game: only when it wins it
        if view.stock_size <= LATE_STOCK or self.opponents_near_out(view, OPPONENT_NEAR_OUT):
            return True
        return ours + HOLD_MARGIN >= theirs

    def discard(self, view: View, ls: set[int]) -> int:
        """The discard that costs least: usefulness kept plus the danger of feeding the next opponent."""
        best, best_cost = None, float("inf")
        for k, a in DISCARD_ID.items():
            if a in ls:
                cost = self.discard_cost(view, k)
                if cost < best_cost:
                    best, best_cost = (k, a), cost
        if best is None:
            return min(ls)  # no discard allowed: any legal action (the engine's mask)
        self.watch.discarding(view, best[0])
        return best[1]

    def keeps_exit(self, view: View, actions: list[int] | tuple[int, ...]) -> bool:
        """Whether the hand, after the meld ``actions``, still holds a safe discard while a large pile lies open
        for the next opponent: a black three, a wild card (it freezes the pile) or a natural they are unlikely
        to take. Always true for a small pile or one frozen for them."""
        if len(view.pile) < GUARD_PILE or view.frozen[view.rules.seat_side[next_seat(view)]]:
            return True
        h = [int(x) for x in view.hand]
        for a in actions:
            r, nat, two, jk = ACTION_CARDS[a]
            h[r] -= nat
            h[TWO] -= two
            h[JOKER] -= jk
        if h[BLACK3] > 0 or h[TWO] > 0 or h[JOKER] > 0:
            return True
        return any(h[k] > 0 and self.danger(view, k) <= SAFE_DANGER for k in range(NUM_NATURAL))

    def discard_cost(self, view: View, k: int) -> float:
        """How much discarding one card of kind ``k`` costs this side."""
        pile = len(view.pile)
        rules, size = view.rules, settings_for(view)
        them = rules.seat_side[next_seat(view)]
        prev = rules.seat_side[(view.seat - 1) % rules.players]
        if k in WILDS:
            keep = WILD_KEEP[k]
            if not view.frozen[them] and pile >= (FREEZE_PILE_DOWN if view.down[view.team] else size.freeze_pile):
                keep -= FREEZE_BONUS  # freeze the pile against a large pickup, when every other card is dangerous
            if size.prev_freeze and not view.frozen[prev] and view.frozen[view.team]:
                keep -= size.prev_freeze * pile
            return keep
        if k == BLACK3:
            return BLOCK_COST
        h = int(view.hand[k])
        keep = (0.0, 0.0, PAIR_KEEP)[h] if h < 3 else TRIPLE_KEEP
        if any(m[0] == k for m in view.melds[view.team]):
            keep += OWN_MELD_KEEP
        ranks = {m[0] for m in view.melds[them]}
        matches = sum(1 for c in (*view.pile, k) if c in ranks)
        prize = (size.danger_base + size.danger_per_card * (pile + 1) + PER_MATCH * matches
                 + FEED_CANASTA * canastas_fed(view, them, k))
        if view.scores[them] < view.scores[prev]:
            prize *= size.feed_trailer  # at three players not the one to beat
        return keep + self.danger(view, k) * prize - VALUE_WEIGHT * view.rules.card_values[k]

    def danger(self, view: View, k: int) -> float:
        """The chance that the next opponent takes the pile over a discarded natural of kind ``k``: sure on
        their meld of an open pile; else a natural pair in their hand: as the round watch caps it, or else
        kept (their side has melded) or drawn, less likely for a kind they just discarded or drew over;
        none before their initial meld for a kind whose three cards miss their minimum."""
        nxt = next_seat(view)
        them = view.rules.seat_side[nxt]
        if not view.frozen[them] and any(m[0] == k for m in view.melds[them]):
            return 1.0
        if not view.down[them] and 3 * view.rules.card_values[k] < view.minimums[them]:
            return 0.0  # their pair and this card miss the minimum (rule 7.3); other melds set aside too: rare
        if self._read_for is not view:  # what the view says about the next opponent, read once per view
            self._read_for = view
            self._unseen = unseen_counts(view)
            self._evidence = pile_evidence(view, nxt)
        if not view.memory[nxt][k]:
            p = self.watch.pair_chance(k, *hidden_draws(view, nxt, k, self._unseen))
            if p is not None:
                return p
        if view.down[them]:
            p = kept_pair_chance(view, nxt, k, self._unseen, PAIRS_PER_CARD)
        else:
            p = holds_at_least(view, nxt, k, 2, self._unseen)
        discarded, passed = self._evidence
        if k in passed and view.down[them]:
            p *= PASSED_FACTOR
        elif k in discarded:
            p *= DISCARDED_FACTOR
        return p
