"""The Starlette app of ``footcanasta serve``: the page, the JSON API, the leaderboard, and the subcommand.

``create_app(db)`` builds the app over a SQLite file or a PostgreSQL URL; ``app_from_env`` builds it from
environment variables, for each worker process of ``footcanasta serve --workers N``. The games are the
table core's (``footcanasta_env.table``), one ``WebGame`` each (``session.py``); their state is in the
database (``store.py``), written after every move over the version it was played on, so any worker
serves any game, a restart loses nothing, and of two workers racing one move the second gets a 409. A
worker's memory only caches games, checked against the stored version on every request. Every setting
(``settings.py``: ``Settings``, from ``FOOTCANASTA_*`` variables and the flags) bounds what a client may
ask: the cap on unfinished games per client (a 429 beyond) and their expiry, the routes that run the
bots doing so in the bounded pool of ``guard.py`` and counting against the client's rate limits;
``front.py`` wraps the app (security headers, time limit, access log). ``GET /healthz`` says whether the
database answers. A game is any of ``footcanasta_env.games`` (``"game"`` when creating one; Foot Canasta
by default). Every answer to bad input is a 4xx with a one-line ``{"error": ...}`` (Starlette's
``exception_handlers``), a database that cannot be reached a 503 with ``Retry-After``; nothing a request
does to a game happens unless all of it is legal. Every request has a language (``lang.py``: ``?lang=``,
else ``Accept-Language``): the game's texts in the state and events, the leaderboard page and the
``error`` strings are in it, while JSON field names and action names stay English; ``GET /api/i18n/<lang>``
is the page's own catalog (``/api/i18n/auto``: the one ``Accept-Language`` asks for).
"""

from __future__ import annotations

import argparse
import dataclasses
import functools
import html
import json
import logging
import os
import secrets
import threading
import time
import unicodedata
import weakref
from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import date
from pathlib import Path
from typing import Any
from urllib.parse import quote

from babel.dates import format_date
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from ..games import check_game_name, get_game
from ..i18n import LANGUAGES, format_number, negotiate
from ..i18n.webcatalog import web_catalog
from ..messages import N_, Message
from ..table import Deal, Table, TableError, parse_daily
from ..table.deal import today as local_today
from .db import Unavailable
from .front import CLIENT, INTERNAL_ERROR, Front, access_log
from .guard import Guards, Refused
from .lang import error_text, lang_of, message_of, render
from .session import WebError, WebGame
from .settings import Settings, add_arguments
from .store import DEFAULT_DB, Store

STATIC = Path(__file__).with_name("static")
MAX_NAME = 32
MAX_SESSIONS = 2000
MAX_ACTIONS = 16
CREATE_KEYS = {"game", "seed", "daily", "scenario", "partner", "opponents", "name"}
MAX_IN_PROGRESS = 20  # unfinished games one client may have
GAME_TTL = 24 * 3600.0  # seconds after its last move an unfinished game is deleted
EXPIRE_EVERY = 60.0  # seconds between two sweeps of expired games, in each worker
RETRY_AFTER = "2"  # seconds, when the database is down or busy
APP_FACTORY = "footcanasta_env.web.server:app_from_env"


def _line(e: BaseException) -> str:
    """An exception's first line (its type's name when it has no message)."""
    text = str(e)
    return text.splitlines()[0] if text.strip() else type(e).__name__


def _error(message: str, status: int = 400) -> JSONResponse:
    """A one-line ``{"error": ...}`` answer (the message already in the request's language)."""
    return JSONResponse({"error": " ".join(str(message).split())[:300]}, status_code=status)


async def _body(request: Request, limit: int) -> dict[str, Any]:
    """The request's JSON object, at most ``limit`` bytes (``Settings.max_body``); anything else is a WebError."""
    length = request.headers.get("content-length")
    if length is not None and (not length.isdigit() or int(length) > limit):
        raise WebError(_too_large(limit), 413)
    raw = b""
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > limit:
            raise WebError(_too_large(limit), 413)
    if not raw.strip():
        return {}
    try:
        data = json.loads(raw)
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        raise WebError(Message(N_("malformed JSON: {reason}"), reason=str(e))) from None
    if not isinstance(data, dict):
        raise WebError(Message(N_("expected a JSON object, got {kind}"), kind=type(data).__name__))
    return data


