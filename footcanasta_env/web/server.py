"""The Starlette app of ``footcanasta serve``: the page, the JSON API, the leaderboard, and the subcommand.

``create_app(db_path)`` builds the app. Games live in memory (one lock each) and in SQLite (``store.py``),
written after every request, so a restart loses nothing. Every answer to bad input is a 4xx with a
one-line ``{"error": ...}``; nothing a request does to a game happens unless all of it is legal.
"""

from __future__ import annotations

import argparse
import datetime as _dt
import html
import json
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
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from ..bots import bot_names, strongest_bot
from ..engine import ScenarioError
from .session import GameSpec, WebError, WebSession, parse_daily
from .store import DEFAULT_DB, Store

STATIC = Path(__file__).with_name("static")
MAX_BODY = 64 * 1024
MAX_NAME = 32
MAX_SESSIONS = 2000
SEED_MAX = (1 << 63) - 1


def _error(message: str, status: int = 400) -> JSONResponse:
    return JSONResponse({"error": " ".join(str(message).split())[:300]}, status_code=status)


async def _body(request: Request) -> dict[str, Any]:
    """The request's JSON object, read with a size cap; anything else is a WebError."""
    length = request.headers.get("content-length")
    if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
        raise WebError(f"request body too large (at most {MAX_BODY} bytes)", 413)
    raw = b""
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > MAX_BODY:
            raise WebError(f"request body too large (at most {MAX_BODY} bytes)", 413)
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


def _bot(value: Any, what: str) -> str:
    if value is None:
        return ""
    if not isinstance(value, str) or not value.strip():
        raise WebError(f"{what} must be a bot name ({', '.join(bot_names())}, learned)")
    low = value.strip().lower()
    if low not in set(bot_names()) | {"learned"}:
        raise WebError(f"unknown bot {value!r} for {what} (known: {', '.join(bot_names())}, learned)")
    return low


