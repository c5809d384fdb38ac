"""PPO on Ray RLlib's new API stack (RLModule, Learner, EnvRunner) over the AEC env (CleanRL-style file).

The env is the game's ``env(rounds=..., reward_mode=..., reward_scale=...)`` (``--game``, Foot Canasta by
default) behind the adapter of
``rllib_env.py``; the module is a masked MLP (actor and critic), so illegal actions are never sampled.
``--mapping shared``: one module plays every seat (self-play; the observation is seat-relative);
``--mapping partnership``: one module per side of the table (at four seats ``team_0`` for player_0/player_2,
``team_1``). ``--players``/``--sides`` (Canasta's other table sizes) set the env's table, the agents, the sides,
the observation width and the rules the exported files record (``make_bot("policy:PATH", rules=...)`` plays
them at that size only).
With one shared module the training return is zero by construction, so progress is measured against
fixed bots: every ``--eval-every`` iterations each module's actor is exported as a policy file and plays
duplicate deals (``footcanasta_env.evaluation.evaluate``) against the scripted bots.

Outputs in ``runs/<run>/``: TensorBoard events (RLlib's metrics, steps/s, evaluation win rates),
``summary.json``, ``checkpoint/`` (RLlib's checkpoint plus ``footcanasta_modules.pt``, the actors as plain
tensors, which ``rllib_export.py`` turns into a policy file without Ray) and ``final_<module>.npz``::

    python training/rllib_ppo.py --max-minutes 10 --export runs/rllib.npz
    python training/rllib_ppo.py --address auto --num-env-runners 8     # on a running Ray cluster
    footcanasta evaluate policy:runs/rllib.npz expert --deals 100
"""

from __future__ import annotations

import sys
from pathlib import Path

if not __package__:  # run as a file (python training/X.py): training.* from the repository root
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import math
import os
import time
from dataclasses import asdict, dataclass
from typing import Any, Literal

import torch

from footcanasta_env.policyfile import observation_size
from training.policy_export import copy_policy, export_policy
from training.train_common import (
    command_line,
    eval_vs,
    layer_sizes,
    load_game,
    mlp,
    parse_args,
    seed_everything,
    sized_env_kwargs,
    table_rules,
    write_json,
)

TRAINING = os.path.dirname(os.path.abspath(__file__))


@dataclass
class Args:
    """PPO with Ray RLlib (new API stack) on the game's AEC env, evaluated against the scripted bots."""

    exp_name: str = "rllib_ppo"
    """name of the experiment (part of the run name)"""
    game: str = "footcanasta"
    """the game to train on (a name known to footcanasta_env.games.get_game)"""
    players: int = 0
    """the table size: 0 the game's default (four players); Canasta also 2, 3 or 6 (its section 14)"""
    sides: int = 0
    """the sides at the table: 0 the size's default; Canasta's six players also 3 (three sides of two)"""
    seed: int = 1
    """seed of python, numpy, torch and RLlib (envs, modules)"""
    threads: int = 1
    """torch threads in the driver (the machine has 2 shared cores)"""
    out_dir: str = "runs"
    """folder for the run's outputs"""
    address: str = ""
    """Ray cluster to join: empty starts a local Ray; auto joins the cluster of this node; HOST:PORT joins that head"""
    num_cpus: int = 0
    """CPUs of the local Ray started when --address is empty (0: all of the machine's)"""
    num_env_runners: int = 0
    """remote EnvRunner actors sampling in parallel (0: the driver samples)"""
    num_envs_per_env_runner: int = 8
    """envs stepped together by each EnvRunner (or by the driver)"""
    num_learners: int = 0
    """remote Learner actors (0: the driver learns)"""
    mapping: Literal["shared", "partnership"] = "shared"
    """policy mapping: shared (one module for every seat, self-play) or partnership (one module per side)"""
    rounds: int = 1
    """rounds per training game (1 to 4)"""
    reward_mode: Literal["round", "win"] = "round"
    """env reward: round (score difference at each round end, times --reward-scale) or win (+1/-1/0 at the end)"""
    reward_scale: float = 0.001
    """round reward = round score difference x this"""
    hidden: str = "256,256"
    """hidden layer sizes of the actor (the exported policy)"""
    critic_hidden: str = ""
    """hidden layer sizes of the critic (empty: as --hidden)"""
    lr: float = 3e-4
    """learning rate"""
    gamma: float = 0.995
    """discount (per decision of the agent)"""
    gae_lambda: float = 0.95
    """GAE lambda"""
    clip_param: float = 0.2
    """PPO clip range"""
    entropy_coeff: float = 0.01
    """entropy bonus"""
    vf_loss_coeff: float = 0.5
    """value loss weight"""
    train_batch_size: int = 8000
    """env steps per training iteration and learner"""
    minibatch_size: int = 512
    """SGD minibatch size"""
    num_epochs: int = 4
    """PPO epochs per iteration"""
    total_steps: int = 2_000_000
    """stop after this many env steps (decisions of all seats)"""
    max_minutes: float = 0.0
    """stop after this many minutes of training as well (0: no time limit)"""
    eval_every: int = 10
    """iterations between evaluations against the scripted bots (0: only at the end)"""
    eval_deals: int = 20
    """duplicate deals per evaluation and opponent (0: no evaluation)"""
    eval_opponents: str = "random,greedy,expert"
    """scripted bots the modules are evaluated against"""
    checkpoint_every: int = 0
    """iterations between RLlib checkpoints (0: only at the end)"""
    export: str = ""
    """also copy the final policy file of --export-module here"""
    export_module: str = ""
    """the module that --export copies (empty: shared, or team_0 with --mapping partnership)"""


