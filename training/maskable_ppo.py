"""MaskablePPO (sb3-contrib) on the one-seat gymnasium env against a league of opponents (CleanRL-style file).

The learner plays every seat of a side of the game's table (its ``geometry`` at ``--players``/``--sides``; at
four seats ``learner_seats=(0, 2)`` or ``(1, 3)``, drawn per episode) with one shared policy; the others are drawn
per episode from a pool: ``random``, ``greedy``, ``expert`` and frozen snapshots of the learner
(exported policy files, added every ``snapshot_every`` steps). Reward: own minus other round score x
``reward_scale`` at each round end.
The env is the game's ``GymEnv`` (``--game``, Foot Canasta by default). The policy net (``net_arch`` pi,
ReLU) is exported as a policy file of the table's rules (``make_bot("policy:PATH", rules=...)`` plays it at that
size only), so numpy inference reproduces the torch net's masked argmax. sb3's own
machinery makes this trainer slower than ``selfplay_ppo.py``, the batched trainer.
"""

from __future__ import annotations

import sys
from pathlib import Path

if not __package__:  # run as a file (python training/X.py): training.* from the repository root
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import os
import time
from dataclasses import asdict, dataclass
from typing import Any

import gymnasium as gym
import numpy as np
import torch
from torch import nn

from footcanasta_env.games import TRAINING, get_game
from footcanasta_env.policyfile import load_policy
from training.policy_export import export_policy
from training.train_common import (
    check_policy_table,
    command_line,
    eval_vs,
    load_game,
    parse_args,
    seed_everything,
    sized_env_kwargs,
    table_rules,
    write_json,
)


@dataclass
class Args:
    """MaskablePPO on the game's one-seat GymEnv with a league of scripted bots and frozen snapshots."""

    exp_name: str = "maskable_ppo"
    """name of the experiment (part of the run name)"""
    game: str = "footcanasta"
    """the game to train on (a name known to footcanasta_env.games.get_game)"""
    players: int = 0
    """the table size: 0 the game's default (four players); Canasta also 2, 3 or 6 (its section 14)"""
    sides: int = 0
    """the sides at the table: 0 the size's default; Canasta's six players also 3 (three sides of two)"""
    seed: int = 1
    """seed of python, numpy, torch, the envs and the deals"""
    threads: int = 1
    """torch threads (the machine has 2 shared cores)"""
    out_dir: str = "runs"
    """folder for the run's outputs"""
    total_steps: int = 2_000_000
    """learner decisions in all"""
    num_envs: int = 2
    """parallel envs (subprocesses when more than one)"""
    rounds: int = 1
    """rounds per training game: one-round games first is faster to learn from"""
    hidden: str = "256,256"
    """hidden layer sizes of the policy and value nets"""
    init_policy: str = ""
    """initialise the policy net from this policy file (e.g. a BC policy from selfplay_ppo.py)"""
    lr: float = 3e-4
    """learning rate"""
    n_steps: int = 1024
    """steps per env per rollout"""
    batch_size: int = 256
    """minibatch size"""
    n_epochs: int = 4
    """PPO epochs per rollout"""
    gamma: float = 0.998
    """discount"""
    gae_lambda: float = 0.95
    """GAE lambda"""
    clip_range: float = 0.2
    """PPO clip range"""
    ent_coef: float = 0.01
    """entropy bonus"""
    reward_scale: float = 0.001
    """reward = round score difference x this"""
    pool: str = "random,greedy,expert"
    """scripted bots in the opponent pool"""
    p_snapshot: float = 0.3
    """probability that an episode's opponents are a frozen snapshot (once there is one)"""
    snapshot_every: int = 100_000
    """steps between frozen snapshots"""
    eval_every: int = 100_000
    """steps between evaluations (0: only at the end)"""
    eval_deals: int = 10
    """duplicate deals per evaluation against each scripted bot"""
    progress: bool = True
    """show a progress bar"""


