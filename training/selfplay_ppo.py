"""Batched self-play PPO for Foot Canasta: the trainer of the shipped policy (CleanRL style).

Pipeline:

1. Behaviour cloning (BC) warm start: play ``bc_games`` games of four ``expert`` bots on both cores,
   record every decision with more than one legal action (observation from the fast ``GameEncoder``,
   legal mask, expert action), and fit the policy MLP by cross-entropy on the masked logits.
2. PPO fine-tuning over ``num_games`` engine games at once. The learner partnership shares one policy
   (both partner seats); the other partnership is drawn per game from a league: the ``expert`` bot,
   ``greedy``, fixed policy files (earlier shipped policies) and frozen snapshots of the learner. Every
   tick advances every game to its learner's next decision, so the learner takes one batched forward
   pass for all games (``batched.py``); a worker process collects the next batch while this one
   updates (``rollout.py``), and decisions with a single legal action never enter a batch. Reward: the
   learner partnership's round score difference x ``reward_scale`` when a round ends; a round end is
   an episode boundary for GAE (rounds are scored separately). The update is ``ppo.py``.
3. Export: the policy MLP is written as a policy file (``footcanasta_env.bots.policy``), playable with numpy
   only through ``make_bot("policy:PATH")``.

Every ``checkpoint_every`` updates the run writes ``<run>/last.ckpt.npz`` (``trainer_state.py``: weights,
optimizer, league, step counts, generator state; no pickled code), and ``--resume`` continues from it, on
this machine or another. The summary's ``profile`` says where the run's time went.

Example (the shipped run): see ``checkpoints/README.md``.
"""

from __future__ import annotations

import os
import sys
import time
from collections import Counter
from dataclasses import asdict, dataclass, fields, replace

import numpy as np
import torch
from torch import nn

# helper modules beside this file (training/ is on sys.path when a script runs as a file)
from bc import behaviour_clone, expert_data
from common import Timer, command_line, parse_args, seed_everything, write_json
from evaluator import Evaluator
from export import actor_policy, copy_policy, export_policy
from footcanasta_env.bots.policy import load_policy
from footcanasta_env.observation import HIDDEN_CARDS_SIZE
from footcanasta_env.rules import Rules
from league import OpponentLeague
from ppo import Agent, PPOSettings, ppo_update
from rollout import RolloutConfig, Rollouts
from trainer_state import CheckpointError, init_from, load_checkpoint, restore, save_checkpoint, trainer_arrays

__all__ = ["Agent", "Args", "main"]

