"""What a Canasta bot is: anything with ``name`` and ``act(view) -> action id`` that decides from one ``View``."""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from ..engine import View


@runtime_checkable
class Bot(Protocol):
    """A Canasta player that picks a legal action from what its seat may see."""

    name: str

    def act(self, view: View) -> int:
        """A legal action id for ``view`` (whose ``legal_actions`` is non-empty)."""
        ...


def check_legal(view: View, who: str) -> tuple[int, ...]:
    """The view's legal actions; a clear error when it has none (or it is no Canasta view)."""
    if not isinstance(view, View):
        raise TypeError(f"{who}.act needs a Canasta View (game.view(seat)), got {type(view).__name__}")
    legal = view.legal_actions
    if not legal:
        raise ValueError(f"{who}.act: the view has no legal actions (is it seat {view.seat}'s turn?)")
    return legal
