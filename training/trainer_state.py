"""Trainer checkpoints of ``selfplay_ppo.py``: everything a run needs to go on where it stopped, in a file
that loads without unpickling code and can be committed.

A checkpoint is a NumPy ``.npz`` of plain arrays (``np.load(..., allow_pickle=False)``):

* ``actor/<name>``, ``critic/<name>``: the torch state dicts, as float32 arrays;
* ``opt/<i>/<key>``: Adam's per-parameter state (``step``, ``exp_avg``, ``exp_avg_sq``), ``i`` in the
  order of ``agent.parameters()``;
* ``league/<k>/W<j>``, ``league/<k>/b<j>``: the frozen snapshots of the opponents' league, oldest first;
* ``torch_rng``: torch's generator state (a uint8 array);
* ``meta_json``: a UTF-8 JSON object with ``format`` (``FORMAT_NAME``), ``format_version``, the observation
  and action versions and sizes, the run's ``args`` (the settings of ``Args``), ``run`` (its name),
  ``update``, ``step`` (PPO decisions so far), ``env_steps``, the summary so far, the league's size and
  activation, and ``sha256``: a digest of every other array, so a damaged file is refused rather than
  half-loaded.

``load_checkpoint`` checks all of it and raises ``CheckpointError`` (a ``ValueError``) saying what is wrong.
"""

from __future__ import annotations

import hashlib
import json
import os
import zipfile
from typing import Any

import numpy as np

from footcanasta_env.actions import ACTION_VERSION, NUM_ACTIONS
from footcanasta_env.observation import OBS_SIZE, OBS_VERSION

FORMAT_NAME = "footcanasta-trainer"
FORMAT_VERSION = 1
META_KEY = "meta_json"


class CheckpointError(ValueError):
    """A trainer checkpoint that cannot be used: damaged, of another format, or of another run's shape."""


def _digest(arrays: dict[str, np.ndarray]) -> str:
    h = hashlib.sha256()
    for k in sorted(arrays):
        a = np.ascontiguousarray(arrays[k])
        h.update(k.encode())
        h.update(str(a.dtype).encode())
        h.update(repr(a.shape).encode())
        h.update(a.tobytes())
    return h.hexdigest()


def save_checkpoint(path: str, arrays: dict[str, np.ndarray], meta: dict[str, Any]) -> None:
    """Write ``arrays`` and ``meta`` (the format fields and digest are added) atomically to ``path``."""
    meta = dict(meta, format=FORMAT_NAME, format_version=FORMAT_VERSION, obs_version=OBS_VERSION,
                obs_size=OBS_SIZE, action_version=ACTION_VERSION, num_actions=NUM_ACTIONS,
                sha256=_digest(arrays))
    out = dict(arrays)
    out[META_KEY] = np.frombuffer(json.dumps(meta, sort_keys=True).encode("utf-8"), dtype=np.uint8)
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    tmp = path + ".tmp"
    with open(tmp, "wb") as f:  # a file object: np.savez would otherwise append ".npz"
        np.savez(f, **out)
    os.replace(tmp, path)  # a stop mid-write leaves the previous checkpoint whole


def load_checkpoint(path: str) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
    """The arrays and metadata of a trainer checkpoint; ``CheckpointError`` naming what is wrong."""
    def bad(why: str) -> CheckpointError:
        return CheckpointError(f"trainer checkpoint {path!r}: {why}")

    if not os.path.isfile(path):
        raise bad("no such file")
    try:
        with np.load(path, allow_pickle=False) as z:
            arrays = {k: z[k] for k in z.files}
    except (zipfile.BadZipFile, OSError, ValueError, EOFError) as e:
        raise bad(f"not a readable .npz archive (damaged or truncated?): {e}") from None
    if META_KEY not in arrays:
        raise bad(f"no {META_KEY} entry: not a trainer checkpoint (a policy file? use --init-policy for those)")
    try:
        meta = json.loads(arrays.pop(META_KEY).tobytes().decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as e:
        raise bad(f"its metadata is not JSON: {e}") from None
    if not isinstance(meta, dict) or meta.get("format") != FORMAT_NAME:
        got = meta.get("format") if isinstance(meta, dict) else None
        raise bad(f"not a trainer checkpoint (format {got!r}, expected {FORMAT_NAME!r})")
    want = {"format_version": FORMAT_VERSION, "obs_version": OBS_VERSION, "obs_size": OBS_SIZE,
            "action_version": ACTION_VERSION, "num_actions": NUM_ACTIONS}
    for key, value in want.items():
        if meta.get(key) != value:
            raise bad(f"{key} mismatch: the file has {meta.get(key)!r}, this code expects {value!r}")
    if meta.get("sha256") != _digest(arrays):
        raise bad("its arrays do not match the digest it was written with (the file is damaged)")
    for key in ("args", "run", "update", "step"):
        if key not in meta:
            raise bad(f"its metadata lacks {key!r}")
    return arrays, meta


def prefixed(arrays: dict[str, np.ndarray], prefix: str) -> dict[str, np.ndarray]:
    """The entries under ``prefix/``, with the prefix taken off."""
    p = prefix + "/"
    return {k[len(p):]: v for k, v in arrays.items() if k.startswith(p)}
