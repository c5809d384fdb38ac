"""Play in the browser: ``footcanasta serve``, a local Starlette server and a small vanilla-JS page.

The room owns: the HTTP face (``server``: ``create_app(db)``, the routes and the ``serve`` subcommand, one
process or ``--workers N``), the daily leaderboards browsed by game, table size and date, and their page
(``board``), the pages beside the game (``pages``: a game's rule book as HTML, ``GET /rules``; an error page;
the web app manifest, ``GET /manifest.webmanifest``), the games of a process and the JSON API's answers
(``room``: ``Room``, its game cache bounded by bytes), what a request may hold (``checks``: game ids, names,
seeds, bots, moves; ``jsonin``: JSON bodies bounded in depth, numbers and characters), one person's game
(``session``: ``WebGame``, the table core's ``Table`` plus the leaderboard name, start date, rank and hints,
its state and events told through the game's ``TableText`` from the person's views only, no seed before the
end), a hosted server's daily games and anonymous players (``daily``: dailies keyed by the server's secret,
published once over everywhere; signed player tokens), bot work that stops when nobody waits (``work``), the
store of games, replays, reviews and the per-game daily leaderboards (``store``, with its schema and
migrations), the two databases it runs on behind one small interface (``db``: SQLite by default, PostgreSQL
for hosting), every setting of the server from the environment and the flags (``settings``: ``Settings``),
what one client may ask (``guard``: who the client is behind trusted proxies, the bots' bounded pool;
``limits``: rate limits per client, shared by every worker through the database), the front door every
request passes (``front``: rate limits, cross-site checks, security headers, time limit, an access log
without game ids), the API's description (``openapi``: ``GET /api/openapi.json``), the language of a
request and the server's texts in it (``lang``: ``?lang=`` or ``Accept-Language``, errors rendered from the
``web`` and ``footcanasta`` catalogs), a game's table as the page draws it (``tables``: seats, sides, names,
areas and asset URLs from the game's geometry and ``TableText``; the catalog of games, ``GET /api/games``;
each game's own page assets, ``/static/games/<game>/<file>``), and the page itself (``static/``: index.html,
i18n.js, draw.js, sizes.js, app.js, style.css, no build step; its words from the ``web`` catalog as JSON,
``GET /api/i18n/<lang>``, in English, German, Italian, Russian or Thai). Any game of ``footcanasta_env.games``
is played through the API and drawn by the page at its own table: what a game draws its own way (its cards,
meld captions, a side's details) is its own script and style sheet, in its package's ``data/page/``. The
engine never imports this package.
"""

from .server import add_parsers, create_app, run_serve
from .session import WebError, WebGame
from .settings import SettingError, Settings
from .store import DEFAULT_DB, Store

__all__ = ["DEFAULT_DB", "SettingError", "Settings", "Store", "WebError", "WebGame", "add_parsers", "create_app",
           "run_serve"]
