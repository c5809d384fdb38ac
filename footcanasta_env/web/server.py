"""The Starlette app of ``footcanasta serve``: the page, the JSON API, the leaderboard, and the subcommand.

``create_app(db_path)`` builds the app. The games are the table core's (``footcanasta_env.table``), one
``WebGame`` each (``session.py``), kept in memory (one lock each) and in SQLite (``store.py``), written
after every request, so a restart loses nothing. A game is any of ``footcanasta_env.games`` (``"game"``
when creating one; Foot Canasta by default). Every answer to bad input is a 4xx with a one-line
``{"error": ...}`` (Starlette's ``exception_handlers``); nothing a request does to a game happens unless
all of it is legal. ``settings`` (``settings.py``, from the environment by default) bound what a client may
ask: the routes that run the bots do so in the bounded pool of ``guard.py`` and count against the client's
rate limits; ``front.py`` wraps the app (security headers, time limit, access log). ``GET /healthz`` says
whether the database answers.
"""

from __future__ import annotations

import argparse
import html
import json
import logging
import os
import secrets
import threading
import unicodedata
from collections import OrderedDict
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

from ..games import check_game_name, get_game
from ..table import Deal, Table, TableError, parse_daily
from ..table.deal import today as local_today
from .front import CLIENT, Front, access_log
from .guard import Guards, Refused
from .session import WebError, WebGame
from .settings import DEFAULT, SettingError, Settings, add_arguments
from .store import DEFAULT_DB, Store

STATIC = Path(__file__).with_name("static")
MAX_NAME = 32
MAX_SESSIONS = 2000
MAX_ACTIONS = 16
CREATE_KEYS = {"game", "seed", "daily", "scenario", "partner", "opponents", "name"}


def _line(e: BaseException) -> str:
    """An exception's first line (its type's name when it has no message)."""
    text = str(e)
    return text.splitlines()[0] if text.strip() else type(e).__name__


def _error(message: str, status: int = 400) -> JSONResponse:
    return JSONResponse({"error": " ".join(str(message).split())[:300]}, status_code=status)


async def _body(request: Request, limit: int) -> dict[str, Any]:
    """The request's JSON object, at most ``limit`` bytes (``Settings.max_body``); anything else is a WebError."""
    length = request.headers.get("content-length")
    if length is not None and (not length.isdigit() or int(length) > limit):
        raise WebError(f"request body too large (at most {limit} bytes)", 413)
    raw = b""
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > limit:
            raise WebError(f"request body too large (at most {limit} bytes)", 413)
    if not raw.strip():
        return {}
    try:
        data = json.loads(raw)
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        raise WebError(f"malformed JSON: {e}") from None
    if not isinstance(data, dict):
        raise WebError(f"expected a JSON object, got {type(data).__name__}")
    return data


def _check_keys(data: dict[str, Any], allowed: set[str]) -> None:
    unknown = sorted(set(data) - allowed)
    if unknown:
        raise WebError(f"unknown field {unknown[0]!r} (known: {', '.join(sorted(allowed))})")


def check_name(value: Any) -> str | None:
    """A leaderboard name: 1 to 32 printable characters, trimmed; None when not given."""
    if value is None:
        return None
    if not isinstance(value, str):
        raise WebError("name must be a string")
    name = " ".join(value.split())
    if not name:
        return None
    if len(name) > MAX_NAME:
        raise WebError(f"name is too long ({len(name)} characters; at most {MAX_NAME})")
    if any(unicodedata.category(c).startswith("C") for c in name):
        raise WebError("name may not hold control characters")
    return name


def check_bot(game: Any, value: Any, what: str) -> str | None:
    """A bot the page may seat at ``what`` (partner or opponents): one of the game's ``bot_names()``;
    None (not given) is the game's strongest. A policy file or search options are the terminal's."""
    if value is None:
        return None
    known = ", ".join(game.bot_names())
    if not isinstance(value, str) or not value.strip():
        raise WebError(f"{what} must be a bot name ({known})")
    try:
        name = game.check_bot_name(value)
    except ValueError as e:
        raise WebError(f"{what}: {_line(e)}") from None
    if name not in game.bot_names():
        raise WebError(f"{what}: the {name!r} bot is not offered in the browser (known: {known})")
    return name


def _scenario(value: Any) -> dict | None:
    if isinstance(value, str):
        try:
            value = json.loads(value)
        except json.JSONDecodeError as e:
            raise WebError(f"scenario is not valid JSON: {e}") from None
    if value is not None and not isinstance(value, dict):
        raise WebError("scenario must be a JSON object")
    return value


