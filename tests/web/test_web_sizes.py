"""Canasta at two, three and six players in the browser's room: the games listed with their sizes, whole API
games at every size, bad sizes refused with a 4xx that says why, dailies and leaderboards kept apart per size
(the store's keys), and games by clicking at 2 and 6 players on a phone with everything needed on screen."""

from __future__ import annotations

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from starlette.testclient import TestClient  # noqa: E402

from footcanasta_env import canasta  # noqa: E402
from footcanasta_env.web import create_app  # noqa: E402
from tests.web.test_web_browser import browser, pick_building_move, server, shot, wait_ready  # noqa: E402,F401
from tests.web.test_web_phone import OFF_SCREEN, PHONES, open_game  # noqa: E402

TODAY = "2024-05-01"
GREEDY = {"opponents": "greedy"}
SIZES = {"canasta/2": ({"players": 2}, ["South", "North"]),
         "canasta/3": ({"players": 3}, ["South", "West", "East"]),
         "canasta/6": ({"players": 6, "partner": "greedy"}, ["South/Northwest/Northeast", "Southwest/North/Southeast"]),
         "canasta/6x3": ({"players": 6, "sides": 3, "partner": "greedy"},
                         ["South/North", "Southwest/Northeast", "Northwest/Southeast"])}


@pytest.fixture
def room(tmp_path, monkeypatch):
    # the size's strongest bot plays the daily line-up: greedy here, so that the games stay quick
    monkeypatch.setattr(canasta, "strongest_bot", lambda rules=None: "greedy")
    import datetime as dt

    now = dt.datetime(2024, 5, 1, 12, 0, tzinfo=dt.timezone.utc)
    return TestClient(create_app(str(tmp_path / "web.sqlite3"), today=lambda: TODAY, now=lambda: now,
                                 replay_dir=tmp_path / "replays"))


def _new(c, **body):
    r = c.post("/api/games", json={"game": "canasta", **GREEDY, **body})
    assert r.status_code == 201, r.text
    return r.json()["id"], r.json()["state"]


def _play_out(c, gid, state):
    while not state["over"]:
        r = c.post(f"/api/games/{gid}/actions", json={"action": state["legal"][0]})
        assert r.status_code == 200, r.text
        state = r.json()["state"]
    return state


def test_the_games_list_their_sizes(room):
    games = {g["name"]: g for g in room.get("/api/games").json()["games"]}
    assert games["footcanasta"]["sizes"] == []
    sizes = {s["key"]: s for s in games["canasta"]["sizes"]}
    assert list(sizes) == list(SIZES)
    assert sizes["canasta/2"]["title"] == "Canasta (2 players)" and sizes["canasta/2"]["table"]["seats"] == 2
    assert sizes["canasta/6x3"]["title"] == "Canasta (6 players in 3 sides)"
    for key, (_, sides) in SIZES.items():
        assert sizes[key]["table"]["side_names"] == sides
    de = {s["key"]: s for s in room.get("/api/games?lang=de").json()["games"][1]["sizes"]}
    assert de["canasta/6"]["table"]["seat_names"][1] == "Südwest"


@pytest.mark.parametrize("key", SIZES)
def test_a_whole_game_at_every_size(room, key):
    body, sides = SIZES[key]
    gid, state = _new(room, seed=7, **body)
    assert state["choice"] == key and len(state["players"]) == body["players"] and len(state["teams"]) == len(sides)
    assert [t["name"] for t in state["teams"]] == sides and state["table"]["side_names"] == sides
    final = _play_out(room, gid, state)
    assert final["over"] and final["final"].startswith("Final scores:")
    assert all(side in final["final"] for side in sides)
    replay = room.get(f"/api/games/{gid}/replay")
    assert replay.status_code == 200 and replay.json()["rules"]["players"] == body["players"]


