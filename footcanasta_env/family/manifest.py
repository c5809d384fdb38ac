"""What a game registers once, in its own package: its gym ids, its shipped files, its rule books, its page.

Every game's face offers ``MANIFEST`` (a ``Manifest``); gymnasium registration (``envkit.registration``),
shipping a trained policy (``training/ship.py``), the wheel's package data and rule books (``setup.py``), the
rules a game prints (``i18n.documents``) and the web page's assets follow from it, so a new game is registered
by writing its manifest and nothing else. Paths are relative to the game's package folder
(``footcanasta_env/<game>/``) unless said otherwise. ``games.manifest(name)`` reads a registered game's.

The build cannot import the package (its dependencies may be missing there): ``built_in_manifests(root)``
reads the built-in games (``games._GAMES``) and their manifests from the source instead, which is why a
built-in game's ``MANIFEST`` is written as a literal ``Manifest(...)``. This module imports nothing of the
package, so ``setup.py`` can load it by its path.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field, fields
from pathlib import Path, PurePosixPath

__all__ = ["Manifest", "built_in_manifests"]


@dataclass(frozen=True)
class Manifest:
    """A game's registrations: ``gym_ids`` (gymnasium id -> ``module:Class`` entry point), ``shipped`` (files
    of ``data/`` installed with the package: policies, value nets, settings), ``rules`` (the rule book's file
    name in ``docs/`` and ``docs/<lang>/``, in every language of ``i18n.LANGUAGES``), ``page`` (the folder of
    its page assets, the JavaScript and CSS that draw what the game draws its own way), ``checkpoints`` (its
    folder of training records in the repository, relative to the repository's root). Bad values are refused
    with a ``ValueError`` naming them."""

    gym_ids: dict[str, str] = field(default_factory=dict)
    shipped: tuple[str, ...] = ()
    rules: str = ""
    page: str = "data/page"
    checkpoints: str = ""

    def __post_init__(self) -> None:
        bad = [f"{k!r}: {v!r}" for k, v in self.gym_ids.items()
               if not isinstance(k, str) or not isinstance(v, str) or "/" not in k or v.count(":") != 1]
        if bad:
            raise ValueError(f"gym_ids maps 'namespace/Name-vN' to 'module:Class', got {', '.join(bad)}")
        if isinstance(self.shipped, str):
            raise ValueError(f"shipped is a tuple of paths, got the string {self.shipped!r}")
        paths = {"page": self.page, "checkpoints": self.checkpoints,
                 **{f"shipped[{i}]": value for i, value in enumerate(self.shipped)}}
        for name, value in paths.items():
            if not isinstance(value, str) or PurePosixPath(value).is_absolute() or ".." in PurePosixPath(
                    value).parts or "\\" in value:
                raise ValueError(f"the manifest's {name} is a relative path inside the package, got {value!r}")
        if self.rules and (PurePosixPath(self.rules).name != self.rules or not self.rules.endswith(".md")):
            raise ValueError(f"rules is a Markdown file name of docs/ (such as 'RULES.md'), got {self.rules!r}")


def built_in_manifests(root: Path | str) -> dict[str, tuple[str, Manifest]]:
    """The built-in games of the checkout or source tree at ``root``: name -> (module path, ``Manifest``), read
    from the source without importing it (``games.py``'s ``_GAMES``, each game face's ``MANIFEST = Manifest(
    ...)``, its arguments literals). A game whose manifest is not written so is refused with a ``ValueError``."""
    root = Path(root)
    games = _assigned(root / "footcanasta_env" / "games.py", "_GAMES")
    found = {}
    for name, module in ast.literal_eval(games).items():
        face = root.joinpath(*module.split("."))
        path = face / "__init__.py" if face.is_dir() else face.with_suffix(".py")
        call = _assigned(path, "MANIFEST")
        if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id == "Manifest"
                and not call.args):
            raise ValueError(f"{path}: MANIFEST is not written as Manifest(name=literal, ...)")
        known = {f.name for f in fields(Manifest)}
        try:
            given = {k.arg: ast.literal_eval(k.value) for k in call.keywords if k.arg in known}
        except ValueError:
            raise ValueError(f"{path}: MANIFEST's arguments are not literals") from None
        if len(given) != len(call.keywords):
            raise ValueError(f"{path}: MANIFEST takes only {', '.join(sorted(known))}")
        found[name] = (module, Manifest(**{k: tuple(v) if k == "shipped" else v for k, v in given.items()}))
    return found


def _assigned(path: Path, name: str) -> ast.expr:
    """The value assigned to ``name`` at the top of the module at ``path``."""
    for node in ast.parse(path.read_text(encoding="utf-8"), str(path)).body:
        targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(
            node, ast.AnnAssign) else []
        if any(isinstance(t, ast.Name) and t.id == name for t in targets) and node.value is not None:
            return node.value
    raise ValueError(f"{path} assigns no {name}")
