"""The gettext catalogs stay complete and in step with the code (``footcanasta_env/i18n/locale``).

For each domain (``i18n.DOMAINS``) and language: Babel's extraction, run here from the domain's mapping
``babel-<domain>.cfg``, finds no id the catalog lacks or leaves untranslated or fuzzy; every translation keeps
the id's placeholders (and has every plural form of its language); the catalog holds no id the code no
longer uses; the committed ``.mo`` is a fresh compile of the ``.po``.
"""

from __future__ import annotations

import re

import pytest
from babel.messages.pofile import read_po

from footcanasta_env.i18n import DEFAULT_LANG, DOMAINS, LANGUAGES, translator
from footcanasta_env.i18n.catalogs import compiled, extract, mapping, po_path

LANGS = [lang for lang in LANGUAGES if lang != DEFAULT_LANG]
PLACEHOLDER = re.compile(r"(?<!\{)\{([A-Za-z_][A-Za-z0-9_]*)\}")


def _domain(domain: str) -> str:
    if not mapping(domain).is_file():
        pytest.skip(f"no extraction mapping {mapping(domain).name} on this branch (the {domain} domain is not in yet)")
    return domain


@pytest.fixture(scope="module", params=DOMAINS)
def template(request, tmp_path_factory):
    """The domain and its ids as extracted from the code now: {id: msgid_plural or None}."""
    domain = _domain(request.param)
    pot = extract(domain, tmp_path_factory.mktemp(domain) / f"{domain}.pot")
    with pot.open("rb") as f:
        catalog = read_po(f)
    ids = {}
    for m in catalog:
        if m.id:
            ids[m.id if isinstance(m.id, str) else m.id[0]] = None if isinstance(m.id, str) else m.id[1]
    assert ids, f"the extraction of {domain} found no message"
    return domain, ids


def _catalog(domain: str, lang: str):
    po = po_path(lang, domain)
    assert po.is_file(), f"the {lang} catalog of {domain} is missing: {po}"
    with po.open("rb") as f:
        return read_po(f)


def _names(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


@pytest.mark.parametrize("lang", LANGS)
def test_every_id_is_translated_with_its_placeholders(template, lang):
    domain, ids = template
    catalog = _catalog(domain, lang)
    problems = []
    for msgid, plural in ids.items():
        m = catalog.get(msgid)
        if m is None or m.fuzzy:
            problems.append(f"{'fuzzy' if m else 'missing'}: {msgid!r}")
            continue
        if plural is None:
            if not isinstance(m.string, str) or not m.string.strip():
                problems.append(f"untranslated: {msgid!r}")
            elif _names(m.string) != _names(msgid):
                problems.append(f"placeholders {sorted(_names(m.string))} for {sorted(_names(msgid))}: {msgid!r}")
            continue
        forms = list(m.string) if not isinstance(m.string, str) else [m.string]
        wanted = _names(msgid) | _names(plural)
        if len(forms) != catalog.num_plurals or not all(f.strip() for f in forms):
            problems.append(f"plural forms {len(forms)} of {catalog.num_plurals} (or empty): {msgid!r}")
        elif any(not _names(f) <= wanted for f in forms) or set().union(*map(_names, forms)) != wanted:
            problems.append(f"plural placeholders of {msgid!r}")
    assert not problems, f"{domain} {lang}:\n" + "\n".join(problems)


@pytest.mark.parametrize("lang", LANGS)
def test_no_catalog_holds_an_id_the_code_no_longer_uses(template, lang):
    domain, ids = template
    stale = [m.id for m in _catalog(domain, lang) if m.id and (m.id if isinstance(m.id, str) else m.id[0]) not in ids]
    assert not stale, f"{domain} {lang} holds ids the code no longer uses: {stale}"


@pytest.mark.parametrize("lang", LANGS)
def test_the_committed_mo_is_a_fresh_compile_of_its_po(template, lang):
    domain, _ = template
    po = po_path(lang, domain)
    mo = po.with_suffix(".mo")
    assert mo.is_file(), f"{mo} is missing: python -m footcanasta_env.i18n.catalogs compile --domain {domain}"
    assert mo.read_bytes() == compiled(po), f"{mo} is stale: python -m footcanasta_env.i18n.catalogs compile"


@pytest.mark.parametrize("lang", LANGS)
def test_the_catalog_declares_its_language_and_plural_forms(template, lang):
    domain, _ = template
    catalog = _catalog(domain, lang)
    assert str(catalog.locale) == lang
    assert catalog.num_plurals == {"de": 2, "it": 3, "ru": 3, "th": 1}[lang]
    assert translator(lang, domain).gettext("") != ""  # the .mo loads, its header included
