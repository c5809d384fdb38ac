"""A game at the terminal: saved after every move, stopped only when confirmed, resumed from its replay,
interrupted with a word on where it went; the bots at the table are never silently weaker; line editing."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest

from footcanasta_env.cli import build_parser, main
from footcanasta_env.footcanasta.bots import strongest_bot
from footcanasta_env.footcanasta.bots.registry import _POLICY_LOADERS
from footcanasta_env.play import Terminal
from footcanasta_env.replays import load_replay, reproduce

ROOT = Path(__file__).resolve().parents[2]
RANDOM = ["--partner", "random", "--opponents", "random"]


class Script(io.StringIO):
    """Scripted input that runs ``check`` before handing out each line."""

    def __init__(self, text: str, check) -> None:
        super().__init__(text)
        self.check = check

    def readline(self, *args) -> str:  # type: ignore[override]
        self.check()
        return super().readline(*args)


def _play(tmp_path, monkeypatch, capsys, stdin, *argv) -> tuple[int, str]:
    monkeypatch.setattr(sys, "stdin", stdin)
    rc = main(["play", *argv, "--replay-dir", str(tmp_path)] if "--resume" not in argv else ["play", *argv])
    out, err = capsys.readouterr()
    assert err == "" and "Traceback" not in out
    return rc, out


def test_the_replay_is_on_disk_at_every_prompt(tmp_path, monkeypatch, capsys):
    seen: list[int] = []

    def check():
        files = list(tmp_path.glob("*.json"))
        if files:  # every action so far is in the file, and it reproduces the position being asked about
            replay = load_replay(files[0])
            game = reproduce(replay)
            seen.append(len(replay.actions))
            assert game.current_player == 0  # South is being asked: every bot move before it is saved

    rc, out = _play(tmp_path, monkeypatch, capsys, Script("1\n" * 30, check), "--seed", "6", *RANDOM)
    assert rc == 0 and len(seen) >= 30
    assert seen == sorted(seen) and seen[-1] > seen[0]
    replay = load_replay(next(tmp_path.glob("*.json")))
    assert sum(1 for s, _ in replay.actions if s == 0) >= 25  # South's moves, none lost


def test_end_of_input_asks_then_takes_it_as_yes(tmp_path, monkeypatch, capsys):
    rc, out = _play(tmp_path, monkeypatch, capsys, io.StringIO("1\n"), "--seed", "3", *RANDOM)
    assert rc == 0
    assert "End of input. Stop the game (saved: you can resume it)? [y/N]" in out
    assert "End of input: taken as yes." in out and "Game stopped (end of input)" in out
    assert "footcanasta play --resume " in out


def test_quit_between_rounds_asks_too(tmp_path, monkeypatch, capsys):
    script = "1\n" * 3000  # '1' at the round break is 'go on'; then quit there
    rc, out = _play(tmp_path, monkeypatch, capsys, io.StringIO(script), "--seed", "2", *RANDOM)
    assert rc == 0 and "Round 4 scores" in out
    lines = script.splitlines()
    # Play round 1 again, stopping at its break with 'quit' and 'y'.
    first = out.split("Press Enter for round 2")[0]
    moves = first.count("Your move> ")
    script = "\n".join(lines[:moves] + ["quit", "y"]) + "\n"
    for f in tmp_path.glob("*.json"):
        f.unlink()
    rc, out = _play(tmp_path, monkeypatch, capsys, io.StringIO(script), "--seed", "2", *RANDOM)
    assert "Press Enter for round 2 (or type quit): quit" in out and "Game stopped (quit) in round 2" in out


def test_resume_goes_on_with_a_stopped_game(tmp_path, monkeypatch, capsys):
    rc, out = _play(tmp_path, monkeypatch, capsys, io.StringIO("1\n" * 60), "--seed", "9", *RANDOM)
    (path,) = tmp_path.glob("*.json")
    first = load_replay(path)
    assert not first.complete
    rc, out = _play(tmp_path, monkeypatch, capsys, io.StringIO("1\n" * 4000), "--resume", str(path))
    assert rc == 0 and f"Resuming {path}" in out and "Final scores" in out
    done = load_replay(path)  # the same file, now the whole game
    assert done.complete and done.actions[:len(first.actions)] == first.actions
    assert [p.get("bot") for p in done.players[1:]] == ["random"] * 3  # the bots it was played with
    reproduce(done)
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert main(["play", "--resume", str(path)]) == 2
    assert "is over" in capsys.readouterr().err
    assert main(["play", "--resume", str(path), "--seed", "4"]) == 2
    assert "cannot be combined" in capsys.readouterr().err



def test_resume_refuses_a_game_of_other_rules(tmp_path, monkeypatch, capsys):
    # 'play' deals the game's own rules; a replay of a variant would be rebuilt as another game.
    _play(tmp_path, monkeypatch, capsys, io.StringIO("1\n" * 30), "--seed", "9", *RANDOM)
    (path,) = tmp_path.glob("*.json")
    replay = load_replay(path)
    replay.rules = replay.rules.with_rounds(1)
    replay.actions, replay.result, replay.complete = [], None, False
    replay.save(path)
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert main(["play", "--resume", str(path)]) == 2
    assert "played with other rules" in capsys.readouterr().err


def test_ctrl_c_says_where_the_game_went(tmp_path, monkeypatch, capsys):
    count = [0]

    def interrupt():
        count[0] += 1
        if count[0] > 5:
            raise KeyboardInterrupt

    monkeypatch.setattr(sys, "stdin", Script("1\n" * 50, interrupt))
    rc = main(["play", "--seed", "5", *RANDOM, "--replay-dir", str(tmp_path)])
    out, err = capsys.readouterr()
    (path,) = tmp_path.glob("*.json")
    assert rc == 130 and err == ""
    assert f"The game is saved in {path}" in " ".join(out.split())
    assert f"footcanasta play --resume {path}" in " ".join(out.split())
    assert sum(1 for s, _ in load_replay(path).actions if s == 0) == 5


def _broken(path, seed):
    raise FileNotFoundError("no shipped policy")


def test_a_bot_that_does_not_load_is_replaced_out_loud(tmp_path, monkeypatch, capsys):
    monkeypatch.setitem(_POLICY_LOADERS, "learned", _broken)
    rc, out = _play(tmp_path, monkeypatch, capsys, io.StringIO(""), "--seed", "1", "--partner", "learned",
                    "--opponents", "random")
    text = " ".join(out.split())
    assert "Note: The learned bot could not be loaded (no shipped policy); North is the expert bot instead." in text
    assert "North (expert bot) is your partner" in text
    replay = load_replay(next(tmp_path.glob("*.json")))
    assert replay.players[2]["bot"] == "expert" and replay.players[2]["fallback_from"] == "learned"


def test_the_default_bot_falling_back_is_said(tmp_path, monkeypatch, capsys):
    monkeypatch.setitem(_POLICY_LOADERS, "learned", _broken)
    rc, out = _play(tmp_path, monkeypatch, capsys, io.StringIO(""), "--seed", "1")
    text = " ".join(out.split())
    assert ("Note: The learned bot could not be loaded (no shipped policy), so West, North and East are expert "
            "bots instead.") in text


def test_unknown_bot_is_still_an_error(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert main(["play", "--partner", "nobody", "--replay-dir", str(tmp_path)]) == 2
    assert "unknown bot 'nobody'" in capsys.readouterr().err


def test_play_help_names_the_default_the_code_uses():
    sub = next(a for a in build_parser()._actions if a.dest == "command")
    text = sub.choices["play"].format_help()
    assert strongest_bot() == "learned"
    assert "the strongest bot that loads, today learned (the shipped policy)" in " ".join(text.split())
    assert "expert > greedy > random" not in text
    assert "--resume FILE" in text


def test_log_shows_every_card_of_the_round(tmp_path, monkeypatch, capsys):
    rc, out = _play(tmp_path, monkeypatch, capsys, io.StringIO("1\n1\n1\nlog\nlog all\nlog me\n"), "--seed", "4",
                    *RANDOM)
    assert out.count("Round 1, every action you saw:") == 2
    assert "type 'log' for this round or 'log all'" in out


def test_a_terminal_gets_line_editing(monkeypatch):
    asked: list[str] = []

    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    tty = Tty("")
    monkeypatch.setattr(sys, "stdin", tty)
    monkeypatch.setattr("builtins.input", lambda prompt="": asked.append(prompt) or "d")
    from rich.console import Console

    out = io.StringIO()
    term = Terminal(Console(file=out, width=80), tty)
    assert term.interactive and term.read("Your move> ") == "d"
    assert asked == ["Your move> "]  # input() draws the prompt, so readline knows where the line starts
    if sys.platform != "win32":
        assert "readline" in sys.modules


def test_scripted_input_through_a_pipe_does_not_hang(tmp_path):
    cmd = [sys.executable, "-m", "footcanasta_env.cli", "play", "--seed", "8", *RANDOM, "--replay-dir", str(tmp_path)]
    res = subprocess.run(cmd, input="1\nquit\n", capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert res.returncode == 0, res.stderr
    assert "End of input: taken as yes." in res.stdout and "Game stopped (quit)" in res.stdout


@pytest.mark.parametrize("answer,stops", [("y", True), ("yes", True), ("n", False), ("", False)])
def test_quit_is_confirmed(tmp_path, monkeypatch, capsys, answer, stops):
    rc, out = _play(tmp_path, monkeypatch, capsys, io.StringIO(f"quit\n{answer}\nquit\ny\n"), "--seed", "2",
                    *RANDOM)
    assert out.count("Stop the game") == (1 if stops else 2)
    assert "Game stopped (quit)" in out


def test_ctrl_c_while_a_bot_thinks_leaves_a_good_file(tmp_path, monkeypatch, capsys):
    from footcanasta_env.footcanasta.bots import RandomBot

    calls = [0]
    act = RandomBot.act

    def slow(self, view):
        calls[0] += 1
        if calls[0] == 40:
            raise KeyboardInterrupt
        return act(self, view)

    monkeypatch.setattr(RandomBot, "act", slow)
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 500))
    assert main(["play", "--seed", "7", *RANDOM, "--replay-dir", str(tmp_path)]) == 130
    out = capsys.readouterr().out
    assert "Interrupted in round 1" in out
    replay = load_replay(next(tmp_path.glob("*.json")))
    game = reproduce(replay)  # the saved result matches the saved actions
    assert not game.is_over and len(replay.actions) > 40