def _too_large(limit: int) -> Message:
    return Message(N_("request body too large (at most {limit} bytes)"), limit=limit)


def _check_keys(data: dict[str, Any], allowed: set[str]) -> None:
    unknown = sorted(set(data) - allowed)
    if unknown:
        raise WebError(Message(N_("unknown field {field} (known: {known})"), field=repr(unknown[0]),
                               known=", ".join(sorted(allowed))))


def check_name(value: Any) -> str | None:
    """A leaderboard name: 1 to 32 printable characters, trimmed; None when not given."""
    if value is None:
        return None
    if not isinstance(value, str):
        raise WebError(Message(N_("name must be a string")))
    name = " ".join(value.split())
    if not name:
        return None
    if len(name) > MAX_NAME:
        raise WebError(Message(N_("name is too long ({length} characters; at most {most})"), length=len(name),
                               most=MAX_NAME))
    if any(unicodedata.category(c).startswith("C") for c in name):
        raise WebError(Message(N_("name may not hold control characters")))
    return name


def check_bot(game: Any, value: Any, what: str) -> str | None:
    """A bot the page may seat at ``what`` (partner or opponents): one of the game's ``bot_names()``;
    None (not given) is the game's strongest. A policy file or search options are the terminal's."""
    if value is None:
        return None
    known = ", ".join(game.bot_names())
    if not isinstance(value, str) or not value.strip():
        raise WebError(Message(N_("{field} must be a bot name ({known})"), field=what, known=known))
    try:
        name = game.check_bot_name(value, patterns=False)  # never a file path or options from a stranger
    except ValueError as e:
        raise WebError(Message(N_("{field}: {reason}"), field=what, reason=message_of(e) or _line(e))) from None
    if name not in game.bot_names():
        raise WebError(Message(N_("{field}: the {bot} bot is not offered in the browser (known: {known})"),
                               field=what, bot=repr(name), known=known))
    return name


def _scenario(value: Any) -> dict | None:
    if isinstance(value, str):
        try:
            value = json.loads(value)
        except json.JSONDecodeError as e:
            raise WebError(Message(N_("scenario is not valid JSON: {reason}"), reason=str(e))) from None
    if value is not None and not isinstance(value, dict):
        raise WebError(Message(N_("scenario must be a JSON object")))
    return value


def _names(table: Table, data: dict[str, Any], lang: str) -> list[str]:
    """The person's actions of a request: one name, a list of names, or a typed command."""
    given = [k for k in ("action", "actions", "command") if k in data]
    if len(given) != 1:
        raise WebError(Message(N_("give one of action (a name), actions (a list of names) or command (typed text)")))
    if "action" in data:
        if not isinstance(data["action"], str):
            raise WebError(Message(N_("action must be an action name such as 'draw' or 'discard 9'")))
        return [data["action"]]
    if "actions" in data:
        names = data["actions"]
        if not isinstance(names, list) or not names or not all(isinstance(n, str) for n in names):
            raise WebError(Message(N_("actions must be a non-empty list of action names")))
        if len(names) > MAX_ACTIONS:
            raise WebError(Message(N_("too many actions in one request (at most {most})"), most=MAX_ACTIONS))
        return names
    return _parse(table, data["command"], lang)


def _parse(table: Table, text: Any, lang: str) -> list[str]:
    """A line typed as at the terminal prompt ('d', 'm K K K', 'x 9') as one action name; the game's
    answer to a typo in ``lang``."""
    if not isinstance(text, str) or len(text) > 200:
        raise WebError(Message(N_("command must be a short text such as 'd', 'm K K K' or 'x 9'")))
    cmd = table.text_in(lang).parse_command(text, list(table.view().legal_actions),
                                         lambda a: table.why_illegal(a, lang))
    if cmd.kind == "action" and cmd.action is not None:
        return [table.module.action_name(cmd.action)]
    if cmd.kind == "error":
        raise WebError(cmd.message.splitlines()[0], 409)
    raise WebError(Message(N_("'{command}' is not a move here; use the buttons for help and hints"),
                           command=text.strip()))


