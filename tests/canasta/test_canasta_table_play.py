"""Canasta at a person's table, through the house's game-generic layers: a whole terminal game with scripted
input (``footcanasta_env.play``) and a whole browser-API game (``footcanasta_env.web``), with the game
registered as ``canasta_t``: the Canasta face plus stand-ins for what its observation and bots will bring
(a random bot, a trivial encoder), and a round cap so that a game of random play ends."""

from __future__ import annotations

import io
import json
import re
import sys
import types
import warnings

import numpy as np
import pytest
from rich.console import Console

from footcanasta_env import canasta
from footcanasta_env.cli import main
from footcanasta_env.games import register_game, unregister_game
from footcanasta_env.play import Terminal, play_session
from footcanasta_env.replays import load_replay, reproduce
from footcanasta_env.table import HUMAN, Deal, Table

NAME = "canasta_t"
CAPPED = canasta.Rules(max_rounds=2)
KEEN = ("pickup", "meld", "add", "laydown")


class RandomBot:
    """A stand-in for Canasta's bots: a legal action at random, melds preferred, so that the table sees them."""

    def __init__(self, name: str, seed: int | None) -> None:
        self.name, self.rng = name, np.random.default_rng(seed)

    def act(self, view) -> int:
        return choose(view.legal_actions, self.rng)


def choose(legal, rng) -> int:
    keen = [a for a in legal if canasta.action_name(a).split()[0] in KEEN]
    return int(rng.choice(keen if keen and rng.random() < 0.8 else list(legal)))


def _check_bot_name(name: str, patterns: bool = True) -> str:
    if name != "random":
        raise ValueError(f"unknown bot {name!r} (known: random)")
    return name


def stand_in() -> types.SimpleNamespace:
    """The game object registered as ``canasta_t``: the face's names, the stand-ins, capped rules."""
    face = {n: getattr(canasta, n) for n in ("TITLE", "load_scenario", "Rules", "rules_text", "NUM_ACTIONS",
                                              "ACTION_VERSION", "action_name", "action_id", "table_text", "geometry")}
    return types.SimpleNamespace(
        **face, NAME=NAME, OBS_SIZE=1, OBS_VERSION=0, encode=lambda view: np.zeros(1, dtype=np.float32),
        new_game=lambda seed=None, rules=None, daily=None: canasta.new_game(seed, rules or CAPPED, daily),
        make_bot=lambda name, seed=None: RandomBot(_check_bot_name(name), seed), bot_names=lambda: ["random"],
        check_bot_name=_check_bot_name, strongest_bot=lambda: "random", hint_bot_name=lambda: "random")


@pytest.fixture
def game():
    register_game(NAME, stand_in())
    yield canasta
    unregister_game(NAME)


def short_form(a: int, rng) -> str:
    """What a person would type for action ``a``: a short form, the name shuffled, or the name in capitals."""
    name = canasta.action_name(a)
    verb, *cards = name.split()
    pick = rng.random()
    if pick < 0.15:
        return name.upper()
    if verb in ("draw", "pickup", "laydown"):
        return verb[0]
    if verb == "discard":
        return f"x {cards[0]}"
    if verb == "meld":
        return "m " + " ".join(rng.permutation(cards))
    return f"a {cards[0]}" if cards[0] == cards[1] else f"a {cards[0]} {cards[1]}"


class ScriptedTerminal(Terminal):
    """A person at the terminal who asks for help first, then types short forms of random legal moves."""

    def __init__(self, console: Console, table: Table, seed: int) -> None:
        super().__init__(console, io.StringIO())
        self.table, self.rng = table, np.random.default_rng(seed)
        self.words = ["help", "rules", "pile", "look", "hint", "log", "x R3", "m 2 2 2", "fly away", "99"]
        self.typed: list[str] = []

    def read(self, prompt: str) -> str | None:
        if prompt.startswith("Press Enter"):
            line = ""
        elif prompt.startswith("Your move"):
            line = self.words.pop(0) if self.words else short_form(choose(self.table.view().legal_actions,
                                                                           self.rng), self.rng)
        else:
            raise AssertionError(f"unexpected prompt {prompt!r}")
        self.typed.append(line)
        self.console.print(prompt + line)
        return line + "\n"


