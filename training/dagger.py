"""DAgger: behaviour cloning from the expert on the states the learned policy itself reaches.

Plain behaviour cloning (``selfplay_ppo.py``'s warm start, ``bc.py``) fits the expert's decisions in games of four
experts. A clone that errs drifts into states the expert never showed it, and errs more there. DAgger
(Ross, Gordon and Bagnell, 2011) closes that gap: play games in which the current policy holds one
partnership against the expert, ask the expert what it would do at every decision of the policy, add
those labels to the data and fit again. Each iteration:

1. ``decisions`` learner decisions over ``num_games`` games at once (``BatchedGames``); with probability
   ``beta`` (halved each iteration) a decision plays the expert's action instead of the policy's;
2. the expert's choice is the label of every learner decision with more than one legal action;
3. the policy is fitted (masked cross-entropy, from its current weights) on every decision gathered so far,
   plus the expert-game decisions of ``bc_data`` if given;
4. a duplicate match against the expert on ``eval_deals`` deals scores the new policy.

At ``--players``/``--sides`` (Canasta's other table sizes) the games, the expert, the observation width and the
exported files' rules are that size's: ``make_bot("policy:PATH", rules=...)`` plays a file at its size only.

Example::

    python training/dagger.py --init-policy checkpoints/footcanasta/learned.npz --bc-data runs/expert.npz \\
        --iterations 2 --decisions 600000 --export runs/dagger.npz
"""

from __future__ import annotations

import sys
from pathlib import Path

if not __package__:  # run as a file (python training/X.py): training.* from the repository root
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import multiprocessing as mp
import os
import time
from dataclasses import asdict, dataclass
from typing import Any

import numpy as np

from footcanasta_env.games import TRAINING, get_game
from footcanasta_env.policyfile import Policy, observation_size
from footcanasta_env.seeds import worker_seed
from training.batched import BatchedGames
from training.bc import behaviour_clone, concat, expert_data
from training.opponent_league import OpponentLeague
from training.policy_export import actor_policy, copy_policy, export_policy, load_actor
from training.train_common import (
    check_policy_table,
    command_line,
    eval_vs,
    layer_sizes,
    load_game,
    mlp,
    parse_args,
    seed_everything,
    table_rules,
    training_rules,
    write_json,
)


@dataclass
class Args:
    """DAgger: relabel the learned policy's own games with the expert's actions and refit."""

    exp_name: str = "dagger"
    """name of the experiment (part of the run name)"""
    game: str = "footcanasta"
    """the game to train on (a name known to footcanasta_env.games.get_game)"""
    players: int = 0
    """the table size: 0 the game's default (four players); Canasta also 2, 3 or 6 (its section 14)"""
    sides: int = 0
    """the sides at the table: 0 the size's default; Canasta's six players also 3 (three sides of two)"""
    seed: int = 1
    """seed of python, numpy, torch and the deals"""
    threads: int = 1
    """torch threads (the machine has 2 shared cores)"""
    out_dir: str = "runs"
    """folder for the run's outputs (TensorBoard events, exported policies, summary.json)"""
    init_policy: str = ""
    """the policy to start from (.npz policy file); empty: plain behaviour cloning first"""
    hidden: str = "512,512"
    """hidden layer sizes of the policy MLP; must match --init-policy"""
    rounds: int = 0
    """rounds per game: 0 the whole game (Foot Canasta's 4 rounds, Canasta's game to its target), else the first N"""
    bc_data: str = ""
    """expert-game decisions (.npz from selfplay_ppo.py's --bc-data) kept in every fit; recorded if missing"""
    bc_games: int = 0
    """expert games to record when --bc-data does not exist yet (0: no expert-game data)"""
    iterations: int = 2
    """DAgger iterations (collect, label, fit, evaluate)"""
    decisions: int = 500_000
    """learner decisions collected per iteration (those with a single legal action are not kept)"""
    num_games: int = 128
    """games played at once while collecting"""
    workers: int = 2
    """processes collecting decisions"""
    beta: float = 0.3
    """first iteration's probability that a learner decision plays the expert's action (halved each iteration)"""
    bc_epochs: int = 2
    """passes over the aggregated data per iteration"""
    bc_batch: int = 2048
    """minibatch size of the fit"""
    bc_lr: float = 5e-4
    """learning rate of the fit (Adam, cosine-decayed to 5% of it)"""
    eval_deals: int = 100
    """duplicate deals against the expert after each iteration (0: none)"""
    export: str = ""
    """also copy the last iteration's policy here"""


def _collect(task: tuple) -> dict[str, np.ndarray]:
    """One worker: ``n`` learner decisions of the policy (its weights) against the expert of the game named
    ``name``, expert-labelled, at the table of ``table`` (its rules' ``to_dict``; absent or ``None``: the
    game's default)."""
    name, weights, activation, seed, n, num_games, beta, rounds, *rest = task
    game = get_game(name, need=TRAINING)
    table = game.Rules.from_dict(rest[0]) if rest and rest[0] is not None else game.Rules()
    policy = Policy(weights["w"], weights["b"], activation)
    rng = np.random.default_rng(seed)
    league = OpponentLeague(game, rng, p_expert=1.0, p_greedy=0.0, max_snapshots=0, rules=table)
    envs = BatchedGames(game, num_games, training_rules(game, rounds, table), league, rng, reward_scale=0.0)
    envs.advance()
    expert = game.make_bot("expert", 0, rules=table)
    obs_l, mask_l, act_l = [], [], []
    got = 0
    while got < n:
        obs, mask = envs.observe()
        labels = np.array([expert.act(g.view(g.current_player)) for g in envs.games])
        acts = np.atleast_1d(policy.act(obs, mask))
        acts = np.where(rng.random(len(acts)) < beta, labels, acts)
        keep = mask.sum(1) > 1
        obs_l.append(obs[keep].astype(np.float16))
        mask_l.append(np.packbits(mask[keep], axis=1))
        act_l.append(labels[keep].astype(np.int16))
        got += len(acts)
        envs.step(acts)
    return {"obs": np.concatenate(obs_l), "mask": np.concatenate(mask_l), "action": np.concatenate(act_l)}


