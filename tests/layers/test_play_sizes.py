"""Canasta at two, three and six players in the terminal: a whole game by scripted input, stopped and
resumed, replayed, reviewed and hinted, every seat and side named by the table's geometry; sizes a game does
not know refused by name (Foot Canasta has one size)."""

from __future__ import annotations

import io
import sys

import pytest

from footcanasta_env import canasta
from footcanasta_env.cli import main
from footcanasta_env.replays import load_replay, reproduce
from footcanasta_env.table import Deal

GREEDY = ["--opponents", "greedy"]


@pytest.fixture
def scripted_bots(monkeypatch):
    """Hints and reviews from the greedy bot, whichever bot is the size's strongest (the tests stay fast)."""
    monkeypatch.setattr(canasta, "hint_bot_name", lambda rules=None: "greedy")
    monkeypatch.setattr(canasta, "strongest_bot", lambda rules=None: "greedy")


def _run(monkeypatch, capsys, stdin: str, *argv: str) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    rc = main(list(argv))
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return rc, out, err


@pytest.mark.parametrize(("size", "seats", "sides"), [
    (["--players", "2"], ("South", "North"), ("South", "North")),
    (["--players", "3"], ("South", "West", "East"), ("South", "West", "East")),
    (["--players", "6", "--partner", "greedy"], ("Southwest", "Northwest", "Northeast", "Southeast"),
     ("South/Northwest/Northeast", "Southwest/North/Southeast")),
    (["--players", "6", "--sides", "3", "--partner", "greedy"], ("Southwest", "Northeast", "Southeast"),
     ("South/North", "Southwest/Northeast", "Northwest/Southeast")),
])
def test_a_whole_game_at_each_size(tmp_path, monkeypatch, capsys, scripted_bots, size, seats, sides):
    rc, out, _ = _run(monkeypatch, capsys, "1\n" * 5000, "play", "--game", "canasta", *size, "--seed", "3",
                      *GREEDY, "--replay-dir", str(tmp_path))
    assert rc == 0 and "Final scores:" in out
    assert all(name in out for name in seats + sides)
    assert "West/East" not in out and "partnership" not in out.split("Final scores")[0] or size[1] == "6"
    path = next(tmp_path.glob("*.json"))
    replay = load_replay(path)
    assert replay.rules == Deal(game="canasta", players=int(size[1]),
                                sides=int(size[3]) if "--sides" in size else None).rules
    assert reproduce(replay).is_over
    rc, out, _ = _run(monkeypatch, capsys, "", "replay", str(path))
    assert rc == 0 and "Reproduced exactly" in out and sides[-1] in out
    rc, out, _ = _run(monkeypatch, capsys, "", "review", str(path))
    assert rc == 0 and "South" in out


def test_stopped_resumed_and_hinted_at_two_players(tmp_path, monkeypatch, capsys, scripted_bots):
    rc, out, _ = _run(monkeypatch, capsys, "hint\n1\n1\n1\nquit\ny\n", "play", "--game", "canasta", "--players", "2",
                      "--seed", "5", *GREEDY, "--replay-dir", str(tmp_path))
    assert rc == 0 and "Hint" in out and "scores so far South 0, North 0" in out
    path = next(tmp_path.glob("*.json"))
    before = len(load_replay(path).actions)
    rc, out, _ = _run(monkeypatch, capsys, "1\n" * 5000, "play", "--resume", str(path))
    assert rc == 0 and "Resuming" in out and "Final scores: South" in out
    replay = load_replay(path)
    assert len(replay.actions) > before and replay.rules.players == 2 and reproduce(replay).is_over
    rc, _, err = _run(monkeypatch, capsys, "", "play", "--resume", str(path), "--players", "3")
    assert rc == 2 and "--players" in err


def test_the_daily_deal_of_each_size(tmp_path, monkeypatch, capsys):
    outs = {}
    for n in ("2", "3"):
        rc, outs[n], _ = _run(monkeypatch, capsys, "quit\ny\n", "play", "--game", "canasta", "--players", n,
                              "--date", "2026-12-01", *GREEDY, "--replay-dir", str(tmp_path))
        assert rc == 0 and "the daily game of 2026-12-01" in outs[n]
    assert "West" in outs["3"] and "West" not in outs["2"]
    assert {load_replay(p).rules.players for p in tmp_path.glob("*.json")} == {2, 3}


@pytest.mark.parametrize(("argv", "said"), [
    (["--players", "5"], "no table of 5 players"),
    (["--players", "4", "--sides", "4"], "sides must be 2"),
    (["--players", "2", "--sides", "2", "--partner", "greedy"], "no partner"),
    (["--sides", "3"], "sides needs players"),
])
def test_sizes_canasta_does_not_know_are_refused(tmp_path, monkeypatch, capsys, argv, said):
    rc, out, err = _run(monkeypatch, capsys, "", "play", "--game", "canasta", *argv, "--seed", "1",
                        "--replay-dir", str(tmp_path))
    assert rc == 2 and said in err and out == "" and not list(tmp_path.glob("*.json"))


