"""The words and pictures both games' terminal and table texts share, written once: seat and partnership
names, "you" or the seat, a sentence said by a seat, cards counted by kind, the legal actions as a numbered
grid, the final result, a screen as plain text, the card values, and the prompt's card tokens and number
choice. Each game's ``text/`` package keeps its own moves, melds and screens and uses these.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from rich.cells import cell_len
from rich.console import Console
from rich.text import Text

from ..i18n import Words, words
from .cards import HOLD_KINDS, KINDS, RED3, kind_of
from .seats import SEAT_NAMES, TEAM_NAMES, partner_of

EN = words()


@dataclass(frozen=True)
class Command:
    """One parsed input line: ``kind`` is action, help, rules, hint, pile, log, look, quit, empty or error.

    For ``log``, ``message`` is ``"all"`` when the whole game's log was asked for.
    """

    kind: str
    action: int | None = None
    message: str = ""


# The prompt's verbs and words, and their short forms, in both games.
VERBS = {"d": "draw", "draw": "draw", "p": "pickup", "pickup": "pickup", "take": "pickup",
         "l": "laydown", "laydown": "laydown", "lay": "laydown", "m": "meld", "meld": "meld",
         "a": "add", "add": "add", "x": "discard", "discard": "discard"}
WORDS = {"help": "help", "h": "help", "?": "help", "hint": "hint", "pile": "pile", "look": "look",
         "show": "look", "log": "log", "rules": "rules", "quit": "quit", "q": "quit", "exit": "quit"}


def seat_name(seat: int, w: Words = EN) -> str:
    """A seat's name in the reader's language."""
    return w._(SEAT_NAMES[seat])


def team_name(team: int, w: Words = EN) -> str:
    """A partnership's name in the reader's language."""
    return w._(TEAM_NAMES[team])


def who(seat: int, viewer: int, w: Words = EN) -> str:
    """``You`` for the viewer, else the seat's name."""
    return w._("You") if seat == viewer else seat_name(seat, w)


def says(seat: int, viewer: int, w: Words, you: str, other: str, **params: object) -> str:
    """The sentence ``you`` when the viewer acted, else ``other`` with ``{who}`` (both ids, in the language)."""
    if seat == viewer:
        return w._(you).format(**params)
    return w._(other).format(who=seat_name(seat, w), **params)


def repeated(card: str, n: int) -> str:
    """``n`` cards of a kind as a card player lays them out, each shown: ``5 5`` (two fives), ``2 2 2`` (three
    twos). A count beside a rank (``5×2``) reads as two cards, five and two, so no count is written."""
    return " ".join([card] * int(n))


def counts_text(counts: Sequence[int], w: Words = EN) -> str:
    """Cards grouped by kind, every card shown, two spaces between kinds: ``4 4  7 7 7  K  JK``."""
    parts = [repeated(KINDS[k], counts[k]) for k in HOLD_KINDS if counts[k]]
    return "  ".join(parts) if parts else w._("(none)")


def packed(head: Text, items: Sequence[str], width: int, sep: str, style: str = "", indent: int = 4) -> Text:
    """``head`` and then ``items`` joined by ``sep``, broken into lines of ``width`` cells between items only:
    a meld (``K K K``) or a group of cards is never split across two lines, and a line that goes on is
    indented by ``indent``."""
    line = head.copy()
    col = cell_len(head.plain.split("\n")[-1])
    for i, item in enumerate(items):
        piece = (sep if i else "") + item
        if i and col + cell_len(piece) + cell_len(sep.rstrip()) > width:  # room left for a separator after it
            line.append(sep.rstrip() + "\n" + " " * indent)
            piece, col = item, indent
        line.append(piece, style=style)
        col += cell_len(piece)
    return line


def legal_grid(legal: Sequence[int], width: int, action_name: Callable[[int], str]) -> Text:
    """The legal actions, numbered, in as many columns as fit (each column as wide as its widest item)."""
    items = [f"{i:>2} {action_name(a)}" for i, a in enumerate(legal, 1)]
    widths: list[int] = []
    for cols in range(min(len(items), 8), 0, -1):
        widths = [max(len(x) for x in items[c::cols]) for c in range(cols)]
        if sum(widths) + 3 * (cols - 1) <= width or cols == 1:
            break
    rows = ["   ".join(x.ljust(widths[c]) for c, x in enumerate(items[i:i + cols])).rstrip()
            for i in range(0, len(items), cols)]
    return Text("\n".join(rows))


