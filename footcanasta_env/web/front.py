"""The server's front door (ASGI middleware): who may ask, how often, and what every answer carries.

Before the app sees a request, in this order: the client is found once (``guard.client_address``, with every
``X-Forwarded-For`` line read as one chain) and kept in the scope as ``CLIENT``; a request whose ``Origin``
is not this site's own (its host and port those of the ``Host`` header, the scheme left out as TLS may end
at a proxy; a proxy must pass the ``Host`` on) nor one of ``Settings.allowed_origins`` is a 403, ``Origin:
null`` included (a request without ``Origin``, as from curl or a page's own GETs, passes); a POST (any
method but GET, HEAD and OPTIONS) to ``/api/`` whose ``Content-Type`` is not ``application/json`` is a 415,
so that no other site's page can make its visitors' browsers send one in a plain form; then the request
counts against its rate limit (``limits.kind_of``: every request but ``/healthz``) in the app's
``state.guards.limits``, counted in the database off the event loop: over it, a 429 with ``Retry-After``;
a database that cannot be reached, a 503.

Every answer carries the security headers (``HEADERS``: a Content-Security-Policy that allows only this
site's own script, style, images, manifest, no framing, ``nosniff``, no referrer) and the API's answers are
not stored by caches (a game's state is one person's). A request that runs past the time limit is answered
503 with ``Retry-After`` (work already handed to a bot thread finishes there; a move that was under way may
or may not have been made, and the page's next move with the old version is a 409). The access log writes
one line per request to the ``footcanasta.access`` logger: the client, the method, the path with any game
id replaced by ``{id}`` and no query string (a game id is all it takes to play a game), the status and the
milliseconds; control characters, quotes and backslashes in it are escaped (``\\x0a``), so no request can
write a line of its own. Front's own answers (the refusals above, a time limit passed, an internal error)
are ``{"error": ...}`` in the request's language (``?lang=``, else ``Accept-Language``).
"""

from __future__ import annotations

import json
import logging
import re
import time
from typing import Any
from urllib.parse import parse_qsl, urlsplit

import anyio

from ..i18n import negotiate
from ..messages import N_, Message
from .db import Unavailable
from .guard import Refused, client_address
from .lang import lang_of, render
from .limits import kind_of
from .settings import Settings

CLIENT = "footcanasta.client"
CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
       "manifest-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'")
HEADERS = [
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
    (b"cross-origin-opener-policy", b"same-origin"),
    (b"cross-origin-resource-policy", b"same-origin"),
    (b"permissions-policy", b"camera=(), microphone=(), geolocation=(), payment=()"),
]
INTERNAL_ERROR = N_("internal error; the game was not changed")
DATABASE_DOWN = N_("the database is unavailable; try again in a moment")
PORTS = {"http": 80, "https": 443}  # an origin's port when it names none
UNPRINTABLE = re.compile(r'[\x00-\x1f\x7f-\x9f\u2028\u2029"\\]')
GAME_ID = re.compile(r"^/api/games/[^/]+")
access_log = logging.getLogger("footcanasta.access")


def redact(path: str) -> str:
    """A request path as the access log writes it: a game's id is ``{id}``."""
    return GAME_ID.sub("/api/games/{id}", path)


