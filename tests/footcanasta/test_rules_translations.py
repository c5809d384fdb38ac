"""The rules in every language keep in step with the English rules (docs/RULES.md, docs/CANASTA.md).

For each translation docs/<lang>/<doc> and each part of it (the text before the first ``## `` heading, then
each ``## `` section in order) the test compares with the English: the section's number (or that it has
none, as Canasta's closing table of differences), the numbered rules (paragraphs opening ``N.M ``, in order),
the figures (every number in the text, thousands separators removed: ``5.000``, ``5 000`` and ``5,000``
are all 5000), the inline code (canonical action names, card indices, field names: untranslated) and the
shape of the tables. ``rules_text(section, lang)`` of both game faces (``footcanasta_env.footcanasta``,
``footcanasta_env.canasta``) gives every section in every language, and refuses an unknown language.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from footcanasta_env import canasta, footcanasta
from footcanasta_env.i18n import LANGUAGES

ROOT = Path(__file__).resolve().parents[2]
TRANSLATIONS = ("de", "it", "ru", "th")
DOCS = {"RULES.md": footcanasta, "CANASTA.md": canasta}  # document -> the game face whose rules it is
CASES = [(lang, doc) for lang in TRANSLATIONS for doc in DOCS]

# A group of three digits after a thousands separator (point, comma, space, no-break or narrow no-break space).
THOUSANDS = re.compile(r"(?<![\d.,])\d{1,3}(?:[.,\u0020\u00a0\u202f]\d{3})+(?![\d]|[.,]\d)")


def test_the_translations_are_the_languages_other_than_english():
    assert set(TRANSLATIONS) == set(LANGUAGES) - {"en"}


def figures(text: str) -> Counter:
    """Every number of ``text`` (a count of each), thousands separators removed."""
    joined = THOUSANDS.sub(lambda m: re.sub(r"\D", "", m.group(0)), text)
    return Counter(int(n) for n in re.findall(r"\d+", joined))


def test_figures_join_thousands_and_nothing_else():
    assert figures("5.000 and 5 000 and 5,000 and 5\u00a0000 and 1500") == Counter({5000: 4, 1500: 1})
    assert figures("rules 5.1–5.5, 50, 90, 120 and 150; 8 9 10; `player_0`") == Counter(
        {5: 3, 1: 1, 50: 1, 90: 1, 120: 1, 150: 1, 8: 1, 9: 1, 10: 1, 0: 1})


def parts(text: str) -> list[str]:
    """The text before the first ``## `` heading, then each ``## `` section (heading included)."""
    return re.split(r"^(?=## )", text, flags=re.M)


def structure(part: str) -> dict:
    """What a translation keeps of one part: heading number, rule numbers, figures, inline code, table shape."""
    heading = re.match(r"## (?:(\d+)\. )?", part)
    prose = re.sub(r"`[^`\n]*`", " ", part)
    return {
        "section": (heading.group(1) or "unnumbered") if heading else "before the first section",
        "rules": re.findall(r"(?:\A|\n\n)(\d+\.\d+) ", part),  # a rule opens a paragraph
        "figures": figures(part),
        "code": Counter(re.findall(r"`([^`\n]*)`", part)),
        "tables": [line.count("|") for line in prose.splitlines() if line.startswith("|")],
    }


def _read(lang: str, doc: str) -> str:
    path = ROOT / "docs" / doc if lang == "en" else ROOT / "docs" / lang / doc
    return path.read_text(encoding="utf-8")


@pytest.mark.parametrize("lang, doc", CASES)
def test_translation_keeps_the_english_sections_rules_figures_names_and_tables(lang, doc):
    english = [structure(p) for p in parts(_read("en", doc))]
    mine = [structure(p) for p in parts(_read(lang, doc))]
    assert [s["section"] for s in mine] == [s["section"] for s in english], f"docs/{lang}/{doc}: sections"
    for theirs, ours in zip(english, mine, strict=True):
        where = f"docs/{lang}/{doc}, section {theirs['section']}"
        assert ours["rules"] == theirs["rules"], f"{where}: numbered rules"
        assert ours["figures"] == theirs["figures"], (
            f"{where}: figures missing {dict(theirs['figures'] - ours['figures'])}, "
            f"extra {dict(ours['figures'] - theirs['figures'])}")
        assert ours["code"] == theirs["code"], (
            f"{where}: inline code missing {dict(theirs['code'] - ours['code'])}, "
            f"extra {dict(ours['code'] - theirs['code'])}")
        assert ours["tables"] == theirs["tables"], f"{where}: table rows and columns"


@pytest.mark.parametrize("lang, doc", CASES)
def test_rules_text_gives_the_document_and_each_section_in_the_language(lang, doc):
    face = DOCS[doc]
    text = _read(lang, doc)
    assert face.rules_text(lang=lang) == text
    assert text != _read("en", doc)
    for number in re.findall(r"^## (\d+)\. ", text, flags=re.M):
        section = face.rules_text(int(number), lang=lang)
        assert section.startswith(f"## {number}. ") and section.endswith("\n")
        assert section.rstrip() in text and "\n## " not in section
        assert face.rules_text(number, lang=lang) == section  # as the command line passes it
    with pytest.raises(ValueError, match="no section 42"):
        face.rules_text(42, lang=lang)


@pytest.mark.parametrize("face", DOCS.values(), ids=DOCS)
def test_rules_text_refuses_an_unknown_language_naming_the_languages(face):
    with pytest.raises(ValueError, match="unknown language 'xx'.*en, de, it, ru, th"):
        face.rules_text(lang="xx")
    with pytest.raises(ValueError, match="a number"):
        face.rules_text("pile", lang="de")
    assert face.rules_text(1) == face.rules_text(1, lang="en")
    assert face.rules_text(1, lang="de-AT") == face.rules_text(1, lang="de")
