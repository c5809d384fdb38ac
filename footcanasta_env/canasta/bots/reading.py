"""What a seat can work out from its ``View`` alone: the cards still unseen (wild cards counted), the chance
that a seat holds a pair, the value of melds, and the sides' round scores as they stand.

Every size of section 14: the seats, sides and decks are the view's rules' (``players``, ``side_seats``,
``seat_side``, ``decks``); turns go clockwise, one seat after another (``next_seat``)."""

from __future__ import annotations

from ...family.cards import BLACK3, JOKER, NUM_KINDS, NUM_NATURAL, RED3, TWO
from ..engine import View
from ..engine.scoring import red_three_score
from ..rules import CANASTA_SIZE, DECKS

ONE_DECK: tuple[int, ...] = (4,) * NUM_NATURAL + (4, 2, 2, 2)  # each kind's cards in one deck
DECK_COUNTS: tuple[int, ...] = tuple(DECKS * n for n in ONE_DECK)


def deck_counts(view: View) -> tuple[int, ...]:
    """Each kind's cards in the game's decks (two, or three at six players)."""
    return DECK_COUNTS if view.rules.decks == DECKS else tuple(view.rules.decks * n for n in ONE_DECK)


def next_seat(view: View, seat: int | None = None) -> int:
    """The seat that plays after ``seat`` (this one by default): turns go clockwise."""
    return ((view.seat if seat is None else seat) + 1) % view.rules.players


def opponent_sides(view: View) -> tuple[int, ...]:
    """Every side but this seat's."""
    return tuple(t for t in range(view.rules.sides) if t != view.team)


def meld_value(view: View, melds: tuple) -> int:
    """Card value of melds given as ``(rank, naturals, twos, jokers)``."""
    v = view.rules.card_values
    return sum(n * v[r] + t * v[TWO] + j * v[JOKER] for r, n, t, j in melds)


def seen_counts(view: View) -> list[int]:
    """Cards of each kind this seat has seen: its hand and set-aside melds, both tables and the pile."""
    seen = [int(x) for x in view.hand]
    for melds in (*view.melds, view.set_aside):
        for r, n, t, j in melds:
            seen[r] += n
            seen[TWO] += t
            seen[JOKER] += j
    for k in view.pile:
        seen[k] += 1
    seen[BLACK3] += sum(view.black_threes)
    seen[RED3] += sum(view.red_threes)
    return seen


def unseen_counts(view: View) -> list[int]:
    """Cards of each kind in the other hands or the stock, as far as this seat can tell."""
    seen, deck = seen_counts(view), deck_counts(view)
    return [max(0, deck[k] - seen[k]) for k in range(NUM_KINDS)]


def unseen_wilds(view: View) -> int:
    """Wild cards (twos and jokers) this seat has not seen: in the other hands or the stock."""
    u = unseen_counts(view)
    return u[TWO] + u[JOKER]


def hidden_draws(view: View, seat: int, kind: int, unseen: list[int]) -> tuple[int, float]:
    """``seat``'s (not this one's) cards not known from its pickups, and the chance that each is of ``kind``:
    the rest of its hand as draws from the unseen cards that no pickup accounts for."""
    drawn = max(0, view.held[seat] - int(view.memory[seat].sum()))
    others = [s for s in range(view.rules.players) if s != view.seat]
    others_known = sum(int(view.memory[s][kind]) for s in others)
    pool = sum(view.held[s] for s in others) + view.stock_size
    pool -= sum(int(view.memory[s].sum()) for s in others)
    left = max(0, unseen[kind] - others_known)
    if pool <= 0 or left <= 0:
        return drawn, 0.0
    return drawn, min(1.0, left / pool)


