"""The README stays a short front door: at most 200 lines, its commands ones the CLI accepts, its example run,
its links alive. Everything else lives in the documentation (docs/, tests/house/test_docs.py)."""

from __future__ import annotations

import re

import pytest

from tests.helpers.doc_examples import ROOT, cli_refusal, footcanasta_commands, run_blocks, runnable_blocks

README = ROOT / "README.md"
COMMANDS = footcanasta_commands(README)


def test_the_readme_is_at_most_200_lines():
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) <= 200, f"README.md has {len(lines)} lines: move the detail into docs/"


def test_the_readme_shows_the_two_set_up_commands():
    text = README.read_text(encoding="utf-8")
    assert "python3 -m venv .venv && .venv/bin/pip install -e . && .venv/bin/footcanasta demo --seed 1" in text
    assert '.venv/bin/pip install -e ".[train,dev]" && .venv/bin/python -m pytest' in text


def test_the_readme_shows_play_in_both_games_in_the_terminal_and_the_browser():
    subcommands = {tuple(c[:1]) for c in COMMANDS}
    assert {("play",), ("serve",), ("rules",), ("evaluate",)} <= subcommands
    assert ["play", "--game", "canasta"] in COMMANDS
    assert "/?game=canasta" in README.read_text(encoding="utf-8")


@pytest.mark.parametrize("argv", COMMANDS, ids=" ".join)
def test_every_footcanasta_command_in_the_readme_is_accepted_by_the_cli(argv):
    assert not cli_refusal(argv), f"footcanasta {' '.join(argv)}: {cli_refusal(argv)}"


def test_the_readme_finds_enough_commands_to_check():
    assert len(COMMANDS) >= 12, COMMANDS  # the parser of footcanasta_commands still reads the README


def test_the_readme_environment_example_runs_and_is_ten_lines():
    (block,) = runnable_blocks(README)
    assert len(block.strip().splitlines()) <= 10
    namespace = run_blocks(README)
    game = namespace["e"].game
    assert game.is_over and game.round == 1  # rounds=1: the loop played the round to its end


def test_the_readme_links_resolve():
    for target in re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", README.read_text(encoding="utf-8")):
        if "://" not in target:
            assert (ROOT / target).is_file(), f"README.md links to {target}, which is not there"