def final_text(scores: Sequence[int], viewer_team: int = 0, w: Words = EN) -> str:
    """The game's result in words."""
    a, b = scores
    line = w._("Final scores: {team0} {score0}, {team1} {score1}.").format(
        team0=team_name(0, w), score0=w.num(a), team1=team_name(1, w), score1=w.num(b)) + " "
    if a == b:
        return line + w._("A draw.")
    win = 0 if a > b else 1
    if win == viewer_team:
        return line + w._("You and {partner} win!").format(partner=seat_name(partner_of(0), w))
    return line + w._("{team} win.").format(team=team_name(win, w))


def screen_text(render: Callable[..., Any], view: Any, events: Sequence[str] = (), width: int = 100,
                w: Words = EN) -> str:
    """A screen (``render(view, events, width, w=w)``) as plain text (for tests and logs)."""
    out = io.StringIO()
    console = Console(file=out, width=width, no_color=True, color_system=None, highlight=False)
    console.print(render(view, events, width, w=w))
    return out.getvalue()


def card_values_text(rules: Any, w: Words = EN) -> str:
    """The card values, highest first: ``50 for JK; 20 for A and 2; ...``."""
    by_value: dict[int, list[str]] = {}
    for k, v in enumerate(rules.card_values):
        if k != RED3:
            by_value.setdefault(v, []).append(KINDS[k])
    parts = [w._("{value} for {cards}").format(value=w.num(v), cards=w.join(names))
             for v, names in sorted(by_value.items(), reverse=True)]
    return w._("Card values: {values}.").format(values="; ".join(parts))


def is_card(token: str) -> bool:
    """Whether ``token`` names a card."""
    try:
        kind_of(token)
    except ValueError:
        return False
    return True


def contains(have: Sequence[int], want: Sequence[int]) -> bool:
    """Whether multiset ``want`` is inside multiset ``have``."""
    rest = list(have)
    for k in want:
        if k not in rest:
            return False
        rest.remove(k)
    return True


def number_choice(word: str, tokens: list[str], shown: str, legal: Sequence[int], w: Words,
                  command: Callable[..., Any]) -> Any:
    """``3``: the third action in the list of legal actions, as the game's ``command(kind, action,
    message=...)``."""
    if len(tokens) > 1:
        return command("error", message=w._("'{text}': type one action number at a time").format(text=shown))
    n = int(word)
    if not legal:
        return command("error", message=w._("there is nothing to choose now"))
    if not 1 <= n <= len(legal):
        return command("error", message=w._("there is no action number {n}: choose 1 to {last}").format(
            n=n, last=len(legal)))
    return command("action", legal[n - 1])


class TurnLogBase:
    """Every event of the game for ``log``, and the short account the screen shows since South's last move.

    The viewer's own actions get a line each (the screen is drawn again after each of them); everyone
    else's turn gets one line when it ends. A game's ``TurnLog`` adds ``step`` (how it records an action)
    and names ``round_end`` (a finished round in words: ``round_end(result, viewer, w)``).
    """

    def round_end(self, result: dict[str, Any], viewer: int, w: Words) -> str:
        """A finished round in words (the game's ``describe_round_end``)."""
        raise NotImplementedError

    def __init__(self, viewer: int = 0, w: Words = EN) -> None:
        self.viewer = viewer
        self.w = w
        self.rounds: list[list[str]] = [[]]  # the full log, one list per round
        self._recent: list[str] = []
        self._turn: Any = None  # the game's summary of the turn another seat is playing
        self.viewer_moved = False  # this round: what the screen's events run from

    def _close(self) -> None:
        if self._turn is not None:
            self._recent.append(self._turn.line())
            self._turn = None

    def _new_round(self) -> None:
        """Forget what the game's log keeps only within a round (nothing by default)."""

    def end_round(self, result: dict[str, Any]) -> None:
        """Close the round: its last turn and how it ended."""
        self._close()
        self._new_round()
        self.viewer_moved = False
        end = self.round_end(result, self.viewer, self.w)
        self._recent.append(end)
        self.rounds[-1].append(end)
        self.rounds.append([])

    @property
    def since(self) -> str:
        """What the lines of ``take`` run from, for the screen's heading."""
        return self.w._("your last move") if self.viewer_moved else self.w._("the round began")

    def take(self) -> list[str]:
        """The lines since the last ``take``: one per action of the viewer, one per finished turn of others."""
        self._close()
        lines, self._recent = self._recent, []
        return lines
