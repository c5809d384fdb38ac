"""The one build step pyproject.toml cannot declare: the rule books travel in the wheel as package data.

The rules are written once, in ``docs/`` (``RULES.md``, ``CANASTA.md`` and ``docs/<lang>/`` for the other
languages), where the documentation site shows them. A wheel holds no folder above its package, so the build
copies them to ``footcanasta_env/data/`` in the build tree: no copy is kept in the repository. A checkout or an
editable install has no ``data/`` and reads ``docs/`` itself (``footcanasta_env/i18n/documents.py``).
"""

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

DOCS = Path("docs")  # setuptools runs this file from the project's folder (that of pyproject.toml)
RULE_BOOKS = ("RULES.md", "CANASTA.md")


def rule_books() -> list[Path]:
    """Every rule book under docs/: the English ones at the top, one folder per other language."""
    found = [DOCS / name for name in RULE_BOOKS] + sorted(p for name in RULE_BOOKS for p in DOCS.glob(f"*/{name}"))
    missing = [str(p) for p in found[:len(RULE_BOOKS)] if not p.is_file()]
    if missing:  # an sdist or a copy without them would make a wheel whose `footcanasta rules` fails
        raise SystemExit(f"the rule books are missing: {', '.join(missing)}")
    return found


class BuildWithRules(build_py):
    """build_py, then the rule books into ``footcanasta_env/data/`` of the build tree."""

    def run(self) -> None:
        super().run()
        if self.editable_mode:  # an editable install reads docs/ in place: nothing to copy, nothing to go stale
            return
        for src in rule_books():
            target = Path(self.build_lib, "footcanasta_env", "data", src.relative_to(DOCS))
            self.mkpath(str(target.parent))
            self.copy_file(str(src), str(target))

    def get_outputs(self, include_bytecode: bool = True) -> list[str]:
        extra = [str(Path(self.build_lib, "footcanasta_env", "data", p.relative_to(DOCS))) for p in rule_books()]
        return super().get_outputs(include_bytecode) + ([] if self.editable_mode else extra)


setup(cmdclass={"build_py": BuildWithRules})