@pytest.mark.parametrize(("body", "said"), [
    ({"game": "canasta", "players": 5}, "no table of 5 players"),
    ({"game": "canasta", "players": "two"}, "players must be a whole number"),
    ({"game": "canasta", "players": 4, "sides": 4}, "sides must be 2"),
    ({"game": "canasta", "players": 3, "partner": "greedy"}, "no partner to choose"),
    ({"game": "footcanasta", "players": 2}, "Foot Canasta is played at one table size only"),
])
def test_bad_sizes_are_refused(room, body, said):
    r = room.post("/api/games", json=body)
    assert r.status_code == 400 and said in r.json()["error"], r.text


def test_dailies_and_boards_are_kept_apart_per_size(room):
    token = room.post("/api/players", json={}).json()["token"]
    seen = {}
    for players in (2, 3):
        gid, state = _new(room, players=players, daily=TODAY, name="Ada", player=token, opponents="greedy")
        assert state["ranked"], state.get("unranked")  # each size its own attempt of the day
        seen[players] = (state["hand"], _play_out(room, gid, state))
    assert seen[2][0] != seen[3][0]  # two deals
    for players in (2, 3):
        board = room.get(f"/api/leaderboard?game=canasta&players={players}&date={TODAY}").json()
        assert [e["name"] for e in board["entries"]] == ["Ada"] and board["players"] == players
        assert len(board["entries"][0]["scores"]) == players  # one score per side: each plays alone
    assert room.get(f"/api/leaderboard?game=canasta&date={TODAY}").json()["entries"] == []  # four: none
    again = room.post("/api/games", json={"game": "canasta", "players": 2, "daily": TODAY, "name": "Ada",
                                          "player": token, **GREEDY}).json()["state"]
    assert not again["ranked"]  # the two-player attempt was played
    page = room.get(f"/leaderboard?game=canasta&players=6&date={TODAY}")
    assert page.status_code == 200 and "Southwest/<wbr>North/<wbr>Southeast" in page.text
    assert room.get("/api/leaderboard?game=canasta&players=5").status_code == 400


def on_screen(page, when: str) -> None:
    """The phone checks of test_web_phone; a hand may be empty while its cards are set aside (rule 7.2)."""
    bad = page.evaluate(OFF_SCREEN)
    if page.evaluate("state.set_aside.length > 0 && state.hand_size === 0"):
        bad = [b for b in bad if b != "no card in the hand"]
    assert bad == [], f"{when}: {bad}"


@pytest.mark.parametrize("players", [2, 6])
def test_a_game_by_clicking_on_a_phone(server, browser, players):  # noqa: F811
    errors: list[str] = []
    page = open_game(browser, f"{server}/?game=canasta&players={players}&seed=5&partner=greedy&opponents=greedy"
                              "&lang=en", PHONES["390x844"], errors)
    assert page.evaluate("state.table.seats") == players
    assert page.input_value("#game-choice") == f"canasta/{players}"
    assert page.evaluate("document.querySelectorAll('#table .seat').length") == players
    on_screen(page, f"{players} players at the deal")
    shot(page, f"sizes-phone-{players}-deal.png")
    moves = 0
    while not page.query_selector("[data-game-over]"):
        assert moves < 3000, "the game did not end in 3000 moves"
        pick_building_move(page)
        moves += 1
        wait_ready(page)
        on_screen(page, f"{players} players after move {moves}")
    assert "canasta" in page.url and f"players={players}" in page.url
    shot(page, f"sizes-phone-{players}-over.png")
    assert errors == []


def test_the_chooser_deals_a_size(server, browser):  # noqa: F811
    errors: list[str] = []
    page = open_game(browser, f"{server}/?game=canasta&seed=3&partner=greedy&opponents=greedy&lang=de",
                     {"width": 1280, "height": 860}, errors)
    labels = page.eval_on_selector_all("#game-choice option", "os => os.map(o => o.value + '=' + o.textContent)")
    assert "canasta/2=Canasta (2 Spieler)" in labels and any(x.startswith("canasta/6x3=") for x in labels)
    page.select_option("#game-choice", "canasta/3")
    page.wait_for_function("state && state.table.seats === 3")
    wait_ready(page)
    assert page.evaluate("document.querySelectorAll('#table .seat').length") == 3
    assert "players=3" in page.get_attribute("#board-link", "href")
    shot(page, "sizes-desktop-3.png")
    page.goto(f"{server}/?game=canasta&players=5&lang=en")
    wait_ready(page)
    assert "Canasta has no table of 5 players" in page.text_content("#message")
    assert errors == []


