"""Foot Canasta's ``TableText``: how the table tells its moves, screens and state to a person.

The pieces live beside this file: ``events`` (a move in words, the turn log), ``commands`` (the prompt's
short forms), ``screen`` (the terminal table), ``texts`` (help, rules in brief, the pile), ``webstate``
(the page's JSON state and selection buttons). Every one reads a seat's ``View`` and public facts only.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...family.seats import team_of
from ...family.tabletext import FamilyText, text_cache
from ..actions import ACTION_TYPE, ACTION_TYPE_NAMES, ADD, DISCARD, DRAW, LAYDOWN, MELD, PICKUP
from ..engine import Game, View
from ..rules import Rules
from . import commands, events, screen, texts, webstate

PUBLIC_TYPES = (DRAW, PICKUP, LAYDOWN, DISCARD)


class FootCanastaText(FamilyText):
    """The words and pictures of Foot Canasta at a person's table, in one language (``lang``)."""

    events, commands, screen, texts, webstate = events, commands, screen, texts, webstate
    action_type, action_type_names, public_types = ACTION_TYPE, ACTION_TYPE_NAMES, PUBLIC_TYPES
    melds_inline = staticmethod(events.melds_inline)

    def round_table(self, result: dict[str, Any], scores: Sequence[int], rules: Rules) -> Any:
        return screen.round_table(result, scores, red_three_value=rules.red_three_bonus, w=self.w)

    def info_text(self, kind: str, view: View, rules: Rules) -> str | None:
        """The answer to the prompt's game words: ``rules`` (in brief, and scoring) and ``pile``."""
        if kind == "rules":
            return texts.rules_brief(rules, self.w) + "\n" + texts.scoring_text(rules, self.w)
        if kind == "pile":
            return texts.pile_text(view.pile, rules.pile_take, self.w)
        return None

    def replay_note(self, game: Game, seat: int, action: int) -> str:
        """What an action does to melds that are set aside, in words ('' for most); told before the step."""
        typ = ACTION_TYPE[action]
        view = game.view(seat)
        down, aside = view.down[team_of(seat)], bool(view.set_aside)
        w = self.w
        if typ in (MELD, ADD) and not down:
            return w._(" (set aside)")
        if typ == LAYDOWN:
            return w._(" (the set-aside melds go down)")
        if typ == PICKUP and not down:
            return w._(" (the set-aside melds go down with it)") if aside else w._(" (an initial meld)")
        if typ == DISCARD and aside:
            return w._(" (the set-aside melds go back to the hand)")
        return ""


table_text = text_cache(FootCanastaText)
"""Foot Canasta's ``TableText`` in ``lang`` (one of ``i18n.LANGUAGES``; ``ValueError`` names them)."""
