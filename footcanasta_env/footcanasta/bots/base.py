"""What a bot is: anything with ``act(view) -> action id`` that decides from one seat's ``View``."""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from ..engine import View


@runtime_checkable
class Bot(Protocol):
    """A player that picks a legal action from what its seat may see."""

    name: str

    def act(self, view: View) -> int:
        """A legal action id for ``view`` (whose ``legal_actions`` is non-empty)."""
        ...


def check_legal(view: View, who: str) -> tuple[int, ...]:
    """The view's legal actions; a clear error when it has none."""
    legal = view.legal_actions
    if not legal:
        raise ValueError(f"{who}.act: the view has no legal actions (is it this seat's turn?)")
    return legal
