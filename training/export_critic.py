"""Export a PPO trainer checkpoint's privileged critic as the search bot's value net of full positions.

The trainer's critic (``selfplay_ppo.py --privileged-critic``, on by default) reads the learner seat's
observation and ``hidden_cards(game, seat)``: the same input as ``bots/value.py``'s net, and it predicts
the same thing, the round's score difference from that seat's side x ``reward_scale``. It was fitted on
tens of millions of positions (``value_net.py`` fits a few hundred thousand), so it is the better value
once a policy has been trained. Plain arrays in, plain arrays out (no pickle)::

    python training/export_critic.py --checkpoint checkpoints/footcanasta/trainer/ppo7.ckpt.npz --check-games 2000

``--check-games N`` plays N one-round games of four ``learned`` bots and prints the explained variance
of the exported net and of the file it replaces, on the same positions.
"""

from __future__ import annotations

import sys
from pathlib import Path

if not __package__:  # run as a file (python training/X.py): training.* from the repository root
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import multiprocessing as mp
import os
import time
from dataclasses import dataclass

import numpy as np

from footcanasta_env.footcanasta.bots.value import FEATURES_SIZE, ValueNet, load_value, save_value
from training.positions import record
from training.train_common import command_line, parse_args
from training.trainer_state import CheckpointError, load_checkpoint


@dataclass
class Args:
    """Write a trainer checkpoint's critic as a value file (footcanasta_env.footcanasta.bots.value format)."""

    checkpoint: str
    """a trainer checkpoint (``last.ckpt.npz``, e.g. checkpoints/footcanasta/trainer/ppo7.ckpt.npz)"""
    out: str = "footcanasta_env/footcanasta/data/value.npz"
    """the value file to write"""
    check_games: int = 0
    """one-round games of four learned bots to measure explained variance on (0: no check)"""
    check_seed: int = 5000
    """seed of those games (not a training seed)"""


def critic_layers(arrays: dict[str, np.ndarray], path: str) -> tuple[list[np.ndarray], list[np.ndarray]]:
    """The critic's weights (``in x out``) and biases, in order; refuses a checkpoint without a privileged critic."""
    idx = sorted({int(k.split("/")[1].split(".")[0]) for k in arrays if k.startswith("critic/")})
    if not idx:
        raise CheckpointError(f"trainer checkpoint {path!r}: it holds no critic")
    weights = [arrays[f"critic/{i}.weight"].T for i in idx]
    biases = [arrays[f"critic/{i}.bias"] for i in idx]
    if weights[0].shape[0] != FEATURES_SIZE or weights[-1].shape[1] != 1:
        raise CheckpointError(f"trainer checkpoint {path!r}: its critic reads {weights[0].shape[0]} numbers, a value "
                              f"net of full positions reads {FEATURES_SIZE} (train with --privileged-critic)")
    return weights, biases


def explained_variance(nets: list[ValueNet], games: int, seed: int) -> list[float]:
    """Each value file's explained variance of the round result, on the same positions of learned self-play."""
    tasks = [(seed + i, games // 2 + (i < games % 2), 1, 0.1, 0.0) for i in range(2)]
    with mp.get_context("fork").Pool(2) as pool:
        parts = pool.map(record, tasks)
    x = np.concatenate([p[0] for p in parts]).astype(np.float32)
    y = np.concatenate([p[1] for p in parts])
    print(f"{len(y)} positions from {games} one-round games; label sd {y.std():.0f}")
    return [float(1 - np.mean((net.predict(x) - y) ** 2) / np.var(y)) for net in nets]


def main(argv: list[str] | None = None) -> dict:
    """Export, and check when asked; returns the metadata written."""
    args = parse_args(Args, argv)
    try:
        arrays, meta = load_checkpoint(args.checkpoint)
        weights, biases = critic_layers(arrays, args.checkpoint)
    except CheckpointError as e:
        raise SystemExit(str(e)) from None
    scale = float(meta["args"]["reward_scale"])
    before = load_value(args.out) if args.check_games and os.path.isfile(args.out) else None  # kept in memory
    training = {"source": "PPO privileged critic", "checkpoint": os.path.basename(args.checkpoint),
                "run": meta.get("run"), "step": meta.get("step"), "gamma": meta["args"].get("gamma"),
                "command": command_line(argv)}
    written = save_value(args.out, weights, biases, scale, training)
    print(f"wrote {args.out}: critic of {args.checkpoint} (step {meta.get('step')}), layers {written['layers']}")
    if args.check_games:
        t0 = time.time()
        evs = explained_variance([load_value(args.out)] + ([before] if before else []), args.check_games,
                                 args.check_seed)
        print(f"explained variance: exported {evs[0]:.3f}" + (f", replaced {evs[1]:.3f}" if before else "")
              + f" ({time.time() - t0:.0f}s)")
    return written


if __name__ == "__main__":
    main()
