"""Faults of a hosted server, with real worker processes on 127.0.0.1: two workers racing one move, a worker
killed in the middle of a move, the database restarted while games are played; on SQLite and PostgreSQL.
And what must hold across workers: the per-client cap on unfinished games under concurrent creates, a game
rebuilt by a worker that never held it without any bot thinking (``FOOTCANASTA_TEST_NO_THINKING`` makes
every bot of the server process fail if asked to act).

Each server is ``footcanasta serve`` in its own process group (killed at the end). A test that needs a
worker to stop in the middle of a move starts it through ``LAUNCHER``, which holds the move at one point
(``FOOTCANASTA_TEST_HOLD``): ``events`` (played in memory, not yet written), ``commit`` (written inside
the transaction, not yet committed) or ``count`` (a new game's cap counted, not yet inserted), after touching
a marker file so the test knows it is there.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

httpx = pytest.importorskip("httpx")
pytest.importorskip("uvicorn")

ROOT = Path(__file__).resolve().parents[2]

LAUNCHER = """
import os, sys, time
from pathlib import Path
if os.environ.get("FOOTCANASTA_TEST_NO_THINKING"):
    from footcanasta_env.table import core
    def no_thinking(self, seat):
        raise RuntimeError("a bot was asked to think")
    core.Table.bot_move = no_thinking
hold = os.environ.get("FOOTCANASTA_TEST_HOLD", "")
if hold:
    where, seconds, marker = hold.split(":", 2)
    def pause():
        Path(marker).touch()
        time.sleep(float(seconds))
    if where == "events":
        from footcanasta_env.web.session import WebGame
        events = WebGame.events
        def held_events(self, steps, *args):
            if any(st.seat == 0 for st in steps):  # a move of the person's, not the bots' opening
                pause()
            return events(self, steps, *args)
        WebGame.events = held_events
    else:
        from footcanasta_env.web import db
        execute = db.Tx.execute
        statement = "SELECT COUNT(*) FROM games" if where == "count" else "UPDATE games SET actions"
        def held_execute(self, sql, params=()):
            out = execute(self, sql, params)
            if sql.startswith(statement):
                pause()
            return out
        db.Tx.execute = held_execute