def _names(table: Table, data: dict[str, Any]) -> list[str]:
    """The person's actions of a request: one name, a list of names, or a typed command."""
    given = [k for k in ("action", "actions", "command") if k in data]
    if len(given) != 1:
        raise WebError("give one of action (a name), actions (a list of names) or command (typed text)")
    if "action" in data:
        if not isinstance(data["action"], str):
            raise WebError("action must be an action name such as 'draw' or 'discard 9'")
        return [data["action"]]
    if "actions" in data:
        names = data["actions"]
        if not isinstance(names, list) or not names or not all(isinstance(n, str) for n in names):
            raise WebError("actions must be a non-empty list of action names")
        if len(names) > MAX_ACTIONS:
            raise WebError(f"too many actions in one request (at most {MAX_ACTIONS})")
        return names
    return _parse(table, data["command"])


def _parse(table: Table, text: Any) -> list[str]:
    """A line typed as at the terminal prompt ('d', 'm K K K', 'x 9') as one action name."""
    if not isinstance(text, str) or len(text) > 200:
        raise WebError("command must be a short text such as 'd', 'm K K K' or 'x 9'")
    cmd = table.text.parse_command(text, list(table.view().legal_actions), table.game.why_illegal)
    if cmd.kind == "action" and cmd.action is not None:
        return [table.module.action_name(cmd.action)]
    if cmd.kind == "error":
        raise WebError(cmd.message.splitlines()[0], 409)
    raise WebError(f"'{text.strip()}' is not a move here; use the buttons for help and hints")


