"""Play in the browser: ``footcanasta serve``, a local Starlette server and a small vanilla-JS page.

The room owns: the HTTP face (``server``: ``create_app(db_path)``, the JSON API, the leaderboard page and
the ``serve`` subcommand), one person's game against three bots (``session``: South's state built from
``game.view(0)`` only, all-or-nothing moves checked on a clone, the bots' moves as events South may see),
the SQLite store of games in progress, replays and the daily leaderboard (``store``), and the page itself
(``static/``: index.html, app.js, style.css, no build step). The engine never imports this package.
"""

from .server import add_parsers, create_app, run_serve
from .session import GameSpec, WebError, WebSession
from .store import DEFAULT_DB, Store

__all__ = ["DEFAULT_DB", "GameSpec", "Store", "WebError", "WebSession", "add_parsers", "create_app", "run_serve"]