class PoolEnv(gym.Wrapper):
    """The game's ``GymEnv`` whose opponents and learner partnership are drawn anew each episode."""

    def __init__(self, args: Args, seed: int) -> None:
        game = get_game(args.game, need=TRAINING)  # by name: the env may be built in a subprocess
        self.args = args
        self.table = table_rules(game, args.players, args.sides)
        self.rng = np.random.default_rng(seed)
        self.bots = {name: game.make_bot(name, seed, rules=self.table) for name in args.pool.split(",") if name}
        self.snapshots: list[Any] = []
        self.current: Any = None
        sized = sized_env_kwargs(game, self.table)
        self.envs = {team: game.GymEnv(learner_seats=seats, opponents=self._act, rounds=args.rounds,
                                       reward_scale=args.reward_scale, **sized)
                     for team, seats in enumerate(game.geometry(self.table).sides)}
        self.make_bot = game.make_bot
        super().__init__(self.envs[0])

    def _act(self, view: Any) -> int:
        return self.current.act(view)

    def add_snapshot(self, path: str) -> None:
        """Add a frozen snapshot (a policy file) to the pool."""
        self.snapshots.append(self.make_bot(f"policy:{path}", rules=self.table))

    def reset(self, **kwargs: Any) -> tuple[np.ndarray, dict]:
        """Draw the learner's partnership and the opponents, then deal."""
        self.env = self.envs[int(self.rng.integers(len(self.envs)))]
        if self.snapshots and self.rng.random() < self.args.p_snapshot:
            self.current = self.snapshots[int(self.rng.integers(len(self.snapshots)))]
        else:
            names = list(self.bots)
            self.current = self.bots[names[int(self.rng.integers(len(names)))]]
        return self.env.reset(**kwargs)

    def action_masks(self) -> np.ndarray:
        """The legal-action mask (sb3-contrib's convention)."""
        return self.env.action_masks()


def policy_net(model: Any) -> nn.Sequential:
    """The torch layers from observation to logits of a MaskablePPO MlpPolicy (exported as-is)."""
    pol = model.policy
    return nn.Sequential(*pol.mlp_extractor.policy_net, pol.action_net)


def build_model(args: Args, venv: Any, run_dir: str) -> Any:
    """The MaskablePPO model of the run (its policy net from --init-policy when given)."""
    from sb3_contrib import MaskablePPO

    hidden = [int(h) for h in args.hidden.split(",") if h.strip()]
    model = MaskablePPO("MlpPolicy", venv, learning_rate=args.lr, n_steps=args.n_steps, batch_size=args.batch_size,
                        n_epochs=args.n_epochs, gamma=args.gamma, gae_lambda=args.gae_lambda,
                        clip_range=args.clip_range, ent_coef=args.ent_coef, seed=args.seed, verbose=0,
                        tensorboard_log=run_dir, device="cpu",
                        policy_kwargs={"net_arch": {"pi": hidden, "vf": hidden}, "activation_fn": nn.ReLU})
    if args.init_policy:
        pol = load_policy(args.init_policy)
        lins = [m for m in policy_net(model) if isinstance(m, nn.Linear)]
        if [tuple(m.weight.shape[::-1]) for m in lins] != [w.shape for w in pol.weights]:
            raise ValueError(f"{args.init_policy}: layer shapes {[w.shape for w in pol.weights]} differ from this "
                             f"run's {[tuple(m.weight.shape[::-1]) for m in lins]} (--hidden {args.hidden}, the "
                             "table's observation width): another --hidden or another table size")
        with torch.no_grad():
            for m, w, b in zip(lins, pol.weights, pol.biases, strict=True):
                m.weight.copy_(torch.from_numpy(w.T))
                m.bias.copy_(torch.from_numpy(b))
    return model


@dataclass
class Exporter:
    """Writes the model's policy net as a policy file of the run (for full games, with the training record)."""

    model: Any
    args: Args
    rules: Any
    command: str
    run_dir: str

    def __call__(self, name: str, evaluation: dict | None = None) -> str:
        path = os.path.join(self.run_dir, name)
        export_policy(policy_net(self.model), path, "relu", get_game(self.args.game),
                      {"command": self.command, "trainer": "training/maskable_ppo.py", "args": asdict(self.args),
                       "steps": int(self.model.num_timesteps)}, evaluation, rules=self.rules)
        return path