def test_foot_canasta_takes_no_size(tmp_path, monkeypatch, capsys):
    rc, out, err = _run(monkeypatch, capsys, "", "play", "--players", "4", "--seed", "1", "--replay-dir",
                        str(tmp_path))
    assert rc == 2 and "Foot Canasta is played at one table size only" in err


def test_four_players_deal_as_before():
    four = Deal(game="canasta", seed=3, players=4)
    assert four.players is None and four.to_dict() == Deal(game="canasta", seed=3).to_dict()
    assert "players" not in four.to_dict() and four.size == ""
    assert Deal(game="canasta", seed=3, players=6, sides=3).size == "6x3"
    assert Deal.from_dict(Deal(game="canasta", seed=3, players=2).to_dict()).rules == canasta.Rules(players=2)


@pytest.mark.parametrize(("players", "said"), [
    ("2", "2 players, each for themselves, 15 cards each"),
    ("3", "going out needs 2 canastas"),
    ("6", "partners South/Northwest/Northeast against Southwest/North/Southeast"),
])
def test_the_rules_in_brief_tell_the_table(tmp_path, monkeypatch, capsys, players, said):
    partner = ["--partner", "greedy"] if players == "6" else []
    rc, out, _ = _run(monkeypatch, capsys, "rules\nquit\ny\n", "play", "--game", "canasta", "--players", players,
                      "--seed", "2", *GREEDY, *partner, "--replay-dir", str(tmp_path))
    brief = " ".join(out.split())
    assert rc == 0 and said in brief and "West/East" not in brief
    assert ("partnership" in brief) == (players == "6")  # partnership wording only where there are partners


# ---------------------------------------------------------------------------------------------- demo at every size

DEMO_SIDES = {  # the size's options: every side's name as the demo's final line writes them
    ("--players", "2"): ("South", "North"),
    ("--players", "6", "--sides", "3"): ("South/North", "Southwest/Northeast", "Northwest/Southeast"),
    ("--players", "6"): ("South/Northwest/Northeast", "Southwest/North/Southeast"),
}


@pytest.mark.parametrize("size", list(DEMO_SIDES))
def test_demo_plays_at_every_size(monkeypatch, capsys, size):
    monkeypatch.setenv("COLUMNS", "80")
    rc, out, err = _run(monkeypatch, capsys, "", "demo", "--game", "canasta", "--seed", "3", *size, "--verbose")
    assert rc == 0 and err == ""
    players, sides = size[1], size[3] if len(size) > 2 else str(len(DEMO_SIDES[size]))
    assert out.splitlines()[0] == f"Canasta demo: random players, {players} at the table in {sides} sides, seed 3."
    final = " ".join(out[out.index("Final scores"):].split())
    scores = final.split(": ")[1].split(", ")
    assert [s.rsplit(" ", 1)[0] for s in scores] == list(DEMO_SIDES[size])  # one score per side, named
    alone = len(DEMO_SIDES[size]) == int(players)
    assert (" wins (" in final) == alone and (" win (" in final) == (not alone) or "a draw" in final
    assert final.count("Round") == 0 and out.count("scores") >= 2 and max(map(len, out.splitlines())) <= 80
    seats = {"South", "North", "West", "East", "Southwest", "Northwest", "Northeast", "Southeast"}
    movers = {line.split(":")[0].strip() for line in out.splitlines() if line.startswith("  ") and ": " in line}
    assert movers and movers <= seats and len(movers) <= int(players)  # the moves are told by the table's seats
    rc, again, _ = _run(monkeypatch, capsys, "", "demo", "--game", "canasta", "--seed", "3", *size, "--verbose")
    assert again == out  # a function of the seed and the table


def test_demo_at_the_default_table_is_the_four_player_demo(monkeypatch, capsys):
    _, default, _ = _run(monkeypatch, capsys, "", "demo", "--game", "canasta", "--seed", "2")
    _, four, _ = _run(monkeypatch, capsys, "", "demo", "--game", "canasta", "--seed", "2", "--players", "4")
    assert four == default and default.startswith("Canasta demo: four random players, seed 2.")


@pytest.mark.parametrize(("argv", "said"), [
    (["--game", "canasta", "--players", "5"], "Canasta has no table of 5 players"),
    (["--game", "canasta", "--players", "4", "--sides", "4"], "sides must be 2"),
    (["--game", "canasta", "--sides", "3"], "sides needs players"),
    (["--players", "4"], "Foot Canasta is played at one table size only"),
    (["--game", "footcanasta", "--players", "2"], "Foot Canasta is played at one table size only"),
])
def test_demo_refuses_a_size_the_game_does_not_know(monkeypatch, capsys, argv, said):
    rc, out, err = _run(monkeypatch, capsys, "", "demo", *argv)
    assert rc == 2 and out == "" and err.startswith("footcanasta demo: error: ") and said in err, err
