"""Registered once: a game's manifest (``footcanasta_env.family.manifest``) is the one place of its gym ids, shipped
files, rule book and page; gymnasium registration, shipping, the wheel and the rules follow from it."""

from __future__ import annotations

import dataclasses
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import gymnasium
import pytest

from footcanasta_env import GYM_ENV_ID, canasta, footcanasta
from footcanasta_env.envkit.registration import gym_envs, register_when_gymnasium_loads
from footcanasta_env.family.manifest import Manifest, built_in_manifests
from footcanasta_env.games import game_folder, game_names, get_game, manifest, register_game, unregister_game

ROOT = Path(__file__).resolve().parents[2]
NAME = "toyreg"

PACKAGE = '''
"""The toy game in a package of its own, with a manifest: what a new game of the house writes."""
from footcanasta_env.family.manifest import Manifest
from tests.helpers.toy_game import FOUR as _TOY

NAME = "toyreg"
MANIFEST = Manifest(gym_ids={"toyreg/Toy-v0": "toyreg_pkg.envs:ToyEnv"},
                    shipped=("data/learned.npz", "data/learned.json"), rules="RULES.md",
                    checkpoints="checkpoints/toyreg")


def __getattr__(name):
    return getattr(_TOY, name)
'''

ENVS = '''
import gymnasium
import numpy as np


class ToyEnv(gymnasium.Env):
    observation_space = gymnasium.spaces.Box(0, 1, (1,), np.float32)
    action_space = gymnasium.spaces.Discrete(1)

    def reset(self, seed=None, options=None):
        return np.zeros(1, np.float32), {}

    def step(self, action):
        return np.zeros(1, np.float32), 0.0, True, False, {}
'''


@pytest.fixture
def toy_package(tmp_path, monkeypatch):
    """A game package ``toyreg_pkg`` (the toy with a manifest, envs and data/), importable; unregistered after."""
    folder = tmp_path / "toyreg_pkg"
    (folder / "data").mkdir(parents=True)
    (folder / "__init__.py").write_text(PACKAGE)
    (folder / "envs.py").write_text(ENVS)
    for name in ("learned.npz", "learned.json"):
        (folder / "data" / name).write_bytes(b"x")
    monkeypatch.syspath_prepend(str(tmp_path))
    yield folder
    unregister_game(NAME)
    for module in [m for m in sys.modules if m.split(".")[0] == "toyreg_pkg"]:
        del sys.modules[module]


def test_the_built_in_manifests_read_from_the_source_are_the_imported_ones():
    # setup.py reads them without importing the package: the two readings must never drift apart
    found = built_in_manifests(ROOT)
    assert set(found) == {"footcanasta", "canasta"} <= set(game_names())
    for name, (module, m) in found.items():
        assert m == get_game(name).MANIFEST == manifest(name)
        assert game_folder(name) == ROOT.joinpath(*module.split("."))
    assert footcanasta.MANIFEST.rules == "RULES.md" and canasta.MANIFEST.rules == "CANASTA.md"
    assert GYM_ENV_ID in footcanasta.MANIFEST.gym_ids
    assert gym_envs() == {**footcanasta.MANIFEST.gym_ids, **canasta.MANIFEST.gym_ids}


@pytest.mark.parametrize("name", ["footcanasta", "canasta"])
def test_every_file_a_built_in_manifest_names_exists(name):
    m, folder = manifest(name), game_folder(name)
    assert m.gym_ids and m.shipped and m.checkpoints
    assert [p for p in m.shipped if not (folder / p).is_file()] == []
    assert (ROOT / m.checkpoints).is_dir()
    assert (ROOT / "docs" / m.rules).is_file()
    assert get_game(name).rules_text(lang="de") == (ROOT / "docs" / "de" / m.rules).read_text(encoding="utf-8")
    for env_id, entry_point in m.gym_ids.items():
        assert gymnasium.spec(env_id).entry_point == entry_point


def test_a_game_registered_with_a_manifest_gets_its_gym_id_and_its_shipped_files_found(toy_package):
    register_game(NAME, "toyreg_pkg")  # gymnasium is loaded here: the id is registered at once
    assert "toyreg_pkg" in sys.modules and "toyreg_pkg.envs" not in sys.modules  # the face, never its envs
    assert gymnasium.spec("toyreg/Toy-v0").entry_point == "toyreg_pkg.envs:ToyEnv"
    env = gymnasium.make("toyreg/Toy-v0")
    assert env.reset(seed=0)[0].shape == (1,)
    assert gym_envs()["toyreg/Toy-v0"] == "toyreg_pkg.envs:ToyEnv"
    assert game_folder(NAME) == toy_package.resolve()
    assert all((game_folder(NAME) / p).is_file() for p in manifest(NAME).shipped)

    from training.ship import shipped_folders  # training follows the same manifest

    record, data = shipped_folders(NAME)
    assert record == "checkpoints/toyreg" and Path(data).resolve() == toy_package.resolve() / "data"

    unregister_game(NAME)  # forgotten: its id too
    assert "toyreg/Toy-v0" not in gymnasium.registry and "toyreg/Toy-v0" not in gym_envs()


