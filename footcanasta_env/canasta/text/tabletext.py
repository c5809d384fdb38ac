"""Canasta's ``TableText``: how the table tells its moves, screens and state to a person.

The pieces live beside this file: ``melds`` (a meld in words), ``events`` (a move in words, the turn log),
``commands`` (the prompt's short forms), ``screen`` (the terminal table), ``texts`` (help, rules in brief,
the pile), ``webstate`` (the page's JSON state and selection buttons). Every one reads a seat's ``View``
and public facts only; ``replay_note`` and ``private_text`` serve the replay, where every card is shown.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...family.tabletext import FamilyText, text_cache
from ..actions import ACTION_TYPE, ACTION_TYPE_NAMES, ADD, DISCARD, DRAW, LAYDOWN, MELD, MELD_B3, PICKUP
from ..engine import Game, View
from ..rules import Rules
from . import commands, events, names, screen, texts, webstate
from .melds import melds_inline
from .names import side_of

PUBLIC_TYPES = (DRAW, PICKUP, LAYDOWN, DISCARD, MELD_B3)


class CanastaText(FamilyText):
    """The words and pictures of Canasta at a person's table, in one language (``lang``)."""

    events, commands, screen, texts, webstate = events, commands, screen, texts, webstate
    action_type, action_type_names, public_types = ACTION_TYPE, ACTION_TYPE_NAMES, PUBLIC_TYPES
    melds_inline = staticmethod(melds_inline)

    def round_table(self, result: dict[str, Any], scores: Sequence[int], rules: Rules) -> Any:
        return screen.round_table(result, scores, w=self.w, rules=rules)

    def describe_round_end(self, result: dict[str, Any], viewer: int = 0, rules: Rules | None = None) -> str:
        return events.describe_round_end(result, viewer, self.w, rules)

    def final_text(self, scores: Sequence[int], rules: Rules | None = None) -> str:
        return names.final_text(scores, self.w, rules)

    def is_public(self, before: View, seat: int, action: int) -> bool:
        """Whether the viewer may see which action it was: a meld set aside by another player is private
        until laid down (rules 7.2, 12)."""
        return (seat == before.seat or ACTION_TYPE[action] in PUBLIC_TYPES
                or bool(before.down[side_of(seat, before.rules)]))

    def info_text(self, kind: str, view: View, rules: Rules) -> str | None:
        """The answer to the prompt's game words: ``rules`` (in brief, and scoring) and ``pile``."""
        if kind == "rules":
            return texts.rules_brief(rules, self.w) + "\n" + texts.scoring_text(rules, self.w)
        if kind == "pile":
            return texts.pile_text(view, self.w)
        return None

    def replay_note(self, game: Game, seat: int, action: int) -> str:
        """What an action does to melds that are set aside, in words ('' for most); told before the step."""
        typ = ACTION_TYPE[action]
        view = game.view(seat)
        down = view.down[view.team]
        w = self.w
        if typ in (MELD, ADD) and not down:
            return w._(" (set aside)")
        if typ == LAYDOWN:
            return w._(" (the set-aside melds go down)")
        if typ == PICKUP and not down:
            if view.set_aside:
                return w._(" (the initial meld, with the set-aside melds)")
            return w._(" (the initial meld)")
        if typ == DISCARD and view.set_aside:
            return w._(" (the set-aside melds go back to the hand)")
        return ""


table_text = text_cache(CanastaText)
"""Canasta's ``TableText`` in ``lang`` (one of ``i18n.LANGUAGES``; ``ValueError`` names them)."""
