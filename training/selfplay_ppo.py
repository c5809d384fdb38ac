"""Batched self-play PPO for a game of the house (Foot Canasta by default) at a table size (``--players``): the
trainer of the shipped policy (CleanRL style). Pipeline:

1. Behaviour cloning (BC) warm start: play ``bc_games`` games of ``expert`` bots (one a seat) on both cores,
   record every decision with more than one legal action (observation from the fast ``GameEncoder``,
   legal mask, expert action), and fit the policy MLP by cross-entropy on the masked logits.
2. PPO fine-tuning over ``num_games`` engine games at once. The learner partnership shares one policy
   (both partner seats); the other partnership is drawn per game from a league: the ``expert`` bot,
   ``greedy``, fixed policy files (earlier shipped policies) and frozen snapshots of the learner. Every
   tick advances every game to its learner's next decision, so the learner takes one batched forward
   pass for all games (``batched.py``); a worker process collects the next batch while this one
   updates (``rollout.py``), and decisions with a single legal action never enter a batch. Reward: the
   learner partnership's round score difference x ``reward_scale`` when a round ends; a round end is
   an episode boundary for GAE (rounds are scored separately); with ``win_bonus``, the game's last round
   also pays + or - ``win_bonus`` for the game won or lost. The update is ``ppo_update.py``.
3. Export: the policy MLP is written as a policy file (``footcanasta_env.policyfile``) recording the table's
   rules, playable with numpy only through ``make_bot("policy:PATH", rules=...)`` at that size only.

Every ``checkpoint_every`` updates the run writes ``<run>/last.ckpt.npz`` (``trainer_state.py``: weights,
optimizer, league, step counts, generator state; no pickled code), and ``--resume`` continues from it, on
this machine or another. The summary's ``profile`` says where the run's time went.

``main`` reads top to bottom as the steps of a run: settings, the run's learner and league (``Run``), the
warm start, then PPO (``train``, one ``ppo_iteration`` per update) or nothing to train, then the record.

Example (the shipped run): see ``checkpoints/footcanasta/README.md``.
"""

from __future__ import annotations

import sys
from pathlib import Path

if not __package__:  # run as a file (python training/X.py): training.* from the repository root
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import os
import time
from dataclasses import asdict, dataclass, field
from typing import Any

import numpy as np
import torch
from torch import nn

from footcanasta_env.policyfile import Policy, load_policy, observation_size
from training.bc import behaviour_clone, expert_data
from training.opponent_league import OpponentLeague
from training.policy_export import actor_policy, copy_policy, export_policy
from training.ppo_update import Agent, PPOSettings, ppo_update
from training.progress import Evaluations, Speed, log_update
from training.rollout import RolloutConfig, Rollouts, hidden_size
from training.train_common import (
    command_line,
    load_game,
    parse_args,
    seed_everything,
    table_rules,
    training_rules,
    write_json,
)
from training.trainer_state import (
    CheckpointError,
    init_from,
    load_checkpoint,
    restore,
    resumed_args,
    save_checkpoint,
    trainer_arrays,
)

__all__ = ["Args", "main"]


