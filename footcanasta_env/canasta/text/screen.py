"""The terminal screen of a Canasta game: what South may see, in words, built from a ``View`` only.

Everything on it comes from ``game.view(0)`` (CANASTA_RULES.md section 12) and from event lines that
``events`` makes out of two such views, so the screen cannot show a card South may not see. Meaning is
carried by words ("FROZEN", "natural canasta", "to play"), never by colour alone. The screen is drawn
again after every move, so it is built to fit a terminal of 100x40 or 80x24: the table (scores and
target, the minimums, the pile, both partnerships' melds, the players, the hand) takes about ten lines.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Any

from rich.console import Console, Group, RenderableType
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from ...cards import BLACK3, HOLD_KINDS, JOKER, KINDS, TWO
from ...seats import SEAT_NAMES, TEAM_NAMES, partner_of
from ..actions import DRAW_ID, PICKUP_ID, action_name
from ..engine import View
from ..rules import Rules
from .melds import canastas_text, is_canasta, meld_short, melds_inline, melds_value


def counts_text(counts: Sequence[int], times: str = "×") -> str:
    """Cards grouped by kind with counts, e.g. ``4×2  7×3  K  JK``."""
    parts = [KINDS[k] if counts[k] == 1 else f"{KINDS[k]}{times}{int(counts[k])}" for k in HOLD_KINDS if counts[k]]
    return "  ".join(parts) if parts else "(none)"


def score_band(rules: Rules, score: int) -> str:
    """The band of totals a minimum belongs to (rule 7.1): ``score below 0``, ``score 0 to 1,495``."""
    th = rules.minimum_thresholds
    i = sum(1 for x in th if score >= x)
    if i == 0:
        return f"score below {th[0]:,}"
    if i == len(th):
        return f"score {th[-1]:,} or more"
    return f"score {th[i - 1]:,} to {th[i] - 5:,}"


def frozen_reason(view: View, team: int) -> str:
    """Why the pile is frozen for a partnership (rule 4.2), '' when it is not."""
    if not view.frozen[team]:
        return ""
    if any(k in (TWO, JOKER) for k in view.pile):
        return "a wild card is in it"
    return "no initial meld yet"


def minimum_line(view: View) -> Text:
    """Each partnership's initial-meld minimum this round, from its score (rule 7.1), and whether it is made."""
    parts = []
    for t in (view.team, 1 - view.team):
        name = "you" if t == view.team else TEAM_NAMES[t]
        if view.down[t]:
            parts.append(f"{name}: made")
        else:
            parts.append(f"{name}: {view.minimums[t]} needed ({score_band(view.rules, view.scores[t])})")
    return Text("Initial meld: " + "; ".join(parts) + ".")


def pile_line(view: View) -> Text:
    """The stock's size and the pile: size, top card, below it, and whether and why it is frozen."""
    line = Text(f"Stock {view.stock_size}.  ")
    if not view.pile:
        return line.append("Pile empty.")
    n = len(view.pile)
    line.append(f"Pile {n}: top ")
    line.append(KINDS[view.pile[-1]], style="bold reverse")
    below = [KINDS[k] for k in reversed(view.pile[-4:-1])]
    if below:
        line.append(f", under it {' '.join(below)}{' ...' if n > 4 else ''}")
    top = view.pile[-1]
    if top == BLACK3:
        line.append("; a black three: no pickup (rule 4.1)")
    elif top in (TWO, JOKER):
        line.append("; a wild card: no pickup (rule 4.1)")
    why = frozen_reason(view, view.team)
    if why:
        line.append(f"; FROZEN for you ({why})", style="bold")
    other = frozen_reason(view, 1 - view.team)
    if other and not why:
        line.append(f"; frozen for {TEAM_NAMES[1 - view.team]} ({other})")
    return line if line.plain.endswith("...") else line.append(".")


def team_lines(view: View, t: int, times: str = "×") -> list[Text]:
    """A partnership's state: canastas by kind, red and black threes, the open melds."""
    name = Text(TEAM_NAMES[t] + (" (you)" if t == view.team else ""), style="bold")
    red = f"red 3s {view.red_threes[t]}"
    if not view.down[t]:
        name.append(f": no initial meld yet; {red}" + (" (minus until it melds)" if view.red_threes[t] else ""))
        return [name]
    black = f"; black 3s {view.black_threes[t]}" if view.black_threes[t] else ""
    name.append(f": {canastas_text(view.melds[t], times)}; {red}{black}")
    open_melds = [meld_short(m, times) for m in view.melds[t] if not is_canasta(m)]
    return [name, Text("  melds: " + ("  ".join(open_melds) if open_melds else "none open"))]


def players_lines(view: View, times: str = "×") -> list[RenderableType]:
    """How many cards each other player holds, who is to play, and what they took with the pile."""
    parts = []
    for s in ((view.seat + i) % 4 for i in (1, 2, 3)):  # the order of play from the viewer
        notes = ["to play"] * (view.current_player == s and not view.is_over) + ["melded"] * bool(view.has_melded[s])
        parts.append(f"{SEAT_NAMES[s]} {view.held[s]}" + (f" ({', '.join(notes)})" if notes else ""))
    lines: list[RenderableType] = [Text("Cards held: " + ", ".join(parts) + ".")]
    took = [f"{SEAT_NAMES[s]} {counts_text(view.memory[s], times)}" for s in range(4)
            if s != view.seat and view.memory[s].any()]
    if took:
        lines.append(_indented("From the pile, not yet played: " + "; ".join(took) + "."))
    return lines


