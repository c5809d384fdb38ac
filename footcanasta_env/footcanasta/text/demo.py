"""Foot Canasta's part of ``footcanasta demo`` (``play/demo.py`` runs it, ``family/demo.py`` plays and tells):
the pickups and lay-downs are told, and each canasta completed."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import RenderableType

from ...family.demo import DemoText
from ...i18n import Words
from ...messages import N_
from ..actions import ACTION_TYPE, LAYDOWN, PICKUP
from ..melds import meld_string
from .screen import round_table


def _melds(game: Any, team: int) -> list:
    return game.canastas[team][:] if game.down[team] else []


def _completed(before: list, game: Any, team: int) -> list[str]:
    done = game.canastas[team]
    return [meld_string(*done[-1])] if game.down[team] and len(done) > len(before) else []


def _round_table(result: dict, totals: Sequence[int], rules: Any, w: Words) -> RenderableType:
    return round_table(result, totals, viewer_team=None, red_three_value=rules.red_three_bonus, w=w)


DEMO = DemoText(title=N_("Foot Canasta demo: four random players, seed {seed}."),
                notable=lambda a: ACTION_TYPE[a] in (PICKUP, LAYDOWN), melds=_melds, completed=_completed,
                round_table=_round_table)
"""Foot Canasta's part of the demo."""
