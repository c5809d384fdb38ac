"""Every game at a person's table: the terminal (``footcanasta play --game G`` with scripted input: a few moves,
then quit) plays the game the table core deals, and the browser API creates a game, takes a move and gives the
same state back. The toys play too: the table reaches a game only through its interface."""

from __future__ import annotations

import inspect
import io
import sys

import numpy as np
import pytest
from rich.console import Console
from starlette.testclient import TestClient

from footcanasta_env.cli import main
from footcanasta_env.games import get_game
from footcanasta_env.replays import load_replay, reproduce
from footcanasta_env.table import HUMAN, Deal, Table
from footcanasta_env.table.text import TableText
from footcanasta_env.web import create_app
from tests.helpers.conformance import games_offering, registered, states

GAMES = games_offering("table_text", "new_game", "make_bot", toys=True)
HIDDEN = games_offering("table_text", "sample_world", "geometry")
MOVES = 2  # the person's moves before quitting: no round ends for the toys' three cards a hand either


def _planned_moves(name: str, seed: int) -> list[str]:
    """The first legal action's name at each of the person's first turns, at the table the terminal opens."""
    table = Table.open(Deal(game=name, seed=seed), "random", "random")
    moves = []
    while len(moves) < MOVES:
        list(table.bot_steps())
        moves.append(table.module.action_name(table.game.legal_actions()[0]))
        table.play(moves[-1:])
    return moves


@pytest.mark.parametrize("name", GAMES)
def test_the_table_plays_a_round_to_its_end_and_its_replay_reproduces_it(name):
    with registered(name) as g:
        table = Table.open(Deal(game=name, seed=12), "random", "random")
        assert table.module is g and type(table.text) is type(g.table_text())
        while not table.game.round_results:
            for step in table.bot_steps():
                assert step.seat != HUMAN
            if table.game.round_results:
                break
            assert table.game.current_player == HUMAN
            steps = table.play([g.action_name(table.game.legal_actions()[0])])
            assert steps[0].seat == HUMAN
        assert len(table.game.round_results) == 1 and len(table.game.scores) == g.geometry().num_sides
        again = reproduce(table.replay("web"))
        assert again.round_results == table.game.round_results and again.scores == table.game.scores


@pytest.mark.parametrize("name", GAMES)
def test_the_terminal_plays_a_few_moves_and_quits_with_a_replay(name, tmp_path, monkeypatch, capsys):
    with registered(name) as g:
        moves = _planned_moves(name, 8)
        monkeypatch.setattr(sys, "stdin", io.StringIO("help\n" + "".join(m + "\n" for m in moves) + "quit\ny\n"))
        partner = ["--partner", "random"] if g.geometry().partners(HUMAN) else []  # refused at a table without
        rc = main(["play", "--game", name, "--seed", "8", *partner, "--opponents", "random",
                   "--replay-dir", str(tmp_path)])
        out, err = capsys.readouterr()
        assert rc == 0 and err == "" and "Traceback" not in out, out[-2000:]
        assert f"{g.TITLE}, seed 8" in out and "Game stopped (quit)" in out
        replay = load_replay(next(tmp_path.glob("*seed-8*.json")))
        assert replay.game == name and not replay.complete
        assert [a for s, a in replay.actions if s == HUMAN] == moves
        assert not reproduce(replay).is_over


@pytest.mark.parametrize("name", GAMES)
def test_the_browser_api_creates_a_game_takes_a_move_and_gives_it_back(name, tmp_path):
    with registered(name):
        c = TestClient(create_app(tmp_path / "web.sqlite3", today=lambda: "2026-12-03", replay_dir=tmp_path / "r"))
        bots = c.get(f"/api/bots?game={name}").json()
        assert bots["game"] == name and "random" in bots["bots"]
        partner = {"partner": "random"} if get_game(name).geometry().partners(HUMAN) else {}
        r = c.post("/api/games", json={"game": name, "seed": 4, **partner, "opponents": "random"})
        assert r.status_code == 201, r.text
        gid, state = r.json()["id"], r.json()["state"]
        assert state["game"] == name and state["my_turn"] and state["legal"] and not state["over"]
        r = c.post(f"/api/games/{gid}/actions", json={"action": state["legal"][0], "version": state["version"]})
        assert r.status_code == 200, r.text
        after = r.json()["state"]
        assert after["version"] > state["version"] and r.json()["events"]
        assert c.get(f"/api/games/{gid}").json()["state"] == after
        stale = c.post(f"/api/games/{gid}/actions", json={"action": state["legal"][0], "version": state["version"]})
        assert stale.status_code == 409, stale.text  # made against the state before the move
        bad = c.post(f"/api/games/{gid}/actions", json={"action": "no such move"})
        assert 400 <= bad.status_code < 500


@pytest.mark.parametrize("name", GAMES)
def test_the_table_text_has_every_method_of_the_protocol_with_its_parameters(name):
    with registered(name) as g:
        text = g.table_text()
        wanted = [n for n in dir(TableText) if not n.startswith("_")]
        assert len(wanted) >= 16
        for method in wanted:
            mine = inspect.signature(getattr(text, method))
            theirs = inspect.signature(getattr(TableText, method))
            assert list(mine.parameters) == [p for p in theirs.parameters if p != "self"], method


def _screen(text, view, events=("West discarded 9.",), width: int = 100) -> str:
    out = io.StringIO()
    console = Console(file=out, width=width, no_color=True, color_system=None)
    console.print(text.render_screen(view, list(events), width))
    return out.getvalue()


@pytest.mark.parametrize("name", HIDDEN)
def test_no_hidden_card_reaches_the_screen_or_the_page(name):
    """The person's screen and page state in a world whose hidden cards were dealt anew are the same; in a world
    where the person's own cards were dealt anew (from the next seat's view), the screen changes."""
    g = get_game(name)
    text, rng = g.table_text(), np.random.default_rng(7)
    checked = changed = 0
    for game in states(g, (1, 2, 3), (0, 9, 40, 120, 300)):
        if game.is_over:
            continue
        view = game.view(HUMAN)
        world = g.sample_world(view, rng)
        assert _screen(text, world.view(HUMAN)) == _screen(text, view)
        # a world starts in the game's round: the rounds before are public, the game's own history
        assert text.view_state(world.view(HUMAN), game.round_results) == text.view_state(view, game.round_results)
        mine_anew = g.sample_world(game.view(g.geometry().next_seat(HUMAN)), rng)
        changed += _screen(text, mine_anew.view(HUMAN)) != _screen(text, view)
        checked += 1
    assert checked >= 10 and changed >= checked * 3 // 4
