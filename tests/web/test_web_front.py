"""The front door of the hosted server: rate limits counted in the database for every route, cross-site
requests, the client's identity, the access log's escapes and the bounds on JSON bodies
(footcanasta_env/web: limits.py, front.py, guard.py, jsonin.py)."""

from __future__ import annotations

import ipaddress
import logging
import threading
import time
import warnings

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

with warnings.catch_warnings():  # starlette >= 1.0 asks for httpx2; httpx still works
    warnings.simplefilter("ignore", DeprecationWarning)
    from starlette.testclient import TestClient  # noqa: E402

from footcanasta_env.web import Settings, Store, create_app  # noqa: E402
from footcanasta_env.web.db import Unavailable  # noqa: E402
from footcanasta_env.web.guard import Guards  # noqa: E402
from footcanasta_env.web.jsonin import parse_json  # noqa: E402
from footcanasta_env.web.limits import Refused, SharedLimits, kind_of  # noqa: E402
from footcanasta_env.web.session import WebError  # noqa: E402

GAME = {"seed": 3, "partner": "greedy", "opponents": "greedy"}
MID_MINUTE = 60 * 29_000_000 + 30.0  # the limits' clock in these tests: no window ends during one


def app_with(tmp_path, **settings):
    """The app with its rate limits counted in its database (as the server builds them), on a clock that
    stands still in the middle of a minute."""
    app = create_app(tmp_path / "web.sqlite3", today=lambda: "2024-05-01", replay_dir=tmp_path / "replays",
                     settings=Settings(**settings))
    app.state.guards = Guards.of(app.state.guards.settings, app.state.room.store.db)
    app.state.guards.limits.clock = lambda: MID_MINUTE
    return app


def client(app, address="10.0.0.1", **kw) -> TestClient:
    return TestClient(app, client=(address, 40000), **kw)


def hits(app) -> list[tuple]:
    sql = "SELECT client, kind, minute, hits FROM rate_hits ORDER BY client, kind"
    return app.state.room.store.db.execute(sql).rows


# ---------------------------------------------------------------------------------------------- shared limits


@pytest.mark.parametrize("method, path, kind", [
    ("POST", "/api/games", "create"),
    ("POST", "/api/players", "players"),
    ("POST", "/api/games/abc/actions", "moves"),
    ("POST", "/api/games/abc/selection", "moves"),
    ("POST", "/api/games/abc/parse", "moves"),
    ("GET", "/api/games/abc/hint", "hints"),
    ("GET", "/api/games/abc/review", "hints"),
    ("GET", "/api/games/abc", "reads"),
    ("GET", "/api/games/abc/replay", "reads"),
    ("GET", "/api/games", "reads"),
    ("GET", "/", "reads"),
    ("GET", "/static/app.js", "reads"),
    ("GET", "/leaderboard", "reads"),
    ("GET", "/api/openapi.json", "reads"),
    ("POST", "/api/games/abc/hint", "reads"),
    ("PUT", "/api/games", "reads"),
    ("GET", "/healthz", None),
])
def test_every_request_has_its_kind(method, path, kind):
    assert kind_of(method, path) == kind


def test_shared_limits_count_per_minute_in_the_database(tmp_path):
    store = Store(tmp_path / "web.sqlite3")
    now = [60 * 1000 + 15.0]
    a = SharedLimits(store.db, {"moves": 3, "hints": 0}, clock=lambda: now[0])
    b = SharedLimits(store.db, {"moves": 3}, clock=lambda: now[0])  # another worker on the same database
    a.take("moves", "1.2.3.4")
    b.take("moves", "1.2.3.4")
    a.take("moves", "1.2.3.4")
    with pytest.raises(Refused) as e:
        b.take("moves", "1.2.3.4")
    assert e.value.status == 429 and e.value.retry_after == 45 and "at most 3 a minute" in str(e.value)
    a.take("moves", "5.6.7.8")  # another client
    for _ in range(10):
        a.take("hints", "1.2.3.4")  # 0: no limit, and no write
        a.take("create", "1.2.3.4")  # not set at all
    assert {(r[0], r[1]) for r in store.db.execute("SELECT client, kind FROM rate_hits").rows} == {
        ("1.2.3.4", "moves"), ("5.6.7.8", "moves")}
    now[0] += 45.0  # the next minute
    a.take("moves", "1.2.3.4")
    now[0] += 120.0  # two minutes on: the first take of a minute sweeps the windows before the last
    a.take("moves", "9.9.9.9")
    assert [r[0] for r in store.db.execute("SELECT client FROM rate_hits").rows] == ["9.9.9.9"]


