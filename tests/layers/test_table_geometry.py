"""The person's table and the terminal at any table: the toy game at four seats in partnerships, two seats
and three seats (tests/helpers/toy_game.py), played, stopped, resumed, replayed and reviewed at the terminal.

The table and the terminal read the seats, the partners, the opponents, the seat and side names and the
sides' scores from ``get_game(name).geometry(rules)`` only, so the same lines hold at every table.
"""

from __future__ import annotations

import io
import json
import sys
import types

import pytest

from footcanasta_env.cli import main
from footcanasta_env.family.geometry import Geometry
from footcanasta_env.games import register_game, unregister_game
from footcanasta_env.i18n import words
from footcanasta_env.replays import load_replay, reproduce
from footcanasta_env.table import HUMAN, Deal, Table, choose_bots, wanted_bots
from tests.helpers import toy_game

MOVES = "double\n" + "".join(f"play {n}\n" for n in (5, 4, 3, 2, 1))
SCRIPT = "hint\ntotals\nwhat?\n" + MOVES * 40

# What the terminal says of each table: who the person plays with and against (bots as the command line asks).
LINEUP = {
    "toy": "North (greedy bot) is your partner; West and East are random bots",
    "toy2": "North is the random bot",
    "toy3": "West and East are random bots",
}


@pytest.fixture(params=toy_game.TOYS, ids=lambda t: t.NAME)
def toy_at(request):
    """The toy registered at one of its tables (four seats in partnerships, two seats, three seats)."""
    toy = request.param
    register_game(toy.NAME, toy)
    yield toy
    unregister_game(toy.NAME)


def _bots(toy) -> list[str]:
    """The command line's bots: a greedy partner where the table has partners, random opponents."""
    partner = ["--partner", "greedy"] if toy.geometry().partners(HUMAN) else []
    return [*partner, "--opponents", "random"]


def _run(monkeypatch, capsys, script: str, *argv: str) -> tuple[int, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(script))
    rc = main(list(argv))
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return rc, out if rc == 0 else err


def _flat(text: str) -> str:
    return " ".join(text.split())


def _to(scores) -> str:
    return " to ".join(str(s) for s in scores)


# ------------------------------------------------------------------------------------------------ the table


def test_the_table_seats_a_bot_at_every_seat_but_the_persons(toy_at):
    table_geometry = toy_at.geometry()
    table = Table.open(Deal(game=toy_at.NAME, seed=3), "greedy", "random")
    assert table.geometry == table_geometry
    assert table.partners == table_geometry.partners(HUMAN) and table.opponents == table_geometry.opponents(HUMAN)
    assert sorted(table.bots) == sorted(table.partners + table.opponents) and HUMAN not in table.bots
    assert {s: b.name for s, b in table.bots.items()} == ({s: "greedy" for s in table.partners}
                                                          | {s: "random" for s in table.opponents})
    players = table.players("terminal")
    assert [p["seat"] for p in players] == sorted([HUMAN, *table.bots])
    assert [p["name"] for p in players] == list(table_geometry.seat_names)
    assert players[HUMAN]["kind"] == "human" and all(p["kind"] == "bot" for p in players[1:])
    while not table.game.is_over:  # the person plays their seat, the bots every other, to the end
        list(table.bot_steps())
        if not table.game.is_over:
            assert table.view().my_turn and table.hint()[1] == "greedy"
            table.play([toy_at.action_name(table.game.legal_actions()[0])])
    assert len(table.game.scores) == table_geometry.num_sides
    rebuilt = Table.rebuild(table.deal, "greedy", "random", table.log)
    assert rebuilt.game.scores == table.game.scores and rebuilt.log == table.log


def test_bots_are_chosen_seat_by_seat():
    register_game(toy_game.THREE.NAME, toy_game.THREE)
    try:
        deal = Deal(game="toy3", seed=5)
        table = Table.open(deal, opponents="random", seats={2: "greedy"})
        assert {s: b.name for s, b in table.bots.items()} == {1: "random", 2: "greedy"}
        assert table.lineup.asked == {1: "random", 2: "greedy"}
        again = Table.rebuild(Deal(game="toy3", seed=5), None, "random", table.log, seats={2: "greedy"})
        assert {s: b.name for s, b in again.bots.items()} == {1: "random", 2: "greedy"}
        with pytest.raises(ValueError, match="no bot sits at seat 0: the bots' seats are 1, 2"):
            Table.open(Deal(game="toy3", seed=5), seats={0: "greedy"})
        with pytest.raises(ValueError, match="unknown bot 'nobody'"):
            Table.open(Deal(game="toy3", seed=5), seats={1: "nobody"})
    finally:
        unregister_game("toy3")


def test_wanted_bots_reads_partners_and_opponents_from_the_geometry():
    six = Geometry(6, ((0, 2, 4), (1, 3, 5)), ("S", "A", "B", "C", "D", "E"))
    assert wanted_bots(six, "p", "o") == {2: "p", 4: "p", 1: "o", 3: "o", 5: "o"}
    assert wanted_bots(toy_game.THREE.geometry(), "p", "o") == {1: "o", 2: "o"}  # no partner: nobody plays "p"
    assert wanted_bots(toy_game.FOUR.geometry(), None, "o", {3: "x"}) == {2: None, 1: "o", 3: "x"}


