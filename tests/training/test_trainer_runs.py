"""The batched trainer's machinery: rollouts (in this process or a worker), forced moves kept out of the
batch, the league, background evaluations, and trainer checkpoints that resume a run or are refused."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import asdict

import numpy as np
import pytest
import torch

from footcanasta_env.footcanasta.bots.policy import Policy, load_policy
from footcanasta_env.footcanasta.observation import HIDDEN_CARDS_SIZE, OBS_SIZE
from footcanasta_env.footcanasta.rules import Rules
from footcanasta_env.games import get_game

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
GAME = get_game("footcanasta")


def tiny_policy(seed: int = 0, hidden: int = 16) -> Policy:
    rng = np.random.default_rng(seed)
    from footcanasta_env.footcanasta.actions import NUM_ACTIONS

    sizes = [OBS_SIZE, hidden, NUM_ACTIONS]
    w = [rng.normal(0, 0.3, (a, b)).astype(np.float32) for a, b in zip(sizes, sizes[1:], strict=False)]
    return Policy(w, [np.zeros(b, np.float32) for b in sizes[1:]], "relu")


def config(**kw):
    from training.rollout import RolloutConfig

    base = dict(game="footcanasta", num_games=6, rollout_len=12, rules=asdict(Rules().with_rounds(1)),
                reward_scale=0.001, skip_forced=True, privileged=True, p_expert=0.5, p_greedy=0.2, p_fixed=0.0,
                fixed=(), max_snapshots=3, seed=3, start_update=0)
    base.update(kw)
    return RolloutConfig(**base)


def test_the_win_bonus_is_paid_once_at_the_end_of_each_game():
    """Two collectors alike but for ``win_bonus`` play the same games (the bonus draws nothing at random);
    in one-round games every round end is a game end, so each reward moves by the bonus, signed as the game
    went (the round's score difference), and nothing else moves."""
    from training.rollout import Collector

    plain, bonus = Collector(config(rollout_len=64), []), Collector(config(rollout_len=64, win_bonus=2.0), [])
    ends = paid = 0
    for _ in range(30):
        a, b = plain.collect(tiny_policy()), bonus.collect(tiny_policy())
        np.testing.assert_array_equal(a["act"], b["act"])
        np.testing.assert_array_equal(a["done"], b["done"])
        np.testing.assert_allclose(b["rew"] - a["rew"], 2.0 * np.sign(a["rew"]), atol=1e-5)
        ends += int(a["done"][1:].sum())
        paid += int((a["rew"] != 0).sum())
        if ends >= 4:
            break
    assert ends >= 4 and paid >= 3


def test_sampling_never_picks_an_illegal_action_and_reports_its_log_probability():
    from training.rollout import sample

    rng = np.random.default_rng(0)
    logits = rng.normal(0, 2, (4000, 5)).astype(np.float32)
    mask = rng.random((4000, 5)) < 0.6
    mask[:, 2] = True
    a, logp = sample(logits, mask, rng)
    assert mask[np.arange(4000), a].all()
    z = np.where(mask, logits, -np.inf)
    ref = z - np.log(np.exp(z - z.max(1, keepdims=True)).sum(1, keepdims=True)) - z.max(1, keepdims=True)
    np.testing.assert_allclose(logp, ref[np.arange(4000), a], rtol=1e-5, atol=1e-5)
    # The frequencies follow the softmax: one row repeated.
    row = np.tile(np.array([[0.0, 1.0, 2.0, -9.0, 0.5]], np.float32), (20000, 1))
    a, _ = sample(row, np.ones_like(row, bool), rng)
    p = np.exp(row[0]) / np.exp(row[0]).sum()
    np.testing.assert_allclose(np.bincount(a, minlength=5) / 20000, p, atol=0.015)


def test_a_batch_skips_forced_decisions_and_keeps_their_rewards():
    from training.rollout import Collector

    col = Collector(config(), [])
    total_forced = total_env = 0
    for _ in range(4):
        b = col.collect(tiny_policy())
        T, n = b["act"].shape
        assert b["obs"].shape == (T + 1, n, OBS_SIZE) and b["hidden"].shape == (T + 1, n, HIDDEN_CARDS_SIZE)
        assert (b["mask"].sum(-1) > 1).all()  # every decision in the batch has a choice
        assert b["mask"][np.arange(T)[:, None], np.arange(n)[None, :], b["act"]].all()
        assert b["env_steps"] == T * n + b["forced"]
        # Rewards come only with a round's end (the step into an observation that starts an episode).
        assert not b["rew"][~b["done"][1:]].any()
        total_forced += b["forced"]
        total_env += b["env_steps"]
    assert 0.05 < total_forced / total_env < 0.5  # draws with no pickup on offer are common
    # Without skipping, single-action decisions are in the batch.
    col = Collector(config(skip_forced=False), [])
    b = col.collect(tiny_policy())
    assert b["forced"] == 0 and (b["mask"].sum(-1) == 1).any()


def test_a_worker_process_collects_what_this_process_would():
    from training.rollout import Rollouts

    pol, snap = tiny_policy(1), tiny_policy(2)
    cfg = config(p_expert=0.3, p_greedy=0.1)
    here = Rollouts(cfg, 0, pol, [snap])
    there = Rollouts(cfg, 1, pol, [snap])
    try:
        a, b = here.next(pol), there.next(pol)
        for k in ("obs", "mask", "act", "rew", "done", "hidden"):
            np.testing.assert_array_equal(a[k], b[k], err_msg=k)
        # The worker runs BLAS on one thread, this process on several: the same sums, maybe in another order,
        # so log-probabilities agree to float32 rounding, not to the bit (the sampled actions above are equal).
        np.testing.assert_allclose(a["logp"], b["logp"], rtol=1e-5, atol=1e-5, err_msg="logp")
        assert a["finished"] == b["finished"] and a["forced"] == b["forced"]
    finally:
        here.close()
        there.close()
    assert not there.proc.is_alive()
    with pytest.raises(ValueError, match="must be 0 .* or 1"):
        Rollouts(cfg, 2, pol, [])


def test_the_league_draws_fixed_policies_and_refuses_bad_shares(tmp_path):
    from footcanasta_env.footcanasta.bots.policy import save_policy
    from training.opponent_league import OpponentLeague

    p = tiny_policy()
    path = str(tmp_path / "old.npz")
    save_policy(path, p.weights, p.biases)
    league = OpponentLeague(GAME, np.random.default_rng(0), 0.5, 0.1, 2, [path], 0.2)
    league.add(tiny_policy(3))
    draws = [league.draw() for _ in range(4000)]
    kinds = [league.kind(d) for d in draws]
    for kind, share in (("expert", 0.5), ("greedy", 0.1), ("fixed:old.npz", 0.2), ("snapshots", 0.2)):
        assert abs(kinds.count(kind) / 4000 - share) < 0.03, kind
    assert league.policies[0] is league.fixed[0] and league.policies[1] is league.snapshots[0]
    with pytest.raises(ValueError, match="at most 1"):
        OpponentLeague(GAME, np.random.default_rng(0), 0.8, 0.1, 2, [path], 0.2)
    with pytest.raises(ValueError, match="needs at least one fixed policy"):
        OpponentLeague(GAME, np.random.default_rng(0), 0.5, 0.1, 2, [], 0.2)
    with pytest.raises(ValueError, match="between 0 and 1"):
        OpponentLeague(GAME, np.random.default_rng(0), -0.1, 0.1, 2)


def test_background_evaluations_match_those_run_here(tmp_path):
    from footcanasta_env.footcanasta.bots.policy import save_policy
    from training.evaluator import Evaluator

    p = tiny_policy()
    path = str(tmp_path / "p.npz")
    save_policy(path, p.weights, p.biases, rules=Rules())
    out = []
    for background in (False, True):
        ev = Evaluator(background)
        ev.submit(7, path, "random", 1, 5)
        ev.submit(8, path, "greedy", 1, 5)
        out.append(ev.wait())
        ev.close()
    assert out[0] == out[1] and [r[:2] for r in out[0]] == [(7, "random"), (8, "greedy")]


# ------------------------------------------------------------------------------------------ checkpoints


def agent_and_league():
    from training.opponent_league import OpponentLeague
    from training.ppo_update import Agent

    agent = Agent(GAME, "16", "8", HIDDEN_CARDS_SIZE)
    opt = torch.optim.Adam(agent.parameters(), lr=1e-3)
    loss = agent.value(torch.rand(5, OBS_SIZE + HIDDEN_CARDS_SIZE)).sum() + agent.actor(torch.rand(5, OBS_SIZE)).sum()
    loss.backward()
    opt.step()  # Adam has state to save
    league = OpponentLeague(GAME, np.random.default_rng(0), 1.0, 0.0, 3)
    league.add(tiny_policy(4))
    league.add(tiny_policy(5))
    return agent, opt, league


def test_a_checkpoint_restores_weights_optimizer_league_and_generator(tmp_path):
    from training.trainer_state import load_checkpoint, restore, save_checkpoint, trainer_arrays

    agent, opt, league = agent_and_league()
    path = str(tmp_path / "c.ckpt.npz")
    meta = {"args": {}, "run": "r", "update": 3, "step": 99, "summary": {}, "league": {"snapshots": 2,
                                                                                         "activation": "relu"}}
    save_checkpoint(path, trainer_arrays(agent, opt, league), meta)
    expect_next = torch.rand(3)  # what the generator gives after the saved state
    agent2, opt2, league2 = agent_and_league()
    league2.snapshots = []
    arrays, got = load_checkpoint(path)
    assert got["update"] == 3 and got["step"] == 99
    restore(agent2, opt2, league2, arrays, got, path)
    for a, b in zip(agent.state_dict().values(), agent2.state_dict().values(), strict=True):
        torch.testing.assert_close(a, b, rtol=0, atol=0)
    s1, s2 = opt.state_dict()["state"], opt2.state_dict()["state"]
    assert s1.keys() == s2.keys()
    for i in s1:
        for k in s1[i]:
            torch.testing.assert_close(s1[i][k], s2[i][k], rtol=0, atol=0)
    assert len(league2.snapshots) == 2
    for p, q in zip(league.snapshots, league2.snapshots, strict=True):
        for x, y in zip(p.weights + p.biases, q.weights + q.biases, strict=True):
            np.testing.assert_array_equal(x, y)
    torch.testing.assert_close(torch.rand(3), expect_next, rtol=0, atol=0)
    with np.load(path, allow_pickle=False) as z:  # plain arrays only
        assert all(z[k].dtype != object for k in z.files)


def test_damaged_or_foreign_checkpoints_are_refused(tmp_path):
    from footcanasta_env.footcanasta.bots.policy import save_policy
    from training.trainer_state import CheckpointError, load_checkpoint, save_checkpoint, trainer_arrays

    agent, opt, league = agent_and_league()
    path = str(tmp_path / "c.ckpt.npz")
    meta = {"args": {}, "run": "r", "update": 1, "step": 8, "summary": {}, "league": {"snapshots": 2,
                                                                                        "activation": "relu"}}
    arrays = trainer_arrays(agent, opt, league)
    save_checkpoint(path, arrays, meta)
    raw = open(path, "rb").read()
    open(tmp_path / "cut.npz", "wb").write(raw[: len(raw) // 2])
    with pytest.raises(CheckpointError, match="not a readable .npz"):
        load_checkpoint(str(tmp_path / "cut.npz"))
    changed = dict(arrays)
    changed["critic/0.bias"] = changed["critic/0.bias"] + 1.0
    save_checkpoint(str(tmp_path / "bad.npz"), arrays, meta)
    with np.load(str(tmp_path / "bad.npz")) as z:  # rewrite one array under the old digest
        stored = {k: z[k] for k in z.files}
    stored["critic/0.bias"] = changed["critic/0.bias"]
    with open(tmp_path / "bad.npz", "wb") as f:
        np.savez(f, **stored)
    with pytest.raises(CheckpointError, match="damaged"):
        load_checkpoint(str(tmp_path / "bad.npz"))
    p = tiny_policy()
    save_policy(str(tmp_path / "pol.npz"), p.weights, p.biases)
    with pytest.raises(CheckpointError, match="not a trainer checkpoint"):
        load_checkpoint(str(tmp_path / "pol.npz"))
    with pytest.raises(CheckpointError, match="no such file"):
        load_checkpoint(str(tmp_path / "missing.npz"))
    old = dict(meta, obs_version=0)
    save_checkpoint(str(tmp_path / "old.npz"), arrays, {})
    with np.load(str(tmp_path / "old.npz")) as z:
        stored = {k: z[k] for k in z.files}
    m = json.loads(stored["meta_json"].tobytes())
    m.update(old)
    stored["meta_json"] = np.frombuffer(json.dumps(m).encode(), np.uint8)
    with open(tmp_path / "old.npz", "wb") as f:
        np.savez(f, **stored)
    with pytest.raises(CheckpointError, match="obs_version mismatch"):
        load_checkpoint(str(tmp_path / "old.npz"))


SMALL = ["--bc-games", "0", "--hidden", "16", "--critic-hidden", "8", "--num-games", "4", "--rollout-len", "8",
         "--num-minibatches", "2", "--critic-warmup", "0", "--snapshot-every", "1", "--max-snapshots", "2",
         "--p-expert", "0.5", "--eval-every", "0", "--final-eval-deals", "0", "--rounds", "1",
         "--checkpoint-every", "1", "--progress", "false"]


def run(*args: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["OMP_NUM_THREADS"] = "1"
    return subprocess.run([sys.executable, os.path.join("training", "selfplay_ppo.py"), *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=240)


def test_a_stopped_run_resumes_where_it_stopped(tmp_path):
    from training.trainer_state import load_checkpoint, prefixed

    out = str(tmp_path / "runs")
    first = run(*SMALL, "--total-steps", "64", "--out-dir", out)  # 2 updates of 32 decisions
    assert first.returncode == 0, first.stderr[-3000:]
    (name,) = os.listdir(out)
    ckpt = os.path.join(out, name, "last.ckpt.npz")
    arrays, meta = load_checkpoint(ckpt)
    assert meta["update"] == 2 and meta["step"] == 64 and meta["league"]["snapshots"] == 2
    saved_actor = prefixed(arrays, "actor")
    # Asked for no more steps, the resumed run changes nothing: its policy is the saved actor.
    same = run("--resume", ckpt, "--out-dir", out, "--progress", "false")
    assert same.returncode == 0 and "already at update 2 of 2" in same.stdout, same.stderr[-3000:]
    again = run("--resume", ckpt, "--total-steps", "128", "--win-bonus", "1.5", "--out-dir", out, "--progress", "false")
    assert again.returncode == 0, again.stderr[-3000:]
    assert f"resumed {name} at update 2 (step 64)" in again.stdout
    assert os.listdir(out) == [name]  # the same run folder goes on
    arrays2, meta2 = load_checkpoint(ckpt)
    assert meta2["update"] == 4 and meta2["step"] == 128 and meta2["summary"]["resumed"][0]["step"] == 64
    assert meta2["args"]["total_steps"] == 128 and meta2["args"]["hidden"] == "16"
    assert meta2["args"]["win_bonus"] == 1.5 and meta["args"]["win_bonus"] == 0.0  # a new stage may play for games
    assert meta2["league"]["snapshots"] == 2  # the first one (the warm start) kept, the newest after it
    np.testing.assert_array_equal(prefixed(arrays2, "league/0")["W0"], prefixed(arrays, "league/0")["W0"])
    assert not np.array_equal(prefixed(arrays2, "actor")["0.weight"], saved_actor["0.weight"])  # it trained on
    summary = json.load(open(os.path.join(out, name, "summary.json")))
    assert summary["progress"]["ppo_steps"] == 128


def test_resume_refuses_changed_settings_and_bad_files(tmp_path):
    out = str(tmp_path / "runs")
    assert run(*SMALL, "--total-steps", "32", "--out-dir", out).returncode == 0
    (name,) = os.listdir(out)
    ckpt = os.path.join(out, name, "last.ckpt.npz")
    proc = run("--resume", ckpt, "--win-bonus", "-1", "--out-dir", out)
    assert proc.returncode != 0 and "--win-bonus must be 0 or more, got -1.0" in proc.stderr
    proc = run("--resume", ckpt, "--hidden", "32", "--out-dir", out)
    assert proc.returncode != 0 and "--hidden is '16' in the checkpoint and '32' here" in proc.stderr
    proc = run("--resume", os.path.join(out, name, "final.npz"), "--out-dir", out)
    assert proc.returncode != 0 and "not a trainer checkpoint" in proc.stderr
    open(tmp_path / "junk.ckpt.npz", "wb").write(b"not a zip")
    proc = run("--resume", str(tmp_path / "junk.ckpt.npz"), "--out-dir", out)
    assert proc.returncode != 0 and "damaged or truncated" in proc.stderr and "Traceback" not in proc.stderr
    # A checkpoint's actor can start a new run of the same shape.
    proc = run(*SMALL, "--init-policy", ckpt, "--total-steps", "0", "--out-dir", str(tmp_path / "b"))
    assert proc.returncode == 0, proc.stderr[-2000:]
    (b,) = os.listdir(tmp_path / "b")
    a_pol = load_policy(os.path.join(out, name, "final.npz"))
    b_pol = load_policy(os.path.join(tmp_path / "b", b, "bc.npz"))
    np.testing.assert_array_equal(a_pol.weights[0], b_pol.weights[0])


def test_the_exported_critic_is_the_trainers_value_and_a_blind_critic_is_refused(tmp_path):
    from footcanasta_env.footcanasta.bots.value import load_value
    from training.export_critic import main as export
    from training.opponent_league import OpponentLeague
    from training.ppo_update import Agent
    from training.trainer_state import save_checkpoint, trainer_arrays

    agent, opt, league = agent_and_league()
    meta = {"args": {"reward_scale": 0.001, "gamma": 0.998}, "run": "r", "update": 1, "step": 8, "summary": {},
            "league": {"snapshots": 2, "activation": "relu"}}
    path, out = str(tmp_path / "c.ckpt.npz"), str(tmp_path / "value.npz")
    save_checkpoint(path, trainer_arrays(agent, opt, league), meta)
    export(["--checkpoint", path, "--out", out])
    x = torch.rand(7, OBS_SIZE + HIDDEN_CARDS_SIZE)
    with torch.no_grad():
        want = agent.value(x).numpy() / 0.001  # the critic predicts points x reward_scale
    np.testing.assert_allclose(load_value(out).predict(x.numpy()), want, rtol=1e-4, atol=1e-2)

    blind = Agent(GAME, "16", "8", 0)  # a critic that reads the observation only cannot value full positions
    save_checkpoint(path, trainer_arrays(blind, torch.optim.Adam(blind.parameters()),
                                         OpponentLeague(GAME, np.random.default_rng(0), 1.0, 0.0, 3)), meta)
    with pytest.raises(SystemExit, match=f"reads {OBS_SIZE} numbers.*--privileged-critic"):
        export(["--checkpoint", path, "--out", str(tmp_path / "blind.npz")])
    assert not os.path.exists(tmp_path / "blind.npz")
