"""The server's front door (ASGI middleware): security headers, the client's address, a time limit, the access log.

Every answer carries the security headers (``HEADERS``: a Content-Security-Policy that allows only this
site's own script, style and images and no framing, ``nosniff``, no referrer) and the API's answers are
not stored by caches (a game's state is one person's). The client is found once (``guard.client_address``)
and kept in the scope as ``CLIENT`` for the routes' rate limits. A request that runs past the time limit
is answered 503 with ``Retry-After`` (work already handed to a bot thread finishes there; a move that was
under way may or may not have been made, and the page's next move with the old version is a 409). The
access log writes one line per request to the ``footcanasta.access`` logger: the client, the method, the
path with any game id replaced by ``{id}`` and no query string (a game id is all it takes to play a game),
the status and the milliseconds. Its own two answers (a time limit passed, an internal error) are in the
request's ``Accept-Language``.
"""

from __future__ import annotations

import json
import logging
import re
import time
from typing import Any

import anyio

from ..i18n import negotiate
from ..messages import N_, Message
from .guard import client_address
from .lang import render
from .settings import Settings

CLIENT = "footcanasta.client"
CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
       "form-action 'self'; base-uri 'none'; frame-ancestors 'none'")
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

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        peer = scope.get("client")[0] if scope.get("client") else None
        forwarded = next((v.decode("latin-1") for k, v in scope.get("headers", []) if k == b"x-forwarded-for"), None)
        scope[CLIENT] = client_address(peer, forwarded, self.settings.trusted_proxies)
        api = scope["path"].startswith("/api/")
        lang = negotiate(next((v.decode("latin-1") for k, v in scope.get("headers", []) if k == b"accept-language"),
                              None))
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
                access_log.info('%s "%s %s" %s %.0fms', scope[CLIENT], scope["method"], redact(scope["path"]),
                                sent.get("status", "-"), ms)

    async def _timed(self, scope: dict, receive: Any, send: Any, sent: dict[str, int], lang: str) -> None:
        """The app under the time limit; past it, a 503 (when nothing has been sent yet)."""
        limit = self.settings.request_timeout
        if not limit:
            await self.app(scope, receive, send)
            return
        with anyio.move_on_after(limit) as timer:
            await self.app(scope, receive, send)
        if timer.cancelled_caught and "status" not in sent:
            text = Message(N_("the request took too long (over {seconds} s); try again"), seconds=f"{limit:g}")
            await _send_error(send, 503, render(text, lang), retry_after=5)


async def _send_error(send: Any, status: int, message: str, retry_after: int = 0) -> None:
    """A JSON ``{"error": ...}`` answer sent straight to the ASGI ``send``."""
    body = json.dumps({"error": message}).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    if retry_after:
        headers.append((b"retry-after", str(retry_after).encode()))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
