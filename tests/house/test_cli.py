"""The ``footcanasta`` command's own options: --version, rules, and what evaluate/league check before playing."""

from __future__ import annotations

from pathlib import Path

import pytest

import footcanasta_env
from footcanasta_env import cli
from footcanasta_env.cli import build_parser, main
from footcanasta_env.evaluation import cli as evaluation_cli
from footcanasta_env.footcanasta import rules_text

ROOT = Path(__file__).resolve().parents[2]


def test_version(capsys):
    with pytest.raises(SystemExit) as e:
        main(["--version"])
    assert e.value.code == 0
    assert capsys.readouterr().out.strip() == f"footcanasta {footcanasta_env.__version__}"


def test_the_docstring_names_every_subcommand():
    commands = build_parser()._subparsers._group_actions[0].choices
    assert len(commands) >= 8
    missing = [c for c in commands if f"``{c}``" not in cli.__doc__]
    assert not missing, missing


def test_rules_prints_the_rules_document(capsys):
    assert main(["rules"]) == 0
    assert capsys.readouterr().out == (ROOT / "docs" / "RULES.md").read_text(encoding="utf-8")


def test_rules_prints_one_section(capsys):
    assert main(["rules", "12"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("## 12. What each player may observe\n")
    assert "## 13." not in out and "Public memory of pickups" in out
    assert rules_text(13).startswith("## 13. Variants") and rules_text(13).endswith("\n")


def test_rules_unknown_section(capsys):
    assert main(["rules", "14"]) == 2
    assert "no section 14 (sections 1-13)" in capsys.readouterr().err


@pytest.mark.parametrize("command", ["evaluate", "league"])
def test_help_lists_learned_and_policy_path(command, capsys):
    with pytest.raises(SystemExit):
        main([command, "--help"])
    out = " ".join(capsys.readouterr().out.split())  # argparse wraps lines
    for name in ("random", "greedy", "expert", "learned", "policy:PATH"):
        assert name in out


@pytest.fixture
def no_play(monkeypatch):
    """Fail the test if a match or a league starts."""
    def refuse(*args, **kwargs):
        raise AssertionError("the games were played before the arguments were checked")

    monkeypatch.setattr(evaluation_cli, "evaluate", refuse)
    monkeypatch.setattr(evaluation_cli, "league", refuse)


@pytest.mark.parametrize("argv", [["evaluate", "random", "greedy"], ["league", "random", "greedy"]])
def test_a_bad_plot_format_is_refused_before_playing(argv, tmp_path, no_play, capsys):
    assert main([*argv, "--plot", str(tmp_path / "out.xyz")]) == 2
    err = capsys.readouterr().err
    assert "cannot write .xyz files" in err and "png" in err
    assert main([*argv, "--plot", str(tmp_path)]) == 2  # a folder, not a file
    assert "is a folder" in capsys.readouterr().err


def test_league_refuses_a_negative_bootstrap(no_play, capsys):
    with pytest.raises(SystemExit) as e:
        main(["league", "random", "greedy", "--bootstrap", "-1"])
    assert e.value.code == 2
    assert "--bootstrap: must be at least 0, got -1" in capsys.readouterr().err
