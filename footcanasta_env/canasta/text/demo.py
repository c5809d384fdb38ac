"""Canasta's part of ``footcanasta demo --game canasta`` (``play/demo.py`` runs it, ``family/demo.py`` plays and
tells): the pickups
and lay-downs are told, and each canasta completed or made mixed."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import RenderableType

from ...family.demo import DemoText
from ...i18n import Words
from ...messages import N_
from ..actions import ACTION_TYPE, LAYDOWN, PICKUP
from .melds import canasta_events
from .screen import round_table


def _melds(game: Any, team: int) -> list:
    # The table's melds of a partnership that is down, public to every seat (before that, its meld structure
    # holds the player's set-aside cards).
    return game.view(game.current_player).melds[team] if game.down[team] else []


def _completed(before: list, game: Any, team: int) -> list[str]:
    if not game.down[team]:
        return []
    return [text for text, mixed in canasta_events(before, _melds(game, team)) if not mixed]


def _round_table(result: dict, totals: Sequence[int], rules: Any, w: Words) -> RenderableType:
    return round_table(result, totals, viewer_team=None, w=w, rules=rules)  # its sides named at every size


DEMO = DemoText(title=N_("Canasta demo: four random players, seed {seed}."),
                notable=lambda a: ACTION_TYPE[a] in (PICKUP, LAYDOWN), melds=_melds, completed=_completed,
                round_table=_round_table)
"""Canasta's part of the demo."""