class Room:
    """The games of one server: a bounded in-memory cache over the store, and the finishing of games."""

    def __init__(self, store: Store, today: Callable[[], str], replay_dir: Path | None) -> None:
        self.store = store
        self.today = today
        self.replay_dir = replay_dir
        self.sessions: OrderedDict[str, tuple[WebSession, dict[str, Any]]] = OrderedDict()
        self.lock = threading.Lock()

    def create(self, data: dict[str, Any]) -> tuple[str, WebSession, dict[str, Any], list[dict[str, Any]]]:
        _check_keys(data, {"seed", "daily", "scenario", "partner", "opponents", "name"})
        deals = [k for k in ("seed", "daily", "scenario") if data.get(k) is not None]
        if len(deals) > 1:
            raise WebError(f"give one of seed, daily and scenario, not {' and '.join(deals)}")
        spec = GameSpec(partner=_bot(data.get("partner"), "partner"),
                        opponents=_bot(data.get("opponents"), "opponents"), name=check_name(data.get("name")))
        seed = data.get("seed")
        if seed is not None:
            if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= SEED_MAX:
                raise WebError("seed must be a whole number from 0 to 2**63-1")
            spec.seed = seed
        if data.get("daily") is not None:
            spec.daily = parse_daily(data["daily"])
        if data.get("scenario") is not None:
            sc = data["scenario"]
            if isinstance(sc, str):
                try:
                    sc = json.loads(sc)
                except json.JSONDecodeError as e:
                    raise WebError(f"scenario is not valid JSON: {e}") from None
            if not isinstance(sc, dict):
                raise WebError("scenario must be a JSON object")
            spec.scenario = sc
        try:
            session, events = WebSession.start(spec)
        except ScenarioError as e:
            raise WebError(f"bad scenario: {str(e).splitlines()[0]}") from None
        gid = secrets.token_urlsafe(18)
        started = self.today()
        meta = {"started": started, "ranked": bool(spec.daily and spec.daily == started and spec.name)}
        self.store.save_game(gid, spec.to_dict(), session.log, session.game.is_over, started)
        with self.lock:
            self._remember(gid, session, meta)
        if session.game.is_over:
            self.finish(gid, session, meta)
        return gid, session, meta, events

    def _remember(self, gid: str, session: WebSession, meta: dict[str, Any]) -> None:
        self.sessions[gid] = (session, meta)
        self.sessions.move_to_end(gid)
        while len(self.sessions) > MAX_SESSIONS:
            old = next((k for k, (s, _) in self.sessions.items() if not s.lock.locked()), None)
            if old is None:
                break
            del self.sessions[old]

    def get(self, gid: str) -> tuple[WebSession, dict[str, Any]]:
        if not isinstance(gid, str) or not 10 <= len(gid) <= 64:
            raise WebError("no such game", 404)
        with self.lock:
            hit = self.sessions.get(gid)
            if hit is not None:
                self.sessions.move_to_end(gid)
                return hit
            row = self.store.load_game(gid)
            if row is None:
                raise WebError("no such game", 404)
            spec = GameSpec.from_dict(row["spec"])
            session = WebSession.rebuild(spec, row["actions"])
            meta = {"started": row["started"],
                    "ranked": bool(spec.daily and spec.daily == row["started"] and spec.name)}
            self._remember(gid, session, meta)
            return session, meta

    def save(self, gid: str, session: WebSession, meta: dict[str, Any]) -> None:
        self.store.save_game(gid, session.spec.to_dict(), session.log, session.game.is_over, meta["started"])
        if session.game.is_over:
            self.finish(gid, session, meta)

    def finish(self, gid: str, session: WebSession, meta: dict[str, Any]) -> None:
        """A finished game: keep its replay, write the replay file, enter it on the leaderboard."""
        if meta.get("finished"):
            return
        meta["finished"] = True
        if session.spec.scenario is None:  # a replay is a seed and moves; a scenario deal has no seed to replay
            replay = session.replay()
            self.store.save_replay(gid, replay.to_dict())
            if self.replay_dir is not None:
                try:
                    self.replay_dir.mkdir(parents=True, exist_ok=True)
                    stamp = _dt.datetime.now().strftime("%Y%m%d-%H%M%S")
                    deal = f"daily-{session.spec.daily}" if session.spec.daily else f"seed-{session.spec.seed}"
                    replay.save(self.replay_dir / f"{stamp}-{deal}-web-{gid[:8]}.json")
                except OSError:
                    pass  # the replay is in the database as well
        if meta["ranked"] and session.spec.daily and session.spec.name:
            us, them = session.game.scores
            meta["entered"] = self.store.rank(session.spec.daily, session.spec.name, gid, int(us), int(them))

    def state(self, session: WebSession, meta: dict[str, Any]) -> dict[str, Any]:
        s = session.state()
        s["ranked"] = meta["ranked"]
        if "entered" in meta:
            s["entered"] = meta["entered"]
        return s


def _date_arg(request: Request, today: str) -> str:
    value = request.query_params.get("date") or today
    return parse_daily(value)


