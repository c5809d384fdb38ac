"""``footcanasta replay``: stepping by action, turn or round, keys at the prompt, set-aside melds kept private;
and ``footcanasta demo`` at the terminal's width."""

from __future__ import annotations

import io
import re
import sys

import pytest
from rich.console import Console

from footcanasta_env.cli import main
from footcanasta_env.footcanasta.actions import ACTION_TYPE, ADD, MELD, action_id
from footcanasta_env.footcanasta.engine import new_game
from footcanasta_env.play import Terminal, play_session
from footcanasta_env.replays import load_replay
from footcanasta_env.table import Deal, Table

TURN_LINE = re.compile(r"^ {0,4}\d+  (South|West|North|East) ", re.M)


@pytest.fixture(scope="module")
def replay_file(tmp_path_factory):
    """A whole game of random bots and a person who always types '1', saved as a replay."""
    table = Table.open(Deal(seed=21), "random", "random")
    term = Terminal(Console(file=io.StringIO(), width=100), io.StringIO("1\n" * 4000))
    assert play_session(table, term) == "over"
    return table.replay("terminal").save(tmp_path_factory.mktemp("review") / "game.json")


def _replay(path, monkeypatch, capsys, keys: str, *opts) -> str:
    monkeypatch.setattr(sys, "stdin", io.StringIO(keys))
    assert main(["replay", str(path), *opts]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    return out


def _set_asides(path) -> list[int]:
    """Indices of the actions that set a meld aside (a meld or add before the partnership's initial meld)."""
    replay = load_replay(path)
    game = new_game(seed=replay.seed, rules=replay.rules)
    found = []
    for i, (seat, name) in enumerate(replay.actions):
        a = action_id(name)
        if ACTION_TYPE[a] in (MELD, ADD) and not game.down[seat & 1]:
            found.append(i)
        game.step(a)
    return found


def test_by_turn_pauses_once_a_turn(replay_file, monkeypatch, capsys):
    out = _replay(replay_file, monkeypatch, capsys, "\n" * 3000, "--step")
    turns = len(TURN_LINE.findall(out))
    assert 100 < turns < len(load_replay(replay_file).actions) / 2
    assert out.count("Enter: next turn;") == turns - 1  # no pause after the last turn
    assert "Reproduced exactly" in out


def test_by_round_pauses_at_each_round_end(replay_file, monkeypatch, capsys):
    out = _replay(replay_file, monkeypatch, capsys, "\n" * 10, "--by", "round")
    assert out.count("Enter: next round;") == 3 and out.count(" scores") >= 4
    assert "Your turn" not in out  # no table at every South turn: 's' shows it


def test_keys_change_the_step(replay_file, monkeypatch, capsys):
    out = _replay(replay_file, monkeypatch, capsys, "a\n\nzz\nt\nc\n", "--by", "round")
    assert out.count("Enter: next round;") == 1
    assert out.count("Enter: next action;") == 3  # after 'a': two actions, the unknown key asked again
    assert "unknown key 'zz': press Enter for the next action" in " ".join(out.split())
    assert out.count("Enter: next turn;") == 1 and "Reproduced exactly" in out  # 'c' ran to the end


def test_set_aside_melds_are_marked_private(replay_file, monkeypatch, capsys):
    asides = _set_asides(replay_file)
    assert asides, "the game must hold set-aside melds"
    out = " ".join(_replay(replay_file, monkeypatch, capsys, "").split())  # lines wrap at 80 columns
    assert out.count(" (set aside)") == len(asides)  # one per set-aside action, besides the intro's
    actions = _replay(replay_file, monkeypatch, capsys, "\n" * 5000, "--by", "action")
    assert " ".join(actions.split()).count(" (set aside)") == len(asides)
    for line in actions.splitlines():
        m = re.match(r"^ *(\d+)  \w+ +(meld|add) ", line)
        if m:
            assert ("(set aside)" in line) == (int(m.group(1)) - 1 in asides), line


def test_the_table_never_shows_a_bots_set_aside_melds(replay_file, monkeypatch, capsys):
    replay = load_replay(replay_file)
    i = next(i for i in _set_asides(replay_file) if replay.actions[i][0] == 1)  # West sets a meld aside
    nxt = replay.actions[i + 1]
    assert nxt[0] == 1
    keys = "\n" * i + "s\nq\n"  # stop right after West's set-aside action, and look at the table
    out = _replay(replay_file, monkeypatch, capsys, keys, "--by", "action")
    table = out.split("; q: quit> s")[-1]
    assert "West's set-aside melds (private until laid down):" in out
    west_line = next(x for x in table.splitlines() if x.startswith("West/East"))
    game = new_game(seed=replay.seed, rules=replay.rules)
    for _, name in replay.actions[:i + 1]:
        game.step(name)
    if not game.down[1]:
        assert "no initial meld yet" in west_line


@pytest.mark.parametrize("columns", [80, 120])
def test_demo_fits_the_terminal(monkeypatch, capsys, columns):
    monkeypatch.setenv("COLUMNS", str(columns))
    assert main(["demo", "--seed", "0"]) == 0
    out = capsys.readouterr().out
    assert max(len(x) for x in out.splitlines()) <= columns
    more = [int(n) for n in re.findall(r"\.\.\. and (\d+) more \(--verbose lists them all\)", out)]
    assert more and all(n > 0 for n in more)
    assert main(["demo", "--seed", "0", "--verbose"]) == 0
    verbose = capsys.readouterr().out
    assert "more (--verbose" not in verbose
    shown = len(re.findall(r"^  [^.\s]", out, re.M))
    assert len(re.findall(r"^  \S", verbose, re.M)) == shown + sum(more)
