"""Keeping the gettext catalogs in step with the code: extract, update, compile (Babel's own commands).

    python -m footcanasta_env.i18n.catalogs [--domain footcanasta|web] [extract|update|compile|all]

``extract`` writes the template of a domain from its mapping ``babel-<domain>.cfg`` at the repository root,
``update`` merges it into every language's ``.po`` (creating the missing ones), ``compile`` writes the
``.mo`` files that ship; ``all`` (the default) does the three. New ids arrive untranslated and changed ones
fuzzy: translate them in the ``.po`` files, then compile (``tests/house/test_catalogs.py`` says what is missing).

Babel's default keywords (``_``, ``gettext``, ``ngettext``, ``N_`` ...) are used; a mapping may name more in
a comment line ``# keywords: t tn:1,2`` (Babel's ``-k`` syntax), for code that marks its texts otherwise.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from io import BytesIO
from pathlib import Path

from babel.messages.frontend import CommandLineInterface
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from . import DEFAULT_LANG, DOMAINS, LANGUAGES, LOCALE_DIR

ROOT = LOCALE_DIR.parents[2]
"""The repository root, where the ``babel-<domain>.cfg`` mappings are."""


def mapping(domain: str) -> Path:
    """The extraction mapping of a domain."""
    return ROOT / f"babel-{domain}.cfg"


def keywords(domain: str) -> list[str]:
    """The extra keywords a domain's mapping names (``# keywords: ...`` lines), as ``-k`` arguments."""
    out = []
    for line in mapping(domain).read_text(encoding="utf-8").splitlines():
        head, _, rest = line.strip().partition(":")
        if head.lstrip("#").strip() == "keywords" and line.strip().startswith("#"):
            out += [arg for k in rest.split() for arg in ("-k", k)]
    return out


def po_path(lang: str, domain: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.po"


def _babel(*args: str) -> None:
    CommandLineInterface().run(["pybabel", "-q", *args])


def extract(domain: str, out: Path) -> Path:
    """The template (``.pot``) of ``domain``, extracted from the code by its mapping, written to ``out``."""
    # Babel's default keywords are ours: _, gettext, ngettext (singular and plural) and N_ among them.
    _babel("extract", "-F", str(mapping(domain)), *keywords(domain), "--no-location", "--sort-output",
           "--project", "footcanasta", "--omit-header", "-o", str(out), str(ROOT))
    return out


def update(domain: str, pot: Path) -> None:
    """Merge the template into every language's catalog (a missing one is created)."""
    for lang in LANGUAGES:
        if lang == DEFAULT_LANG:
            continue
        po = po_path(lang, domain)
        if po.is_file():
            _babel("update", "-D", domain, "-i", str(pot), "-d", str(LOCALE_DIR), "-l", lang,
                   "--no-wrap", "--ignore-obsolete")
        else:
            _babel("init", "-D", domain, "-i", str(pot), "-d", str(LOCALE_DIR), "-l", lang, "--no-wrap")


def compiled(po: Path) -> bytes:
    """The ``.mo`` bytes of a ``.po`` file, as ``compile`` writes them (fuzzy entries left out)."""
    with po.open("rb") as f:
        catalog = read_po(f)
    out = BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def compile_all(domain: str) -> None:
    """Write every language's ``.mo`` from its ``.po``."""
    for lang in LANGUAGES:
        po = po_path(lang, domain)
        if lang != DEFAULT_LANG and po.is_file():
            po.with_suffix(".mo").write_bytes(compiled(po))


def main(argv: list[str] | None = None) -> int:
    """The command line: extract, update, compile or all, for one domain."""
    parser = argparse.ArgumentParser(prog="python -m footcanasta_env.i18n.catalogs", description=__doc__.split("\n")[0])
    parser.add_argument("step", nargs="?", default="all", choices=("extract", "update", "compile", "all"))
    parser.add_argument("--domain", default="footcanasta", choices=DOMAINS)
    parser.add_argument("--pot", type=Path, default=None,
                        help="where extract writes the template (default: a temp file)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        pot = args.pot or Path(tmp) / f"{args.domain}.pot"
        if args.step in ("extract", "update", "all"):
            extract(args.domain, pot)
        if args.step in ("update", "all"):
            update(args.domain, pot)
        if args.step in ("compile", "all"):
            compile_all(args.domain)
    return 0


if __name__ == "__main__":
    sys.exit(main())