def test_concurrent_takes_never_pass_the_limit(tmp_path):
    store = Store(tmp_path / "web.sqlite3")
    limits = [SharedLimits(store.db, {"create": 10}) for _ in range(4)]
    passed: list[int] = []
    start = threading.Barrier(20)

    def one(i: int) -> None:
        start.wait()
        try:
            limits[i % 4].take("create", "203.0.113.5")
            passed.append(i)
        except Refused:
            pass

    if time.time() % 60 > 55:
        time.sleep(60 - time.time() % 60)  # all in one window
    threads = [threading.Thread(target=one, args=(i,)) for i in range(20)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert len(passed) == 10


def test_every_route_but_healthz_counts_against_a_limit(tmp_path):
    app = app_with(tmp_path, rate_reads=6)
    c = client(app)
    paths = ["/", "/static/app.js", "/leaderboard", "/api/bots", "/api/i18n/de", "/api/games/nosuchgame"]
    assert [c.get(p).status_code for p in paths] == [200, 200, 200, 200, 200, 404]
    for p in paths:
        r = c.get(p, headers={"Accept-Language": "de"})
        assert r.status_code == 429, p
        assert r.headers["content-type"] == "application/json" and r.headers["retry-after"] == "30"
        assert "pro Minute" in r.json()["error"]  # the request's language
        assert r.headers["x-content-type-options"] == "nosniff"
    assert c.get("/healthz").status_code == 200
    assert client(app, "10.0.0.2").get("/").status_code == 200  # another client
    assert [(r[0], r[1], r[3]) for r in hits(app)] == [("10.0.0.1", "reads", 12), ("10.0.0.2", "reads", 1)]


def test_each_kind_has_its_own_limit(tmp_path):
    app = app_with(tmp_path, rate_create=2, rate_moves=3, rate_hints=1, rate_players=1)
    c = client(app)
    gid = c.post("/api/games", json=GAME).json()["id"]
    assert c.post("/api/games", json=GAME).status_code == 201
    r = c.post("/api/games", json=GAME)
    assert r.status_code == 429 and "create" in r.json()["error"]
    assert app.state.room.store.db.execute("SELECT COUNT(*) FROM games").rows[0][0] == 2  # the refused one: none
    moves = [c.post(f"/api/games/{gid}/selection", json={"cards": []}).status_code for _ in range(4)]
    assert moves == [200, 200, 200, 429]
    assert c.get(f"/api/games/{gid}/hint").status_code == 200
    assert c.get(f"/api/games/{gid}/review").status_code == 429
    assert c.post("/api/players", json={}).status_code != 429
    assert c.post("/api/players", json={}).status_code == 429
    assert c.get(f"/api/games/{gid}").status_code == 200  # reads: no limit set
    assert {r[1]: r[3] for r in hits(app)} == {"create": 3, "moves": 4, "hints": 2, "players": 2}


def test_a_database_down_is_a_503_not_a_500(tmp_path):
    app = app_with(tmp_path, rate_reads=5)

    class Down:
        def execute(self, *args):
            raise Unavailable("the database cannot be reached")

    app.state.guards.limits.db = Down()
    r = client(app, raise_server_exceptions=False).get("/api/bots", headers={"Accept-Language": "it"})
    assert r.status_code == 503 and r.headers["retry-after"] and "cannot be reached" not in r.text
    assert r.json()["error"] != "the database is unavailable; try again in a moment"  # Italian


# ---------------------------------------------------------------------------------------------- cross-site


@pytest.mark.parametrize("origin, host, allowed, status", [
    ("https://evil.example", "testserver", (), 403),
    ("null", "testserver", (), 403),
    ("http://testserver.evil.example", "testserver", (), 403),
    ("http://testserver:8001", "testserver:8000", (), 403),
    ("not an origin", "testserver", (), 403),
    ("http://testserver", "testserver", (), 201),
    ("https://testserver", "testserver", (), 201),  # TLS may end at a proxy: the scheme is not compared
    ("https://cards.example.org", "cards.example.org:443", (), 201),
    ("http://[::1]:8000", "[::1]:8000", (), 201),
    ("https://play.example.org", "testserver", ("https://play.example.org",), 201),
    ("https://play.example.org:443", "testserver", ("https://play.example.org",), 201),
    ("https://other.example.org", "testserver", ("https://play.example.org",), 403),
])
def test_a_request_from_another_origin_is_refused(tmp_path, origin, host, allowed, status):
    c = client(app_with(tmp_path, allowed_origins=allowed))
    r = c.post("/api/games", json=GAME, headers={"Origin": origin, "Host": host})
    assert r.status_code == status, r.text
    if status == 403:
        assert "may not call this server" in r.json()["error"]
        assert c.get("/api/bots", headers={"Origin": origin, "Host": host}).status_code == 403
    assert c.post("/api/games", json=GAME, headers={"Host": host}).status_code == 201  # no Origin: curl


@pytest.mark.parametrize("content_type", [None, "text/plain", "application/x-www-form-urlencoded",
                                          "multipart/form-data; boundary=x", "application/jsonp"])
def test_a_post_must_be_json(tmp_path, content_type):
    app = app_with(tmp_path, rate_create=1)
    c = client(app)
    headers = {"Content-Type": content_type} if content_type else {}
    body = b'{"seed": 3, "partner": "greedy", "opponents": "greedy"}'
    r = c.post("/api/games", content=body, headers=headers)
    assert r.status_code == 415 and "application/json" in r.json()["error"]
    assert app.state.room.store.db.execute("SELECT COUNT(*) FROM games").rows[0][0] == 0
    r = c.post("/api/games", content=body, headers={"Content-Type": "Application/JSON; charset=utf-8"})
    assert r.status_code == 201, r.text  # the refused one did not count against the limit


# ---------------------------------------------------------------------------------------------- identity


def test_x_forwarded_for_is_one_chain_across_its_lines(tmp_path, caplog):
    proxies = (ipaddress.ip_network("10.9.0.0/16"),)
    app = app_with(tmp_path, rate_reads=1, trusted_proxies=proxies, access_log=True)
    proxy = client(app, "10.9.0.5")

    def get(*lines: str) -> int:
        return proxy.get("/api/bots", headers=[("X-Forwarded-For", line) for line in lines]).status_code

    with caplog.at_level(logging.INFO, logger="footcanasta.access"):
        assert get("6.6.6.6", "1.2.3.4") == 200  # the client wrote the first line, our proxy the second
        assert get("7.7.7.7", "1.2.3.4") == 429  # the same client, whatever it writes
        assert get("1.2.3.4, 10.9.0.8") == 429
        assert get("bogus", "5.6.7.8") == 200
        assert get("5.6.7.8, not-an-address") == 200  # the chain ends at the bogus hop: the proxy itself
        assert get("::ffff:5.6.7.8") == 429  # normalised: the same as 5.6.7.8
        assert get("2001:db8:0:1::1") == 200
        assert get("2001:db8:0:1::ffff") == 429  # the same /64 network
        assert get("2001:db8:0:2::1") == 200
    clients = [r.getMessage().split(" ")[0] for r in caplog.records if r.name == "footcanasta.access"]
    assert clients == ["1.2.3.4", "1.2.3.4", "1.2.3.4", "5.6.7.8", "10.9.0.5", "5.6.7.8", "2001:db8:0:1::/64",
                       "2001:db8:0:1::/64", "2001:db8:0:2::/64"]


# ---------------------------------------------------------------------------------------------- access log


def test_the_access_log_escapes_control_characters(tmp_path, caplog):
    c = client(app_with(tmp_path, access_log=True), "192.0.2.9")
    with caplog.at_level(logging.INFO, logger="footcanasta.access"):
        c.get('/x%0a10.0.0.1 "GET /admin" 200 1ms%0d%1b[31m%22')
    lines = [r.getMessage() for r in caplog.records if r.name == "footcanasta.access"]
    assert len(lines) == 1 and "\n" not in lines[0] and "\r" not in lines[0] and "\x1b" not in lines[0]
    assert lines[0].startswith('192.0.2.9 "GET /x\\x0a10.0.0.1 \\x22GET /admin\\x22 200 1ms\\x0d\\x1b[31m\\x22" 404')


# ---------------------------------------------------------------------------------------------- JSON bodies


@pytest.mark.parametrize("raw, words", [
    (b"[" * 65536, "nested too deeply"),
    (b'{"a":' * 33 + b"1" + b"}" * 33, "nested too deeply"),
    (str(2**128).encode(), "too large"),
    (b'{"scenario": {"rng": -' + str(2**128).encode() + b"}}", "too large"),
    (b"9" * 5000, "too large"),
    (b"[1e400]", "too large"),
    (b"[NaN]", "NaN"),
    (b'{"x": -Infinity}', "Infinity"),
    (b'{"name": "a\\u0000b"}', "U+0000"),
    (b'{"\\u001b": 1}', "U+001B"),
    (b'["\\ud800"]', "U+D800"),
    (b'"\x7f"', "U+007F"),
    (b'{"name": "a\\u0085"}', "U+0085"),
    (b"\xff\xfe{}", "UTF-8"),
    (b'{"a": ', "malformed JSON"),
    (b'{"a": 1} x', "malformed JSON"),
])
def test_json_outside_the_bounds_is_refused(raw, words):
    start = time.perf_counter()
    with pytest.raises(WebError) as e:
        parse_json(raw)
    assert e.value.status == 400 and words in str(e.value) and "\n" not in str(e.value)
    assert time.perf_counter() - start < 0.5


def test_json_inside_the_bounds_is_read_as_json():
    raw = b'{"a": [1, -2.5, "t\\tn\\nr\\r\\"[[[{", true, null], "b": ' + str(2**128 - 1).encode() + b"}"
    assert parse_json(raw) == {"a": [1, -2.5, 't\tn\nr\r"[[[{', True, None], "b": 2**128 - 1}
    assert parse_json(b"[" * 32 + b"]" * 32, max_depth=32)  # as deep as allowed
    assert parse_json(b'"\\\\' + b"[" * 40 + b'"', max_depth=1) == "\\" + "[" * 40  # an escaped backslash
    assert parse_json(b'"\xc3\xa9\\u00e9"') == "éé"


def test_bad_json_bodies_are_400s_through_the_server(tmp_path):
    c = client(app_with(tmp_path))
    for body in (b"[" * 60000, b'{"scenario": {"rng": 1' + b"0" * 60 + b"}}", b'{"name": "a\\u0000"}'):
        r = c.post("/api/games", content=body, headers={"Content-Type": "application/json"})
        assert r.status_code == 400, r.text
