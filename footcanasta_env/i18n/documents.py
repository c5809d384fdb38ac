"""The documents shipped in every language: the rules of each game, whole or one section.

The rules are written once, in the repository's ``docs/``: ``docs/NAME`` in English, ``docs/<lang>/NAME`` in
another language, ``NAME`` the rule book a game's manifest names (``MANIFEST.rules``,
``footcanasta_env.family.manifest``); tests keep the translations in step with the English (same sections,
numbered rules and figures). An installed wheel reads them from ``footcanasta_env/data/``, where the build
copies every manifest's rule book (``setup.py``); a checkout or an editable install, which has no ``data/``,
reads ``docs/`` beside the package.
"""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING

from ..messages import N_, Message, MessageError
from . import DEFAULT_LANG, check_lang

if TYPE_CHECKING:  # importlib.resources.abc is Python 3.11's; the annotation is never evaluated
    from importlib.resources.abc import Traversable

__all__ = ["documents_folder", "rules_document"]


def documents_folder() -> Traversable:
    """Where the rule books are: the package's ``data/`` in a built install, else the checkout's ``docs/``."""
    data = resources.files("footcanasta_env") / "data"
    if data.is_dir():
        return data
    from ..games import manifest  # the default game's rule book tells a checkout's docs/ from any other

    docs = Path(__file__).resolve().parents[2] / "docs"  # footcanasta_env/i18n/ -> the checkout's root
    if (docs / manifest().rules).is_file():
        return docs
    raise FileNotFoundError(f"the rule books are neither in {data} (a built install) nor in {docs} (a checkout)")


def rules_document(name: str, section: int | str | None = None, lang: str = DEFAULT_LANG) -> str:
    """The Markdown document ``name`` (a game's ``MANIFEST.rules``) in ``lang``; with ``section`` (its number,
    in every language) only that section (``## N. Title`` up to the next ``## ``). An unknown language or
    section is refused with a ``ValueError`` naming the ones there are."""
    code = check_lang(lang)
    if not name:
        raise ValueError("this game's manifest names no rule book (MANIFEST.rules)")
    data = documents_folder()
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