from footcanasta_env.cli import main
sys.exit(main(sys.argv[1:]))
"""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """``footcanasta serve`` on a free port of 127.0.0.1 over ``db``, ready when constructed."""

    def __init__(self, db: str, tmp: Path, workers: int = 1, hold: str = "", extra: tuple[str, ...] = (),
                 env: dict[str, str] | None = None) -> None:
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        env = {**os.environ, "FOOTCANASTA_TEST_HOLD": hold, "FOOTCANASTA_REPLAY_DIR": str(tmp / "replays"),
               **(env or {})}
        self.log = (tmp / f"server-{self.port}.log").open("w")
        self.proc = subprocess.Popen(
            [sys.executable, "-c", LAUNCHER, "serve", "--port", str(self.port), "--db", db,
             "--workers", str(workers), *extra], cwd=ROOT, env=env, stdout=self.log, stderr=subprocess.STDOUT,
            start_new_session=True)
        self.http = httpx.Client(base_url=self.url, timeout=30)
        deadline = time.monotonic() + 60
        while True:
            try:
                if self.http.get("/api/bots").status_code == 200:
                    return
            except httpx.TransportError:
                pass
            if self.proc.poll() is not None or time.monotonic() > deadline:
                self.kill()
                raise RuntimeError(f"the server did not start: {(tmp / f'server-{self.port}.log').read_text()}")
            time.sleep(0.2)

    def kill(self) -> None:
        """SIGKILL to the server and its workers (its own process group)."""
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc.wait(timeout=30)
        self.http.close()
        self.log.close()


@pytest.fixture(params=["sqlite", "postgresql"])
def db(request, tmp_path) -> str:
    if request.param == "sqlite":
        return str(tmp_path / "web.sqlite3")
    return request.getfixturevalue("pg_cluster").new_db()


@pytest.fixture
def servers(tmp_path):
    """Start servers with ``servers(db, ...)``; every one is killed at the end of the test."""
    started: list[Server] = []

    def start(db: str, **kw) -> Server:
        started.append(Server(db, tmp_path, **kw))
        return started[-1]

    yield start
    for s in started:
        s.kill()


def _group(pgid: int) -> list[str]:
    """The command lines of a process group's live processes (Linux's /proc)."""
    out = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
            if int(fields[2]) == pgid and fields[0] != "Z":
                out.append((stat.parent / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace"))
        except OSError:
            continue  # gone meanwhile
    return out


def _new(s: Server, **body) -> tuple[str, dict]:
    r = s.http.post("/api/games", json={"partner": "greedy", "opponents": "greedy", **body})
    assert r.status_code == 201, r.text
    return r.json()["id"], r.json()["state"]


def _state(s: Server, gid: str) -> dict:
    r = s.http.get(f"/api/games/{gid}")
    assert r.status_code == 200, r.text
    return r.json()["state"]


def _play(s: Server, gid: str, state: dict) -> httpx.Response:
    return s.http.post(f"/api/games/{gid}/actions", json={"action": state["legal"][0], "version": state["version"]})


def test_many_workers_play_one_game(db, servers):
    """``footcanasta serve --workers 2``: requests land on either worker, and the game is one game."""
    s = servers(db, workers=2)
    deadline = time.monotonic() + 30
    while sum("spawn_main" in cmd for cmd in _group(s.proc.pid)) != 2:  # the supervisor's two workers
        assert time.monotonic() < deadline, _group(s.proc.pid)
        time.sleep(0.2)
    s.http.headers["Connection"] = "close"  # each request a new connection, taken by either worker
    gid, state = _new(s, seed=5)
    for _ in range(30):
        if state["over"]:
            break
        r = _play(s, gid, state)
        assert r.status_code == 200, r.text
        state = r.json()["state"]
        assert _state(s, gid) == state


def test_two_worker_processes_racing_one_move(db, servers, tmp_path):
    """The same move sent to two workers at once, both holding it in memory: one 200, one 409."""
    hold = f"events:1.0:{tmp_path / 'held'}"
    a, b = servers(db, hold=hold), servers(db, hold=hold)
    gid, state = _new(a, seed=7)
    assert _state(b, gid) == state
    results: list[httpx.Response] = []
    threads = [threading.Thread(target=lambda s=s: results.append(_play(s, gid, state))) for s in (a, b)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(r.status_code for r in results) == [200, 409], [r.text for r in results]
    won = next(r for r in results if r.status_code == 200).json()["state"]
    assert _state(a, gid) == _state(b, gid) == won


@pytest.mark.parametrize("where", ["events", "commit"])
def test_a_worker_killed_in_the_middle_of_a_move(db, servers, tmp_path, where):
    """SIGKILL while a move is played in memory, or written but not committed: the game is as before the
    move, and the next request, to another worker, plays it."""
    marker = tmp_path / "held"
    doomed, other = servers(db, hold=f"{where}:60:{marker}"), servers(db)
    gid, state = _new(other, seed=9)
    sent = threading.Thread(target=lambda: pytest.raises(httpx.TransportError, _play, doomed, gid, state))
    sent.start()
    deadline = time.monotonic() + 30
    while not marker.exists():
        assert time.monotonic() < deadline, "the move never reached the held point"
        time.sleep(0.05)
    doomed.kill()
    sent.join(timeout=30)
    assert _state(other, gid) == state  # before the move, not between
    r = _play(other, gid, state)
    assert r.status_code == 200, r.text
    assert r.json()["state"]["version"] > state["version"] and _state(other, gid) == r.json()["state"]


def test_the_database_restarted_while_games_are_played(servers, tmp_path):
    """PostgreSQL stopped under a running server: its requests are 503 with Retry-After (not 500) while it is
    down; once it is back the games go on where they were."""
    from tests.helpers.pgcluster import make_cluster

    cluster = make_cluster()
    try:
        s = servers(cluster.new_db())
        gid, state = _new(s, seed=11)
        state = _play(s, gid, state).json()["state"]
        cluster.stop()
        for r in (_play(s, gid, state), s.http.get(f"/api/games/{gid}"), s.http.post("/api/games", json={})):
            assert r.status_code == 503 and r.headers["retry-after"], r.text
        cluster.start()
        deadline = time.monotonic() + 30
        while (r := s.http.get(f"/api/games/{gid}")).status_code == 503 and time.monotonic() < deadline:
            time.sleep(0.2)
        assert r.status_code == 200 and r.json()["state"] == state
        r = _play(s, gid, state)
        assert r.status_code == 200 and r.json()["state"]["version"] > state["version"]
    finally:
        cluster.remove()


def test_serve_refuses_bad_options_with_a_reason(tmp_path, capsys):
    from footcanasta_env.cli import main

    assert main(["serve", "--workers", "0", "--db", str(tmp_path / "w.sqlite3")]) == 2
    assert "--workers must be a whole number" in capsys.readouterr().err
    port = _free_port()  # nothing listens there
    assert main(["serve", "--db", f"postgresql://nobody@127.0.0.1:{port}/none"]) == 2
    err = capsys.readouterr().err
    assert "cannot be reached" in err and "Traceback" not in err


def _workers_up(s: Server, n: int) -> None:
    deadline = time.monotonic() + 60
    while sum("spawn_main" in cmd for cmd in _group(s.proc.pid)) != n:
        assert time.monotonic() < deadline, _group(s.proc.pid)
        time.sleep(0.2)


def test_the_cap_on_unfinished_games_holds_for_concurrent_creates_on_three_workers(servers, pg_cluster, tmp_path):
    """30 creates at once from one client, spread over three workers (no keep-alive), each create held a
    moment between counting the client's games and inserting its own: at most the cap pass, and the
    database holds exactly the games that were answered 201."""
    db = pg_cluster.new_db()
    s = servers(db, workers=3, extra=("--max-games", "4"), hold=f"count:0.2:{tmp_path / 'counted'}")
    _workers_up(s, 3)
    answers: list[int] = []
    start = threading.Barrier(30, timeout=60)

    def create() -> None:
        with httpx.Client(base_url=s.url, timeout=60, headers={"Connection": "close"}) as http:
            start.wait()
            answers.append(http.post("/api/games", json={"partner": "random", "opponents": "random"}).status_code)

    threads = [threading.Thread(target=create) for _ in range(30)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(set(answers)) == [201, 429], answers
    from footcanasta_env.web.store import Store

    stored = Store(db).db.execute("SELECT COUNT(*) FROM games WHERE over=0").rows[0][0]
    assert answers.count(201) == stored == 4


def test_a_worker_that_never_held_a_game_rebuilds_it_without_any_bot_thinking(servers, pg_cluster):
    """A finished 1,200-action game with search bots in its line-up, written to the database by another
    server: every worker answers it from the log alone (any bot asked to act would fail the request)."""
    from footcanasta_env.table import Deal, Table
    from footcanasta_env.web.session import WebGame
    from footcanasta_env.web.store import Store

    table = Table.open(Deal(seed=1), "random", "random")
    list(table.bot_steps())
    while not table.game.is_over:
        table.play([table.module.action_name(table.view().legal_actions[-1])])
    assert len(table.log) >= 1200, len(table.log)
    wg = WebGame(table, None, "2026-12-06")
    db = pg_cluster.new_db()
    store = Store(db)
    spec = {**wg.spec(), "partner": "search", "opponents": "search"}
    store.create_game("c" * 24, spec, [], wg.started, "10.1.1.1")
    store.save_move("c" * 24, 0, table.log, True, table.replay("web").to_dict())
    s = servers(db, workers=3, env={"FOOTCANASTA_TEST_NO_THINKING": "1"})
    _workers_up(s, 3)
    states = []
    for _ in range(9):  # new connections: each worker is asked, each for the first time at least once
        with httpx.Client(base_url=s.url, timeout=60, headers={"Connection": "close"}) as http:
            r = http.get("/api/games/" + "c" * 24)
            assert r.status_code == 200, r.text
            states.append(r.json()["state"])
    assert all(st == states[0] for st in states) and states[0]["over"] and states[0]["bots"]["partner"] == "search"
    assert states[0]["scores"] == [int(x) for x in table.game.scores]
