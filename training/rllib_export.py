"""Export a module of an RLlib checkpoint written by ``rllib_ppo.py`` to a policy file.

Runs in a fresh process without Ray (it is not even imported): ``rllib_ppo.py`` writes, beside RLlib's own
(pickled) checkpoint files, ``footcanasta_modules.pt``, each module's actor as plain tensors, which this
reads with ``torch.load(..., weights_only=True)``. The policy file it writes is plain arrays and a JSON
record (numpy inference), which ``footcanasta evaluate policy:FILE expert``, ``footcanasta play --partner
policy:FILE`` and the browser game play::

    python training/rllib_export.py runs/<run>/checkpoint runs/rllib.npz
    python training/rllib_export.py --checkpoint runs/<run>/checkpoint --out runs/team_1.npz --module team_1
"""

from __future__ import annotations

import sys
from pathlib import Path

if not __package__:  # run as a file (python training/X.py): training.* from the repository root
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import os
from dataclasses import dataclass
from typing import Any

import numpy as np
import torch

from footcanasta_env.games import get_game
from footcanasta_env.policyfile import observation_size, save_policy
from training.train_common import evaluate_hint, parse_args

MODULES_FILE = "footcanasta_modules.pt"  # the name rllib_env.write_modules_file gives it
MODULES_FORMAT = "footcanasta-rllib-modules"


@dataclass
class Args:
    """Export a module's actor from an rllib_ppo.py checkpoint (no Ray needed): rllib_export.py CHECKPOINT OUT."""

    checkpoint: str
    """the checkpoint folder written by rllib_ppo.py (runs/<run>/checkpoint), or its footcanasta_modules.pt"""
    out: str = "runs/rllib_export.npz"
    """the policy file to write; play it with: footcanasta evaluate policy:FILE expert"""
    module: str = ""
    """the module to export: shared, team_0 or team_1 (empty: the only one, or team_0)"""


def read_modules(checkpoint: str) -> dict[str, Any]:
    """The tensor file of a checkpoint (its folder or the file itself), checked against its game (a file without
    one is Foot Canasta's) at the table its ``meta["rules"]`` name (none: the game's default), loaded without
    unpickling; ``game`` is the game module, ``rules`` the rules of the table (``None`` when the file has none)."""
    path = os.path.join(checkpoint, MODULES_FILE) if os.path.isdir(checkpoint) else checkpoint
    if not os.path.isfile(path):
        raise SystemExit(f"{path}: no such file (a checkpoint of training/rllib_ppo.py holds {MODULES_FILE})")
    data = torch.load(path, map_location="cpu", weights_only=True)
    if not isinstance(data, dict) or data.get("format") != MODULES_FORMAT:
        raise SystemExit(f"{path}: not a {MODULES_FORMAT} file")
    try:
        game = get_game(data.get("game", "footcanasta"))
    except ValueError as e:
        raise SystemExit(f"{path}: {e}") from None
    spec = (data.get("meta") or {}).get("rules")
    try:
        rules = game.Rules.from_dict(spec) if spec else None
    except (TypeError, ValueError) as e:
        raise SystemExit(f"{path}: its rules {spec!r}: {e}") from None
    width = observation_size(game, rules)
    if (data.get("obs_size"), data.get("num_actions")) != (width, game.NUM_ACTIONS):
        raise SystemExit(f"{path}: written for {data.get('obs_size')} features and {data.get('num_actions')} "
                         f"actions; {game.NAME} at its table has {width} and {game.NUM_ACTIONS} here")
    data["path"], data["game"], data["rules"] = path, game, rules
    return data


def actor_arrays(state: dict[str, torch.Tensor]) -> tuple[list[np.ndarray], list[np.ndarray]]:
    """The Linear layers of an actor's state dict (``train_common.mlp`` keys ``0.weight``, ``2.weight``, ...) in order,
    as the policy file's (in x out) weights and biases."""
    layers = sorted({int(k.split(".", 1)[0]) for k in state})
    weights = [state[f"{i}.weight"].detach().cpu().numpy().astype(np.float32).T.copy() for i in layers]
    biases = [state[f"{i}.bias"].detach().cpu().numpy().astype(np.float32).copy() for i in layers]
    return weights, biases


def export_checkpoint(checkpoint: str, out: str, module: str = "") -> dict[str, Any]:
    """Write ``module``'s actor of ``checkpoint`` as a policy file at ``out``; returns the metadata written."""
    data = read_modules(checkpoint)
    modules = data["modules"]
    module = module or (next(iter(modules)) if len(modules) == 1 else "team_0")
    if module not in modules:
        raise SystemExit(f"{data['path']}: no module {module!r} (it holds {', '.join(modules)})")
    meta = data["meta"]
    weights, biases = actor_arrays(modules[module])
    training = {**meta.get("training", {}), "module": module, "checkpoint": os.path.abspath(data["path"]),
                "exported_by": "training/rllib_export.py"}
    return save_policy(out, weights, biases, activation=meta.get("activation", "relu"),
                       rules=data["rules"], training=training,
                       game=data["game"].NAME)


def main(argv: list[str] | None = None) -> dict[str, Any]:
    """``rllib_export.py CHECKPOINT OUT [--module M]`` or the same with ``--checkpoint``/``--out``."""
    argv = list(sys.argv[1:] if argv is None else argv)
    positional = []
    while argv and not argv[0].startswith("-") and len(positional) < 2:
        positional.append(argv.pop(0))
    argv = [x for flag, v in zip(("--checkpoint", "--out"), positional, strict=False) for x in (flag, v)] + argv
    args = parse_args(Args, argv)
    meta = export_checkpoint(args.checkpoint, args.out, args.module)
    game = get_game(meta["game"])
    rules = game.Rules.from_dict(meta["rules"]) if meta.get("rules") else None
    print(f"wrote {args.out}: module {meta['training']['module']}, MLP {'-'.join(map(str, meta['arch']['layers']))} "
          f"({meta['arch']['activation']}); play it with: {evaluate_hint(args.out, game, rules)}", flush=True)
    return meta


if __name__ == "__main__":
    main()
