"""The terminal's words for people: the rules drawn (not raw Markdown), ``demo --game``, counts of cards that
cannot be misread and meld and canasta captions in plain words, in every language of the terminal."""

from __future__ import annotations

import re

import pytest

from footcanasta_env.cli import main, render_markdown
from footcanasta_env.games import get_game
from footcanasta_env.i18n import LANGUAGES


def _table_rows(markdown: str) -> list[list[str]]:
    """The body cells of every Markdown table in ``markdown`` (without the header and rule lines)."""
    rows, lines = [], markdown.splitlines()
    for i, line in enumerate(lines):
        if line.startswith("|") and i >= 2 and re.match(r"^\|(\s*:?-+:?\s*\|)+\s*$", lines[i - 1]) is None \
                and lines[i - 1].startswith("|") and not re.match(r"^\|(\s*:?-+:?\s*\|)+\s*$", line):
            rows.append([c.strip().replace("`", "") for c in line.strip().strip("|").split("|")])
    return rows


@pytest.mark.parametrize("game", ["footcanasta", "canasta"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_rules_are_drawn_with_tables_as_tables(game, lang):
    source = get_game(game).rules_text(lang=lang)
    assert "**" in source and "|---|" in source  # what there is to draw
    out = render_markdown(source, width=160, color=False)
    assert "**" not in out and "|---|" not in out and "\n|" not in out and "\n## " not in out
    assert "─" in out  # a table's rule, drawn
    rows = _table_rows(source)
    assert rows
    for cells in rows:  # every cell of every table is in the drawing, the cells of a row on one line
        words = [c for c in cells if c and len(c) < 25]
        assert any(all(c in line for c in words) for line in out.splitlines()), cells


def test_rules_at_a_terminal_are_drawn_and_through_a_pipe_are_markdown(monkeypatch, capsys):
    source = get_game("canasta").rules_text(lang="ru")
    assert main(["rules", "--game", "canasta", "--lang", "ru"]) == 0  # capsys: not a terminal
    assert capsys.readouterr().out == source
    assert main(["rules", "--game", "canasta", "--lang", "ru", "--rendered"]) == 0
    drawn = capsys.readouterr().out
    assert "**" not in drawn and "|---|" not in drawn and "Канаста" in drawn
    monkeypatch.setattr("sys.stdout.isatty", lambda: True)
    assert main(["rules", "1", "--lang", "th"]) == 0
    drawn = capsys.readouterr().out
    assert "**" not in drawn and "|---|" not in drawn and "\x1b[" in drawn  # bold, at a terminal
    for flag in ("--markdown", "--raw"):
        assert main(["rules", "1", "--lang", "th", flag]) == 0
        assert capsys.readouterr().out == get_game("footcanasta").rules_text(1, lang="th")


def test_rules_help_tells_how_to_get_the_markdown(capsys):
    with pytest.raises(SystemExit):
        main(["rules", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "--markdown" in out and "--raw" in out and "--rendered" in out and "not a terminal" in out


@pytest.mark.parametrize("game", ["footcanasta", "canasta"])
def test_demo_plays_the_game_asked_for_with_its_seed_and_options(game, monkeypatch, capsys):
    monkeypatch.setenv("COLUMNS", "80")
    assert main(["demo", "--game", game, "--seed", "4", "--lang", "de"]) == 0
    out = capsys.readouterr().out
    first = out.splitlines()[0]
    assert "Canasta" in first and first.rstrip(".").endswith("4") and ("Foot" in first) == (game == "footcanasta")
    assert "Endstand" in out and "(--verbose" in out and max(len(x) for x in out.splitlines()) <= 80
    assert main(["demo", "--game", game, "--seed", "4", "--lang", "de"]) == 0
    assert capsys.readouterr().out == out  # a function of the seed
    assert main(["demo", "--game", game, "--seed", "4", "--verbose"]) == 0
    verbose = capsys.readouterr().out
    assert "more (--verbose" not in verbose and "Final scores" in verbose and "seed 4" in verbose
    assert main(["demo", "--game", game, "--seed", "5"]) == 0
    assert capsys.readouterr().out.split("\n", 1)[1] != verbose.split("\n", 1)[1]  # another seed, another game
    # the round tables are the game's own: Canasta's partnerships score natural and mixed canastas
    assert ("nat/mix" in verbose) == (game == "canasta") and ("c/d/w" in verbose) == (game == "footcanasta")


def test_demo_without_game_is_foot_canasta_and_an_unknown_game_is_refused(capsys):
    assert main(["demo", "--seed", "1"]) == 0
    assert capsys.readouterr().out.startswith("Foot Canasta demo: four random players, seed 1.")
    with pytest.raises(SystemExit):
        main(["demo", "--game", "chess"])
    assert "invalid choice: 'chess'" in capsys.readouterr().err
