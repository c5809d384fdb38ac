"""Helpers shared by the training scripts: CLI from an Args dataclass, the torch MLP, export, evaluation."""

from __future__ import annotations

import argparse
import ast
import dataclasses
import inspect
import json
import os
import random
import sys
import textwrap
import time
from typing import Any

import numpy as np
import torch
from torch import nn

from footcanasta_env.actions import NUM_ACTIONS
from footcanasta_env.observation import OBS_SIZE
from footcanasta_env.bots.policy import save_policy
from footcanasta_env.rules import Rules


def field_docs(cls: type) -> dict[str, str]:
    """The docstring under each field of a dataclass (the CleanRL/tyro convention), read from its source."""
    tree = ast.parse(textwrap.dedent(inspect.getsource(cls)))
    body = tree.body[0].body  # type: ignore[attr-defined]
    docs: dict[str, str] = {}
    for node, nxt in zip(body, body[1:] + [None], strict=True):
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and isinstance(nxt, ast.Expr) \
                and isinstance(getattr(nxt, "value", None), ast.Constant) and isinstance(nxt.value.value, str):
            docs[node.target.id] = nxt.value.value.strip()
    return docs


def parse_args(cls: type, argv: list[str] | None = None) -> Any:
    """Build an argparse CLI from an Args dataclass (one ``--flag`` per field, its docstring as help)."""
    docs = field_docs(cls)
    p = argparse.ArgumentParser(description=(cls.__doc__ or "").strip(),
                                formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    for f in dataclasses.fields(cls):
        default = f.default
        flag = "--" + f.name.replace("_", "-")
        if f.type in (bool, "bool"):
            p.add_argument(flag, type=lambda s: s.lower() in ("1", "true", "yes", "y"), default=default,
                           help=docs.get(f.name, ""), metavar="BOOL")
        else:
            typ = {"int": int, "float": float, "str": str}.get(str(f.type), type(default))
            p.add_argument(flag, type=typ, default=default, help=docs.get(f.name, ""))
    return cls(**vars(p.parse_args(argv)))


def seed_everything(seed: int, threads: int) -> None:
    """Seed python, numpy and torch; pin torch's thread count (the machine is shared)."""
    random.seed(seed)
    np.random.seed(seed)
    torch.manual_seed(seed)
    torch.set_num_threads(threads)


def command_line() -> str:
    """The command that started this process, for the records."""
    return " ".join(["python"] + sys.argv)


def layer_sizes(hidden: str) -> list[int]:
    """``"512,512"`` -> ``[OBS_SIZE, 512, 512, NUM_ACTIONS]``."""
    return [OBS_SIZE] + [int(h) for h in hidden.split(",") if h.strip()] + [NUM_ACTIONS]


def mlp(sizes: list[int], activation: str = "relu", out_gain: float = 0.01) -> nn.Sequential:
    """Linear layers with ``activation`` between them; orthogonal init (small last layer, CleanRL style)."""
    act = {"relu": nn.ReLU, "tanh": nn.Tanh}[activation]
    mods: list[nn.Module] = []
    for i in range(len(sizes) - 1):
        lin = nn.Linear(sizes[i], sizes[i + 1])
        last = i == len(sizes) - 2
        nn.init.orthogonal_(lin.weight, out_gain if last else np.sqrt(2))
        nn.init.zeros_(lin.bias)
        mods.append(lin)
        if not last:
            mods.append(act())
    return nn.Sequential(*mods)


def linear_layers(net: nn.Module) -> tuple[list[np.ndarray], list[np.ndarray]]:
    """The Linear layers of ``net`` in order, as (in x out) weights and biases for the policy file."""
    lins = [m for m in net.modules() if isinstance(m, nn.Linear)]
    return ([m.weight.detach().cpu().numpy().T.copy() for m in lins],
            [m.bias.detach().cpu().numpy().copy() for m in lins])


def export_policy(net: nn.Module, path: str, activation: str, rules: Rules, training: dict[str, Any],
                  evaluation: dict[str, Any] | None = None) -> dict[str, Any]:
    """Write ``net`` (an MLP from obs to logits) as a policy file."""
    w, b = linear_layers(net)
    return save_policy(path, w, b, activation=activation, rules=rules, training=training, evaluation=evaluation)


def masked_logits(logits: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    """Illegal actions get a large negative logit (finite, so entropies stay finite)."""
    return torch.where(mask, logits, torch.full_like(logits, -1e8))


def eval_vs(path: str, opponent: str, deals: int, seed: int) -> dict[str, float]:
    """Duplicate-deal match of the policy file against a bot: win rate, its CI and mean difference."""
    from footcanasta_env.evaluation import evaluate

    rep = evaluate(f"policy:{path}", opponent, deals=deals, seed=seed, workers=1)
    return {"win_rate": rep.win_rate, "win_lo": rep.win_ci[0], "win_hi": rep.win_ci[1], "mean_diff": rep.mean_diff,
            "games": len(rep.games)}


class Timer:
    """Steps per second over the life of a run."""

    def __init__(self) -> None:
        self.t0 = time.time()

    def rate(self, steps: int) -> float:
        """Steps per second since the start."""
        return steps / max(1e-9, time.time() - self.t0)


def write_json(path: str, obj: Any) -> None:
    """Write JSON, making the folder."""
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    with open(path, "w") as f:
        json.dump(obj, f, indent=2, sort_keys=True)
