"""The training scripts with ``--game canasta``: the batched trainer (BC from Canasta's expert, PPO against its
league, the privileged critic on Canasta's hidden cards), resumed from its checkpoint, and shipping into
Canasta's folders; tiny sizes, on the CPU.

Scripts run as files from the repository root, as the docs write them; ``PYTHONPATH`` names this checkout
so that its package is the one under test whatever else is installed (the scripts do not need it).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import numpy as np

from footcanasta_env import canasta
from footcanasta_env.policyfile import load_policy

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def run_script(script: str, *args: str, timeout: int = 300) -> str:
    """``python training/SCRIPT ARGS`` from the repository root; its stdout (fails on a non-zero exit)."""
    env = {**os.environ, "PYTHONPATH": ROOT, "OMP_NUM_THREADS": "1"}
    proc = subprocess.run([sys.executable, os.path.join("training", script), *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=timeout)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    return proc.stdout


def only_dir(folder) -> str:
    (run,) = [d for d in os.listdir(folder) if os.path.isdir(os.path.join(folder, d))]
    return os.path.join(folder, run)


def test_selfplay_ppo_trains_exports_resumes_and_ships_a_canasta_policy(tmp_path):
    out = tmp_path / "runs"
    # Evaluations are whole games to 5,000 against expert and greedy (a barely trained policy against random
    # could play on for hundreds of rounds, so there is no final evaluation here).
    stdout = run_script("selfplay_ppo.py", "--game", "canasta", "--bc-games", "2", "--bc-workers", "1",
                        "--bc-epochs", "1", "--bc-batch", "32", "--total-steps", "256", "--num-games", "4",
                        "--rollout-len", "32", "--hidden", "16", "--critic-hidden", "8", "--critic-warmup", "1",
                        "--snapshot-every", "1", "--p-expert", "0.5", "--p-greedy", "0.25", "--rounds", "1",
                        "--eval-every", "1", "--eval-deals", "1", "--final-eval-deals", "0",
                        "--checkpoint-every", "1", "--out-dir", str(out), "--progress", "false")
    assert "BC epoch 1/1" in stdout and "eval @ 256" in stdout and "loss nan" not in stdout
    run = only_dir(out)
    summary = json.load(open(os.path.join(run, "summary.json")))
    assert summary["args"]["game"] == "canasta" and summary["progress"]["ppo_steps"] == 256
    assert [c["steps"] for c in summary["curve"]] == [0, 128, 256]
    assert all({"expert", "greedy"} <= set(c) and c["expert"]["games"] == 2 for c in summary["curve"])
    final = load_policy(os.path.join(run, "final.npz"), "canasta")
    assert final.meta["arch"]["layers"] == [canasta.OBS_SIZE, 16, canasta.NUM_ACTIONS]
    assert final.meta["rules"] == canasta.Rules().to_dict()  # trained on one-round games, played whole

    # The run goes on from its checkpoint (Canasta's league and critic), two updates more.
    run_script("selfplay_ppo.py", "--resume", os.path.join(run, "last.ckpt.npz"), "--total-steps", "512",
               "--final-eval-deals", "0", "--eval-every", "0", "--progress", "false")
    summary = json.load(open(os.path.join(run, "summary.json")))
    assert summary["progress"]["ppo_steps"] == 512 and summary["args"]["game"] == "canasta"

    # A slim copy (the one to commit: the newest snapshot, no Adam state) resumes as well, at a new --lr.
    from training.trainer_state import load_checkpoint, slim_checkpoint

    slim = str(tmp_path / "slim.ckpt.npz")
    slim_checkpoint(os.path.join(run, "last.ckpt.npz"), slim)
    arrays, meta = load_checkpoint(slim)
    assert meta["league"]["snapshots"] == 1 and not [k for k in arrays if k.startswith("opt/")]
    assert meta["update"] == 4 and meta["args"]["game"] == "canasta"  # 512 steps of 4 x 32
    stdout = run_script("selfplay_ppo.py", "--resume", slim, "--total-steps", "768", "--lr", "2e-4",
                        "--final-eval-deals", "0", "--eval-every", "0", "--progress", "false")
    assert "resumed" in stdout and "at update 4" in stdout
    summary = json.load(open(os.path.join(run, "summary.json")))
    assert summary["progress"]["ppo_steps"] == 768 and summary["args"]["lr"] == 2e-4

    # Shipped into Canasta's folders (here: under tmp_path), the file plays as policy:PATH.
    report = tmp_path / "expert.json"
    report.write_text(json.dumps({"a": "learned", "b": "expert", "game": "canasta", "win_rate": 0.5}))
    ship_out, package = tmp_path / "checkpoints" / "canasta", tmp_path / "package"
    run_script("ship.py", "--policy", os.path.join(run, "final.npz"), "--summaries",
               os.path.join(run, "summary.json"), "--evals", str(report), "--commands", "footcanasta evaluate x",
               "--out-dir", str(ship_out), "--package-dir", str(package))
    shipped = load_policy(str(package / "learned.npz"), "canasta")
    assert shipped.meta["evaluation"]["expert"]["command"] == "footcanasta evaluate x"
    assert (package / "learned.json").read_bytes() == (ship_out / "learned.json").read_bytes()
    bot = canasta.make_bot(f"policy:{package / 'learned.npz'}", 0)
    g = canasta.new_game(5, canasta.Rules(max_rounds=1))
    while not g.is_over:
        a = bot.act(g.view(g.current_player))
        assert a in g.legal_actions()
        g.step(a)


def test_rounds_set_canastas_round_cap_and_zero_is_the_whole_game():
    from training.train_common import training_rules

    assert training_rules(canasta, 0) == canasta.Rules()
    assert training_rules(canasta, 3).max_rounds == 3
    from footcanasta_env import Rules as FootRules
    from footcanasta_env import footcanasta

    assert training_rules(footcanasta, 0) == FootRules() and training_rules(footcanasta, 2).rounds == 2
    for bad in (-1, True):
        try:
            training_rules(canasta, bad)
        except SystemExit as e:
            assert "--rounds must be 0" in str(e)
        else:
            raise AssertionError(f"--rounds {bad!r} was accepted")


def test_the_privileged_critic_sees_canastas_hidden_cards():
    g = canasta.new_game(2)
    h = np.asarray(canasta.hidden_cards(g, g.current_player))
    assert h.shape == (canasta.HIDDEN_CARDS_SIZE,) and h.any()


def test_extend_obs_carries_a_version_1_policy_and_checkpoint_over_unchanged(tmp_path):
    """training/extend_obs.py: Canasta's OBS_VERSION 1 files (274 features) play on OBS_VERSION 2 exactly as
    they did, the new inputs at zero weight; a file already extended, or of another size, is refused."""
    from footcanasta_env.arrayfile import mlp_arrays, mlp_forward, write_arrays
    from footcanasta_env.policyfile import FORMAT

    rng = np.random.default_rng(0)
    sizes = [274, 32, canasta.NUM_ACTIONS]
    weights = [rng.normal(size=(a, b)).astype(np.float32) for a, b in zip(sizes, sizes[1:], strict=False)]
    biases = [rng.normal(size=b).astype(np.float32) for b in sizes[1:]]
    old = tmp_path / "v1.npz"
    write_arrays(str(old), FORMAT, mlp_arrays(weights, biases), {
        "game": "canasta", "obs_version": 1, "obs_size": 274, "action_version": canasta.ACTION_VERSION,
        "num_actions": canasta.NUM_ACTIONS, "rules": canasta.Rules().to_dict(), "training": {"steps": 7},
        "evaluation": {}, "arch": {"type": "mlp", "layers": sizes, "activation": "relu"}})
    new = tmp_path / "v2.npz"
    assert "wrote" in run_script("extend_obs.py", "--from-version", "1", "--from-size", "274", "--src", str(old),
                                 "--out", str(new))
    policy = load_policy(str(new), "canasta")
    assert policy.meta["obs_size"] == canasta.OBS_SIZE == 386 and policy.meta["training"] == {"steps": 7}
    first = np.asarray(policy.weights[0])
    assert not first[274:].any() and np.array_equal(first[:274], weights[0])  # copied and zero: exact, no BLAS
    obs = rng.random((6, canasta.OBS_SIZE)).astype(np.float32)
    # The same numbers, not the same bits: the extended first layer adds 112 zero-weight products, exact in
    # themselves, but BLAS sums a 386-long dot product in other blocks than a 274-long one, so float32 rounding
    # may differ in the last places (observed: -11.041427 against -11.0414295 with another OpenBLAS).
    # The tolerance is many times that rounding at these logits' size (some tens) and far under what one
    # wrong, shifted or non-zero new weight would change (whole units).
    np.testing.assert_allclose(policy.logits(obs), mlp_forward(obs[:, :274], weights, biases, "relu"),
                               rtol=1e-5, atol=1e-4)
    again = subprocess.run([sys.executable, "training/extend_obs.py", "--from-version", "1", "--from-size", "274",
                            "--src", str(new), "--out", str(tmp_path / "v3.npz")], cwd=ROOT, capture_output=True,
                           text=True, env={**os.environ, "PYTHONPATH": ROOT})
    assert again.returncode == 2 and "has obs_version 2 and obs_size 386, not 1 and 274" in again.stderr
    junk = tmp_path / "junk.npz"
    junk.write_text("not an archive")
    bad = subprocess.run([sys.executable, "training/extend_obs.py", "--from-version", "1", "--from-size", "274",
                          "--src", str(junk), "--out", str(tmp_path / "v4.npz")], cwd=ROOT, capture_output=True,
                         text=True, env={**os.environ, "PYTHONPATH": ROOT})
    assert bad.returncode == 2 and "not a policy file or trainer checkpoint" in bad.stderr
    assert not (tmp_path / "v4.npz").exists()
    # The committed trainer checkpoint is of the current observation (the run's version 1 extended).
    sys.path.insert(0, os.path.join(ROOT, "training"))
    from training.trainer_state import load_checkpoint

    arrays, meta = load_checkpoint(os.path.join(ROOT, "checkpoints", "canasta", "trainer", "cppo1.ckpt.npz"))
    assert meta["obs_version"] == canasta.OBS_VERSION and arrays["actor/0.weight"].shape[1] == canasta.OBS_SIZE
