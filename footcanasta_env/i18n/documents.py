"""The documents shipped in every language: the rules of each game, whole or one section.

English is ``footcanasta_env/data/NAME`` (a copy of ``docs/NAME``), another language
``footcanasta_env/data/<lang>/NAME`` (of ``docs/<lang>/NAME``); tests keep the copies identical and the
translations in step with the English (same sections, numbered rules and figures).
"""

from __future__ import annotations

import re
from importlib import resources

from ..messages import N_, Message, MessageError
from . import DEFAULT_LANG, check_lang

__all__ = ["rules_document"]


def rules_document(name: str, section: int | str | None = None, lang: str = DEFAULT_LANG) -> str:
    """The Markdown document ``name`` in ``lang``; with ``section`` (its number, in every language) only that
    section (``## N. Title`` up to the next ``## ``). An unknown language or section is refused with a
    ``ValueError`` naming the ones there are."""
    code = check_lang(lang)
    data = resources.files("footcanasta_env") / "data"
    text = (data / name if code == DEFAULT_LANG else data / code / name).read_text(encoding="utf-8")
    if section is None:
        return text
    try:
        number = int(section)
    except (TypeError, ValueError):
        raise MessageError(Message(N_("a rules section is a number, got {section}"), section=repr(section))) from None
    found = re.search(rf"^## {number}\. .*?(?=^## |\Z)", text, flags=re.M | re.S)
    if not found:
        numbers = re.findall(r"^## (\d+)\. ", text, flags=re.M)
        raise MessageError(Message(N_("the rules have no section {section} (sections {first}-{last})"),
                                   section=section, first=numbers[0], last=numbers[-1]))
    return found.group(0).rstrip() + "\n"
