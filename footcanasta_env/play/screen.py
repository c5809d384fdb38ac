"""The terminal screen of ``footcanasta play``: what South may see, in words, built from a ``View`` only.

Everything on the screen comes from ``game.view(0)`` (RULES.md section 12) and from event lines made by
``describe_step`` out of two such views, so the screen cannot show a card South may not see. Meaning is
always carried by words ("clean canasta", "in foot", "to play"), never by colour alone, so the screen reads
the same with ``NO_COLOR`` or through a pipe.
"""

from __future__ import annotations

import io
from collections import Counter
from collections.abc import Sequence
from typing import Any

from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from ..actions import ACTION_CARD, ACTION_TYPE, ADD, DISCARD, DRAW, LAYDOWN, MELD, PICKUP, action_name
from ..cards import BLACK3, JOKER, KINDS, NUM_NATURAL, TWO
from ..engine import View
from ..melds import CANASTA_KINDS, Meld, count_canastas, is_canasta, meld_kind, meld_size, meld_string, melds_value
from ..rules import CANASTA_SIZE
from ..seats import SEAT_NAMES, TEAM_NAMES, partner_of

SEAT_LABELS = ("You (South)", "West", "North (partner)", "East")
# Kinds in the order a hand is read: ranks low to high, then wild cards, then black threes.
HAND_ORDER = (*range(NUM_NATURAL), TWO, JOKER, BLACK3)  # red threes are never held


def counts_text(counts: Sequence[int], times: str = "×") -> str:
    """Cards grouped by rank with counts, e.g. ``4×2  7×3  K  JK``."""
    parts = [KINDS[k] if counts[k] == 1 else f"{KINDS[k]}{times}{int(counts[k])}" for k in HAND_ORDER if counts[k]]
    return "  ".join(parts) if parts else "(none)"


def meld_state(m: Meld) -> str:
    """A meld's canasta state in words: complete kind, or cards still needed and clean/dirty so far."""
    kind = meld_kind(m)
    if is_canasta(m):
        return f"{kind} canasta"
    return f"{kind}, {CANASTA_SIZE - meld_size(m)} to go"


def melds_inline(melds: Sequence[Meld]) -> str:
    """Melds on one line, separated by bars."""
    return " | ".join(meld_string(*m) for m in melds)


def _teams_table(view: View) -> Table:
    rules = view.rules
    table = Table(box=None, padding=(0, 2), show_edge=False, header_style="bold")
    need = f"{rules.clean_needed}/{rules.dirty_needed}/{rules.wild_needed}"
    for name, justify in (("Partnership", "left"), ("Initial meld", "left"), ("Red 3s", "right"),
                          (f"Canastas c/d/w (out: {need})", "left")):
        table.add_column(name, justify=justify)  # type: ignore[arg-type]
    for t in (view.team, 1 - view.team):
        us = " (you)" if t == view.team else ""
        melded = "made" if view.down[t] else f"not yet ({view.minimum})"
        c, d, w = count_canastas(view.melds[t])
        table.add_row(f"{TEAM_NAMES[t]}{us}", melded, str(view.red_threes[t]), f"{c}/{d}/{w}")
    return table


def _melds_block(view: View, t: int) -> Table:
    grid = Table.grid(padding=(0, 2))
    grid.add_column(no_wrap=True)
    grid.add_column(no_wrap=True)
    grid.add_row(Text(f"{TEAM_NAMES[t]} melds" + (" (yours)" if t == view.team else ""), style="bold"), "")
    if not view.melds[t]:
        grid.add_row(Text("  none on the table", style="dim"), "")
    for m in view.melds[t]:
        done = is_canasta(m)
        grid.add_row(Text("  " + meld_string(*m), style="bold" if done else ""), Text(meld_state(m)))
    return grid


def _players_table(view: View, times: str) -> Table:
    table = Table(box=None, padding=(0, 2), show_edge=False, header_style="bold")
    for name, justify in (("Player", "left"), ("Cards", "right"), ("Foot", "left"), ("Holds from the pile", "left")):
        table.add_column(name, justify=justify)  # type: ignore[arg-type]
    for s in range(4):
        label = SEAT_LABELS[s] + ("  <- to play" if view.current_player == s and not view.is_over else "")
        foot = "playing from foot" if view.in_foot[s] else "foot waiting"
        took = "" if s == view.seat else counts_text(view.memory[s], times).replace("(none)", "")
        table.add_row(label, str(view.held[s]), foot, took)
    return table


