"""What the expert remembers of a round between its own turns (a ``View`` shows only the present): what the
next opponent showed of its hand, turn by turn. A player keeps no triple and no card of a rank its side has
melded (it melds and adds them), discards a card it holds no pair of, and draws over a pile it could take with
a pair; so after each such turn the kind is capped in its hand, and only its draws since can have made a pair.

``RoundWatch.see`` reads each of the seat's views in order; a view of another round (or of a game it did not
follow from the start of its turn) starts it afresh, so a bot asked about a lone position knows only the view.
At every size the next opponent is the next seat (turns go clockwise); between two of this seat's turns each
of the other seats discards once, and each draw from the stock takes the rules' ``draw`` cards.
"""

from __future__ import annotations

from ...family.cards import NUM_NATURAL
from ..engine import View

DISCARD_KEEP = 0.1   # the chance that a player still holds one card of the kind it just discarded


class RoundWatch:
    """The next opponent's capped kinds: ``caps[k] = (chance it held one then, its draws since)``; a negative
    chance: as likely as one card of the kind among its hidden cards, given that it held no pair."""

    def __init__(self) -> None:
        self.key: tuple[int, int] | None = None
        self.phase = ""
        self.after: tuple[int, ...] | None = None   # the pile as this seat left it (its discard on top)
        self.their_ranks: frozenset[int] = frozenset()
        self.caps: dict[int, tuple[float, int]] = {}

    def see(self, view: View) -> None:
        """Update from ``view`` (this seat to act); a new turn is read once, at its first view."""
        key = (view.round, view.seat)
        if key != self.key:
            self.key, self.after, self.caps, self.their_ranks = key, None, {}, frozenset()
        new_turn = view.phase == "draw" and self.phase != "draw"
        self.phase = view.phase
        if new_turn and self.after is not None:
            self.read_turn(view, self.after)
        if new_turn:
            self.after = None
        self.their_ranks = frozenset(m[0] for m in view.melds[_their_side(view)])  # before the next opponent's turn

    def read_turn(self, view: View, before: tuple[int, ...]) -> None:
        """What the next opponent did since this seat's last discard: a kind it melded is gone from its hand,
        the kind it discarded is capped, and so is our discard if it drew over it."""
        drawn, others = view.rules.draw, view.rules.players - 1
        self.caps = {k: (q, d + drawn) for k, (q, d) in self.caps.items()}
        for r in self.their_ranks:
            self.caps[r] = (0.0, 0)
        pile, n = view.pile, len(before)
        if len(pile) == n + others and pile[:n] == before:  # nobody took the pile: it drew over our discard
            top = before[-1]
            if top < NUM_NATURAL and view.down[_their_side(view)] and top not in self.caps:
                self.caps[top] = (-1.0, drawn)
            self.caps[pile[n]] = (DISCARD_KEEP, 0)
        elif len(pile) >= others:  # it took the pile (none of the others did, else fewer cards would lie there)
            self.caps[pile[-others]] = (DISCARD_KEEP, 0)

    def discarding(self, view: View, kind: int) -> None:
        """This seat discards ``kind`` now."""
        self.after = (*view.pile, kind)

    def pair_chance(self, kind: int, hidden: int, p: float) -> float | None:
        """The chance that the next opponent's ``hidden`` cards (each of ``kind`` with chance ``p``) hold a pair
        of ``kind``, or ``None`` when nothing capped it."""
        cap = self.caps.get(kind)
        if cap is None:
            return None
        q, d = cap
        if d <= 0 or p <= 0:
            return 0.0
        if q < 0:  # one card of the kind rather than none, given at most one: n p (1-p)^(n-1) against (1-p)^n
            q = hidden * p / (1 - p + hidden * p) if p < 1 else 1.0
        none = (1 - p) ** d
        two_plus = 1 - none - d * p * (1 - p) ** (d - 1)
        return q * (1 - none) + (1 - q) * max(0.0, two_plus)


def _their_side(view: View) -> int:
    """The next opponent's side (the next seat's)."""
    return view.rules.seat_side[(view.seat + 1) % view.rules.players]
