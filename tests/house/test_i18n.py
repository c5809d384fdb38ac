"""The languages (``footcanasta_env.i18n``): choosing one, numbers, messages rendered, the engines' refusals."""

from __future__ import annotations

import pytest

from footcanasta_env import i18n
from footcanasta_env.canasta import new_game as canasta_game
from footcanasta_env.footcanasta.engine import IllegalActionError, new_game
from footcanasta_env.i18n import (
    LANGUAGES,
    check_lang,
    format_number,
    from_environment,
    negotiate,
    render,
    words,
)
from footcanasta_env.messages import N_, Message

OTHERS = [lang for lang in LANGUAGES if lang != "en"]


def test_negotiate_follows_quality_and_falls_back_to_english():
    assert negotiate("de-DE,de;q=0.9,en;q=0.8") == "de"
    assert negotiate("fr-FR, it;q=0.5, ru;q=0.7") == "ru"
    assert negotiate("th") == "th"
    assert negotiate("fr, es;q=0.9") == "en"
    assert negotiate("") == "en" and negotiate(None) == "en"
    assert negotiate("de;q=0, it;q=0.1") == "it"


def test_from_environment_reads_the_locale_variables_as_gettext_does():
    assert from_environment({"LANG": "de_DE.UTF-8"}) == "de"
    assert from_environment({"LC_ALL": "ru_RU.UTF-8", "LANG": "de_DE.UTF-8"}) == "ru"
    assert from_environment({"LANGUAGE": "fr:it", "LANG": "de_DE.UTF-8"}) == "it"
    assert from_environment({"LC_ALL": "C", "LANG": "de_DE.UTF-8"}) == "en"  # the first one set decides
    assert from_environment({}) == "en"


def test_check_lang_refuses_an_unknown_code_naming_the_languages():
    assert check_lang("de-AT") == "de" and check_lang("TH") == "th"
    with pytest.raises(ValueError, match="en, de, it, ru, th"):
        check_lang("fr")


def test_numbers_are_written_as_each_language_writes_them():
    assert format_number(1500, "de") == "1.500"
    assert format_number(1500, "ru").replace("\xa0", " ") == "1 500"
    assert words("de").num(12500) == "12.500"
    assert words("en").num(12500) == "12500"  # English keeps the digits its texts always had


def test_a_nested_message_is_rendered_in_one_language():
    inner = Message(N_("you hold no {card} (rule {rule})"), card="K", rule="3.4")
    outer = Message(N_("'{action}' is not legal now: {reason}"), action="discard K", reason=inner)
    assert str(outer) == "'discard K' is not legal now: you hold no K (rule 3.4)"
    assert render(outer, "de") == "'discard K' ist jetzt nicht erlaubt: du hast keine K (Regel 3.4)"
    assert render(outer, "en") == str(outer)


def test_lists_and_plurals_follow_the_language():
    assert words("en").join(["K", "Q", "A"]) == "K, Q and A"
    assert words("de").join(["K", "Q", "A"]) == "K, Q und A"
    ru = words("ru")
    forms = [ru.ngettext("drew a card", "drew {n} cards", n).format(n=n) for n in (1, 2, 5, 21)]
    assert forms == ["взял 1 карту", "взял 2 карты", "взял 5 карт", "взял 21 карту"]


@pytest.mark.parametrize("lang", OTHERS)
def test_foot_canasta_refusals_name_the_rule_in_every_language(lang):
    game = new_game(7)
    drawn = game.why_illegal_message("draw")
    assert drawn is None
    game.step("draw")
    message = game.why_illegal_message("draw")
    assert str(message) == game.why_illegal("draw") == "you have already drawn this turn (rule 3.2)"
    text = render(message, lang)
    assert "3.2" in text and text != str(message)
    with pytest.raises(IllegalActionError) as caught:
        game.step("draw")
    assert str(caught.value) == "'draw' is not legal now: you have already drawn this turn (rule 3.2)"
    refused = render(caught.value.message, lang)
    assert "3.2" in refused and "'draw'" in refused and refused != str(caught.value)


@pytest.mark.parametrize("lang", OTHERS)
def test_canasta_refusals_name_the_rule_in_every_language(lang):
    game = canasta_game(7)
    game.step("draw")
    message = game.why_illegal_message("draw")
    assert str(message) == game.why_illegal("draw")
    text = render(message, lang)
    assert "3.1" in text and text != str(message)
    with pytest.raises(ValueError) as caught:  # Canasta's own IllegalActionError
        game.step("draw")
    refused = render(caught.value.message, lang)
    assert "3.1" in refused and refused != str(caught.value)


def test_every_refusal_of_a_played_game_renders_in_every_language():
    """Every illegal action at many positions of both games: a message whose rule survives translation."""
    import numpy as np

    rng = np.random.default_rng(3)
    for make in (new_game, canasta_game):
        game = make(11)
        for _ in range(60):
            if game.is_over:
                break
            legal = set(game.legal_actions())
            for a in rng.choice(len(game.legal_mask()), size=25, replace=False):
                if int(a) in legal:
                    continue
                message = game.why_illegal_message(int(a))
                english = str(message)
                assert english == game.why_illegal(int(a))
                for lang in OTHERS:
                    text = render(message, lang)
                    assert text and text != english or "rule" not in english
                    for rule in __import__("re").findall(r"\d+\.\d+|\b10\b", english):
                        assert rule in text, (lang, english, text)
            game.step(int(rng.choice(sorted(legal))))


def test_the_table_texts_of_both_games_are_one_per_language():
    from footcanasta_env.games import get_game

    for name in ("footcanasta", "canasta"):
        game = get_game(name)
        assert game.table_text("de") is game.table_text("de-DE") and game.table_text("de").lang == "de"
        with pytest.raises(ValueError, match="the languages are"):
            game.table_text("xx")
    assert i18n.words("it") is i18n.words("it")


@pytest.mark.parametrize("argv, german", [
    (["play", "--game", "nope", "--lang", "de"], "unbekanntes Spiel 'nope' (bekannt: footcanasta, canasta)"),
    (["play", "--partner", "nobot", "--lang", "de"], "unbekannter Bot 'nobot'"),
    (["play", "--date", "2026-13-01", "--lang", "de"], "ist kein Datum"),
])
def test_the_commands_refuse_bad_names_and_dates_in_the_language(argv, german, capsys, tmp_path):
    from footcanasta_env import cli

    assert cli.main([*argv, "--replay-dir", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert german in err and "unknown" not in err and "is not a date" not in err
    assert not list(tmp_path.iterdir())  # refused before anything was dealt or saved


def test_the_rules_command_refuses_a_missing_section_in_the_language(capsys):
    from footcanasta_env import cli

    assert cli.main(["rules", "99", "--game", "canasta", "--lang", "de"]) == 2
    assert "die Regeln haben keinen Abschnitt 99 (Abschnitte 1-14)" in capsys.readouterr().err


def test_the_house_refusals_are_messages_with_english_text():
    from footcanasta_env.footcanasta.bots.registry import REGISTRY
    from footcanasta_env.games import check_game_name
    from footcanasta_env.seeds import daily_seed

    for call, russian in ((lambda: check_game_name("nope"), "неизвестная игра 'nope'"),
                          (lambda: REGISTRY.check_bot_name("nobot"), "неизвестный бот 'nobot'"),
                          (lambda: daily_seed("junk"), "'junk' — не дата")):
        with pytest.raises(ValueError) as e:
            call()
        assert str(e.value).startswith(("unknown", "daily:"))  # English for code that reads str()
        assert russian in i18n.said(e.value, "ru")
