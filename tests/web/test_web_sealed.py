"""A sealed and fair hosted game: nothing about an unfinished game reveals a hidden card, and what a client
asks costs bounded work (issue "Sealed and fair"), through the JSON API on SQLite and PostgreSQL.

The daily's secret deal, its published seed and the ranked attempts are in test_web_api.py; the front door
(rate limits shared by the workers, cross-site requests, JSON bodies) in test_web_front.py; real worker
processes in test_web_hosting.py.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import json
from urllib.parse import quote

import pytest

pytest.importorskip("starlette")

from footcanasta_env import new_game  # noqa: E402
from footcanasta_env.table import Deal, Table  # noqa: E402
from footcanasta_env.web.room import GameCache  # noqa: E402
from footcanasta_env.web.session import WebGame  # noqa: E402
from footcanasta_env.web.work import Abandoned, Work  # noqa: E402
from tests.web.test_web_api import NOW, TODAY, client, new, play_out, player  # noqa: E402


def _seed_of(c, gid: str) -> int:
    return c.app.state.room.cache.get(gid).table.deal.game_seed


def _finish(c, gid, state):
    return play_out(c, gid, state, lambda s: s["legal"][-1])


def test_nothing_about_an_unfinished_game_holds_its_seed(db):
    c = client(db)
    gid, state = new(c, partner="random", opponents="random")  # a seed the server drew
    seed = str(_seed_of(c, gid))
    assert state["deal"] == {"kind": "seed"}
    answers = [c.get(f"/api/games/{gid}"), c.get(f"/api/games/{gid}/hint"),
               c.post(f"/api/games/{gid}/selection", json={"cards": []}),
               c.post(f"/api/games/{gid}/parse", json={"command": "d"})]
    for r in [c.get(f"/api/games/{gid}/replay"), c.get(f"/api/games/{gid}/review")]:
        assert r.status_code == 409 and "not over" in r.json()["error"]
        answers.append(r)
    moved = c.post(f"/api/games/{gid}/actions", json={"action": state["legal"][0]})
    answers.append(moved)
    for r in answers:
        assert seed not in r.text, r.request.url
    final = _finish(c, gid, moved.json()["state"])  # over: the seed and the replay are public
    assert final["deal"] == {"kind": "seed", "seed": seed}
    replay = c.get(f"/api/games/{gid}/replay")
    assert replay.status_code == 200 and replay.json()["seed"] == int(seed)


def test_a_seed_the_person_typed_is_theirs_and_travels_as_a_string(db):
    c = client(db)
    seed = 3570643270034413448  # 19 digits: more than a JavaScript number holds exactly
    _, state = new(c, seed=str(seed), partner="random", opponents="random")
    assert state["deal"] == {"kind": "seed", "seed": str(seed)} and state["ranked"] is False
    _, same = new(c, seed=seed, partner="random", opponents="random")
    assert same["hand"] == state["hand"]


def test_a_daily_seed_is_told_once_its_day_is_over_everywhere(db):
    """A finished daily tells no seed and gives no replay while its day lasts somewhere: that seed deals the
    day's game for everyone (a second identity would play it knowing every card)."""
    c = client(db)
    gid, state = new(c, daily=TODAY, partner="random", opponents="random")
    seed = str(_seed_of(c, gid))
    assert "seed" not in state["deal"] and seed not in json.dumps(state) and state["replay"] is False
    final = _finish(c, gid, state)
    assert final["deal"] == {"kind": "daily", "date": TODAY} and final["replay"] is False
    r = c.get(f"/api/games/{gid}/replay")
    assert r.status_code == 409 and "over everywhere" in r.json()["error"] and seed not in r.text
    later = client(db, now=NOW + dt.timedelta(days=1, hours=12))
    assert later.get(f"/api/games/{gid}").json()["state"]["deal"] == {"kind": "daily", "date": TODAY, "seed": seed}
    replay = later.get(f"/api/games/{gid}/replay")
    assert replay.status_code == 200 and replay.json()["hosted"] is True and replay.json()["seed"] == int(seed)


