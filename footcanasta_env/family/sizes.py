"""A game's table sizes named: ``size_of(game, rules)``, the ``players``/``sides`` that set a table apart from
the game's default one (what a ``Deal``, a board key and the page's chooser carry), and ``table_title``, the
game's name at that table in a language ("Canasta (2 players)"), which the page, the leaderboard, the
evaluation reports and the shipped policies' curves share."""

from __future__ import annotations

from typing import Any

from ..i18n import DEFAULT_LANG, words
from ..messages import N_, Message

SIZE_TITLE = N_("{title} ({players} players)")
SIDES_TITLE = N_("{title} ({players} players in {sides} sides)")


def size_of(game: Any, rules: Any) -> dict[str, int]:
    """The ``players``/``sides`` of ``game`` (its module) played at ``rules``: none for its default table, the
    sides only where they are not that size's own."""
    if not hasattr(rules, "players") or rules.players == game.Rules().players:
        return {}
    default_sides = game.Rules(players=rules.players).sides
    return {"players": rules.players} | ({} if rules.sides == default_sides else {"sides": rules.sides})


def table_title(game: Any, size: dict[str, int], lang: str = DEFAULT_LANG) -> str:
    """The name of ``game`` at the table ``size`` (``size_of``'s dict) in ``lang``: the game's own title at its
    default table, else with its players (and its sides where they are not the size's own)."""
    if not size:
        return game.TITLE
    return words(lang).render(Message(SIDES_TITLE if "sides" in size else SIZE_TITLE, title=game.TITLE, **size))
