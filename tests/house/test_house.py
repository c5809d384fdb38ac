"""The house: old import paths are gone, the interface of the design stays on the package, no import circles."""

from __future__ import annotations

import ast
import importlib
import importlib.machinery
import pathlib

import pytest

import footcanasta_env

PACKAGE = pathlib.Path(footcanasta_env.__file__).parent


# The compatibility modules of the flat layout, deleted in 0.2.0 (CHANGELOG.md lists their new homes).
REMOVED = ["aec_env", "gym_env", "masks", "scenario", "view", "explain", "scoring", "replay", "strategy", "policy",
           "evaluation_cli", "play_screen", "play_input", "demo", "_moved",
           # moved into the game's own package or the family's room in 0.4.0 (one shape for every game)
           "engine", "observation", "bots", "envs", "rules", "actions", "melds", "render", "cards", "seats",
           "botregistry"]


@pytest.mark.parametrize("old", REMOVED)
def test_an_old_flat_module_path_is_gone(old):
    # Looked up in the package's own folder: an editable install of another checkout may sit on sys.meta_path.
    assert importlib.machinery.PathFinder.find_spec(f"footcanasta_env.{old}", footcanasta_env.__path__) is None
    assert not (PACKAGE / f"{old}.py").exists() and not (PACKAGE / old).exists()
    with pytest.raises(AttributeError):
        getattr(footcanasta_env, old)


def test_the_changelog_names_every_removed_path():
    changelog = (pathlib.Path(__file__).resolve().parents[2] / "CHANGELOG.md").read_text(encoding="utf-8")
    missing = [old for old in REMOVED if f"footcanasta_env.{old}`" not in changelog]
    assert not missing, missing


@pytest.mark.parametrize("face, names", [
    ("footcanasta_env", ["new_game", "load_scenario", "Game", "IllegalActionError", "ScenarioError", "action_name",
                         "action_id", "NUM_ACTIONS", "ACTION_NAMES", "Rules", "daily_seed", "env", "raw_env",
                         "make_bot", "FootCanastaGymEnv", "SEAT_NAMES", "TEAM_NAMES", "team_of", "partner_of",
                         "left_of", "sample_world"]),
    ("footcanasta_env.footcanasta.engine", ["Game", "new_game", "IllegalActionError", "daily_seed", "card_total",
                                            "DRAW_PHASE",
                                "PLAY_PHASE", "PHASE_NAMES", "load_scenario", "to_scenario", "View", "make_view",
                                "why_illegal", "score_round", "sample_world"]),
    ("footcanasta_env.footcanasta.observation", ["OBS_SIZE", "OBS_VERSION", "OFFSETS", "SCALE", "SEAT_BLOCK",
                                                 "GameEncoder",
                                     "encode", "observation_bounds"]),
    ("footcanasta_env.footcanasta.bots", ["make_bot", "bot_names", "BOTS", "Bot", "RandomBot", "GreedyBot", "ExpertBot",
                              "PolicyBot", "load_policy", "save_policy", "strongest_bot"]),
    ("footcanasta_env.footcanasta.envs", ["env", "raw_env", "FootCanastaGymEnv", "AGENTS", "team_reward"]),
    ("footcanasta_env.evaluation", ["evaluate", "league", "play_deal", "play_bots_game", "deal_seed",
                                    "match_bot_seed", "fit_elo", "mean_ci", "MatchReport", "LeagueReport",
                                    "plot_match", "plot_league"]),
    ("footcanasta_env.play", ["Terminal", "Session", "play_session", "add_parsers", "run_play", "run_replay"]),
    ("footcanasta_env.table", ["Table", "Deal", "Step", "TableError", "TableText", "Lineup", "choose_bots", "HUMAN",
                               "parse_daily"]),
    ("footcanasta_env.games", ["get_game", "register_game", "unregister_game", "game_names", "check_game_name",
                               "DEFAULT_GAME", "INTERFACE", "TRAINING", "GameModule"]),
    ("footcanasta_env.footcanasta", ["NAME", "TITLE", "new_game", "load_scenario", "Rules", "rules_text",
                                     "NUM_ACTIONS", "ACTION_VERSION", "action_name", "action_id", "OBS_SIZE",
                                     "OBS_VERSION", "encode", "make_bot", "bot_names", "check_bot_name",
                                     "strongest_bot", "hint_bot_name", "table_text", "GameEncoder", "hidden_cards",
                                     "HIDDEN_CARDS_SIZE", "team_reward", "env", "raw_env", "GymEnv"]),
    ("footcanasta_env.footcanasta_v0", ["env", "raw_env"]),
])
def test_the_faces_keep_their_names(face, names):
    module = importlib.import_module(face)
    missing = [n for n in names if not hasattr(module, n)]
    assert not missing, f"{face} lacks {missing}"


