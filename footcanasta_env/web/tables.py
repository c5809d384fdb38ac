"""A game's table as the page draws it, the catalog of games, and each game's own page assets.

``table_json`` describes a game's table from its geometry and its ``TableText``: the seats, the sides (lists
of seats), the seat and side names in the reader's language, the person's seat, the page's areas for that
game in order (``TableText.page_areas()``; ``DEFAULT_AREAS`` for a game without it), each with its label, and
the URLs of the game's own page assets (the files of its manifest's ``page`` folder). ``catalog`` lists
every game with its title, table and bots, before a game starts. ``asset_path`` finds one file of a game's
page folder for ``/static/games/<game>/<file>``: a name of that folder only, anything else a 404.
"""

from __future__ import annotations

import functools
import re
from pathlib import Path
from typing import Any

from ..family.botregistry import sized_call
from ..family.sizes import table_title
from ..games import check_game_name, game_names, get_game
from ..messages import N_, Message
from ..table import Deal
from ..table.deal import table_choices
from .checks import check_keys
from .lang import render
from .session import YOU, WebError, board_of

AREAS = {
    "seats": N_("The table"), "pile": N_("Stock and pile"), "melds": N_("Melds"), "aside": N_("Set aside"),
    "hand": N_("Your hand"), "buttons": N_("Your move"), "moves": N_("Every legal move"),
    "results": N_("Round scores"), "log": N_("What happened"),
}
"""Every area the generic page can draw, with its label (a game names those it uses, in order)."""
DEFAULT_AREAS = ("seats", "moves", "results", "log")
"""The areas of a game whose ``TableText`` does not name its own: the seats, the legal moves, scores, the log."""
ASSET_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,80}\.(js|css)$")
ASSET_URL = "/static/games/{game}/{file}"


def page_folder(game: Any) -> Path | None:
    """The folder of ``game``'s own page assets (its manifest's ``page``, inside its package), if it has one."""
    manifest, where = getattr(game, "MANIFEST", None), getattr(game, "__file__", None)
    if manifest is None or not where or not getattr(manifest, "page", ""):
        return None
    folder = Path(where).parent / manifest.page
    return folder if folder.is_dir() else None


def asset_names(game: Any) -> list[str]:
    """The files of ``game``'s page folder the server serves (scripts and style sheets), sorted."""
    folder = page_folder(game)
    return [] if folder is None else list(_listing(folder))


@functools.cache
def _listing(folder: Path) -> tuple[str, ...]:
    """The asset files of a page folder, read once: every state names them, and they change only with the package."""
    return tuple(sorted(p.name for p in folder.iterdir() if p.is_file() and ASSET_NAME.match(p.name)))


def asset_path(game_name: str, file: str) -> Path:
    """The file ``file`` of game ``game_name``'s page folder; a 404 ``WebError`` for any other name."""
    not_found = WebError(Message(N_("not found")), 404)
    try:
        game = get_game(check_game_name(game_name))
    except ValueError:
        raise not_found from None
    if file not in asset_names(game):
        raise not_found
    folder = page_folder(game)
    assert folder is not None  # asset_names found the file there
    return folder / file


def _areas(game: Any, lang: str) -> list[dict[str, str]]:
    text = game.table_text(lang)
    ids = tuple(text.page_areas()) if hasattr(text, "page_areas") else DEFAULT_AREAS
    unknown = [a for a in ids if a not in AREAS]
    if unknown:
        raise TypeError(f"game {game.NAME!r} names page areas the page does not draw: {', '.join(unknown)} "
                        f"(known: {', '.join(AREAS)})")
    return [{"id": a, "label": render(AREAS[a], lang)} for a in ids]


def _side_name(name: str, lang: str) -> str:
    """A side's name in ``lang``: as the catalogs know it whole (South/North), else seat by seat."""
    whole = render(name, lang)
    return whole if whole != name or lang == "en" else "/".join(render(n, lang) for n in name.split("/"))


def table_json(game: Any, lang: str = "en", rules: Any = None) -> dict[str, Any]:
    """The table of ``game`` (under ``rules``) as the page draws it, its names in ``lang``."""
    geo = game.geometry(rules)
    return {"seats": geo.seats, "sides": [list(side) for side in geo.sides],
            "seat_names": [render(n, lang) for n in geo.seat_names],
            "side_names": [_side_name(n, lang) for n in geo.side_names], "you": YOU,
            "areas": _areas(game, lang),
            "assets": [ASSET_URL.format(game=game.NAME, file=f) for f in asset_names(game)]}


def catalog(query: dict[str, Any], lang: str = "en") -> dict[str, Any]:
    """GET /api/games: every game, the default first, with its title, table and bots, and ``sizes``: each other
    table it is played at (``players``, and ``sides`` where the size seats its players another way), with its
    ``key`` (what the page's chooser and a board name it by), title, table and strongest bot."""
    check_keys(query, set())
    games = []
    for name in game_names():
        game = get_game(name)
        games.append({"name": game.NAME, "title": game.TITLE, "table": table_json(game, lang),
                      "bots": list(game.bot_names()), "default": game.strongest_bot(),
                      "sizes": [_size_json(game, size, lang) for size in table_choices(game)[1:]]})
    return {"games": games}


def _size_json(game: Any, size: dict[str, int], lang: str) -> dict[str, Any]:
    deal = Deal(game=game.NAME, **size)
    rules = deal.rules
    return {"key": board_of(deal), **size, "title": table_title(game, size, lang),
            "table": table_json(game, lang, rules),
            "default": sized_call(game, game.strongest_bot, rules)}
