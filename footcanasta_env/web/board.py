"""The daily leaderboards: which boards there are, the days around one, and the leaderboard page.

A board is a game at one table (``players``: its number of seats, and ``sides`` where that many players
sit in other sides than usual) on one date: every table the page's chooser offers (``table_choices``) has
its own, ``/leaderboard?game=canasta&players=6&sides=3&date=2024-05-01`` and the same query on
``GET /api/leaderboard``. ``check_players`` refuses a number of players a game has no board for,
``check_table`` also checks the sides (``GET /api/daily`` takes the table the same way), ``days_around``
gives the previous and the next day a reader can browse to (none before the first date, none after the
last date that is today somewhere on Earth), and ``board_page`` draws the page: the day and the
game to browse to, the table of entries with one score column per side of the game's table, numbers and dates
as the reader's language writes them. The page has no script: its links and its date form are plain HTML.
"""

from __future__ import annotations

import datetime as _dt
import html
from typing import Any
from urllib.parse import urlencode

from babel.dates import format_date

from ..family.sizes import table_title
from ..games import game_names, get_game
from ..i18n import format_number
from ..messages import N_, Message
from ..table import Deal
from ..table.deal import table_choices, table_rules, table_sizes
from .checks import check_size
from .lang import render
from .pages import HEAD, STATIC, fill
from .session import WebError, board_of

TEXTS = {
    "heading": N_("{title}: daily leaderboard, {date}"), "page_title": N_("{title}: daily leaderboard {date}"),
    "play": N_("Play"), "name": N_("Name"), "result": N_("Result"), "rank": N_("#"), "hints": N_("Hints"),
    "rules": N_("Rules"), "previous": N_("Previous day"), "next": N_("Next day"), "today": N_("Today"),
    "days": N_("Other days"), "games": N_("Leaderboards of the games"), "date_label": N_("Date"),
    "show": N_("Show"), "menu": N_("Menu"), "board": N_("Leaderboard"),
}
INTRO = N_("One ranked attempt per player and day at the daily game, the same deal and bots for everyone.")
SCORES = {
    "sides": N_("Scores: the player's side first, then the other sides; hints taken beside them."),
    "players": N_("Scores: the player's own first, then each opponent's; hints taken beside them."),
}
RESULTS = {"win": N_("won"), "loss": N_("lost"), "draw": N_("drawn")}


def board_sizes(game: Any) -> tuple[int, ...]:
    """The table sizes (numbers of seats) ``game`` keeps daily leaderboards for: its default table's first,
    then every other number of players its rules take (``table.deal.table_sizes``)."""
    return table_sizes(game)


def board_key(game: str, size: dict[str, int]) -> str:
    """The key a board is stored under: the game's name at its default table (as before sizes), else
    ``name/size`` (``canasta/2``, ``canasta/6x3``), so that each table keeps its own dailies, attempts and
    entries (``size``: ``check_table``'s answer)."""
    return board_of(Deal(game=game, **size))


def rules_of(game: Any, size: dict[str, int]) -> Any:
    """The rules of ``game``'s board at the table ``size`` (``None``: its default table)."""
    return table_rules(game.NAME, size.get("players"), size.get("sides"))


def check_players(game: Any, value: Any) -> int:
    """The table size a query asks for (``players``; none: the game's first), or a 400 naming the sizes."""
    sizes = board_sizes(game)
    if value is None or value == "":
        return sizes[0]
    text = str(value).strip()
    if not (text.isascii() and text.isdigit() and len(text) < 4 and int(text) in sizes):
        raise WebError(Message(N_("{title} has daily leaderboards for {sizes} players, not {players}"),
                               title=game.TITLE, sizes=" or ".join(map(str, sizes)), players=repr(str(value)[:20])))
    return int(text)


def check_table(game: Any, query: dict[str, Any]) -> dict[str, int]:
    """The table a query asks for (``players``, ``sides``; none: the game's default table) as a Deal's size
    (``{}`` for the default table), or a 400 naming the bad value: a number of players without a board,
    sides that do not seat them, sides for a game of one size."""
    players, sides = check_players(game, query.get("players")), query.get("sides")
    if (sides is None or sides == "") and players == game.geometry().seats:
        return {}
    return check_size(game, {"players": players} | ({} if sides is None or sides == "" else {"sides": sides}))


def days_around(date: str, latest: str) -> tuple[str | None, str | None]:
    """The days before and after ``date`` a reader can browse to: none before the calendar's first day, none
    after ``latest`` (the last date that is today somewhere)."""
    day = _dt.date.fromisoformat(date)
    before = (day - _dt.timedelta(days=1)).isoformat() if day > _dt.date.min else None
    after = (day + _dt.timedelta(days=1)).isoformat() if date < latest else None
    return before, after