def test_a_game_registered_before_gymnasium_loads_is_registered_when_it_does(toy_package):
    script = textwrap.dedent(f"""
        import sys
        sys.path[:0] = [{str(toy_package.parent)!r}, {str(ROOT)!r}]
        import footcanasta_env
        from footcanasta_env.games import register_game
        register_game("toyreg", "toyreg_pkg")
        assert "gymnasium" not in sys.modules and "toyreg_pkg" not in sys.modules
        import gymnasium
        assert "toyreg_pkg.envs" not in sys.modules
        gymnasium.make("toyreg/Toy-v0").reset(seed=0)
        gymnasium.make("footcanasta/Canasta-v0", max_rounds=1).reset(seed=0)
    """)
    done = subprocess.run([sys.executable, "-W", "error", "-c", script], capture_output=True, text=True,
                          timeout=120, cwd=ROOT)
    assert done.returncode == 0, done.stderr


def test_a_game_without_a_manifest_registers_nothing_and_cannot_be_shipped_by_default(toy):
    assert manifest("toy") == Manifest() and not manifest("toy").gym_ids
    from training.ship import shipped_folders

    with pytest.raises(SystemExit, match="no shipping folders are known for the game 'toy'"):
        shipped_folders("toy")


def test_a_manifest_that_is_no_manifest_is_refused(toy_package):
    bad = type("Game", (), {"MANIFEST": {"gym_ids": {}}})()
    with pytest.raises(TypeError, match="MANIFEST must be a footcanasta_env.family.manifest.Manifest"):
        register_game(NAME, bad)  # gymnasium is loaded: its manifest is read at once
    assert NAME not in game_names()  # and the game is not registered
    register_when_gymnasium_loads()  # the other games' registration is unharmed


@pytest.mark.parametrize("bad, message", [
    ({"gym_ids": {"Toy-v0": "toy.envs:Env"}}, "gym_ids maps"),
    ({"gym_ids": {"toy/Toy-v0": "toy.envs.Env"}}, "gym_ids maps"),
    ({"shipped": "data/learned.npz"}, "shipped is a tuple"),
    ({"shipped": ("../secret",)}, "shipped\\[0\\] is a relative path"),
    ({"page": "/srv/page"}, "page is a relative path"),
    ({"rules": "docs/RULES.md"}, "rules is a Markdown file name"),
])
def test_bad_manifests_are_refused_by_name(bad, message):
    with pytest.raises(ValueError, match=message):
        Manifest(**bad)


# Where a second, hand-kept list of what the manifests name used to live (and must not come back).
HAND_KEPT = {
    "footcanasta_env/envkit/registration.py": [r"GYM_ENVS\s*=", r"\"footcanasta/Canasta-v0\"", r"one_seat:"],
    "footcanasta_env/canasta/envs/__init__.py": [r"=\s*\"footcanasta/Canasta-v0\""],
    "footcanasta_env/i18n/documents.py": [r"RULES\.md|CANASTA\.md"],
    "training/ship.py": [r"SHIPPED\s*=", r"checkpoints/(footcanasta|canasta)\"", r"_env/(footcanasta|canasta)/data\""],
    "setup.py": [r"RULES\.md|CANASTA\.md", r"learned\.(npz|json)"],
    "pyproject.toml": [r"data/learned", r"value\.npz", r"search\.json", r"footcanasta_env\.(footcanasta|canasta)\""],
    "MANIFEST.in": [r"RULES\.md|CANASTA\.md"],
    "tests/house/test_packaging.py": [r"\"footcanasta_env/data/(RULES|CANASTA)\.md\":"],
}


@pytest.mark.parametrize("path", sorted(HAND_KEPT))
def test_no_second_hand_kept_list(path):
    text = (ROOT / path).read_text(encoding="utf-8")
    found = [p for p in HAND_KEPT[path] if re.search(p, text)]
    assert not found, f"{path} keeps by hand what the games' manifests name: {found}"


def test_the_faces_read_their_rule_book_from_their_manifest():
    from footcanasta_env.family.face import rule_book
    from footcanasta_env.i18n.documents import rules_document

    for face in ("footcanasta", "canasta"):
        game = get_game(face)
        assert game.rules_text(lang="de") == rules_document(game.MANIFEST.rules, lang="de")
        # the face's rules_text is the one the manifest's rule book gives, not a name of its own
        other = "CANASTA.md" if game.MANIFEST.rules != "CANASTA.md" else "RULES.md"
        assert rule_book(dataclasses.replace(game.MANIFEST, rules=other))(3) != game.rules_text(3)
        text = (ROOT / "footcanasta_env" / face / "__init__.py").read_text(encoding="utf-8")
        assert "rule_book(MANIFEST)" in text and not re.search(r"rules_document\(\"", text)


def test_the_built_in_games_are_listed_once():
    # games._GAMES is the one list of the built-in games: no other module of the house maps names to packages
    games = (ROOT / "footcanasta_env" / "games.py").read_text(encoding="utf-8")
    assert re.search(r"_GAMES: .* = \{\"footcanasta\": \"footcanasta_env\.footcanasta\", \"canasta\"", games)
    offenders = []
    for path in [*(ROOT / "footcanasta_env").rglob("*.py"), *(ROOT / "training").glob("*.py"), ROOT / "setup.py"]:
        text = path.read_text(encoding="utf-8")
        if re.search(r"[\"'](footcanasta|canasta)[\"']\s*:\s*[\"']footcanasta_env\.", text) and path.name != "games.py":
            offenders.append(str(path.relative_to(ROOT)))
    assert not offenders, offenders
