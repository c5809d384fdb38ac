"""The browser API at any table: the table the server describes, games of two and three seats played to the end
over HTTP, the catalog of games, each game's own page assets, a leaderboard of one score per side."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from footcanasta_env.games import register_game, unregister_game  # noqa: E402
from footcanasta_env.web.store import SCHEMA_VERSION, Store  # noqa: E402
from tests.helpers import toy_game  # noqa: E402
from tests.web.test_web_api import TODAY, act, client, new, player  # noqa: E402


@pytest.fixture
def toys():
    """The toy at two, three and four seats, registered as toy2, toy3 and toy for one test."""
    for t in toy_game.TOYS:
        register_game(t.NAME, t)
    yield {t.table.seats: t for t in toy_game.TOYS}
    for t in toy_game.TOYS:
        unregister_game(t.NAME)


def _check_table(table: dict, game) -> None:
    geo = game.geometry()
    assert table["seats"] == geo.seats and table["you"] == 0
    assert table["sides"] == [list(s) for s in geo.sides]
    assert len(table["seat_names"]) == geo.seats and len(table["side_names"]) == len(geo.sides)
    assert [a["id"] for a in table["areas"]] == ["seats", "moves", "results", "log"]  # the toy names none
    assert table["assets"] == []


@pytest.mark.parametrize("seats", [2, 3])
def test_a_toy_game_at_any_table_through_the_browser_api(db, toys, seats):
    """A game of two or three seats plays to its end over HTTP; its state describes its table; its replay
    holds every seat's moves."""
    toy = toys[seats]
    c = client(db)
    gid, state = new(c, game=toy.NAME, seed=5)
    _check_table(state["table"], toy)
    assert state["bots"] == {"opponents": "greedy"}  # no partner at a table where each plays for themselves
    played = []
    while not state["over"]:
        assert state["my_turn"] and state["legal"]
        played.append(state["legal"][-1])
        d = act(c, gid, action=played[-1], version=state["version"])
        assert {e["who"] for e in d["events"]} <= set(toy.geometry().seat_names)
        state = d["state"]
    assert len(state["scores"]) == seats and state["table"]["seats"] == seats
    replay = c.get(f"/api/games/{gid}/replay")
    assert replay.status_code == 200 and replay.json()["game"] == toy.NAME
    assert [a for s, a in replay.json()["actions"] if s == 0] == played
    assert {s for s, _ in replay.json()["actions"]} == set(range(seats))
    assert len(list((db.dir / "replays").glob(f"*-{toy.NAME}-seed-5-web-*.json"))) == 1
    assert client(db).get(f"/api/games/{gid}").json()["state"] == state  # rebuilt from the store


def test_the_table_of_two_three_and_four_seats_in_a_language(db, toys):
    c = client(db)
    for toy in toys.values():
        _, state = new(c, game=toy.NAME, seed=1)
        _check_table(state["table"], toy)
    four = toys[4]
    _, state = new(c, game=four.NAME, seed=1)
    assert state["table"]["sides"] == [[0, 2], [1, 3]] and state["bots"] == {"partner": "greedy", "opponents": "greedy"}
    # the four seats' names, in German
    r = c.post("/api/games?lang=de", json={"game": "footcanasta", "seed": 2})
    table = r.json()["state"]["table"]
    assert table["seat_names"] == ["Süd", "West", "Nord", "Ost"] and table["side_names"][0] == "Süd/Nord"
    assert [a["id"] for a in table["areas"]][:3] == ["seats", "pile", "melds"]
    assert table["areas"][0]["label"] == "Der Tisch"
    assert table["assets"] == ["/static/games/footcanasta/footcanasta.css", "/static/games/footcanasta/footcanasta.js"]