def board_href(game: str, players: int, lang: str, date: str | None = None, sides: int | None = None) -> str:
    """The page of a board (``date`` None: today's; ``sides`` None: the usual sides of ``players``)."""
    query = {"game": game, "players": players, **({"sides": sides} if sides else {}),
             **({"date": date} if date else {}), "lang": lang}
    return "/leaderboard?" + urlencode(query)


def _rows(board: dict[str, Any], lang: str, columns: int) -> str:
    rows = "".join(
        f"<tr><td>{format_number(e['rank'], lang)}</td><td>{html.escape(e['name'])}</td>"
        + "".join(f"<td>{format_number(x, lang)}</td>" for x in e["scores"])
        + f"<td>{html.escape(render(RESULTS[e['result']], lang))}</td>"
        f"<td>{format_number(e['hints'], lang)}</td></tr>" for e in board["entries"])
    empty = html.escape(render(N_("Nobody has finished this daily game yet."), lang))
    return rows or f'<tr><td colspan="{columns}">{empty}</td></tr>'


def _games(board: dict[str, Any], lang: str) -> str:
    """The links to every board of the same date (every table the chooser offers), the one shown marked."""
    links = []
    for name in game_names():
        game = get_game(name)
        for size in table_choices(game):
            players = size.get("players", game.geometry().seats)
            href = board_href(name, players, lang, board["date"], size.get("sides"))
            here = name == board["game"] and board_key(name, size) == board["key"]
            links.append(f'<li><a href="{html.escape(href)}"{" aria-current=page" if here else ""}>'
                         f'{html.escape(table_title(game, size, lang))}</a></li>')
    return "".join(links)


def _days(board: dict[str, Any], words: dict[str, str], lang: str, sides: int | None) -> str:
    """The previous day, today and the next day, each a link when the reader can go there."""
    game, players = board["game"], board["players"]
    out = []
    for key, day, mark in (("previous", board["previous"], "‹ "), ("today", None, ""), ("next", board["next"], "")):
        current = ' aria-current="date"' if key == "today" and board["date"] == board["today"] else ""
        label = f"{mark}{words[key]}" + (" ›" if key == "next" else "")
        if key != "today" and day is None:
            continue
        href = board_href(game, players, lang, day, sides)
        out.append(f'<a id="{key}-link" href="{html.escape(href)}"{current}>{html.escape(label)}</a>')
    return "".join(out)


def _sides_field(size: dict[str, int]) -> str:
    """The date form's hidden ``sides`` (none where the board's players sit in their usual sides)."""
    return f'<input type="hidden" name="sides" value="{size["sides"]}">' if "sides" in size else ""


def board_page(board: dict[str, Any], lang: str) -> str:
    """The leaderboard page of ``board`` (``Room.board``'s answer) in ``lang``."""
    game = get_game(board["game"])
    size = {} if board["key"] == game.NAME else check_size(game, {k: board[k] for k in ("players", "sides")})
    rules = rules_of(game, size)
    geometry = game.geometry(rules)
    from .tables import table_json  # tables reads the game's TableText: only when a page is drawn

    sides = table_json(game, lang, rules)["side_names"]
    title, day = table_title(game, size, lang), format_date(_dt.date.fromisoformat(board["date"]), "long", locale=lang)
    words = {k: render(Message(v, title=title, date=day), lang) for k, v in TEXTS.items()}
    alone = all(len(side) == 1 for side in geometry.sides)  # every side a single player: no partners to name
    intro = render(INTRO, lang) + " " + render(SCORES["players" if alone else "sides"], lang)
    # one column per side; a side's heading may break after its slash (South/<wbr>North): it fits a phone
    heads = "".join(f"<th>{html.escape(n).replace('/', '/<wbr>')}</th>" for n in sides)
    values = {
        **{k: html.escape(v) for k, v in words.items()}, "head": HEAD, "lang": lang, "sides": heads,
        "intro": html.escape(intro), "rows": _rows(board, lang, 4 + len(sides)), "games_list": _games(board, lang),
        "wide": " wide" if len(sides) > 2 else "",  # seven columns and more: set smaller on a phone (pages.css)
        "days_links": _days(board, words, lang, size.get("sides")), "game": html.escape(board["game"]),
        "players": str(board["players"]), "sides_field": _sides_field(size), "date": board["date"],
        "latest": board["latest"],
        # the Play and Rules links go to the same game in the same language
        "play_href": html.escape(f"/?{urlencode({'game': board['game'], **size, 'lang': lang})}"),
        "rules_href": html.escape(f"/rules?{urlencode({'game': board['game'], 'lang': lang})}"),
    }
    return fill((STATIC / "leaderboard.html").read_text(encoding="utf-8"), values)