def test_a_rebuilt_game_makes_no_bot_think(db, monkeypatch):
    """A worker without the game in memory rebuilds it from the stored log: the bots' moves come from the
    log, so even search bots in the line-up cost nothing; the next bot moves are those it would have made."""
    c = client(db)
    gid, state = new(c, seed=17, partner="expert", opponents="greedy")
    for _ in range(3):
        state = c.post(f"/api/games/{gid}/actions", json={"action": state["legal"][-1]}).json()["state"]
    room = c.app.state.room
    kept = room.cache.get(gid)
    from footcanasta_env.footcanasta.bots import expert, simple

    def thinks(self, view):
        raise AssertionError("a bot thought while the game was rebuilt")

    with monkeypatch.context() as m:
        m.setattr(expert.ExpertBot, "act", thinks)
        m.setattr(simple.GreedyBot, "act", thinks)
        room.cache.drop(gid)
        assert c.get(f"/api/games/{gid}").json()["state"] == state
    rebuilt = room.cache.get(gid)
    assert rebuilt is not kept and rebuilt.table.game == kept.table.game
    nxt = state["legal"][-1]
    assert [s.action for s in kept.table.play([nxt])] == [s.action for s in rebuilt.table.play([nxt])]


def test_a_game_with_search_bots_is_rebuilt_without_searching(monkeypatch):
    """The stored game names search bots (the costliest): rebuilding it calls none of them."""
    table = Table.open(Deal(seed=5), "random", "random")
    list(table.bot_steps())
    while not table.game.is_over:
        table.play([table.module.action_name(table.view().legal_actions[0])])
    assert len(table.log) > 300
    from footcanasta_env.footcanasta.bots import search

    monkeypatch.setattr(search.SearchBot, "act", lambda self, view: pytest.fail("a search bot searched"))
    spec = {"game": "footcanasta", "seed": 5, "partner": "search", "opponents": "search", "name": None}
    wg = WebGame.rebuild(spec, table.log, TODAY)
    assert wg.table.game == table.game and {b.name for b in wg.table.bots.values()} == {"search"}


def test_bots_of_one_process_share_one_copy_of_a_policy():
    a, b = (Table.open(Deal(seed=s), "learned", "learned") for s in (1, 2))
    assert a.bots[1].policy is b.bots[2].policy is a.bots[3].policy
    with pytest.raises(ValueError):
        a.bots[1].policy.weights[0][0, 0] = 1.0  # read-only: no game can change another's bot


def test_the_game_cache_is_bounded_by_bytes():
    games = [WebGame(Table.open(Deal(seed=s), "random", "random"), None, TODAY) for s in range(12)]
    one = GameCache(1 << 30)
    one.put("x" * 24, games[0])
    budget = one.used * 5
    cache = GameCache(budget)
    for i, wg in enumerate(games):
        cache.put(f"{i:024d}", wg)
        assert cache.used <= budget
    assert 3 <= len(cache) <= 5
    assert cache.get(f"{0:024d}") is None and cache.get(f"{11:024d}") is games[11]  # least recently used out
    cache.get(f"{8:024d}")
    cache.drop(f"{11:024d}")
    assert cache.get(f"{11:024d}") is None and cache.used <= budget


def test_a_review_is_made_once_and_kept(db, monkeypatch):
    c = client(db)
    gid, state = new(c, seed=4, partner="random", opponents="random")
    _finish(c, gid, state)
    from footcanasta_env.evaluation import review as rv

    made = []

    class Made:  # the review itself is test_review.py's: here, how often one is made
        def to_dict(self):
            return {"decisions": [], "made": len(made)}

    def counted(replay, seat, check=None):
        made.append(replay.seed)
        return Made()

    monkeypatch.setattr(rv, "review_replay", counted)
    first = c.get(f"/api/games/{gid}/review")
    assert first.status_code == 200, first.text
    assert c.get(f"/api/games/{gid}/review").json() == first.json() and len(made) == 1
    other = client(db)  # another worker: the kept review, not a new one
    assert other.get(f"/api/games/{gid}/review").json() == first.json() and len(made) == 1


def test_a_review_being_made_elsewhere_is_not_made_twice(db):
    c = client(db)
    gid, state = new(c, seed=6, partner="random", opponents="random")
    _finish(c, gid, state)
    store = c.app.state.room.store
    assert store.review(gid, 600) == (None, True)  # another worker claimed it
    r = c.get(f"/api/games/{gid}/review")
    assert r.status_code == 409 and "being made" in r.json()["error"]
    assert store.review(gid, 0) == (None, True)  # a claim older than the stale limit: made again
    store.put_review(gid, None)


