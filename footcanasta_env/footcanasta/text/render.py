"""Plain-text rendering of a position, from one seat's point of view or (for debugging) all seats.

Cards are written with the RULES.md tokens (``4 .. A 2 JK R3 B3``); melds as their cards, e.g.
``7 7 7 7 7 7 2``. A seat's rendering shows only what that seat may see (RULES.md section 12).
"""

from __future__ import annotations

from typing import Any

from ...family.cards import format_cards, format_counts
from ...family.seats import SEAT_NAMES, TEAM_NAMES
from ..actions import ACTION_NAMES
from ..engine import View
from ..melds import is_canasta, meld_kind, meld_string


def _melds_text(melds: Any) -> str:
    parts = []
    for r, nat, two, jk in melds:
        text = meld_string(r, nat, two, jk)
        if is_canasta((r, nat, two, jk)):
            text = f"[{text}] {meld_kind((r, nat, two, jk))}"
        parts.append(text)
    return " | ".join(parts) if parts else "-"


def _header(view: View) -> list[str]:
    rules = view.rules
    if view.is_over:
        state = "game over"
    else:
        state = f"{SEAT_NAMES[view.current_player]} to {view.phase}"
    lines = [
        f"Round {view.round}/{rules.rounds}  minimum {view.minimum}  "
        f"scores {TEAM_NAMES[0]} {view.scores[0]}, {TEAM_NAMES[1]} {view.scores[1]}  "
        f"dealer {SEAT_NAMES[view.dealer]}  {state}",
    ]
    pile = view.pile
    if pile:
        take = format_cards(pile[-rules.pile_take:])
        lines.append(f"Stock {view.stock_size}  pile {len(pile)}, top {format_cards(pile[-1:])} "
                     f"(a pickup takes: {take})")
    else:
        lines.append(f"Stock {view.stock_size}  pile empty")
    for t in (0, 1):
        status = "down" if view.down[t] else "not down"
        lines.append(f"{TEAM_NAMES[t]:<12} {status:<8} red threes {view.red_threes[t]}  "
                     f"melds: {_melds_text(view.melds[t])}")
    return lines


def _seat_line(view: View, s: int, you: bool) -> str:
    name = SEAT_NAMES[s] + (" (you)" if you else "")
    foot = "in foot" if view.in_foot[s] else "in hand"
    memory = format_counts(view.memory[s]) or "-"
    return f"  {name:<12} held {view.held[s]:>3}  {foot:<8} pickup memory: {memory}"


def render_view(view: View) -> str:
    """What ``view.seat`` sees, as text."""
    lines = _header(view)
    lines.append("Players:")
    for s in range(4):
        lines.append(_seat_line(view, s, s == view.seat))
    lines.append(f"Your hand ({SEAT_NAMES[view.seat]}): {format_counts(view.hand) or '-'}")
    if view.set_aside:
        lines.append(f"Set aside: {_melds_text(view.set_aside)}")
    if view.legal_actions:
        lines.append("Legal: " + ", ".join(ACTION_NAMES[a] for a in view.legal_actions))
    return "\n".join(lines)


def render_game(game: Any, seat: int | None = None) -> str:
    """The position of ``game`` as ``seat`` sees it, or every hidden card too when ``seat`` is None."""
    if seat is not None:
        return render_view(game.view(seat))
    spec = game.to_scenario()
    view = game.view(game.current_player)
    lines = _header(view)
    lines.append("Players (all cards shown):")
    for s in range(4):
        pl = spec["players"][s]
        lines.append(_seat_line(view, s, False))
        lines.append(f"    hand: {pl['hand'] or '-'}")
        if pl.get("set_aside"):
            lines.append(f"    set aside: {' | '.join(pl['set_aside'])}")
        lines.append(f"    foot: {pl['foot'] or '(picked up)'}")
    stock = spec["stock"].split()
    lines.append(f"Stock, top first: {' '.join(stock[:20])}{' ...' if len(stock) > 20 else ''}")
    if view.legal_actions:
        lines.append("Legal: " + ", ".join(ACTION_NAMES[a] for a in view.legal_actions))
    return "\n".join(lines)
