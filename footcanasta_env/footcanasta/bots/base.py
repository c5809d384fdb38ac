"""What a bot is: anything with ``act(view) -> action id`` that decides from one seat's ``View``."""

from __future__ import annotations

from ...family.bots import Bot
from ...family.bots import check_legal as family_check_legal
from ..engine import View

__all__ = ["Bot", "check_legal"]


def check_legal(view: View, who: str) -> tuple[int, ...]:
    """The view's legal actions; a clear error when it has none."""
    return family_check_legal(view, who)