def _legal_grid(legal: Sequence[int], width: int) -> Text:
    items = [f"{i:>2} {action_name(a)}" for i, a in enumerate(legal, 1)]
    cell = max(len(x) for x in items) + 3
    per_row = max(1, width // cell)
    lines = []
    for i in range(0, len(items), per_row):
        lines.append("".join(x.ljust(cell) for x in items[i:i + per_row]).rstrip())
    return Text("\n".join(lines))


def render_screen(view: View, events: Sequence[str] = (), width: int = 80, times: str = "×") -> RenderableType:
    """The whole play screen for South's ``view``, with the events since South's last move."""
    rules = view.rules
    parts: list[RenderableType] = []
    title = f"Foot Canasta: round {view.round} of {rules.rounds}, initial-meld minimum {view.minimum}"
    parts.append(Text(title, style="bold"))
    parts.append(Text(f"Scores: {TEAM_NAMES[0]} {view.scores[0]}, {TEAM_NAMES[1]} {view.scores[1]}"))
    parts.append(Text(""))
    parts.append(_players_table(view, times))
    parts.append(Text(""))
    if view.pile:
        top = KINDS[view.pile[-1]]
        recent = " ".join(KINDS[k] for k in view.pile[-6:-1])
        blocked = " (a black three: nobody may take the pile)" if view.pile[-1] == BLACK3 else ""
        n = len(view.pile)
        pile = Text(f"Pile: {n} card{'s' if n != 1 else ''}, top ")
        pile.append(top, style="bold reverse")
        pile.append(blocked + (f"; below it {recent}" if recent else ""))
    else:
        pile = Text("Pile: empty")
    line = Text(f"Stock: {view.stock_size} card{'s' if view.stock_size != 1 else ''}.  ")
    line.append_text(pile)
    parts.append(line)
    parts.append(Text(""))
    parts.append(_teams_table(view))
    parts.append(Text(""))
    melds = Table.grid(padding=(0, 4))
    melds.add_column()
    melds.add_column()
    melds.add_row(_melds_block(view, view.team), _melds_block(view, 1 - view.team))
    parts.append(melds)
    parts.append(Text(""))
    where = "from your foot" if view.in_foot[view.seat] else "your foot is still waiting"
    held = int(sum(view.hand))
    hand = Text(f"Your hand ({held} cards, {where}): ", style="bold")
    hand.append(counts_text(view.hand, times), style="bold cyan")
    parts.append(hand)
    if view.set_aside:
        value = melds_value(view.set_aside, rules.card_values)
        line = f"Set aside (worth {value} of the {view.minimum} needed): {melds_inline(view.set_aside)}"
        if value >= view.minimum and view.phase == "play":
            line += ". Type 'laydown' to put them on the table"
        parts.append(Text(line + ". A discard returns them to your hand."))
    if events:
        parts.append(Text(""))
        parts.append(Text("Since your last move:", style="bold"))
        for e in events:
            parts.append(Text(f"  - {e}"))
    parts.append(Text(""))
    if view.my_turn:
        if view.phase == "draw":
            step = "draw step: draw (d) or take the pile (p)"
            if not view.down[view.team]:
                step += "; you may set melds aside first to take the pile"
        else:
            step = "play step: meld (m), add (a)"
            step += ", set aside and lay down (l)" if not view.down[view.team] else ""
            step += ", then discard (x)"
        parts.append(Text(f"Your turn, {step}.", style="bold"))
        parts.append(_legal_grid(view.legal_actions, width))
    return Group(*parts)


def screen_text(view: View, events: Sequence[str] = (), width: int = 100) -> str:
    """The screen as plain text (for tests and logs)."""
    out = io.StringIO()
    console = Console(file=out, width=width, no_color=True, color_system=None, highlight=False)
    console.print(render_screen(view, events, width))
    return out.getvalue()


# ---------------------------------------------------------------------------------------------- events


def _who(seat: int, viewer: int) -> str:
    return "You" if seat == viewer else SEAT_NAMES[seat]


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


def describe_step(before: View, after: View, seat: int, action: int) -> list[str]:
    """What the viewer saw ``seat`` do, in words, from the viewer's views before and after one action.

    Only public facts are used: the action's type (and card for a discard or a table meld), and what
    changed between the two views. A set-aside meld by another player is hidden (rule 12): no line.
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
            gained = [max(0, int(a) - int(b)) for a, b in zip(after.hand, before.hand, strict=True)]
            lines.append(f"You drew {counts_text(gained)}.")
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
            gained = [max(0, int(a) - int(b)) for a, b in zip(after.hand, before.hand, strict=True)]
            line += f"; into your hand: {counts_text(gained)}"
        lines.append(line + ".")
    elif typ == LAYDOWN:
        lines.append(f"{who} laid down {melds_inline(new)} (worth {melds_value(new, before.rules.card_values)}).")
    elif typ in (MELD, ADD):
        what = "melded" if typ == MELD else "added to a meld:"
        lines.append(f"{who} {what} {melds_inline(new)}.")
    elif typ == DISCARD:
        lines.append(f"{who} discarded {KINDS[ACTION_CARD[action]]}.")
        if after.held[seat] == 0 and not after.in_foot[seat]:
            lines.append(f"{who} emptied {'your' if seat == viewer else 'their'} hand: the foot comes next turn.")
    before_c = count_canastas(before.melds[t])
    after_c = count_canastas(after.melds[t])
    for kind, b, a in zip(CANASTA_KINDS, before_c, after_c, strict=True):
        if a > b:
            lines.append(f"{TEAM_NAMES[t]} completed a {kind} canasta.")
    for s in range(4):
        if after.in_foot[s] and not before.in_foot[s]:
            lines.append(f"{_who(s, viewer)} picked up {'your' if s == viewer else 'their'} foot.")
    for team in (0, 1):
        n = after.red_threes[team] - before.red_threes[team]
        if n > 0:
            # The acting player's own red threes, or those found in a foot picked up at the start of a turn.
            feet = [s for s in (team, team + 2) if after.in_foot[s] and not before.in_foot[s]]
            finder = seat if team == t else (feet[0] if feet else None)
            name = _who(finder, viewer) if finder is not None else TEAM_NAMES[team]
            lines.append(f"{name} laid down {'a red three' if n == 1 else f'{n} red threes'}.")
    return lines


def describe_round_end(result: dict[str, Any], viewer: int = 0) -> str:
    """How a round ended, in words."""
    went_out = result.get("went_out")
    if went_out is not None:
        who = _who(went_out, viewer)
        return f"{who} went out: round {result['round']} is over."
    if result.get("ended_by") == "stock":
        return f"The stock ran out: round {result['round']} is over."
    return f"A player was left without a legal action: round {result['round']} is over."


def round_table(result: dict[str, Any], totals: Sequence[int], viewer_team: int = 0) -> Table:
    """The score table of a finished round with its breakdown and the running totals."""
    table = Table(title=f"Round {result['round']} scores", title_justify="left", header_style="bold",
                  box=None, padding=(0, 1))
    cols = ("", "Melds", "Canastas", "c/d/w", "Red\n3s", "Going\nout", "Cards\nheld", "Round", "Total")
    for i, name in enumerate(cols):
        table.add_column(name, justify="left" if i == 0 else "right", no_wrap=True)
    for t in (0, 1):
        b = result["breakdown"][t]
        red = b["red_threes"] + b["red_threes_in_foot"]  # laid down, less those stuck in an unpicked foot
        name = TEAM_NAMES[t] + ("*" if t == viewer_team else "")
        table.add_row(name, str(b["melds"]), str(b["canastas"]), f"{b['clean']}/{b['dirty']}/{b['wild']}",
                      str(red), str(b["going_out"]), str(b["cards_held"]), str(b["total"]), str(totals[t]))
    table.caption = "* your partnership"
    table.caption_justify = "left"
    return table


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