class Front:
    """The middleware around the whole app (``Front(app, settings)``)."""

    def __init__(self, app: Any, settings: Settings) -> None:
        self.app = app
        self.settings = settings
        self.allowed = {o for o in map(origin_of, settings.allowed_origins) if o is not None}

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        peer = scope.get("client")[0] if scope.get("client") else None
        forwarded = ",".join(_header_lines(scope, b"x-forwarded-for")) or None
        scope[CLIENT] = client_address(peer, forwarded, self.settings.trusted_proxies)
        api = scope["path"].startswith("/api/")
        lang = _lang(scope)
        sent: dict[str, int] = {}

        async def send_with_headers(message: dict) -> None:
            if message["type"] == "http.response.start":
                headers = [(k, v) for k, v in message.get("headers", []) if k.lower() != b"server"]
                if api and not any(k.lower() == b"cache-control" for k, _ in headers):
                    headers.append((b"cache-control", b"no-store"))
                message = {**message, "headers": headers + HEADERS}
                sent["status"] = message["status"]
            await send(message)

        start = time.perf_counter()
        try:
            await self._timed(scope, receive, send_with_headers, sent, lang)
        except Exception:
            # Starlette's last-resort handler answers outside this middleware: answer here, with the headers
            if "status" not in sent:
                await _send_error(send_with_headers, 500, render(INTERNAL_ERROR, lang))
            raise
        finally:
            if self.settings.access_log:
                ms = (time.perf_counter() - start) * 1000
                access_log.info('%s "%s %s" %s %.0fms', printable(scope[CLIENT]), printable(scope["method"]),
                                printable(redact(scope["path"])), sent.get("status", "-"), ms)

    async def _timed(self, scope: dict, receive: Any, send: Any, sent: dict[str, int], lang: str) -> None:
        """The app under the time limit; past it, a 503 (when nothing has been sent yet)."""
        limit = self.settings.request_timeout
        if not limit:
            await self._guarded(scope, receive, send, lang)
            return
        with anyio.move_on_after(limit) as timer:
            await self._guarded(scope, receive, send, lang)
        if timer.cancelled_caught and "status" not in sent:
            text = Message(N_("the request took too long (over {seconds} s); try again"), seconds=f"{limit:g}")
            await _send_error(send, 503, render(text, lang), retry_after=5)

    async def _guarded(self, scope: dict, receive: Any, send: Any, lang: str) -> None:
        """The app, unless the request is refused: cross-site (403), not JSON (415), over its rate (429)."""
        refused = self._refusal(scope)
        if refused is not None:
            await _send_error(send, refused[0], render(refused[1], lang))
            return
        kind = kind_of(scope["method"], scope["path"])
        guards = getattr(getattr(scope.get("app"), "state", None), "guards", None)
        if kind is not None and guards is not None:
            try:
                await anyio.to_thread.run_sync(guards.limits.take, kind, scope[CLIENT])
            except Refused as e:
                await _send_error(send, e.status, render(e.message, lang), retry_after=e.retry_after)
                return
            except Unavailable:
                await _send_error(send, 503, render(DATABASE_DOWN, lang), retry_after=2)
                return
        await self.app(scope, receive, send)

    def _refusal(self, scope: dict) -> tuple[int, Message] | None:
        """Why a request is refused before it counts against any limit (status, message), if it is."""
        host = next(iter(_header_lines(scope, b"host")), None)
        for origin in _header_lines(scope, b"origin"):
            key = origin_of(origin)
            if key is None or not (key in self.allowed or same_site(key, host)):
                return 403, Message(N_("refused: a page of {origin} may not call this server"),
                                    origin=repr(origin[:100]))
        if scope["method"] not in ("GET", "HEAD", "OPTIONS") and scope["path"].startswith("/api/"):
            media = next(iter(_header_lines(scope, b"content-type")), "").split(";")[0].strip().lower()
            if media != "application/json":
                return 415, Message(N_("the request's body must be JSON, sent as Content-Type: application/json"))
        return None


def origin_of(text: str) -> tuple[str, str, int] | None:
    """An ``Origin`` (``scheme://host[:port]``) as (scheme, host, port), the scheme's port when none is
    given; None for anything else (``null`` included)."""
    try:
        u = urlsplit(text.strip().lower())
        port = u.port
    except ValueError:
        return None
    if u.scheme not in PORTS or not u.hostname or u.path not in ("", "/") or u.query or u.fragment or u.username:
        return None
    return u.scheme, u.hostname, port or PORTS[u.scheme]


def same_site(origin: tuple[str, str, int], host: str | None) -> bool:
    """Whether an origin (``origin_of``) names the host and port of a ``Host`` header (a ``Host`` without a
    port stands for the origin scheme's own)."""
    if not host:
        return False
    try:
        u = urlsplit("//" + host.strip().lower())
        port = u.port
    except ValueError:
        return False
    scheme, name, origin_port = origin
    return u.hostname == name and (port or PORTS[scheme]) == origin_port


def printable(text: str) -> str:
    """``text`` with every control character, quote and backslash escaped (``\\x0a``): one line of the log."""
    return UNPRINTABLE.sub(lambda m: f"\\x{ord(m[0]):02x}" if ord(m[0]) < 256 else f"\\u{ord(m[0]):04x}", text)


def _header_lines(scope: dict, name: bytes) -> list[str]:
    """Every value of one header, in order."""
    return [v.decode("latin-1") for k, v in scope.get("headers", []) if k == name]


def _lang(scope: dict) -> str:
    """The request's language for Front's own answers: a good ``?lang=``, else ``Accept-Language``."""
    accept = next(iter(_header_lines(scope, b"accept-language")), None)
    query = dict(parse_qsl(scope.get("query_string", b"").decode("latin-1")))
    try:
        return lang_of(query, {"accept-language": accept} if accept else {})
    except ValueError:
        return negotiate(accept)


async def _send_error(send: Any, status: int, message: str, retry_after: int = 0) -> None:
    """A JSON ``{"error": ...}`` answer sent straight to the ASGI ``send``."""
    body = json.dumps({"error": message}).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    if retry_after:
        headers.append((b"retry-after", str(retry_after).encode()))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
