"""Packaging: what an install holds. ``pip install .`` must give the shipped policy, the rules document and
the console script, not only an editable checkout.

What a game ships, its page assets and its rule book are named once, in its manifest (``MANIFEST``,
``footcanasta_env.family.manifest``); the build follows the manifests (``setup.py``), and the wheel must hold
every file they name. A shipped policy is package data, a copy of the one in the game's checkpoints folder
(``checkpoints/footcanasta/learned.*``: the record of how the policy was trained), kept identical here. The
rules of both games in every language are written once, in ``docs/`` (``RULES.md``, ``CANASTA.md``,
``docs/<lang>/``: pages of the documentation site); the build copies them into the wheel and the source
distribution (``setup.py``), and a checkout or an editable install reads ``docs/`` itself. The wheel is built
the way a user's ``pip`` would build it from the sdist.
"""

from __future__ import annotations

import importlib
import importlib.metadata
import json
import os
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

import footcanasta_env
from footcanasta_env.footcanasta.bots.policy import SHIPPED_POLICY, load_policy
from footcanasta_env.games import game_folder, game_names, manifest
from footcanasta_env.i18n import LANGUAGES
from footcanasta_env.i18n.documents import documents_folder

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "footcanasta_env"
MANIFESTS = {name: (game_folder(name).relative_to(ROOT).as_posix(), manifest(name)) for name in game_names()}
NAMED = {  # every file a manifest names, as the wheel holds it: the shipped files and the page assets
    f"{folder}/{path}" for folder, m in MANIFESTS.values()
    for path in [*m.shipped, *(p.relative_to(ROOT / folder).as_posix()
                                for p in (ROOT / folder / m.page).rglob("*") if p.is_file())]}
COPIES = {  # package data -> the repository file it copies: a shipped file also in the game's checkpoints folder
    f"{folder}/{path}": f"{m.checkpoints}/{Path(path).name}" for folder, m in MANIFESTS.values() for path in m.shipped
    if m.checkpoints and (ROOT / m.checkpoints / Path(path).name).is_file()}
RULE_BOOKS = {  # the wheel's file -> the docs/ page the build copies into it
    **{f"footcanasta_env/data/{doc}": f"docs/{doc}" for doc in {m.rules for _, m in MANIFESTS.values()}},
    **{f"footcanasta_env/data/{lang}/{doc}": f"docs/{lang}/{doc}"
       for lang in LANGUAGES if lang != "en" for doc in {m.rules for _, m in MANIFESTS.values()}},
}


def test_the_lists_follow_the_manifests_of_both_games():
    assert {"footcanasta", "canasta"} <= set(MANIFESTS)
    assert {"footcanasta_env/footcanasta/data/learned.npz", "footcanasta_env/footcanasta/data/value.npz",
            "footcanasta_env/canasta/data/learned.json"} <= NAMED
    assert COPIES["footcanasta_env/canasta/data/learned.npz"] == "checkpoints/canasta/learned.npz"
    assert {"footcanasta_env/data/RULES.md", "footcanasta_env/data/th/CANASTA.md"} <= set(RULE_BOOKS)


def test_the_checkout_keeps_no_copy_of_the_rules_and_reads_docs():
    # A copy under the package would shadow docs/ (the package's data/ is read first) and go stale.
    assert not (PACKAGE / "data").exists(), "footcanasta_env/data/ is made by the build only: remove it"
    assert Path(str(documents_folder())) == ROOT / "docs"
    assert footcanasta_env.footcanasta.rules_text(lang="de") == (ROOT / "docs" / "de" / "RULES.md").read_text("utf-8")


@pytest.mark.parametrize("packaged, source", sorted(COPIES.items()))
def test_package_data_copies_are_identical_to_the_repository_files(packaged, source):
    assert (ROOT / packaged).read_bytes() == (ROOT / source).read_bytes(), (
        f"{packaged} differs from {source}: copy it again (cp {source} {packaged})")


def test_the_shipped_policy_is_read_from_the_package_and_its_record_matches():
    assert Path(SHIPPED_POLICY).resolve() == (PACKAGE / "footcanasta" / "data" / "learned.npz").resolve()
    policy = load_policy(SHIPPED_POLICY)
    record = json.loads((PACKAGE / "footcanasta" / "data" / "learned.json").read_text(encoding="utf-8"))
    assert record["arch"] == policy.meta["arch"]
    assert record["evaluation"] == policy.meta["evaluation"]


def test_version_is_one_number():
    assert importlib.metadata.version("footcanasta") == footcanasta_env.__version__


