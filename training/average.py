"""Average the weights of several policy files of one fine-tuning run into one policy file.

    python training/average.py --policies runs/RUN/ppo_A.npz,runs/RUN/ppo_B.npz --out runs/avg.npz

Late PPO snapshots of one run differ by small steps from a shared start, so their weight average stays in
the same basin and smooths out the update-to-update noise of any single snapshot (stochastic weight
averaging). Only files with the same layer shapes, activation and rules are accepted. The output's
training record is the last file's, plus the list of averaged files.
"""

from __future__ import annotations

import sys
from pathlib import Path

if not __package__:  # run as a file (python training/X.py): training.* from the repository root
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dataclasses import dataclass

import numpy as np

from footcanasta_env.games import get_game
from footcanasta_env.policyfile import load_policy, save_policy
from training.train_common import parse_args


@dataclass
class Args:
    """Average policy files into one."""

    policies: str = ""
    """comma-separated policy files (.npz) to average, at least two"""
    out: str = ""
    """the averaged policy file to write"""


def average(paths: list[str], out: str) -> dict:
    """Write the element-wise mean of the policies' weights to ``out``; returns the metadata written."""
    if len(paths) < 2:
        raise ValueError(f"--policies needs at least two files to average, got {len(paths)}")
    if not out:
        raise ValueError("--out is required")
    pols = [load_policy(p) for p in paths]
    first = pols[0]
    for p, pol in zip(paths[1:], pols[1:], strict=True):
        if [w.shape for w in pol.weights] != [w.shape for w in first.weights]:
            raise ValueError(f"{p}: layer shapes {[w.shape for w in pol.weights]} differ from {paths[0]}'s "
                             f"{[w.shape for w in first.weights]}")
        if pol.activation != first.activation:
            raise ValueError(f"{p}: activation {pol.activation} differs from {paths[0]}'s {first.activation}")
        if pol.game != first.game:
            raise ValueError(f"{p}: a policy of {pol.game!r}, {paths[0]} of {first.game!r}")
        if pol.meta["rules"] != first.meta["rules"]:
            raise ValueError(f"{p}: its rules differ from {paths[0]}'s")
    weights = [np.mean([pol.weights[i] for pol in pols], axis=0, dtype=np.float64).astype(np.float32)
               for i in range(len(first.weights))]
    biases = [np.mean([pol.biases[i] for pol in pols], axis=0, dtype=np.float64).astype(np.float32)
              for i in range(len(first.biases))]
    training = dict(pols[-1].meta.get("training", {}), averaged_from=list(paths))
    game = get_game(first.game)
    return save_policy(out, weights, biases, first.activation, game.Rules.from_dict(first.meta["rules"]), training,
                       game=game.NAME)


def main(argv: list[str] | None = None) -> None:
    """Average the files named on the command line."""
    args = parse_args(Args, argv)
    paths = [p.strip() for p in args.policies.split(",") if p.strip()]
    try:
        average(paths, args.out)
    except ValueError as e:
        raise SystemExit(f"error: {e}") from None
    print(f"averaged {len(paths)} policies -> {args.out}")


if __name__ == "__main__":
    main()
