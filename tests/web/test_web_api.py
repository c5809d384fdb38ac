"""The web room's JSON API (footcanasta serve), through Starlette's TestClient, on SQLite and PostgreSQL."""

from __future__ import annotations

import datetime as dt
import json
import sqlite3
import threading
import warnings

import numpy as np
import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

with warnings.catch_warnings():  # starlette >= 1.0 asks for httpx2; httpx still works
    warnings.simplefilter("ignore", DeprecationWarning)
    from starlette.testclient import TestClient  # noqa: E402

from footcanasta_env import load_scenario, new_game  # noqa: E402
from footcanasta_env.family.geometry import FOUR_IN_PARTNERSHIPS  # noqa: E402
from footcanasta_env.footcanasta.bots import make_bot  # noqa: E402
from footcanasta_env.replays import load_replay, reproduce  # noqa: E402
from footcanasta_env.table import Deal, Table  # noqa: E402
from footcanasta_env.web import WebError, WebGame, create_app  # noqa: E402
from footcanasta_env.web.db import Unavailable  # noqa: E402
from footcanasta_env.web.store import SCHEMA_VERSION, Entry, Store  # noqa: E402
from tests.conftest import Db  # noqa: E402

TODAY = "2024-05-01"
NOW = dt.datetime(2024, 5, 1, 12, 0, tzinfo=dt.timezone.utc)  # 2024-05-01 everywhere but east of UTC+12


def client(db: Db, today=TODAY, now=NOW, **settings) -> TestClient:
    return TestClient(create_app(db.url, today=lambda: today, now=lambda: now, replay_dir=db.dir / "replays",
                                 **settings))


def player(c: TestClient) -> str:
    """A new player identity's token."""
    r = c.post("/api/players", json={})
    assert r.status_code == 201, r.text
    return r.json()["token"]


def new(c: TestClient, **body) -> tuple[str, dict]:
    r = c.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    d = r.json()
    return d["id"], d["state"]


def act(c: TestClient, gid: str, **body) -> dict:
    r = c.post(f"/api/games/{gid}/actions", json=body)
    assert r.status_code == 200, r.text
    return r.json()


def play_out(c: TestClient, gid: str, state: dict, choose) -> dict:
    while not state["over"]:
        assert state["legal"], "South is asked to act with no legal action"
        state = act(c, gid, action=choose(state))["state"]
    return state


# ---------------------------------------------------------------------------------------------- whole games


def test_whole_game_first_legal_action(db):
    c = client(db)
    gid, state = new(c, seed=11, partner="greedy", opponents="greedy")
    assert state["round"] == 1 and state["legal"] and state["scores"] == [0, 0]
    final = play_out(c, gid, state, lambda s: s["legal"][0])
    assert final["over"] and final["legal"] == [] and len(final["round_results"]) == 4
    assert final["scores"] == [sum(r["scores"][t] for r in final["round_results"]) for t in (0, 1)]
    # the saved replay reproduces the same game
    files = list((db.dir / "replays").glob("*.json"))
    assert len(files) == 1
    game = reproduce(load_replay(files[0]))
    assert list(game.scores) == final["scores"]
    assert c.get(f"/api/games/{gid}/replay").json()["result"]["scores"] == final["scores"]


def test_whole_game_expert_choice_same_as_play_seed(db):
    """South playing the expert's moves: the deal is that of new_game(seed=N), as 'footcanasta play --seed N'."""
    c = client(db)
    gid, state = new(c, seed=3, partner="expert", opponents="expert")
    g = new_game(seed=3)
    assert state["stock"] == len(g.stock) or state["round"] == 1
    south = make_bot("expert", 99)
    table = c.app.state.room.cache.get(gid).table
    final = play_out(c, gid, state,
                     lambda s: __import__("footcanasta_env").action_name(south.act(table.view())))
    assert final["over"] and final["winner"] in (0, 1, None)