def init_ray(args: Args) -> None:
    """Start a local Ray or join a cluster; the workers get the ``training`` package (this file's helpers), which
    they import by its name as this process does (``training.rllib_env``)."""
    import ray

    runtime_env = {"py_modules": [TRAINING], "excludes": ["__pycache__", "*.pyc"]}
    if args.address:
        try:
            ray.init(address=args.address, runtime_env=runtime_env)
        except ConnectionError as e:  # Ray's own message blames a crashed instance, also for a missing token
            hint = "" if os.environ.get("RAY_AUTH_MODE") == "token" else (
                " If the cluster uses token authentication (a head started with a token enables it), set "
                "RAY_AUTH_MODE=token and the cluster's token (RAY_AUTH_TOKEN, or the file ~/.ray/auth_token) here.")
            raise SystemExit(f"cannot join the Ray cluster at {args.address}: {e}.{hint}") from None
    else:
        # "local": always a new Ray of our own, never one that a `ray start` left on this machine
        ray.init(address="local", num_cpus=args.num_cpus or None, include_dashboard=False, runtime_env=runtime_env)


def sized_config(game: Any, table: Any) -> dict[str, Any]:
    """The ``rules`` entry of the env's and the module's configs for the table of ``table`` (plain fields, as
    Ray's workers get them): none at the game's default table, whose env keeps its own default rules."""
    return {k: v.to_dict() for k, v in sized_env_kwargs(game, table).items()}


def build_config(args: Args, sized: dict[str, Any] | None = None) -> Any:
    """The ``PPOConfig`` of the run (new API stack: RLModule + Learner, EnvRunner + connectors); ``sized``: the
    table's ``rules`` entry (``sized_config``; none: the game's default table)."""
    from ray.rllib.algorithms.ppo import PPOConfig
    from ray.rllib.core.rl_module.multi_rl_module import MultiRLModuleSpec
    from ray.rllib.core.rl_module.rl_module import RLModuleSpec

    from training.rllib_env import FootCanastaMultiAgentEnv, MaskedMLPModule, mappings

    sized = sized or {}
    mapping_fn, module_ids = mappings(args.game, sized.get("rules"))[args.mapping]
    model_config = {"game": args.game, "hidden": args.hidden, "critic_hidden": args.critic_hidden,
                    "activation": "relu", **sized}
    env_config = {"game": args.game, "rounds": args.rounds, "reward_mode": args.reward_mode,
                  "reward_scale": args.reward_scale, **sized}
    return (
        PPOConfig()
        .api_stack(enable_rl_module_and_learner=True, enable_env_runner_and_connector_v2=True)
        .framework("torch")
        .environment(FootCanastaMultiAgentEnv, env_config=env_config)
        .env_runners(num_env_runners=args.num_env_runners, num_envs_per_env_runner=args.num_envs_per_env_runner)
        .learners(num_learners=args.num_learners)
        .multi_agent(policies=set(module_ids), policy_mapping_fn=mapping_fn, policies_to_train=list(module_ids))
        .rl_module(rl_module_spec=MultiRLModuleSpec(rl_module_specs={
            mid: RLModuleSpec(module_class=MaskedMLPModule, model_config=model_config) for mid in module_ids}))
        .training(lr=args.lr, gamma=args.gamma, lambda_=args.gae_lambda, clip_param=args.clip_param,
                  entropy_coeff=args.entropy_coeff, vf_loss_coeff=args.vf_loss_coeff,
                  train_batch_size_per_learner=args.train_batch_size, minibatch_size=args.minibatch_size,
                  num_epochs=args.num_epochs)
        .debugging(seed=args.seed)
    )


