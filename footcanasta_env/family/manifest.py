"""What a game registers once, in its own package: its gym ids, its shipped files, its rule books, its page.

Every game's face offers ``MANIFEST`` (a ``Manifest``); gymnasium registration (``envkit.registration``),
shipping a trained policy (``training/ship.py``), the wheel's package data and the web page's assets follow
from it, so a new game is registered by writing its manifest and nothing else. Paths are relative to the
game's package folder (``footcanasta_env/<game>/``) unless said otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Manifest:
    """A game's registrations: ``gym_ids`` (gymnasium id -> ``module:Class`` entry point), ``shipped`` (files
    of ``data/`` installed with the package: policies, value nets, settings), ``rules`` (the rule book's file
    name in ``docs/`` and ``docs/<lang>/``, in every language of ``i18n.LANGUAGES``), ``page`` (the folder of
    its page assets, the JavaScript and CSS that draw what the game draws its own way), ``checkpoints`` (its
    folder of training records in the repository, relative to the repository's root)."""

    gym_ids: dict[str, str] = field(default_factory=dict)
    shipped: tuple[str, ...] = ()
    rules: str = ""
    page: str = "data/page"
    checkpoints: str = ""