def test_events_show_only_public_facts(db):
    c = client(db)
    gid, state = new(c, seed=5, partner="expert", opponents="expert")
    seen = 0
    for _ in range(60):
        if state["over"]:
            break
        d = act(c, gid, action=state["legal"][0])
        for ev in d["events"]:
            assert set(ev) <= {"seat", "who", "action", "type", "text", "round_end"}
            if ev["seat"] != 0 and ev.get("type") == "draw":
                assert ev["text"][0].endswith(("card.", "cards.")) and "drew" in ev["text"][0]
                seen += 1
            if ev["seat"] != 0 and ev.get("type") in ("meld", "add"):
                assert ev["action"] is not None  # only table melds are told; set-aside ones are not events
        state = d["state"]
    assert seen


# ---------------------------------------------------------------------------------------------- hidden cards


def _shuffle_hidden(spec: dict, rng: np.random.Generator) -> dict:
    """The same position with every card South may not see dealt anew: other hands, unpicked feet, stock."""
    spec = json.loads(json.dumps(spec))
    slots = []  # (where, size)
    pool: list[str] = []
    for s in (1, 2, 3):
        cards = spec["players"][s]["hand"].split()
        slots.append(("hand", s, len(cards)))
        pool += cards
    for s in range(4):
        cards = spec["players"][s]["foot"].split()
        slots.append(("foot", s, len(cards)))
        pool += cards
    stock = spec["stock"].split()
    pool += stock
    reds = [x for x in pool if x == "R3"]
    rest = [x for x in pool if x != "R3"]
    rng.shuffle(rest)
    n_hands = sum(n for w, _, n in slots if w == "hand")
    tail = rest[n_hands:] + reds
    rng.shuffle(tail)
    cards = rest[:n_hands] + tail
    i = 0
    for where, s, n in slots:
        spec["players"][s][where] = " ".join(cards[i:i + n])
        i += n
    spec["stock"] = " ".join(cards[i:])
    return spec


def _without_id(text: str) -> str:
    d = json.loads(text)
    d.pop("id", None)
    return json.dumps(d, sort_keys=True)


@pytest.mark.parametrize("seed", [1, 2, 8])
def test_hidden_cards_never_reach_the_page(db, seed):
    g = new_game(seed=seed)
    spec = g.to_scenario()
    spec["current"] = 0
    load_scenario(spec)  # a valid position
    rng = np.random.default_rng(seed)
    variants = [spec] + [_shuffle_hidden(spec, rng) for _ in range(3)]
    assert len({json.dumps(v["players"][1]) for v in variants}) > 1  # the hidden cards did change
    c = client(db)
    bodies = []
    for v in variants:
        assert load_scenario(v).view(0).hand.tolist() == load_scenario(spec).view(0).hand.tolist()
        r = c.post("/api/games", json={"scenario": v, "partner": "expert", "opponents": "expert"})
        assert r.status_code == 201, r.text
        gid = r.json()["id"]
        got = [_without_id(r.text), _without_id(c.get(f"/api/games/{gid}").text)]
        sel = c.post(f"/api/games/{gid}/selection", json={"cards": [x["card"] for x in r.json()["state"]["hand"]][:3]})
        got.append(sel.text)
        got.append(c.get(f"/api/games/{gid}/hint").text)
        legal = r.json()["state"]["legal"]
        melds = [a for a in legal if a.startswith("meld")]
        if melds:  # a set-aside meld: no card leaves the hidden places, so the answer must not differ either
            got.append(_without_id(c.post(f"/api/games/{gid}/actions", json={"action": melds[0]}).text))
        bodies.append(got)
    for other in bodies[1:]:
        assert other == bodies[0]


# ---------------------------------------------------------------------------------------------- bad input


def _snapshot(c, gid):
    return c.get(f"/api/games/{gid}").text


BAD_ACTIONS = [
    (b"{not json", 400),
    (b"[1, 2]", 400),
    (b'"draw"', 400),
    (json.dumps({"action": 5}).encode(), 400),
    (json.dumps({"action": None}).encode(), 400),
    (json.dumps({"action": "fly away"}).encode(), 409),
    (json.dumps({"action": "discard 9", "extra": 1}).encode(), 400),
    (json.dumps({"actions": []}).encode(), 400),
    (json.dumps({"actions": "draw"}).encode(), 400),
    (json.dumps({"actions": ["meld K K K"] * 40}).encode(), 400),
    (json.dumps({"action": "draw", "actions": ["draw"]}).encode(), 400),
    (json.dumps({"action": "draw", "version": "x"}).encode(), 400),
    (json.dumps({"action": "draw", "version": 12345}).encode(), 409),
    (json.dumps({"command": "m Z Z Z"}).encode(), 409),
    (json.dumps({"command": ["d"]}).encode(), 400),
    (json.dumps({"command": "fly"}).encode(), 409),
    (json.dumps({"action": "draw", "pad": "x" * 100_000}).encode(), 413),
]