def test_the_lineup_notes_name_the_seats_as_the_geometry_does():
    def make_bot(name, seed=None):
        if name == "greedy":
            raise FileNotFoundError("no greedy here")
        return types.SimpleNamespace(name=name)

    def check_bot_name(name):
        if name not in ("greedy", "random"):
            raise ValueError(f"unknown bot {name!r}")
        return name

    names = ("South", "Gamma", "Delta")
    game = types.SimpleNamespace(strongest_bot=lambda: "greedy", check_bot_name=check_bot_name, make_bot=make_bot,
                                 hint_bot_name=lambda: "greedy",
                                 geometry=lambda rules=None: Geometry(3, ((0,), (1,), (2,)), names))
    lineup = choose_bots(game, {1: None, 2: None}, {1: 1, 2: 2})
    assert lineup.notes == ["The greedy bot could not be loaded (no greedy here); Gamma and Delta are random bots "
                            "instead."]
    assert lineup.notes_in("de") == [words("de")._("The {bot} bot could not be loaded ({error}); {seats} instead.")
                                     .format(bot="greedy", error="no greedy here",
                                             seats="Gamma und Delta sind random-Bots")]
    four = choose_bots(game, {2: None}, {2: 2}, toy_game.FOUR.geometry())  # the table given names the seats
    assert four.notes == ["The greedy bot could not be loaded (no greedy here); North is the random bot instead."]
    assert "Nord ist der Bot random" in four.notes_in("de")[0]


# ------------------------------------------------------------------------------------------------ the terminal


def test_a_terminal_game_to_the_end_stopped_resumed_replayed_and_reviewed(toy_at, tmp_path, monkeypatch, capsys):
    name, table_geometry = toy_at.NAME, toy_at.geometry()
    # A whole game with scripted input.
    rc, out = _run(monkeypatch, capsys, SCRIPT, "play", "--game", name, "--seed", "8", *_bots(toy_at),
                   "--replay-dir", str(tmp_path / "whole"))
    text = _flat(out)
    assert rc == 0 and f"Toy Sum, seed 8. You are South; {LINEUP[name]}. Type 'help' for the commands." in text
    assert "Hint (greedy bot):" in text and "not a toy move: 'what?'" in text
    (whole,) = (tmp_path / "whole").glob(f"*-{name}-seed-8.json")
    saved = json.loads(whole.read_text())
    assert saved["complete"] and saved["game"] == name
    assert [p["name"] for p in saved["players"]] == list(table_geometry.seat_names)
    assert len(saved["result"]["scores"]) == table_geometry.num_sides
    assert f"Toy game over: {_to(saved['result']['scores'])}." in text
    # The same game stopped at the break after round 1: the scores so far, one per side, by the sides' names.
    moves = out.split("Press Enter for round 2")[0].count("Your move> ")
    lines = SCRIPT.splitlines()
    rc, out = _run(monkeypatch, capsys, "\n".join(lines[:moves] + ["quit", "y"]) + "\n", "play", "--game", name,
                   "--seed", "8", *_bots(toy_at), "--replay-dir", str(tmp_path))
    (path,) = tmp_path.glob(f"*-{name}-seed-8.json")
    stopped = load_replay(path)
    so_far = reproduce(stopped).scores
    assert not stopped.complete and len(so_far) == table_geometry.num_sides
    sides = ", ".join(f"{side} {s}" for side, s in zip(table_geometry.side_names, so_far, strict=True))
    assert f"Game stopped (quit) in round 2; scores so far {sides}." in _flat(out)
    rc, out = _run(monkeypatch, capsys, "", "replay", str(path))
    assert f"The game was stopped in round 2; reproduced exactly up to there (scores {_to(so_far)} match the " \
           "file)." in _flat(out)
    # Resumed from its file, to the end, with the bots it was played with.
    rc, out = _run(monkeypatch, capsys, MOVES * 40, "play", "--resume", str(path))
    assert rc == 0 and f"Resuming {path}" in _flat(out) and f"You are South; {LINEUP[name]}." in _flat(out)
    done = load_replay(path)
    assert done.complete and done.actions[:len(stopped.actions)] == stopped.actions
    assert [p.get("bot") for p in done.players] == [p.get("bot") for p in stopped.players]
    final = reproduce(done).scores
    assert f"Toy game over: {_to(final)}." in _flat(out)
    # The replay: every seat named by the geometry, each round's totals per side, the final scores checked.
    rc, out = _run(monkeypatch, capsys, "\n" * 200, "replay", str(path), "--by", "round")
    text = _flat(out)
    assert rc == 0 and "Round 1: South plays first." in text
    assert f"Round 2: {table_geometry.seat_names[1]} plays first." in text
    assert f"total {'-'.join(map(str, final))}" in text
    assert f"Reproduced exactly: the final scores {_to(final)} match the file." in text
    # The review of the person's moves (the toy has no rater: against its strongest bot).
    rc, out = _run(monkeypatch, capsys, "", "review", str(path))
    assert rc == 0 and "South: " in _flat(out) and "reviewed against the strongest bot (greedy)" in _flat(out)


def test_a_partner_asked_for_at_a_table_without_partners_is_refused(toy_at, tmp_path, monkeypatch, capsys):
    rc, out = _run(monkeypatch, capsys, "", "play", "--game", toy_at.NAME, "--partner", "random", "--replay-dir",
                   str(tmp_path))
    if toy_at.geometry().partners(HUMAN):
        assert rc == 0 and "North (random bot) is your partner" in _flat(out)
    else:
        assert rc == 2 and "in Toy Sum each plays for themselves: there is no partner for --partner" in out
        assert not list(tmp_path.glob("*.json"))  # refused before anything was saved
