"""Carry a policy file or a trainer checkpoint over to its game's newer observation version, when that version
only adds features after the old ones (Canasta's OBS_VERSION 1 to 2: the pile read, indices 274 on).

The new inputs get zero weights in the first layer of the policy, of the critic (whose hidden-card inputs
come after the observation, so the zeros go between) and of every frozen league snapshot: each computes
exactly what it did, and training can learn to use the new features from there. A trainer checkpoint
loses Adam's state (it restarts, as after ``trainer_state.slim_checkpoint``). The records are kept, with
``extended_obs`` added (from which version and size).

    python training/extend_obs.py --src IN --out OUT --from-version 1 --from-size 274
"""

from __future__ import annotations

import sys
from pathlib import Path

if not __package__:  # run as a file (python training/X.py): training.* from the repository root
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import json
import os
import zipfile
from dataclasses import dataclass
from typing import Any

import numpy as np

from footcanasta_env.arrayfile import META_KEY, read_arrays, write_arrays
from footcanasta_env.games import DEFAULT_GAME, get_game
from footcanasta_env.policyfile import FORMAT as POLICY_FORMAT
from footcanasta_env.policyfile import load_policy
from training.train_common import parse_args
from training.trainer_state import FORMAT as TRAINER_FORMAT
from training.trainer_state import load_checkpoint


@dataclass
class Args:
    """Carry a policy file or a trainer checkpoint over to its game's newer observation version."""

    src: str = ""
    """the policy file (.npz) or trainer checkpoint (.ckpt.npz) of the older observation"""
    out: str = ""
    """where to write the extended file"""
    from_version: int = 0
    """the observation version the file was made for"""
    from_size: int = 0
    """its observation size (those features come first in the newer observation)"""


def _rows(w: np.ndarray, at: int, n: int) -> np.ndarray:
    """``w`` (``in x out``) with ``n`` zero rows inserted before row ``at``."""
    return np.insert(w, [at] * n, 0.0, axis=0).astype(np.float32)


def _columns(w: np.ndarray, at: int, n: int) -> np.ndarray:
    """``w`` (torch's ``out x in``) with ``n`` zero columns inserted before column ``at``."""
    return np.insert(w, [at] * n, 0.0, axis=1).astype(np.float32)


def _format_of(path: str) -> str:
    """The ``format`` the file's record names; ``ValueError`` saying why when it is not such a file."""
    if not os.path.isfile(path):
        raise ValueError(f"{path!r}: not found (no such file)")
    try:
        with np.load(path, allow_pickle=False) as z:  # plain arrays only: never unpickle code
            record = json.loads(bytes(z[META_KEY]).decode("utf-8")) if META_KEY in z.files else {}
    except (OSError, EOFError, ValueError, KeyError, zipfile.BadZipFile):
        record = {}
    if not isinstance(record, dict) or "format" not in record:
        raise ValueError(f"{path!r}: not a policy file or trainer checkpoint (no readable record)")
    return str(record["format"])


def _check_from(meta: dict[str, Any], game: Any, from_version: int, from_size: int, path: str) -> int:
    """The number of features the extension adds; ``ValueError`` if the file is not of ``from_version``."""
    if meta.get("obs_version") != from_version or meta.get("obs_size") != from_size:
        raise ValueError(f"{path!r} has obs_version {meta.get('obs_version')!r} and obs_size "
                         f"{meta.get('obs_size')!r}, not {from_version} and {from_size}")
    if game.OBS_SIZE <= from_size or game.OBS_VERSION <= from_version:
        raise ValueError(f"{game.TITLE}'s observation (version {game.OBS_VERSION}, {game.OBS_SIZE} features) "
                         f"does not extend version {from_version} ({from_size} features)")
    return game.OBS_SIZE - from_size


def extend_policy(src: str, dst: str, from_version: int, from_size: int) -> dict[str, Any]:
    """Write ``src``'s policy with zero weights for the new features to ``dst``; the record written."""
    arrays, meta = read_arrays(src, POLICY_FORMAT, {})
    game = get_game(meta.get("game") or DEFAULT_GAME)
    n = _check_from(meta, game, from_version, from_size, src)
    arrays["W0"] = _rows(arrays["W0"], from_size, n)
    meta = dict(meta, obs_version=game.OBS_VERSION, obs_size=game.OBS_SIZE,
                extended_obs={"from_version": from_version, "from_size": from_size})
    meta["arch"] = dict(meta["arch"], layers=[game.OBS_SIZE, *meta["arch"]["layers"][1:]])
    written = write_arrays(dst, POLICY_FORMAT, arrays, meta)
    load_policy(dst, game.NAME)  # the file written is a usable policy of the game
    return written


def extend_checkpoint(src: str, dst: str, from_version: int, from_size: int) -> dict[str, Any]:
    """Write ``src``'s trainer checkpoint with zero weights for the new features to ``dst``; the record."""
    arrays, meta = read_arrays(src, TRAINER_FORMAT, {})
    args = meta.get("args") or {}
    game = get_game(args.get("game") or DEFAULT_GAME)
    n = _check_from(meta, game, from_version, from_size, src)
    out: dict[str, np.ndarray] = {}
    for key, a in arrays.items():
        if key.startswith("opt/"):
            continue  # Adam's moments are per weight: it restarts
        if key == "actor/0.weight" or key == "critic/0.weight":
            a = _columns(a, from_size, n)
        elif key.startswith("league/") and key.endswith("/W0"):
            a = _rows(a, from_size, n)
        out[key] = a
    meta = {k: v for k, v in meta.items() if k not in ("sha256", "format", "format_version")}
    meta = dict(meta, obs_version=game.OBS_VERSION, obs_size=game.OBS_SIZE,
                extended_obs={"from_version": from_version, "from_size": from_size})
    written = write_arrays(dst, TRAINER_FORMAT, out, meta)
    load_checkpoint(dst)  # the file written is a usable checkpoint of the game
    return written


def main(argv: list[str] | None = None) -> int:
    """Extend the file named on the command line."""
    args = parse_args(Args, argv)
    try:
        if not args.src or not args.out:
            raise ValueError("--src and --out are required")
        kind = _format_of(args.src)
        if kind == POLICY_FORMAT.name:
            extend_policy(args.src, args.out, args.from_version, args.from_size)
        elif kind == TRAINER_FORMAT.name:
            extend_checkpoint(args.src, args.out, args.from_version, args.from_size)
        else:
            raise ValueError(f"{args.src!r}: format {kind!r} is neither a policy file nor a trainer checkpoint")
    except (OSError, ValueError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
