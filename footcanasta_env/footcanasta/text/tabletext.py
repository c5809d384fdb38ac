"""Foot Canasta's ``TableText``: how the table tells its moves, screens and state to a person.

The pieces live beside this file: ``events`` (a move in words, the turn log), ``commands`` (the prompt's
short forms), ``screen`` (the terminal table), ``texts`` (help, rules in brief, the pile), ``webstate``
(the page's JSON state and selection buttons). Every one reads a seat's ``View`` and public facts only.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ...family.seats import team_of
from ...family.webstate import PAGE_AREAS
from ...i18n import check_lang, words
from ..actions import ACTION_TYPE, ACTION_TYPE_NAMES, ADD, DISCARD, DRAW, LAYDOWN, MELD, PICKUP
from ..engine import Game, View
from ..rules import Rules
from . import commands, events, screen, texts, webstate

PUBLIC_TYPES = (DRAW, PICKUP, LAYDOWN, DISCARD)


class FootCanastaText:
    """The words and pictures of Foot Canasta at a person's table, in one language (``lang``)."""

    def __init__(self, lang: str = "en") -> None:
        self.w = words(lang)
        self.lang = self.w.lang

    def turn_log(self, viewer: int) -> events.TurnLog:
        return events.TurnLog(viewer, self.w)

    def describe_step(self, before: View, after: View, seat: int, action: int) -> list[str]:
        return events.describe_step(before, after, seat, action, w=self.w)

    def describe_round_end(self, result: dict[str, Any], viewer: int = 0) -> str:
        return events.describe_round_end(result, viewer, self.w)

    def event_kind(self, action: int) -> str:
        return ACTION_TYPE_NAMES[ACTION_TYPE[action]]

    def is_public(self, before: View, seat: int, action: int) -> bool:
        """Whether the viewer may see which action it was: a meld set aside by another partnership is private
        until laid down (rule 12)."""
        return seat == before.seat or ACTION_TYPE[action] in PUBLIC_TYPES or bool(before.down[team_of(seat)])

    def parse_command(self, text: str, legal: Sequence[int], why: Callable[[int], str]) -> commands.Command:
        return commands.parse_command(text, legal, why, self.w)

    def render_screen(self, view: View, events: Sequence[str] = (), width: int = 80, times: str = "×",
                      since: str = "") -> Any:
        return screen.render_screen(view, events, width, times, since, self.w)

    def round_table(self, result: dict[str, Any], scores: Sequence[int], rules: Rules) -> Any:
        return screen.round_table(result, scores, red_three_value=rules.red_three_bonus, w=self.w)

    def final_text(self, scores: Sequence[int]) -> str:
        return screen.final_text(scores, w=self.w)

    def help_text(self, rules: Rules, round: int, times: str = "×") -> str:
        return texts.help_text(rules, round, times, self.w)

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

    def replay_legend(self) -> str:
        """What the replay's marks mean."""
        return self.w._("'(set aside)' marks melds that only their player saw, until laid down with the initial meld.")

    def private_text(self, game: Game, seat: int) -> str:
        """The seat's set-aside melds, private until laid down ('' when none)."""
        aside = game.view(seat).set_aside
        if not aside:
            return ""
        return self.w._("set-aside melds (private until laid down): {melds}").format(melds=events.melds_inline(aside))

    def view_state(self, view: View, round_results: Sequence[dict[str, Any]]) -> dict[str, Any]:
        return webstate.view_state(view, round_results, self.w)

    def page_areas(self) -> tuple[str, ...]:
        """The areas of the page this game draws, in order (``family.webstate.PAGE_AREAS``)."""
        return PAGE_AREAS

    def selection(self, view: View, cards: Any, check: Callable[[Sequence[str]], str]) -> dict[str, Any]:
        return webstate.selection(view, cards, check, self.w)


_TEXTS: dict[str, FootCanastaText] = {}


def table_text(lang: str = "en") -> FootCanastaText:
    """Foot Canasta's ``TableText`` in ``lang`` (one of ``i18n.LANGUAGES``; ``ValueError`` names them)."""
    code = check_lang(lang)
    if code not in _TEXTS:
        _TEXTS[code] = FootCanastaText(code)
    return _TEXTS[code]
