"""The terminal in every language: a whole scripted game of each game, the screen's size, refusals, --lang.

The scripts go through ``footcanasta play`` (``cli.main``) as ``tests/layers/test_play_session.py`` and
``tests/canasta/test_canasta_table_play.py`` do; the screen is measured as ``tests/layers/test_play_screen.py``
measures the
English one (at 100 columns at most 40 lines; at 80 columns no line wider than the terminal, 99% of screens
within 24 lines and none over 30), in terminal cells, which Thai's combining marks do not take.
"""

from __future__ import annotations

import io
import sys

import numpy as np
import pytest
from rich.cells import cell_len
from rich.console import Console

from footcanasta_env import new_game
from footcanasta_env.canasta import Rules as CanastaRules
from footcanasta_env.canasta import new_game as canasta_game
from footcanasta_env.canasta.text.texts import COMMANDS as CANASTA_COMMANDS
from footcanasta_env.cli import main
from footcanasta_env.footcanasta.bots import make_bot
from footcanasta_env.footcanasta.text.texts import COMMANDS
from footcanasta_env.games import get_game, register_game, unregister_game
from footcanasta_env.i18n import LANGUAGES, words
from footcanasta_env.table import Deal, Table

OTHERS = [lang for lang in LANGUAGES if lang != "en"]
RANDOM = ["--partner", "random", "--opponents", "random"]
SCRIPT = "help\nrules\npile\nlog\nx R3\nfly away\n99\nm K\n"


def _play(tmp_path, monkeypatch, capsys, script: str, *argv: str) -> str:
    monkeypatch.setattr(sys, "stdin", io.StringIO(script))
    rc = main(["play", *argv, "--replay-dir", str(tmp_path)])
    out, err = capsys.readouterr()
    assert rc == 0 and err == "" and "Traceback" not in out
    return out


@pytest.mark.parametrize("lang", OTHERS)
def test_a_whole_foot_canasta_game_at_the_terminal_in_each_language(lang, tmp_path, monkeypatch, capsys):
    w = words(lang)
    out = _play(tmp_path, monkeypatch, capsys, SCRIPT + "1\n" * 3000, "--seed", "4", *RANDOM, "--lang", lang)
    for english in ("Your move> ", "Final scores:", "Commands (any case", "Rules in brief", "You are South"):
        assert english not in out, english
    assert w._("Your move> ") in out and w._(COMMANDS).splitlines()[0] in out
    assert w._("Final scores: {team0} {score0}, {team1} {score1}.").split("{")[0] in out
    assert "(Regel 3.5)" in out if lang == "de" else "3.5" in out  # the refused red three names its rule
    files = list(tmp_path.glob("*-seed-4.json"))
    assert len(files) == 1
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert main(["replay", str(files[0]), "--lang", lang]) == 0
    replayed = capsys.readouterr().out
    assert w._("Reproduced exactly: the final scores {scores} match the file.").split(":")[0] in replayed


@pytest.fixture
def capped_canasta():
    """Canasta registered with two rounds at most, random bots only (as tests/canasta/test_canasta_table_play.py)."""
    from tests.canasta.test_canasta_table_play import NAME, stand_in

    register_game(NAME, stand_in())
    yield NAME
    unregister_game(NAME)


@pytest.mark.parametrize("lang", OTHERS)
def test_a_whole_canasta_game_at_the_terminal_in_each_language(lang, capped_canasta, tmp_path, monkeypatch, capsys):
    w = words(lang)
    out = _play(tmp_path, monkeypatch, capsys, SCRIPT + "1\n" * 3000, "--game", capped_canasta, "--seed", "8",
                *RANDOM, "--lang", lang)
    assert "Your move> " not in out and w._("Your move> ") in out
    assert w._("Round {round} scores").format(round=w.num(2)) in out
    assert "3.4" in out and "Commands (any case" not in out