def _later(tmp_path, days: int = 1):
    """The same server (database and secret) ``days`` later at noon in UTC-12: the first of May over everywhere."""
    import datetime as dt

    now = dt.datetime(2024, 5, 1, 12, 0, tzinfo=dt.timezone.utc) + dt.timedelta(days=days, hours=12)
    return TestClient(create_app(str(tmp_path / "web.sqlite3"), today=lambda: "2024-05-03", now=lambda: now,
                                 replay_dir=tmp_path / "replays"))


def test_the_daily_of_each_size_is_published_once_over_with_its_own_seed(room, tmp_path):
    token = room.post("/api/players", json={}).json()["token"]
    _, state = _new(room, players=2, daily=TODAY, name="Ada", player=token)
    for query in ("?players=2", "?players=6&sides=3", "", "?players=4"):
        sealed = room.get(f"/api/daily/canasta/{TODAY}{query}")  # today somewhere: no seed for anyone
        assert sealed.status_code == 409 and "seed" not in sealed.json(), sealed.text
        assert room.get(f"/api/daily/canasta/2024-05-09{query}").status_code == 409  # nor of a future day
    later = _later(tmp_path)
    default = later.get(f"/api/daily/canasta/{TODAY}").json()
    assert set(default) == {"game", "date", "seed", "partner", "opponents"}  # as before sizes
    assert later.get(f"/api/daily/canasta/{TODAY}?players=4").json() == default
    two = later.get(f"/api/daily/canasta/{TODAY}?players=2").json()
    assert (two["players"], two["sides"], two["key"], two["opponents"]) == (2, 2, "canasta/2", "greedy")
    assert two["partner"] is None  # each for themselves: no partner was dealt in
    six = later.get(f"/api/daily/canasta/{TODAY}?players=6&sides=3").json()
    assert (six["players"], six["sides"], six["key"]) == (6, 3, "canasta/6x3") and six["partner"] == "greedy"
    assert later.get(f"/api/daily/canasta/{TODAY}?players=6&sides=2").json()["key"] == "canasta/6"
    assert len({default["seed"], two["seed"], six["seed"]}) == 3  # each size its own daily
    # the published seed deals exactly the two-player daily that was played
    _, again = _new(later, players=2, seed=two["seed"])
    assert again["hand"] == state["hand"]


@pytest.mark.parametrize(("query", "said"), [
    ("players=5", "'5'"), ("players=two", "'two'"), ("players=4&sides=4", "sides must be 2"),
    ("players=6&sides=5", "6 players in 5 sides"), ("sides=3", "4 players in 3 sides"), ("size=2", "size"),
])
def test_a_bad_table_of_a_daily_is_a_400_naming_it(room, tmp_path, query, said):
    later = _later(tmp_path)
    r = later.get(f"/api/daily/canasta/{TODAY}?{query}")
    assert r.status_code == 400 and said in r.json()["error"], r.text
    assert room.get(f"/api/daily/canasta/{TODAY}?{query}").status_code == 400  # the table checked first
    foot = later.get(f"/api/daily/footcanasta/{TODAY}?sides=2")
    assert foot.status_code == 400 and "Foot Canasta is played at one table size only" in foot.json()["error"]
    assert later.get(f"/api/daily/footcanasta/{TODAY}?players=4").status_code == 200