def test_bad_input_is_a_4xx_with_a_reason_and_changes_nothing(db):
    c = client(db)
    gid, state = new(c, seed=21, partner="expert", opponents="expert")
    before = _snapshot(c, gid)
    illegal = "discard 9" if state["phase"] == "draw" else "draw"
    cases = BAD_ACTIONS + [(json.dumps({"action": illegal}).encode(), 409),
                           (json.dumps({"actions": ["draw", "draw"]}).encode(), 409)]
    for body, status in cases:
        r = c.post(f"/api/games/{gid}/actions", content=body, headers={"Content-Type": "application/json"})
        assert r.status_code == status, (body[:60], r.status_code, r.text)
        err = r.json()["error"]
        assert err and "\n" not in err and "Traceback" not in err
        assert _snapshot(c, gid) == before, body[:60]


def test_a_meld_sequence_goes_down_whole_or_not_at_all(db):
    spec = new_game(seed=4).to_scenario()
    spec["current"] = 0
    spec["phase"] = "play"
    spec["players"][0]["hand"] = "K K K K 5 5 9 9 9 Q Q J 4"
    spec.pop("stock")  # every card not placed goes into the stock
    c = client(db)
    gid, state = new(c, scenario=spec, partner="expert", opponents="expert")
    before = _snapshot(c, gid)
    # there is no 2 in hand: the third step is refused, so none of the three happens
    r = c.post(f"/api/games/{gid}/actions", json={"actions": ["meld K K K", "add K K", "add K 2"]})
    assert r.status_code == 409 and "step 3 of 3" in r.json()["error"]
    assert _snapshot(c, gid) == before
    sel = c.post(f"/api/games/{gid}/selection", json={"cards": ["K", "K", "K", "K"]}).json()["buttons"]
    assert sel["meld"]["ok"] and sel["meld"]["actions"] == ["meld K K K", "add K K"]
    assert not sel["discard"]["ok"] and sel["discard"]["reason"]
    d = act(c, gid, actions=sel["meld"]["actions"])
    assert d["state"]["set_aside"][0]["cards"] == ["K"] * 4


def test_bad_create_requests(db):
    c = client(db)
    for body, status in [
        ({"seed": -1}, 400), ({"seed": "seven"}, 400), ({"seed": True}, 400), ({"seed": 2**128}, 400),
        ({"seed": str(2**128)}, 400), ({"seed": "-7"}, 400), ({"seed": 1.5}, 400),
        ({"daily": "yesterday"}, 400), ({"daily": 20240501}, 400), ({"seed": 1, "daily": "2024-05-01"}, 400),
        ({"daily": "2024-04-30"}, 400), ({"daily": "2024-05-03"}, 400),
        ({"daily": "2024-05-01", "player": "p1.x"}, 403),
        ({"partner": "nobody"}, 400), ({"opponents": 3}, 400), ({"name": "x" * 25}, 400), ({"name": 5}, 400),
        ({"name": "Ada\u0000"}, 400), ({"name": "a\u202eb"}, 400),
        ({"scenario": {"round": 9}}, 400), ({"scenario": "{bad"}, 400), ({"scenario": [1]}, 400),
        ({"colour": "red"}, 400),
    ]:
        r = c.post("/api/games", json=body)
        assert r.status_code == status, (body, r.text)
        assert r.json()["error"]
    assert c.post("/api/games", content=b"\xff\xfe", headers={"Content-Type": "application/json"}).status_code == 400