def league_callback(args: Args, export: Exporter, summary: dict) -> Any:
    """The sb3 callback of the run: snapshots and evaluations when due, steps/s and the progress bar."""
    from stable_baselines3.common.callbacks import BaseCallback

    class LeagueCallback(BaseCallback):
        """Steps/s, evaluation win rates and snapshots, on the sb3 logger (TensorBoard)."""

        def _on_training_start(self) -> None:
            self.t0 = time.time()
            self.next_snap = args.snapshot_every
            self.next_eval = args.eval_every if args.eval_every else None
            self.bar = None
            if args.progress:  # rich, not sb3's tqdm bar (tqdm is not a dependency)
                from rich.progress import Progress

                self.bar = Progress()
                self.bar.start()
                self.task = self.bar.add_task("MaskablePPO", total=args.total_steps)

        def _on_training_end(self) -> None:
            if self.bar is not None:
                self.bar.stop()

        def _on_step(self) -> bool:
            steps = self.model.num_timesteps
            if steps >= self.next_snap:
                path = export(f"snapshot_{steps}.npz")
                self.training_env.env_method("add_snapshot", path)
                self.next_snap += args.snapshot_every
            if self.next_eval is not None and steps >= self.next_eval:
                self.evaluate(steps)
                self.next_eval += args.eval_every
            return True

        def _on_rollout_end(self) -> None:
            self.logger.record("charts/steps_per_s", self.model.num_timesteps / max(1e-9, time.time() - self.t0))
            if self.bar is not None:
                self.bar.update(self.task, completed=self.model.num_timesteps)

        def evaluate(self, steps: int) -> None:
            path = export("eval_tmp.npz")
            res: dict[str, Any] = {"steps": steps}
            for opp in args.pool.split(","):
                res[opp] = eval_vs(path, opp, args.eval_deals, 30_000 + steps % 997)
                self.logger.record(f"eval/win_rate_vs_{opp}", res[opp]["win_rate"])
            summary["curve"].append(res)
            print(f"eval @ {steps}: " + ", ".join(f"{o} {res[o]['win_rate']:.3f}" for o in args.pool.split(",")),
                  flush=True)

    return LeagueCallback()


def main(argv: list[str] | None = None) -> dict:
    """Train, evaluate and export; returns the summary written to ``<run>/summary.json``."""
    args = parse_args(Args, argv)
    game = load_game(args.game)
    table = table_rules(game, args.players, args.sides)  # a size the game lacks stops here, before the run's folder
    if args.init_policy:
        check_policy_table(game, "--init-policy", args.init_policy, table)
    from stable_baselines3.common.vec_env import DummyVecEnv, SubprocVecEnv

    run_name = f"{args.exp_name}__{args.seed}__{int(time.time())}"
    run_dir = os.path.join(args.out_dir, run_name)
    os.makedirs(run_dir, exist_ok=True)
    seed_everything(args.seed, args.threads)
    cmd = command_line()
    summary: dict = {"run": run_name, "args": asdict(args), "command": cmd, "curve": []}
    fns = [lambda i=i: PoolEnv(args, args.seed * 1000 + i) for i in range(args.num_envs)]
    venv = SubprocVecEnv(fns, start_method="fork") if args.num_envs > 1 else DummyVecEnv(fns)
    venv.seed(args.seed)
    model = build_model(args, venv, run_dir)
    export = Exporter(model, args, table, cmd, run_dir)
    cb = league_callback(args, export, summary)
    t0 = time.time()
    model.learn(total_timesteps=args.total_steps, callback=cb, tb_log_name="ppo")
    summary["steps"] = int(model.num_timesteps)
    summary["steps_per_s"] = model.num_timesteps / (time.time() - t0)
    if args.eval_deals:
        cb.evaluate(int(model.num_timesteps))
    summary["policy"] = export("final.npz", summary["curve"][-1] if summary["curve"] else None)
    model.save(os.path.join(run_dir, "model.zip"))
    write_json(os.path.join(run_dir, "config.json"), asdict(args))
    write_json(os.path.join(run_dir, "summary.json"), summary)
    venv.close()
    print(f"MaskablePPO: {summary['steps']} steps at {summary['steps_per_s']:.0f} steps/s; run dir: {run_dir}",
          flush=True)
    return summary


if __name__ == "__main__":
    main()
