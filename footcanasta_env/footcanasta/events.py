"""What happened at the table, in words: one line per action (the full log) or one line per turn (the screen).

Both are built from two of the viewer's views, before and after one action, so they cannot tell a card the
viewer may not see (RULES.md section 12). ``describe_step`` gives the detailed lines of one action;
``TurnLog`` keeps those for ``log`` and sums up each other player's turn in one line, such as "West drew,
added 5 cards to three melds, discarded K." A bot's turn is often a dozen actions, and a line per action
pushed the table off the screen.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..actions import ACTION_CARD, ACTION_TYPE, ADD, DISCARD, DRAW, LAYDOWN, MELD, PICKUP
from ..cards import KINDS, NUM_KINDS, WILD_RANK, format_counts
from ..engine import View
from ..melds import CANASTA_KINDS, Meld, count_canastas, is_canasta, meld_kind, meld_string, melds_value
from ..seats import SEAT_NAMES, TEAM_NAMES

_NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def _who(seat: int, viewer: int) -> str:
    return "You" if seat == viewer else SEAT_NAMES[seat]


def _their(seat: int, viewer: int) -> str:
    return "your" if seat == viewer else "their"


def _plural(n: int, word: str) -> str:
    return f"{'a' if n == 1 else n} {word}{'' if n == 1 else 's'}"


def _words(n: int) -> str:
    return _NUMBER_WORDS[n] if 0 <= n < len(_NUMBER_WORDS) else str(n)


def _and(items: Sequence[str]) -> str:
    items = list(items)
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def rank_name(r: int) -> str:
    return "wild" if r == WILD_RANK else KINDS[r]


def melds_inline(melds: Sequence[Meld]) -> str:
    """Melds on one line, separated by bars."""
    return " | ".join(meld_string(*m) for m in melds)


def _new_melds(before: Sequence[Meld], after: Sequence[Meld]) -> list[Meld]:
    """Melds in ``after`` that are not in ``before`` (as multisets)."""
    left = Counter(before)
    out = []
    for m in after:
        if left[m]:
            left[m] -= 1
        else:
            out.append(m)
    return out


def _gained(before: View, after: View) -> list[int]:
    return [max(0, int(a) - int(b)) for a, b in zip(after.hand, before.hand, strict=True)]


def _counts(counts: Sequence[int]) -> str:
    return format_counts(counts) or "nothing"


def describe_step(before: View, after: View, seat: int, action: int, others: bool = True) -> list[str]:
    """What the viewer saw ``seat`` do, in words, from the viewer's views before and after one action.

    Only public facts are used: the action's type (and card for a discard or a table meld), and what
    changed between the two views. A set-aside meld by another player is hidden (rule 12): no line.
    ``others=False`` leaves out what befell other seats (the next player's foot picked up as the turn ends).
    """
    viewer = before.seat
    who = _who(seat, viewer)
    t = seat & 1
    typ = ACTION_TYPE[action]
    lines: list[str] = []
    if typ in (MELD, ADD) and not before.down[t]:
        return lines  # set aside: only the player themselves knows (rules 7.2 and 12)
    new = _new_melds(before.melds[t], after.melds[t])
    if typ == DRAW:
        if seat == viewer:
            lines.append(f"You drew {_counts(_gained(before, after))}.")
        else:
            n = before.stock_size - after.stock_size - (after.red_threes[t] - before.red_threes[t])
            lines.append(f"{who} drew {n} card{'s' if n != 1 else ''}.")
    elif typ == PICKUP:
        taken = len(before.pile) - len(after.pile)
        top = KINDS[before.pile[-1]]
        line = f"{who} took the pile ({taken} card{'s' if taken != 1 else ''}, top {top})"
        if not before.down[t]:
            line += f" and laid down {melds_inline(new)}"
        else:
            line += f", melding it: {melds_inline(new)}"
        if seat == viewer:
            line += f"; into your hand: {_counts(_gained(before, after))}"
        lines.append(line + ".")
    elif typ == LAYDOWN:
        lines.append(f"{who} laid down {melds_inline(new)} (worth {melds_value(new, before.rules.card_values)}).")
    elif typ in (MELD, ADD):
        what = "melded" if typ == MELD else "added to a meld:"
        lines.append(f"{who} {what} {melds_inline(new)}.")
    elif typ == DISCARD:
        lines.append(f"{who} discarded {KINDS[ACTION_CARD[action]]}.")
        if after.held[seat] == 0 and not after.in_foot[seat]:
            lines.append(f"{who} emptied {_their(seat, viewer)} hand: the foot comes next turn.")
    before_c = count_canastas(before.melds[t])
    after_c = count_canastas(after.melds[t])
    for kind, b, a in zip(CANASTA_KINDS, before_c, after_c, strict=True):
        if a > b:
            lines.append(f"{TEAM_NAMES[t]} completed a {kind} canasta.")
    for s in range(4) if others else (seat,):
        if after.in_foot[s] and not before.in_foot[s]:
            lines.append(f"{_who(s, viewer)} picked up {_their(s, viewer)} foot.")
    for team in (0, 1) if others else (t,):
        n = after.red_threes[team] - before.red_threes[team]
        if n > 0:
            finder = _red_three_finder(before, after, seat, team)
            name = _who(finder, viewer) if finder is not None else TEAM_NAMES[team]
            lines.append(f"{name} laid down {'a red three' if n == 1 else f'{n} red threes'}.")
    return lines


def _red_three_finder(before: View, after: View, seat: int, team: int) -> int | None:
    """The acting player's own red threes, or those found in a foot picked up at the start of a turn."""
    if team == seat & 1:
        return seat
    feet = [s for s in (team, team + 2) if after.in_foot[s] and not before.in_foot[s]]
    return feet[0] if feet else None


@dataclass
class TurnSummary:
    """One player's turn, added up action by action."""

    seat: int
    viewer: int
    opening: list[str] = field(default_factory=list)  # the foot picked up before the turn began
    drew: int = 0
    drew_cards: list[int] = field(default_factory=lambda: [0] * NUM_KINDS)
    pickup: str = ""
    laid_down: list[Meld] = field(default_factory=list)
    laid_value: int = 0
    started: list[int] = field(default_factory=list)
    added: int = 0
    added_to: list[int] = field(default_factory=list)
    canastas: list[Meld] = field(default_factory=list)
    foot: bool = False
    red_threes: int = 0
    discard: str = ""
    emptied: bool = False

    def step(self, before: View, after: View, action: int) -> None:
        """Fold in one action of this turn's player (before and after are the viewer's views)."""
        seat, t = self.seat, self.seat & 1
        typ = ACTION_TYPE[action]
        if typ in (MELD, ADD) and not before.down[t]:
            return  # a set-aside meld is private (rule 12); it shows when it is laid down
        new = _new_melds(before.melds[t], after.melds[t])
        if typ == DRAW:
            self.drew += before.stock_size - after.stock_size - (after.red_threes[t] - before.red_threes[t])
            if seat == self.viewer:
                self.drew_cards = [a + b for a, b in zip(self.drew_cards, _gained(before, after), strict=True)]
        elif typ == PICKUP:
            taken = len(before.pile) - len(after.pile)
            self.pickup = f"took the pile ({taken} card{'s' if taken != 1 else ''}, top {KINDS[before.pile[-1]]})"
        if typ == LAYDOWN or (typ == PICKUP and not before.down[t]):
            self.laid_down += new
            self.laid_value += melds_value(new, before.rules.card_values)
        elif typ == MELD:
            self.started += [m[0] for m in new]
        elif typ == ADD:
            self.added += 1
            for m in new:
                if m[0] not in self.added_to:
                    self.added_to.append(m[0])
        elif typ == DISCARD:
            self.discard = KINDS[ACTION_CARD[action]]
            self.emptied = after.held[seat] == 0 and not after.in_foot[seat]
        old = [m for m in before.melds[t] if is_canasta(m)]
        self.canastas += _new_melds(old, [m for m in after.melds[t] if is_canasta(m)])
        if after.in_foot[seat] and not before.in_foot[seat]:
            self.foot = True
        self.red_threes += max(0, after.red_threes[t] - before.red_threes[t])

    def line(self) -> str:
        """The turn as one sentence."""
        you = self.seat == self.viewer
        parts = list(self.opening)
        if self.drew:
            if you:
                parts.append(f"drew {_counts(self.drew_cards)}")
            else:
                parts.append("drew" if self.drew == 2 else f"drew {_plural(self.drew, 'card')}")
        if self.pickup:
            parts.append(self.pickup)
        if self.laid_down:
            ranks = _and([rank_name(m[0]) for m in self.laid_down])
            parts.append(f"laid down {ranks} meld{'s' if len(self.laid_down) > 1 else ''} (worth {self.laid_value})")
        if self.started:
            parts.append(f"started {'a ' if len(self.started) == 1 else ''}"
                         f"{_and([rank_name(r) for r in self.started])} meld{'s' if len(self.started) > 1 else ''}")
        if self.added:
            cards = _plural(self.added, "card") if self.added > 1 else "a card"
            where = (f"the {rank_name(self.added_to[0])} meld" if len(self.added_to) == 1
                     else f"{_words(len(self.added_to))} melds")
            parts.append(f"added {cards} to {where}")
        if self.canastas:
            parts.append("completed " + _canastas_phrase(self.canastas))
        if self.red_threes:
            parts.append(f"laid down {'a red three' if self.red_threes == 1 else f'{self.red_threes} red threes'}")
        if self.foot:
            parts.append(f"picked up {_their(self.seat, self.viewer)} foot")
        if self.discard:
            parts.append(f"discarded {self.discard}"
                         + (f" and emptied {_their(self.seat, self.viewer)} hand" if self.emptied else ""))
        if not parts:
            parts.append("set melds aside" if you else "passed")
        return f"{_who(self.seat, self.viewer)} {_and(parts)}."


def _canastas_phrase(melds: Sequence[Meld]) -> str:
    by_kind: dict[str, list[str]] = {}
    for m in melds:
        by_kind.setdefault(meld_kind(m), []).append(rank_name(m[0]))
    phrases = []
    for kind in CANASTA_KINDS:
        ranks = by_kind.get(kind, [])
        if kind == "wild" and ranks:
            phrases.append("a wild canasta" if len(ranks) == 1 else f"{len(ranks)} wild canastas")
        elif ranks:
            phrases.append(f"a {kind} {ranks[0]} canasta" if len(ranks) == 1
                           else f"{kind} {_and(ranks)} canastas")
    return _and(phrases)


class TurnLog:
    """Every event of the game for ``log``, and the short account the screen shows since South's last move.

    The viewer's own actions get a line each (the screen is drawn again after each of them); everyone
    else's turn gets one line when it ends.
    """

    def __init__(self, viewer: int = 0) -> None:
        self.viewer = viewer
        self.rounds: list[list[str]] = [[]]  # the full log, one list per round
        self._recent: list[str] = []
        self._turn: TurnSummary | None = None
        self._opening: dict[int, list[str]] = {}
        self.viewer_moved = False  # this round: what the screen's events run from

    def step(self, before: View, after: View, seat: int, action: int) -> None:
        """Record one action (not one that ended the round: see ``end_round``)."""
        detail = describe_step(before, after, seat, action)
        self.rounds[-1] += detail
        if self._turn is not None and self._turn.seat != seat:
            self._close()
        if seat == self.viewer:
            self.viewer_moved = True
            self._recent += describe_step(before, after, seat, action, others=False)
        else:
            if self._turn is None:
                self._turn = TurnSummary(seat, self.viewer, opening=self._opening.pop(seat, []))
            self._turn.step(before, after, action)
        # The next player's foot is picked up as this turn ends (rule 3.1): tell it with their turn.
        for s in range(4):
            if s != seat and after.in_foot[s] and not before.in_foot[s]:
                red = after.red_threes[s & 1] - before.red_threes[s & 1] if s & 1 != seat & 1 else 0
                note = "picked up " + _their(s, self.viewer) + " foot"
                if red > 0:
                    note += f" (with {'a red three' if red == 1 else f'{red} red threes'})"
                if s == self.viewer:
                    self._close()
                    self._recent.append(f"You {note}.")
                else:
                    self._opening.setdefault(s, []).append(note)

    def _close(self) -> None:
        if self._turn is not None:
            self._recent.append(self._turn.line())
            self._turn = None

    def end_round(self, result: dict[str, Any]) -> None:
        """Close the round: its last turn and how it ended."""
        self._close()
        self._opening.clear()
        self.viewer_moved = False
        end = describe_round_end(result, self.viewer)
        self._recent.append(end)
        self.rounds[-1].append(end)
        self.rounds.append([])

    @property
    def since(self) -> str:
        """What the lines of ``take`` run from, for the screen's heading."""
        return "your last move" if self.viewer_moved else "the round began"

    def take(self) -> list[str]:
        """The lines since the last ``take``: one per action of the viewer, one per finished turn of others."""
        self._close()
        lines, self._recent = self._recent, []
        return lines


def describe_round_end(result: dict[str, Any], viewer: int = 0) -> str:
    """How a round ended, in words."""
    went_out = result.get("went_out")
    if went_out is not None:
        return f"{_who(went_out, viewer)} went out: round {result['round']} is over."
    if result.get("ended_by") == "stock":
        return f"The stock ran out: round {result['round']} is over."
    return f"A player was left without a legal action: round {result['round']} is over."
