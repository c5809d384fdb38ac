"""What a game tells the table: its moves in words, its screens and its JSON state (``TableText``).

The table core, the terminal and the browser are the same for every game; what a person reads of one
game (a move told from a seat's two views, the round's end, the terminal screen, the page's state, the
prompt's short forms) is the game's, offered in each language as ``get_game(name).table_text(lang)``
(``footcanasta_env.i18n``; the language is chosen at construction, the methods are the same in every
language). Everything a ``TableText`` builds comes from the viewer's ``View`` and public facts, so the
table cannot tell a hidden card.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol


class Command(Protocol):
    """One parsed input line: ``kind`` is action, help, rules, hint, log, look, quit, empty, error, or a kind
    of the game's own (``TableText.info_text`` answers it); ``action`` the action id of an action; for
    ``log``, ``message`` is ``"all"`` when the whole game's log was asked for, for ``error`` the reason."""

    kind: str
    action: int | None
    message: str


class TurnLog(Protocol):
    """A game's running account for one viewer: every line for ``log``, the short account for the screen."""

    rounds: list[list[str]]

    def step(self, before: Any, after: Any, seat: int, action: int) -> None: ...
    def end_round(self, result: dict[str, Any]) -> None: ...
    @property
    def since(self) -> str: ...
    def take(self) -> list[str]: ...


class TableText(Protocol):
    """The game's words and pictures for people; every method reads views and public facts only, except
    ``replay_note`` and ``private_text``, which a replay (where every card is shown) uses: what an action does
    privately (a meld set aside), and what the seat keeps private now ('' when nothing). ``describe_round_end``
    and ``final_text`` take the table's ``rules`` (None: the game's default table), from which a game of several
    table sizes names its sides; a game of one table may ignore them."""

    def turn_log(self, viewer: int) -> TurnLog: ...
    def describe_step(self, before: Any, after: Any, seat: int, action: int) -> list[str]: ...
    def describe_round_end(self, result: dict[str, Any], viewer: int = 0, rules: Any = None) -> str: ...
    def event_kind(self, action: int) -> str: ...
    def is_public(self, before: Any, seat: int, action: int) -> bool: ...
    def parse_command(self, text: str, legal: Sequence[int], why: Callable[[int], str]) -> Command: ...
    def render_screen(self, view: Any, events: Sequence[str], width: int, since: str) -> Any: ...
    def round_table(self, result: dict[str, Any], scores: Sequence[int], rules: Any) -> Any: ...
    def final_text(self, scores: Sequence[int], rules: Any = None) -> str: ...
    def help_text(self, rules: Any, round: int) -> str: ...
    def info_text(self, kind: str, view: Any, rules: Any) -> Any: ...
    def replay_note(self, game: Any, seat: int, action: int) -> str: ...
    def replay_legend(self) -> str: ...
    def private_text(self, game: Any, seat: int) -> str: ...
    def view_state(self, view: Any, round_results: Sequence[dict[str, Any]]) -> dict[str, Any]: ...
    def selection(self, view: Any, cards: Any, check: Callable[[Sequence[str]], str]) -> dict[str, Any]: ...


def at_table(told: Callable[..., str], rules: Any, default: Any, *args: Any) -> str:
    """``told(*args)`` of a game's ``TableText`` (``final_text``, ``describe_round_end``), also given the table's
    ``rules`` when they are not the game's ``default`` ones: a game of several table sizes names its sides
    from them (its text takes ``rules=``); a game played at its default table is told as it always was."""
    return told(*args) if rules == default else told(*args, rules=rules)