@dataclass
class Args:
    """Batched self-play PPO with a behaviour-cloning warm start from the expert bot."""

    exp_name: str = "selfplay_ppo"
    """name of the experiment (part of the run name)"""
    seed: int = 1
    """seed of python, numpy, torch and the deals"""
    threads: int = 1
    """torch threads of the learner (the update); with a rollout worker on the other core, 1"""
    rollout_workers: int = 1
    """1: a worker process collects the next batch while this one updates (both cores, one update of
    policy lag); 0: collect in this process between updates (one core, no lag)"""
    skip_forced: bool = True
    """play learner decisions with a single legal action at once, outside the PPO batch (they teach nothing);
    --total-steps counts the decisions trained on, env_steps in the summary counts all of them"""
    bf16: bool = False
    """run the update's matrix products in bfloat16 (fp32 weights and losses): about half the update's time
    on CPUs with bfloat16 instructions"""
    out_dir: str = "runs"
    """folder for the run's outputs (TensorBoard events, checkpoints, exported policies)"""
    rounds: int = 4
    """rounds per training game (1 to 4); the initial-meld minimum of round r is the rules' r-th"""
    hidden: str = "512,512"
    """hidden layer sizes of the policy MLP (exported), comma-separated"""
    critic_hidden: str = "256,256"
    """hidden layer sizes of the value MLP (not exported)"""
    privileged_critic: bool = True
    """the value MLP also sees the hidden cards (other hands, unpicked feet, the next stock cards:
    footcanasta_env.observation.hidden_cards): a baseline that knows the luck of the deal cuts the variance
    of the advantages; the exported policy never sees them"""
    init_policy: str = ""
    """start the policy from this policy file, or the actor of this trainer checkpoint (.ckpt.npz), instead of
    BC (a new run: critic, optimizer and league start afresh; --resume continues a run instead)"""
    resume: str = ""
    """continue the run of this trainer checkpoint (its last.ckpt.npz) where it stopped: weights, optimizer,
    league, step count and generators; the run's own settings are kept, only --total-steps, --threads,
    --rollout-workers, --progress, --out-dir, --export, --checkpoint-every and the evaluation flags may change"""
    checkpoint_every: int = 25
    """updates between trainer checkpoints (<run>/last.ckpt.npz, replaced each time)"""
    init_temperature: float = 1.0
    """divide the starting policy's output layer by this: below 1 the sampled policy plays close to its argmax
    (what the exported bot plays), so PPO improves the bot that is evaluated rather than a noisier one"""
    bc_games: int = 3000
    """expert games to record for behaviour cloning (0: no BC)"""
    bc_workers: int = 2
    """processes recording expert games"""
    bc_epochs: int = 4
    """passes over the BC data"""
    bc_batch: int = 1024
    """BC minibatch size"""
    bc_lr: float = 1e-3
    """BC learning rate (Adam, cosine-decayed to 5% of it)"""
    bc_data: str = ""
    """cache file for the recorded expert decisions (.npz): read if it exists, else written"""
    total_steps: int = 10_000_000
    """PPO learner decisions in all (0: BC only)"""
    num_games: int = 128
    """engine games played at once"""
    rollout_len: int = 64
    """learner decisions per game per PPO update"""
    lr: float = 1e-4
    """PPO learning rate (Adam, linearly annealed to 10% of it)"""
    gamma: float = 0.998
    """discount per learner decision"""
    gae_lambda: float = 0.95
    """GAE lambda"""
    update_epochs: int = 4
    """PPO epochs per update"""
    num_minibatches: int = 8
    """minibatches per PPO epoch"""
    clip_coef: float = 0.1
    """PPO clip range"""
    ent_coef: float = 0.002
    """entropy bonus"""
    vf_coef: float = 0.5
    """value loss weight"""
    max_grad_norm: float = 0.5
    """gradient clipping"""
    target_kl: float = 0.03
    """stop an update's epochs once the approximate KL exceeds this (0: never)"""
    critic_warmup: int = 5
    """first PPO updates train only the value net (a BC policy with a random critic would drift)"""
    reward_scale: float = 0.001
    """reward = round score difference x this"""
    p_expert: float = 0.6
    """league: probability that a game's opponents are the expert bot"""
    p_greedy: float = 0.1
    """league: probability of the greedy bot (the rest: frozen snapshots of the learner)"""
    fixed_policies: str = ""
    """league: policy files that play as opponents unchanged (earlier shipped policies), comma-separated"""
    p_fixed: float = 0.0
    """league: probability of one of --fixed-policies"""
    snapshot_every: int = 10
    """updates between frozen snapshots added to the league"""
    max_snapshots: int = 5
    """league size of frozen snapshots (oldest dropped; the BC policy is kept)"""
    eval_background: bool = True
    """run evaluations in a background process at the lowest priority (on the cycles the rollout worker
    leaves idle) instead of stopping training for them"""
    eval_every: int = 20
    """updates between evaluations against expert (0: only at the end)"""
    eval_deals: int = 20
    """duplicate deals per evaluation against expert (and a quarter as many against greedy)"""
    final_eval_deals: int = 50
    """duplicate deals of the final evaluation against expert (and against greedy, random and every fixed
    policy, a quarter as many)"""
    export: str = ""
    """also copy the best exported policy here (e.g. checkpoints/learned.npz)"""
    progress: bool = True
    """show a rich progress bar"""



RESUME_OVERRIDES = frozenset({"total_steps", "threads", "rollout_workers", "progress", "out_dir", "export",
                              "checkpoint_every", "eval_background", "eval_every", "eval_deals", "final_eval_deals",
                              "resume"})