def test_a_whole_terminal_game_of_canasta_with_scripted_short_forms(game, tmp_path):
    out = io.StringIO()
    console = Console(file=out, width=100, no_color=True, color_system=None)
    table = Table.open(Deal(game=NAME, seed=12), "random", "random")
    term = ScriptedTerminal(console, table, 3)
    path = tmp_path / table.replay_name()
    assert play_session(table, term, save_to=path) == "over"
    text = out.getvalue()
    assert "Traceback" not in text and table.game.is_over and len(table.game.round_results) == 2
    assert "Commands (any case" in text and "Rules in brief" in text and "Scoring:" in text
    assert "Hint (random bot):" in text and "Round 1, every action you saw:" in text
    assert "rule 3.4" in text and "unknown command 'fly away'" in text and "no action number 99" in text
    assert "not a meld" in text or "rule 5" in text
    assert "Round 1 scores" in text and "Round 2 scores" in text and "Final scores:" in text
    assert "target 5000 (at most 2 rounds)" in text and "Initial meld:" in text
    assert any(t.startswith(("m ", "a ")) for t in term.typed) and any(t.startswith("x ") for t in term.typed)
    assert sum(1 for t in term.typed if t in ("d", "p")) > 10
    # the saved replay reproduces the game through the game interface
    replay = load_replay(path)
    assert replay.game == NAME and reproduce(replay).scores == table.game.scores
    assert [n for s, n in replay.actions if s == HUMAN] == [n for s, n in table.log if s == HUMAN]