def test_abandoned_bot_work_stops_and_leaves_nothing(db):
    c = client(db)
    gid, state = new(c, seed=8, partner="random", opponents="random")
    _finish(c, gid, state)
    room = c.app.state.room
    work = Work()
    seen, real = [], work.check

    def check():  # the client hangs up while the third decision is about to be reviewed
        seen.append(1)
        if len(seen) > 2:
            work.cancel()
        real()

    work.check = check
    with pytest.raises(Abandoned):
        room.review(gid, {}, work=work)
    assert len(seen) == 3  # stopped at the third decision, not the game's last
    assert room.store.review(gid, 600) == (None, True)  # the claim was given up: a later request makes it


def test_a_deadline_passed_while_queued_costs_nothing():
    now = [0.0]
    work = Work(5.0, clock=lambda: now[0])
    ran = []
    job = work.bind(lambda *a, work: ran.append(a))
    now[0] = 6.0
    with pytest.raises(Abandoned):
        job(1)
    assert ran == []


def test_a_client_that_hangs_up_abandons_the_bots_work():
    from footcanasta_env.web.server import _watched

    class Gone:
        async def is_disconnected(self):
            return True

    work = Work()

    async def job():
        while not work.cancelled.is_set():
            await asyncio.sleep(0.01)
        return "stopped"

    assert asyncio.run(_watched(Gone(), work, job())) == "stopped" and work.cancelled.is_set()


def test_a_refused_create_stores_nothing(db):
    c = client(db, max_in_progress=1)
    store = c.app.state.room.store
    count = lambda: store.db.execute("SELECT COUNT(*) FROM games").rows[0][0]  # noqa: E731
    ada, bob = player(c), player(c)
    new(c, daily=TODAY, player=ada, name="Ada")
    assert count() == 1
    scenario = new_game(seed=1).to_scenario()
    scenario["rng"]["state"]["inc"] = -1  # a generator state numpy cannot hold (an OverflowError inside)
    for body, status in [({"daily": TODAY, "player": bob, "name": "Ada"}, 409), ({"seed": 1}, 429),
                         ({"scenario": scenario}, 400)]:
        r = client(db, max_in_progress=5).post("/api/games", json=body) if status != 429 else c.post(
            "/api/games", json=body)
        assert r.status_code == status, r.text
        assert count() == 1


@pytest.mark.parametrize("gid", ["a\x00" * 8, "x" * 9, "é" * 20, "a" * 65, "a b" * 5, "../" * 4, "a\nb" * 4])
def test_ids_that_cannot_be_game_ids_are_404(db, gid):
    c = client(db)
    for path in ("", "/hint", "/replay", "/review"):
        r = c.get(f"/api/games/{quote(gid, safe='')}{path}")
        assert r.status_code == 404, (gid, path, r.text)


def test_names_are_normalised_and_bounded(db):
    c = client(db)
    ada = player(c)
    _, state = new(c, daily=TODAY, player=ada, name="  Ａｄａ\u3000  Lovelace ")  # full-width, ideographic space
    assert state["name"] == "Ada Lovelace" and state["ranked"] is True
    for name in ["x" * 25, "a\tb", "a\u200bb", "a\x7fb"]:
        r = c.post("/api/games", json={"seed": 1, "name": name})
        assert r.status_code == 400, (name, r.text)


def test_a_worker_behind_catches_up_with_the_moves_played_elsewhere(db, monkeypatch):
    """Two workers on one database: a game one of them holds at an older version is brought up to date by
    playing the stored moves it lacks (no rebuild from the deal, no bot thinking), equal to the other's."""
    a, b = client(db), client(db)
    gid, state = new(a, seed=19, partner="greedy", opponents="greedy")
    assert b.get(f"/api/games/{gid}").status_code == 200  # b holds it too, at this version
    for _ in range(4):
        state = a.post(f"/api/games/{gid}/actions", json={"action": state["legal"][-1]}).json()["state"]
    with monkeypatch.context() as m:
        m.setattr(WebGame, "rebuild", lambda *args: pytest.fail("rebuilt from the deal instead of caught up"))
        m.setattr(Table, "bot_move", lambda self, seat: pytest.fail("a bot thought"))
        assert b.get(f"/api/games/{gid}").json()["state"] == state
    assert b.app.state.room.cache.get(gid).table.game == a.app.state.room.cache.get(gid).table.game
