"""The server facing the internet: settings, security headers, /healthz, rate limits, the bots' bounded pool,
the time limit and the access log (footcanasta_env/web: settings.py, guard.py, front.py)."""

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

from footcanasta_env.cli import build_parser  # noqa: E402
from footcanasta_env.web import SettingError, Settings, create_app  # noqa: E402
from footcanasta_env.web.front import redact  # noqa: E402
from footcanasta_env.web.guard import client_address  # noqa: E402
from footcanasta_env.web.limits import RateLimits, Refused  # noqa: E402
from footcanasta_env.web.settings import SPECS  # noqa: E402


def app_with(tmp_path, **settings):
    """The app; its rate limits' clock stands still in the middle of a minute (no window ends in a test)."""
    app = create_app(tmp_path / "web.sqlite3", today=lambda: "2024-05-01", replay_dir=tmp_path / "replays",
                     settings=Settings(**settings))
    app.state.guards.limits.clock = lambda: 60 * 29_000_000 + 30.0
    return app


JSON = {"Content-Type": "application/json"}


def client(app, address="10.0.0.1", **kw) -> TestClient:
    return TestClient(app, client=(address, 40000), **kw)


def new_game(c: TestClient, **body) -> str:
    r = c.post("/api/games", json={"seed": 3, "partner": "greedy", "opponents": "greedy", **body})
    assert r.status_code == 201, r.text
    return r.json()["id"]


# ---------------------------------------------------------------------------------------------- settings


def test_the_default_settings_are_the_local_server():
    s = Settings.load({})
    assert s == Settings() and s.host == "127.0.0.1" and s.port == 8000 and s.workers == 1 and s.db == ""
    assert Settings.load(s.environ()) == s and set(s.environ()) == {spec.env for spec in SPECS}


def test_settings_come_from_environment_variables():
    env = {"FOOTCANASTA_DB": "postgresql://u@db/fc", "FOOTCANASTA_WORKERS": "4", "FOOTCANASTA_PORT": "9000",
           "FOOTCANASTA_TRUSTED_PROXIES": "10.0.0.0/8, 192.168.1.5", "FOOTCANASTA_RATE_MOVES": "120",
           "FOOTCANASTA_REPLAY_DIR": "/srv/replays", "FOOTCANASTA_ACCESS_LOG": "yes",
           "FOOTCANASTA_REQUEST_TIMEOUT": "2.5"}
    s = Settings.load(env)
    assert (s.db, s.workers, s.port, s.rate_moves) == ("postgresql://u@db/fc", 4, 9000, 120)
    assert s.replay_dir == "/srv/replays"
    assert s.trusted_proxies == (ipaddress.ip_network("10.0.0.0/8"), ipaddress.ip_network("192.168.1.5/32"))
    assert s.access_log is True and s.request_timeout == 2.5
    assert Settings.load(s.environ()) == s  # what a worker process reads back is the same
    # every variable is written: one a worker inherited cannot win over a flag set back to the default
    args = build_parser().parse_args(["serve", "--port", "8000"])
    assert Settings.load({**env, **Settings.load(env, args).environ()}).port == 8000


def test_flags_win_over_environment_variables():
    args = build_parser().parse_args(["serve", "--port", "8100", "--rate-hints", "5"])
    s = Settings.load({"FOOTCANASTA_PORT": "9000", "FOOTCANASTA_RATE_HINTS": "7", "FOOTCANASTA_BOT_THREADS": "2"},
                      args)
    assert (s.port, s.rate_hints, s.bot_threads) == (8100, 5, 2)


@pytest.mark.parametrize("env, value, words", [
    ("FOOTCANASTA_WORKERS", "many", "whole number"),
    ("FOOTCANASTA_WORKERS", "0", "1 to 256"),
    ("FOOTCANASTA_PORT", "70000", "0 to 65535"),
    ("FOOTCANASTA_TRUSTED_PROXIES", "10.0.0.0/8,proxy.local", "'proxy.local' is not an IP"),
    ("FOOTCANASTA_REQUEST_TIMEOUT", "-1", "seconds"),
    ("FOOTCANASTA_REQUEST_TIMEOUT", "nan", "seconds"),
    ("FOOTCANASTA_ACCESS_LOG", "maybe", "1 or 0"),
    ("FOOTCANASTA_MAX_BODY", "10", "1024"),
])
def test_a_bad_value_is_refused_naming_its_variable(env, value, words):
    with pytest.raises(SettingError, match=env) as e:
        Settings.load({env: value})
    assert words in str(e.value)


def test_a_bad_flag_is_refused_naming_the_flag():
    args = build_parser().parse_args(["serve", "--bot-threads", "0"])
    with pytest.raises(SettingError, match="--bot-threads"):
        Settings.load({"FOOTCANASTA_BOT_THREADS": "3"}, args)


