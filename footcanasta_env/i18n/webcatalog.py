"""The page's catalog as JSON: the ``web`` domain's compiled ``.mo`` of one language, for ``GET /api/i18n/<lang>``.

The page (``web/static/app.js``) has no build step and reads gettext's catalogs through this JSON:
``messages`` maps each id to its text, ``plurals`` each plural id (the singular) to its forms in the
catalog's order, and ``plural_index`` maps the CLDR plural categories that ``Intl.PluralRules`` names
(``one``, ``few``, ``many``, ``other``...) to the catalog's form for whole numbers, found by comparing
Babel's CLDR rules with the catalog's own ``Plural-Forms`` over a range of numbers. English is the
source language: its ids are its texts, so its catalog is empty and marked ``source``.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from babel import Locale

from . import DEFAULT_LANG, check_lang, translator

__all__ = ["PLURAL_SAMPLES", "web_catalog"]

# whole numbers: every category of CLDR's integer rules appears below 1000, or at a million (Italian's "many")
PLURAL_SAMPLES = (*range(0, 1001), 10_000, 100_000, 1_000_000, 2_000_000, 10_000_000)
ENGLISH_FORMS = {"one": 0, "other": 1}


@cache
def web_catalog(lang: str) -> dict[str, Any]:
    """The ``web`` catalog of ``lang`` (``ValueError`` for a language that is not ours) as the page reads it."""
    code = check_lang(lang)
    if code == DEFAULT_LANG:
        return {"lang": code, "source": True, "messages": {}, "plurals": {}, "plural_index": dict(ENGLISH_FORMS)}
    tr = translator(code, "web")
    messages: dict[str, str] = {}
    forms: dict[str, dict[int, str]] = {}
    for key, text in tr._catalog.items():  # gettext's parsed .mo: the only public view is per-id lookups
        if isinstance(key, tuple):
            forms.setdefault(key[0], {})[key[1]] = text
        elif key:  # the empty id is the catalog's header
            messages[key] = text
    plurals = {k: [v[i] for i in sorted(v)] for k, v in forms.items()}
    return {"lang": code, "source": False, "messages": messages, "plurals": plurals,
            "plural_index": plural_index(code, tr.plural)}


def plural_index(code: str, plural: Any) -> dict[str, int]:
    """CLDR category -> the catalog's plural form, for whole numbers; a catalog whose ``Plural-Forms``
    split one category in two is an error (its forms could not be chosen from the category)."""
    rule = Locale.parse(code).plural_form
    index: dict[str, int] = {}
    for n in PLURAL_SAMPLES:
        category, form = rule(n), int(plural(n))
        if index.setdefault(category, form) != form:
            raise ValueError(f"the {code} web catalog's Plural-Forms disagree with CLDR's category {category!r}")
    return index
