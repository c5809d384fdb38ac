"""The web room in five languages, through Starlette's TestClient: the page's catalog per language
(GET /api/i18n/<lang>), the request's language (?lang= or Accept-Language) for the game's texts and the
error strings, and the JSON that stays English (field names, action names) in every language."""

from __future__ import annotations

import datetime as dt
import io
import re
import warnings
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

with warnings.catch_warnings():  # starlette >= 1.0 asks for httpx2; httpx still works
    warnings.simplefilter("ignore", DeprecationWarning)
    from starlette.testclient import TestClient  # noqa: E402

from babel import Locale  # noqa: E402

from footcanasta_env.i18n import LANGUAGES, LOCALE_DIR, translator  # noqa: E402
from footcanasta_env.i18n.webcatalog import PLURAL_SAMPLES, web_catalog  # noqa: E402
from footcanasta_env.messages import Message  # noqa: E402
from footcanasta_env.web import WebError, create_app  # noqa: E402
from footcanasta_env.web.lang import error_text, lang_of  # noqa: E402

OTHERS = [lang for lang in LANGUAGES if lang != "en"]
PLACEHOLDER = re.compile(r"\{(\w+)\}")


@pytest.fixture
def c(tmp_path) -> TestClient:
    return TestClient(create_app(str(tmp_path / "web.sqlite3"), today=lambda: "2024-05-01",
                                 now=lambda: dt.datetime(2024, 5, 1, 12, tzinfo=dt.timezone.utc),
                                 replay_dir=tmp_path / "replays"))


def new(c: TestClient, lang: str = "en", **body) -> tuple[str, dict]:
    r = c.post("/api/games", json=body, headers={"Accept-Language": lang})
    assert r.status_code == 201, r.text
    return r.json()["id"], r.json()


# ---------------------------------------------------------------------------------------------- the catalog


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_catalog_of_each_language(c, lang):
    r = c.get(f"/api/i18n/{lang}")
    assert r.status_code == 200 and r.headers["content-type"].startswith("application/json")
    cat = r.json()
    assert cat["lang"] == lang and cat["source"] == (lang == "en")
    if lang == "en":
        assert cat["messages"] == {} and cat["plural_index"] == {"one": 0, "other": 1}
        return
    german = web_catalog("de")
    assert set(cat["messages"]) == set(german["messages"]) and set(cat["plurals"]) == set(german["plurals"])
    assert cat["messages"]["New game"] != "New game" and cat["messages"]["Take pile"] != "Take pile"
    for msgid, text in cat["messages"].items():
        assert text.strip() and set(PLACEHOLDER.findall(text)) == set(PLACEHOLDER.findall(msgid)), (msgid, text)
    forms = translator(lang, "web").plural
    for msgid, texts in cat["plurals"].items():
        assert len(texts) == max(forms(n) for n in PLURAL_SAMPLES) + 1 and all(t.strip() for t in texts), msgid


def test_a_text_the_games_say_differently_has_a_context(c):
    """German goes out of a Foot Canasta round with "ausmachen" and out of a Canasta round with "herausgehen"
    (../shared/GLOSSARY.md): the Canasta text is gettext's context ``canasta``, keyed "canasta\x04id"."""
    de = c.get("/api/i18n/de").json()["messages"]
    assert de["Going out"] == "Ausmachen" and de["canasta\x04Going out"] == "Herausgehen"
    for lang in ("it", "ru", "th"):
        assert web_catalog(lang)["messages"]["canasta\x04Going out"].strip()


@pytest.mark.parametrize("lang, labels", [
    ("de", ["2 ziehen", "Stapel nehmen", "Melden", "Beiseitelegen", "Auslegen", "Abwerfen", "Täglich", "Neues Spiel"]),
    ("it", ["Pesca 2", "Prendi il pozzo", "Cala", "Metti da parte", "Cala tutto", "Scarta", "Giornaliera",
            "Nuova partita"]),
    ("ru", ["Взять 2", "Взять сброс", "Выложить", "Отложить", "Выложить все", "Сбросить", "Ежедневная", "Новая игра"]),
    ("th", ["จั่ว 2", "เก็บกองทิ้ง", "ลงชุด", "พักไว้", "วางลง", "ทิ้ง", "รายวัน", "เกมใหม่"]),
])
def test_the_buttons_say_what_the_original_says(lang, labels):
    """The button labels of ../shared/GLOSSARY.md, exactly."""
    english = ["Draw 2", "Take pile", "Meld", "Set aside", "Lay down", "Discard", "Daily", "New game"]
    messages = web_catalog(lang)["messages"]
    assert [messages[e] for e in english] == labels


@pytest.mark.parametrize("lang", OTHERS)
def test_plural_categories_map_to_the_catalogs_forms(lang):
    """Every CLDR category of a whole number (what Intl.PluralRules names on the page) has a form."""
    cat = web_catalog(lang)
    rule = Locale.parse(lang).plural_form
    assert {rule(n) for n in PLURAL_SAMPLES} == set(cat["plural_index"])
    if lang == "ru":
        assert cat["plural_index"] == {"one": 0, "few": 1, "many": 2}
        one, few, many = cat["plurals"]["{n} card"]
        assert (one, few, many) == ("{n} карта", "{n} карты", "{n} карт")


