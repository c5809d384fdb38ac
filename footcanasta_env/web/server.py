"""The Starlette app of ``footcanasta serve``: the page, the JSON API, the leaderboard, and the subcommand.

``create_app(db)`` builds the app over a SQLite file or a PostgreSQL URL; ``app_from_env`` builds it from
environment variables, for each worker process of ``footcanasta serve --workers N``. The games and the
API's answers are the ``Room``'s (``room.py``); their state is in the database (``store.py``), written after
every move over the version it was played on, so any worker serves any game, a restart loses nothing, and
of two workers racing one move the second gets a 409. Every setting (``settings.py``: ``Settings``, from
``FOOTCANASTA_*`` variables and the flags) bounds what a client may ask: the cap on unfinished games per
client (a 429 beyond) and their expiry, the routes that run the bots doing so in the bounded pool of
``guard.py`` with a deadline, their work abandoned when the request goes (``work.py``); ``front.py`` wraps
the app (rate limits per client shared by every worker, cross-site checks, security headers, time limit,
access log). ``GET /healthz`` says whether the database answers. A game is any of ``footcanasta_env.games``
(``"game"`` when creating one; Foot Canasta by default). Every answer to bad input is a 4xx with a one-line
``{"error": ...}`` (Starlette's ``exception_handlers``), a database that cannot be reached a 503 with
``Retry-After``; nothing a request does to a game happens unless all of it is legal. Every request has a
language (``lang.py``: ``?lang=``, else ``Accept-Language``): the game's texts in the state and events, the
leaderboard page and the ``error`` strings are in it, while JSON field names and action names stay
English; ``GET /api/i18n/<lang>`` is the page's own catalog (``/api/i18n/auto``: the one ``Accept-Language``
asks for).
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import functools
import logging
import os
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from ..i18n import LANGUAGES, negotiate
from ..i18n.webcatalog import web_catalog
from ..messages import N_, Message
from ..table import TableError
from ..table.deal import today as local_today
from .board import board_page
from .checks import line
from .db import Unavailable
from .front import CLIENT, INTERNAL_ERROR, Front, access_log
from .guard import Guards, Refused
from .jsonin import parse_json
from .lang import error_text, lang_of, message_of, render
from .openapi import openapi
from .pages import MANIFEST, MANIFEST_TYPE, error_page, rules_page
from .room import Room
from .session import WebError
from .settings import Settings, add_arguments
from .store import DEFAULT_DB, Store
from .tables import asset_path, catalog
from .work import Work

STATIC = Path(__file__).with_name("static")
RETRY_AFTER = "2"  # seconds, when the database is down or busy
DISCONNECT_POLL = 0.25  # seconds between two looks at whether the client of a bot request is still there
APP_FACTORY = "footcanasta_env.web.server:app_from_env"


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
    data = parse_json(raw)  # a 400 for JSON too deep, numbers too large, control characters, bad UTF-8
    if not isinstance(data, dict):
        raise WebError(Message(N_("expected a JSON object, got {kind}"), kind=type(data).__name__))
    return data


def _too_large(limit: int) -> Message:
    return Message(N_("request body too large (at most {limit} bytes)"), limit=limit)


# ---------------------------------------------------------------------------------------------- the app


def _route(path: str, fn: Callable[..., Any], method: str = "GET", status: int = 200, bots: bool = False,
           client: bool = False, lang: bool = False) -> Route:
    """A JSON route: ``fn(*path_params, data)`` runs in the threadpool, ``data`` being a POST's JSON body or a
    GET's query less ``lang`` (``client``: with the client's address after it; ``lang``: with the request's
    language as the keyword ``lang``); a dict it returns is sent as JSON with ``status``, a ``Response`` as it
    is. ``bots``: it runs in the bots' bounded pool with a ``Work`` (the keyword ``work``) whose deadline is the
    request's time limit, abandoned as soon as nobody waits for the answer. The client's rate limits are
    the front door's (``front.py``)."""

    async def endpoint(request: Request) -> Response:
        guards: Guards = request.app.state.guards
        language = lang_of(request.query_params, request.headers)
        if method == "POST":
            data = await _body(request, guards.settings.max_body)
        else:
            data = {k: v for k, v in request.query_params.items() if k != "lang"}
        args = (*request.path_params.values(), data, *((request.scope[CLIENT],) if client else ()))
        call = functools.partial(fn, lang=language) if lang else fn
        if bots:
            work = Work(guards.settings.request_timeout or None)
            out = await _watched(request, work, guards.pool.run(work.bind(call), *args))
        else:
            out = await run_in_threadpool(call, *args)
        return out if isinstance(out, Response) else JSONResponse(out, status_code=status)

    return Route(path, endpoint, methods=[method])


