"""The daily leaderboards: which boards there are, the days around one, and the leaderboard page.

A board is a game at one table size (``players``: its number of seats) on one date. Every game has one size
today, its default rules' table; a game with more sizes (Canasta for two, three or six) adds them to
``board_sizes`` and the URLs already carry them: ``/leaderboard?game=canasta&players=4&date=2024-05-01``
and the same query on ``GET /api/leaderboard``. ``check_players`` refuses a size a game has no board for,
``days_around`` gives the previous and the next day a reader can browse to (none before the first date, none
after the last date that is today somewhere on Earth), and ``board_page`` draws the page: the day and the
game to browse to, the table of entries with one score column per side of the game's table, numbers and dates
as the reader's language writes them. The page has no script: its links and its date form are plain HTML.
"""

from __future__ import annotations

import datetime as _dt
import html
from typing import Any
from urllib.parse import urlencode

from babel.dates import format_date

from ..games import game_names, get_game
from ..i18n import format_number
from ..messages import N_, Message
from ..table.deal import table_rules, table_sizes
from .lang import render
from .pages import HEAD, STATIC, fill
from .session import WebError

TEXTS = {
    "heading": N_("{title}: daily leaderboard, {date}"), "page_title": N_("{title}: daily leaderboard {date}"),
    "play": N_("Play"), "name": N_("Name"), "result": N_("Result"), "rank": N_("#"), "hints": N_("Hints"),
    "rules": N_("Rules"), "previous": N_("Previous day"), "next": N_("Next day"), "today": N_("Today"),
    "days": N_("Other days"), "games": N_("Leaderboards of the games"), "date_label": N_("Date"),
    "show": N_("Show"), "menu": N_("Menu"),
}
INTRO = N_("One ranked attempt per player and day at the daily game, the same deal and bots for everyone.")
SCORES = {
    "sides": N_("Scores: the player's side first, then the other sides; hints taken beside them."),
    "players": N_("Scores: the player's own first, then each opponent's; hints taken beside them."),
}
RESULTS = {"win": N_("won"), "loss": N_("lost"), "draw": N_("drawn")}
SIZE = N_("{title}: {players} at the table")


def board_sizes(game: Any) -> tuple[int, ...]:
    """The table sizes (numbers of seats) ``game`` keeps daily leaderboards for: its default table's first,
    then every other number of players its rules take (``table.deal.table_sizes``)."""
    return table_sizes(game)


def board_key(game: str, players: int) -> str:
    """The key a board is stored under: the game's name at its default table (as before sizes), else
    ``name/players`` (``canasta/2``), so that each size keeps its own dailies, attempts and entries."""
    return game if players == get_game(game).geometry().seats else f"{game}/{players}"  # as session.board_of


def rules_of(game: Any, players: int) -> Any:
    """The rules of ``game``'s board of ``players`` (``None``: its default table)."""
    return None if players == game.geometry().seats else table_rules(game.NAME, players)


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


def days_around(date: str, latest: str) -> tuple[str | None, str | None]:
    """The days before and after ``date`` a reader can browse to: none before the calendar's first day, none
    after ``latest`` (the last date that is today somewhere)."""
    day = _dt.date.fromisoformat(date)
    before = (day - _dt.timedelta(days=1)).isoformat() if day > _dt.date.min else None
    after = (day + _dt.timedelta(days=1)).isoformat() if date < latest else None
    return before, after


def board_href(game: str, players: int, lang: str, date: str | None = None) -> str:
    """The page of a board (``date`` None: today's)."""
    query = {"game": game, "players": players, **({"date": date} if date else {}), "lang": lang}
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
    """The links to every board of the same date, the one shown marked as the current page."""
    links = []
    for name in game_names():
        game = get_game(name)
        sizes = board_sizes(game)
        for players in sizes:
            # the default table keeps the game's own name; another size says its number of players
            label = (game.TITLE if players == sizes[0]
                     else render(Message(SIZE, title=game.TITLE, players=players), lang))
            here = name == board["game"] and players == board["players"]
            links.append(f'<li><a href="{html.escape(board_href(name, players, lang, board["date"]))}"'
                         f'{" aria-current=page" if here else ""}>{html.escape(label)}</a></li>')
    return "".join(links)


def _days(board: dict[str, Any], words: dict[str, str], lang: str) -> str:
    """The previous day, today and the next day, each a link when the reader can go there."""
    game, players = board["game"], board["players"]
    out = []
    for key, day, mark in (("previous", board["previous"], "‹ "), ("today", None, ""), ("next", board["next"], "")):
        current = ' aria-current="date"' if key == "today" and board["date"] == board["today"] else ""
        label = f"{mark}{words[key]}" + (" ›" if key == "next" else "")
        if key != "today" and day is None:
            continue
        out.append(f'<a id="{key}-link" href="{html.escape(board_href(game, players, lang, day))}"{current}>'
                   f"{html.escape(label)}</a>")
    return "".join(out)


def _size(game: Any, board: dict[str, Any]) -> dict[str, int]:
    return {} if board["players"] == game.geometry().seats else {"players": board["players"]}


def board_page(board: dict[str, Any], lang: str) -> str:
    """The leaderboard page of ``board`` (``Room.board``'s answer) in ``lang``."""
    game = get_game(board["game"])
    rules = rules_of(game, board["players"])
    geometry = game.geometry(rules)
    from .tables import table_json  # tables reads the game's TableText: only when a page is drawn

    sides = table_json(game, lang, rules)["side_names"]
    title, day = game.TITLE, format_date(_dt.date.fromisoformat(board["date"]), "long", locale=lang)
    words = {k: render(Message(v, title=title, date=day), lang) for k, v in TEXTS.items()}
    alone = all(len(side) == 1 for side in geometry.sides)  # every side a single player: no partners to name
    intro = render(INTRO, lang) + " " + render(SCORES["players" if alone else "sides"], lang)
    # one column per side; a side's heading may break after its slash (South/<wbr>North): it fits a phone
    heads = "".join(f"<th>{html.escape(n).replace('/', '/<wbr>')}</th>" for n in sides)
    values = {
        **{k: html.escape(v) for k, v in words.items()}, "head": HEAD, "lang": lang, "sides": heads,
        "intro": html.escape(intro), "rows": _rows(board, lang, 4 + len(sides)), "games_list": _games(board, lang),
        "days_links": _days(board, words, lang), "game": html.escape(board["game"]),
        "players": str(board["players"]), "date": board["date"], "latest": board["latest"],
        # the Play and Rules links go to the same game in the same language
        "play_href": html.escape(f"/?{urlencode({'game': board['game'], **_size(game, board), 'lang': lang})}"),
        "rules_href": html.escape(f"/rules?{urlencode({'game': board['game'], 'lang': lang})}"),
    }
    return fill((STATIC / "leaderboard.html").read_text(encoding="utf-8"), values)