def create_app(db_path: str | os.PathLike[str] | None = None, today: Callable[[], str] | None = None,
               replay_dir: str | os.PathLike[str] | None = None) -> Starlette:
    """The web app over the database at ``db_path`` (default ``~/.footcanasta/web.sqlite3``)."""
    store = Store(db_path or DEFAULT_DB)
    if replay_dir is None:
        replay_dir = os.environ.get("FOOTCANASTA_REPLAY_DIR") or store.path.parent / "replays"
    room = Room(store, today or (lambda: _dt.date.today().isoformat()), Path(replay_dir).expanduser())

    def api(fn):
        async def endpoint(request: Request) -> Response:
            try:
                return await fn(request)
            except WebError as e:
                return _error(str(e), e.status)
            except (ValueError, TypeError, KeyError) as e:  # never a traceback to the page
                return _error(f"bad request: {str(e).splitlines()[0] if str(e) else type(e).__name__}")
        return endpoint

    async def index(request: Request) -> Response:
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})

    async def new(request: Request) -> Response:
        data = await _body(request)
        gid, session, meta, events = await run_in_threadpool(room.create, data)
        return JSONResponse({"id": gid, "state": room.state(session, meta), "events": events}, status_code=201)

    def _show(gid: str) -> dict[str, Any]:
        session, meta = room.get(gid)
        with session.lock:
            return {"state": room.state(session, meta)}

    async def show(request: Request) -> Response:
        return JSONResponse(await run_in_threadpool(_show, request.path_params["gid"]))

    def _play(gid: str, data: dict[str, Any]) -> dict[str, Any]:
        _check_keys(data, {"action", "actions", "command", "version"})
        session, meta = room.get(gid)
        given = [k for k in ("action", "actions", "command") if k in data]
        if len(given) != 1:
            raise WebError("give one of action (a name), actions (a list of names) or command (typed text)")
        with session.lock:
            version = data.get("version")
            if version is not None and (isinstance(version, bool) or not isinstance(version, int)):
                raise WebError("version must be a whole number")
            if version is not None and version != session.version:
                raise WebError(f"the game has moved on (version {session.version}, not {version}); reload it", 409)
            if "action" in data:
                if not isinstance(data["action"], str):
                    raise WebError("action must be an action name such as 'draw' or 'discard 9'")
                names = [data["action"]]
            elif "actions" in data:
                names = data["actions"]
                if not isinstance(names, list) or not names or not all(isinstance(n, str) for n in names):
                    raise WebError("actions must be a non-empty list of action names")
                if len(names) > 16:
                    raise WebError("too many actions in one request (at most 16)")
            else:
                names = session.parse(data["command"])
            events = session.play(names)
            room.save(gid, session, meta)
            return {"events": events, "state": room.state(session, meta)}

    async def act(request: Request) -> Response:
        data = await _body(request)
        return JSONResponse(await run_in_threadpool(_play, request.path_params["gid"], data))

    def _selection(gid: str, data: dict[str, Any]) -> dict[str, Any]:
        _check_keys(data, {"cards"})
        session, _ = room.get(gid)
        with session.lock:
            return {"buttons": session.selection(data.get("cards", [])), "version": session.version}

    async def selection(request: Request) -> Response:
        data = await _body(request)
        return JSONResponse(await run_in_threadpool(_selection, request.path_params["gid"], data))

    def _parse(gid: str, data: dict[str, Any]) -> dict[str, Any]:
        _check_keys(data, {"command"})
        session, _ = room.get(gid)
        with session.lock:
            try:
                return {"actions": session.parse(data.get("command")), "error": "", "version": session.version}
            except WebError as e:  # a typo is an answer, not a failed request
                return {"actions": [], "error": str(e), "version": session.version}

    async def parse(request: Request) -> Response:
        data = await _body(request)
        return JSONResponse(await run_in_threadpool(_parse, request.path_params["gid"], data))

    def _hint(gid: str) -> dict[str, Any]:
        session, _ = room.get(gid)
        with session.lock:
            return session.hint()

    async def hint(request: Request) -> Response:
        return JSONResponse(await run_in_threadpool(_hint, request.path_params["gid"]))

    def _replay(gid: str) -> dict[str, Any]:
        session, _ = room.get(gid)
        with session.lock:
            if session.spec.scenario is not None:
                raise WebError("a game dealt from a scenario has no replay file (a replay is a seed and moves)", 409)
            return session.replay().to_dict()

    async def replay(request: Request) -> Response:
        gid = request.path_params["gid"]
        data = await run_in_threadpool(_replay, gid)
        return JSONResponse(data, headers={"Content-Disposition": f'attachment; filename="footcanasta-{gid[:8]}.json"'})

    def _review(gid: str) -> dict[str, Any]:
        session, _ = room.get(gid)
        with session.lock:
            if session.spec.scenario is not None:
                raise WebError("a game dealt from a scenario has no replay to review", 409)
            if not session.game.is_over:
                raise WebError("the game is not over yet: a review comes after the game", 409)
            replay = session.replay()
        from ..evaluation import review as rv  # loads the search bot's nets: only when asked for

        return rv.review_replay(replay, 0, rv.REVIEW_OPTIONS).to_dict()  # South's; outside the lock (it takes a while)

    async def review(request: Request) -> Response:
        return JSONResponse(await run_in_threadpool(_review, request.path_params["gid"]))

    async def bots(request: Request) -> Response:
        return JSONResponse({"bots": [*bot_names(), "learned"], "default": strongest_bot()})

    async def board_json(request: Request) -> Response:
        date = _date_arg(request, room.today())
        entries = await run_in_threadpool(store.leaderboard, date)
        return JSONResponse({"date": date, "entries": entries})

    async def board_page(request: Request) -> Response:
        try:
            date = _date_arg(request, room.today())
        except WebError as e:
            return HTMLResponse(f"<!doctype html><p>{html.escape(str(e))}</p>", status_code=400)
        entries = await run_in_threadpool(store.leaderboard, date)
        rows = "".join(
            f"<tr><td>{e['rank']}</td><td>{html.escape(e['name'])}</td><td>{e['scores'][0]}</td>"
            f"<td>{e['scores'][1]}</td><td>{e['result']}</td></tr>" for e in entries)
        body = rows or '<tr><td colspan="5">Nobody has finished this daily game yet.</td></tr>'
        page = (STATIC / "leaderboard.html").read_text(encoding="utf-8")
        page = page.replace("{{date}}", html.escape(date)).replace("{{rows}}", body)
        return HTMLResponse(page)

    async def not_found(request: Request, exc: Exception) -> Response:
        status = getattr(exc, "status_code", 404)
        detail = getattr(exc, "detail", "") or ("not found" if status == 404 else "bad request")
        return _error(str(detail), status)

    async def server_error(request: Request, exc: Exception) -> Response:
        return _error("internal error; the game was not changed", 500)

    routes = [
        Route("/", index),
        Route("/leaderboard", board_page),
        Route("/api/games", api(new), methods=["POST"]),
        Route("/api/games/{gid}", api(show), methods=["GET"]),
        Route("/api/games/{gid}/actions", api(act), methods=["POST"]),
        Route("/api/games/{gid}/selection", api(selection), methods=["POST"]),
        Route("/api/games/{gid}/parse", api(parse), methods=["POST"]),
        Route("/api/games/{gid}/hint", api(hint), methods=["GET"]),
        Route("/api/games/{gid}/replay", api(replay), methods=["GET"]),
        Route("/api/games/{gid}/review", api(review), methods=["GET"]),
        Route("/api/bots", api(bots), methods=["GET"]),
        Route("/api/leaderboard", api(board_json), methods=["GET"]),
        Mount("/static", app=StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(routes=routes, exception_handlers={HTTPException: not_found, Exception: server_error})
    app.state.room = room
    return app


# ---------------------------------------------------------------------------------------------- command


def run_serve(args: argparse.Namespace) -> int:
    """Run ``footcanasta serve``."""
    import uvicorn

    if not 0 <= args.port <= 65535:
        raise ValueError(f"--port must be 0 to 65535, got {args.port}")
    app = create_app(args.db)
    host = f"[{args.host}]" if ":" in args.host else args.host
    url = f"http://{host}:{args.port}/"
    print(f"Foot Canasta in the browser: {url}  (database {app.state.room.store.path}; Ctrl+C stops)", flush=True)
    if args.open:
        import webbrowser

        threading.Timer(1.0, lambda: webbrowser.open(url)).start()
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning")
    return 0


def add_parsers(sub: argparse._SubParsersAction) -> None:
    """Register ``serve``."""
    p = sub.add_parser("serve", help="play in the browser: start a local web server",
                       description="Start a local web server to play Foot Canasta in the browser.")
    p.add_argument("--host", default="127.0.0.1", help="address to bind (default 127.0.0.1: this machine only)")
    p.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    p.add_argument("--db", default=None, metavar="PATH", help=f"SQLite database (default {DEFAULT_DB})")
    p.add_argument("--open", action="store_true", help="open the page in the web browser")
    p.set_defaults(func=run_serve)