async def _watched(request: Request, work: Work, job: Any) -> Any:
    """The bot ``job``'s answer; its ``work`` abandoned when the client hangs up or the request is cancelled
    (the front door's time limit), so that no bot thinks for nobody."""
    task = asyncio.ensure_future(job)
    try:
        while True:
            done, _ = await asyncio.wait({task}, timeout=DISCONNECT_POLL)
            if done:
                return task.result()
            if await request.is_disconnected():
                work.cancel()
                return await task  # the work stops at its next check
    except asyncio.CancelledError:
        work.cancel()
        task.cancel()
        raise


def _request_lang(request: Request) -> str:
    """The request's language for an answer that must be given anyway (an error): a bad ``?lang=`` is
    passed over for the ``Accept-Language`` header."""
    try:
        return lang_of(request.query_params, request.headers)
    except WebError:
        return negotiate(request.headers.get("accept-language"))


async def _index(request: Request) -> Response:
    return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})


async def _game_asset(request: Request) -> Response:
    """GET /static/games/<game>/<file>: a file of the game's own page folder (any other name: a 404)."""
    path = await run_in_threadpool(asset_path, request.path_params["game"], request.path_params["file"])
    return FileResponse(path, headers={"Cache-Control": "no-cache"})


async def _catalog(request: Request) -> Response:
    """GET /api/i18n/<lang>: the page's own texts in ``lang`` (``auto``: the best for ``Accept-Language``)."""
    wanted = request.path_params["lang"]
    code = negotiate(request.headers.get("accept-language")) if wanted == "auto" else wanted
    if code not in LANGUAGES:
        raise WebError(Message(N_("no catalog for the language {lang}: the languages are {languages}"),
                               lang=repr(wanted), languages=", ".join(LANGUAGES)), 404)
    return JSONResponse(await run_in_threadpool(web_catalog, code), headers={"Cache-Control": "no-cache"})


async def _board_page(request: Request) -> Response:
    """GET /leaderboard: a board's page (``?game=``, ``?players=`` and ``?date=`` as the JSON's, ``?lang=`` or
    ``Accept-Language``); a bad parameter is a 400 page saying which, with a link to today's board."""
    room: Room = request.app.state.room
    lang = _request_lang(request)
    query = {k: v for k, v in request.query_params.items() if k != "lang"}
    try:
        lang_of(request.query_params, request.headers)
        board = await run_in_threadpool(room.board, query)
    except ValueError as e:
        return HTMLResponse(error_page(error_text(e, lang), lang, f"/leaderboard?lang={lang}"),
                            status_code=getattr(e, "status", 400))
    return HTMLResponse(await run_in_threadpool(board_page, board, lang))


async def _rules_page(request: Request) -> Response:
    """GET /rules?game=NAME&lang=CODE: the game's rule book in the language, as a page (unknown game: 404)."""
    lang = _request_lang(request)
    query = {k: v for k, v in request.query_params.items() if k != "lang"}
    try:
        lang_of(request.query_params, request.headers)
        page = await run_in_threadpool(rules_page, query, lang)
    except ValueError as e:
        return HTMLResponse(error_page(error_text(e, lang), lang, f"/?lang={lang}"),
                            status_code=getattr(e, "status", 400))
    return HTMLResponse(page, headers={"Cache-Control": "no-cache"})