class Room:
    """The games of one worker process: a bounded in-memory cache over the store (only a cache: a game is
    used only at the version the store holds, else rebuilt from it), the finishing of games, and the JSON
    API's answers (each takes the path's game id, if any, and the request's body or query)."""

    def __init__(self, store: Store, today: Callable[[], str], replay_dir: Path | None,
                 max_in_progress: int = MAX_IN_PROGRESS, game_ttl: float = GAME_TTL) -> None:
        self.store = store
        self.today = today
        self.replay_dir = replay_dir
        self.max_in_progress = max_in_progress
        self.game_ttl = game_ttl
        self.games: OrderedDict[str, WebGame] = OrderedDict()
        self.lock = threading.Lock()
        self._game_locks: weakref.WeakValueDictionary[str, Any] = weakref.WeakValueDictionary()
        self._expired_at = 0.0

    # ------------------------------------------------------------------ games in memory and in the store

    def _remember(self, gid: str, wg: WebGame) -> None:
        with self.lock:
            self.games[gid] = wg
            self.games.move_to_end(gid)
            while len(self.games) > MAX_SESSIONS:
                self.games.popitem(last=False)  # a request using it holds its own reference

    def _forget(self, gid: str) -> None:
        with self.lock:
            self.games.pop(gid, None)

    def _game_lock(self, gid: str) -> Any:
        with self.lock:
            lock = self._game_locks.get(gid)
            if lock is None:
                lock = self._game_locks[gid] = threading.Lock()
            return lock

    @contextmanager
    def game(self, gid: str) -> Iterator[WebGame]:
        """The game ``gid`` at the version the store holds, for one request of this process at a time
        (404 when there is none). A request that fails after changing it leaves it out of the cache."""
        if not isinstance(gid, str) or not 10 <= len(gid) <= 64:
            raise WebError(Message(N_("no such game")), 404)
        with self._game_lock(gid):
            stored = self.store.version(gid)
            if stored is None:
                self._forget(gid)
                raise WebError(Message(N_("no such game")), 404)
            with self.lock:
                wg = self.games.get(gid)
            if wg is None or wg.table.version != stored:
                row = self.store.load_game(gid)
                if row is None:
                    raise WebError(Message(N_("no such game")), 404)
                wg = WebGame.rebuild(row["spec"], row["actions"], row["started"], row["entered"])
            self._remember(gid, wg)
            before = wg.table.version
            try:
                yield wg
            except BaseException:
                if wg.table.version != before:  # played in memory but not written: the store decides
                    self._forget(gid)
                raise

    def save(self, gid: str, wg: WebGame, played_on: int) -> None:
        """Write the moves played on version ``played_on``; a finished game's replay and leaderboard entry
        go in with its last move, and its replay file is written by the worker that wrote that move."""
        table = wg.table
        over = table.game.is_over
        replay = table.replay("web") if over and table.deal.scenario is None else None  # a scenario has no seed
        entry = None
        if over and wg.ranked:
            us, them = table.game.scores[:2]
            entry = (table.deal.game, table.deal.daily, wg.name, int(us), int(them))
        entered = self.store.save_move(gid, played_on, table.log, over, replay and replay.to_dict(), entry)
        if entry is not None:
            wg.entered = entered
        if replay is not None and self.replay_dir is not None:
            try:
                self.replay_dir.mkdir(parents=True, exist_ok=True)
                replay.save(self.replay_dir / table.replay_name(f"-web-{gid[:8]}"))
            except OSError:
                pass  # the replay is in the database as well

    def in_progress(self, client: str) -> int:
        """How many unfinished games ``client`` has."""
        return self.store.in_progress(client)

    def expire(self, older_than: float | None = None) -> int:
        """Delete the unfinished games untouched for ``older_than`` seconds (the room's ``game_ttl``)."""
        self._expired_at = time.monotonic()
        return self.store.expire(self.game_ttl if older_than is None else older_than)

    def _check_room(self, client: str) -> None:
        """Expire old unfinished games (at most once a minute), then refuse a client at its cap (429)."""
        if time.monotonic() - self._expired_at > EXPIRE_EVERY:
            self.expire()
        if self.max_in_progress and self.in_progress(client) >= self.max_in_progress:
            raise WebError(Message(N_("too many unfinished games from your address (at most {most}): finish one, "
                                      "or wait for one to expire ({hours} hours after its last move)"),
                                   most=self.max_in_progress, hours=f"{self.game_ttl / 3600:g}"), 429)

    # ------------------------------------------------------------------ the JSON API

    def create(self, data: dict[str, Any], client: str = "", lang: str = "en") -> dict[str, Any]:
        """POST /api/games: deal a game of ``game`` and let the bots play up to the person's first decision."""
        _check_keys(data, CREATE_KEYS)
        game = get_game(data.get("game"))
        partner, opponents = (check_bot(game, data.get(k), k) for k in ("partner", "opponents"))
        name = check_name(data.get("name"))
        deal = Deal(game=game.NAME, seed=data.get("seed"), daily=data.get("daily"),
                    scenario=_scenario(data.get("scenario")))
        self._check_room(client)
        try:
            table = Table.open(deal, partner, opponents)
        except (ValueError, TypeError) as e:
            raise WebError(Message(N_("cannot deal that game: {reason}"), reason=message_of(e) or _line(e))) from None
        wg = WebGame(table, name, self.today())
        gid = secrets.token_urlsafe(18)
        events = wg.events(list(table.bot_steps()), lang)
        self.store.create_game(gid, wg.spec(), table.log, wg.started, client)
        if table.game.is_over:  # a scenario the bots played to its end
            self.save(gid, wg, table.version)
        self._remember(gid, wg)
        return {"id": gid, "state": wg.state(lang), "events": events}

    def show(self, gid: str, query: dict[str, Any], lang: str = "en") -> dict[str, Any]:
        with self.game(gid) as wg:
            return {"state": wg.state(lang)}

    def play(self, gid: str, data: dict[str, Any], lang: str = "en") -> dict[str, Any]:
        """The person's actions, all or none (a stale ``version`` is a 409), then the bots' up to the next."""
        _check_keys(data, {"action", "actions", "command", "version"})
        with self.game(gid) as wg:
            table, version = wg.table, data.get("version")
            if version is not None and (isinstance(version, bool) or not isinstance(version, int)):
                raise WebError(Message(N_("version must be a whole number")))
            if version is not None and version != table.version:
                raise WebError(Message(N_("the game has moved on (version {now}, not {given}); reload it"),
                                       now=table.version, given=version), 409)
            played_on = table.version
            events = wg.events(table.play(_names(table, data, lang), lang), lang)
            self.save(gid, wg, played_on)
            return {"events": events, "state": wg.state(lang)}

    def selection(self, gid: str, data: dict[str, Any], lang: str = "en") -> dict[str, Any]:
        _check_keys(data, {"cards"})
        with self.game(gid) as wg:
            table = wg.table
            return {"buttons": table.text_in(lang).selection(table.view(), data.get("cards", []),
                                                            lambda names: table.check(names, lang)),
                    "version": table.version}

    def parse(self, gid: str, data: dict[str, Any], lang: str = "en") -> dict[str, Any]:
        _check_keys(data, {"command"})
        with self.game(gid) as wg:
            try:
                return {"actions": _parse(wg.table, data.get("command"), lang), "error": "",
                        "version": wg.table.version}
            except WebError as e:  # a typo is an answer, not a failed request
                return {"actions": [], "error": error_text(e, lang), "version": wg.table.version}

    def hint(self, gid: str, query: dict[str, Any]) -> dict[str, Any]:
        with self.game(gid) as wg:
            action, bot = wg.table.hint()
            return {"action": wg.table.module.action_name(action), "bot": bot}

    def replay(self, gid: str, query: dict[str, Any]) -> Response:
        with self.game(gid) as wg:
            data = wg.table.replay("web").to_dict()
        name = f"{wg.table.deal.game}-{gid[:8]}.json"
        return JSONResponse(data, headers={"Content-Disposition": f'attachment; filename="{name}"'})

    def review(self, gid: str, query: dict[str, Any]) -> dict[str, Any]:
        """The search bot's review of the person's decisions, after the game."""
        with self.game(gid) as wg:
            if not wg.table.game.is_over:
                raise WebError(Message(N_("the game is not over yet: a review comes after the game")), 409)
            replay = wg.table.replay("web")
        from ..evaluation import review as rv  # loads the search bot's nets: only when asked for

        return rv.review_replay(replay, 0).to_dict()  # outside the lock: it takes a while

    def bots(self, query: dict[str, Any]) -> dict[str, Any]:
        """GET /api/bots?game=NAME: the game's bots and the default (its strongest)."""
        _check_keys(query, {"game"})
        game = get_game(query.get("game"))
        return {"game": game.NAME, "bots": list(game.bot_names()), "default": game.strongest_bot()}

    def board(self, query: dict[str, Any]) -> dict[str, Any]:
        """GET /api/leaderboard?game=NAME&date=YYYY-MM-DD: a game's daily leaderboard (today by default)."""
        _check_keys(query, {"game", "date"})
        game, date = check_game_name(query.get("game")), parse_daily(query.get("date") or self.today())
        return {"game": game, "date": date, "entries": self.store.leaderboard(game, date)}


