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
    assert main(["demo", "--game", "chess"]) == 2
    assert "footcanasta demo: error:" in capsys.readouterr().err


def test_a_game_without_a_demo_is_refused_by_name(toy, capsys):
    assert main(["demo", "--game", "toy"]) == 2
    err = capsys.readouterr().err
    assert "Toy Sum has no demo (games with one: footcanasta, canasta)" in err, err


# ------------------------------------------------------------------------------------------ counts and captions

COUNT_BESIDE_RANK = re.compile(r"(?<![\w.])(10|[2-9JQKA]|JK|R3|B3)\s?[×x]\s?\d")  # 5×2, Q×6, 2 x 3


def _plain(renderable, width: int = 80) -> str:
    import io

    from rich.console import Console

    out = io.StringIO()
    Console(file=out, width=width, no_color=True, color_system=None, highlight=False).print(renderable)
    return out.getvalue()


def _foot_canasta_view():
    from footcanasta_env.footcanasta.engine import load_scenario

    return load_scenario({
        "round": 1, "current": 0, "phase": "play", "dealer": 3,
        "players": [{"hand": "5 5 2 2 2 9 JK"}, {"hand": "9 9 5 5 10"}, {"hand": "4 5 6 7"}, {"hand": "4 5 6 7"}],
        "teams": [{"melds": ["Q Q Q Q Q Q Q", "K K K K", "6 6 6 2", "2 2 2 JK"], "down": True},
                  {"melds": ["J J J"], "down": True}],
        "pile": "5 8 8", "memory": ["", "9 9", "", ""]}, seed=1).view(0)


def _canasta_view():
    from footcanasta_env.canasta import load_scenario
    from tests.helpers.canasta_oracle import scenario

    return load_scenario(scenario(["5 5 2 2 2 9 JK", "5 6", "7 8", "4 10"], phase="play", pile="8 Q",
                                  melds0=["K K K K K K K", "7 7 7 7 7 7 2 JK", "A A A A", "6 6 6 2"], red0=1,
                                  has_melded=(True, False, False, False))).view(0)


@pytest.mark.parametrize("game", ["footcanasta", "canasta"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_screen_shows_every_card_and_no_count_beside_a_rank(game, lang):
    view = _foot_canasta_view() if game == "footcanasta" else _canasta_view()
    text = get_game(game).table_text(lang)
    screen = _plain(text.render_screen(view, (), 80))
    assert "×" not in screen and not COUNT_BESIDE_RANK.search(screen), screen
    hand = next(x for x in screen.splitlines() if x.rstrip().endswith("JK") and "5 5" in x)
    assert "5 5  9  2 2 2  JK" in hand  # the hand: each card shown, two spaces between kinds
    four = "K K K K" if game == "footcanasta" else "A A A A"
    assert four in screen and "6 6 6 2" in screen and " | " in screen  # the open melds, barred apart
    if game == "footcanasta":
        assert "wild 2 2 2 JK" in screen.replace(text.w._("wild"), "wild") and "Q Q Q" not in screen  # a canasta
        clean = text.w._("clean {n} of {needed}").format(n=text.w.num(1), needed=text.w.num(2))
        assert clean + " (Q)" in screen
    else:
        sizes = [text.w.ngettext("{rank}, {n} card", "{rank}, {n} cards", n).format(rank=r, n=text.w.num(n))
                 for r, n in (("K", 7), ("7", 8))]
        assert all(s in screen for s in sizes) and "A A A A" in screen
    help_ = text.help_text(view.rules, 1)
    assert "×" not in help_ and "Q Q Q Q" in help_ and "A A A 2" in help_


def test_english_captions_say_the_canastas_in_plain_words():
    fc = _plain(get_game("footcanasta").table_text("en").render_screen(_foot_canasta_view(), (), 100), 100)
    assert "South/North (you): canastas: clean 1 of 2 (Q); red 3s: 0" in fc
    assert "melds: 6 6 6 2 | K K K K | wild 2 2 2 JK" in fc and "From the pile, not yet played: West 9 9." in fc
    ca = _plain(get_game("canasta").table_text("en").render_screen(_canasta_view(), (), 100), 100)
    assert "canastas: natural (K, 7 cards); mixed (7, 8 cards); red 3s: 1" in ca and "melds: 6 6 6 2 | A A A A" in ca


@pytest.mark.parametrize("game", ["footcanasta", "canasta"])
def test_a_meld_or_a_group_of_cards_is_never_split_across_lines(game):
    view = _foot_canasta_view() if game == "footcanasta" else _canasta_view()
    for width in (30, 34, 38, 44):
        lines = _plain(get_game(game).table_text("en").render_screen(view, (), width), width).splitlines()
        assert all(len(x.rstrip()) <= width for x in lines)
        melds = next(i for i, x in enumerate(lines) if x.startswith("  melds:"))
        shown = [m.strip() for x in lines[melds:melds + 4] for m in x.replace("melds:", "").split("|")]
        assert ("K K K K" if game == "footcanasta" else "A A A A") in shown and "6 6 6 2" in shown, lines
        assert any(x.strip() in ("2 2 2  JK", "2 2 2") or "2 2 2" in x for x in lines)
        assert not any(x.rstrip().endswith((" 2 2", " K K")) and not x.rstrip().endswith("2 2 2") for x in lines
                       if "hand" not in x and "melds" not in x)


def test_the_hint_names_the_move_before_its_number(tmp_path, monkeypatch, capsys):
    import io
    import sys

    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n1\nhint\nquit\ny\n"))
    assert main(["play", "--game", "canasta", "--seed", "3", "--partner", "random", "--opponents", "random",
                 "--replay-dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    hint = re.search(r"Hint \((\w+) bot\): (.+?) \(number (\d+) in the list\)", out)
    assert hint and hint.group(1) == get_game("canasta").hint_bot_name(), out[-600:]
    assert re.search(rf"(?m)(^|\s){hint.group(3)} {re.escape(hint.group(2))}(\s|$)", out)  # that number, that move
