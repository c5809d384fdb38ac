"""The terminal screen of ``footcanasta play``: what South may see, in words, built from a ``View`` only.

Everything on the screen comes from ``game.view(0)`` (RULES.md section 12) and from event lines made by
``events.py`` out of two such views, so the screen cannot show a card South may not see. Meaning is
always carried by words ("clean canasta", "in foot", "to play"), never by colour alone, so the screen reads
the same with ``NO_COLOR`` or through a pipe.

The screen is drawn again after every move, so it is built to fit a terminal: the table (scores, pile,
both partnerships' melds, the players, your hand) takes about a dozen lines at 80 columns, each meld is
written short (``Q×6``, ``A×4+2``), and what happened since your last move is one line per turn
(``tests/test_play_screen.py`` measures real positions at 100 and 80 columns).
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Any

from rich.console import Console, Group, RenderableType
from rich.padding import Padding
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from ..actions import action_name
from ..cards import BLACK3, HOLD_KINDS, JOKER, KINDS, TWO, WILD_RANK
from ..engine import View
from ..melds import CANASTA_KINDS, Meld, is_canasta, meld_kind, melds_value
from ..seats import SEAT_NAMES, TEAM_NAMES, partner_of
from .events import describe_round_end, describe_step, melds_inline, rank_name

__all__ = [
    "counts_text", "describe_round_end", "describe_step", "final_text", "meld_short", "melds_inline",
    "render_screen", "round_table", "screen_text",
]

# Kinds in the order a hand is read: ranks low to high, then wild cards, then black threes.


def counts_text(counts: Sequence[int], times: str = "×") -> str:
    """Cards grouped by rank with counts, e.g. ``4×2  7×3  K  JK``."""
    parts = [KINDS[k] if counts[k] == 1 else f"{KINDS[k]}{times}{int(counts[k])}" for k in HOLD_KINDS if counts[k]]
    return "  ".join(parts) if parts else "(none)"


def _times(card: str, n: int, times: str) -> str:
    return card if n == 1 else f"{card}{times}{n}"


def meld_short(m: Meld, times: str = "×") -> str:
    """A meld in a few characters: ``Q×6`` (six queens), ``A×4+2`` (four aces and a two), ``wild 2×3+JK``."""
    r, nat, two, jk = m
    wilds = [_times(KINDS[TWO], two, times)] * bool(two) + [_times(KINDS[JOKER], jk, times)] * bool(jk)
    if r == WILD_RANK:
        return "wild " + "+".join(wilds)
    return "+".join([_times(KINDS[r], nat, times), *wilds])


def _canastas(melds: Sequence[Meld]) -> str:
    done = [m for m in melds if is_canasta(m)]
    if not done:
        return "no canasta yet"
    parts = []
    for kind in CANASTA_KINDS:
        ranks = [rank_name(m[0]) for m in done if meld_kind(m) == kind]
        if ranks:
            which = "" if kind == "wild" else f" ({' '.join(ranks)})"
            parts.append(f"{len(ranks)} {kind}{which}")
    return "canastas " + ", ".join(parts)


def _team_lines(view: View, t: int, times: str) -> list[Text]:
    name = Text(TEAM_NAMES[t] + (" (you)" if t == view.team else ""), style="bold")
    red = f"red 3s {view.red_threes[t]}"
    if not view.down[t]:
        name.append(f": no initial meld yet ({view.minimum} needed); {red}")
        return [name]
    name.append(f": {_canastas(view.melds[t])}; {red}")
    open_melds = [meld_short(m, times) for m in view.melds[t] if not is_canasta(m)]
    return [name, Text("  melds: " + ("  ".join(open_melds) if open_melds else "none open"))]


def _pile_text(view: View) -> Text:
    line = Text(f"Stock {view.stock_size}.  ")
    if not view.pile:
        line.append("Pile empty.")
        return line
    n = len(view.pile)
    line.append(f"Pile {n}: top ")
    line.append(KINDS[view.pile[-1]], style="bold reverse")
    if view.pile[-1] == BLACK3:
        line.append(" (a black three: no pickup)")
    below = [KINDS[k] for k in reversed(view.pile[-5:-1])]
    if below:
        line.append(f", under it {' '.join(below)}{' ...' if n > 5 else ''}")
    if n > 1:
        line.append(" (see 'pile')")
    return line


def _players_text(view: View, times: str) -> list[RenderableType]:
    seats = [(view.seat + i) % 4 for i in (1, 2, 3)]  # clockwise from the viewer: the order of play
    parts = []
    for s in seats:
        notes = ["in foot"] * view.in_foot[s] + ["to play"] * (view.current_player == s and not view.is_over)
        parts.append(f"{SEAT_NAMES[s]} {view.held[s]}" + (f" ({', '.join(notes)})" if notes else ""))
    lines: list[RenderableType] = [Text("Cards held: " + ", ".join(parts) + ".")]
    took = [f"{SEAT_NAMES[s]} {counts_text(view.memory[s], times)}" for s in range(4)
            if s != view.seat and view.memory[s].any()]
    if took:
        lines.append(_indented("From the pile, not yet played: " + "; ".join(took) + "."))
    return lines


def _indented(line: str) -> RenderableType:
    """A line indented by two, its wrapped part too, so that each event stands out at any width."""
    return Padding(Text(line), (0, 0, 0, 2), expand=False)


def _legal_grid(legal: Sequence[int], width: int) -> Text:
    """The legal actions, numbered, in as many columns as fit (each column as wide as its widest item)."""
    items = [f"{i:>2} {action_name(a)}" for i, a in enumerate(legal, 1)]
    for cols in range(min(len(items), 8), 0, -1):
        widths = [max(len(x) for x in items[c::cols]) for c in range(cols)]
        if sum(widths) + 3 * (cols - 1) <= width or cols == 1:
            break
    rows = ["   ".join(x.ljust(widths[c]) for c, x in enumerate(items[i:i + cols])).rstrip()
            for i in range(0, len(items), cols)]
    return Text("\n".join(rows))


def render_screen(view: View, events: Sequence[str] = (), width: int = 80, times: str = "×",
                  since: str = "your last move") -> RenderableType:
    """The whole play screen for South's ``view``, with the events since South's last move (or ``since``)."""
    rules = view.rules
    title = (f"Round {view.round} of {rules.rounds}   {TEAM_NAMES[0]} {view.scores[0]}   "
             f"{TEAM_NAMES[1]} {view.scores[1]}")
    parts: list[RenderableType] = [Rule(Text(title, style="bold"), align="left")]
    parts.append(Text(f"Initial meld {view.minimum} points. To go out: {rules.clean_needed} clean, "
                      f"{rules.dirty_needed} dirty and {rules.wild_needed} wild canasta."))
    parts.append(_pile_text(view))
    for t in (view.team, 1 - view.team):
        parts += _team_lines(view, t, times)
    parts += _players_text(view, times)
    if events:
        parts.append(Text(f"Since {since} ('log' shows every card):", style="bold"))
        parts += [_indented(e) for e in events]
    where = "from your foot" if view.in_foot[view.seat] else "foot still waiting"
    held = int(sum(view.hand))
    hand = Text(f"Your hand, {held} card{'s' if held != 1 else ''} ({where}): ", style="bold")
    hand.append(counts_text(view.hand, times), style="bold cyan")
    parts.append(hand)
    if view.set_aside:
        value = melds_value(view.set_aside, rules.card_values)
        line = f"Set aside ({value} of {view.minimum} needed): {melds_inline(view.set_aside)}"
        if value >= view.minimum and view.phase == "play":
            line += "; 'laydown' puts them on the table"
        parts.append(Text(line + "; a discard returns them to your hand."))
    if view.my_turn:
        if view.phase == "draw":
            step = "draw step: draw (d) or take the pile (p)"
        elif view.down[view.team]:
            step = "play step: meld (m), add (a), then discard (x)"
        else:
            step = "play step: set melds aside (m, a), lay them down (l), discard (x)"
        parts.append(Text(f"Your turn, {step}.", style="bold"))
        parts.append(_legal_grid(view.legal_actions, width))
    elif not view.is_over:
        parts.append(Text(f"{SEAT_NAMES[view.current_player]} to play ({view.phase} step)."))
    return Group(*parts)


def screen_text(view: View, events: Sequence[str] = (), width: int = 100, times: str = "×") -> str:
    """The screen as plain text (for tests and logs)."""
    out = io.StringIO()
    console = Console(file=out, width=width, no_color=True, color_system=None, highlight=False)
    console.print(render_screen(view, events, width, times))
    return out.getvalue()


# ---------------------------------------------------------------------------------------------- round end


def round_table(result: dict[str, Any], totals: Sequence[int], viewer_team: int | None = 0,
                red_three_value: int = 100) -> RenderableType:
    """The score table of a finished round with its breakdown and the running totals.

    A negative red-three figure gets a note saying why: red threes in a foot never picked up count
    against their partnership (rule 9.2), which surprises newcomers.
    """
    table = Table(title=f"Round {result['round']} scores", title_justify="left", header_style="bold",
                  box=None, padding=(0, 1))
    cols = ("", "Melds", "Canastas", "c/d/w", "Red\n3s", "Going\nout", "Cards\nheld", "Round", "Total")
    for i, name in enumerate(cols):
        table.add_column(name, justify="left" if i == 0 else "right", no_wrap=True)
    notes = [] if viewer_team is None else ["* your partnership"]
    for t in (0, 1):
        b = result["breakdown"][t]
        red = b["red_threes"] + b["red_threes_in_foot"]  # laid down, less those stuck in an unpicked foot
        name = TEAM_NAMES[t] + ("*" if t == viewer_team else "")
        table.add_row(name, str(b["melds"]), str(b["canastas"]), f"{b['clean']}/{b['dirty']}/{b['wild']}",
                      str(red), str(b["going_out"]), str(b["cards_held"]), str(b["total"]), str(totals[t]))
        if b["red_threes_in_foot"]:
            n = -b["red_threes_in_foot"] // red_three_value if red_three_value else 0
            stuck = str(n) if n > 0 else "those"
            notes.append(f"{TEAM_NAMES[t]} red 3s: {b['red_threes']:+} laid down, {b['red_threes_in_foot']} "
                         f"for {stuck} in an unpicked foot (rule 9.2).")
    return Group(table, *(Text(n) for n in notes))


def final_text(scores: Sequence[int], viewer_team: int = 0) -> str:
    """The game's result in words."""
    a, b = scores
    line = f"Final scores: {TEAM_NAMES[0]} {a}, {TEAM_NAMES[1]} {b}. "
    if a == b:
        return line + "A draw."
    win = 0 if a > b else 1
    if win == viewer_team:
        return line + f"You and {SEAT_NAMES[partner_of(0)]} win!"
    return line + f"{TEAM_NAMES[win]} win."