def holds_at_least(view: View, seat: int, kind: int, need: int, unseen: list[int]) -> float:
    """The chance that ``seat`` (not this one) holds ``need`` or more cards of ``kind``: what it took with the
    pile and still holds is known (rule 12); the rest of its hand is drawn from the unseen cards."""
    known = int(view.memory[seat][kind])
    if known >= need:
        return 1.0
    drawn, p = hidden_draws(view, seat, kind, unseen)
    if p <= 0 or drawn <= 0:
        return 0.0
    short = need - known
    # Binomial tail P(X >= short), X ~ Bin(drawn, p): the hand as draws from the unseen pool.
    q = 1.0 - p
    term = q ** drawn
    below = 0.0
    for i in range(short):
        below += term
        term *= (drawn - i) / (i + 1) * (p / q) if q > 0 else 0.0
    return max(0.0, 1.0 - below)


def kept_pair_chance(view: View, seat: int, kind: int, unseen: list[int], pairs_per_card: float) -> float:
    """The chance that ``seat`` (not this one), whose side has melded, holds a natural pair of ``kind``. Such a
    player melds its triples, adds to its side's melds and discards singles, so its hand keeps pairs: about
    ``pairs_per_card`` of them per hidden card, each of a rank not on its side's table, in proportion to the
    ways the unseen cards of the rank could make one."""
    known = int(view.memory[seat][kind])
    if known >= 2:
        return 1.0
    if known == 1:
        return holds_at_least(view, seat, kind, 2, unseen)
    melded = {m[0] for m in view.melds[view.rules.seat_side[seat]]}
    others = [s for s in range(view.rules.players) if s != view.seat]
    others_known = [sum(int(view.memory[s][k]) for s in others) for k in range(NUM_NATURAL)]
    ways = [0 if k in melded else max(0, unseen[k] - others_known[k]) * max(0, unseen[k] - others_known[k] - 1)
            for k in range(NUM_NATURAL)]
    total = sum(ways)
    if not ways[kind] or total <= 0:
        return 0.0
    hidden = max(0, view.held[seat] - int(view.memory[seat].sum()))
    return min(1.0, pairs_per_card * hidden * ways[kind] / total)


def pile_evidence(view: View, seat: int) -> tuple[set[int], set[int]]:
    """What ``seat`` showed since the pile was last taken: the kinds it discarded, and the top cards it drew
    over instead of taking the pile. The pile's order says who discarded each card (turns go round one discard
    at a time); its bottom card may be the upcard, so it is never attributed."""
    pile, players = view.pile, view.rules.players
    discarded: set[int] = set()
    passed: set[int] = set()
    i = (view.seat - seat) % players
    while 0 < i < len(pile):
        discarded.add(pile[-i])
        passed.add(pile[-i - 1])
        i += players
    return discarded, passed


def canasta_bonus(view: View, team: int) -> int:
    """The canasta bonuses of the partnership's table melds."""
    nat, mixed = view.canastas(team)
    return nat * view.rules.natural_canasta_bonus + mixed * view.rules.mixed_canasta_bonus


def has_canasta(view: View, team: int) -> bool:
    """Whether the side holds as many canastas on the table as going out needs (one at four players, rule
    8.1; two at the other sizes, rule 14.5)."""
    return sum(1 for _, n, t, j in view.melds[team] if n + t + j >= CANASTA_SIZE) >= view.rules.canastas_to_go_out


def table_score(view: View, team: int, hand_guess: int = 8) -> int:
    """The side's round score if the round ended now: its melds, canastas and red threes, less its held
    cards (this seat's exactly, the others' at ``hand_guess`` points each)."""
    rules = view.rules
    red = red_three_score(rules, view.red_threes[team])
    down = view.down[team]
    score = meld_value(view, view.melds[team]) + canasta_bonus(view, team) + (red if down else -red)
    for s in rules.side_seats[team]:
        if s == view.seat:
            score -= sum(int(c) * rules.card_values[k] for k, c in enumerate(view.hand))
            score -= meld_value(view, view.set_aside)
        else:
            score -= view.held[s] * hand_guess
    return score