def test_the_play_command_plays_canasta_by_numbers_and_replays_it(game, tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", io.StringIO("help\npile\nlog all\n" + "1\n" * 4000))
    rc = main(["play", "--game", NAME, "--seed", "8", "--partner", "random", "--opponents", "random",
               "--replay-dir", str(tmp_path)])
    out, err = capsys.readouterr()
    assert rc == 0 and err == "" and "Traceback" not in out
    assert "Canasta, seed 8. You are South" in out and "Final scores:" in out
    files = list(tmp_path.glob(f"*-{NAME}-seed-8.json"))
    assert len(files) == 1 and json.loads(files[0].read_text())["complete"]
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert main(["replay", str(files[0])]) == 0
    assert "Reproduced exactly" in capsys.readouterr().out


# ---------------------------------------------------------------------------------------------- the browser API


@pytest.fixture
def client(tmp_path):
    pytest.importorskip("starlette")
    pytest.importorskip("httpx")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # starlette >= 1.0 asks for httpx2; httpx still works
        from starlette.testclient import TestClient

    from footcanasta_env.web import create_app

    return TestClient(create_app(tmp_path / "web.sqlite3", today=lambda: "2026-12-03",
                                 replay_dir=tmp_path / "replays"))


OTHERS_DRAW = re.compile(r"^(West|North|East) drew 1 card\.$")


def test_a_whole_browser_api_game_of_canasta(game, client, tmp_path):
    r = client.post("/api/games", json={"game": NAME, "seed": 5})
    assert r.status_code == 201, r.text
    gid, state = r.json()["id"], r.json()["state"]
    assert state["game"] == NAME and state["target"] == 5000 and state["max_rounds"] == 2
    assert {"hand", "legal", "teams", "pile", "minimum", "scores", "round_results"} <= set(state)
    rng = np.random.default_rng(1)
    kinds, moves = set(), 0
    while not state["over"]:
        assert state["my_turn"] and state["legal"]
        ids = [canasta.action_id(n) for n in state["legal"]]
        a = choose(ids, rng)
        if rng.random() < 0.3:  # typed as at the terminal
            body = {"command": short_form(a, rng)}
        else:
            body = {"action": canasta.action_name(a), "version": state["version"]}
        d = client.post(f"/api/games/{gid}/actions", json=body)
        assert d.status_code == 200, d.text
        for ev in d.json()["events"]:
            kinds.add(ev.get("type"))
            if ev["seat"] != HUMAN and ev.get("type") == "draw":
                assert OTHERS_DRAW.match(ev["text"][0]), ev  # another player's card is never named
        state = d.json()["state"]
        moves += 1
    assert {"draw", "discard"} <= kinds and moves > 20
    assert len(state["round_results"]) == 2 and state["final"]
    first = state["round_results"][0]
    assert {"natural", "mixed", "red_threes", "going_out", "cards_held"} <= set(first["breakdown"][0])
    assert "round 1 is over" in first["text"] and isinstance(first["concealed"], bool)
    assert state["scores"] == [sum(r["scores"][t] for r in state["round_results"]) for t in (0, 1)]
    replay = client.get(f"/api/games/{gid}/replay").json()
    assert replay["game"] == NAME
    files = list((tmp_path / "replays").glob(f"*-{NAME}-seed-5-web-*.json"))
    assert len(files) == 1 and list(reproduce(load_replay(files[0])).scores) == state["scores"]


def test_the_browser_api_parses_selects_and_hints_for_canasta(game, client):
    gid = client.post("/api/games", json={"game": NAME, "seed": 9}).json()["id"]
    state = client.get(f"/api/games/{gid}").json()["state"]
    parsed = client.post(f"/api/games/{gid}/parse", json={"command": "d"}).json()
    assert parsed["actions"] == ["draw"] and parsed["error"] == ""
    bad = client.post(f"/api/games/{gid}/parse", json={"command": "x 9"}).json()
    assert bad["actions"] == [] and "rules 3.1, 3.3" in bad["error"]
    buttons = client.post(f"/api/games/{gid}/selection", json={"cards": []}).json()["buttons"]
    assert buttons["draw"] == {"actions": ["draw"], "ok": True, "reason": ""}
    card = state["hand"][0]["card"]
    discard = client.post(f"/api/games/{gid}/selection", json={"cards": [card]}).json()["buttons"]["discard"]
    assert discard["actions"] == [f"discard {card}"] and not discard["ok"] and "3.3" in discard["reason"]
    assert client.get(f"/api/games/{gid}/hint").json()["bot"] == "random"
    assert client.post(f"/api/games/{gid}/selection", json={"cards": ["Z"]}).status_code == 400


def _hidden_variant(spec: dict, rng) -> dict:
    """The same position with the other hands and the stock dealt again (each keeping its size)."""
    spec = json.loads(json.dumps(spec))
    sizes = [len(spec["players"][s]["hand"].split()) for s in (1, 2, 3)]
    pool = [c for s in (1, 2, 3) for c in spec["players"][s]["hand"].split()] + spec["stock"].split()
    pool = list(rng.permutation(pool))
    for s, n in zip((1, 2, 3), sizes, strict=True):
        spec["players"][s]["hand"] = " ".join(pool[:n])
        del pool[:n]
    spec["stock"] = " ".join(pool)
    return spec


def test_no_hidden_card_reaches_the_pages_json(game, client):
    """Two games that differ only in what South may not see (the other hands, the stock) look the same."""
    rng = np.random.default_rng(4)
    spec = {"round": 1, "dealer": 3, "current": 0, "phase": "draw", "scores": [0, 0],
            "players": [{"hand": "K K 9 9 9 5 2 JK B3 A A"}, {"hand": "Q Q Q 7 7 6 6 5 4 10 J"},
                        {"hand": "8 8 8 4 4 J J A 2 10 6"}, {"hand": "7 5 5 9 10 Q K K JK 2 B3"}],
            "teams": [{"melds": [], "red_threes": 1, "down": False}, {"melds": [], "red_threes": 0, "down": False}],
            "pile": "9 K", "stock": "4 6 8 10 J Q A 4 5 6 7 8 7 6 5 4 J Q K A 2 2 B3"}
    states = []
    for variant in (spec, _hidden_variant(spec, rng), _hidden_variant(spec, rng)):
        r = client.post("/api/games", json={"game": NAME, "scenario": variant})
        assert r.status_code == 201, r.text
        states.append(r.json()["state"])
        assert r.json()["events"] == []  # South is to act: no bot moved
    assert states[0] == states[1] == states[2]
    assert _hidden_variant(spec, rng)["players"][1:] != spec["players"][1:]
    assert states[0]["hand_size"] == 11 and [p["held"] for p in states[0]["players"]] == [11, 11, 11, 11]
    assert states[0]["pile"]["frozen"] and states[0]["pile"]["frozen_why"] == "no initial meld yet"