def test_a_stranger_cannot_name_a_file_or_search_options_as_a_bot(db):
    # The answer must not depend on whether the path exists on the server, nor load anything.
    c = client(db)
    answers = set()
    for bot in ("policy:/etc/passwd", "policy:/no/such/file.npz", "search:worlds=999", "Policy:"):
        r = c.post("/api/games", json={"partner": bot})
        assert r.status_code == 400, (bot, r.text)
        answers.add(r.json()["error"].replace(bot.strip(), "BOT"))
    assert len(answers) == 1 and "unknown bot" in answers.pop()


def test_unknown_ids_are_404(db):
    c = client(db)
    for path in ("/api/games/nope", "/api/games/" + "a" * 24, "/api/games/" + "a" * 24 + "/hint"):
        r = c.get(path)
        assert r.status_code == 404 and r.json()["error"]
    r = c.post("/api/games/" + "b" * 24 + "/actions", json={"action": "draw"})
    assert r.status_code == 404
    assert c.get("/api/nothing").status_code == 404
    assert c.get("/api/games").status_code == 200  # the catalog of games
    assert c.put("/api/games/" + "a" * 24, json={}).status_code == 405


# ---------------------------------------------------------------------------------------------- persistence


def test_a_game_survives_a_restart(db):
    c1 = client(db)
    gid, state = new(c1, seed=9, partner="expert", opponents="expert")
    for _ in range(25):
        state = act(c1, gid, action=state["legal"][-1])["state"]
    twin = client(db.other("twin"))  # the same game, never restarted
    tid, tstate = new(twin, seed=9, partner="expert", opponents="expert")
    for _ in range(25):
        tstate = act(twin, tid, action=tstate["legal"][-1])["state"]
    c2 = client(db)  # a new app on the same file: the old one's memory is gone
    assert c2.get(f"/api/games/{gid}").json()["state"] == state
    # it continues exactly as the game that was never interrupted (the bots' generators included)
    for _ in range(25):
        if state["over"]:
            break
        state = act(c2, gid, action=state["legal"][-1])["state"]
        tstate = act(twin, tid, action=tstate["legal"][-1])["state"]
        assert state == tstate


# ---------------------------------------------------------------------------------------------- leaderboard


def _finish(c, **body):
    gid, state = new(c, partner="random", opponents="random", **body)
    return gid, play_out(c, gid, state, lambda s: s["legal"][-1])


def _daily(c, token=None, **body):
    """A new daily game of TODAY in its daily line-up (the strongest bot at every seat)."""
    return new(c, daily=TODAY, **({"player": token} if token else {}), **body)


def test_leaderboard_rules(db):
    c = client(db)
    ada, bob = player(c), player(c)
    gid, state = _daily(c, ada, name="Ada <b>")
    assert state["ranked"] is True and state["unranked"] is None and state["bots"] == {"partner": "learned",
                                                                                      "opponents": "learned"}
    first = play_out(c, gid, state, lambda s: s["legal"][-1])
    _, again = _daily(c, ada, name="Ada <b>")  # the player's second attempt: played, unranked
    assert again["ranked"] is False and "attempt" in again["unranked"]
    _, renamed = _daily(c, ada, name="Ada 2")  # under another name too
    assert renamed["ranked"] is False
    r = c.post("/api/games", json={"daily": TODAY, "player": bob, "name": "Ada <b>"})  # another player's name
    assert r.status_code == 409 and "taken" in r.json()["error"]
    _, greedy = new(c, daily=TODAY, player=bob, name="Bob", partner="greedy")  # not the daily line-up
    assert greedy["ranked"] is False and "line-up" in greedy["unranked"]
    _, anonymous = _daily(c, name="Cy")  # no player identity
    assert anonymous["ranked"] is False and "identity" in anonymous["unranked"]
    _, seeded = new(c, seed=5, name="Cy", player=bob)  # not a daily
    assert seeded["ranked"] is False and seeded["unranked"] is None
    gid, state = _daily(c, bob, name="Bob")  # Bob's ranked attempt is still his: the greedy game did not count
    assert state["ranked"] is True
    board = c.get(f"/api/leaderboard?date={TODAY}").json()
    assert board["date"] == TODAY
    assert [(e["name"], e["scores"], e["hints"]) for e in board["entries"]] == [("Ada <b>", first["scores"], 0)]
    assert c.get("/api/leaderboard").json()["date"] == TODAY
    page = c.get(f"/leaderboard?date={TODAY}")
    assert page.status_code == 200 and "Ada &lt;b&gt;" in page.text and "<b>" not in page.text.split("<tbody>")[1]
    assert c.get("/api/leaderboard?date=soon").status_code == 400
    assert c.get("/leaderboard?date=soon").status_code == 400


