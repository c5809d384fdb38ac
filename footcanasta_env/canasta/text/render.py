"""The envs' ``render()`` text: one seat's view of a Canasta game (or every card), as plain lines."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...family.cards import KINDS, format_counts
from ...family.seats import SEAT_NAMES, TEAM_NAMES
from ..engine.state import meld_strings
from ..rules import CANASTA_SIZE

if TYPE_CHECKING:
    from ..engine import Game


def _cards(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


def _melds(game: Game, t: int) -> str:
    """Partnership t's table melds, canastas marked."""
    if not game.down[t]:
        return "no initial meld yet"
    out = []
    for text in meld_strings(game, t):
        cards = text.split()
        wild = "2" in cards or "JK" in cards
        mark = f" [{'mixed' if wild else 'natural'} canasta]" if len(cards) >= CANASTA_SIZE else ""
        out.append(f"{text}{mark}")
    return ", ".join(out)


def render_game(game: Game, seat: int | None) -> str:
    """The position as ``seat`` sees it (``None``: every hand, and the stock)."""
    rules = game.rules
    cap = f", at most {rules.max_rounds} rounds" if rules.max_rounds is not None else ""
    state = "game over" if game.is_over else f"{SEAT_NAMES[game.current_player]} to {game.phase}"
    lines = [f"Canasta round {game.round} (to {rules.target}{cap}): {state}; dealer {SEAT_NAMES[game.dealer]}"]
    for t in (0, 1):
        lines.append(f"{TEAM_NAMES[t]}: {game.scores[t]} points, minimum {game.minimum(t)}, "
                     f"red threes {game.red_threes[t]}; melds: {_melds(game, t)}")
    top = KINDS[game.pile[-1]] if game.pile else "-"
    frozen = " (frozen)" if game.pile_wilds else ""
    lines.append(f"Pile: {_cards(len(game.pile))}, top {top}{frozen}; stock: {_cards(len(game.stock))}")
    lines.append("Cards held: " + ", ".join(f"{SEAT_NAMES[p]} {game.held(p)}" for p in range(4)))
    for p in range(4) if seat is None else (seat,):
        who = f"Your hand ({SEAT_NAMES[p]})" if seat is not None else f"{SEAT_NAMES[p]}'s hand"
        lines.append(f"{who}: {format_counts(game.hand[p]) or '-'}")
        if p == game.current_player and not game.down[p & 1] and game.mcards[p & 1]:
            lines.append(f"  set aside: {', '.join(meld_strings(game, p & 1))}")
    if seat is None:
        lines.append(f"Stock, top first: {' '.join(KINDS[k] for k in reversed(game.stock)) or '-'}")
    return "\n".join(lines)