@pytest.mark.parametrize("face, old", [
    ("footcanasta_env.evaluation", "bot_seed"),
    ("footcanasta_env.evaluation", "play_game"),
    ("footcanasta_env.play", "play_game"),
])
def test_renamed_names_are_gone(face, old):
    with pytest.raises(AttributeError, match=old):
        getattr(importlib.import_module(face), old)


GAMES = ("footcanasta", "canasta")
GAME_ROOMS = ("engine", "observation", "bots", "text", "envs")
"""The rooms of every game's package, in the same shape and under the same names, lowest first."""
FACES = ["", "family", "envkit", "evaluation", "play", "web", "table",
         *GAMES, *(f"{g}/{room}" for g in GAMES for room in GAME_ROOMS)]


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_the_same_rooms(game):
    folder = PACKAGE / game
    rooms = sorted(p.name for p in folder.iterdir() if (p / "__init__.py").is_file())
    assert rooms == sorted(GAME_ROOMS)
    assert (folder / "rules.py").is_file() and (folder / "actions.py").is_file() and (folder / "data").is_dir()


@pytest.mark.parametrize("face", FACES)
def test_a_face_docstring_names_every_module_it_holds(face):
    folder = PACKAGE / face if face else PACKAGE
    doc = ast.get_docstring(ast.parse((folder / "__init__.py").read_text(encoding="utf-8")))
    held = [p.stem for p in folder.glob("*.py") if p.name != "__init__.py"]
    held += [p.name for p in folder.iterdir() if (p / "__init__.py").is_file() and face in ("", *GAMES)]
    missing = sorted(m for m in held if f"``{m}``" not in doc)
    where = "footcanasta_env" + ("." + face.replace("/", ".") if face else "")
    assert not missing, f"{where}'s docstring does not name {missing}"


def test_the_versioned_module_plays():
    from footcanasta_env import footcanasta_v0

    e = footcanasta_v0.env(rounds=1)
    e.reset(seed=3)
    obs, *_ = e.last()
    assert obs["action_mask"].sum() >= 1


def _imports(path: pathlib.Path, module: str, modules: set[str]) -> set[str]:
    """Package modules that ``module`` imports anywhere in its file (inside functions too)."""
    is_face = path.name == "__init__.py"
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        targets = []
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = module.split(".") if is_face else module.split(".")[:-1]
                parts = parts[:len(parts) - (node.level - 1)]
                base = ".".join(parts + ([node.module] if node.module else []))
            else:
                base = node.module or ""
            # ``from . import x`` imports the module x, or takes the name x from the face
            subs = [f"{base}.{a.name}" for a in node.names]
            targets = subs if node.module is None and all(t in modules for t in subs) else [base] + subs
        for t in targets:
            while t and t not in modules:
                t = t.rpartition(".")[0]
            if t and t != module:
                out.add(t)
    return out


def test_no_import_circles_counting_imports_inside_functions():
    files = {}
    for path in PACKAGE.rglob("*.py"):
        rel = path.relative_to(PACKAGE.parent).with_suffix("")
        name = ".".join(rel.parts)
        files[name[:-len(".__init__")] if name.endswith(".__init__") else name] = path
    # Faces count as modules: importing a face runs its imports, so a circle through a face is a circle.
    graph = {m: _imports(p, m, set(files)) for m, p in files.items()}
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(m: str) -> list[str] | None:
        state[m] = 1
        stack.append(m)
        for n in sorted(graph.get(m, ())):
            if state.get(n) == 1:
                return stack[stack.index(n):] + [n]
            if n not in state and (cycle := visit(n)):
                return cycle
        stack.pop()
        state[m] = 2
        return None

    for m in sorted(graph):
        if m not in state and (cycle := visit(m)):
            pytest.fail("import circle: " + " -> ".join(cycle))