# ---------------------------------------------------------------------------------------------- the app


def _route(path: str, fn: Callable[..., Any], method: str = "GET", status: int = 200, limit: str = "",
           bots: bool = False, client: bool = False, lang: bool = False) -> Route:
    """A JSON route: ``fn(*path_params, data)`` runs in the threadpool (in the bots' pool when ``bots``),
    ``data`` being a POST's JSON body or a GET's query less ``lang`` (``client``: with the client's address
    after it; ``lang``: with the request's language as the keyword ``lang``); a dict it returns is sent as
    JSON with ``status``, a ``Response`` as it is. ``limit`` names the client's rate limit it counts
    against, if any."""

    async def endpoint(request: Request) -> Response:
        guards: Guards = request.app.state.guards
        language = lang_of(request.query_params, request.headers)
        if limit:
            guards.limits.take(limit, request.scope[CLIENT])
        if method == "POST":
            data = await _body(request, guards.settings.max_body)
        else:
            data = {k: v for k, v in request.query_params.items() if k != "lang"}
        args = (*request.path_params.values(), data, *((request.scope[CLIENT],) if client else ()))
        call = functools.partial(fn, lang=language) if lang else fn
        out = await (guards.pool.run(call, *args) if bots else run_in_threadpool(call, *args))
        return out if isinstance(out, Response) else JSONResponse(out, status_code=status)

    return Route(path, endpoint, methods=[method])


