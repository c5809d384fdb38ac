"""What happened at a Canasta table, in words: one line per action (the log) or one line per turn (the screen).

Both are built from two of the viewer's views, before and after one action, so they cannot tell a card
the viewer may not see (CANASTA_RULES.md section 12): another player's draw is a card count, their
set-aside melds (rule 7.2) are told only when they are laid down. ``TurnLog`` keeps every line for
``log`` and sums up each other player's turn in one line ("West drew, melded K K K, discarded 9.").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ...cards import JOKER, KINDS, TWO, format_counts
from ...seats import SEAT_NAMES, TEAM_NAMES
from ..actions import ACTION_CARD, ACTION_TYPE, ADD, DISCARD, DRAW, LAYDOWN, MELD, MELD_B3, PICKUP
from ..engine import View
from .melds import added_cards, canasta_events, changed, melds_inline, melds_value


def who(seat: int, viewer: int) -> str:
    """``You`` for the viewer, else the seat's name."""
    return "You" if seat == viewer else SEAT_NAMES[seat]


def _cards(n: int) -> str:
    return f"{n} card{'s' if n != 1 else ''}"


def _and(items: Sequence[str]) -> str:
    items = list(items)
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _gained(before: View, after: View) -> str:
    return format_counts([max(0, int(a) - int(b)) for a, b in zip(after.hand, before.hand, strict=True)]) or "nothing"


def red_threes_phrase(n: int) -> str:
    """``a red three`` or ``2 red threes``."""
    return "a red three" if n == 1 else f"{n} red threes"


def _pickup_line(before: View, after: View, seat: int) -> str:
    viewer, t = before.seat, seat & 1
    line = f"{who(seat, viewer)} took the pile ({_cards(len(before.pile))}, top {KINDS[before.pile[-1]]})"
    if not before.down[t]:
        new = list(after.melds[t])
        value = melds_value(new, before.rules.card_values)
        line += f" and laid down the initial meld: {melds_inline(new)} (worth {value})"
    else:
        for old, m in changed(before.melds[t], after.melds[t]):
            where = " as a new meld" if old is None else f" onto the {KINDS[m[0]]}s"
            line += f", melding {added_cards(old, m)}{where}"
    if seat == viewer:
        line += f"; into your hand: {_gained(before, after)}"
    return line + "."


def _meld_line(before: View, after: View, seat: int) -> list[str]:
    viewer, t = before.seat, seat & 1
    if not before.down[t]:  # set aside: private to the player (rules 7.2, 12)
        if seat != viewer:
            return []
        value = melds_value(after.set_aside, before.rules.card_values)
        what = "; ".join(added_cards(o, m) + ("" if o is None else f" more to the {KINDS[m[0]]}s")
                         for o, m in changed(before.set_aside, after.set_aside))
        return [f"You set aside {what} (set aside: {value} of the {before.minimums[t]} needed)."]
    out = []
    for old, m in changed(before.melds[t], after.melds[t]):
        if old is None:
            out.append(f"{who(seat, viewer)} melded {added_cards(old, m)}.")
        else:
            out.append(f"{who(seat, viewer)} added {added_cards(old, m)} to the {KINDS[m[0]]}s.")
    return out


def describe_step(before: View, after: View, seat: int, action: int) -> list[str]:
    """What the viewer saw ``seat`` do, in words, from the viewer's views before and after one action."""
    viewer, t = before.seat, seat & 1
    typ = ACTION_TYPE[action]
    w = who(seat, viewer)
    lines: list[str] = []
    red = after.red_threes[t] - before.red_threes[t]
    if typ == DRAW:
        n = before.stock_size - after.stock_size - max(0, red)
        lines.append(f"You drew {_gained(before, after)}." if seat == viewer else f"{w} drew {_cards(n)}.")
    elif typ == PICKUP:
        lines.append(_pickup_line(before, after, seat))
    elif typ == LAYDOWN:
        new = list(after.melds[t])
        lines.append(f"{w} laid down the initial meld: {melds_inline(new)} "
                     f"(worth {melds_value(new, before.rules.card_values)}).")
    elif typ in (MELD, ADD):
        lines += _meld_line(before, after, seat)
    elif typ == MELD_B3:
        n = after.black_threes[t] - before.black_threes[t]
        lines.append(f"{w} melded {' '.join(['B3'] * n)} on the way out.")
    elif typ == DISCARD:
        card = ACTION_CARD[action]
        line = f"{w} discarded {KINDS[card]}"
        if card in (TWO, JOKER):
            line += ": the pile is frozen"
        if seat == viewer and before.set_aside:
            line += "; the set-aside melds went back to your hand"
        lines.append(line + ".")
    if red > 0:
        lines.append(f"{w} laid down {red_threes_phrase(red)} from the stock.")
    for ev in canasta_events(before.melds[t], after.melds[t]) if before.down[t] else ():
        lines.append(f"{TEAM_NAMES[t]}: {ev}." if "became" in ev else f"{TEAM_NAMES[t]} completed {ev}.")
    return lines