def test_every_setting_has_a_flag_and_is_in_the_hosting_page(capsys):
    from pathlib import Path

    readme = (Path(__file__).resolve().parents[2] / "docs" / "hosting.md").read_text(encoding="utf-8")
    with pytest.raises(SystemExit):
        build_parser().parse_args(["serve", "--help"])
    help_text = " ".join(capsys.readouterr().out.split())
    for spec in SPECS:
        assert spec.flag in help_text and spec.env in help_text
        assert f"`{spec.env}`" in readme and f"`{spec.flag}`" in readme, spec.name


def test_the_database_settings_reach_the_room(tmp_path):
    room = app_with(tmp_path, workers=2, max_games=3, game_ttl=60).state.room
    assert (room.max_in_progress, room.game_ttl) == (3, 60)


# ---------------------------------------------------------------------------------------------- headers


def _assert_secure(r) -> None:
    csp = r.headers["content-security-policy"]
    assert "unsafe-inline" not in csp and "unsafe-eval" not in csp and "data:" not in csp
    assert "frame-ancestors 'none'" in csp and "script-src 'self'" in csp and "style-src 'self'" in csp
    assert r.headers["x-content-type-options"] == "nosniff"
    assert r.headers["referrer-policy"] == "no-referrer"
    assert "server" not in r.headers


def test_every_answer_carries_the_security_headers(tmp_path):
    c = client(app_with(tmp_path))
    gid = new_game(c)
    answers = [c.get("/"), c.get("/static/app.js"), c.get("/static/style.css"), c.get("/static/favicon.svg"),
               c.get("/leaderboard"), c.get(f"/api/games/{gid}"), c.get("/api/bots"), c.get("/healthz"),
               c.get("/api/games/nosuchgameatall"), c.get("/static/nothing.js"), c.get("/nowhere"),
               c.post(f"/api/games/{gid}/actions", json={"action": "no such move"}),
               c.put("/api/games", json={}), c.post("/api/games", content=b"x" * 70000, headers=JSON),
               c.get("/leaderboard?date=never")]
    assert [r.status_code for r in answers] == [200] * 8 + [404, 404, 404, 409, 405, 413, 400]
    for r in answers:
        _assert_secure(r)
    assert answers[5].headers["cache-control"] == "no-store"  # a game's state is one person's
    assert "traceback" not in answers[11].text.lower() and "uvicorn" not in answers[11].text.lower()


def test_the_page_has_no_inline_script_or_style():
    from footcanasta_env.web.server import STATIC

    pages = sorted(p.name for p in STATIC.glob("*.html"))
    assert {"index.html", "leaderboard.html", "page.html"} <= set(pages)
    for name in pages:
        page = (STATIC / name).read_text(encoding="utf-8").lower()
        assert "style=" not in page and "<style" not in page and "javascript:" not in page
        assert page.count("<script") == page.count("<script src=")
        assert " on" not in page.replace(" one", "").split("<body")[1].split(">")[0]  # no onload= and such
    # every script of the page: its own, and each game's (footcanasta_env/<game>/data/page/)
    scripts = {p.name: p.read_text(encoding="utf-8") for p in STATIC.glob("*.js")}
    scripts |= {p.name: p.read_text(encoding="utf-8") for p in STATIC.parents[1].glob("*/data/page/*.js")}
    assert {"app.js", "draw.js", "i18n.js", "footcanasta.js", "canasta.js"} <= set(scripts)
    # the "style"s allowed: Intl.NumberFormat's option (a percent as the language writes it), and the link to
    # a game's own style sheet (a file the server serves, as the policy allows), never CSS written by a script
    for allowed in ('new Intl.NumberFormat(lang, { style: "percent" })', 'el("link", { rel: "stylesheet", href: u })'):
        assert scripts["app.js"].count(allowed) == 1
        scripts["app.js"] = scripts["app.js"].replace(allowed, "")
    for name, js in scripts.items():
        assert "innerHTML" not in js and "style" not in js and "eval(" not in js, name


def test_a_server_error_says_nothing_of_the_code(tmp_path):
    app = app_with(tmp_path)

    def broken(*args):
        raise RuntimeError("secret detail in /srv/footcanasta/web/server.py line 12")

    from footcanasta_env.web.server import _route

    app.router.routes.insert(0, _route("/api/bots", broken))
    r = client(app, raise_server_exceptions=False).get("/api/bots")
    assert r.status_code == 500 and "secret" not in r.text and "server.py" not in r.text
    _assert_secure(r)


# ---------------------------------------------------------------------------------------------- /healthz


def test_healthz_asks_the_database(tmp_path):
    app = app_with(tmp_path)
    c = client(app)
    assert c.get("/healthz").json() == {"ok": True}

    def down(*args):
        raise OSError("database is locked")

    app.state.room.store.leaderboard = down
    r = c.get("/healthz")
    assert r.status_code == 503 and r.headers["retry-after"] and "locked" not in r.text