def test_the_board_of_six_in_three_sides_is_browsed(room):
    store = room.app.state.room.store
    with store.db.transaction() as tx:
        tx.execute("INSERT INTO leaderboard (game, date, name, game_id, score, margin, scores, result, finished, "
                   "hints, player) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                   ("canasta/6x3", TODAY, "Eve", "g1", 3100, 900, "[3100, 2200, 1500]", "win", 0.0, 1, None))
    board = room.get(f"/api/leaderboard?game=canasta&players=6&sides=3&date={TODAY}").json()
    assert (board["players"], board["sides"], board["key"]) == (6, 3, "canasta/6x3")
    assert [(e["name"], e["scores"]) for e in board["entries"]] == [("Eve", [3100, 2200, 1500])]
    assert room.get(f"/api/leaderboard?game=canasta&players=6&date={TODAY}").json()["entries"] == []
    assert room.get("/api/leaderboard?game=canasta&players=6&sides=5").status_code == 400
    assert room.get("/api/leaderboard?game=footcanasta&sides=2").status_code == 400
    page = room.get(f"/leaderboard?game=canasta&players=6&sides=3&date={TODAY}&lang=de").text
    assert "Eve" in page and "3.100" in page and page.count("<th>") == 4 + 3  # one column per side
    assert "Canasta (6 Spieler in 3 Parteien): " in page  # the heading names the table in German
    here = "/leaderboard?game=canasta&amp;players=6&amp;sides=3&amp;date=2024-05-01&amp;lang=de"
    assert f'<a href="{here}" aria-current=page>Canasta (6 Spieler in 3 Parteien)</a>' in page
    for key in ("players=2&amp;", "players=3&amp;", "players=6&amp;date", "players=4&amp;"):
        assert f"/leaderboard?game=canasta&amp;{key}" in page  # every table the chooser offers
    assert 'name="sides" value="3"' in page and 'id="previous-link" href="' + here.replace("05-01", "04-30") in page
    assert 'href="/?game=canasta&amp;players=6&amp;sides=3&amp;lang=de" id="play-link"' in page


def _api_game(server, players, until):  # noqa: F811
    """A game of Canasta at ``players`` dealt and played through the API (the first legal move) until ``until``."""
    import httpx

    with httpx.Client(base_url=server) as c:
        body = {"game": "canasta", "players": players, "seed": 3, **GREEDY,
                **({"partner": "greedy"} if players > 3 else {})}
        r = c.post("/api/games", json=body)
        gid, state = r.json()["id"], r.json()["state"]
        while not until(state):
            state = c.post(f"/api/games/{gid}/actions", json={"action": state["legal"][0]}).json()["state"]
    return gid


SEAT_WORDS = {  # players, lang: each side's heading, its score rows, the status's score words, what never shows
    (2, "de"): (["Du (Süd)", "Nord"], ["Du (Süd)", "Nord"], "Du ", ("Partei", "Süd ")),
    (3, "en"): (["You (South)", "West", "East"], ["You (South)", "West", "East"], "You ", ("side", "South ")),
    (4, "en"): (["Your side (South/North)", "Their side (West/East)"], ["South/North (you)", "West/East"],
                "South/North ", ("You ",)),
}


@pytest.mark.parametrize(("players", "lang"), list(SEAT_WORDS))
def test_where_each_plays_alone_the_page_names_seats_not_sides(server, browser, players, lang):  # noqa: F811
    heads, rows, score, never = SEAT_WORDS[players, lang]
    errors: list[str] = []
    gid = _api_game(server, players, lambda s: s["round_results"] or s["over"])
    page = open_game(browser, f"{server}/?id={gid}&lang={lang}", PHONES["390x844"], errors)
    assert page.eval_on_selector_all(".side-head h2", "hs => hs.map(h => h.textContent)") == heads
    first = page.eval_on_selector_all("#results table.score tr td:first-child", "ds => ds.map(d => d.textContent)")
    assert first[:len(rows)] == rows
    status = page.text_content("#status")
    assert score in status and not any(w in status for w in never), status
    # the sides' boxes and the score tables (the server's round-end words name the seats: "(South +1,040, ...)")
    words = page.evaluate("[...document.querySelectorAll('.side-head, #results th, #results td')]"
                          ".map(e => e.textContent).join(' | ')")
    assert not any(w in words for w in never), words
    shot(page, f"sizes-seat-words-{players}-{lang}.png")
    if players < 4:
        over = _api_game(server, players, lambda s: s["over"])
        page.goto(f"{server}/?id={over}&lang={lang}")
        page.wait_for_selector("[data-game-over]")
        final = page.text_content("#over .final")
        assert score in final and not any(w in final for w in never), final
        shot(page, f"sizes-seat-words-{players}-{lang}-over.png")
    assert errors == []
