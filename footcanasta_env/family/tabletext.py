"""The skeleton of a game's ``TableText`` (how the table tells its moves, screens and state to a person),
written once: each game's ``text/tabletext.py`` subclasses ``FamilyText`` with its own text modules and
action tables, and adds what is its own (the round's score table, the prompt's game words, the replay's
notes). ``text_cache`` keeps one instance per language.

A game's text modules: ``events`` (``TurnLog``, ``describe_step``, ``describe_round_end``, a move in
words), ``commands`` (``parse_command``), ``screen`` (``render_screen``, ``final_text``), ``texts``
(``help_text``) and ``webstate`` (``view_state``, ``selection``). Every one reads a seat's ``View`` and
public facts only.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from types import ModuleType
from typing import Any, TypeVar

from ..i18n import check_lang, words
from .seats import team_of
from .webstate import PAGE_AREAS


class FamilyText:
    """The words and pictures of a family game at a person's table, in one language (``lang``).

    A game sets ``events``, ``commands``, ``screen``, ``texts``, ``webstate`` (its text modules),
    ``action_type`` and ``action_type_names`` (its action tables), ``public_types`` (the action types
    every seat sees) and ``melds_inline`` (melds in one line).
    """

    events: ModuleType
    commands: ModuleType
    screen: ModuleType
    texts: ModuleType
    webstate: ModuleType
    action_type: Sequence[int]
    action_type_names: Sequence[str]
    public_types: tuple[int, ...]
    melds_inline: Callable[[Any], str]

    def __init__(self, lang: str = "en") -> None:
        self.w = words(lang)
        self.lang = self.w.lang

    def turn_log(self, viewer: int) -> Any:
        return self.events.TurnLog(viewer, self.w)

    def describe_step(self, before: Any, after: Any, seat: int, action: int) -> list[str]:
        return self.events.describe_step(before, after, seat, action, w=self.w)

    def describe_round_end(self, result: dict[str, Any], viewer: int = 0, rules: Any = None) -> str:
        # rules: a game of one table names its sides the same whatever they are (a game of several overrides this)
        return self.events.describe_round_end(result, viewer, self.w)

    def event_kind(self, action: int) -> str:
        return self.action_type_names[self.action_type[action]]

    def is_public(self, before: Any, seat: int, action: int) -> bool:
        """Whether the viewer may see which action it was: a meld set aside by another player is private
        until laid down (rules 7.2, 12)."""
        return (seat == before.seat or self.action_type[action] in self.public_types
                or bool(before.down[team_of(seat)]))

    def parse_command(self, text: str, legal: Sequence[int], why: Callable[[int], str]) -> Any:
        return self.commands.parse_command(text, legal, why, self.w)

    def render_screen(self, view: Any, events: Sequence[str] = (), width: int = 80, since: str = "") -> Any:
        return self.screen.render_screen(view, events, width, since, self.w)

    def final_text(self, scores: Sequence[int], rules: Any = None) -> str:
        return self.screen.final_text(scores, w=self.w)

    def help_text(self, rules: Any, round: int) -> str:
        return self.texts.help_text(rules, round, self.w)

    def replay_legend(self) -> str:
        """What the replay's marks mean."""
        return self.w._("'(set aside)' marks melds that only their player saw, until laid down with the initial meld.")

    def private_text(self, game: Any, seat: int) -> str:
        """The seat's set-aside melds, private until laid down ('' when none)."""
        aside = game.view(seat).set_aside
        if not aside:
            return ""
        return self.w._("set-aside melds (private until laid down): {melds}").format(melds=self.melds_inline(aside))

    def view_state(self, view: Any, round_results: Sequence[dict[str, Any]]) -> dict[str, Any]:
        return self.webstate.view_state(view, round_results, self.w)

    def selection(self, view: Any, cards: Any, check: Callable[[Sequence[str]], str]) -> dict[str, Any]:
        return self.webstate.selection(view, cards, check, self.w)

    def page_areas(self) -> tuple[str, ...]:
        """The areas of the page this game draws, in order (``family.webstate.PAGE_AREAS``)."""
        return PAGE_AREAS


T = TypeVar("T", bound=FamilyText)


def text_cache(cls: type[T]) -> Callable[[str], T]:
    """``table_text(lang)``: the game's ``cls`` in ``lang`` (one of ``i18n.LANGUAGES``; ``ValueError`` names
    them), one instance per language."""
    texts: dict[str, T] = {}

    def table_text(lang: str = "en") -> T:
        code = check_lang(lang)
        if code not in texts:
            texts[code] = cls(code)
        return texts[code]

    return table_text