@dataclass
class TurnSummary:
    """Another player's turn, added up action by action from the viewer's views."""

    seat: int
    viewer: int
    parts: list[str] = field(default_factory=list)
    added: int = 0
    added_to: list[str] = field(default_factory=list)

    def step(self, before: View, after: View, action: int) -> None:
        """Fold in one action of this turn's player."""
        t, typ = self.seat & 1, ACTION_TYPE[action]
        red = after.red_threes[t] - before.red_threes[t]
        if typ == DRAW:
            n = before.stock_size - after.stock_size - max(0, red)
            self.parts.append("drew" if n == 1 else f"drew {_cards(n)}")
        elif typ == PICKUP:
            self.parts.append(_pickup_line(before, after, self.seat).split(" ", 1)[1].rstrip("."))
        elif typ == LAYDOWN:
            new = list(after.melds[t])
            self.parts.append(f"laid down the initial meld ({melds_inline(new)}, worth "
                              f"{melds_value(new, before.rules.card_values)})")
        elif typ in (MELD, ADD) and before.down[t]:
            for old, m in changed(before.melds[t], after.melds[t]):
                if old is None:
                    self.parts.append(f"melded {added_cards(old, m)}")
                else:
                    self._added(old, m)
        elif typ == MELD_B3:
            self.parts.append(f"melded {after.black_threes[t] - before.black_threes[t]} black threes")
        elif typ == DISCARD:
            card = ACTION_CARD[action]
            self.parts.append(f"discarded {KINDS[card]}" + (" (the pile is frozen)" if card in (TWO, JOKER) else ""))
        if red > 0:
            self.parts.append(f"laid down {red_threes_phrase(red)}")
        for ev in canasta_events(before.melds[t], after.melds[t]) if before.down[t] else ():
            self.parts.append(ev if "became" in ev else f"completed {ev}")

    def _added(self, old: Any, m: Any) -> None:
        n = sum(m[1:]) - sum(old[1:])
        rank = f"the {KINDS[m[0]]}s"
        if self.added and self.parts and self.parts[-1].startswith("added "):
            self.parts.pop()  # consecutive adds read as one phrase
        self.added += n
        if rank not in self.added_to:
            self.added_to.append(rank)
        self.parts.append(f"added {_cards(self.added)} to {_and(self.added_to)}")

    def line(self) -> str:
        """The turn as one sentence."""
        return f"{who(self.seat, self.viewer)} {_and(self.parts or ['passed'])}."


class TurnLog:
    """Every event of the game for ``log``, and the short account the screen shows since South's last move.

    The viewer's own actions get a line each (the screen is drawn again after each of them); everyone
    else's turn gets one line when it ends.
    """

    def __init__(self, viewer: int = 0) -> None:
        self.viewer = viewer
        self.rounds: list[list[str]] = [[]]
        self._recent: list[str] = []
        self._turn: TurnSummary | None = None
        self.viewer_moved = False

    def step(self, before: View, after: View, seat: int, action: int) -> None:
        """Record one action (not one that ended the round: see ``end_round``)."""
        detail = describe_step(before, after, seat, action)
        self.rounds[-1] += detail
        if self._turn is not None and self._turn.seat != seat:
            self._close()
        if seat == self.viewer:
            self.viewer_moved = True
            self._recent += detail
        else:
            if self._turn is None:
                self._turn = TurnSummary(seat, self.viewer)
            self._turn.step(before, after, action)

    def _close(self) -> None:
        if self._turn is not None:
            self._recent.append(self._turn.line())
            self._turn = None

    def end_round(self, result: dict[str, Any]) -> None:
        """Close the round: its last turn and how it ended."""
        self._close()
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
    """How a round ended, in words, with the round's scores."""
    n = result["round"]
    a, b = result["scores"]
    scores = f" ({TEAM_NAMES[0]} {a:+}, {TEAM_NAMES[1]} {b:+})"
    went_out = result.get("went_out")
    if went_out is not None:
        how = " concealed" if result.get("concealed") else ""
        return f"{who(went_out, viewer)} went out{how}: round {n} is over{scores}."
    if result.get("ended_by") == "stock":
        return f"The stock ran out: round {n} is over{scores}."
    return f"A player was left without a legal action (rule 6.2): round {n} is over{scores}."
