"""Batched self-play PPO for Foot Canasta: the trainer of the shipped policy (CleanRL style, one file).

Pipeline:

1. Behaviour cloning (BC) warm start: play ``bc_games`` games of four ``expert`` bots on both cores,
   record every decision with more than one legal action (observation from the fast ``GameEncoder``,
   legal mask, expert action), and fit the policy MLP by cross-entropy on the masked logits.
2. PPO fine-tuning over ``num_games`` engine games at once. The learner partnership shares one policy
   (both partner seats); the other partnership is drawn per game from a league: the ``expert`` bot,
   frozen snapshots of the learner, ``greedy``. Every tick advances every game to its learner's next
   decision, so the learner takes one batched forward pass for all games; frozen snapshots also act in
   batches. Reward: the learner partnership's round score difference x ``reward_scale`` when a round
   ends; a round end is an episode boundary for GAE (rounds are scored separately).
3. Export: the policy MLP is written as a policy file (``footcanasta_env.bots.policy``), playable with numpy
   only through ``make_bot("policy:PATH")``.

Example (the shipped run): see ``checkpoints/README.md``.
"""

from __future__ import annotations

import os
import time
from dataclasses import asdict, dataclass

import numpy as np
import torch
from torch import nn

# helper modules beside this file (training/ is on sys.path when a script runs as a file)
from batched import BatchedGames
from bc import behaviour_clone, expert_data
from common import (
    Timer,
    command_line,
    eval_vs,
    layer_sizes,
    masked_logits,
    mlp,
    parse_args,
    seed_everything,
    write_json,
)
from export import actor_policy, copy_policy, export_policy, load_actor
from footcanasta_env.actions import NUM_ACTIONS
from footcanasta_env.bots.policy import load_policy
from footcanasta_env.observation import HIDDEN_CARDS_SIZE, OBS_SIZE
from footcanasta_env.rules import Rules
from league import OpponentLeague


@dataclass
class Args:
    """Batched self-play PPO with a behaviour-cloning warm start from the expert bot."""

    exp_name: str = "selfplay_ppo"
    """name of the experiment (part of the run name)"""
    seed: int = 1
    """seed of python, numpy, torch and the deals"""
    threads: int = 1
    """torch threads (the machine has 2 shared cores)"""
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
    """start the policy from this policy file (.npz) or trainer checkpoint (.pt) instead of BC"""
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
    snapshot_every: int = 10
    """updates between frozen snapshots added to the league"""
    max_snapshots: int = 5
    """league size of frozen snapshots (oldest dropped; the BC policy is kept)"""
    eval_every: int = 20
    """updates between evaluations against expert (0: only at the end)"""
    eval_deals: int = 20
    """duplicate deals per evaluation against expert (and a quarter as many against greedy)"""
    final_eval_deals: int = 50
    """duplicate deals of the final evaluation against expert"""
    export: str = ""
    """also copy the best exported policy here (e.g. checkpoints/learned.npz)"""
    progress: bool = True
    """show a rich progress bar"""


# ---------------------------------------------------------------------------------------------- agent


class Agent(nn.Module):
    """Separate policy (exported) and value MLPs."""

    def __init__(self, hidden: str, critic_hidden: str, critic_extra: int = 0) -> None:
        super().__init__()
        self.actor = mlp(layer_sizes(hidden))
        self.critic = mlp([OBS_SIZE + critic_extra] + layer_sizes(critic_hidden)[1:-1] + [1], out_gain=1.0)

    def value(self, x: torch.Tensor) -> torch.Tensor:
        """State value."""
        return self.critic(x).squeeze(-1)

    def dist(self, x: torch.Tensor, mask: torch.Tensor) -> torch.distributions.Categorical:
        """The masked action distribution."""
        return torch.distributions.Categorical(logits=masked_logits(self.actor(x), mask))


# ---------------------------------------------------------------------------------------------- main


