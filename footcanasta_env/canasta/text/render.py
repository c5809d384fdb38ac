"""The envs' ``render()`` text: one seat's view of a Canasta game (or every card), as plain lines."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...family.cards import KINDS, format_counts
from ..engine.state import meld_strings
from ..rules import CANASTA_SIZE, table_of

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
    """The position as ``seat`` sees it (``None``: every hand, and the stock), the seats and sides named as the
    table's geometry names them (any size of section 14)."""
    rules = game.rules
    geo = table_of(rules)
    names = geo.seat_names
    cap = f", at most {rules.max_rounds} rounds" if rules.max_rounds is not None else ""
    state = "game over" if game.is_over else f"{names[game.current_player]} to {game.phase}"
    lines = [f"Canasta round {game.round} (to {rules.target}{cap}): {state}; dealer {names[game.dealer]}"]
    for t in range(len(geo.sides)):
        lines.append(f"{geo.side_names[t]}: {game.scores[t]} points, minimum {game.minimum(t)}, "
                     f"red threes {game.red_threes[t]}; melds: {_melds(game, t)}")
    top = KINDS[game.pile[-1]] if game.pile else "-"
    frozen = " (frozen)" if game.pile_wilds else ""
    lines.append(f"Pile: {_cards(len(game.pile))}, top {top}{frozen}; stock: {_cards(len(game.stock))}")
    lines.append("Cards held: " + ", ".join(f"{names[p]} {game.held(p)}" for p in range(geo.seats)))
    for p in range(geo.seats) if seat is None else (seat,):
        who = f"Your hand ({names[p]})" if seat is not None else f"{names[p]}'s hand"
        lines.append(f"{who}: {format_counts(game.hand[p]) or '-'}")
        side = geo.side_of(p)
        if p == game.current_player and not game.down[side] and game.mcards[side]:
            lines.append(f"  set aside: {', '.join(meld_strings(game, side))}")
    if seat is None:
        lines.append(f"Stock, top first: {' '.join(KINDS[k] for k in reversed(game.stock)) or '-'}")
    return "\n".join(lines)