@dataclass
class Args:
    """Batched self-play PPO with a behaviour-cloning warm start from the expert bot."""

    exp_name: str = "selfplay_ppo"
    """name of the experiment (part of the run name)"""
    game: str = "footcanasta"
    """the game to train on (a name known to footcanasta_env.games.get_game)"""
    players: int = 0
    """the table size: 0 the game's default (four players); Canasta also 2, 3 or 6 (its section 14): the
    observation, bots, evaluations and the exported file's rules are that size's (a resumed run keeps it)"""
    sides: int = 0
    """the sides at the table: 0 the size's default; Canasta's six players also 3 (three sides of two)"""
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
    rounds: int = 0
    """rounds per training game: 0 the whole game as evaluated (Foot Canasta's 4 rounds, Canasta's game to its
    target of 5000), else only the first N (Foot Canasta: 1 to 4; Canasta: a cap of N rounds)"""
    hidden: str = "512,512"
    """hidden layer sizes of the policy MLP (exported), comma-separated"""
    critic_hidden: str = "256,256"
    """hidden layer sizes of the value MLP (not exported)"""
    privileged_critic: bool = True
    """the value MLP also sees the hidden cards (other hands, unpicked feet, the next stock cards:
    the game's hidden_cards): a baseline that knows the luck of the deal cuts the variance
    of the advantages; the exported policy never sees them"""
    init_policy: str = ""
    """start the policy from this policy file, or the actor of this trainer checkpoint (.ckpt.npz), instead of
    BC (a new run: critic, optimizer and league start afresh; --resume continues a run instead)"""
    resume: str = ""
    """continue the run of this trainer checkpoint (its last.ckpt.npz) where it stopped: weights, optimizer,
    league, step count and generators; the run's own settings are kept, only --total-steps, --lr, --win-bonus,
    --threads, --rollout-workers, --progress, --out-dir, --export, --checkpoint-every and the evaluation flags
    may change"""
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
    win_bonus: float = 0.0
    """plus or minus this at the end of a game won or lost (on top of its last round's reward): the learner
    plays for games, not only points; a resumed run may take it up (a new stage of the run)"""
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
    """also copy the best exported policy here (e.g. checkpoints/footcanasta/learned.npz)"""
    progress: bool = True
    """show a rich progress bar"""


RESUME_OVERRIDES = frozenset({"total_steps", "threads", "rollout_workers", "progress", "out_dir", "export",
                              "checkpoint_every", "eval_background", "eval_every", "eval_deals", "final_eval_deals",
                              "resume", "lr", "win_bonus"})
"""The settings a resumed run may change; every other one is the run's own (``lr``: the schedule's base from the
next update on, for a run that moves too slowly or too fast; ``win_bonus``: a new stage that plays for games won)."""


def settings(argv: list[str]) -> tuple[Args, tuple[dict, dict] | None]:
    """The run's settings, checked: the command line's, or a resumed run's own with the changes it allows; and
    the checkpoint (arrays, meta) when resuming."""
    args = parse_args(Args, argv)
    resume = None
    if args.resume:
        try:
            resume = load_checkpoint(args.resume)
        except CheckpointError as e:
            raise SystemExit(f"error: {e}") from None
        args = resumed_args(Args, args, argv, resume[1]["args"], RESUME_OVERRIDES)
    if not args.win_bonus >= 0:  # a negative bonus would pay the learner for losing games (NaN fails too)
        raise SystemExit(f"error: --win-bonus must be 0 or more, got {args.win_bonus}")
    if args.init_temperature <= 0:
        raise SystemExit(f"error: --init-temperature must be positive, got {args.init_temperature}")
    if args.rollout_workers not in (0, 1):
        raise SystemExit(f"error: --rollout-workers must be 0 or 1, got {args.rollout_workers}")
    batch = args.num_games * args.rollout_len
    if batch % args.num_minibatches:
        raise SystemExit(f"error: --num-games x --rollout-len ({batch}) must be a multiple of --num-minibatches "
                         f"({args.num_minibatches})")
    return args, resume


@dataclass
class Run:
    """What the steps of a run share: its settings, game, table (its rules at --players/--sides), folder,
    TensorBoard writer, learner, league, record (``summary``) and step counts."""

    args: Args
    game: Any
    table: Any
    name: str
    folder: str
    writer: Any
    agent: Agent
    opt: torch.optim.Optimizer
    league: OpponentLeague
    fixed: list[str]
    summary: dict
    resumed: bool
    start_update: int
    step: int
    env_steps: int

    @property
    def batch(self) -> int:
        """Learner decisions per update."""
        return self.args.num_games * self.args.rollout_len

    def path(self, name: str) -> str:
        """A file of the run's folder."""
        return os.path.join(self.folder, name)

    def export(self, name: str, evaluation: dict | None = None) -> str:
        """Write the actor as the policy file ``name`` of the run (for full games, with the training record)."""
        path = self.path(name)
        training = {"command": self.summary["command"], "trainer": "training/selfplay_ppo.py",
                    "args": asdict(self.args), **self.summary.get("progress", {})}
        export_policy(self.agent.actor, path, "relu", self.game, training, evaluation, rules=self.table)
        return path

    def checkpoint(self, update: int) -> str:
        """Write ``last.ckpt.npz``: what ``--resume`` goes on from after ``update`` updates."""
        path = self.path("last.ckpt.npz")
        meta = {"args": asdict(self.args), "run": self.name, "update": update, "step": self.step,
                "summary": self.summary, "league": {"snapshots": len(self.league.snapshots), "activation": "relu"}}
        save_checkpoint(path, trainer_arrays(self.agent, self.opt, self.league), meta)
        return path