def main(argv: list[str] | None = None) -> dict:
    """Run BC then PPO; returns the summary written to ``<run>/summary.json``."""
    args = parse_args(Args, argv)
    if args.init_temperature <= 0:
        raise SystemExit(f"error: --init-temperature must be positive, got {args.init_temperature}")
    from torch.utils.tensorboard import SummaryWriter

    run_name = f"{args.exp_name}__{args.seed}__{int(time.time())}"
    run_dir = os.path.join(args.out_dir, run_name)
    os.makedirs(run_dir, exist_ok=True)
    writer = SummaryWriter(run_dir)
    table = "\n".join(f"|{k}|{v}|" for k, v in asdict(args).items())
    writer.add_text("hyperparameters", "|param|value|\n|-|-|\n" + table)
    # Seeding: every source of randomness derives from args.seed.
    seed_everything(args.seed, args.threads)
    rng = np.random.default_rng(args.seed)
    rules = Rules().with_rounds(args.rounds)
    full_rules = Rules()
    cmd = command_line()
    extra = HIDDEN_CARDS_SIZE if args.privileged_critic else 0
    agent = Agent(args.hidden, args.critic_hidden, extra)
    summary: dict = {"run": run_name, "args": asdict(args), "command": cmd, "curve": []}
    training_record = {"command": cmd, "trainer": "training/selfplay_ppo.py", "args": asdict(args)}

    def export(name: str, evaluation: dict | None = None) -> str:
        path = os.path.join(run_dir, name)
        export_policy(agent.actor, path, "relu", full_rules, dict(training_record, **summary.get("progress", {})),
                      evaluation)
        return path

    def checkpoint(name: str, step: int) -> None:  # the trainer's state with its config (--init-policy reads .pt)
        torch.save({"actor": agent.actor.state_dict(), "critic": agent.critic.state_dict(), "args": asdict(args),
                    "command": cmd, "step": step}, os.path.join(run_dir, name))

    def evaluate_now(step: int, deals: int) -> dict:
        path = export("eval_tmp.npz")
        t0 = time.time()
        res = {"steps": step, "expert": eval_vs(path, "expert", deals, 10_000 + step % 997)}
        res["greedy"] = eval_vs(path, "greedy", max(2, deals // 4), 20_000 + step % 997)
        for opp in ("expert", "greedy"):
            writer.add_scalar(f"eval/win_rate_vs_{opp}", res[opp]["win_rate"], step)
            writer.add_scalar(f"eval/mean_diff_vs_{opp}", res[opp]["mean_diff"], step)
        print(f"eval @ {step}: vs expert {res['expert']['win_rate']:.3f} (diff {res['expert']['mean_diff']:+.0f}), "
              f"vs greedy {res['greedy']['win_rate']:.3f} [{time.time() - t0:.0f}s]", flush=True)
        summary["curve"].append(res)
        write_json(os.path.join(run_dir, "summary.json"), summary)
        return res

    # ---- warm start
    if args.init_policy:
        load_actor(agent.actor, args.init_policy)
        print(f"policy initialised from {args.init_policy}", flush=True)
    elif args.bc_games > 0:
        t0 = time.time()
        data = expert_data(args.bc_data, args.bc_games, args.bc_workers, args.seed, args.rounds)
        n = len(data["action"])
        rec_s = time.time() - t0
        print(f"BC data: {n} expert decisions in {rec_s:.0f}s ({n / max(rec_s, 1e-9):.0f}/s)", flush=True)
        t0 = time.time()
        acc = behaviour_clone(agent.actor, data, epochs=args.bc_epochs, batch=args.bc_batch, lr=args.bc_lr,
                              seed=args.seed, writer=writer)
        summary["bc"] = {"decisions": n, "games": args.bc_games, "val_accuracy": acc,
                         "fit_seconds": time.time() - t0}
        del data
    if args.init_temperature != 1.0:
        out = [m for m in agent.actor.modules() if isinstance(m, nn.Linear)][-1]
        with torch.no_grad():
            out.weight.div_(args.init_temperature)
            out.bias.div_(args.init_temperature)
    bc_path = export("bc.npz")
    checkpoint("bc.pt", 0)

    # ---- PPO
    n, T = args.num_games, args.rollout_len
    batch = n * T
    updates = args.total_steps // batch
    league = OpponentLeague(rng, args.p_expert, args.p_greedy, args.max_snapshots)
    league.add(load_policy(bc_path))
    best = {"win_rate": -1.0, "path": bc_path}
    if updates == 0:
        summary["progress"] = {"ppo_steps": 0}
        res = evaluate_now(0, args.final_eval_deals) if args.final_eval_deals else None
        if res:
            best = {"win_rate": res["expert"]["win_rate"], "path": bc_path}
    else:
        if args.eval_deals and args.eval_every:
            res = evaluate_now(0, args.eval_deals)
            best = {"win_rate": res["expert"]["win_rate"], "path": bc_path}
        envs = BatchedGames(n, rules, league, rng, args.reward_scale)
        envs.advance()
        opt = torch.optim.Adam(agent.parameters(), lr=args.lr, eps=1e-5)
        obs_b = torch.zeros((T, n, OBS_SIZE))
        cobs_b = torch.zeros((T, n, OBS_SIZE + extra))  # the value net's input
        mask_b = torch.zeros((T, n, NUM_ACTIONS), dtype=torch.bool)
        act_b = torch.zeros((T, n), dtype=torch.long)
        logp_b = torch.zeros((T, n))
        rew_b = torch.zeros((T, n))
        done_b = torch.zeros((T, n))
        val_b = torch.zeros((T, n))

        def critic_input(o: np.ndarray) -> torch.Tensor:
            return torch.from_numpy(np.concatenate([o, envs.hidden()], axis=1) if extra else o)

        o, m = envs.observe()
        next_obs, next_mask, next_cobs = torch.from_numpy(o), torch.from_numpy(m), critic_input(o)
        next_done = torch.zeros(n)
        timer = Timer()
        step = 0
        progress = None
        if args.progress:
            from rich.progress import Progress

            progress = Progress()
            progress.start()
            task = progress.add_task("PPO", total=updates * batch)
        for update in range(1, updates + 1):
            frac = 1.0 - (update - 1) / updates
            opt.param_groups[0]["lr"] = args.lr * (0.1 + 0.9 * frac)
            t_roll = time.time()
            for t in range(T):
                obs_b[t], mask_b[t], done_b[t], cobs_b[t] = next_obs, next_mask, next_done, next_cobs
                with torch.no_grad():
                    d = agent.dist(next_obs, next_mask)
                    a = d.sample()
                    logp_b[t], val_b[t] = d.log_prob(a), agent.value(next_cobs)
                act_b[t] = a
                r, dn = envs.step(a.numpy())
                rew_b[t] = torch.from_numpy(r)
                next_done = torch.from_numpy(dn.astype(np.float32))
                o, m = envs.observe()
                next_obs, next_mask, next_cobs = torch.from_numpy(o), torch.from_numpy(m), critic_input(o)
                step += n
            roll_s = time.time() - t_roll
            # GAE; done_b[t] says obs t starts a new episode, next_done that the step from the last one ended it.
            with torch.no_grad():
                next_value = agent.value(next_cobs)
                adv = torch.zeros((T, n))
                last = torch.zeros(n)
                for t in reversed(range(T)):
                    nonterm = 1.0 - (next_done if t == T - 1 else done_b[t + 1])
                    nv = next_value if t == T - 1 else val_b[t + 1]
                    delta = rew_b[t] + args.gamma * nv * nonterm - val_b[t]
                    last = delta + args.gamma * args.gae_lambda * nonterm * last
                    adv[t] = last
                ret = adv + val_b
            b_obs, b_mask = obs_b.reshape(-1, OBS_SIZE), mask_b.reshape(-1, NUM_ACTIONS)
            b_cobs = cobs_b.reshape(-1, OBS_SIZE + extra)
            b_act, b_logp = act_b.reshape(-1), logp_b.reshape(-1)
            b_adv, b_ret = adv.reshape(-1), ret.reshape(-1)
            mb = batch // args.num_minibatches
            policy_on = update > args.critic_warmup
            clipfracs, approx_kl = [], 0.0
            t_upd = time.time()
            for _epoch in range(args.update_epochs):
                perm = torch.randperm(batch)
                for s0 in range(0, batch, mb):
                    idx = perm[s0:s0 + mb]
                    v = agent.value(b_cobs[idx])
                    v_loss = 0.5 * ((v - b_ret[idx]) ** 2).mean()
                    loss = args.vf_coef * v_loss
                    if policy_on:
                        d = agent.dist(b_obs[idx], b_mask[idx])
                        logratio = d.log_prob(b_act[idx]) - b_logp[idx]
                        ratio = logratio.exp()
                        with torch.no_grad():
                            approx_kl = float(((ratio - 1) - logratio).mean())
                            clipfracs.append(float(((ratio - 1.0).abs() > args.clip_coef).float().mean()))
                        a_ = b_adv[idx]
                        a_ = (a_ - a_.mean()) / (a_.std() + 1e-8)
                        pg = torch.max(-a_ * ratio, -a_ * ratio.clamp(1 - args.clip_coef, 1 + args.clip_coef)).mean()
                        ent = d.entropy().mean()
                        loss = loss + pg - args.ent_coef * ent
                    opt.zero_grad()
                    loss.backward()
                    nn.utils.clip_grad_norm_(agent.parameters(), args.max_grad_norm)
                    opt.step()
                if policy_on and args.target_kl and approx_kl > args.target_kl:
                    break
            sps = timer.rate(step)
            writer.add_scalar("charts/steps_per_s", sps, step)
            writer.add_scalar("charts/rollout_steps_per_s", batch / roll_s, step)
            writer.add_scalar("charts/update_seconds", time.time() - t_upd, step)
            writer.add_scalar("charts/learning_rate", opt.param_groups[0]["lr"], step)
            writer.add_scalar("losses/value_loss", v_loss.item(), step)
            if policy_on:
                writer.add_scalar("losses/policy_loss", pg.item(), step)
                writer.add_scalar("losses/entropy", ent.item(), step)
                writer.add_scalar("losses/approx_kl", approx_kl, step)
                writer.add_scalar("losses/clipfrac", float(np.mean(clipfracs)) if clipfracs else 0.0, step)
            writer.add_scalar("charts/mean_reward", float(rew_b.sum() / max(1.0, float(done_b.sum()))), step)
            fin = envs.finished
            for opp in ("expert", "greedy"):
                res_o = [w for o_, w, _ in fin if o_ == opp]
                if res_o:
                    writer.add_scalar(f"train/win_rate_vs_{opp}", float(np.mean(res_o)), step)
            snap = [w for o_, w, _ in fin if isinstance(o_, int)]
            if snap:
                writer.add_scalar("train/win_rate_vs_snapshots", float(np.mean(snap)), step)
            if fin and update % 5 == 0:
                ex = [w for o_, w, _ in fin if o_ == "expert"]
                print(f"update {update}/{updates} step {step}: {sps:.0f} steps/s, games {len(fin)}, "
                      f"train win vs expert {np.mean(ex) if ex else float('nan'):.3f}, v_loss {v_loss.item():.4f}, "
                      f"kl {approx_kl:.4f}", flush=True)
                envs.finished = []
            summary["progress"] = {"ppo_steps": step, "steps_per_s": sps}
            if progress is not None:
                progress.update(task, completed=step)
            if update % args.snapshot_every == 0:
                league.add(actor_policy(agent.actor))
            if args.eval_every and args.eval_deals and update % args.eval_every == 0:
                res = evaluate_now(step, args.eval_deals)
                path = export(f"ppo_{step}.npz", {"vs_expert": res["expert"], "vs_greedy": res["greedy"]})
                checkpoint("last.pt", step)
                if res["expert"]["win_rate"] > best["win_rate"]:
                    best = {"win_rate": res["expert"]["win_rate"], "path": path, "steps": step}
        if progress is not None:
            progress.stop()
        summary["steps_per_s"] = timer.rate(step)
        final = export("final.npz")
        checkpoint("final.pt", step)
        if not (args.eval_every and args.eval_deals):
            best = {"win_rate": -1.0, "path": final}
        print(f"PPO: {step} steps at {summary['steps_per_s']:.0f} steps/s", flush=True)
    summary["best"] = best
    write_json(os.path.join(run_dir, "summary.json"), summary)
    if args.export:
        copy_policy(best["path"], args.export)
    writer.close()
    print(f"run dir: {run_dir}", flush=True)
    return summary


if __name__ == "__main__":
    main()
