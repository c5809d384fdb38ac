"""Between a torch actor and the project's policy file (``footcanasta_env.footcanasta.bots.policy``): export, load,
freeze.

The policy file holds an MLP's weights as plain arrays (loading never unpickles); ``make_bot("policy:PATH")``
plays it with numpy only. An actor here is a ``torch.nn`` module whose ``Linear`` layers, in order, are
that MLP (as ``train_common.mlp`` builds it).
"""

from __future__ import annotations

import os
import shutil
from typing import Any

import numpy as np
import torch
from torch import nn

from footcanasta_env.policyfile import Policy, load_policy, save_policy


def linear_layers(net: nn.Module) -> tuple[list[np.ndarray], list[np.ndarray]]:
    """The Linear layers of ``net`` in order, as (in x out) weights and biases for the policy file."""
    lins = [m for m in net.modules() if isinstance(m, nn.Linear)]
    return ([m.weight.detach().cpu().numpy().T.copy() for m in lins],
            [m.bias.detach().cpu().numpy().copy() for m in lins])


def export_policy(net: nn.Module, path: str, activation: str, game: Any, training: dict[str, Any],
                  evaluation: dict[str, Any] | None = None, rules: Any = None) -> dict[str, Any]:
    """Write ``net`` (an MLP from obs to logits) as a policy file of ``game`` (a game module) that plays
    under ``rules`` (the game's ``Rules``, its defaults when ``None``); returns the metadata written."""
    w, b = linear_layers(net)
    return save_policy(path, w, b, activation=activation, rules=rules, training=training, evaluation=evaluation,
                       game=game.NAME)


def actor_policy(actor: nn.Module, activation: str = "relu") -> Policy:
    """A numpy copy of the actor (a frozen snapshot, or the policy a worker process plays)."""
    w, b = linear_layers(actor)
    return Policy(w, b, activation)


def load_actor(actor: nn.Module, path: str) -> None:
    """Initialise ``actor`` from a policy file (.npz) or a ``.pt`` file of the trainer before its checkpoints
    became ``.ckpt.npz`` (its ``"actor"`` entry; ``trainer_state.init_from`` reads the new ones)."""
    if path.endswith(".pt"):
        actor.load_state_dict(torch.load(path, map_location="cpu", weights_only=True)["actor"])
        return
    pol = load_policy(path)
    w, _ = linear_layers(actor)
    if [x.shape for x in w] != [x.shape for x in pol.weights]:
        raise ValueError(f"{path}: layer shapes {[x.shape for x in pol.weights]} differ from --hidden's "
                         f"{[x.shape for x in w]}")
    lins = [m for m in actor.modules() if isinstance(m, nn.Linear)]
    with torch.no_grad():
        for m, wi, bi in zip(lins, pol.weights, pol.biases, strict=True):
            m.weight.copy_(torch.from_numpy(wi.T))
            m.bias.copy_(torch.from_numpy(bi))


def copy_policy(src: str, dst: str) -> None:
    """Copy an exported policy file to ``dst`` (an ``--export`` path), making its folder."""
    os.makedirs(os.path.dirname(os.path.abspath(dst)), exist_ok=True)
    shutil.copyfile(src, dst)
    print(f"exported {src} -> {dst}", flush=True)