# ---------------------------------------------------------------------------------------------- rate limits


def test_a_flood_from_one_client_gets_429_and_another_client_is_unaffected(tmp_path):
    app = app_with(tmp_path, rate_create=3, rate_moves=5)
    flood, other = client(app, "203.0.113.7"), client(app, "198.51.100.2")
    codes = [flood.post("/api/games", json={"seed": 1, "partner": "greedy", "opponents": "greedy"}).status_code
             for _ in range(6)]
    assert codes == [201, 201, 201, 429, 429, 429]
    r = flood.post("/api/games", json={})
    assert r.status_code == 429 and r.headers["retry-after"] == "30" and "a minute" in r.json()["error"]
    gid = new_game(other)  # another address: its own bucket
    state = other.get(f"/api/games/{gid}").json()["state"]
    moves = [other.post(f"/api/games/{gid}/selection", json={"cards": []}).status_code for _ in range(7)]
    assert moves == [200] * 5 + [429] * 2
    assert other.get(f"/api/games/{gid}").json()["state"]["version"] == state["version"]  # reading is not limited


def test_a_bucket_refills_with_time():
    now = [0.0]
    limits = RateLimits({"moves": 60}, clock=lambda: now[0])
    for _ in range(60):
        limits.take("moves", "a")
    with pytest.raises(Refused) as e:
        limits.take("moves", "a")
    assert e.value.status == 429 and e.value.retry_after == 1
    now[0] += 2.0  # one a second
    limits.take("moves", "a")
    limits.take("moves", "a")
    with pytest.raises(Refused):
        limits.take("moves", "a")
    limits.take("moves", "b")
    limits.take("create", "a")  # no limit set for it


def test_x_forwarded_for_counts_only_from_a_trusted_proxy(tmp_path):
    proxies = (ipaddress.ip_network("10.9.0.0/16"),)
    assert client_address("203.0.113.7", "1.2.3.4", proxies) == "203.0.113.7"  # not a proxy of ours: ignored
    assert client_address("10.9.0.2", "1.2.3.4", proxies) == "1.2.3.4"
    assert client_address("10.9.0.2", "6.6.6.6, 1.2.3.4, 10.9.0.3", proxies) == "1.2.3.4"  # the client made up 6.6.6.6
    assert client_address("10.9.0.2", None, proxies) == "10.9.0.2"
    assert client_address("10.9.0.2", "1.2.3.4", ()) == "10.9.0.2"
    # a hop that is not an address ends the chain: the client is the nearest address to its right
    assert client_address("10.9.0.2", "1.2.3.4, me-please", proxies) == "10.9.0.2"
    assert client_address("10.9.0.2", "me-please, 1.2.3.4", proxies) == "1.2.3.4"
    assert client_address("10.9.0.2", "10.9.0.7, 1.2.3.4 ", proxies) == "1.2.3.4"
    app = app_with(tmp_path, rate_create=1, trusted_proxies=proxies)
    untrusted = client(app, "203.0.113.7")
    assert untrusted.post("/api/games", json={"seed": 1}, headers={"X-Forwarded-For": "1.1.1.1"}).status_code == 201
    # a new X-Forwarded-For from an untrusted peer is not a new client
    assert untrusted.post("/api/games", json={"seed": 1}, headers={"X-Forwarded-For": "2.2.2.2"}).status_code == 429
    proxy = client(app, "10.9.0.5")
    assert proxy.post("/api/games", json={"seed": 1}, headers={"X-Forwarded-For": "1.1.1.1"}).status_code == 201
    assert proxy.post("/api/games", json={"seed": 1}, headers={"X-Forwarded-For": "1.1.1.1"}).status_code == 429
    assert proxy.post("/api/games", json={"seed": 1}, headers={"X-Forwarded-For": "2.2.2.2"}).status_code == 201


# ---------------------------------------------------------------------------------------------- bounded work


def _hold_hints(app) -> tuple[threading.Event, threading.Event]:
    """Make the hint route block in its bot thread until ``release`` is set; ``started`` says it is held."""
    started, release = threading.Event(), threading.Event()
    hint = app.state.room.hint

    def held(gid, query, **kw):
        started.set()
        release.wait(30)
        return hint(gid, query, **kw)

    app.state.room.hint = held
    from footcanasta_env.web.server import _route

    app.router.routes.insert(0, _route("/api/games/{gid}/hint", held, bots=True))
    return started, release