def collect(game: Any, policy: Policy, n: int, beta: float, seed: int, workers: int, num_games: int,
            rounds: int, table: Any = None) -> dict[str, np.ndarray]:
    """``n`` expert-labelled learner decisions at the table of ``table`` (``None``: the game's default), split
    over ``workers`` processes."""
    weights = {"w": policy.weights, "b": policy.biases}
    per = -(-n // max(1, workers))
    spec = None if table is None else table.to_dict()
    tasks = [(game.NAME, weights, policy.activation, worker_seed(seed, k), per, num_games, beta, rounds, spec)
             for k in range(max(1, workers))]
    if workers > 1:
        with mp.get_context("fork").Pool(workers) as pool:
            parts = pool.map(_collect, tasks)
    else:
        parts = [_collect(t) for t in tasks]
    return concat(parts)


def main(argv: list[str] | None = None) -> dict:
    """Run DAgger; returns the summary written to ``<run>/summary.json``."""
    args = parse_args(Args, argv)
    game = load_game(args.game)
    table = table_rules(game, args.players, args.sides)  # a size the game lacks stops here, before the run's folder
    width = observation_size(game, table)
    if args.init_policy:
        check_policy_table(game, "--init-policy", args.init_policy, table)
    from torch.utils.tensorboard import SummaryWriter

    run_name = f"{args.exp_name}__{args.seed}__{int(time.time())}"
    run_dir = os.path.join(args.out_dir, run_name)
    os.makedirs(run_dir, exist_ok=True)
    writer = SummaryWriter(run_dir)
    hparams = "\n".join(f"|{k}|{v}|" for k, v in asdict(args).items())
    writer.add_text("hyperparameters", "|param|value|\n|-|-|\n" + hparams)
    # Seeding: every source of randomness derives from args.seed.
    seed_everything(args.seed, args.threads)
    actor = mlp(layer_sizes(game, args.hidden, width))
    if args.init_policy:
        load_actor(actor, args.init_policy)
    try:
        expert = expert_data(game, args.bc_data, args.bc_games, args.workers, args.seed, args.rounds, table, width)
    except ValueError as e:
        raise SystemExit(f"error: {e}") from None
    record = {"command": command_line(), "trainer": "training/dagger.py", "args": asdict(args)}
    summary: dict = {"run": run_name, "args": asdict(args), "command": record["command"], "iterations": []}
    gathered: list[dict[str, np.ndarray]] = []
    path = ""
    for it in range(1, args.iterations + 1):
        path = os.path.join(run_dir, f"dagger_{it}.npz")
        res = iteration(game, args, it, actor, ([expert] if expert is not None else []), gathered, writer, table)
        if args.eval_deals:
            export_policy(actor, path, "relu", game, record, rules=table)
            res["expert"] = eval_vs(path, "expert", args.eval_deals, 30_000 + it)
            writer.add_scalar("eval/win_rate_vs_expert", res["expert"]["win_rate"], it)
            print(f"iteration {it}: vs expert {res['expert']['win_rate']:.3f} "
                  f"(diff {res['expert']['mean_diff']:+.0f}) on {args.eval_deals} deals", flush=True)
        export_policy(actor, path, "relu", game, record, {"vs_expert": res.get("expert")}, rules=table)
        summary["iterations"].append(res)
        write_json(os.path.join(run_dir, "summary.json"), summary)
    if args.export and path:
        copy_policy(path, args.export)
    writer.close()
    print(f"run dir: {run_dir}", flush=True)
    return summary


def iteration(game: Any, args: Args, it: int, actor: Any, base: list[dict[str, np.ndarray]],
              gathered: list[dict[str, np.ndarray]], writer: Any, table: Any = None) -> dict:
    """DAgger iteration ``it`` at the table of ``table``: collect and label the policy's decisions (added to
    ``gathered``), refit the actor on them, ``gathered`` before and ``base`` (the expert games' decisions); its
    record."""
    t0 = time.time()
    beta = args.beta / 2 ** (it - 1)
    new = collect(game, actor_policy(actor), args.decisions, beta, worker_seed(args.seed, it), args.workers,
                  args.num_games, args.rounds, table)
    collect_s = time.time() - t0
    gathered.append(new)
    data = concat(base + gathered)
    print(f"iteration {it}: {len(new['action'])} new labelled decisions in {collect_s:.0f}s "
          f"({args.decisions / max(collect_s, 1e-9):.0f} learner decisions/s), fitting on {len(data['action'])}",
          flush=True)
    acc = behaviour_clone(game, actor, data, epochs=args.bc_epochs, batch=args.bc_batch, lr=args.bc_lr,
                          seed=args.seed + it, writer=writer)
    res: dict = {"iteration": it, "beta": beta, "new": int(len(new["action"])), "val_accuracy": acc,
                 "collect_decisions_per_s": args.decisions / max(collect_s, 1e-9)}
    writer.add_scalar("charts/collect_decisions_per_s", res["collect_decisions_per_s"], it)
    return res


if __name__ == "__main__":
    main()