class Room:
    """The games of one server: a bounded in-memory cache over the store, the finishing of games, and the
    JSON API's answers (each takes the path's game id, if any, and the request's body or query)."""

    def __init__(self, store: Store, today: Callable[[], str], replay_dir: Path | None) -> None:
        self.store = store
        self.today = today
        self.replay_dir = replay_dir
        self.games: OrderedDict[str, WebGame] = OrderedDict()
        self.lock = threading.Lock()

    # ------------------------------------------------------------------ games in memory and in the store

    def _remember(self, gid: str, wg: WebGame) -> None:
        with self.lock:
            self.games[gid] = wg
            self.games.move_to_end(gid)
            while len(self.games) > MAX_SESSIONS:
                old = next((k for k, g in self.games.items() if not g.lock.locked()), None)
                if old is None:
                    break
                del self.games[old]

    def get(self, gid: str) -> WebGame:
        """The game ``gid``, from memory or rebuilt from the store (404 when there is none)."""
        if not isinstance(gid, str) or not 10 <= len(gid) <= 64:
            raise WebError("no such game", 404)
        with self.lock:
            wg = self.games.get(gid)
            if wg is not None:
                self.games.move_to_end(gid)
                return wg
            row = self.store.load_game(gid)
            if row is None:
                raise WebError("no such game", 404)
            wg = self.games[gid] = WebGame.rebuild(row["spec"], row["actions"], row["started"])
            return wg

    def save(self, gid: str, wg: WebGame) -> None:
        table = wg.table
        self.store.save_game(gid, wg.spec(), table.log, table.game.is_over, wg.started)
        if table.game.is_over:
            self.finish(gid, wg)

    def finish(self, gid: str, wg: WebGame) -> None:
        """A finished game: keep its replay, write the replay file, enter it on the leaderboard."""
        if wg.finished:
            return
        wg.finished = True
        table = wg.table
        if table.deal.scenario is None:  # a replay is a seed and moves; a scenario deal has no seed to replay
            replay = table.replay("web")
            self.store.save_replay(gid, replay.to_dict())
            if self.replay_dir is not None:
                try:
                    self.replay_dir.mkdir(parents=True, exist_ok=True)
                    replay.save(self.replay_dir / table.replay_name(f"-web-{gid[:8]}"))
                except OSError:
                    pass  # the replay is in the database as well
        if wg.ranked:
            us, them = table.game.scores[:2]
            wg.entered = self.store.rank(table.deal.game, table.deal.daily, wg.name, gid, int(us), int(them))

    # ------------------------------------------------------------------ the JSON API

    def create(self, data: dict[str, Any]) -> dict[str, Any]:
        """POST /api/games: deal a game of ``game`` and let the bots play up to the person's first decision."""
        _check_keys(data, CREATE_KEYS)
        game = get_game(data.get("game"))
        partner, opponents = (check_bot(game, data.get(k), k) for k in ("partner", "opponents"))
        name = check_name(data.get("name"))
        deal = Deal(game=game.NAME, seed=data.get("seed"), daily=data.get("daily"),
                    scenario=_scenario(data.get("scenario")))
        try:
            table = Table.open(deal, partner, opponents)
        except (ValueError, TypeError) as e:
            raise WebError(f"cannot deal that game: {_line(e)}") from None
        wg = WebGame(table, name, self.today())
        gid = secrets.token_urlsafe(18)
        with wg.lock:
            events = wg.events(list(table.bot_steps()))
            self.save(gid, wg)
            self._remember(gid, wg)
            return {"id": gid, "state": wg.state(), "events": events}

    def show(self, gid: str, query: dict[str, Any]) -> dict[str, Any]:
        wg = self.get(gid)
        with wg.lock:
            return {"state": wg.state()}

    def play(self, gid: str, data: dict[str, Any]) -> dict[str, Any]:
        """The person's actions, all or none (a stale ``version`` is a 409), then the bots' up to the next."""
        _check_keys(data, {"action", "actions", "command", "version"})
        wg = self.get(gid)
        with wg.lock:
            table, version = wg.table, data.get("version")
            if version is not None and (isinstance(version, bool) or not isinstance(version, int)):
                raise WebError("version must be a whole number")
            if version is not None and version != table.version:
                raise WebError(f"the game has moved on (version {table.version}, not {version}); reload it", 409)
            events = wg.events(table.play(_names(table, data)))
            self.save(gid, wg)
            return {"events": events, "state": wg.state()}

    def selection(self, gid: str, data: dict[str, Any]) -> dict[str, Any]:
        _check_keys(data, {"cards"})
        wg = self.get(gid)
        with wg.lock:
            table = wg.table
            return {"buttons": table.text.selection(table.view(), data.get("cards", []), table.check),
                    "version": table.version}

    def parse(self, gid: str, data: dict[str, Any]) -> dict[str, Any]:
        _check_keys(data, {"command"})
        wg = self.get(gid)
        with wg.lock:
            try:
                return {"actions": _parse(wg.table, data.get("command")), "error": "", "version": wg.table.version}
            except WebError as e:  # a typo is an answer, not a failed request
                return {"actions": [], "error": str(e), "version": wg.table.version}

    def hint(self, gid: str, query: dict[str, Any]) -> dict[str, Any]:
        wg = self.get(gid)
        with wg.lock:
            action, bot = wg.table.hint()
            return {"action": wg.table.module.action_name(action), "bot": bot}

    def replay(self, gid: str, query: dict[str, Any]) -> Response:
        wg = self.get(gid)
        with wg.lock:
            data = wg.table.replay("web").to_dict()
        name = f"{wg.table.deal.game}-{gid[:8]}.json"
        return JSONResponse(data, headers={"Content-Disposition": f'attachment; filename="{name}"'})

    def review(self, gid: str, query: dict[str, Any]) -> dict[str, Any]:
        """The search bot's review of the person's decisions, after the game."""
        wg = self.get(gid)
        with wg.lock:
            if not wg.table.game.is_over:
                raise WebError("the game is not over yet: a review comes after the game", 409)
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
           bots: bool = False) -> Route:
    """A JSON route: ``fn(*path_params, data)`` runs in the threadpool (in the bots' pool when ``bots``),
    ``data`` being a POST's JSON body or a GET's query; a dict it returns is sent as JSON with ``status``,
    a ``Response`` as it is. ``limit`` names the client's rate limit it counts against, if any."""

    async def endpoint(request: Request) -> Response:
        guards: Guards = request.app.state.guards
        if limit:
            guards.limits.take(limit, request.scope[CLIENT])
        data = await _body(request, guards.settings.max_body) if method == "POST" else dict(request.query_params)
        args = (*request.path_params.values(), data)
        out = await (guards.pool.run(fn, *args) if bots else run_in_threadpool(fn, *args))
        return out if isinstance(out, Response) else JSONResponse(out, status_code=status)

    return Route(path, endpoint, methods=[method])


async def _index(request: Request) -> Response:
    return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})


async def _board_page(request: Request) -> Response:
    """The leaderboard page (``?game=`` and ``?date=`` as the JSON's)."""
    room: Room = request.app.state.room
    try:
        board = await run_in_threadpool(room.board, dict(request.query_params))
    except ValueError as e:
        return HTMLResponse(f"<!doctype html><p>{html.escape(_line(e))}</p>", status_code=400)
    rows = "".join(
        f"<tr><td>{e['rank']}</td><td>{html.escape(e['name'])}</td><td>{e['scores'][0]}</td>"
        f"<td>{e['scores'][1]}</td><td>{e['result']}</td></tr>" for e in board["entries"])
    body = rows or '<tr><td colspan="5">Nobody has finished this daily game yet.</td></tr>'
    page = (STATIC / "leaderboard.html").read_text(encoding="utf-8")
    page = page.replace("{{title}}", html.escape(get_game(board["game"]).TITLE))
    return HTMLResponse(page.replace("{{date}}", html.escape(board["date"])).replace("{{rows}}", body))


