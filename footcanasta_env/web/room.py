"""The games of one server process and the JSON API's answers: ``Room``.

A game lives in the store (``store.py``); a worker's memory only caches games (``GameCache``: least
recently used out, bounded by an estimate of their bytes), each used only at the version the store holds
and otherwise rebuilt from its deal and log, which costs no bot any thought (``Table.rebuild``). The bot
work of a request (moves, new games, hints, reviews) takes a ``Work`` (``work.py``) whose ``check`` stops it
when nobody waits for it any more. Nothing about an unfinished game reveals a hidden card: no seed the
server drew or keyed (``WebGame.deal_state``), no replay and no review before the end (409). A hosted
daily is dealt from the server's secret (``daily.py``); a ranked one is the game's daily line-up and the
player's first attempt at it that day, counted when it starts; its hints are counted and shown.
"""

from __future__ import annotations

import copy
import dataclasses
import pickle
import secrets
import threading
import time
import weakref
from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from starlette.responses import JSONResponse, Response

from ..games import check_game_name, get_game
from ..messages import N_, Message
from ..table import Deal, Table, parse_daily
from ..table.deal import table_rules
from .board import board_key, check_table, days_around, rules_of
from .checks import (
    check_bot,
    check_gid,
    check_keys,
    check_name,
    check_scenario,
    check_seed,
    check_size,
    line,
    move_names,
    parse_command,
)
from .daily import Players, check_playable, current_dates, daily_lineup, over_everywhere, server_secret, utc_now
from .lang import error_text, message_of, render
from .session import UNRANKED, YOU, WebError, WebGame, board_of
from .store import Attempt, Entry, Store
from .tables import table_json
from .work import Work

CREATE_KEYS = {"game", "players", "sides", "seed", "daily", "scenario", "partner", "opponents", "name", "player"}
MAX_IN_PROGRESS = 20  # unfinished games one client may have
GAME_TTL = 24 * 3600.0  # seconds after its last move an unfinished game is deleted
EXPIRE_EVERY = 60.0  # seconds between two sweeps of expired games, in each worker
REVIEW_STALE = 600.0  # seconds after which a review claimed by a worker that never finished it is made again


def _state_bytes(wg: WebGame) -> int:
    """About how large a game's state is, pickled (measured once per cached game: its size hardly changes)."""
    try:
        return len(pickle.dumps(wg.table.game, protocol=pickle.HIGHEST_PROTOCOL))
    except Exception:  # noqa: BLE001 - a game that does not pickle: count it as a large one
        return 16 * 1024


def _bytes(state: int, wg: WebGame) -> int:
    """About how much memory a cached game holds (its state, its log, its bots; the weights are shared)."""
    return 4096 + 6 * state + 96 * len(wg.table.log)


class GameCache:
    """Games in memory, least recently used out once their estimated bytes pass ``budget``."""

    def __init__(self, budget: int) -> None:
        self.budget = budget
        self.used = 0
        self.games: OrderedDict[str, tuple[WebGame, int, int]] = OrderedDict()  # game, state bytes, bytes
        self.lock = threading.Lock()

    def get(self, gid: str) -> WebGame | None:
        with self.lock:
            hit = self.games.get(gid)
            return hit[0] if hit else None

    def put(self, gid: str, wg: WebGame) -> None:
        """Keep ``wg`` as the most recently used (every request does: the game already cached is not measured
        again, only its log's growth counted)."""
        with self.lock:
            old = self.games.get(gid)
        state = old[1] if old is not None and old[0] is wg else _state_bytes(wg)
        size = _bytes(state, wg)
        with self.lock:
            old = self.games.pop(gid, None)
            self.used += size - (old[2] if old else 0)
            self.games[gid] = (wg, state, size)
            while self.used > self.budget and len(self.games) > 1:
                self.used -= self.games.popitem(last=False)[1][2]  # a request using it holds its own reference

    def drop(self, gid: str) -> None:
        with self.lock:
            old = self.games.pop(gid, None)
            self.used -= old[2] if old else 0

    def __len__(self) -> int:
        return len(self.games)


