"""The PPO step of the batched trainer: the agent (policy and value MLPs), GAE over a rollout batch, and
the clipped-surrogate update.

The batch comes from ``rollout.Collector`` as numpy arrays; the values are computed here, in one pass,
by the critic that is being trained (the rollout side has no critic). ``bf16`` runs the update's
matrix products in bfloat16 under ``torch.autocast`` (fp32 master weights and optimizer state; the
log-probabilities and losses in fp32): faster on CPUs with bfloat16 instructions, with log-probabilities
close to fp32's, well inside the clip range (``checkpoints/footcanasta/README.md`` has the measurements).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import torch
from torch import nn

from training.train_common import layer_sizes, masked_logits, mlp


class Agent(nn.Module):
    """Separate policy (exported) and value MLPs on a game's observation; a privileged critic's value MLP also
    reads ``critic_extra`` more numbers (the hidden cards); ``obs_size``: the observation width at the run's table
    (``None``: the game's ``OBS_SIZE``)."""

    def __init__(self, game: Any, hidden: str, critic_hidden: str, critic_extra: int = 0,
                 obs_size: int | None = None) -> None:
        super().__init__()
        width = game.OBS_SIZE if obs_size is None else obs_size  # the table's (Canasta's sizes differ)
        self.actor = mlp(layer_sizes(game, hidden, width))
        self.critic = mlp([width + critic_extra] + layer_sizes(game, critic_hidden, width)[1:-1] + [1], out_gain=1.0)

    def value(self, x: torch.Tensor) -> torch.Tensor:
        """State value."""
        return self.critic(x).squeeze(-1)

    def dist(self, x: torch.Tensor, mask: torch.Tensor) -> torch.distributions.Categorical:
        """The masked action distribution (logits in fp32 whatever precision the layers ran in)."""
        return torch.distributions.Categorical(logits=masked_logits(self.actor(x).float(), mask),
                                               validate_args=False)


@dataclass
class PPOSettings:
    """The update's hyperparameters (the trainer's ``Args`` fields of the same names)."""

    gamma: float
    gae_lambda: float
    update_epochs: int
    num_minibatches: int
    clip_coef: float
    ent_coef: float
    vf_coef: float
    max_grad_norm: float
    target_kl: float
    bf16: bool


def critic_input(batch: dict[str, Any]) -> np.ndarray:
    """The value net's input for every observation of the batch (``T+1`` rows a game)."""
    if "hidden" in batch:
        return np.concatenate([batch["obs"], batch["hidden"]], axis=-1)
    return batch["obs"]


def gae(values: torch.Tensor, rew: torch.Tensor, done: torch.Tensor, gamma: float,
        lam: float) -> torch.Tensor:
    """Advantages of ``T`` steps; ``values`` and ``done`` have ``T+1`` rows (``done[t]``: obs ``t`` starts a
    new episode, so nothing flows back across it)."""
    T = rew.shape[0]
    adv = torch.zeros_like(rew)
    last = torch.zeros_like(rew[0])
    for t in reversed(range(T)):
        nonterm = 1.0 - done[t + 1]
        delta = rew[t] + gamma * values[t + 1] * nonterm - values[t]
        last = delta + gamma * lam * nonterm * last
        adv[t] = last
    return adv


def ppo_update(agent: Agent, opt: torch.optim.Optimizer, batch: dict[str, Any], s: PPOSettings,
               policy_on: bool) -> dict[str, float]:
    """One PPO update on a rollout batch; the losses and statistics of its last minibatch."""
    T, n = batch["act"].shape
    cobs = torch.from_numpy(critic_input(batch))
    with torch.no_grad():
        values = agent.value(cobs.reshape((T + 1) * n, -1)).reshape(T + 1, n)
        rew = torch.from_numpy(batch["rew"])
        done = torch.from_numpy(batch["done"].astype(np.float32))
        adv = gae(values, rew, done, s.gamma, s.gae_lambda)
        ret = adv + values[:T]
    b_obs = torch.from_numpy(batch["obs"][:T].reshape(T * n, -1))
    b_cobs = cobs[:T].reshape(T * n, -1)
    b_mask = torch.from_numpy(batch["mask"].reshape(T * n, -1))
    b_act = torch.from_numpy(batch["act"].reshape(-1))
    b_logp = torch.from_numpy(batch["logp"].reshape(-1))
    b_adv, b_ret = adv.reshape(-1), ret.reshape(-1)
    size = T * n
    mb = size // s.num_minibatches
    stats: dict[str, float] = {"approx_kl": 0.0, "epochs": 0}
    clipfracs: list[float] = []
    for _epoch in range(s.update_epochs):
        perm = torch.randperm(size)
        for s0 in range(0, size - mb + 1, mb):
            idx = perm[s0:s0 + mb]
            with torch.autocast("cpu", dtype=torch.bfloat16, enabled=s.bf16):
                v = agent.value(b_cobs[idx]).float()
                v_loss = 0.5 * ((v - b_ret[idx]) ** 2).mean()
                loss = s.vf_coef * v_loss
                if policy_on:
                    d = agent.dist(b_obs[idx], b_mask[idx])
                    logratio = d.log_prob(b_act[idx]) - b_logp[idx]
                    ratio = logratio.exp()
                    with torch.no_grad():
                        stats["approx_kl"] = float(((ratio - 1) - logratio).mean())
                        clipfracs.append(float(((ratio - 1.0).abs() > s.clip_coef).float().mean()))
                    a_ = b_adv[idx]
                    a_ = (a_ - a_.mean()) / (a_.std() + 1e-8)
                    pg = torch.max(-a_ * ratio, -a_ * ratio.clamp(1 - s.clip_coef, 1 + s.clip_coef)).mean()
                    ent = d.entropy().mean()
                    loss = loss + pg - s.ent_coef * ent
                    stats["policy_loss"], stats["entropy"] = float(pg.detach()), float(ent.detach())
            opt.zero_grad()
            loss.backward()
            nn.utils.clip_grad_norm_(agent.parameters(), s.max_grad_norm)
            opt.step()
        stats["epochs"] += 1
        if policy_on and s.target_kl and stats["approx_kl"] > s.target_kl:
            break
    stats["value_loss"] = float(v_loss.detach())
    stats["clipfrac"] = float(np.mean(clipfracs)) if clipfracs else 0.0
    return stats