def test_auto_follows_accept_language_and_english_when_nothing_matches(c):
    for header, lang in (("ru-RU,ru;q=0.9,en;q=0.8", "ru"), ("fr-FR, it;q=0.5", "it"), ("fr-FR", "en"), ("", "en"),
                         ("th", "th"), ("de-CH;q=0.2, en;q=0.9", "en")):
        assert c.get("/api/i18n/auto", headers={"Accept-Language": header}).json()["lang"] == lang, header


def test_an_unknown_language_is_a_404_naming_the_languages(c):
    r = c.get("/api/i18n/fr")
    assert r.status_code == 404
    assert r.json()["error"] == "no catalog for the language 'fr': the languages are en, de, it, ru, th"
    r = c.get("/api/i18n/xx", headers={"Accept-Language": "de"})
    assert r.status_code == 404 and r.json()["error"].startswith("kein Katalog für die Sprache 'xx'")
    r = c.get("/api/bots?lang=fr")
    assert r.status_code == 400 and "the languages are en, de, it, ru, th" in r.json()["error"]


# ---------------------------------------------------------------------------------------------- the request's language


def test_lang_of_a_request():
    assert lang_of({}, {"accept-language": "ru, en;q=0.5"}) == "ru"
    assert lang_of({"lang": "th"}, {"accept-language": "ru"}) == "th"  # the query wins
    assert lang_of({"lang": "DE-at"}, {}) == "de"
    assert lang_of({}, {}) == "en"
    with pytest.raises(WebError, match="unknown language 'fr'"):
        lang_of({"lang": "fr"}, {})


def test_error_text_renders_a_message_in_the_language():
    e = WebError(Message("too many actions in one request (at most {most})", most=16))
    assert str(e) == "too many actions in one request (at most 16)"  # English stays str()
    assert error_text(e, "de") == "zu viele Züge in einer Anfrage (höchstens 16)"
    assert error_text(e, "ru") == "слишком много ходов в одном запросе (не больше 16)"
    assert error_text(ValueError("plain\nsecond line"), "de") == "plain"  # a text without a message: as it is


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_json_stays_english_in_every_language(c, lang):
    """Field names, action names, seats and kinds are the API: the same in every language."""
    _, english = new(c, "en", seed=11, partner="greedy", opponents="greedy")
    _, other = new(c, lang, seed=11, partner="greedy", opponents="greedy")

    def shape(x):  # the keys at every depth and every value that is not a text people read
        if isinstance(x, dict):
            return {k: shape(v) for k, v in x.items() if k not in PEOPLE_READ}
        if isinstance(x, list):
            return [shape(v) for v in x]
        return x

    assert shape(other) == shape(english | {"id": other["id"]})
    assert other["state"]["legal"] == english["state"]["legal"] and "draw" in other["state"]["legal"]
    assert [e["action"] for e in other["events"]] == [e["action"] for e in english["events"]]


PEOPLE_READ = {"text", "label", "state", "final", "frozen_why", "minimum_band", "from_pile", "id", "notes"}


def test_a_refused_move_is_told_in_the_language_of_accept_language(c):
    gid, d = new(c, "de", seed=3, partner="greedy", opponents="greedy")
    version = d["state"]["version"]
    r = c.post(f"/api/games/{gid}/actions", json={"action": "draw", "version": version + 5},
               headers={"Accept-Language": "de-DE,de;q=0.9"})
    assert r.status_code == 409
    told = f"das Spiel ist weitergegangen (Version {version}, nicht {version + 5}); bitte neu laden"
    assert r.json()["error"] == told
    r = c.post(f"/api/games/{gid}/actions", json={"action": "draw", "bogus": 1}, headers={"Accept-Language": "th"})
    assert r.status_code == 400 and r.json()["error"].startswith("ไม่รู้จักฟิลด์ 'bogus'")
    r = c.post(f"/api/games/{gid}/actions?lang=ru", json={"actions": []})
    assert r.json()["error"] == "actions должно быть непустым списком имён ходов"
    r = c.post(f"/api/games/{gid}/parse", json={"command": "help"}, headers={"Accept-Language": "it"})
    assert r.status_code == 200 and r.json()["error"].startswith("'help' non è una mossa qui")
    r = c.get("/api/games/nosuchgameatall", headers={"Accept-Language": "ru"})
    assert r.status_code == 404 and r.json()["error"] == "такой игры нет"
    r = c.post(f"/api/games/{gid}/actions", json={"action": "draw"})  # no language asked: English
    assert r.status_code in (200, 409)
    r = c.post("/api/games", json={"name": "x" * 40}, headers={"Accept-Language": "de"})
    assert r.json()["error"] == "der Name ist zu lang (40 Zeichen; höchstens 24)"


