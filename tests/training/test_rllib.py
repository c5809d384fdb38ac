"""Training on Ray RLlib: the MultiAgentEnv adapter's contract, and one PPO iteration, exported and played.

Needs the ``rllib`` extra (``pip install -e ".[rllib]"``); skipped without Ray, except in CI (``CI`` set),
which installs it, so a broken install fails there instead of passing unseen. The env itself never imports
Ray, and the exporter runs without it.
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

from footcanasta_env import new_game  # noqa: E402
from footcanasta_env.footcanasta.bots import make_bot  # noqa: E402
from footcanasta_env.footcanasta.bots.policy import load_policy  # noqa: E402
from footcanasta_env.games import register_game, unregister_game  # noqa: E402
from tests.helpers import toy_game  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def clean_env() -> dict[str, str]:
    """A fresh shell's environment: no PYTHONPATH (the scripts must not need it), one thread."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env.update(OMP_NUM_THREADS="1", RAY_DEDUP_LOGS="0")
    return env


def play_random(env, seed: int) -> tuple[list[dict], dict[str, float], tuple]:
    """One game of uniformly random legal actions through the adapter: the obs dict of every step (the
    reset's first), each agent's summed rewards, and the last step's (terminateds, truncateds)."""
    rng = np.random.default_rng(seed)
    obs, _ = env.reset(seed=seed)
    seen, totals = [obs], dict.fromkeys(env.possible_agents, 0.0)
    while True:
        assert len(obs) == 1, list(obs)
        (agent, o), = obs.items()
        obs, rew, term, trunc, info = env.step({agent: int(rng.choice(np.flatnonzero(o["action_mask"])))})
        assert set(rew) == set(obs) == set(info) and set(term) == set(trunc) == set(obs) | {"__all__"}
        for a, r in rew.items():
            totals[a] += r
        seen.append(obs)
        if term["__all__"] or trunc["__all__"]:
            return seen, totals, (term, trunc)


@pytest.mark.parametrize("reward_mode,scale", [("round", 0.002), ("win", 1.0)])
def test_adapter_one_agent_observes_per_step_and_rewards_sum_to_the_score_difference(reward_mode, scale):
    from training.rllib_env import FootCanastaMultiAgentEnv

    env = FootCanastaMultiAgentEnv({"rounds": 1, "reward_mode": reward_mode, "reward_scale": scale,
                                    "worker_index": 0})  # RLlib's EnvContext extras are ignored
    space = env.observation_spaces["player_0"]
    assert set(space) == {"observations", "action_mask"} and env.possible_agents == env.agents
    for seed in (3, 4):
        steps, totals, (term, trunc) = play_random(env, seed)
        game = env.aec.unwrapped.game
        assert game.is_over and term["__all__"] and not trunc["__all__"]
        for obs in steps[:-1]:  # before the end: exactly the agent to act, with a legal action to take
            (agent, o), = obs.items()
            assert o["action_mask"].any() and space.contains(o)
        final = steps[-1]  # the end: every seat's final observation, all-zero masks
        assert set(final) == set(env.possible_agents)
        assert all(not o["action_mask"].any() and o["observations"].shape == (443,) for o in final.values())
        diff = game.scores[0] - game.scores[1]
        for i, agent in enumerate(env.possible_agents):
            own = diff if i % 2 == 0 else -diff
            want = own * scale if reward_mode == "round" else float(np.sign(own))
            assert totals[agent] == pytest.approx(want), (agent, totals)


def test_adapter_passes_rllibs_env_check_and_the_mappings():
    from ray.rllib.utils.pre_checks.env import check_multiagent_environments

    from training.rllib_env import FootCanastaMultiAgentEnv, mappings

    check_multiagent_environments(FootCanastaMultiAgentEnv({"rounds": 1}))
    shared, _ = mappings()["shared"]
    team, modules = mappings("footcanasta")["partnership"]
    assert {shared(f"player_{i}") for i in range(4)} == {"shared"}
    assert [team(f"player_{i}") for i in range(4)] == ["team_0", "team_1", "team_0", "team_1"] and \
        modules == ("team_0", "team_1")
    register_game("toy3", toy_game.THREE)  # one module per side of any table
    try:
        team, modules = mappings("toy3")["partnership"]
        assert [team(f"player_{i}") for i in range(3)] == list(modules) == ["team_0", "team_1", "team_2"]
    finally:
        unregister_game("toy3")