def start_run(args: Args, game: Any, resume: tuple[dict, dict] | None, argv: list[str]) -> Run:
    """The run's league, folder, TensorBoard writer, seeded learner and optimizer and record; a resumed run's
    restored from its checkpoint."""
    fixed = [p for p in args.fixed_policies.split(",") if p.strip()]
    table = table_rules(game, args.players, args.sides)
    try:
        league = OpponentLeague(game, np.random.default_rng(args.seed), args.p_expert, args.p_greedy,
                                args.max_snapshots, fixed, args.p_fixed, table)
    except (ValueError, OSError) as e:
        raise SystemExit(f"error: league: {e}") from None
    from torch.utils.tensorboard import SummaryWriter

    meta = resume[1] if resume else None
    name = meta["run"] if meta else f"{args.exp_name}__{args.seed}__{int(time.time())}"
    folder = os.path.join(args.out_dir, name)
    os.makedirs(folder, exist_ok=True)
    step = meta["step"] if meta else 0
    writer = SummaryWriter(folder, purge_step=step if meta else None)
    rows = "\n".join(f"|{k}|{v}|" for k, v in asdict(args).items())
    writer.add_text("hyperparameters", "|param|value|\n|-|-|\n" + rows)
    # Seeding: every source of randomness derives from args.seed (a resumed run: from the saved generators).
    seed_everything(args.seed, args.threads)
    agent = Agent(game, args.hidden, args.critic_hidden, hidden_size(game, table) if args.privileged_critic else 0,
                  obs_size=observation_size(game, table))
    opt = torch.optim.Adam(agent.parameters(), lr=args.lr, eps=1e-5)
    cmd = command_line([sys.argv[0], *argv])
    if resume:
        summary = meta["summary"]
        summary.setdefault("resumed", []).append({"command": cmd, "update": meta["update"], "step": step})
        restore(agent, opt, league, *resume, args.resume)
        print(f"resumed {name} at update {meta['update']} (step {step}) from {args.resume}", flush=True)
    else:
        summary = {"run": name, "args": asdict(args), "command": cmd, "curve": []}
    summary["args"] = asdict(args)
    return Run(args, game, table, name, folder, writer, agent, opt, league, fixed, summary, resumed=meta is not None,
               start_update=meta["update"] if meta else 0, step=step,
               env_steps=summary.get("progress", {}).get("env_steps", 0))


def warm_start(run: Run) -> None:
    """A new run's starting policy (--init-policy, else behaviour cloning, else the random actor) at
    --init-temperature, exported as ``bc.npz``: the league's first snapshot and the best policy so far."""
    args = run.args
    if args.init_policy:
        try:
            init_from(run.agent.actor, args.init_policy)
        except (ValueError, OSError) as e:
            raise SystemExit(f"error: --init-policy: {e}") from None
        print(f"policy initialised from {args.init_policy}", flush=True)
    elif args.bc_games > 0:
        clone_the_expert(run)
    if args.init_temperature != 1.0:
        out = [m for m in run.agent.actor.modules() if isinstance(m, nn.Linear)][-1]
        with torch.no_grad():
            out.weight.div_(args.init_temperature)
            out.bias.div_(args.init_temperature)
    bc_path = run.export("bc.npz")
    run.league.add(load_policy(bc_path))
    run.summary["best"] = {"win_rate": -1.0, "path": bc_path}