def _indented(line: str) -> RenderableType:
    return Padding(Text(line), (0, 0, 0, 2), expand=False)


def legal_grid(legal: Sequence[int], width: int) -> Text:
    """The legal actions, numbered, in as many columns as fit."""
    items = [f"{i:>2} {action_name(a)}" for i, a in enumerate(legal, 1)]
    widths: list[int] = []
    cols = 1
    for cols in range(min(len(items), 8), 0, -1):
        widths = [max(len(x) for x in items[c::cols]) for c in range(cols)]
        if sum(widths) + 3 * (cols - 1) <= width or cols == 1:
            break
    rows = ["   ".join(x.ljust(widths[c]) for c, x in enumerate(items[i:i + cols])).rstrip()
            for i in range(0, len(items), cols)]
    return Text("\n".join(rows))


def _turn_line(view: View) -> Text:
    if view.phase == "draw":
        aside = not view.down[view.team] and any(a not in (DRAW_ID, PICKUP_ID) for a in view.legal_actions)
        step = "draw (d) or take the pile (p)" + ("; or set melds aside first (m)" if aside else "")
    elif view.down[view.team]:
        step = "meld (m), add (a), then discard (x)"
    else:
        step = "set melds aside (m, a), lay them down (l), then discard (x)"
    return Text(f"Your turn, {view.phase} step: {step}.", style="bold")


def render_screen(view: View, events: Sequence[str] = (), width: int = 80, times: str = "×",
                  since: str = "your last move") -> RenderableType:
    """The whole play screen for South's ``view``, with the events since South's last move (or ``since``)."""
    rules = view.rules
    cap = f" (at most {rules.max_rounds} rounds)" if rules.max_rounds else ""
    title = (f"Round {view.round}   {TEAM_NAMES[0]} {view.scores[0]}   {TEAM_NAMES[1]} {view.scores[1]}   "
             f"target {view.target}{cap}")
    # A rule crops a title that does not fit; a line of text wraps instead (a round cap makes it long).
    parts: list[RenderableType] = [Text(title, style="bold underline"), minimum_line(view), pile_line(view)]
    for t in (view.team, 1 - view.team):
        parts += team_lines(view, t, times)
    parts += players_lines(view, times)
    if events:
        parts.append(Text(f"Since {since or 'your last move'} ('log' shows every card):", style="bold"))
        parts += [_indented(e) for e in events]
    held = int(sum(view.hand))
    hand = Text(f"Your hand, {held} card{'s' if held != 1 else ''}: ", style="bold")
    parts.append(hand.append(counts_text(view.hand, times), style="bold cyan"))
    if view.set_aside:
        value = melds_value(view.set_aside, rules.card_values)
        parts.append(Text(f"Set aside ({value} of {view.minimums[view.team]} needed): "
                          f"{melds_inline(view.set_aside)}; 'l' lays them down, a discard returns them."))
    if view.my_turn:
        parts.append(_turn_line(view))
        parts.append(legal_grid(view.legal_actions, width))
    elif not view.is_over:
        parts.append(Text(f"{SEAT_NAMES[view.current_player]} to play ({view.phase} step)."))
    return Group(*parts)


def screen_text(view: View, events: Sequence[str] = (), width: int = 100, times: str = "×") -> str:
    """The screen as plain text (for tests and logs)."""
    out = io.StringIO()
    Console(file=out, width=width, no_color=True, color_system=None, highlight=False).print(
        render_screen(view, events, width, times))
    return out.getvalue()


def round_table(result: dict[str, Any], totals: Sequence[int], viewer_team: int | None = 0) -> RenderableType:
    """The score table of a finished round (rule 9) with the running totals."""
    table = Table(title=f"Round {result['round']} scores", title_justify="left", header_style="bold",
                  box=None, padding=(0, 1))
    cols = ("", "Melds", "Canastas", "nat/mix", "Red\n3s", "Going\nout", "Cards\nheld", "Round", "Total")
    for i, name in enumerate(cols):
        table.add_column(name, justify="left" if i == 0 else "right", no_wrap=True)
    for t in (0, 1):
        b = result["breakdown"][t]
        name = TEAM_NAMES[t] + ("*" if t == viewer_team else "")
        table.add_row(name, str(b["melds"]), str(b["canastas"]), f"{b['natural']}/{b['mixed']}",
                      str(b["red_threes"]), str(b["going_out"]), str(b["cards_held"]), str(b["total"]),
                      str(totals[t]))
    notes = [] if viewer_team is None else ["* your partnership"]
    if result.get("concealed"):
        notes.append("Out concealed: no card melded before that turn (rule 8.4).")
    notes += [f"{TEAM_NAMES[t]}: red threes count minus, the partnership never melded (rule 9.2)."
              for t in (0, 1) if result["breakdown"][t]["red_threes"] < 0]
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
