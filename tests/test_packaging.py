"""Packaging: what an install holds. ``pip install .`` must give the shipped policy, the rules document and
the console script, not only an editable checkout.

The shipped policy and the rules are package data, copies of ``checkpoints/learned.*`` (the record of how
the policy was trained) and the rules of both games in every language (``docs/RULES.md``, ``docs/CANASTA.md``
and ``docs/<lang>/`` for the others, the documents the repository links to): setuptools installs only files
under the package folder, so the copies live there and these tests keep them identical.
"""

from __future__ import annotations

import importlib
import importlib.metadata
import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

import footcanasta_env
from footcanasta_env.bots.policy import SHIPPED_POLICY, load_policy
from footcanasta_env.i18n import LANGUAGES

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "footcanasta_env"
COPIES = {  # package data -> the repository file it copies
    "footcanasta_env/bots/data/learned.npz": "checkpoints/learned.npz",
    "footcanasta_env/bots/data/learned.json": "checkpoints/learned.json",
    "footcanasta_env/data/RULES.md": "docs/RULES.md",
    "footcanasta_env/data/CANASTA.md": "docs/CANASTA.md",
    **{f"footcanasta_env/data/{lang}/{doc}": f"docs/{lang}/{doc}"
       for lang in LANGUAGES if lang != "en" for doc in ("RULES.md", "CANASTA.md")},
}


@pytest.mark.parametrize("packaged, source", sorted(COPIES.items()))
def test_package_data_copies_are_identical_to_the_repository_files(packaged, source):
    assert (ROOT / packaged).read_bytes() == (ROOT / source).read_bytes(), (
        f"{packaged} differs from {source}: copy it again (cp {source} {packaged})")


def test_the_shipped_policy_is_read_from_the_package_and_its_record_matches():
    assert Path(SHIPPED_POLICY).resolve() == (PACKAGE / "bots" / "data" / "learned.npz").resolve()
    policy = load_policy(SHIPPED_POLICY)
    record = json.loads((PACKAGE / "bots" / "data" / "learned.json").read_text(encoding="utf-8"))
    assert record["arch"] == policy.meta["arch"]
    assert record["evaluation"] == policy.meta["evaluation"]


def test_version_is_one_number():
    assert importlib.metadata.version("footcanasta") == footcanasta_env.__version__


def _build_wheel(tmp_path: Path) -> Path:
    """Build the wheel from a copy of what the build reads (the checkout itself stays untouched)."""
    src = tmp_path / "src"
    src.mkdir()
    for name in ("pyproject.toml", "README.md", "LICENSE"):
        shutil.copy2(ROOT / name, src / name)
    shutil.copytree(PACKAGE, src / "footcanasta_env", ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    out = tmp_path / "wheel"
    cmd = [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--no-index",
           "--disable-pip-version-check", "-q", "-w", str(out), str(src)]
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
        for packaged, source in COPIES.items():
            assert packaged in names, f"{packaged} is not in the wheel"
            assert z.read(packaged) == (ROOT / source).read_bytes()
        assert "footcanasta_env/py.typed" in names
        catalogs = {p.relative_to(ROOT).as_posix() for p in (PACKAGE / "i18n" / "locale").rglob("*.mo")}
        assert len(catalogs) == 8 and catalogs <= names, f"catalogs missing: {sorted(catalogs - names)}"  # 4 x 2
        for data in ("value.npz", "search.json"):  # the search bot's value, and the record hints are chosen by
            assert f"footcanasta_env/bots/data/{data}" in names, f"bots/data/{data} is not in the wheel"
        modules = {p.relative_to(ROOT).as_posix() for p in PACKAGE.rglob("*.py") if "__pycache__" not in p.parts}
        assert modules <= names, f"modules missing from the wheel: {sorted(modules - names)}"
        info = next(n.split("/")[0] for n in names if n.endswith(".dist-info/METADATA"))
        entry_points = z.read(f"{info}/entry_points.txt").decode()
        assert "footcanasta = footcanasta_env.cli:main" in entry_points
        metadata = z.read(f"{info}/METADATA").decode()
        assert "License-Expression: MIT" in metadata
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
        "from footcanasta_env.games import get_game\n"
        "assert get_game('canasta').rules_text(4, lang='de').startswith('## 4. ')\n"
        "from footcanasta_env.i18n import render, translator\n"
        "assert translator('th', 'web').gettext('New game') == 'เกมใหม่'\n"
        "from footcanasta_env.engine import IllegalActionError, new_game\n"
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
    assert '"a": "learned"' in done.stdout


def test_license_file_is_mit():
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License") and "footcanasta contributors" in text
