"""The five languages people read the game in: gettext catalogs through Babel, choosing a language, numbers.

Catalogs live in ``locale/<lang>/LC_MESSAGES/<domain>.po`` (sources) and ``.mo`` (compiled, shipped). Two
domains: ``footcanasta`` (every text Python writes: engines' refusals, the table, the terminal, the games'
words, the server's errors and the page's state) and ``web`` (the page's own labels, from ``web/static``).
English is the source language: its text is the message id, so English needs no catalog.

``check_lang`` refuses an unknown code, ``negotiate`` reads an ``Accept-Language`` header, ``from_environment``
the locale variables (``LC_ALL``, ``LC_MESSAGES``, ``LANG``, ``LANGUAGE``); each falls back to English only
when nothing matches. ``translator(lang)`` gives gettext/ngettext for one language; ``render`` a ``Message``;
``format_number`` a number as that language writes it (``1.500`` in German, ``1 500`` in Russian).
``words(lang)`` bundles these for one language (``Words``): what the games' texts are written through.
Beside them: ``documents`` (the rules of each game in each language), ``catalogs`` (keeping the catalogs in
step with the code), ``webcatalog`` (the page's catalog as JSON).
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any

from babel import Locale, UnknownLocaleError
from babel.lists import format_list
from babel.numbers import format_decimal, format_percent
from babel.support import NullTranslations, Translations

from ..messages import Message, MessageError

__all__ = [
    "DEFAULT_LANG", "DOMAINS", "LANGUAGES", "LOCALE_DIR", "check_lang", "format_number", "from_environment",
    "negotiate", "render", "translator", "Words", "words", "chosen", "add_lang_argument", "MessageError", "said",
]

LANGUAGES = ("en", "de", "it", "ru", "th")
DEFAULT_LANG = "en"
DOMAINS = ("footcanasta", "web")
LOCALE_DIR = Path(__file__).resolve().parent / "locale"


def check_lang(lang: str) -> str:
    """``lang`` if it is one of ``LANGUAGES`` (case and region ignored: ``de-AT`` is ``de``); else ``ValueError``."""
    code = _base(lang)
    if code not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}: the languages are {', '.join(LANGUAGES)}")
    return code


def _base(tag: str) -> str:
    return str(tag).strip().replace("_", "-").split("-")[0].split(".")[0].lower()


def negotiate(accept_language: str | None) -> str:
    """The best of ``LANGUAGES`` for an ``Accept-Language`` header (quality values honoured); English if none."""
    if not accept_language:
        return DEFAULT_LANG
    ranked = []
    for i, part in enumerate(accept_language.split(",")):
        tag, _, q = part.strip().partition(";q=")
        try:
            quality = float(q) if q else 1.0
        except ValueError:
            continue
        if tag and quality > 0:
            ranked.append((-quality, i, _base(tag)))
    for _, _, code in sorted(ranked):
        if code in LANGUAGES:
            return code
    return DEFAULT_LANG


def from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The language of the locale variables, as gettext reads them; English if none names one of ours."""
    env = os.environ if environ is None else environ
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var, "")
        if not value:
            continue
        for tag in value.split(":"):  # LANGUAGE is a list
            code = _base(tag)
            if code in LANGUAGES:
                return code
        if var != "LANGUAGE":
            return DEFAULT_LANG  # the first set of LC_ALL, LC_MESSAGES, LANG decides, as in gettext
    return DEFAULT_LANG


def chosen(lang: str | None) -> str:
    """The language a command was given (``--lang``), else the locale's (``from_environment``)."""
    return check_lang(lang) if lang else from_environment()


def add_lang_argument(parser: Any) -> None:
    """A command's ``--lang`` (an ``argparse`` parser): a bad code is refused naming the languages."""

    def lang_type(value: str) -> str:
        try:
            return check_lang(value)
        except ValueError as e:
            import argparse

            raise argparse.ArgumentTypeError(str(e)) from None

    parser.add_argument("--lang", default=None, metavar="LANG", type=lang_type,
                        help=f"the language of the words: {', '.join(LANGUAGES)} (default: the locale's, "
                             "from LANGUAGE, LC_ALL, LC_MESSAGES or LANG; else en)")


