"""The table core (``footcanasta_env.table``): one person's game, the same for every game and every adapter."""

from __future__ import annotations

import io
import json
import sys

import pytest
from rich.console import Console

from footcanasta_env.cli import main
from footcanasta_env.games import get_game
from footcanasta_env.play import Terminal, play_session
from footcanasta_env.replays import load_replay, reproduce
from footcanasta_env.table import HUMAN, Deal, Table, TableError


def _to_south(table: Table) -> None:
    for _ in table.bot_steps():
        pass


def test_a_deal_names_its_game_and_refuses_two_deals_or_an_unknown_game():
    assert Deal(seed=3).game == "footcanasta"
    with pytest.raises(ValueError, match="give one of seed, daily and scenario"):
        Deal(seed=3, daily="2026-12-03")
    with pytest.raises(ValueError, match="unknown game 'nosuch'.*footcanasta"):
        Deal(game="nosuch", seed=1)
    with pytest.raises(ValueError, match="not a date"):
        Deal(daily="yesterday")
    assert Deal(daily=" 2026-12-03").daily == "2026-12-03"


def test_the_persons_moves_go_all_or_none():
    table = Table.open(Deal(seed=5), "random", "random")
    _to_south(table)
    before, version = table.game.to_scenario(), table.version
    legal = [table.module.action_name(a) for a in table.game.legal_actions()]
    with pytest.raises(TableError, match=r"step 2 of 2") as e:
        table.play([legal[0], "laydown"])  # draw first: nothing is set aside, so no laydown
    assert e.value.status == 409
    assert table.game.to_scenario() == before and table.version == version
    with pytest.raises(TableError, match="unknown action"):
        table.play(["fly away"])
    assert table.game.to_scenario() == before


def test_a_hint_is_a_function_of_the_deal_and_the_moves_made():
    a, b = (Table.open(Deal(seed=9), "expert", "expert") for _ in range(2))
    for t in (a, b):
        _to_south(t)
    assert a.hint() == b.hint()
    action, bot = a.hint()
    assert action in a.view().legal_actions and bot == a.module.hint_bot_name()
    a.play([a.module.action_name(action)])
    if not a.game.is_over and a.game.current_player == HUMAN:
        assert a.hint()[0] in a.view().legal_actions


def test_rebuilt_from_its_log_the_table_is_the_same_and_its_bots_go_on_alike():
    table = Table.open(Deal(seed=11), "random", "random")
    for _ in range(6):
        _to_south(table)
        table.play([table.module.action_name(table.game.legal_actions()[-1])])
    again = Table.rebuild(table.deal, "random", "random", table.log)
    assert again.game == table.game and again.log == table.log
    seat = again.game.current_player
    if seat != HUMAN:
        view = table.game.view(seat)
        assert again.bots[seat].act(view) == table.bots[seat].act(view)


def test_the_replay_of_a_table_reproduces_its_game(tmp_path):
    table = Table.open(Deal(daily="2026-12-01"), "greedy", "random")
    _to_south(table)
    table.play([table.module.action_name(table.game.legal_actions()[0])])
    path = table.replay("terminal").save(tmp_path / table.replay_name())
    assert path.name.endswith("-daily-2026-12-01.json")
    replay = load_replay(path)
    assert replay.game == "footcanasta" and replay.daily == "2026-12-01"
    assert reproduce(replay) == table.game
    assert [p.get("bot") for p in replay.players] == [None, "random", "greedy", "random"]


def test_a_scenario_deal_has_no_replay():
    spec = Table.open(Deal(seed=2), "random", "random").game.to_scenario()
    table = Table.open(Deal(scenario=spec), "random", "random")
    with pytest.raises(TableError, match="scenario has no replay"):
        table.replay("web")


# ------------------------------------------------------------------------------------------------ the toy game


def test_a_terminal_game_of_the_toy_with_scripted_input(toy, tmp_path, monkeypatch, capsys):
    moves = "".join(f"play {n}\n" for n in (5, 4, 3, 2, 1))
    script = "hint\ntotals\nwhat?\n" + ("double\n" + moves) * 40
    monkeypatch.setattr(sys, "stdin", io.StringIO(script))
    rc = main(["play", "--game", "toy", "--seed", "8", "--partner", "greedy", "--opponents", "random",
               "--replay-dir", str(tmp_path)])
    out, err = capsys.readouterr()
    assert rc == 0 and err == "" and "Traceback" not in out
    assert "Toy Sum, seed 8. You are South" in out
    assert "Hint (greedy bot):" in out and "Totals 0 to 0" in out
    assert "not a toy move: 'what?'" in out
    assert "Toy game over:" in out
    files = list(tmp_path.glob("*-toy-seed-8.json"))
    assert len(files) == 1
    saved = json.loads(files[0].read_text())
    assert saved["game"] == "toy" and saved["complete"]
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert main(["replay", str(files[0])]) == 0
    assert "Reproduced exactly" in capsys.readouterr().out


def test_the_toy_game_stopped_and_resumed_at_the_terminal(toy, tmp_path):
    console = Console(file=io.StringIO(), width=100)
    table = Table.open(Deal(game="toy", seed=6), "random", "random")
    path = tmp_path / table.replay_name()
    term = Terminal(console, io.StringIO("play 5\nplay 4\nplay 3\nplay 2\nplay 1\n" + "quit\ny\n"))
    assert play_session(table, term, save_to=path) == "quit"
    out = io.StringIO()
    monkey_stdin = io.StringIO(("play 5\nplay 4\nplay 3\nplay 2\nplay 1\n") * 40)
    from footcanasta_env.play.terminal import run_play

    args = type("Args", (), {"resume": str(path), "seed": None, "daily": False, "date": None, "game": None,
                             "partner": None, "opponents": None, "replay_dir": str(tmp_path)})()
    assert run_play(args, monkey_stdin, Console(file=out, width=100)) == 0
    assert "Resuming" in out.getvalue() and "Toy game over" in out.getvalue()
    assert reproduce(load_replay(path)).is_over
    assert get_game("toy").NAME == "toy"