def _request_lang(request: Request) -> str:
    """The request's language for an answer that must be given anyway (an error): a bad ``?lang=`` is
    passed over for the ``Accept-Language`` header."""
    try:
        return lang_of(request.query_params, request.headers)
    except WebError:
        return negotiate(request.headers.get("accept-language"))


async def _index(request: Request) -> Response:
    return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})


async def _catalog(request: Request) -> Response:
    """GET /api/i18n/<lang>: the page's own texts in ``lang`` (``auto``: the best for ``Accept-Language``)."""
    wanted = request.path_params["lang"]
    code = negotiate(request.headers.get("accept-language")) if wanted == "auto" else wanted
    if code not in LANGUAGES:
        raise WebError(Message(N_("no catalog for the language {lang}: the languages are {languages}"),
                               lang=repr(wanted), languages=", ".join(LANGUAGES)), 404)
    return JSONResponse(await run_in_threadpool(web_catalog, code), headers={"Cache-Control": "no-cache"})


BOARD_TEXTS = {
    "heading": N_("{title}: daily leaderboard, {date}"), "page_title": N_("{title}: daily leaderboard {date}"),
    "play": N_("Play"), "name": N_("Name"), "us": N_("South/North"), "them": N_("West/East"),
    "result": N_("Result"), "rank": N_("#"),
    "intro": N_("The first finished attempt per name at the daily game, played on its own date. "
                "Scores: your partnership, then the bots'."),
}
RESULTS = {"win": N_("won"), "loss": N_("lost"), "draw": N_("drawn")}