class Room:
    """The games of one worker process over the store, and the JSON API's answers (each takes the path's
    parameters, if any, and the request's body or query)."""

    def __init__(self, store: Store, today: Callable[[], str], replay_dir: Path | None,
                 max_in_progress: int = MAX_IN_PROGRESS, game_ttl: float = GAME_TTL, secret: str = "",
                 cache_bytes: int = 256 << 20, now: Callable[[], Any] = utc_now) -> None:
        self.store = store
        self.today = today
        self.now = now
        self.replay_dir = replay_dir
        self.max_in_progress = max_in_progress
        self.game_ttl = game_ttl
        self.players = Players(server_secret(secret, store.server_key))
        self.cache = GameCache(cache_bytes)
        self._game_locks: weakref.WeakValueDictionary[str, Any] = weakref.WeakValueDictionary()
        self._locks_lock = threading.Lock()
        self._expired_at = 0.0

    # ------------------------------------------------------------------ games in memory and in the store

    def _game_lock(self, gid: str) -> Any:
        with self._locks_lock:
            lock = self._game_locks.get(gid)
            if lock is None:
                lock = self._game_locks[gid] = threading.Lock()
            return lock

    @contextmanager
    def game(self, gid: Any) -> Iterator[WebGame]:
        """The game ``gid`` at the version the store holds, for one request of this process at a time
        (404 when there is none). A request that fails after changing it leaves it out of the cache."""
        gid = check_gid(gid)
        with self._game_lock(gid):
            stored = self.store.version(gid)
            if stored is None:
                self.cache.drop(gid)
                raise WebError(Message(N_("no such game")), 404)
            wg = self.cache.get(gid)
            if wg is None or wg.table.version != stored:
                row = self.store.load_game(gid)
                if row is None:
                    raise WebError(Message(N_("no such game")), 404)
                wg = self._caught_up(wg, row)
            self.cache.put(gid, wg)
            before = wg.table.version
            try:
                yield wg
            except BaseException:
                if wg.table.version != before:  # played in memory but not written: the store decides
                    self.cache.drop(gid)
                raise

    @staticmethod
    def _caught_up(wg: WebGame | None, row: dict[str, Any]) -> WebGame:
        """The stored game ``row``: the cached ``wg`` with the moves another worker played since, when its log
        is the start of the stored one (a copy: a request of this process may still hold ``wg``), else rebuilt."""
        if wg is not None and wg.table.version < len(row["actions"]):
            table = copy.copy(wg.table)
            table.game, table.log = wg.table.game.clone(), list(wg.table.log)
            if table.catch_up(row["actions"]):
                return dataclasses.replace(wg, table=table, entered=row["entered"], hints=row["hints"])
        return WebGame.rebuild(row["spec"], row["actions"], row["started"], row["entered"], row["hints"])

    def save(self, gid: str, wg: WebGame, played_on: int) -> None:
        """Write the moves played on version ``played_on``; a finished game's replay and leaderboard entry
        go in with its last move, and its replay file is written by the worker that wrote that move."""
        table = wg.table
        over = table.game.is_over
        replay = table.replay("web") if over and table.deal.scenario is None else None  # a scenario has no seed
        entry = None
        if over and wg.ranked:
            entry = Entry.of(board_of(table.deal), table.deal.daily, wg.name, table.game.scores, wg.geometry, YOU)
        entered = self.store.save_move(gid, played_on, table.log, over, replay and replay.to_dict(), entry)
        if entry is not None:
            wg.entered = entered
        if replay is not None and self.replay_dir is not None:
            try:
                self.replay_dir.mkdir(parents=True, exist_ok=True)
                replay.save(self.replay_dir / table.replay_name(f"-web-{gid[:8]}"))
            except OSError:
                pass  # the replay is in the database as well

    def expire(self, older_than: float | None = None) -> int:
        """Delete the unfinished games untouched for ``older_than`` seconds (the room's ``game_ttl``)."""
        self._expired_at = time.monotonic()
        return self.store.expire(self.game_ttl if older_than is None else older_than)

    def _check_room(self, client: str) -> None:
        """Expire old unfinished games (at most once a minute), then refuse a client at its cap (429) before
        any bot plays (the create's transaction checks it again, atomically)."""
        if time.monotonic() - self._expired_at > EXPIRE_EVERY:
            self.expire()
        if self.max_in_progress and self.store.in_progress(client) >= self.max_in_progress:
            raise WebError(self._full(), 429)

    def _full(self) -> Message:
        """Why a client at its cap on unfinished games may not start another."""
        return Message(N_("too many unfinished games from your address (at most {most}): finish one, or wait for "
                          "one to expire ({hours} hours after its last move)"),
                       most=self.max_in_progress, hours=f"{self.game_ttl / 3600:g}")

    def _day_over(self, wg: WebGame) -> bool:
        """Whether ``wg`` is a daily whose day is over everywhere (its seed published)."""
        daily = wg.table.deal.daily
        return bool(daily) and over_everywhere(daily, self.now())

    def state(self, wg: WebGame, lang: str) -> dict[str, Any]:
        """The page's state of ``wg`` in ``lang`` (why a daily does not rank, told in that language)."""
        s = wg.state(lang, self._day_over(wg))
        s["table"] = table_json(wg.table.module, lang, wg.table.game.rules)
        s["unranked"] = render(UNRANKED[wg.unranked], lang) if wg.unranked in UNRANKED else None
        return s

    # ------------------------------------------------------------------ the JSON API

    def new_player(self, data: dict[str, Any]) -> dict[str, Any]:
        """POST /api/players: an anonymous player identity (the page keeps its token)."""
        check_keys(data, {"name"})
        name = check_name(data.get("name"))
        token, player = self.players.issue()
        return {"token": token, "player": player} | ({"name": name} if name else {})

    def _deal(self, game: Any, data: dict[str, Any], name: str | None
              ) -> tuple[Deal, str | None, str | None, Attempt | None, str | None]:
        """The deal, the bots and the ranked attempt a create asks for (``unranked``: why a daily does not rank)."""
        partner, opponents = (check_bot(game, data.get(k), k) for k in ("partner", "opponents"))
        size = check_size(game, data)
        rules = table_rules(game.NAME, size.get("players"), size.get("sides"))
        if partner is not None and not game.geometry(rules).partners(YOU):
            raise WebError(Message(N_("{game} has no partner to choose: each plays for themselves"), game=game.TITLE))
        token = data.get("player")
        player = self.players.player_of(token) if token is not None else None
        daily = data.get("daily")
        if daily is None:
            seed, scenario = check_seed(data.get("seed")), check_scenario(data.get("scenario"))
            deal = Deal(game=game.NAME, seed=seed, scenario=scenario, **size)
            return deal, partner, opponents, None, None
        if data.get("seed") is not None or data.get("scenario") is not None:
            raise WebError(Message(N_("give one of seed, daily and scenario")))
        date = parse_daily(daily)
        check_playable(date, self.now())
        key = board_of(Deal(game=game.NAME, daily=date, **size))  # each size has a daily (and a board) of its own
        deal = Deal(game=game.NAME, daily=date, daily_seed=self.players.daily_seed(key, date), **size)
        lineup = daily_lineup(game, rules)
        if (partner or lineup["partner"], opponents or lineup["opponents"]) != (lineup["partner"], lineup["opponents"]):
            return deal, partner, opponents, None, "bots"
        if player is None or name is None:
            return deal, partner, opponents, None, "player"
        return deal, partner, opponents, Attempt(key, date, player, name), None

    def create(self, data: dict[str, Any], client: str = "", lang: str = "en", work: Work | None = None
               ) -> dict[str, Any]:
        """POST /api/games: deal a game of ``game`` and let the bots play up to the person's first decision;
        stored (with the cap and a ranked attempt, atomically) only once all of it is done."""
        check_keys(data, CREATE_KEYS)
        game, name = get_game(data.get("game")), check_name(data.get("name"))
        deal, partner, opponents, attempt, unranked = self._deal(game, data, name)
        self._check_room(client)
        try:
            table = Table.open(deal, partner, opponents)
        except (ValueError, TypeError, OverflowError, KeyError, IndexError) as e:  # a stranger's scenario
            raise WebError(Message(N_("cannot deal that game: {reason}"), reason=message_of(e) or line(e))) from None
        wg = WebGame(table, name, self.today(), unranked=unranked)
        gid = secrets.token_urlsafe(18)
        steps = list(table.bot_steps(work.check if work else None))
        events = wg.events(steps, lang)
        if work is not None:
            work.check()  # nobody waits for it: nothing is stored
        wg.ranked = self.store.create_game(gid, wg.spec(), table.log, wg.started, client, self.max_in_progress,
                                           attempt, self._full())
        if attempt is not None and not wg.ranked:
            wg.unranked = "played"
        if table.game.is_over:  # a scenario the bots played to its end
            self.save(gid, wg, table.version)
        self.cache.put(gid, wg)
        return {"id": gid, "state": self.state(wg, lang), "events": events}

    def show(self, gid: str, query: dict[str, Any], lang: str = "en") -> dict[str, Any]:
        with self.game(gid) as wg:
            return {"state": self.state(wg, lang)}

    def play(self, gid: str, data: dict[str, Any], lang: str = "en", work: Work | None = None) -> dict[str, Any]:
        """The person's actions, all or none (a stale ``version`` is a 409), then the bots' up to the next."""
        check_keys(data, {"action", "actions", "command", "version"})
        with self.game(gid) as wg:
            table, version = wg.table, data.get("version")
            if version is not None and (isinstance(version, bool) or not isinstance(version, int)):
                raise WebError(Message(N_("version must be a whole number")))
            if version is not None and version != table.version:
                raise WebError(Message(N_("the game has moved on (version {now}, not {given}); reload it"),
                                       now=table.version, given=version), 409)
            played_on = table.version
            steps = table.play(move_names(table, data, lang), lang, work.check if work else None)
            events = wg.events(steps, lang)
            if work is not None:
                work.check()
            self.save(gid, wg, played_on)
            return {"events": events, "state": self.state(wg, lang)}

    def selection(self, gid: str, data: dict[str, Any], lang: str = "en") -> dict[str, Any]:
        check_keys(data, {"cards"})
        with self.game(gid) as wg:
            table = wg.table
            return {"buttons": table.text_in(lang).selection(table.view(), data.get("cards", []),
                                                            lambda names: table.check(names, lang)),
                    "version": table.version}

    def parse(self, gid: str, data: dict[str, Any], lang: str = "en") -> dict[str, Any]:
        check_keys(data, {"command"})
        if not isinstance(data.get("command"), str):
            raise WebError(Message(N_("command must be a short text such as 'd', 'm K K K' or 'x 9'")))
        with self.game(gid) as wg:
            try:
                return {"actions": parse_command(wg.table, data.get("command"), lang), "error": "",
                        "version": wg.table.version}
            except WebError as e:  # a typo is an answer, not a failed request
                return {"actions": [], "error": error_text(e, lang), "version": wg.table.version}

    def hint(self, gid: str, query: dict[str, Any], work: Work | None = None) -> dict[str, Any]:
        """The hint bot's move for the person now; counted (a ranked daily's board shows its hints)."""
        with self.game(gid) as wg:
            action, bot = wg.table.hint()
            if work is not None:
                work.check()
            wg.hints = self.store.add_hint(gid)
            return {"action": wg.table.module.action_name(action), "bot": bot, "hints": wg.hints}

    def replay(self, gid: str, query: dict[str, Any]) -> Response:
        """The finished game's replay file (a 409 before the end: it holds the seed)."""
        with self.game(gid) as wg:
            if not wg.table.game.is_over:
                raise WebError(Message(N_("the game is not over yet: its replay comes after the game")), 409)
            if not wg.replay_ready(self._day_over(wg)) and wg.table.deal.scenario is None:
                raise WebError(Message(N_("a daily game's replay holds the seed of that day's game for everyone: "
                                          "it comes once {date} is over everywhere"), date=wg.table.deal.daily), 409)
            data = wg.table.replay("web").to_dict()
        name = f"{wg.table.deal.game}-{gid[:8]}.json"
        return JSONResponse(data, headers={"Content-Disposition": f'attachment; filename="{name}"'})

    def review(self, gid: str, query: dict[str, Any], work: Work | None = None) -> dict[str, Any]:
        """The search bot's review of the person's decisions, after the game: made once per game and kept."""
        with self.game(gid) as wg:
            if not wg.table.game.is_over:
                raise WebError(Message(N_("the game is not over yet: a review comes after the game")), 409)
            replay = wg.table.replay("web")
        kept, mine = self.store.review(gid, REVIEW_STALE)
        if kept is not None:
            return kept
        if not mine:
            raise WebError(Message(N_("the review is being made; try again in a moment")), 409)
        from ..evaluation import review as rv  # loads the search bot's nets: only when asked for

        try:
            out = rv.review_replay(replay, 0, check=work.check if work else None).to_dict()
        except BaseException:
            self.store.put_review(gid, None)  # given up: a later request makes it
            raise
        self.store.put_review(gid, out)
        return out

    def bots(self, query: dict[str, Any]) -> dict[str, Any]:
        """GET /api/bots?game=NAME: the game's bots and the default (its strongest)."""
        check_keys(query, {"game"})
        game = get_game(query.get("game"))
        return {"game": game.NAME, "bots": list(game.bot_names()), "default": game.strongest_bot()}

    def board(self, query: dict[str, Any]) -> dict[str, Any]:
        """GET /api/leaderboard?game=NAME&players=N&sides=S&date=YYYY-MM-DD: a board (a game at a table) of a date,
        today's by default, with the days around it a reader can browse to (``board.days_around``)."""
        check_keys(query, {"game", "date", "players", "sides"})
        game = get_game(check_game_name(query.get("game")))
        size, date = check_table(game, query), parse_daily(query.get("date") or self.today())
        geometry, key = game.geometry(rules_of(game, size)), board_key(game.NAME, size)
        today = self.today()
        latest = max(today, current_dates(self.now())[-1])  # the last date a daily may have been played on
        previous, following = days_around(date, latest)
        return {"game": game.NAME, "players": geometry.seats, "sides": len(geometry.sides), "key": key, "date": date,
                "today": today, "latest": latest, "previous": previous, "next": following,
                "entries": self.store.leaderboard(key, date)}

    def daily(self, game: str, date: str, query: dict[str, Any]) -> dict[str, Any]:
        """GET /api/daily/{game}/{date}?players=N&sides=S: a past daily's seed and line-up at that table (none
        named: the game's default table), published once its date is over everywhere."""
        check_keys(query, {"players", "sides"})
        module = get_game(check_game_name(game))
        date, size = parse_daily(date), check_table(module, query)
        if not over_everywhere(date, self.now()):
            raise WebError(Message(N_("the daily game of {date} is not over everywhere yet (today is {dates} "
                                      "somewhere): its seed is published once it is"), date=date,
                                   dates=" or ".join(current_dates(self.now()))), 409)
        rules, key = rules_of(module, size), board_key(module.NAME, size)  # each table has a daily of its own
        geometry = module.geometry(rules)
        # the default table's answer stays as before sizes: no players, sides or key
        table = {"players": geometry.seats, "sides": len(geometry.sides), "key": key} if size else {}
        lineup = daily_lineup(module, rules)
        if not geometry.partners(YOU):  # each for themselves: no partner was dealt in
            lineup["partner"] = None
        return {"game": module.NAME, "date": date, **table, "seed": str(self.players.daily_seed(key, date)),
                **lineup}