async def _table_error(request: Request, exc: Exception) -> Response:
    response = _error(str(exc), getattr(exc, "status", 400))
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
    return _error(f"bad request: {_line(exc)}")  # never a traceback to the page


async def _http_error(request: Request, exc: Exception) -> Response:
    status = getattr(exc, "status_code", 404)
    return _error(str(getattr(exc, "detail", "") or ("not found" if status == 404 else "bad request")), status)


async def _server_error(request: Request, exc: Exception) -> Response:
    return _error("internal error; the game was not changed", 500)


HANDLERS: dict[Any, Callable[..., Any]] = {
    TableError: _table_error, ValueError: _bad_request, TypeError: _bad_request, KeyError: _bad_request,
    HTTPException: _http_error, Exception: _server_error,
}


def _not_yet(settings: Settings) -> None:
    """Refuse the settings of the database half of issue 28 that this server does not act on yet
    (``max_games`` and ``game_ttl``, the cap and the expiry of unfinished games, are that half's too)."""
    later = {"--workers": settings.workers != 1,
             f"--db postgresql://... (--db-pool {settings.db_pool})": settings.db.startswith("postgres"),
             "--max-games": settings.max_games != DEFAULT.max_games,
             "--game-ttl": settings.game_ttl != DEFAULT.game_ttl}
    named = [k for k, v in later.items() if v]
    if named:
        raise SettingError(f"{named[0]} needs games kept in a shared database, which this server does not do yet")


def create_app(db_path: str | os.PathLike[str] | None = None, today: Callable[[], str] | None = None,
               replay_dir: str | os.PathLike[str] | None = None, settings: Settings | None = None) -> Starlette:
    """The web app over the database at ``db_path`` (default: ``settings.db``, else ``~/.footcanasta/web.sqlite3``).
    ``settings`` default to the environment's (``Settings.load()``); ``db_path`` and ``replay_dir`` win over them."""
    settings = Settings.load() if settings is None else settings
    _not_yet(settings)
    store = Store(db_path or settings.db or DEFAULT_DB)
    if replay_dir is None:
        replay_dir = settings.replay_dir or store.path.parent / "replays"
    room = Room(store, today or local_today, Path(replay_dir).expanduser())
    routes = [
        Route("/", _index),
        Route("/leaderboard", _board_page),
        Route("/healthz", _healthz),
        _route("/api/games", room.create, "POST", status=201, limit="create", bots=True),
        _route("/api/games/{gid}", room.show),
        _route("/api/games/{gid}/actions", room.play, "POST", limit="moves", bots=True),
        _route("/api/games/{gid}/selection", room.selection, "POST", limit="moves"),
        _route("/api/games/{gid}/parse", room.parse, "POST", limit="moves"),
        _route("/api/games/{gid}/hint", room.hint, limit="hints", bots=True),
        _route("/api/games/{gid}/replay", room.replay),
        _route("/api/games/{gid}/review", room.review, limit="hints", bots=True),
        _route("/api/bots", room.bots),
        _route("/api/leaderboard", room.board),
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


# ---------------------------------------------------------------------------------------------- command


def run_serve(args: argparse.Namespace) -> int:
    """Run ``footcanasta serve``: the settings of the environment with the flags over them."""
    import uvicorn

    settings = Settings.load(args=args)
    app = create_app(settings=settings)
    if settings.host not in ("127.0.0.1", "localhost", "::1") and not (
            settings.rate_create and settings.rate_moves and settings.rate_hints):
        print("Warning: open to other machines with a rate limit off; see the README's \"Host it\" "
              "(--rate-create, --rate-moves, --rate-hints)", flush=True)
    host = f"[{settings.host}]" if ":" in settings.host else settings.host
    url = f"http://{host}:{settings.port}/"
    print(f"Foot Canasta in the browser: {url}  (database {app.state.room.store.path}; Ctrl+C stops)", flush=True)
    if args.open:
        import webbrowser

        threading.Timer(1.0, lambda: webbrowser.open(url)).start()
    # no Server header (it names uvicorn's version) and uvicorn's access log off: Front writes one without ids
    uvicorn.run(app, host=settings.host, port=settings.port, log_level="warning", server_header=False,
                access_log=False, proxy_headers=False)
    return 0


def add_parsers(sub: argparse._SubParsersAction) -> None:
    """Register ``serve``."""
    p = sub.add_parser("serve", help="play in the browser: start a local web server",
                       description="Start a local web server to play Foot Canasta in the browser.")
    add_arguments(p)
    p.add_argument("--open", action="store_true", help="open the page in the web browser")
    p.set_defaults(func=run_serve)