def _build_wheel(tmp_path: Path) -> Path:
    """Build an sdist from a copy of what the build reads (the checkout itself stays untouched), then the wheel
    from that sdist alone: what the sdist lacks, the wheel lacks."""
    src = tmp_path / "src"
    src.mkdir()
    for name in ("pyproject.toml", "setup.py", "MANIFEST.in", "README.md", "LICENSE"):
        shutil.copy2(ROOT / name, src / name)
    shutil.copytree(PACKAGE, src / "footcanasta_env", ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    for source in RULE_BOOKS.values():
        (src / source).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / source, src / source)
    shutil.copy2(ROOT / "docs" / "index.md", src / "docs" / "index.md")  # a site page: the sdist leaves it out
    sdists = tmp_path / "sdist"
    build = f"from setuptools import build_meta; print(build_meta.build_sdist({str(sdists)!r}))"
    done = subprocess.run([sys.executable, "-c", build], cwd=src, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    with tarfile.open(sdists / done.stdout.split()[-1]) as tar:
        members = {m.name.split("/", 1)[1] for m in tar.getmembers() if "/" in m.name}
        assert set(RULE_BOOKS.values()) <= members and "setup.py" in members, sorted(members)
        assert "docs/index.md" not in members
        safe = {"filter": "data"} if hasattr(tarfile, "data_filter") else {}  # Python 3.10.12+ and 3.11.4+
        tar.extractall(tmp_path / "unpacked", **safe)
    (unpacked,) = (tmp_path / "unpacked").iterdir()
    out = tmp_path / "wheel"
    cmd = [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--no-index",
           "--disable-pip-version-check", "-q", "-w", str(out), str(unpacked)]
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    wheels = list(out.glob("footcanasta-*.whl"))
    assert len(wheels) == 1, wheels
    return wheels[0]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    return _build_wheel(tmp_path_factory.mktemp("build"))


def test_wheel_holds_the_policy_the_rules_the_modules_and_the_script(wheel):
    with zipfile.ZipFile(wheel) as z:
        names = set(z.namelist())
        lacking = sorted(NAMED - names)
        assert not lacking, f"files the games' manifests name are not in the wheel: {lacking}"
        for packaged in NAMED:
            assert z.read(packaged) == (ROOT / packaged).read_bytes(), packaged
        for packaged, source in {**COPIES, **RULE_BOOKS}.items():
            assert packaged in names, f"{packaged} is not in the wheel"
            assert z.read(packaged) == (ROOT / source).read_bytes()
        assert "footcanasta_env/py.typed" in names
        catalogs = {p.relative_to(ROOT).as_posix() for p in (PACKAGE / "i18n" / "locale").rglob("*.mo")}
        assert len(catalogs) == 8 and catalogs <= names, f"catalogs missing: {sorted(catalogs - names)}"  # 4 x 2
        static = {p.relative_to(ROOT).as_posix() for p in (PACKAGE / "web" / "static").rglob("*") if p.is_file()}
        assert static <= names, f"the page's files missing from the wheel: {sorted(static - names)}"  # icons too
        modules = {p.relative_to(ROOT).as_posix() for p in PACKAGE.rglob("*.py") if "__pycache__" not in p.parts}
        assert modules <= names, f"modules missing from the wheel: {sorted(modules - names)}"
        info = next(n.split("/")[0] for n in names if n.endswith(".dist-info/METADATA"))
        entry_points = z.read(f"{info}/entry_points.txt").decode()
        assert "footcanasta = footcanasta_env.cli:main" in entry_points
        metadata = z.read(f"{info}/METADATA").decode()
        assert "License-Expression: MIT" in metadata
        summary = next(line for line in metadata.splitlines() if line.startswith("Summary: "))
        assert "Foot Canasta" in summary and "classic Canasta" in summary and "Canasta family" in summary
        assert "Keywords: " in metadata and "Classifier: Topic :: Games/Entertainment" in metadata
        assert "Provides-Extra: docs" in metadata
        assert f"{info}/licenses/LICENSE" in names


def test_an_installed_wheel_plays_learned_and_prints_the_rules(wheel, tmp_path):
    # Install the wheel alone into a folder and run from elsewhere, so that nothing comes from the checkout.
    target = tmp_path / "site"
    cmd = [sys.executable, "-m", "pip", "install", "--no-deps", "--no-index", "--disable-pip-version-check", "-q",
           "--target", str(target), str(wheel)]
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    script = (
        "import footcanasta_env, sys\n"
        "from footcanasta_env import make_bot\n"
        "from footcanasta_env.cli import main\n"
        f"assert footcanasta_env.__file__.startswith({str(target)!r}), footcanasta_env.__file__\n"
        "print(make_bot('learned').name)\n"
        "assert main(['rules', '4']) == 0\n"
        "from footcanasta_env.i18n.documents import documents_folder\n"
        f"assert str(documents_folder()).startswith({str(target)!r}), documents_folder()\n"
        "assert main(['rules', '--lang', 'de', '--game', 'canasta', '4']) == 0\n"
        "from footcanasta_env.games import get_game\n"
        "assert get_game('canasta').rules_text(4, lang='de').startswith('## 4. ')\n"
        "from footcanasta_env.i18n import render, translator\n"
        "assert translator('th', 'web').gettext('New game') == 'เกมใหม่'\n"
        "from footcanasta_env.footcanasta.engine import IllegalActionError, new_game\n"
        "g = new_game(seed=1)\n"
        "m = g.why_illegal_message(next(a for a in range(89) if a not in g.legal_actions()))\n"
        "assert 'Regel' in render(m, 'de'), render(m, 'de')\n"
        "assert main(['evaluate', 'learned', 'random', '--deals', '1', '--workers', '1', '--json']) == 0\n"
    )
    env = {**os.environ, "PYTHONPATH": str(target)}
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300,
                          cwd=tmp_path, env=env)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.startswith("learned\n## 4. Taking the discard pile")
    assert "## 4. Den Ablagestapel nehmen" in done.stdout  # Canasta's section 4, in German
    assert '"a": "learned"' in done.stdout


def test_license_file_is_mit():
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License") and "footcanasta contributors" in text