def test_a_full_bot_pool_answers_503_with_retry_after(tmp_path):
    app = app_with(tmp_path, bot_threads=1, bot_queue=0)
    c = client(app)
    gid = new_game(c)
    started, release = _hold_hints(app)
    first: dict = {}
    t = threading.Thread(target=lambda: first.update(r=c.get(f"/api/games/{gid}/hint")))
    t.start()
    try:
        assert started.wait(10)
        busy = [c.get(f"/api/games/{gid}/hint"), c.post("/api/games", json={"seed": 4}),
                c.post(f"/api/games/{gid}/actions", json={"action": "draw"})]
        for r in busy:
            assert r.status_code == 503 and int(r.headers["retry-after"]) >= 1 and "busy" in r.json()["error"]
            _assert_secure(r)
        assert c.get(f"/api/games/{gid}").status_code == 200  # reading a game needs no bot
    finally:
        release.set()
        t.join(10)
    assert first["r"].status_code == 200
    assert c.get(f"/api/games/{gid}/hint").status_code == 200  # the thread is free again


def test_the_queue_is_bounded_too(tmp_path):
    app = app_with(tmp_path, bot_threads=1, bot_queue=1)
    c = client(app)
    gid = new_game(c)
    started, release = _hold_hints(app)
    answers: list = []
    threads = [threading.Thread(target=lambda: answers.append(c.get(f"/api/games/{gid}/hint"))) for _ in range(2)]
    try:
        threads[0].start()
        assert started.wait(10)
        threads[1].start()  # waits in the queue
        deadline = time.time() + 10
        while app.state.guards.pool.held < 2 and time.time() < deadline:
            time.sleep(0.01)
        assert c.get(f"/api/games/{gid}/hint").status_code == 503
    finally:
        release.set()
        for t in threads:
            t.join(10)
    assert sorted(r.status_code for r in answers) == [200, 200]
    assert app.state.guards.pool.held == 0


def test_a_request_past_its_time_limit_is_a_503(tmp_path):
    app = app_with(tmp_path, request_timeout=1.0, bot_threads=1, bot_queue=0)
    c = client(app)
    gid = new_game(c)
    started, release = _hold_hints(app)
    try:
        r = c.get(f"/api/games/{gid}/hint")
        assert r.status_code == 503 and r.headers["retry-after"] and "too long" in r.json()["error"]
        _assert_secure(r)
        assert c.get(f"/api/games/{gid}/hint").status_code == 503  # its work still holds the bot thread
    finally:
        release.set()
    deadline = time.time() + 10
    while app.state.guards.pool.held and time.time() < deadline:
        time.sleep(0.01)
    assert app.state.guards.pool.held == 0


# ---------------------------------------------------------------------------------------------- access log


def test_the_access_log_leaves_out_game_ids(tmp_path, caplog):
    c = client(app_with(tmp_path, access_log=True), "192.0.2.9")
    with caplog.at_level(logging.INFO, logger="footcanasta.access"):
        gid = new_game(c)
        c.get(f"/api/games/{gid}")
        c.get(f"/?game={gid}")
        c.post(f"/api/games/{gid}/actions", json={"action": "no such move"})
    lines = [r.getMessage() for r in caplog.records if r.name == "footcanasta.access"]
    assert len(lines) == 4 and all(gid not in line for line in lines)
    assert lines[0].startswith('192.0.2.9 "POST /api/games" 201')
    assert '"GET /api/games/{id}" 200' in lines[1] and '"GET /" 200' in lines[2]
    assert '"POST /api/games/{id}/actions" 409' in lines[3]
    assert redact("/api/games/abc/hint") == "/api/games/{id}/hint"


# ---------------------------------------------------------------------------------------------- the command


def test_serve_sends_no_server_header_and_logs_no_game_id(tmp_path):
    """``footcanasta serve`` itself (uvicorn): settings from the environment, no Server header, our access log."""
    import os
    import socket
    import subprocess
    import sys

    import httpx

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {**os.environ, "FOOTCANASTA_PORT": str(port), "FOOTCANASTA_DB": str(tmp_path / "web.sqlite3"),
           "FOOTCANASTA_ACCESS_LOG": "1"}
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    server = subprocess.Popen([sys.executable, "-m", "footcanasta_env.cli", "serve"], env=env, cwd=root,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        url = f"http://127.0.0.1:{port}"
        for _ in range(200):
            try:
                if httpx.get(f"{url}/healthz").status_code == 200:
                    break
            except httpx.TransportError:
                time.sleep(0.05)
        r = httpx.post(f"{url}/api/games", json={"seed": 2, "partner": "greedy", "opponents": "greedy"})
        assert r.status_code == 201
        gid = r.json()["id"]
        for answer in (r, httpx.get(f"{url}/?game={gid}"), httpx.get(f"{url}/api/games/{gid}x")):
            assert "server" not in answer.headers
            _assert_secure(answer)
    finally:
        server.terminate()
        out, err = server.communicate(timeout=20)
    assert f"127.0.0.1:{port}" in out
    assert '"POST /api/games" 201' in err and '"GET /api/games/{id}" 404' in err and gid not in err