"""The settings a resumed run may change; every other one is the run's own."""


def given_flags(argv: list[str]) -> set[str]:
    """The ``Args`` fields named on a command line (``--total-steps 5`` or ``--total-steps=5``)."""
    names = {f.name for f in fields(Args)}
    out = set()
    for tok in argv:
        if tok.startswith("--"):
            name = tok[2:].split("=", 1)[0].replace("-", "_")
            if name in names:
                out.add(name)
    return out


def resumed_args(args: Args, argv: list[str], saved: dict) -> Args:
    """The saved run's settings with the command line's allowed changes; refuses any other change."""
    base = Args(**{k: v for k, v in saved.items() if k in {f.name for f in fields(Args)}})
    changes = {}
    for name in given_flags(argv):
        new, old = getattr(args, name), getattr(base, name)
        if name in RESUME_OVERRIDES:
            changes[name] = new
        elif new != old:
            raise SystemExit(f"error: --resume continues a run with its own settings; --{name.replace('_', '-')} "
                             f"is {old!r} in the checkpoint and {new!r} here (only "
                             f"{', '.join('--' + n.replace('_', '-') for n in sorted(RESUME_OVERRIDES))} may change)")
    return replace(base, **changes)


def main(argv: list[str] | None = None) -> dict:
    """Run BC then PPO (or go on with a run from its checkpoint); returns the summary written to
    ``<run>/summary.json``."""
    argv = list(sys.argv[1:] if argv is None else argv)
    args = parse_args(Args, argv)
    resume = None
    if args.resume:
        try:
            resume = load_checkpoint(args.resume)
        except CheckpointError as e:
            raise SystemExit(f"error: {e}") from None
        args = resumed_args(args, argv, resume[1]["args"])
    if args.init_temperature <= 0:
        raise SystemExit(f"error: --init-temperature must be positive, got {args.init_temperature}")
    if args.rollout_workers not in (0, 1):
        raise SystemExit(f"error: --rollout-workers must be 0 or 1, got {args.rollout_workers}")
    n, T = args.num_games, args.rollout_len
    batch = n * T
    if batch % args.num_minibatches:
        raise SystemExit(f"error: --num-games x --rollout-len ({batch}) must be a multiple of --num-minibatches "
                         f"({args.num_minibatches})")
    fixed = [p for p in args.fixed_policies.split(",") if p.strip()]
    try:
        league = OpponentLeague(np.random.default_rng(args.seed), args.p_expert, args.p_greedy, args.max_snapshots,
                                fixed, args.p_fixed)
    except (ValueError, OSError) as e:
        raise SystemExit(f"error: league: {e}") from None
    from torch.utils.tensorboard import SummaryWriter

    run_name = resume[1]["run"] if resume else f"{args.exp_name}__{args.seed}__{int(time.time())}"
    run_dir = os.path.join(args.out_dir, run_name)
    os.makedirs(run_dir, exist_ok=True)
    start_update = resume[1]["update"] if resume else 0
    step = resume[1]["step"] if resume else 0
    writer = SummaryWriter(run_dir, purge_step=step if resume else None)
    table = "\n".join(f"|{k}|{v}|" for k, v in asdict(args).items())
    writer.add_text("hyperparameters", "|param|value|\n|-|-|\n" + table)
    # Seeding: every source of randomness derives from args.seed (a resumed run: from the saved generators).
    seed_everything(args.seed, args.threads)
    rules = Rules().with_rounds(args.rounds)
    full_rules = Rules()
    cmd = command_line([sys.argv[0], *argv])
    extra = HIDDEN_CARDS_SIZE if args.privileged_critic else 0
    agent = Agent(args.hidden, args.critic_hidden, extra)
    opt = torch.optim.Adam(agent.parameters(), lr=args.lr, eps=1e-5)
    if resume:
        summary = resume[1]["summary"]
        summary.setdefault("resumed", []).append({"command": cmd, "update": start_update, "step": step})
        restore(agent, opt, league, *resume, args.resume)
        print(f"resumed {run_name} at update {start_update} (step {step}) from {args.resume}", flush=True)
    else:
        summary = {"run": run_name, "args": asdict(args), "command": cmd, "curve": []}
    summary["args"] = asdict(args)
    training_record = {"command": summary["command"], "trainer": "training/selfplay_ppo.py", "args": asdict(args)}
    env_steps = summary.get("progress", {}).get("env_steps", 0)

    def export(name: str, evaluation: dict | None = None) -> str:
        path = os.path.join(run_dir, name)
        export_policy(agent.actor, path, "relu", full_rules, dict(training_record, **summary.get("progress", {})),
                      evaluation)
        return path

    def checkpoint(name: str, update: int) -> str:
        path = os.path.join(run_dir, name)
        meta = {"args": asdict(args), "run": run_name, "update": update, "step": step, "summary": summary,
                "league": {"snapshots": len(league.snapshots), "activation": "relu"}}
        save_checkpoint(path, trainer_arrays(agent, opt, league), meta)
        return path

    evaluator = Evaluator(background=args.eval_background)
    partial: dict[int, dict] = {}  # step -> the results in so far

    def submit_eval(at: int, deals: int, final: bool = False) -> None:
        """Export the policy and queue its matches (``final``: also against random and the fixed policies)."""
        path = export("final.npz" if final else f"ppo_{at}.npz")
        partial[at] = {"steps": at, "path": path, "final": final, "want": 0, "t0": time.time()}
        others = ["greedy"] + (["random"] + [f"policy:{p}" for p in fixed] if final else [])
        for opp, d, seed in [("expert", deals, 10_000 + at % 997)] + [(o, max(2, deals // 4), 20_000 + at % 997)
                                                                      for o in others]:
            partial[at]["want"] += 1
            evaluator.submit(at, path, opp, d, seed)

    def record(done: list) -> None:
        """File finished evaluations: TensorBoard, the curve (or the final record), the best policy so far."""
        nonlocal best
        for at, opp, r in done:
            res = partial[at]
            key = "fixed:" + os.path.basename(opp[7:]) if opp.startswith("policy:") else opp
            res[key] = r
            res["want"] -= 1
            writer.add_scalar(f"eval/win_rate_vs_{key}", r["win_rate"], at)
            writer.add_scalar(f"eval/mean_diff_vs_{key}", r["mean_diff"], at)
            if res["want"]:
                continue
            del partial[at]
            path, final, t0 = res.pop("path"), res.pop("final"), res.pop("t0")
            del res["want"]
            print(f"eval @ {at}: " + ", ".join(f"vs {k} {v['win_rate']:.3f} (diff {v['mean_diff']:+.0f})"
                                               for k, v in res.items() if k != "steps")
                  + f" [{time.time() - t0:.0f}s]", flush=True)
            if final:
                summary["final"] = res
            else:
                summary["curve"].append(res)
                if res["expert"]["win_rate"] > best["win_rate"]:
                    best = {"win_rate": res["expert"]["win_rate"], "path": path, "steps": at}
            summary["best"] = best
            write_json(os.path.join(run_dir, "summary.json"), summary)

    # ---- warm start (a resumed run has its weights already)
    if not resume:
        if args.init_policy:
            try:
                init_from(agent.actor, args.init_policy)
            except (ValueError, OSError) as e:
                raise SystemExit(f"error: --init-policy: {e}") from None
            print(f"policy initialised from {args.init_policy}", flush=True)
        elif args.bc_games > 0:
            t0 = time.time()
            data = expert_data(args.bc_data, args.bc_games, args.bc_workers, args.seed, args.rounds)
            nd = len(data["action"])
            rec_s = time.time() - t0
            print(f"BC data: {nd} expert decisions in {rec_s:.0f}s ({nd / max(rec_s, 1e-9):.0f}/s)", flush=True)
            t0 = time.time()
            acc = behaviour_clone(agent.actor, data, epochs=args.bc_epochs, batch=args.bc_batch, lr=args.bc_lr,
                                  seed=args.seed, writer=writer)
            summary["bc"] = {"decisions": nd, "games": args.bc_games, "val_accuracy": acc,
                             "fit_seconds": time.time() - t0}
            del data
        if args.init_temperature != 1.0:
            out = [m for m in agent.actor.modules() if isinstance(m, nn.Linear)][-1]
            with torch.no_grad():
                out.weight.div_(args.init_temperature)
                out.bias.div_(args.init_temperature)
        bc_path = export("bc.npz")
        league.add(load_policy(bc_path))
        summary["best"] = {"win_rate": -1.0, "path": bc_path}

    # ---- PPO
    updates = args.total_steps // batch
    best = summary.get("best", {"win_rate": -1.0, "path": os.path.join(run_dir, "bc.npz")})
    settings = PPOSettings(args.gamma, args.gae_lambda, args.update_epochs, args.num_minibatches, args.clip_coef,
                           args.ent_coef, args.vf_coef, args.max_grad_norm, args.target_kl, args.bf16)
    learner: Counter[str] = Counter()  # seconds per phase of this process
    rollout: Counter[str] = Counter()  # seconds per phase of the rollout side
    timer = Timer()
    if start_update >= updates:
        summary.setdefault("progress", {"ppo_steps": step, "env_steps": env_steps})
        if not resume and args.final_eval_deals:
            submit_eval(0, args.final_eval_deals, final=True)
            record(evaluator.wait())
            best = {"win_rate": summary["final"]["expert"]["win_rate"], "path": best["path"]}
        if resume:
            print(f"the run is already at update {start_update} of {updates}: nothing to do "
                  f"(raise --total-steps to go on)", flush=True)
    else:
        if args.eval_deals and args.eval_every and not resume:
            submit_eval(0, args.eval_deals)
        cfg = RolloutConfig(n, T, rules.to_dict(), args.reward_scale, args.skip_forced, bool(extra), args.p_expert,
                            args.p_greedy, args.p_fixed, tuple(fixed), args.max_snapshots, args.seed, start_update)
        rollouts = Rollouts(cfg, args.rollout_workers, actor_policy(agent.actor), league.snapshots)
        progress = None
        if args.progress:
            from rich.progress import Progress

            progress = Progress()
            progress.start()
            task = progress.add_task("PPO", total=updates * batch, completed=step)
        finished: list = []
        new_snapshot = None
        steps0, env0 = step, env_steps
        try:
            for update in range(start_update + 1, updates + 1):
                frac = 1.0 - (update - 1) / updates
                opt.param_groups[0]["lr"] = args.lr * (0.1 + 0.9 * frac)
                t0 = time.perf_counter()
                data = rollouts.next(actor_policy(agent.actor), new_snapshot, more=update < updates)
                learner["waiting for the rollout" if args.rollout_workers else "rollout (this process)"] += \
                    time.perf_counter() - t0
                new_snapshot = None
                for k, v in data["times"].items():
                    rollout[k] += v
                rollout["rollout in all"] += data["worker_seconds"]
                step += batch
                env_steps += data["env_steps"]
                finished += data["finished"]
                t0 = time.perf_counter()
                stats = ppo_update(agent, opt, data, settings, policy_on=update > args.critic_warmup)
                learner["PPO update (GAE, values, epochs)"] += time.perf_counter() - t0
                t0 = time.perf_counter()
                sps, esps = (step - steps0) / timer.elapsed(), (env_steps - env0) / timer.elapsed()
                writer.add_scalar("charts/steps_per_s", sps, step)
                writer.add_scalar("charts/env_steps_per_s", esps, step)
                writer.add_scalar("charts/forced_fraction", data["forced"] / max(1, data["env_steps"]), step)
                writer.add_scalar("charts/learning_rate", opt.param_groups[0]["lr"], step)
                for k, v in stats.items():
                    writer.add_scalar(f"losses/{k}", v, step)
                writer.add_scalar("charts/mean_reward", float(data["rew"].sum() / max(1.0, float(data["done"].sum()))),
                                  step)
                for kind in sorted({f[0] for f in finished}):
                    writer.add_scalar(f"train/win_rate_vs_{kind}", float(np.mean([w for k_, w, _ in finished
                                                                                  if k_ == kind])), step)
                if finished and update % 5 == 0:
                    ex = [w for k_, w, _ in finished if k_ == "expert"]
                    print(f"update {update}/{updates} step {step}: {sps:.0f} steps/s ({esps:.0f} env steps/s), "
                          f"games {len(finished)}, train win vs expert {np.mean(ex) if ex else float('nan'):.3f}, "
                          f"v_loss {stats['value_loss']:.4f}, kl {stats['approx_kl']:.4f}", flush=True)
                    finished = []
                summary["progress"] = {"ppo_steps": step, "env_steps": env_steps, "steps_per_s": sps,
                                       "env_steps_per_s": esps}
                if progress is not None:
                    progress.update(task, completed=step)
                learner["logging"] += time.perf_counter() - t0
                t0 = time.perf_counter()
                if update % args.snapshot_every == 0:
                    new_snapshot = actor_policy(agent.actor)
                    league.add(new_snapshot)
                learner["snapshots, exports, checkpoints"] += time.perf_counter() - t0
                t0 = time.perf_counter()
                if args.eval_every and args.eval_deals and update % args.eval_every == 0:
                    submit_eval(step, args.eval_deals)
                record(evaluator.ready())
                learner["evaluations (in the background)" if args.eval_background else "evaluations"] += \
                    time.perf_counter() - t0
                summary["profile"] = profile(learner, rollout, timer.elapsed(), step - steps0, env_steps - env0,
                                             rollouts.workers)
                if args.checkpoint_every and update % args.checkpoint_every == 0:
                    t0 = time.perf_counter()
                    checkpoint("last.ckpt.npz", update)
                    learner["snapshots, exports, checkpoints"] += time.perf_counter() - t0
        finally:
            rollouts.close()
            if progress is not None:
                progress.stop()
        t0 = time.perf_counter()
        record(evaluator.wait())  # the run's last periodic evaluations belong to its time
        evaluator.close()  # the final evaluation runs here: training is over
        learner["evaluations (waiting for the last ones)"] += time.perf_counter() - t0
        summary["steps_per_s"] = (step - steps0) / timer.elapsed()
        summary["env_steps_per_s"] = (env_steps - env0) / timer.elapsed()
        # The profile covers what steps/s covers: training and its periodic evaluations, not the final one.
        summary["profile"] = profile(learner, rollout, timer.elapsed(), step - steps0, env_steps - env0,
                                     args.rollout_workers)
        checkpoint("last.ckpt.npz", updates)
        if args.final_eval_deals:
            submit_eval(step, args.final_eval_deals, final=True)
            record(evaluator.wait())
        else:
            export("final.npz")
        if not (args.eval_every and args.eval_deals):
            best = {"win_rate": -1.0, "path": os.path.join(run_dir, "final.npz")}
        print(f"PPO: {step} steps at {summary['steps_per_s']:.0f} steps/s trained on "
              f"({summary['env_steps_per_s']:.0f} env steps/s); profile:", flush=True)
        for side in ("learner", "rollout"):
            for k, v in summary["profile"][side].items():
                print(f"  {side:8s} {k:50s} {v['seconds']:8.1f}s {v['share']:6.1%}", flush=True)
    evaluator.close()
    summary["best"] = best
    write_json(os.path.join(run_dir, "summary.json"), summary)
    if args.export:
        copy_policy(best["path"], args.export)
    writer.close()
    print(f"run dir: {run_dir}", flush=True)
    return summary


def profile(learner: Counter, rollout: Counter, wall: float, steps: int, env_steps: int, workers: int) -> dict:
    """Where the PPO phase's time went: seconds and share of the wall time per phase of each side."""
    def side(c: Counter) -> dict:
        return {k: {"seconds": round(v, 2), "share": round(v / max(wall, 1e-9), 4)}
                for k, v in sorted(c.items(), key=lambda kv: -kv[1])}

    return {"wall_seconds": round(wall, 2), "steps": steps, "env_steps": env_steps, "rollout_workers": workers,
            "learner": side(learner), "rollout": side(rollout)}


if __name__ == "__main__":
    main()
