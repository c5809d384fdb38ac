"""Play in the browser: ``footcanasta serve``, a local Starlette server and a small vanilla-JS page.

The room owns: the HTTP face (``server``: ``create_app(db)``, the JSON API, the leaderboard page and the
``serve`` subcommand, one process or ``--workers N``), one person's game (``session``: ``WebGame``, the
table core's ``Table`` plus the leaderboard name and start date, its state and events told through the
game's ``TableText`` from the person's views only), the store of games, replays and the per-game daily
leaderboards (``store``, with its schema and migrations), the two databases it runs on behind one small
interface (``db``: SQLite by default, PostgreSQL for hosting), every setting of the server from the
environment and the flags (``settings``: ``Settings``), what one client may ask (``guard``: who the client
is behind trusted proxies, rate limits, the bots' bounded pool), the front door every request passes
(``front``: security headers, time limit, an access log without game ids), the language of a request
and the server's texts in it (``lang``: ``?lang=`` or ``Accept-Language``, errors rendered from the ``web``
and ``footcanasta`` catalogs), and the page itself (``static/``: index.html, app.js, style.css, no build
step; its words from the ``web`` catalog as JSON, ``GET /api/i18n/<lang>``, in English, German, Italian,
Russian or Thai). Any game of ``footcanasta_env.games`` can be
played through the API; the page draws Foot Canasta. The engine never imports this package.
"""

from .server import add_parsers, create_app, run_serve
from .session import WebError, WebGame
from .settings import SettingError, Settings
from .store import DEFAULT_DB, Store

__all__ = ["DEFAULT_DB", "SettingError", "Settings", "Store", "WebError", "WebGame", "add_parsers", "create_app",
           "run_serve"]