async def _board_page(request: Request) -> Response:
    """The leaderboard page (``?game=`` and ``?date=`` as the JSON's, ``?lang=`` or ``Accept-Language``)."""
    room: Room = request.app.state.room
    lang = _request_lang(request)
    query = {k: v for k, v in request.query_params.items() if k != "lang"}
    try:
        lang_of(request.query_params, request.headers)
        board = await run_in_threadpool(room.board, query)
    except ValueError as e:
        return HTMLResponse(f"<!doctype html><p>{html.escape(error_text(e, lang))}</p>", status_code=400)
    rows = "".join(
        f"<tr><td>{e['rank']}</td><td>{html.escape(e['name'])}</td><td>{format_number(e['scores'][0], lang)}</td>"
        f"<td>{format_number(e['scores'][1], lang)}</td><td>{html.escape(render(RESULTS[e['result']], lang))}</td>"
        "</tr>" for e in board["entries"])
    empty = html.escape(render(N_("Nobody has finished this daily game yet."), lang))
    title, day = get_game(board["game"]).TITLE, format_date(date.fromisoformat(board["date"]), "long", locale=lang)
    words = {k: render(Message(v, title=title, date=day), lang) for k, v in BOARD_TEXTS.items()}
    page = (STATIC / "leaderboard.html").read_text(encoding="utf-8")
    fill = {**{k: html.escape(v) for k, v in words.items()}, "lang": lang, "rows": rows or
            f'<tr><td colspan="5">{empty}</td></tr>',
            # the Play link goes back to the same game in the same language
            "play_href": html.escape(f"/?game={quote(board['game'])}&lang={lang}")}
    for key, value in fill.items():
        page = page.replace("{{" + key + "}}", value)
    return HTMLResponse(page)


def _error_for(request: Request, exc: Exception, status: int) -> JSONResponse:
    return _error(error_text(exc, _request_lang(request)), status)


async def _table_error(request: Request, exc: Exception) -> Response:
    response = _error_for(request, exc, getattr(exc, "status", 400))
    if isinstance(exc, Refused):
        response.headers["Retry-After"] = str(exc.retry_after)
    return response


async def _healthz(request: Request) -> Response:
    """GET /healthz, for load balancers: 200 when the database answers a query, else 503."""
    room: Room = request.app.state.room
    try:
        await run_in_threadpool(room.store.leaderboard, "footcanasta", "2000-01-01")
    except Exception:  # whatever the database's failure, the answer is the same: not ready
        return JSONResponse({"ok": False, "error": "the database does not answer"}, status_code=503,
                            headers={"Retry-After": "5", "Cache-Control": "no-store"})
    return JSONResponse({"ok": True}, headers={"Cache-Control": "no-store"})


async def _bad_request(request: Request, exc: Exception) -> Response:
    reason = message_of(exc) or _line(exc)  # never a traceback to the page
    return _error(render(Message(N_("bad request: {reason}"), reason=reason), _request_lang(request)))


async def _http_error(request: Request, exc: Exception) -> Response:
    status = getattr(exc, "status_code", 404)
    detail = getattr(exc, "detail", "") or (N_("not found") if status == 404 else N_("bad request"))
    return _error(render(detail, _request_lang(request)), status)


async def _unavailable(request: Request, exc: Exception) -> Response:
    text = N_("the database is unavailable; try again in a moment")
    response = _error(render(text, _request_lang(request)), 503)
    response.headers["Retry-After"] = RETRY_AFTER
    return response


async def _server_error(request: Request, exc: Exception) -> Response:
    return _error(render(INTERNAL_ERROR, _request_lang(request)), 500)


HANDLERS: dict[Any, Callable[..., Any]] = {
    TableError: _table_error, ValueError: _bad_request, TypeError: _bad_request, KeyError: _bad_request,
    HTTPException: _http_error, Unavailable: _unavailable, Exception: _server_error,
}


