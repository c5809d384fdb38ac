"""The documentation site (docs/, mkdocs.yml) stays true to the code: its runnable examples run, every
``footcanasta`` command it shows is one the CLI accepts, every environment of every game has its page
generated from the env module's docstring, the API pages name modules that exist, the hosting page lists
every server setting as the code defines it, and the rule books of every language are in the site.
``mkdocs build --strict`` itself (broken links, unreadable docstrings) runs in CI (.ci/run)."""

from __future__ import annotations

import importlib
import re

import pytest

from footcanasta_env.games import game_names, get_game
from footcanasta_env.i18n import LANGUAGES
from tests.helpers.doc_examples import DOCS, ROOT, cli_refusal, footcanasta_commands, pages_with_examples, run_blocks

PAGES = sorted(DOCS.rglob("*.md"))
MKDOCS = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")


def test_the_pages_with_runnable_examples_are_found():
    assert {p.relative_to(DOCS).as_posix() for p in pages_with_examples()} >= {
        "getting-started.md", "environments/index.md", "training.md", "house.md"}


@pytest.mark.parametrize("page", [p for p in pages_with_examples() if p.name != "training.md"],  # run below
                         ids=lambda p: p.relative_to(DOCS).as_posix())
def test_the_runnable_examples_run(page, tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)  # an example that writes files (runs/...) writes them here
    run_blocks(page)


def test_the_training_example_exports_a_policy_the_bots_play(tmp_path, monkeypatch):
    from footcanasta_env import make_bot, new_game

    monkeypatch.chdir(tmp_path)
    namespace = run_blocks(DOCS / "training.md")
    assert namespace["model"].num_timesteps >= 512
    game = new_game(seed=3)
    bot = make_bot(f"policy:{tmp_path / 'runs' / 'my_policy.npz'}", 0)
    assert bot.act(game.view(game.current_player)) in game.legal_actions()


COMMANDS = [(p.relative_to(DOCS).as_posix(), argv) for p in PAGES for argv in footcanasta_commands(p)]


def test_enough_commands_are_found_to_check():
    assert len(COMMANDS) >= 40, len(COMMANDS)


@pytest.mark.parametrize("page, argv", COMMANDS, ids=lambda v: v if isinstance(v, str) else " ".join(v))
def test_every_footcanasta_command_in_the_docs_is_accepted_by_the_cli(page, argv):
    assert not cli_refusal(argv), f"{page}: footcanasta {' '.join(argv)}: {cli_refusal(argv)}"


def _documented_modules() -> set[str]:
    return {m for p in PAGES for m in re.findall(r"^::: ([\w.]+)", p.read_text(encoding="utf-8"), flags=re.M)}


def test_every_game_has_a_page_per_environment_made_from_its_module_docstring():
    documented = _documented_modules()
    for name in game_names():
        game = get_game(name)
        for env in (game.raw_env, game.GymEnv):  # the AEC env and the one-seat env
            module = env.__module__
            assert module in documented, f"{name}: no page generated from {module}"
            assert importlib.import_module(module).__doc__.strip(), module


def test_every_module_the_docs_generate_from_exists():
    for module in _documented_modules():
        importlib.import_module(module)


def test_every_page_is_in_the_site_navigation():
    for page in PAGES:
        assert page.relative_to(DOCS).as_posix() in MKDOCS, f"{page} is not in mkdocs.yml's nav"


def test_both_rule_books_are_in_the_site_in_every_language():
    for doc in ("RULES.md", "CANASTA.md"):
        for lang in LANGUAGES:
            assert (doc if lang == "en" else f"{lang}/{doc}") in MKDOCS


def test_the_hosting_page_lists_every_server_setting_as_the_code_defines_it():
    from footcanasta_env.web.settings import SPECS, Settings

    rows = {r.split("|")[1].strip(): [c.strip() for c in r.split("|")[1:-1]]
            for r in (DOCS / "hosting.md").read_text(encoding="utf-8").splitlines() if r.startswith("| `--")}
    defaults = Settings()
    assert len(rows) == len(SPECS)
    for spec in SPECS:
        flag, env, default, meaning = rows[f"`{spec.flag}`"]
        assert env == f"`{spec.env}`" and meaning == spec.meaning, spec.name
        assert default == (spec.show(getattr(defaults, spec.name)) or "none"), spec.name