def clone_the_expert(run: Run) -> None:
    """Record (or read from --bc-data) the expert's decisions and fit the actor to them."""
    args = run.args
    t0 = time.time()
    try:
        data = expert_data(run.game, args.bc_data, args.bc_games, args.bc_workers, args.seed, args.rounds, run.table,
                           observation_size(run.game, run.table))
    except ValueError as e:  # a cache of another table size
        raise SystemExit(f"error: {e}") from None
    nd = len(data["action"])
    rec_s = time.time() - t0
    print(f"BC data: {nd} expert decisions in {rec_s:.0f}s ({nd / max(rec_s, 1e-9):.0f}/s)", flush=True)
    t0 = time.time()
    acc = behaviour_clone(run.game, run.agent.actor, data, epochs=args.bc_epochs, batch=args.bc_batch,
                          lr=args.bc_lr, seed=args.seed, writer=run.writer)
    run.summary["bc"] = {"decisions": nd, "games": args.bc_games, "val_accuracy": acc,
                         "fit_seconds": time.time() - t0}


@dataclass
class Loop:
    """What one PPO update hands the next: games finished since the last report, the snapshot the rollout side
    has not got yet, and the progress bar."""

    finished: list = field(default_factory=list)
    new_snapshot: Policy | None = None
    bar: Any = None
    task: Any = None


def rollout_config(run: Run) -> RolloutConfig:
    """The rollout side's games and league (plain values: it may be another process)."""
    a = run.args
    rules = training_rules(run.game, a.rounds, run.table)
    return RolloutConfig(a.game, a.num_games, a.rollout_len, asdict(rules), a.reward_scale, a.skip_forced,
                         a.privileged_critic, a.p_expert, a.p_greedy, a.p_fixed, tuple(run.fixed), a.max_snapshots,
                         a.seed, run.start_update, win_bonus=a.win_bonus)


def train(run: Run, evals: Evaluations, updates: int) -> None:
    """PPO from the run's update to ``updates``, then its last evaluations, checkpoint and final evaluation."""
    args = run.args
    speed = Speed(args.rollout_workers, run.step, run.env_steps)
    if args.eval_deals and args.eval_every and not run.resumed:
        evals.submit(0, args.eval_deals)
    rollouts = Rollouts(rollout_config(run), args.rollout_workers, actor_policy(run.agent.actor),
                        run.league.snapshots)
    settings = PPOSettings(args.gamma, args.gae_lambda, args.update_epochs, args.num_minibatches, args.clip_coef,
                           args.ent_coef, args.vf_coef, args.max_grad_norm, args.target_kl, args.bf16)
    loop = Loop()
    if args.progress:
        from rich.progress import Progress

        loop.bar = Progress()
        loop.bar.start()
        loop.task = loop.bar.add_task("PPO", total=updates * run.batch, completed=run.step)
    try:
        for update in range(run.start_update + 1, updates + 1):
            ppo_iteration(run, evals, rollouts, settings, speed, loop, update, updates)
    finally:
        rollouts.close()
        if loop.bar is not None:
            loop.bar.stop()
    finish_training(run, evals, speed, updates)