async def _manifest(request: Request) -> Response:
    """GET /manifest.webmanifest: the web app manifest, so that a phone can keep the page as an app."""
    return FileResponse(MANIFEST, media_type=MANIFEST_TYPE, headers={"Cache-Control": "no-cache"})


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
    reason = message_of(exc) or line(exc)  # never a traceback to the page
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
               game_ttl: float | None = None, settings: Settings | None = None,
               now: Callable[[], Any] | None = None, **overrides: Any) -> Starlette:
    """The web app over the database ``db``: a SQLite file (default ``~/.footcanasta/web.sqlite3``) or a
    ``postgresql://`` URL. ``settings`` default to the environment's (``Settings.load()``); the arguments
    given win over them, and so do ``overrides`` (any field of ``Settings``). Replay files go beside a SQLite
    file (none for PostgreSQL: the replays are in the database). ``today`` (the local date, as YYYY-MM-DD)
    and ``now`` (UTC) are the clocks: which dailies can be played and which are published."""
    settings = Settings.load() if settings is None else settings
    given = {"db": db and str(db), "replay_dir": replay_dir and str(replay_dir), "max_games": max_in_progress,
             "game_ttl": game_ttl, **overrides}
    settings = dataclasses.replace(settings, **{k: v for k, v in given.items() if v is not None})
    store = Store(settings.db or DEFAULT_DB, settings.db_pool)
    replays = settings.replay_dir or (store.path.parent / "replays" if store.path else None)
    room = Room(store, today or local_today, Path(replays).expanduser() if replays else None,
                settings.max_games, settings.game_ttl, settings.secret, settings.cache_mb << 20,
                **({"now": now} if now is not None else {}))
    room.expire()
    routes = [
        Route("/", _index),
        Route("/leaderboard", _board_page),
        Route("/rules", _rules_page),
        Route("/manifest.webmanifest", _manifest),
        Route("/healthz", _healthz),
        _route("/api/players", room.new_player, "POST", status=201),
        _route("/api/games", room.create, "POST", status=201, client=True, bots=True, lang=True),
        _route("/api/games", catalog, lang=True),
        _route("/api/games/{gid}", room.show, lang=True),
        _route("/api/games/{gid}/actions", room.play, "POST", bots=True, lang=True),
        _route("/api/games/{gid}/selection", room.selection, "POST", lang=True),
        _route("/api/games/{gid}/parse", room.parse, "POST", lang=True),
        _route("/api/games/{gid}/hint", room.hint, bots=True),
        _route("/api/games/{gid}/replay", room.replay),
        _route("/api/games/{gid}/review", room.review, bots=True),
        _route("/api/bots", room.bots),
        _route("/api/leaderboard", room.board),
        _route("/api/daily/{game}/{date}", room.daily),
        Route("/api/i18n/{lang}", _catalog),
        Route("/api/openapi.json", openapi),
        Route("/static/games/{game}/{file}", _game_asset),
        Mount("/static", app=StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(routes=routes, exception_handlers=HANDLERS, middleware=[Middleware(Front, settings=settings)])
    app.state.room = room
    app.state.guards = Guards.of(settings, store.db)
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
            settings.rate_create and settings.rate_moves and settings.rate_hints and settings.rate_reads
            and settings.rate_players):
        print("Warning: open to other machines with a rate limit off; see docs/hosting.md "
              "(--rate-create, --rate-moves, --rate-hints, --rate-reads, --rate-players)", flush=True)
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
                                   "see docs/hosting.md for hosting).")
    add_arguments(p)
    p.add_argument("--open", action="store_true", help="open the page in the web browser")
    p.set_defaults(func=run_serve)