def test_one_ppo_iteration_exports_a_policy_that_plays_a_legal_game(tmp_path):
    out = tmp_path / "runs"
    cmd = [sys.executable, os.path.join("training", "rllib_ppo.py"), "--num-cpus", "1", "--hidden", "16",
           "--critic-hidden", "16", "--train-batch-size", "256", "--minibatch-size", "128", "--num-epochs", "1",
           "--num-envs-per-env-runner", "1", "--total-steps", "1", "--rounds", "1", "--eval-deals", "1",
           "--eval-opponents", "random", "--out-dir", str(out), "--export", str(tmp_path / "run.npz")]
    proc = subprocess.run(cmd, cwd=ROOT, env=clean_env(), capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    assert "iteration 1:" in proc.stdout and "iteration 2:" not in proc.stdout
    (run,) = [p for p in out.iterdir() if p.is_dir()]
    summary = json.loads((run / "summary.json").read_text())
    assert summary["iterations"] == 1 and summary["steps"] >= 256 and summary["steps_per_s"] > 0
    assert summary["curve"][-1]["shared"]["random"]["games"] == 2  # one duplicate deal, both seatings
    assert any(f.name.startswith("events.out.tfevents") for f in run.iterdir())
    checkpoint = run / "checkpoint"
    assert (checkpoint / "footcanasta_modules.pt").is_file() and (checkpoint / "rllib_checkpoint.json").is_file()

    # Export in a fresh process that never imports Ray, from the positional form the docs use.
    exported = tmp_path / "exported.npz"
    code = ("import runpy, sys; "
            f"sys.argv = ['training/rllib_export.py', {str(checkpoint)!r}, {str(exported)!r}]; "
            "runpy.run_path('training/rllib_export.py', run_name='__main__'); "
            "assert 'ray' not in sys.modules, 'the exporter imported ray'")
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=clean_env(), capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    pol, final = load_policy(str(exported)), load_policy(str(tmp_path / "run.npz"))
    assert pol.meta["arch"]["layers"] == [443, 16, 89] and pol.meta["training"]["module"] == "shared"
    assert pol.meta["training"]["command"].startswith("python training/rllib_ppo.py --num-cpus 1 ")
    for a, b in zip(pol.weights + pol.biases, final.weights + final.biases, strict=True):
        np.testing.assert_array_equal(a, b)  # the checkpoint's actor is the run's final policy

    # The exported policy plays a whole game in every seat, legally.
    bots = [make_bot(f"policy:{exported}", s) for s in range(4)]
    g = new_game(7)
    while not g.is_over:
        a = bots[g.current_player].act(g.view(g.current_player))
        assert a in g.legal_actions()
        g.step(a)


def test_one_ppo_iteration_of_canasta_exports_a_canasta_policy(tmp_path):
    out = tmp_path / "runs"
    cmd = [sys.executable, os.path.join("training", "rllib_ppo.py"), "--game", "canasta", "--num-cpus", "1",
           "--hidden", "16", "--critic-hidden", "16", "--train-batch-size", "256", "--minibatch-size", "128",
           "--num-epochs", "1", "--num-envs-per-env-runner", "1", "--total-steps", "1", "--rounds", "1",
           "--eval-deals", "1", "--eval-opponents", "random", "--out-dir", str(out),
           "--export", str(tmp_path / "run.npz")]
    env = {**clean_env(), "PYTHONPATH": ROOT}  # this checkout's package, whatever else is installed
    proc = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    assert "iteration 1:" in proc.stdout
    from footcanasta_env import canasta

    pol = load_policy(str(tmp_path / "run.npz"), "canasta")
    assert pol.meta["arch"]["layers"] == [canasta.OBS_SIZE, 16, canasta.NUM_ACTIONS]
    with pytest.raises(ValueError, match="a policy of 'canasta', not of 'footcanasta'"):
        make_bot(f"policy:{tmp_path / 'run.npz'}")
    bot = canasta.make_bot(f"policy:{tmp_path / 'run.npz'}", 0)
    g = canasta.new_game(7, canasta.Rules(max_rounds=1))
    while not g.is_over:
        a = bot.act(g.view(g.current_player))
        assert a in g.legal_actions()
        g.step(a)