def ppo_iteration(run: Run, evals: Evaluations, rollouts: Rollouts, settings: PPOSettings, speed: Speed, loop: Loop,
                  update: int, updates: int) -> None:
    """One update: take a batch, update on it, log; a snapshot, an evaluation and a checkpoint when due."""
    args, clock = run.args, speed.learner
    frac = 1.0 - (update - 1) / updates
    run.opt.param_groups[0]["lr"] = args.lr * (0.1 + 0.9 * frac)
    with clock.timed("waiting for the rollout" if args.rollout_workers else "rollout (this process)"):
        data = rollouts.next(actor_policy(run.agent.actor), loop.new_snapshot, more=update < updates)
    loop.new_snapshot = None
    for k, v in data["times"].items():
        speed.rollout[k] += v
    speed.rollout["rollout in all"] += data["worker_seconds"]
    run.step += run.batch
    run.env_steps += data["env_steps"]
    loop.finished += data["finished"]
    with clock.timed("PPO update (GAE, values, epochs)"):
        stats = ppo_update(run.agent, run.opt, data, settings, policy_on=update > args.critic_warmup)
    with clock.timed("logging"):
        log_update(run, speed, loop, data, stats, update, updates)
    with clock.timed("snapshots, exports, checkpoints"):
        if update % args.snapshot_every == 0:
            loop.new_snapshot = actor_policy(run.agent.actor)
            run.league.add(loop.new_snapshot)
    with clock.timed("evaluations (in the background)" if args.eval_background else "evaluations"):
        if args.eval_every and args.eval_deals and update % args.eval_every == 0:
            evals.submit(run.step, args.eval_deals)
        evals.ready()
    run.summary["profile"] = speed.profile(run)
    if args.checkpoint_every and update % args.checkpoint_every == 0:
        with clock.timed("snapshots, exports, checkpoints"):
            run.checkpoint(update)


def finish_training(run: Run, evals: Evaluations, speed: Speed, updates: int) -> None:
    """After the last update: its evaluations, speed and profile, the checkpoint, then the final evaluation."""
    args, summary = run.args, run.summary
    with speed.learner.timed("evaluations (waiting for the last ones)"):
        evals.wait()  # the run's last periodic evaluations belong to its time
        evals.close()  # the final evaluation runs here: training is over
    summary["steps_per_s"], summary["env_steps_per_s"] = speed.rates(run)
    # The profile covers what steps/s covers: training and its periodic evaluations, not the final one.
    summary["profile"] = speed.profile(run)
    run.checkpoint(updates)
    if args.final_eval_deals:
        evals.submit(run.step, args.final_eval_deals, final=True)
        evals.wait()
    else:
        run.export("final.npz")
    if not (args.eval_every and args.eval_deals):
        evals.best = {"win_rate": -1.0, "path": run.path("final.npz")}
    print(f"PPO: {run.step} steps at {summary['steps_per_s']:.0f} steps/s trained on "
          f"({summary['env_steps_per_s']:.0f} env steps/s); profile:", flush=True)
    for side in ("learner", "rollout"):
        for k, v in summary["profile"][side].items():
            print(f"  {side:8s} {k:50s} {v['seconds']:8.1f}s {v['share']:6.1%}", flush=True)


def nothing_to_train(run: Run, evals: Evaluations, updates: int) -> None:
    """No update to make (--total-steps 0, or a resumed run already there): a new run's final evaluation."""
    run.summary.setdefault("progress", {"ppo_steps": run.step, "env_steps": run.env_steps})
    if not run.resumed and run.args.final_eval_deals:
        evals.submit(0, run.args.final_eval_deals, final=True)
        evals.wait()
        evals.best = {"win_rate": run.summary["final"]["expert"]["win_rate"], "path": evals.best["path"]}
    if run.resumed:
        print(f"the run is already at update {run.start_update} of {updates}: nothing to do "
              f"(raise --total-steps to go on)", flush=True)


def main(argv: list[str] | None = None) -> dict:
    """Run BC then PPO (or go on with a run from its checkpoint); returns the summary written to
    ``<run>/summary.json``."""
    argv = list(sys.argv[1:] if argv is None else argv)
    args, resume = settings(argv)
    game = load_game(args.game)
    run = start_run(args, game, resume, argv)
    if not run.resumed:  # a resumed run has its weights already
        warm_start(run)
    evals = Evaluations(run)
    updates = args.total_steps // run.batch
    if run.start_update >= updates:
        nothing_to_train(run, evals, updates)
    else:
        train(run, evals, updates)
    evals.close()
    run.summary["best"] = evals.best
    write_json(run.path("summary.json"), run.summary)
    if args.export:
        copy_policy(evals.best["path"], args.export)
    run.writer.close()
    print(f"run dir: {run.folder}", flush=True)
    return run.summary


if __name__ == "__main__":
    main()
