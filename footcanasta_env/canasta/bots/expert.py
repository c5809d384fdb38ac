"""``expert``: the scripted Canasta player a good club player would recognise.

It guards the initial meld (the score-dependent minimum: it sets melds aside only when they reach it, and
before a pickup only when they make the pickup legal), takes the pile whenever it may, builds canastas
(wild cards go into a meld only to complete a canasta, so natural ones keep their bonus), goes out when
ahead and holds when behind (unless the round is ending anyway), and discards with the next opponent in
mind: never a card they can take (their melds, their known pickups, the chance of a pair drawn from the
unseen cards), a black three to block, a wild card to freeze a large pile.
"""

from __future__ import annotations

import numpy as np

from ...cards import BLACK3, JOKER, NUM_NATURAL, TWO
from ..actions import ACTION_CARDS, ADD_IDS, DISCARD_ID, DRAW_ID, LAYDOWN_ID, MELD_IDS, PICKUP_ID
from ..engine import View
from ..rules import CANASTA_SIZE, MAX_WILDS
from .base import check_legal
from .reading import has_canasta, holds_at_least, meld_value, table_score, unseen_counts
from .simple import GREEDY_MELD_ORDER

WILDS = (TWO, JOKER)
FREEZE_PILE = 6        # a pile this large is worth freezing with a wild card
LATE_STOCK = 8         # with the stock this low, go out whenever possible
OPPONENT_NEAR_OUT = 3  # an opponent holding this few cards may go out next turn
BLOCK_COST = 5.0       # what a black three is worth keeping (it blocks the pile when the danger is real)


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


class ExpertBot:
    """The scripted club player (see the module docstring); deterministic given the views."""

    name = "expert"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = np.random.default_rng(seed)  # unused: the strategy is deterministic

    def act(self, view: View) -> int:
        """The expert's choice for ``view``."""
        legal = check_legal(view, "ExpertBot")
        if len(legal) == 1:
            return int(legal[0])
        ls = set(legal)
        if view.phase == "draw":
            return self.draw(view, ls)
        if not view.down[view.team]:
            plan = initial_plan(view, [int(x) for x in view.hand], view.minimums[view.team])
            if plan == [] and LAYDOWN_ID in ls:
                return LAYDOWN_ID
            for a in plan or ():
                if a in ls:
                    return a
            return self.discard(view, ls)
        return self.play(view, ls)

    def draw(self, view: View, ls: set[int]) -> int:
        """Take the pile when allowed; before the initial meld, set aside what makes the pickup legal."""
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

        def fits(a: int) -> bool:
            return a in ls and (out or n - sum(ACTION_CARDS[a][1:]) >= 2)

        for r in range(NUM_NATURAL):
            if fits(ADD_IDS[r]):
                return ADD_IDS[r]
        for r in range(NUM_NATURAL):
            if fits(MELD_IDS[r]):
                return MELD_IDS[r]
        a = self.complete_canasta(view, fits)
        if a is not None:
            return a
        if out and has_canasta(view, view.team) and can_finish(view):
            for a in GREEDY_MELD_ORDER:
                if a in ls:
                    return a
        return self.discard(view, ls)

    def complete_canasta(self, view: View, fits) -> int | None:
        """A wild card into a meld it brings to a canasta (a natural meld only while the side has none)."""
        h = view.hand
        wilds = int(h[TWO]) + int(h[JOKER])
        team_has = has_canasta(view, view.team)
        for r, nat, two, jk in sorted(view.melds[view.team], key=lambda m: -(m[1] + m[2] + m[3])):
            size = nat + two + jk
            short = CANASTA_SIZE - size
            if short <= 0 or short > min(wilds, MAX_WILDS - two - jk) or (two + jk == 0 and team_has):
                continue
            for a in (ADD_IDS[r] + 1, ADD_IDS[r] + 2):
                if fits(a):
                    return a
        return None

    def go_out_ok(self, view: View) -> bool:
        """Go out when ahead in the round or the game, when the round is ending, or an opponent is near out."""
        us, them = view.team, 1 - view.team
        if view.stock_size <= LATE_STOCK:
            return True
        if any(view.held[s] <= OPPONENT_NEAR_OUT for s in (them, them + 2)) and has_canasta(view, them):
            return True
        ours = table_score(view, us) + view.rules.going_out_bonus
        theirs = table_score(view, them)
        if view.scores[us] + ours >= view.target and view.scores[us] + ours > view.scores[them] + theirs:
            return True
        return ours >= theirs

    def discard(self, view: View, ls: set[int]) -> int:
        """The discard that costs least: usefulness kept plus the danger of feeding the next opponent."""
        best, best_cost = -1, float("inf")
        for k, a in DISCARD_ID.items():
            if a in ls:
                cost = self.discard_cost(view, k)
                if cost < best_cost:
                    best, best_cost = a, cost
        return best

    def discard_cost(self, view: View, k: int) -> float:
        """How much discarding one card of kind ``k`` costs this side."""
        pile = len(view.pile)
        them = 1 - view.team
        wild_in_pile = any(c in WILDS for c in view.pile)
        if k in WILDS:
            keep = 40.0 if k == TWO else 60.0
            if not wild_in_pile and pile >= FREEZE_PILE:
                keep -= 3.0 * pile  # freeze the pile against a large pickup
            return keep
        if k == BLACK3:
            return BLOCK_COST
        h = int(view.hand[k])
        keep = (0.0, 0.0, 12.0)[h] if h < 3 else 25.0
        if any(m[0] == k for m in view.melds[view.team]):
            keep += 10.0
        nxt = (view.seat + 1) % 4
        if view.down[them] and not wild_in_pile and any(m[0] == k for m in view.melds[them]):
            danger = 1.0
        else:
            danger = holds_at_least(view, nxt, k, 2, unseen_counts(view))
        return keep + danger * (4.0 + 2.0 * (pile + 1)) - view.rules.card_values[k] / 20.0
