"""The training scripts run end to end on the CPU (tiny sizes) and export playable policies.

Scripts run as files, from the repository root, without PYTHONPATH, as the docs write them, and as modules
(``python -m training.X``); their helper modules are imported here as the scripts import them, from the
``training`` package (the repository root is on pytest's ``pythonpath``).
"""

from __future__ import annotations

import ast
import filecmp
import json
import os
import re
import shlex
import subprocess
import sys

import numpy as np
import pytest

from footcanasta_env.footcanasta.bots import make_bot
from footcanasta_env.footcanasta.bots.policy import load_policy

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TRAINING = os.path.join(ROOT, "training")


def clean_env(**extra: str) -> dict[str, str]:
    """The environment of a fresh shell: no PYTHONPATH (the scripts must not need it)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env.update(OMP_NUM_THREADS="1", **extra)
    return env


def run_script(script: str, *args: str, timeout: int = 120) -> str:
    """Run ``python training/SCRIPT ARGS`` from the repo root, without PYTHONPATH; its stdout (fails on a
    non-zero exit)."""
    proc = subprocess.run([sys.executable, os.path.join("training", script), *args], cwd=ROOT, env=clean_env(),
                          capture_output=True, text=True, timeout=timeout)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    return proc.stdout


def is_script(path: str) -> bool:
    """A training script is a file with an ``if __name__ == "__main__":`` block."""
    tree = ast.parse(open(path).read())
    return any(isinstance(n, ast.If) and isinstance(n.test, ast.Compare) and isinstance(n.test.left, ast.Name)
               and n.test.left.id == "__name__" for n in tree.body)


MODULES = sorted(f[:-3] for f in os.listdir(TRAINING) if f.endswith(".py") and f != "__init__.py")
SCRIPTS = [m for m in MODULES if is_script(os.path.join(TRAINING, m + ".py"))]


def field_docs(path: str) -> dict[str, str]:
    """The docstring under each field of the ``Args`` dataclass of a script (the CleanRL/tyro convention)."""
    tree = ast.parse(open(path).read())
    cls = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Args")
    docs: dict[str, str] = {}
    for node, nxt in zip(cls.body, cls.body[1:] + [None], strict=True):
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and isinstance(nxt, ast.Expr) \
                and isinstance(nxt.value, ast.Constant) and isinstance(nxt.value.value, str):
            docs[node.target.id] = nxt.value.value
    return docs


def test_the_scripts_are_the_ones_the_docs_run():
    assert set(SCRIPTS) == {"average", "dagger", "export_critic", "export_sb3", "extend_obs", "maskable_ppo",
                            "rllib_export", "record_search", "rllib_ppo", "selfplay_ppo", "ship", "value_net"}
    assert {"batched", "bc", "train_common", "policy_export", "opponent_league", "positions", "ppo_update",
            "rllib_env"} <= set(MODULES) - set(SCRIPTS)


def test_no_helper_module_can_be_shadowed_by_an_installed_package():
    # A script run as a file has training/ first on sys.path: a helper named as an installed top-level module
    # (common, export, league, ppo ...) would shadow it there.
    import importlib.metadata

    installed = set(importlib.metadata.packages_distributions())
    assert not installed & set(MODULES), sorted(installed & set(MODULES))
    # and not the name of a room of the package either (footcanasta_env.evaluation.league: Elo of finished bots)
    package = os.path.join(ROOT, "footcanasta_env")
    rooms = {os.path.splitext(f)[0] for _, _, files in os.walk(package) for f in files if f.endswith(".py")}
    assert not rooms & set(MODULES), sorted(rooms & set(MODULES))


def test_flags_of_the_same_kind_have_one_name_across_scripts():
    for script in SCRIPTS:
        fields = field_docs(os.path.join(TRAINING, script + ".py"))
        assert not [f for f in fields if f.endswith("_freq")], f"{script}: use *_every (as every script does)"


GAME_ROOMS = ("footcanasta_env.footcanasta.engine", "footcanasta_env.footcanasta.observation",
              "footcanasta_env.footcanasta.envs",
              "footcanasta_env.footcanasta.actions", "footcanasta_env.footcanasta.bots.registry")


@pytest.mark.parametrize("module", MODULES)
def test_training_reaches_the_game_only_through_the_game_lookup(module):
    tree = ast.parse(open(os.path.join(TRAINING, module + ".py")).read())
    imported = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            imported |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            imported |= {node.module} | {f"{node.module}.{a.name}" for a in node.names}
    direct = sorted(n for n in imported if n.startswith(GAME_ROOMS) or n in
                    {f"footcanasta_env.{x}" for x in ("env", "new_game", "make_bot", "FootCanastaGymEnv")}
                    or n == "footcanasta_env.footcanasta.bots.make_bot")
    assert not direct, f"training/{module}.py imports {direct}: use footcanasta_env.games.get_game(--game)"


def test_an_unknown_game_is_refused_with_the_known_names(tmp_path):
    proc = subprocess.run([sys.executable, os.path.join("training", "selfplay_ppo.py"), "--game", "nosuchgame",
                           "--out-dir", str(tmp_path)], cwd=ROOT, env=clean_env(), capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode != 0 and "Traceback" not in proc.stderr, proc.stderr[-2000:]
    assert "--game: unknown game 'nosuchgame' (known: footcanasta" in proc.stderr
    assert not os.listdir(tmp_path)  # refused before any run folder or BC work
    from training.train_common import load_game

    with pytest.raises(SystemExit, match="unknown game 'nosuchgame'"):
        load_game("nosuchgame")
    assert load_game("footcanasta").NAME == "footcanasta"


def test_training_modules_import_each_other_from_the_package():
    # A flat `from bc import ...` works only with training/ on sys.path: tools and IDEs cannot follow it, and
    # `python -m training.X` fails on it.
    flat = []
    for m in MODULES:
        for node in ast.walk(ast.parse(open(os.path.join(TRAINING, m + ".py")).read())):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module] if isinstance(node, ast.ImportFrom) and node.level == 0 else []
            flat += [f"training/{m}.py: {n}" for n in names if n.split(".")[0] in MODULES]
    assert not flat, flat


@pytest.mark.parametrize("form", ["file", "module"])
@pytest.mark.parametrize("script", SCRIPTS)
def test_help_runs_without_pythonpath_and_shows_every_documented_field(script, form):
    path = os.path.join(TRAINING, script + ".py")
    fields = {n.target.id for n in next(c for c in ast.parse(open(path).read()).body
                                        if isinstance(c, ast.ClassDef) and c.name == "Args").body
              if isinstance(n, ast.AnnAssign)}
    docs = field_docs(path)
    assert set(docs) == fields, f"fields without a docstring: {sorted(fields - set(docs))}"
    how = [os.path.join("training", script + ".py")] if form == "file" else ["-m", f"training.{script}"]
    proc = subprocess.run([sys.executable, *how, "--help"], cwd=ROOT, env=clean_env(COLUMNS="200"),
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr[-3000:]
    flat = " ".join(re.sub(r"[│╭╮╰╯─]", " ", proc.stdout).split())
    for name, doc in docs.items():
        assert f"--{name.replace('_', '-')} " in flat, name
        assert " ".join(doc.split()) in flat, (name, doc)


def test_no_training_module_imports_a_script():
    for m in MODULES:
        tree = ast.parse(open(os.path.join(TRAINING, m + ".py")).read())
        imported = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                imported |= {a.name.removeprefix("training.") for a in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                mod = node.module.removeprefix("training.")
                imported.add(mod)
                if mod == "training":
                    imported |= {a.name for a in node.names}
        assert not imported & set(SCRIPTS), f"training/{m}.py imports the script(s) {sorted(imported & set(SCRIPTS))}"


def test_booleans_take_a_value_as_the_docs_write_them():
    from training.selfplay_ppo import Args
    from training.train_common import parse_args

    args = parse_args(Args, ["--num-games", "3", "--progress", "false", "--privileged-critic", "True", "--lr", "0.5"])
    assert (args.num_games, args.progress, args.privileged_critic, args.lr) == (3, False, True, 0.5)
    with pytest.raises(SystemExit):
        parse_args(Args, ["--progress", "maybe"])


def test_the_recorded_command_is_the_one_typed():
    from training.train_common import command_line

    cmd = command_line([os.path.join(os.getcwd(), "training", "x.py"), "--commands", "a b;c", "--n", "1"])
    assert cmd == "python training/x.py --commands 'a b;c' --n 1"


def only_run_dir(out) -> str:
    runs = [d for d in os.listdir(out) if os.path.isdir(os.path.join(out, d))]
    assert len(runs) == 1, runs
    return os.path.join(out, runs[0])


def test_selfplay_ppo_runs_end_to_end(tmp_path):
    out = tmp_path / "runs"
    export = tmp_path / "learned.npz"
    stdout = run_script("selfplay_ppo.py", "--bc-games", "4", "--bc-workers", "1", "--bc-epochs", "1",
                        "--bc-batch", "128", "--total-steps", "512", "--num-games", "8", "--rollout-len", "32",
                        "--hidden", "32,32", "--critic-hidden", "16", "--critic-warmup", "1", "--snapshot-every", "1",
                        "--p-expert", "0.3", "--eval-every", "1", "--eval-deals", "1", "--rounds", "1",
                        "--out-dir", str(out), "--export", str(export), "--progress", "false")
    assert "BC epoch 1/1" in stdout and "steps/s" in stdout
    run = only_run_dir(out)
    summary = json.load(open(os.path.join(run, "summary.json")))
    assert summary["progress"]["ppo_steps"] == 512 and summary["steps_per_s"] > 0
    assert len(summary["curve"]) == 3  # before PPO and after each of the two updates
    assert any(f.startswith("events.out.tfevents") for f in os.listdir(run))
    pol = load_policy(str(export))
    assert pol.meta["arch"]["layers"][1:3] == [32, 32]
    # The record is the command as typed from the repo root, and it parses back to the run's arguments.
    from training.selfplay_ppo import Args
    from training.train_common import parse_args

    cmd = pol.meta["training"]["command"]
    assert cmd == summary["command"] and cmd.startswith("python training/selfplay_ppo.py --bc-games 4 ")
    assert parse_args(Args, shlex.split(cmd)[2:]) == Args(**summary["args"])
    assert {"bc.npz", "last.ckpt.npz", "final.npz"} <= set(os.listdir(run))
    prof = summary["profile"]
    assert prof["steps"] == 512 and prof["env_steps"] >= 512 and prof["rollout_workers"] == 1
    assert "PPO update (GAE, values, epochs)" in prof["learner"] and "learner's moves" in prof["rollout"]
    assert set(summary["final"]) >= {"expert", "greedy", "random"}
    bot = make_bot(f"policy:{export}", 0)
    from footcanasta_env import new_game

    g = new_game(3)
    for _ in range(50):
        a = bot.act(g.view(g.current_player))
        assert a in g.legal_actions()
        g.step(a)


def test_selfplay_ppo_warm_starts_from_a_policy_file(tmp_path):
    out = tmp_path / "runs"
    first = tmp_path / "first.npz"
    run_script("selfplay_ppo.py", "--bc-games", "2", "--bc-workers", "1", "--bc-epochs", "1", "--bc-batch", "64",
               "--total-steps", "0", "--final-eval-deals", "0", "--hidden", "16", "--rounds", "1",
               "--out-dir", str(out / "a"), "--export", str(first), "--progress", "false")
    stdout = run_script("selfplay_ppo.py", "--init-policy", str(first), "--total-steps", "256", "--num-games", "8",
                        "--rollout-len", "32", "--hidden", "16", "--critic-hidden", "8", "--eval-every", "0",
                        "--rounds", "1", "--out-dir", str(out / "b"), "--progress", "false")
    assert f"policy initialised from {first}" in stdout
    run = only_run_dir(out / "b")
    # Zero PPO updates of the policy (critic warm-up) leave the exported actor equal to the warm start.
    a, b = load_policy(str(first)), load_policy(os.path.join(run, "final.npz"))
    for wa, wb in zip(a.weights, b.weights, strict=True):
        np.testing.assert_array_equal(wa, wb)

    # A start temperature scales only the output layer, so the played (argmax) actions are unchanged.
    run_script("selfplay_ppo.py", "--init-policy", str(first), "--init-temperature", "0.5", "--total-steps", "0",
               "--final-eval-deals", "0", "--hidden", "16", "--rounds", "1", "--out-dir", str(out / "c"),
               "--progress", "false")
    c = load_policy(os.path.join(only_run_dir(out / "c"), "bc.npz"))
    np.testing.assert_array_equal(a.weights[0], c.weights[0])
    np.testing.assert_allclose(c.weights[-1], 2 * a.weights[-1], rtol=1e-6)
    np.testing.assert_allclose(c.biases[-1], 2 * a.biases[-1], rtol=1e-6)


def test_selfplay_ppo_refuses_a_non_positive_temperature(tmp_path):
    proc = subprocess.run([sys.executable, os.path.join("training", "selfplay_ppo.py"), "--init-temperature",
                           "0", "--out-dir", str(tmp_path)], cwd=ROOT, env=clean_env(), capture_output=True,
                          text=True, timeout=120)
    assert proc.returncode != 0 and "--init-temperature must be positive, got 0.0" in proc.stderr
    assert not os.listdir(tmp_path)  # refused before any run folder or BC work


def test_maskable_ppo_runs_end_to_end(tmp_path):
    out = tmp_path / "runs"
    stdout = run_script("maskable_ppo.py", "--total-steps", "256", "--num-envs", "1", "--n-steps", "128",
                        "--batch-size", "64", "--n-epochs", "1", "--hidden", "32,32", "--snapshot-every", "128",
                        "--p-snapshot", "0.5", "--eval-every", "0", "--eval-deals", "1", "--out-dir", str(out),
                        "--progress", "false")
    assert "MaskablePPO: 256 steps" in stdout
    run = only_run_dir(out)
    summary = json.load(open(os.path.join(run, "summary.json")))
    assert summary["steps"] == 256 and summary["steps_per_s"] > 0
    assert set(summary["curve"][-1]) >= {"random", "greedy", "expert"}
    assert os.path.isfile(os.path.join(run, "model.zip")) and os.path.isfile(os.path.join(run, "config.json"))
    pol = load_policy(summary["policy"])
    assert pol.meta["arch"]["layers"][1:3] == [32, 32]
    assert "maskable_ppo.py" in pol.meta["training"]["command"]


def test_hidden_cards_are_what_the_seat_cannot_see_relative_to_it():
    from footcanasta_env import new_game
    from footcanasta_env.family.cards import NUM_KINDS
    from footcanasta_env.family.seats import left_of, partner_of
    from footcanasta_env.footcanasta.observation import HIDDEN_CARDS_SIZE, OBS_SIZE, hidden_cards
    from footcanasta_env.games import get_game
    from training.ppo_update import Agent

    g = new_game(5)
    seat = g.current_player
    before = g.to_scenario()
    x = hidden_cards(g, seat)
    assert x.shape == (HIDDEN_CARDS_SIZE,) == (135,) and x.dtype == np.float32
    np.testing.assert_array_equal(x, hidden_cards(g.clone(), seat))  # a function of the position only
    assert g.to_scenario() == before  # and it changes nothing
    x = np.rint(x * 10).astype(int)
    left, partner = left_of(seat), partner_of(seat)
    for k, s in enumerate((left, partner, left_of(partner))):  # the other hands: left, partner, right
        assert x[k * NUM_KINDS:(k + 1) * NUM_KINDS].tolist() == g.hand[s]
    o = 3 * NUM_KINDS
    assert x[o:o + NUM_KINDS].tolist() == g.foot[seat]  # my own unpicked foot is hidden from me too
    assert x[o + NUM_KINDS:o + 2 * NUM_KINDS].tolist() == g.foot[left]
    o += 4 * NUM_KINDS
    top4 = np.bincount(g.stock[-4:], minlength=NUM_KINDS)
    assert x[o:o + NUM_KINDS].tolist() == top4.tolist() and x[o + NUM_KINDS:].sum() == 16
    # Only the value net reads it: the exported actor keeps the observation's width.
    agent = Agent(get_game("footcanasta"), "32", "16", HIDDEN_CARDS_SIZE)
    assert agent.actor[0].in_features == OBS_SIZE and agent.critic[0].in_features == OBS_SIZE + HIDDEN_CARDS_SIZE


def test_hidden_cards_differ_where_the_observation_cannot():
    from footcanasta_env import load_scenario, new_game
    from footcanasta_env.family.seats import left_of, partner_of
    from footcanasta_env.footcanasta.observation import encode, hidden_cards

    g = new_game(5)
    seat = g.current_player
    left, right = left_of(seat), left_of(partner_of(seat))
    spec = g.to_scenario()
    a, b = spec["players"][left]["hand"].split(), spec["players"][right]["hand"].split()
    j = next(j for j, t in enumerate(b) if t != a[0])
    a[0], b[j] = b[j], a[0]  # swap one card between the two opponents' hands
    spec["players"][left]["hand"], spec["players"][right]["hand"] = " ".join(a), " ".join(b)
    h = load_scenario(spec)
    np.testing.assert_array_equal(encode(g.view(seat)), encode(h.view(seat)))
    assert not np.array_equal(hidden_cards(g, seat), hidden_cards(h, seat))
    # The partner, who can see neither hand either, tells them apart too; each opponent sees its own change.
    assert not np.array_equal(hidden_cards(g, partner_of(seat)), hidden_cards(h, partner_of(seat)))
    assert not np.array_equal(encode(g.view(left)), encode(h.view(left)))


def test_dagger_runs_end_to_end_and_labels_with_the_expert(tmp_path):
    out, export = tmp_path / "runs", tmp_path / "dagger.npz"
    stdout = run_script("dagger.py", "--hidden", "16", "--bc-games", "2", "--bc-data", str(tmp_path / "bc.npz"),
                        "--rounds", "1", "--iterations", "2", "--decisions", "200", "--num-games", "8",
                        "--workers", "1", "--bc-batch", "64", "--eval-deals", "1", "--out-dir", str(out),
                        "--export", str(export))
    assert "iteration 2:" in stdout and os.path.isfile(tmp_path / "bc.npz")
    summary = json.load(open(os.path.join(only_run_dir(out), "summary.json")))
    its = summary["iterations"]
    assert [i["iteration"] for i in its] == [1, 2] and its[1]["beta"] == its[0]["beta"] / 2
    assert all(i["new"] > 0 and 0 <= i["expert"]["win_rate"] <= 1 for i in its)
    assert load_policy(str(export)).meta["training"]["command"].startswith("python training/dagger.py --hidden 16 ")


def test_dagger_labels_are_legal_and_not_the_policys_own_actions():
    from footcanasta_env.footcanasta.actions import NUM_ACTIONS
    from footcanasta_env.footcanasta.bots.policy import Policy
    from training.dagger import _collect

    rng = np.random.default_rng(0)
    w = [rng.normal(size=(443, 8)).astype(np.float32), rng.normal(size=(8, NUM_ACTIONS)).astype(np.float32)]
    b = [np.zeros(8, np.float32), np.zeros(NUM_ACTIONS, np.float32)]
    data = _collect(("footcanasta", {"w": w, "b": b}, "relu", 3, 64, 4, 0.0, 1))
    masks = np.unpackbits(data["mask"], axis=1, count=NUM_ACTIONS).astype(bool)
    assert len(data["action"]) > 0 and (masks.sum(1) > 1).all()
    assert masks[np.arange(len(masks)), data["action"]].all()  # every label is legal where it was asked
    # A policy that differs from the expert: the labels are not simply the policy's own actions.
    acts = Policy(w, b, "relu").act(data["obs"].astype(np.float32), masks)
    assert (acts != data["action"]).any()


def test_ship_copies_the_weights_and_records_evaluations_and_curves(tmp_path):
    from footcanasta_env.footcanasta.actions import NUM_ACTIONS
    from footcanasta_env.footcanasta.bots.policy import save_policy

    rng = np.random.default_rng(1)
    w = [rng.normal(size=(443, 8)).astype(np.float32), rng.normal(size=(8, NUM_ACTIONS)).astype(np.float32)]
    b = [np.zeros(8, np.float32), np.zeros(NUM_ACTIONS, np.float32)]
    pol = tmp_path / "p.npz"
    save_policy(str(pol), w, b, training={"command": "python training/dagger.py --tiny"})
    proc = subprocess.run([sys.executable, "-m", "footcanasta_env.cli", "evaluate", f"policy:{pol}", "random",
                           "--deals", "1", "--json"], cwd=ROOT, capture_output=True, text=True, timeout=120,
                          env=clean_env())
    assert proc.returncode == 0, proc.stderr
    (tmp_path / "e.json").write_text(proc.stdout)
    summary = {"run": "dagger__1__0", "iterations": [
        {"iteration": 1, "new": 100, "expert": {"win_rate": 0.4, "win_lo": 0.3, "win_hi": 0.5, "mean_diff": -9}},
        {"iteration": 2, "new": 50, "expert": {"win_rate": 0.45, "win_lo": 0.35, "win_hi": 0.55, "mean_diff": -3}}]}
    (tmp_path / "s.json").write_text(json.dumps(summary))
    out, package = tmp_path / "ship", tmp_path / "pkg" / "data"  # the package folder does not exist yet
    run_script("ship.py", "--policy", str(pol), "--summaries", str(tmp_path / "s.json"), "--evals",
               str(tmp_path / "e.json"), "--commands", "footcanasta evaluate policy:p random --deals 1",
               "--out-dir", str(out), "--package-dir", str(package))
    # Both copies, byte for byte: the checkpoint and the package data that make_bot("learned") reads.
    for name in ("learned.npz", "learned.json"):
        assert filecmp.cmp(out / name, package / name, shallow=False), name
    assert sorted(os.listdir(package)) == ["learned.json", "learned.npz"]
    shipped = load_policy(str(out / "learned.npz"))
    for x, y in zip(shipped.weights, w, strict=True):
        np.testing.assert_array_equal(x, y)
    record = json.load(open(out / "learned.json"))
    assert record["evaluation"]["random"]["command"].startswith("footcanasta evaluate")
    assert [c["steps"] for c in record["curves"]["dagger"]] == [100, 150]
    assert (out / "learning_curve.png").stat().st_size > 1000


def _tiny_policy(path, rng, hidden=8):
    from footcanasta_env.footcanasta.actions import NUM_ACTIONS
    from footcanasta_env.footcanasta.bots.policy import save_policy
    from footcanasta_env.footcanasta.observation import OBS_SIZE

    sizes = [OBS_SIZE, hidden, NUM_ACTIONS]
    ws = [rng.normal(size=(a, b)).astype(np.float32) for a, b in zip(sizes, sizes[1:], strict=False)]
    bs = [rng.normal(size=b).astype(np.float32) for b in sizes[1:]]
    save_policy(str(path), ws, bs, training={"command": str(path)})
    return ws, bs


def test_average_writes_the_mean_of_the_weights_and_refuses_mismatches(tmp_path):
    from training.average import average
    from training.average import main as average_main

    rng = np.random.default_rng(0)
    a, b, odd = tmp_path / "a.npz", tmp_path / "b.npz", tmp_path / "odd.npz"
    wa, ba = _tiny_policy(a, rng)
    wb, bb = _tiny_policy(b, rng)
    _tiny_policy(odd, rng, hidden=4)
    out = tmp_path / "avg.npz"
    average([str(a), str(b)], str(out))
    avg = load_policy(str(out))
    for w, x, y in zip(avg.weights, wa, wb, strict=True):
        np.testing.assert_allclose(w, (x + y) / 2, rtol=1e-6)
    for w, x, y in zip(avg.biases, ba, bb, strict=True):
        np.testing.assert_allclose(w, (x + y) / 2, rtol=1e-6)
    assert avg.meta["training"]["averaged_from"] == [str(a), str(b)]
    try:
        average_main(["--policies", f"{a},{odd}", "--out", str(tmp_path / "bad.npz")])
    except SystemExit as e:
        assert "layer shapes" in str(e) and "odd.npz" in str(e)
    else:
        raise AssertionError("mismatched layer shapes were accepted")
    try:
        average_main(["--policies", str(a), "--out", str(tmp_path / "bad.npz")])
    except SystemExit as e:
        assert "at least two" in str(e)
    else:
        raise AssertionError("a single file was accepted")
    assert not (tmp_path / "bad.npz").exists()
