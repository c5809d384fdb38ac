"""Training on Ray RLlib at Canasta's other table sizes (``--players``/``--sides``): the adapter's agents and
observation at two and three players, the side mapping, and one two-player PPO iteration with one module per
side, whose checkpoint exports (without Ray) a two-player policy file that plays at two players and is refused
at four.

Needs the ``rllib`` extra; skipped without Ray, except in CI (``CI`` set), as test_rllib.py.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import numpy as np
import pytest

if os.environ.get("CI"):
    import ray.rllib  # noqa: F401  (CI installs the extra: a missing Ray is a failure there)
else:
    pytest.importorskip("ray.rllib", reason="the rllib extra is not installed (pip install -e '.[rllib]')")

from footcanasta_env import canasta  # noqa: E402
from footcanasta_env.policyfile import load_policy  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TWO, THREE = canasta.Rules(players=2), canasta.Rules(players=3)


@pytest.mark.parametrize("rules", [TWO, THREE], ids=["two", "three"])
def test_the_adapter_and_the_mapping_at_a_size(rules):
    from ray.rllib.utils.pre_checks.env import check_multiagent_environments

    from training.rllib_env import FootCanastaMultiAgentEnv, MaskedMLPModule, mappings

    seats, width = canasta.geometry(rules).seats, canasta.layout_of(rules).size
    env = FootCanastaMultiAgentEnv({"game": "canasta", "rules": rules.to_dict(), "rounds": 1})
    assert env.possible_agents == [f"player_{s}" for s in range(seats)]
    assert env.observation_spaces["player_0"]["observations"].shape == (width,)
    check_multiagent_environments(env)
    team, modules = mappings("canasta", rules.to_dict())["partnership"]
    assert [team(a) for a in env.possible_agents] == list(modules) == [f"team_{s}" for s in range(seats)]
    obs, _ = env.reset(seed=1)
    module = MaskedMLPModule(observation_space=env.observation_spaces["player_0"],
                             action_space=env.action_spaces["player_0"],
                             model_config={"game": "canasta", "rules": rules.to_dict(), "hidden": "8"})
    assert module.actor[0].in_features == module.critic[0].in_features == width


def test_one_two_player_iteration_exports_a_two_player_policy(tmp_path):
    out = tmp_path / "runs"
    cmd = [sys.executable, os.path.join("training", "rllib_ppo.py"), "--game", "canasta", "--players", "2",
           "--mapping", "partnership", "--num-cpus", "1", "--hidden", "16", "--critic-hidden", "16",
           "--train-batch-size", "256", "--minibatch-size", "128", "--num-epochs", "1", "--num-envs-per-env-runner",
           "1", "--total-steps", "1", "--rounds", "1", "--eval-deals", "1", "--eval-opponents", "random",
           "--out-dir", str(out), "--export", str(tmp_path / "run.npz"), "--export-module", "team_1"]
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env.update(OMP_NUM_THREADS="1", RAY_DEDUP_LOGS="0", PYTHONPATH=ROOT)  # this checkout's package
    proc = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    assert "modules team_0, team_1" in proc.stdout
    (run,) = [p for p in out.iterdir() if p.is_dir()]
    summary = json.loads((run / "summary.json").read_text())
    assert summary["modules"] == ["team_0", "team_1"]
    assert summary["curve"][-1]["team_1"]["random"]["games"] == 2  # whole two-player games
    width = canasta.layout_of(TWO).size

    from training.rllib_export import main as export  # reads the checkpoint's tensors, without Ray

    exported = tmp_path / "exported.npz"
    meta = export([str(run / "checkpoint"), str(exported), "--module", "team_1"])
    assert canasta.Rules.from_dict(meta["rules"]) == TWO and meta["arch"]["layers"] == [width, 16, 85]
    final = load_policy(str(tmp_path / "run.npz"), "canasta")
    for a, b in zip(load_policy(str(exported)).weights, final.weights, strict=True):
        np.testing.assert_array_equal(a, b)  # the checkpoint's team_1 is the run's final team_1
    rules = canasta.Rules(players=2, max_rounds=1)
    bots = [canasta.make_bot(f"policy:{exported}", s, rules=rules) for s in range(2)]
    g = canasta.new_game(7, rules)
    while not g.is_over:
        a = bots[g.current_player].act(g.view(g.current_player))
        assert a in g.legal_actions()
        g.step(a)
    with pytest.raises(ValueError, match="made for two players"):
        canasta.make_bot(f"policy:{exported}", rules=canasta.Rules())