def actors(game: Any, algo: Any, hidden: str, width: int | None = None) -> dict[str, torch.nn.Module]:
    """Each module's actor, from the learners' current weights, as a CPU ``train_common.mlp``."""
    from training.rllib_env import actor_state

    out = {}
    for mid, weights in algo.learner_group.get_weights().items():
        net = mlp(layer_sizes(game, hidden, width))
        net.load_state_dict(actor_state(weights))
        out[mid] = net
    return out


def scalars(result: dict, prefix: str = "") -> dict[str, float]:
    """The finite numbers of RLlib's (nested) result dict, keyed ``a/b/c``."""
    out: dict[str, float] = {}
    for k, v in result.items():
        key = f"{prefix}{k}"
        if isinstance(v, dict):
            out.update(scalars(v, key + "/"))
        elif isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v):
            out[key] = float(v)
    return out


@dataclass
class Run:
    """What the steps of a run share: settings, game, folder, TensorBoard writer, the algorithm and the record."""

    args: Args
    game: Any
    folder: str
    writer: Any
    algo: Any
    command: str
    summary: dict[str, Any]
    table: Any = None
    """the rules of the run's table (``--players``/``--sides``; ``None``: the game's default)"""

    def rules(self) -> Any:
        """The rules of the run's table."""
        return self.game.Rules() if self.table is None else self.table

    def training_record(self, steps: int) -> dict[str, Any]:
        """The ``training`` record of the policy files exported after ``steps`` env steps."""
        return {"command": self.command, "trainer": "training/rllib_ppo.py", "args": asdict(self.args), "steps": steps}

    def export_all(self, prefix: str, steps: int, evaluation: dict | None = None) -> dict[str, str]:
        """Each module's actor as the policy file ``<prefix>_<module>.npz`` (for full games, whatever --rounds
        trained on); their paths."""
        paths = {}
        width = observation_size(self.game, self.rules())
        for mid, net in actors(self.game, self.algo, self.args.hidden, width).items():
            paths[mid] = os.path.join(self.folder, f"{prefix}_{mid}.npz")
            export_policy(net, paths[mid], "relu", self.game, {**self.training_record(steps), "module": mid},
                          (evaluation or {}).get(mid), rules=self.rules())
        return paths

    def evaluate(self, it: int, steps: int) -> dict[str, Any]:
        """Every module against each of --eval-opponents; the record added to the curve."""
        opponents = [o for o in self.args.eval_opponents.split(",") if o]
        res: dict[str, Any] = {"iteration": it, "steps": steps}
        for mid, path in self.export_all("eval", steps).items():
            res[mid] = {opp: eval_vs(path, opp, self.args.eval_deals, 20_000) for opp in opponents}
            for opp in opponents:
                self.writer.add_scalar(f"eval/{mid}/win_rate_vs_{opp}", res[mid][opp]["win_rate"], steps)
            print(f"eval @ {steps} steps, {mid}: " + ", ".join(
                f"{o} {res[mid][o]['win_rate']:.3f}" for o in opponents), flush=True)
        self.summary["curve"].append(res)
        return res

    def checkpoint(self, steps: int) -> str:
        """RLlib's checkpoint of the run, with the modules' actors as plain tensors beside it; its folder."""
        from training.rllib_env import write_modules_file

        path = os.path.abspath(os.path.join(self.folder, "checkpoint"))
        self.algo.save_to_path(path)
        write_modules_file(self.game, path, self.algo.learner_group.get_weights(),
                           {"hidden": self.args.hidden, "activation": "relu", "rules": self.rules().to_dict(),
                            "training": self.training_record(steps)})
        return path