def test_an_unknown_language_is_refused_naming_the_languages(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    with pytest.raises(SystemExit):
        main(["play", "--lang", "fr", "--replay-dir", str(tmp_path)])
    assert "en, de, it, ru, th" in capsys.readouterr().err


def test_the_locale_chooses_the_language_when_lang_is_not_given(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("LANG", "it_IT.UTF-8")
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(var, raising=False)
    out = _play(tmp_path, monkeypatch, capsys, "quit\ny\n", "--seed", "2", *RANDOM)
    assert "La tua mossa> " in out and "Your move> " not in out


def test_rules_in_a_language_go_through_the_games_rules_text(monkeypatch, capsys):
    assert main(["rules", "3", "--lang", "en"]) == 0
    assert capsys.readouterr().out.startswith("## 3.")
    rules_text = get_game("footcanasta").rules_text
    try:
        rc = main(["rules", "3", "--lang", "de"])
    except SystemExit:  # pragma: no cover - argparse refusing is a failure here
        raise
    out, err = capsys.readouterr()
    if "lang" in rules_text.__code__.co_varnames:
        assert rc == 0 and out.startswith("## 3.")
    else:  # the German rules are not in this branch: refused with a clear word, not English in their place
        assert rc == 2 and "English only" in err


@pytest.mark.parametrize("lang", OTHERS)
def test_a_refused_move_at_the_table_is_told_in_the_language_with_its_rule(lang):
    table = Table.open(Deal(seed=5), "random", "random", lang=lang)
    for _ in table.bot_steps():
        pass
    reason = table.check(["draw", "draw"])
    assert "3.2" in reason and "is not legal now" not in reason
    assert table.text is get_game("footcanasta").table_text(lang) and table.text_in("en").lang == "en"


# ---------------------------------------------------------------------------------------------- the screen


def _positions(new, text, seeds, act):
    for seed in seeds:
        game = new(seed)
        log = text.turn_log(0)
        rng = np.random.default_rng(seed)
        while not game.is_over:
            seat, before = game.current_player, game.view(0)
            if seat == 0:
                yield before, log.take(), log.since
            a = act(game, seat, rng)
            rounds = len(game.round_results)
            game.step(a)
            if len(game.round_results) == rounds:
                log.step(before, game.view(0), seat, a)
            else:
                log.end_round(game.round_results[-1])
                log.take()


def _render(text, view, events, since, width):
    out = io.StringIO()
    Console(file=out, width=width, no_color=True, color_system=None).print(
        text.render_screen(view, events, width, since))
    return out.getvalue().splitlines()


def _foot_canasta():
    bots = {s: make_bot("expert", 100 + s) for s in range(4)}
    return new_game, lambda game, seat, rng: bots[seat].act(game.view(seat))


def _canasta():
    rules = CanastaRules(max_rounds=2)
    return lambda seed: canasta_game(seed, rules), lambda game, seat, rng: int(rng.choice(game.legal_actions()))


@pytest.mark.parametrize("lang", OTHERS)
@pytest.mark.parametrize("which", ["footcanasta", "canasta"])
def test_the_screen_fits_100x40_and_80x24_in_every_language(which, lang):
    new, act = _foot_canasta() if which == "footcanasta" else _canasta()
    text = get_game(which).table_text(lang)
    at_80 = []
    for view, events, since in _positions(new, text, (0, 1), act):
        lines = _render(text, view, events, since, 100)
        assert len(lines) <= 40 and all(cell_len(x) <= 100 for x in lines), "\n".join(lines)
        lines = _render(text, view, events, since, 80)
        assert all(cell_len(x) <= 80 for x in lines) and not any("…" in x for x in lines), "\n".join(lines)
        assert len(lines) <= 30, "\n".join(lines)
        at_80.append(len(lines))
    assert len(at_80) > 100
    assert sum(n <= 24 for n in at_80) / len(at_80) >= 0.99


@pytest.mark.parametrize("lang", OTHERS)
@pytest.mark.parametrize("which", ["footcanasta", "canasta"])
def test_help_fits_80_columns_in_every_language(which, lang):
    game = get_game(which)
    text = game.table_text(lang).help_text(game.Rules(), 1)
    rows = len((COMMANDS if which == "footcanasta" else CANASTA_COMMANDS).splitlines())
    commands = text.split("\n")[:rows]
    assert all(cell_len(line) <= 80 for line in commands), commands
    assert "d, draw" in text and "x 9, discard 9" in text  # the typed commands stay English


@pytest.mark.parametrize("lang", OTHERS)
def test_the_demo_speaks_the_language(lang, capsys):
    w = words(lang)
    assert main(["demo", "--seed", "0", "--lang", lang]) == 0
    out = capsys.readouterr().out
    assert w._("Final scores") in out and "Final scores" not in out and "Traceback" not in out
    assert w._("Round {round} scores").format(round=w.num(1)) in out


def test_the_review_summary_speaks_the_language():
    from footcanasta_env.evaluation.review import RATER, STRONGEST_BOT, Decision, Review

    decisions = [Decision(index=i, round=1, phase="draw", played="draw", best="draw", loss=0.0, se=1.0)
                 for i in range(3)]
    rated = Review(seat=0, decisions=decisions, options="worlds=4", method=RATER)
    assert rated.summary() == "South: 3 decisions reviewed, 0.0 points lost per decision, accuracy 100%"
    assert rated.summary(words("de")) == ("Süd: 3 Entscheidungen bewertet, 0,0 Punkte verloren je Entscheidung, "
                                          "Genauigkeit 100\xa0%")
    other = Review(seat=1, decisions=decisions, options=None, method=STRONGEST_BOT, bot="expert", game="canasta")
    assert "expert" in other.method_text(words("ru")) and "Canasta" in other.method_text(words("ru"))


def test_a_refused_command_line_is_told_in_the_language(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert main(["play", "--seed", "-1", "--lang", "de", "--replay-dir", str(tmp_path)]) == 2
    assert "--seed muss eine nicht negative ganze Zahl sein, nicht -1" in capsys.readouterr().err
    assert main(["play", "--seed", "-1", "--lang", "en", "--replay-dir", str(tmp_path)]) == 2
    assert "--seed must be a non-negative whole number, got -1" in capsys.readouterr().err


def test_the_lineup_notes_are_told_in_the_language():
    from footcanasta_env.family.geometry import FOUR_SEAT_NAMES
    from footcanasta_env.table.lineup import Lineup, are

    assert are([1, 3], "expert", words("en"), FOUR_SEAT_NAMES) == "West and East are expert bots"
    assert are([1, 3], "expert", words("de"), FOUR_SEAT_NAMES) == "West und Ost sind expert-Bots"
    assert are([2], "greedy", words("de"), ("South", "Gamma", "North")) == "Nord ist der Bot greedy"
    lineup = Lineup(bots={}, asked={}, notes=["English"], told=[lambda w: w._("interrupted")])
    assert lineup.notes_in("it") == ["interrotto"] and Lineup({}, {}, ["as is"]).notes_in("de") == ["as is"]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("which", ["footcanasta", "canasta"])
def test_the_round_table_fits_80_columns_in_every_language(which, lang):
    game = get_game(which)
    rules = game.Rules() if which == "footcanasta" else game.Rules(max_rounds=1)
    for seed in (3, 4):
        g = game.new_game(seed, rules)
        rng = np.random.default_rng(seed)
        while not g.round_results:
            legal = g.legal_actions()
            g.step(legal[int(rng.integers(len(legal)))])
        out = io.StringIO()
        Console(file=out, width=80, no_color=True, color_system=None).print(
            game.table_text(lang).round_table(g.round_results[0], g.scores, g.rules))
        lines = out.getvalue().splitlines()
        assert all(cell_len(x) <= 80 for x in lines) and not any("…" in x for x in lines), "\n".join(lines)