@cache
def translator(lang: str = DEFAULT_LANG, domain: str = "footcanasta") -> NullTranslations:
    """The compiled catalog of one language and domain (``gettext``, ``ngettext``); English is the identity."""
    code = check_lang(lang)
    if domain not in DOMAINS:
        raise ValueError(f"unknown domain {domain!r}: the domains are {', '.join(DOMAINS)}")
    if code == DEFAULT_LANG:
        return NullTranslations()
    mo = LOCALE_DIR / code / "LC_MESSAGES" / f"{domain}.mo"
    if not mo.is_file():
        raise FileNotFoundError(f"the {code} catalog of {domain} is missing: {mo}")
    with mo.open("rb") as f:
        return Translations(f, domain=domain)


def render(message: Message | str, lang: str = DEFAULT_LANG) -> str:
    """A ``Message`` (or a plain id) in ``lang``; parameters that are messages are rendered in it too."""
    return words(lang).render(message)


def format_number(value: float, lang: str = DEFAULT_LANG) -> str:
    """A number as ``lang`` writes it (grouping and decimal signs of its CLDR locale)."""
    try:
        locale = Locale.parse(check_lang(lang))
    except UnknownLocaleError as exc:  # a code of LANGUAGES that Babel lacks would be our mistake
        raise ValueError(f"Babel has no locale {lang!r}") from exc
    return format_decimal(value, locale=locale)


def said(error: BaseException, lang: str = DEFAULT_LANG) -> str:
    """An error's text in ``lang`` when it carries a ``Message`` (``.message``), else its own text."""
    message = getattr(error, "message", None)
    return render(message, lang) if isinstance(message, Message) else str(error)


class Words:
    """One language's texts: ``_`` (gettext), ``ngettext``, ``num`` (a number) and ``render`` (a ``Message``).

    The games' text modules take a ``Words`` and write every sentence through it; the method names are
    gettext's, so that Babel's extraction finds the ids (``w._("...")``, ``w.ngettext("...", "...", n)``).
    """

    __slots__ = ("_t", "lang")

    def __init__(self, lang: str = DEFAULT_LANG) -> None:
        self.lang = check_lang(lang)
        self._t = translator(self.lang)

    def _(self, msgid: str) -> str:
        """``msgid`` in this language."""
        return self._t.gettext(msgid)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        """The form of ``singular``/``plural`` for ``n`` in this language (its own plural rules)."""
        return self._t.ngettext(singular, plural, n)

    def num(self, value: float) -> str:
        """A number as this language writes it; English keeps the plain digits its texts always had."""
        return str(value) if self.lang == DEFAULT_LANG else format_number(value, self.lang)

    def fixed(self, value: float, digits: int = 0) -> str:
        """A number with ``digits`` decimals, as this language writes it (``1,5`` in German)."""
        if self.lang == DEFAULT_LANG:
            return f"{value:.{digits}f}"
        pattern = "#,##0" + ("." + "0" * digits if digits else "")
        return format_decimal(value, format=pattern, locale=Locale.parse(self.lang))

    def percent(self, share: float) -> str:
        """A share as a whole percentage, as this language writes it (``85 %`` in German)."""
        if self.lang == DEFAULT_LANG:
            return f"{share:.0%}"
        return format_percent(share, locale=Locale.parse(self.lang))

    def join(self, items: Sequence[str]) -> str:
        """``a, b and c`` as this language lists things (Babel's CLDR lists; English keeps its own comma)."""
        items = list(items)
        if len(items) < 2:
            return "".join(items)
        if self.lang == DEFAULT_LANG:
            return ", ".join(items[:-1]) + " and " + items[-1]
        return format_list(items, locale=self.lang)

    def render(self, message: Message | str) -> str:
        """A ``Message`` (or an id) in this language."""
        return message.render(self._t.gettext) if isinstance(message, Message) else self._t.gettext(message)

    def __repr__(self) -> str:
        return f"Words({self.lang!r})"


@cache
def words(lang: str = DEFAULT_LANG) -> Words:
    """The ``Words`` of ``lang`` (one per language)."""
    return Words(check_lang(lang))