def train(run: Run) -> tuple[int, int, float]:
    """Iterate until --total-steps or --max-minutes, evaluating and checkpointing when due; the iterations, env
    steps and seconds it took."""
    from ray.rllib.utils.metrics import ENV_RUNNER_RESULTS, NUM_ENV_STEPS_SAMPLED_LIFETIME

    args = run.args
    t0 = time.time()
    steps, it = 0, 0
    while steps < args.total_steps and not (args.max_minutes and time.time() - t0 >= 60 * args.max_minutes):
        result = run.algo.train()
        it += 1
        steps = int(result[ENV_RUNNER_RESULTS][NUM_ENV_STEPS_SAMPLED_LIFETIME])
        sps = steps / max(1e-9, time.time() - t0)
        for k, v in scalars(result).items():
            run.writer.add_scalar(k, v, steps)
        run.writer.add_scalar("charts/steps_per_s", sps, steps)
        episodes = result[ENV_RUNNER_RESULTS].get("num_episodes_lifetime", 0)
        print(f"iteration {it}: {steps} env steps, {episodes} games, {sps:.0f} steps/s", flush=True)
        if args.eval_every and args.eval_deals and it % args.eval_every == 0:
            run.evaluate(it, steps)
        if args.checkpoint_every and it % args.checkpoint_every == 0:
            run.checkpoint(steps)
    return it, steps, time.time() - t0


def main(argv: list[str] | None = None) -> dict:
    """Train, evaluate, checkpoint and export; returns the summary written to ``<run>/summary.json``."""
    args = parse_args(Args, argv)
    game = load_game(args.game)
    table = table_rules(game, args.players, args.sides)  # a size the game lacks stops here, before the run's folder
    sized = sized_config(game, table)
    from torch.utils.tensorboard import SummaryWriter

    from training.rllib_env import mappings

    module_ids = mappings(args.game, sized.get("rules"))[args.mapping][1]
    export_module = args.export_module or module_ids[0]
    if export_module not in module_ids:
        raise SystemExit(f"--export-module {export_module!r} is not one of this mapping's modules {module_ids}")
    run_name = f"{args.exp_name}__{args.seed}__{int(time.time())}"
    run_dir = os.path.join(args.out_dir, run_name)
    os.makedirs(run_dir, exist_ok=True)
    seed_everything(args.seed, args.threads)
    cmd = command_line()
    writer = SummaryWriter(run_dir)
    writer.add_text("command", cmd)
    summary: dict[str, Any] = {"run": run_name, "args": asdict(args), "command": cmd, "curve": [],
                               "modules": list(module_ids)}
    t_start = time.time()
    init_ray(args)
    run = Run(args, game, run_dir, writer, build_config(args, sized).build_algo(), cmd, summary, table)
    print(f"RLlib PPO: modules {', '.join(module_ids)}; {args.num_env_runners} env runners x "
          f"{args.num_envs_per_env_runner} envs, {args.num_learners} learners; built in "
          f"{time.time() - t_start:.0f}s", flush=True)
    it, steps, train_s = train(run)
    summary.update(iterations=it, steps=steps, train_seconds=train_s, steps_per_s=steps / max(1e-9, train_s))
    finish(run, it, steps, export_module)
    print(f"RLlib PPO: {steps} env steps in {train_s:.0f}s ({summary['steps_per_s']:.0f} steps/s); "
          f"run dir: {run_dir}", flush=True)
    return summary


def finish(run: Run, it: int, steps: int, export_module: str) -> None:
    """The final evaluation (unless the last iteration had one), checkpoint and policy files; stop Ray."""
    args, summary = run.args, run.summary
    final_eval = None
    opponents = [o for o in args.eval_opponents.split(",") if o]
    if args.eval_deals and opponents and not (summary["curve"] and summary["curve"][-1]["steps"] == steps):
        final_eval = run.evaluate(it, steps)
    elif summary["curve"]:
        final_eval = summary["curve"][-1]
    summary["checkpoint"] = run.checkpoint(steps)
    summary["policies"] = run.export_all("final", steps, final_eval)
    if args.export:
        copy_policy(summary["policies"][export_module], args.export)
    write_json(os.path.join(run.folder, "config.json"), asdict(args))
    write_json(os.path.join(run.folder, "summary.json"), summary)
    run.writer.close()
    run.algo.stop()
    import ray

    ray.shutdown()


if __name__ == "__main__":
    main()
