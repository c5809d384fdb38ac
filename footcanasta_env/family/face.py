"""What every game's face writes alike: its table at some rules, its rule book, and the names it loads late.

A game's ``__init__`` (its face for the house, ``footcanasta_env.games``) builds these three from its own
``Rules``, ``MANIFEST`` and table of late names, so the faces differ only in what is their game's own.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any

from .geometry import Geometry
from .manifest import Manifest


def fixed_table(table: Geometry, rules_class: type, title: str) -> Callable[..., Geometry]:
    """A game's ``geometry(rules=None)`` for a game played at one table whatever its rules."""

    def geometry(rules: Any = None) -> Geometry:
        """The game's table: its seats, sides and their names (the same for every ``Rules``)."""
        if rules is not None and not isinstance(rules, rules_class):
            raise TypeError(f"rules must be {title}'s Rules, got {type(rules).__name__}")
        return table

    return geometry


def rule_book(manifest: Manifest) -> Callable[..., str]:
    """A game's ``rules_text(section=None, lang="en")``: its manifest's rule book for people, in Markdown."""

    def rules_text(section: int | str | None = None, lang: str = "en") -> str:
        """The rules for people, Markdown: the manifest's rule book (``docs/NAME`` in English, ``docs/<lang>/NAME``
        in another language of ``footcanasta_env.i18n.LANGUAGES``). ``section`` (its number, in every language)
        gives only that section (``## N. Title`` up to the next ``## ``). An unknown language or section is
        refused with a ``ValueError`` naming the ones there are."""
        from ..i18n.documents import rules_document  # Babel loads when the rules are asked for, not with the game

        return rules_document(manifest.rules, section, lang)

    return rules_text


def late_names(package: str, names: Mapping[str, tuple[str, str]]) -> Callable[[str], Any]:
    """A face's module ``__getattr__`` (PEP 562) loading ``names`` (name -> (module relative to ``package``, its
    name there)) when first asked for: a game's bots read files and its envs import gymnasium and PettingZoo."""

    def __getattr__(name: str) -> Any:
        if name in names:
            module, attr = names[name]
            return getattr(importlib.import_module(module, package), attr)
        raise AttributeError(f"module {package!r} has no attribute {name!r}")

    return __getattr__