def _south_hand(state: dict) -> list[str]:
    return sorted(x["card"] for x in state["hand"])


def test_a_hosted_daily_is_dealt_from_the_server_secret_and_published_once_the_day_is_over(db):
    c = client(db)
    gid, state = new(c, daily=TODAY, partner="random", opponents="random")
    assert state["deal"] == {"kind": "daily", "date": TODAY}  # no seed while the day lasts
    public = new_game(daily=TODAY)  # the terminal's daily: anyone can deal it
    r = c.get(f"/api/daily/footcanasta/{TODAY}")
    assert r.status_code == 409 and "not over everywhere" in r.json()["error"]
    # another host (another database, another secret) deals another game
    _, elsewhere = new(client(db.other("elsewhere")), daily=TODAY, partner="random", opponents="random")
    assert (_south_hand(state), _south_hand(elsewhere)) != (_south_hand(elsewhere), _south_hand(state))
    # the next day, noon in UTC-12: over everywhere; the seed deals exactly that game
    later = client(db, today="2024-05-03", now=NOW + dt.timedelta(days=1, hours=12))
    published = later.get(f"/api/daily/footcanasta/{TODAY}")
    assert published.status_code == 200, published.text
    body = published.json()
    assert body["date"] == TODAY and body["partner"] == body["opponents"] == "learned"
    seed = int(body["seed"])
    assert new_game(seed=seed) != public
    old = later.get(f"/api/games/{gid}").json()["state"]
    assert _south_hand(old) == _south_hand(state)
    replay = later.get(f"/api/games/{gid}/replay")
    assert replay.status_code == 409  # that game is not over: its replay comes at its end
    assert later.post("/api/games", json={"daily": TODAY}).status_code == 400  # a past daily is not played
    table = c.app.state.room.cache.get(gid).table  # the game as the server holds it
    assert Table.rebuild(Deal(seed=seed), "random", "random", table.log).game == table.game
    # the same secret on another database deals the same dailies
    same = create_app(db.other("same").url, now=lambda: NOW, secret=c.app.state.room.players._secret)
    _, twin = new(TestClient(same), daily=TODAY, partner="random", opponents="random")
    assert _south_hand(twin) == _south_hand(state)


# ---------------------------------------------------------------------------------------------- concurrency