def test_the_catalog_of_games_and_their_tables(db, toys):
    c = client(db)
    games = c.get("/api/games?lang=it").json()["games"]
    names = [g["name"] for g in games]
    assert names[0] == "footcanasta" and {"canasta", "toy", "toy2", "toy3"} <= set(names)
    by = {g["name"]: g for g in games}
    assert by["toy3"]["table"]["seats"] == 3 and by["toy3"]["bots"] == toy_game.bot_names()
    assert by["canasta"]["title"] == "Canasta" and by["canasta"]["table"]["seat_names"][0] == "Sud"
    assert c.get("/api/games?game=toy").status_code == 400
    # no partner to choose where each plays for themselves: refused, not passed over
    r = c.post("/api/games", json={"game": "toy3", "partner": "random"})
    assert r.status_code == 400 and "partner" in r.json()["error"]


def test_a_game_s_page_assets_and_nothing_else(db):
    c = client(db)
    for game in ("footcanasta", "canasta"):
        r = c.get(f"/static/games/{game}/{game}.js")
        assert r.status_code == 200 and "javascript" in r.headers["content-type"] and "registerGame" in r.text
    for path in ("/static/games/footcanasta/nope.js", "/static/games/chess/chess.js",
                 "/static/games/footcanasta/..%2F__init__.py", "/static/games/footcanasta/../__init__.py",
                 "/static/games/footcanasta/%2e%2e%2frules.py", "/static/games/footcanasta/learned.json"):
        r = c.get(path)
        assert r.status_code == 404, path


def test_a_three_seat_daily_leaderboard(db, toys):
    """Each side's score on the board, the person's side's first in the order of the sides."""
    c = client(db)
    gid, state = new(c, game="toy3", daily=TODAY, name="Ada", player=player(c))
    while not state["over"]:
        state = act(c, gid, action=state["legal"][-1], version=state["version"])["state"]
    assert state["entered"] is True
    entry, = c.get(f"/api/leaderboard?date={TODAY}&game=toy3").json()["entries"]
    s = state["scores"]
    assert entry["scores"] == s and entry["score"] == s[0]
    assert entry["margin"] == pytest.approx(s[0] - (s[1] + s[2]) / 2)
    assert entry["result"] == ("win" if s[0] > max(s[1:]) else "draw" if s[0] == max(s[1:]) else "loss")
    page = c.get(f"/leaderboard?date={TODAY}&game=toy3")
    assert page.status_code == 200 and page.text.count("<th>") == 3 + 4 and "Ada" in page.text


def test_a_leaderboard_of_two_columns_is_brought_forward(db):
    """A database of schema 3 (us and them): its rows become one score per side, ranked as before."""
    store = Store(db.url)
    store.db.execute("DROP TABLE leaderboard")
    store.db.execute(
        "CREATE TABLE leaderboard (game TEXT NOT NULL DEFAULT 'footcanasta', date TEXT NOT NULL, name TEXT NOT NULL, "
        "game_id TEXT NOT NULL, us INTEGER NOT NULL, them INTEGER NOT NULL, finished DOUBLE PRECISION NOT NULL, "
        "hints INTEGER NOT NULL DEFAULT 0, player TEXT, PRIMARY KEY (game, date, name))")
    for name, us, them in (("Lost", 100, 900), ("Won", 5000, 100), ("Drawn", 300, 300)):
        store.db.execute("INSERT INTO leaderboard (date, name, game_id, us, them, finished) "
                         "VALUES (?, ?, 'x', ?, ?, 0)", (TODAY, name, us, them))
    store.db.execute("UPDATE schema_version SET version=3")
    store.db.close()
    board = Store(db.url).leaderboard("footcanasta", TODAY)
    assert [(e["name"], e["scores"], e["score"], e["margin"], e["result"]) for e in board] == [
        ("Won", [5000, 100], 5000, 4900, "win"), ("Drawn", [300, 300], 300, 0, "draw"),
        ("Lost", [100, 900], 100, -800, "loss")]
    assert Store(db.url).db.execute("SELECT version FROM schema_version").rows[0][0] == SCHEMA_VERSION
    assert json.loads(Store(db.url).db.execute("SELECT scores FROM leaderboard WHERE name='Won'").rows[0][0]) == [
        5000, 100]