def test_an_illegal_move_is_refused_in_german_naming_the_rule(c):
    gid, d = new(c, "de", seed=3, partner="greedy", opponents="greedy")
    legal = d["state"]["legal"]
    illegal = "pickup" if "pickup" not in legal else "laydown"
    r = c.post(f"/api/games/{gid}/actions", json={"action": illegal}, headers={"Accept-Language": "de"})
    assert r.status_code == 409
    english = c.post(f"/api/games/{gid}/actions", json={"action": illegal}).json()["error"]
    german = r.json()["error"]
    assert german != english and re.search(r"\d+\.\d+", german)  # the rule number stays


def test_the_game_texts_follow_the_language(c):
    _, english = new(c, "en", seed=11, partner="greedy", opponents="greedy")
    _, german = new(c, "de", seed=11, partner="greedy", opponents="greedy")
    lines = [line for e in english["events"] for line in e["text"]]
    assert lines and [line for e in german["events"] for line in e["text"]] != lines


# ---------------------------------------------------------------------------------------------- the leaderboard page


@pytest.mark.parametrize("lang, words", [
    ("en", ["daily leaderboard", "Nobody has finished", "South/North", "May 1, 2024"]),
    ("de", ["Tagesrangliste", "Dieses Tagesspiel hat noch niemand beendet.", "Süd/Nord", "1. Mai 2024"]),
    ("it", ["classifica giornaliera", "Nessuno ha ancora finito", "Sud/Nord", "1 maggio 2024"]),
    ("ru", ["таблица дня", "Эту ежедневную игру ещё никто не закончил.", "Юг/Север", "1 мая 2024"]),
    ("th", ["ตารางอันดับรายวัน", "ยังไม่มีใครเล่นเกมรายวันนี้จบ", "ใต้/เหนือ", "1 พฤษภาคม"]),
])
def test_the_leaderboard_page_in_each_language(c, lang, words):
    r = c.get(f"/leaderboard?game=canasta&lang={lang}")
    assert r.status_code == 200
    assert f'<html lang="{lang}">' in r.text and f'href="/?game=canasta&amp;lang={lang}"' in r.text
    text = r.text.replace("<wbr>", "")  # the sides' headings may break after their slash
    for word in words:
        assert word in text, word
    assert "{{" not in r.text and "/<wbr>" in r.text


def test_the_leaderboard_page_follows_accept_language_and_writes_numbers_so(c):
    token = c.post("/api/players", json={}).json()["token"]  # a ranked daily: the daily line-up, a player
    gid, d = new(c, "en", daily="2024-05-01", name="Ada", player=token)
    assert d["state"]["ranked"] is True
    state = d["state"]
    while not state["over"]:
        r = c.post(f"/api/games/{gid}/actions", json={"action": state["legal"][-1]})
        state = r.json()["state"]
    page = c.get("/leaderboard?game=footcanasta&date=2024-05-01", headers={"Accept-Language": "de"}).text
    assert '<html lang="de">' in page and "Ada" in page
    us, them = state["scores"]
    assert f"{us:,}".replace(",", ".") in page and f"{them:,}".replace(",", ".") in page
    assert any(w in page for w in ("gewonnen", "verloren", "unentschieden"))


# ------------------------------------------------------------------------------------------ the web catalogs


def _extracted() -> set:
    """Every id babel-web.cfg's extraction finds (singular ids; a plural's is its singular and plural)."""
    from babel.messages.extract import extract_from_dir
    from babel.messages.frontend import parse_mapping_cfg

    root = Path(__file__).resolve().parents[2]
    with open(root / "babel-web.cfg", encoding="utf-8") as f:
        method_map, options_map = parse_mapping_cfg(f)
    return {m[2] for m in extract_from_dir(str(root), method_map, options_map)}


@pytest.mark.parametrize("lang", OTHERS)
def test_the_web_catalog_holds_what_the_code_uses_and_no_more(lang):
    """The extraction's ids are the catalog's, each translated (not fuzzy), with the same placeholders, and
    the committed .mo is the .po compiled (the domain's share of tests/house/test_catalogs.py's rules)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    po = LOCALE_DIR / lang / "LC_MESSAGES" / "web.po"
    with po.open("rb") as f:
        catalog = read_po(f)
    ids = {m.id for m in catalog if m.id}
    assert ids == _extracted()
    for m in catalog:
        if not m.id:
            continue
        texts = m.string if isinstance(m.string, tuple) else (m.string,)
        assert "fuzzy" not in m.flags and all(t.strip() for t in texts), m.id
        source = m.id[0] if isinstance(m.id, tuple) else m.id
        assert all(set(PLACEHOLDER.findall(t)) == set(PLACEHOLDER.findall(source)) for t in texts), m.id
    compiled = io.BytesIO()
    write_mo(compiled, catalog)
    assert (po.with_suffix(".mo")).read_bytes() == compiled.getvalue(), f"compile {po}: pybabel compile -D web"
