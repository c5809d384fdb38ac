"""The build steps pyproject.toml cannot declare: what the games' manifests name travels in the wheel.

Each game names once, in its manifest (``MANIFEST`` on its face, ``footcanasta_env/family/manifest.py``), the
files it ships, its page assets and its rule book; the build follows the manifests, so a new game needs no
line here. The build may lack the package's dependencies, so it imports nothing of the package but the
manifest module, by its path, which reads the built-in games and their manifests from the source.

* Package data: each game's package gets its manifest's ``shipped`` files (a missing one stops the build)
  and every file under its ``page`` folder, beside what ``pyproject.toml`` lists for the house itself.
* Rule books: the rules are written once, in ``docs/`` (each manifest's ``rules``, in English at the top and
  in ``docs/<lang>/`` for the other languages), where the documentation site shows them. A wheel holds no
  folder above its package, so the build copies them to ``footcanasta_env/data/`` in the build tree, and the
  source distribution carries them: no copy is kept in the repository. A checkout or an editable install
  has no ``data/`` and reads ``docs/`` itself (``footcanasta_env/i18n/documents.py``).
"""

import importlib.util
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

DOCS = Path("docs")  # setuptools runs this file from the project's folder (that of pyproject.toml)


def _manifests() -> dict:
    """The built-in games: name -> (module path, Manifest), from ``footcanasta_env/family/manifest.py``."""
    path = Path("footcanasta_env", "family", "manifest.py")
    spec = importlib.util.spec_from_file_location("_footcanasta_manifest", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses looks the module of a dataclass up
    spec.loader.exec_module(module)
    return module.built_in_manifests(".")


GAMES = _manifests()
RULE_BOOKS = tuple(sorted({manifest.rules for _, manifest in GAMES.values() if manifest.rules}))


def game_package_data() -> dict[str, list[str]]:
    """Each game's package -> its shipped files and page assets, relative to its folder."""
    data, missing = {}, []
    for package, manifest in GAMES.values():
        folder = Path(*package.split("."))
        missing += [str(folder / name) for name in manifest.shipped if not (folder / name).is_file()]
        page = sorted(p.relative_to(folder).as_posix() for p in (folder / manifest.page).rglob("*")
                      if p.is_file() and "__pycache__" not in p.parts)
        data[package] = [*manifest.shipped, *page]
    if missing:  # a wheel without them would install a game whose bots or page fail
        raise SystemExit(f"files the games' manifests ship are missing: {', '.join(missing)}")
    return data


def rule_books() -> list[Path]:
    """Every rule book under docs/: the English ones at the top, one folder per other language."""
    found = [DOCS / name for name in RULE_BOOKS] + sorted(p for name in RULE_BOOKS for p in DOCS.glob(f"*/{name}"))
    missing = [str(p) for p in found[:len(RULE_BOOKS)] if not p.is_file()]
    if missing:  # an sdist or a copy without them would make a wheel whose `footcanasta rules` fails
        raise SystemExit(f"the rule books are missing: {', '.join(missing)}")
    return found


class BuildWithManifests(build_py):
    """build_py with the games' package data, then the rule books into ``footcanasta_env/data/`` of the build
    tree; the source distribution takes the rule books from here too (``get_source_files``)."""

    def finalize_options(self) -> None:
        super().finalize_options()
        # pyproject.toml's package-data replaces what setup() is given, so the games' entries are added here,
        # where the wheel (build_py) and the sdist (which asks build_py for its data files) both read them.
        self.package_data = {package: list(files) for package, files in (self.package_data or {}).items()}
        for package, files in game_package_data().items():
            self.package_data.setdefault(package, []).extend(files)

    def run(self) -> None:
        super().run()
        if self.editable_mode:  # an editable install reads docs/ in place: nothing to copy, nothing to go stale
            return
        for src in rule_books():
            target = Path(self.build_lib, "footcanasta_env", "data", src.relative_to(DOCS))
            self.mkpath(str(target.parent))
            self.copy_file(str(src), str(target))

    def get_source_files(self) -> list[str]:
        return super().get_source_files() + [p.as_posix() for p in rule_books()]

    def get_outputs(self, include_bytecode: bool = True) -> list[str]:
        extra = [str(Path(self.build_lib, "footcanasta_env", "data", p.relative_to(DOCS))) for p in rule_books()]
        return super().get_outputs(include_bytecode) + ([] if self.editable_mode else extra)


setup(cmdclass={"build_py": BuildWithManifests})