def test_concurrent_requests_on_one_game_serialize(db):
    c = client(db)
    gid, state = new(c, seed=13, partner="expert", opponents="expert")
    version = state["version"]
    action = state["legal"][0]
    results = []

    def click():
        r = c.post(f"/api/games/{gid}/actions", json={"action": action, "version": version})
        results.append(r.status_code)

    threads = [threading.Thread(target=click) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(results) == [200] + [409] * 7  # a double click plays once
    after = c.get(f"/api/games/{gid}").json()["state"]
    table = c.app.state.room.cache.get(gid).table
    assert table.log[version][1] == action and after["version"] == len(table.log)


def test_the_page_and_static_files(db):
    c = client(db)
    r = c.get("/")
    assert r.status_code == 200 and "app.js" in r.text
    for f in ("app.js", "style.css"):
        assert c.get(f"/static/{f}").status_code == 200
    bots = c.get("/api/bots").json()
    assert bots["default"] in bots["bots"]


# ---------------------------------------------------------------------------------------------- any game of the house


def test_a_toy_game_through_the_browser_api(db, toy):
    """The web reaches a game only through its game module: the toy game plays to its end over HTTP."""
    c = client(db)
    bots = c.get("/api/bots?game=toy").json()
    assert bots == {"game": "toy", "bots": toy.bot_names(), "default": toy.strongest_bot()}
    gid, state = new(c, game="toy", seed=3)
    assert state["game"] == "toy" and state["deal"] == {"kind": "seed", "seed": "3"} and state["notes"] == []
    assert state["bots"] == {"partner": "greedy", "opponents": "greedy"} and state["version"] >= 0
    played = []
    while not state["over"]:
        assert state["my_turn"] and state["legal"]
        d = act(c, gid, action=state["legal"][0], version=state["version"])
        played.append(state["legal"][0])
        for ev in d["events"]:
            assert set(ev) <= {"seat", "who", "action", "type", "text", "round_end"}
            assert ev.get("type") in (None, "play", "double") and ev["text"]
        state = d["state"]
    final = c.get(f"/api/games/{gid}").json()["state"]
    assert final == state and final["legal"] == [] and len(final["round_results"]) == 2
    assert final["scores"] == [sum(r["scores"][t] for r in final["round_results"]) for t in (0, 1)]
    # the replay names its game and reproduces the same game through the game interface
    replay = c.get(f"/api/games/{gid}/replay")
    assert replay.status_code == 200 and replay.json()["game"] == "toy"
    assert "toy-" in replay.headers["content-disposition"]
    files = list((db.dir / "replays").glob("*-toy-seed-3-web-*.json"))
    assert len(files) == 1
    assert list(reproduce(load_replay(files[0])).scores) == final["scores"]
    assert [a for s, a in replay.json()["actions"] if s == 0] == played
    # a game reloaded from the store (a new app on the same file) is the same game
    assert client(db).get(f"/api/games/{gid}").json()["state"] == final
    # the toy's bots only; Foot Canasta's are refused by name
    r = c.post("/api/games", json={"game": "toy", "partner": "expert"})
    assert r.status_code == 400 and "greedy" in r.json()["error"]


def test_an_unknown_game_is_a_400_naming_the_known_ones(db, toy):
    c = client(db)
    for request in (lambda: c.post("/api/games", json={"game": "chess", "seed": 1}),
                    lambda: c.get("/api/bots?game=chess"), lambda: c.get("/api/leaderboard?game=chess")):
        r = request()
        assert r.status_code == 400, r.text
        assert "chess" in r.json()["error"] and "footcanasta" in r.json()["error"] and "toy" in r.json()["error"]
    assert c.post("/api/games", json={"game": 7}).status_code == 400
    assert c.get("/leaderboard?game=chess").status_code == 400


def test_leaderboards_are_per_game(db, toy):
    c = client(db)
    ada = player(c)
    gid, state = _daily(c, ada, name="Ada")
    fc = play_out(c, gid, state, lambda s: s["legal"][-1])
    gid, state = new(c, game="toy", daily=TODAY, name="Ada", player=ada)
    assert state["ranked"] is True
    toy_final = play_out(c, gid, state, lambda s: s["legal"][-1])
    assert toy_final["entered"] is True  # the same name and date on another game's board
    assert [e["scores"] for e in c.get(f"/api/leaderboard?date={TODAY}").json()["entries"]] == [fc["scores"]]
    board = c.get(f"/api/leaderboard?date={TODAY}&game=toy").json()
    assert board["game"] == "toy" and [e["scores"] for e in board["entries"]] == [toy_final["scores"]]
    page = c.get(f"/leaderboard?date={TODAY}&game=toy")
    assert page.status_code == 200 and toy.TITLE in page.text and "Ada" in page.text


def _schema_version(store: Store) -> int:
    return store.db.execute("SELECT version FROM schema_version").rows[0][0]


OLD_GAMES = """CREATE TABLE games (id TEXT PRIMARY KEY, spec TEXT NOT NULL, actions TEXT NOT NULL,
    over INTEGER NOT NULL DEFAULT 0, started TEXT NOT NULL, updated REAL NOT NULL, replay TEXT)"""
OLD_BOARDS = {  # the leaderboard of schema versions 0 (before games had names) and 1
    0: "CREATE TABLE leaderboard (date TEXT NOT NULL, name TEXT NOT NULL, game_id TEXT NOT NULL, us INTEGER NOT NULL, "
       "them INTEGER NOT NULL, finished REAL NOT NULL, PRIMARY KEY (date, name))",
    1: "CREATE TABLE leaderboard (game TEXT NOT NULL DEFAULT 'footcanasta', date TEXT NOT NULL, name TEXT NOT NULL, "
       "game_id TEXT NOT NULL, us INTEGER NOT NULL, them INTEGER NOT NULL, finished REAL NOT NULL, "
       "PRIMARY KEY (game, date, name))",
}


@pytest.mark.parametrize("version", [0, 1])
def test_an_older_database_is_brought_forward(tmp_path, version):
    """A SQLite file of an older schema (0: before games had names; 1: the one-process server's): its
    games and leaderboard keep working, and its games go on."""
    db = Db(str(tmp_path / "new.sqlite3"), tmp_path, lambda name: str(tmp_path / f"{name}.sqlite3"))
    c = client(db)
    gid, state = new(c, seed=9, partner="random", opponents="random")
    state = act(c, gid, action=state["legal"][0])["state"]
    row = sqlite3.connect(db.url).execute("SELECT id, spec, actions, over, started, updated FROM games").fetchone()
    spec = json.loads(row[1])
    if version == 0:
        assert spec.pop("game") == "footcanasta"  # a row written before "game"
    old = db.other("old")
    conn = sqlite3.connect(old.url)
    conn.executescript(f"{OLD_GAMES}; {OLD_BOARDS[version]}; PRAGMA user_version={version};")
    conn.execute("INSERT INTO games VALUES (?, ?, ?, ?, ?, ?, NULL)", (row[0], json.dumps(spec), *row[2:]))
    conn.execute("INSERT INTO leaderboard (date, name, game_id, us, them, finished) "
                 "VALUES (?, 'Old', 'x', 5000, 100, 0)", (TODAY,))  # version 1's game column: its default
    conn.commit()
    conn.close()
    c2 = client(old)
    assert c2.get(f"/api/games/{gid}").json()["state"] == state
    assert [e["name"] for e in c2.get(f"/api/leaderboard?date={TODAY}").json()["entries"]] == ["Old"]
    assert c2.get(f"/api/leaderboard?date={TODAY}&game=toy").status_code == 400  # toy not registered here
    assert _schema_version(Store(old.url)) == SCHEMA_VERSION
    assert act(c2, gid, action=state["legal"][0], version=state["version"])["state"]["version"] > state["version"]


def test_two_servers_starting_on_one_new_database(db):
    """Each worker migrates at start: on a new database they make one schema between them, at today's version."""
    stores: list[Store] = []
    errors: list[BaseException] = []

    def start():
        try:
            stores.append(Store(db.url))
        except BaseException as e:  # told below, not lost in the thread
            errors.append(e)

    threads = [threading.Thread(target=start) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors and len(stores) == 3 and {_schema_version(s) for s in stores} == {SCHEMA_VERSION}
    assert stores[0].db.execute("SELECT COUNT(*) FROM schema_version").rows[0][0] == 1


# ---------------------------------------------------------------------------------------------- many workers


def _app(db: Db, **settings):
    return create_app(db.url, today=lambda: TODAY, now=lambda: NOW, replay_dir=db.dir / "replays", **settings)


def test_two_workers_racing_one_move(db, monkeypatch):
    """Two apps on one database (two worker processes): both play the same move on the same version at
    once; the database takes one (200) and refuses the other (409), and both then show the same game."""
    a, b = TestClient(_app(db)), TestClient(_app(db))
    gid, state = new(a, seed=13, partner="greedy", opponents="greedy")
    assert b.get(f"/api/games/{gid}").json()["state"] == state  # b rebuilt it from the store
    both_played = threading.Barrier(2, timeout=30)
    events = WebGame.events

    def events_after_both(self, steps, *args):  # each has played in its memory before either writes
        both_played.wait()
        return events(self, steps, *args)

    monkeypatch.setattr(WebGame, "events", events_after_both)
    results: dict[str, object] = {}

    def click(name, c):
        results[name] = c.post(f"/api/games/{gid}/actions", json={"action": state["legal"][0],
                                                                   "version": state["version"]})

    threads = [threading.Thread(target=click, args=(n, c)) for n, c in (("a", a), ("b", b))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    monkeypatch.undo()
    codes = sorted(r.status_code for r in results.values())
    assert codes == [200, 409], [r.text for r in results.values()]
    loser = next(r for r in results.values() if r.status_code == 409)
    assert "moved on" in loser.json()["error"]
    winner = next(r for r in results.values() if r.status_code == 200).json()["state"]
    assert a.get(f"/api/games/{gid}").json()["state"] == b.get(f"/api/games/{gid}").json()["state"] == winner
    # each goes on from the stored game, whichever played last
    after = act(b, gid, action=winner["legal"][0], version=winner["version"])["state"]
    assert act(a, gid, action=after["legal"][0], version=after["version"])["state"]["version"] > after["version"]


def test_a_finished_game_is_entered_once(db):
    store = Store(db.url)
    store.create_game("g" * 24, {"game": "footcanasta"}, [(0, "draw")], TODAY, "1.2.3.4")
    entry = Entry.of("footcanasta", TODAY, "Ada", (5000, 100), FOUR_IN_PARTNERSHIPS, 0)
    assert store.save_move("g" * 24, 1, [(0, "draw"), (1, "draw")], True, None, entry) is True
    with pytest.raises(WebError) as e:  # a second worker finishing the same game from the same version
        store.save_move("g" * 24, 1, [(0, "draw"), (1, "draw")], True, None, entry)
    assert e.value.status == 409
    assert [x["name"] for x in store.leaderboard("footcanasta", TODAY)] == ["Ada"]
    assert store.load_game("g" * 24)["entered"] is True and store.version("g" * 24) == 2


def test_a_client_at_its_cap_gets_a_429(db):
    app = _app(db, max_in_progress=2)
    a, b = TestClient(app, client=("10.0.0.1", 5000)), TestClient(app, client=("10.0.0.2", 5000))
    new(a, seed=1, partner="random", opponents="random")
    gid, state = new(a, seed=2, partner="random", opponents="random")
    r = a.post("/api/games", json={"seed": 3})
    assert r.status_code == 429 and "too many unfinished games" in r.json()["error"], r.text
    store = app.state.room.store
    assert store.in_progress("10.0.0.1") == 2 and store.in_progress("10.0.0.2") == 0
    new(b, seed=3)  # another client is not held back
    play_out(a, gid, state, lambda s: s["legal"][-1])  # a finished game no longer counts
    new(a, seed=4)


def test_unfinished_games_expire_and_finished_ones_stay(db):
    c = client(db)
    room = c.app.state.room
    open_id, _ = new(c, seed=1, partner="random", opponents="random")
    done_id, state = _daily(c, player(c), name="Ada")
    final = play_out(c, done_id, state, lambda s: s["legal"][-1])
    assert room.expire(3600) == 0
    assert room.expire(0) == 1
    assert c.get(f"/api/games/{open_id}").status_code == 404
    assert c.get(f"/api/games/{done_id}").json()["state"] == final
    assert [e["name"] for e in c.get(f"/api/leaderboard?date={TODAY}").json()["entries"]] == ["Ada"]
    assert room.store.load_replay(done_id)["result"]["scores"] == final["scores"]


def test_settings_from_the_environment(monkeypatch, tmp_path):
    from footcanasta_env.web import Settings

    env = {"FOOTCANASTA_DB": str(tmp_path / "x.sqlite3"), "FOOTCANASTA_MAX_GAMES": "3", "FOOTCANASTA_GAME_TTL": "60"}
    got = Settings.load(env)
    assert (got.db, got.max_games, got.game_ttl) == (str(tmp_path / "x.sqlite3"), 3, 60)
    with pytest.raises(ValueError, match="FOOTCANASTA_MAX_GAMES"):
        Settings.load({"FOOTCANASTA_MAX_GAMES": "many"})
    for var, value in env.items():
        monkeypatch.setenv(var, value)
    room = create_app().state.room
    assert (room.store.path, room.max_in_progress, room.game_ttl) == (tmp_path / "x.sqlite3", 3, 60.0)


def test_a_database_that_cannot_be_reached_is_a_503(db, monkeypatch):
    c = client(db)
    gid, _ = new(c, seed=1)

    def down(*args):
        raise Unavailable("the database cannot be reached: test")

    monkeypatch.setattr(c.app.state.room.store, "version", down)
    r = c.get(f"/api/games/{gid}")
    assert r.status_code == 503 and r.headers["retry-after"] and "try again" in r.json()["error"]