# Inside a game: the vocabulary (rules, actions, melds) and the engine at the bottom, then the observation,
# the bots, the table's words, the envs; the face on top. The game-generic layers reach a game only through
# ``games``, and a game never imports another game.
GAME_ALLOWED = {"engine": set(), "observation": {"engine"}, "bots": {"engine", "observation"},
                "text": {"engine", "observation", "bots"}, "envs": {"engine", "observation", "bots", "text"}}
ALLOWED = {"envkit": set(), "evaluation": set(), "table": set(), "play": {"table"}, "web": {"table", "evaluation"}}
GENERIC = ("envkit", "evaluation", "table", "play", "web")
GENERIC_ROOT = {"family", "games", "replays", "seeds", "arrayfile", "policyfile", "i18n", "messages"}
"""The root modules a game-generic layer may use: the family's room, the game lookup, replay files, seeds,
languages."""


def _modules() -> set[str]:
    return {".".join(p.relative_to(PACKAGE.parent).with_suffix("").parts).removesuffix(".__init__")
            for p in PACKAGE.rglob("*.py")}


def _module_name(path: pathlib.Path) -> str:
    return ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts).removesuffix(".__init__")


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("room", sorted(GAME_ALLOWED))
def test_a_game_room_imports_only_the_rooms_below_it(game, room):
    modules = _modules()
    for path in (PACKAGE / game / room).rglob("*.py"):
        for target in _imports(path, _module_name(path), modules):
            parts = target.split(".")
            assert parts[1] not in GAMES or parts[1] == game, f"{_module_name(path)} imports another game: {target}"
            other = parts[2] if parts[1] == game and len(parts) > 2 else ""
            if other in GAME_ALLOWED and other != room:
                assert other in GAME_ALLOWED[room], f"{_module_name(path)} imports {target}: {room} may not import " \
                                                    f"{other}"
            assert parts[1] not in GENERIC or parts[1] == "envkit", f"{_module_name(path)} imports the layer {target}"


@pytest.mark.parametrize("room", sorted(ALLOWED))
def test_a_room_imports_only_the_rooms_below_it(room):
    modules = _modules()
    for path in (PACKAGE / room).glob("*.py"):
        for target in _imports(path, _module_name(path), modules):
            parts = target.split(".")
            other = parts[1] if len(parts) > 1 else ""
            if other in ALLOWED and other != room:
                assert other in ALLOWED[room], f"{_module_name(path)} imports {target}: {room} may not import {other}"


@pytest.mark.parametrize("room", GENERIC)
def test_a_game_generic_layer_reaches_a_game_only_through_the_game_lookup(room):
    modules = _modules()
    for path in (PACKAGE / room).glob("*.py"):
        for target in _imports(path, _module_name(path), modules):
            top = target.split(".")[1] if "." in target else ""
            allowed = top in GENERIC_ROOT or top == room or top in ALLOWED[room]
            assert allowed, f"{_module_name(path)} imports {target}: a game-generic layer uses only " \
                            f"{sorted(GENERIC_ROOT)}"


MAX_LINES = 80
MAX_MODULE_LINES = 500


def test_no_module_is_longer_than_500_lines():
    files = [*PACKAGE.rglob("*.py"), *(PACKAGE.parent / "training").glob("*.py"),
             *(PACKAGE / "web" / "static").glob("*.js"), *PACKAGE.glob("*/data/page/*.js")]
    long = [f"{p.relative_to(PACKAGE.parent)} ({n} lines)" for p in files
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_MODULE_LINES]
    assert not long, "modules over 500 lines: " + "; ".join(long)


def test_no_function_is_longer_than_80_lines():
    long = []
    for path in [*PACKAGE.rglob("*.py"), *(PACKAGE.parent / "training").glob("*.py")]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                n = node.end_lineno - node.lineno + 1
                if n > MAX_LINES:
                    long.append(f"{path.relative_to(PACKAGE.parent)}:{node.lineno} {node.name} ({n} lines)")
    assert not long, "functions over 80 lines: " + "; ".join(long)