def create_app(db: str | os.PathLike[str] | None = None, today: Callable[[], str] | None = None,
               replay_dir: str | os.PathLike[str] | None = None, max_in_progress: int | None = None,
               game_ttl: float | None = None, settings: Settings | None = None) -> Starlette:
    """The web app over the database ``db``: a SQLite file (default ``~/.footcanasta/web.sqlite3``) or a
    ``postgresql://`` URL. ``settings`` default to the environment's (``Settings.load()``); the arguments
    given win over them. Replay files go beside a SQLite file (none for PostgreSQL: the replays are in
    the database)."""
    settings = Settings.load() if settings is None else settings
    given = {"db": db and str(db), "replay_dir": replay_dir and str(replay_dir), "max_games": max_in_progress,
             "game_ttl": game_ttl}
    settings = dataclasses.replace(settings, **{k: v for k, v in given.items() if v is not None})
    store = Store(settings.db or DEFAULT_DB, settings.db_pool)
    replays = settings.replay_dir or (store.path.parent / "replays" if store.path else None)
    room = Room(store, today or local_today, Path(replays).expanduser() if replays else None,
                settings.max_games, settings.game_ttl)
    room.expire()
    routes = [
        Route("/", _index),
        Route("/leaderboard", _board_page),
        Route("/healthz", _healthz),
        _route("/api/games", room.create, "POST", status=201, client=True, limit="create", bots=True, lang=True),
        _route("/api/games/{gid}", room.show, lang=True),
        _route("/api/games/{gid}/actions", room.play, "POST", limit="moves", bots=True, lang=True),
        _route("/api/games/{gid}/selection", room.selection, "POST", limit="moves", lang=True),
        _route("/api/games/{gid}/parse", room.parse, "POST", limit="moves", lang=True),
        _route("/api/games/{gid}/hint", room.hint, limit="hints", bots=True),
        _route("/api/games/{gid}/replay", room.replay),
        _route("/api/games/{gid}/review", room.review, limit="hints", bots=True),
        _route("/api/bots", room.bots),
        _route("/api/leaderboard", room.board),
        Route("/api/i18n/{lang}", _catalog),
        Mount("/static", app=StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(routes=routes, exception_handlers=HANDLERS, middleware=[Middleware(Front, settings=settings)])
    app.state.room = room
    app.state.guards = Guards.of(settings)
    if settings.access_log and not access_log.handlers:
        handler = logging.StreamHandler()
        handler.setFormatter(logging.Formatter("%(asctime)s %(message)s"))
        access_log.addHandler(handler)
        access_log.setLevel(logging.INFO)
    return app


def app_from_env() -> Starlette:
    """The app of one worker process of ``footcanasta serve --workers N``: every setting from the environment."""
    return create_app()


# ---------------------------------------------------------------------------------------------- command


def run_serve(args: argparse.Namespace) -> int:
    """Run ``footcanasta serve``: the settings of the environment with the flags over them; one process, or
    ``--workers N`` processes sharing the port and the database."""
    import uvicorn

    settings = Settings.load(args=args)
    app = create_app(settings=settings)  # the database is migrated here, once, before any worker starts
    if settings.host not in ("127.0.0.1", "localhost", "::1") and not (
            settings.rate_create and settings.rate_moves and settings.rate_hints):
        print("Warning: open to other machines with a rate limit off; see the README's \"Host it\" "
              "(--rate-create, --rate-moves, --rate-hints)", flush=True)
    where = app.state.room.store.db.describe()
    host = f"[{settings.host}]" if ":" in settings.host else settings.host
    url = f"http://{host}:{settings.port}/"
    workers = f"{settings.workers} workers, " if settings.workers > 1 else ""
    print(f"Play in the browser: {url}  ({workers}database {where}; Ctrl+C stops)", flush=True)
    if args.open:
        import webbrowser

        threading.Timer(1.0, lambda: webbrowser.open(url)).start()
    # no Server header (it names uvicorn's version) and uvicorn's access log off: Front writes one without ids
    quiet = dict(log_level="warning", server_header=False, access_log=False, proxy_headers=False)
    if settings.workers > 1:
        app.state.room.store.db.close()
        os.environ.update(settings.environ())  # the worker processes read their settings there
        uvicorn.run(APP_FACTORY, factory=True, workers=settings.workers, host=settings.host, port=settings.port,
                    **quiet)
    else:
        uvicorn.run(app, host=settings.host, port=settings.port, **quiet)
    return 0


def add_parsers(sub: argparse._SubParsersAction) -> None:
    """Register ``serve``."""
    p = sub.add_parser("serve", help="play in the browser: start a local web server",
                       description="Start a web server to play in the browser (locally by default; "
                                   "see the README's \"Host it\" for hosting).")
    add_arguments(p)
    p.add_argument("--open", action="store_true", help="open the page in the web browser")
    p.set_defaults(func=run_serve)
