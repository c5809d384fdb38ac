"""Exported policies: a plain-array ``.npz`` file format and the numpy bot that plays it.

A policy file is a NumPy ``.npz`` archive of plain arrays only, so loading never unpickles code:

* ``W0, b0, W1, b1, ...``: the weights (``in x out``, float32) and biases of an MLP from the
  observation (``OBS_SIZE``) to one logit per action (``NUM_ACTIONS``);
* ``meta_json``: a uint8 array holding a UTF-8 JSON object with ``format`` (``FORMAT_NAME``),
  ``format_version``, ``obs_version``, ``obs_size``, ``action_version``, ``num_actions``, ``rules``
  (``Rules.to_dict()``), ``arch`` (``layers``: the sizes from input to output, ``activation``), and
  free-form records: ``training`` (command, steps, ...) and ``evaluation``.

``load_policy(path)`` checks all of it and raises ``ValueError`` naming what is wrong. ``PolicyBot``
plays a file: encode the view, forward in numpy, mask the illegal actions, argmax (ties go to the
lowest id). ``make_bot("learned")`` (the shipped policy, ``load_shipped``) and ``make_bot("policy:PATH")``
build a ``PolicyBot``.

The shipped policy is package data, ``footcanasta_env/bots/data/learned.npz`` (with its record,
``learned.json``), read through ``importlib.resources`` so that it is there after any install, editable or
not. ``checkpoints/`` in the repository keeps the same two files next to how they were trained; a test
checks that the copies are identical.
"""

from __future__ import annotations

import json
import os
import zipfile
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

import numpy as np

from ..actions import ACTION_VERSION, NUM_ACTIONS
from ..engine import View
from ..observation import OBS_SIZE, OBS_VERSION, encode
from ..rules import Rules

FORMAT_NAME = "footcanasta-policy"
FORMAT_VERSION = 1
ACTIVATIONS = ("relu", "tanh")
META_KEY = "meta_json"
# The shipped policy is package data of footcanasta_env.bots (listed in pyproject's package-data).
_SHIPPED = resources.files("footcanasta_env.bots") / "data" / "learned.npz"
SHIPPED_POLICY = str(_SHIPPED)  # a file path in every ordinary install (a wheel or an editable one)


@dataclass
class Policy:
    """A loaded policy: MLP layers (weights ``in x out``, biases) and its metadata."""

    weights: list[np.ndarray]
    biases: list[np.ndarray]
    activation: str
    meta: dict[str, Any] = field(default_factory=dict)

    def logits(self, obs: np.ndarray) -> np.ndarray:
        """Action logits for one observation (``OBS_SIZE``) or a batch (``n x OBS_SIZE``)."""
        x = np.asarray(obs, dtype=np.float32)
        last = len(self.weights) - 1
        for i, (w, b) in enumerate(zip(self.weights, self.biases, strict=True)):
            x = x @ w + b
            if i < last:
                x = np.maximum(x, 0.0) if self.activation == "relu" else np.tanh(x)
        return x

    def act(self, obs: np.ndarray, mask: np.ndarray) -> np.ndarray | int:
        """Masked argmax (lowest id on ties) for one observation or a batch."""
        logits = self.logits(obs)
        masked = np.where(np.asarray(mask, dtype=bool), logits, -np.inf)
        out = np.argmax(masked, axis=-1)  # argmax returns the first maximum: the lowest id
        return int(out) if out.ndim == 0 else out


def save_policy(path: str, weights: list[np.ndarray], biases: list[np.ndarray], activation: str = "relu",
                rules: Rules | None = None, training: dict[str, Any] | None = None,
                evaluation: dict[str, Any] | None = None) -> dict[str, Any]:
    """Write a policy file from MLP weights (each ``in x out``) and biases; returns the metadata written."""
    if activation not in ACTIVATIONS:
        raise ValueError(f"activation must be one of {ACTIVATIONS}, got {activation!r}")
    if len(weights) != len(biases) or not weights:
        raise ValueError("save_policy needs one bias per weight matrix, and at least one layer")
    layers = [int(weights[0].shape[0])] + [int(w.shape[1]) for w in weights]
    meta = {
        "format": FORMAT_NAME, "format_version": FORMAT_VERSION,
        "obs_version": OBS_VERSION, "obs_size": OBS_SIZE,
        "action_version": ACTION_VERSION, "num_actions": NUM_ACTIONS,
        "rules": (rules if rules is not None else Rules()).to_dict(),
        "arch": {"type": "mlp", "layers": layers, "activation": activation},
        "training": training or {}, "evaluation": evaluation or {},
    }
    arrays: dict[str, np.ndarray] = {}
    for i, (w, b) in enumerate(zip(weights, biases, strict=True)):
        arrays[f"W{i}"] = np.ascontiguousarray(w, dtype=np.float32)
        arrays[f"b{i}"] = np.ascontiguousarray(b, dtype=np.float32)
    arrays[META_KEY] = np.frombuffer(json.dumps(meta, sort_keys=True).encode("utf-8"), dtype=np.uint8)
    _check_arrays(path, meta, arrays)  # refuse to write what we would refuse to read
    d = os.path.dirname(os.path.abspath(path))
    os.makedirs(d, exist_ok=True)
    with open(path, "wb") as f:  # a file object: np.savez would otherwise append ".npz" to other names
        np.savez(f, **arrays)
    return meta


def _need(ok: bool, path: str, why: str) -> None:
    if not ok:
        raise ValueError(f"policy file {path!r}: {why}")


def _check_meta(path: str, meta: Any) -> None:
    """Refuse a record of another format, version or size, naming the field and both values."""
    _need(isinstance(meta, dict), path, "the metadata is not a JSON object")
    _need(meta.get("format") == FORMAT_NAME, path,
          f"not a footcanasta policy (format {meta.get('format')!r}, expected {FORMAT_NAME!r})")
    expected = {"format_version": FORMAT_VERSION, "obs_version": OBS_VERSION, "obs_size": OBS_SIZE,
                "action_version": ACTION_VERSION, "num_actions": NUM_ACTIONS}
    for key, want in expected.items():
        got = meta.get(key)
        _need(got == want, path, f"{key} mismatch: the file has {got!r}, this code expects {want!r}")
    arch = meta.get("arch")
    _need(isinstance(arch, dict) and isinstance(arch.get("layers"), list), path, "metadata lacks arch.layers")
    _need(arch.get("activation") in ACTIVATIONS, path,
          f"unknown activation {arch.get('activation')!r} (known: {', '.join(ACTIVATIONS)})")
    layers = arch["layers"]
    _need(len(layers) >= 2 and all(isinstance(n, int) and n > 0 for n in layers), path,
          f"arch.layers must be positive sizes from input to output, got {layers!r}")
    _need(layers[0] == OBS_SIZE and layers[-1] == NUM_ACTIONS, path,
          f"arch.layers must run from obs_size {OBS_SIZE} to num_actions {NUM_ACTIONS}, got {layers!r}")
    try:
        Rules.from_dict(meta.get("rules"))
    except (TypeError, ValueError) as e:
        raise ValueError(f"policy file {path!r}: invalid rules: {e}") from None


def _check_arrays(path: str, meta: dict[str, Any], arrays: dict[str, np.ndarray]) -> None:
    """Every layer present with the shape ``arch.layers`` says, finite, and nothing else."""
    _check_meta(path, meta)
    layers = meta["arch"]["layers"]
    n = len(layers) - 1
    expected = {META_KEY} | {f"W{i}" for i in range(n)} | {f"b{i}" for i in range(n)}
    missing = sorted(expected - set(arrays))
    extra = sorted(set(arrays) - expected)
    _need(not missing, path, f"missing array(s) {', '.join(missing)}")
    _need(not extra, path, f"unexpected array(s) {', '.join(extra)}")
    for i in range(n):
        w, b = arrays[f"W{i}"], arrays[f"b{i}"]
        want_w, want_b = (layers[i], layers[i + 1]), (layers[i + 1],)
        _need(tuple(w.shape) == want_w, path, f"layer shape mismatch: W{i} is {tuple(w.shape)}, expected {want_w}")
        _need(tuple(b.shape) == want_b, path, f"layer shape mismatch: b{i} is {tuple(b.shape)}, expected {want_b}")
        for name, a in ((f"W{i}", w), (f"b{i}", b)):
            _need(a.dtype.kind == "f", path, f"{name} must hold floats, got dtype {a.dtype}")
            _need(bool(np.isfinite(a).all()), path, f"{name} holds non-finite values")


def load_policy(path: str) -> Policy:
    """Load and check a policy file; ``ValueError`` with a clear message if it is not a usable policy."""
    path = os.fspath(path)
    if not os.path.isfile(path):
        raise ValueError(f"policy file {path!r} not found")
    if not zipfile.is_zipfile(path):
        raise ValueError(f"policy file {path!r}: not a policy checkpoint (not an .npz/zip archive; "
                         "truncated or another kind of file)")
    try:
        with np.load(path, allow_pickle=False) as z:  # plain arrays only: never unpickle code
            arrays = {k: np.asarray(z[k]) for k in z.files}
    except ValueError as e:
        raise ValueError(f"policy file {path!r}: holds something other than plain arrays ({e})") from None
    except (OSError, EOFError, zipfile.BadZipFile, KeyError) as e:
        raise ValueError(f"policy file {path!r}: unreadable or truncated archive ({type(e).__name__}: {e})") from None
    if META_KEY not in arrays:
        raise ValueError(f"policy file {path!r}: no {META_KEY!r} record; not a footcanasta policy checkpoint")
    raw = arrays[META_KEY]
    _need(raw.dtype == np.uint8 and raw.ndim == 1, path, f"{META_KEY} must be a 1-D uint8 array")
    try:
        meta = json.loads(raw.tobytes().decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as e:
        raise ValueError(f"policy file {path!r}: {META_KEY} is not valid JSON ({e})") from None
    _check_arrays(path, meta, arrays)
    n = len(meta["arch"]["layers"]) - 1
    return Policy(weights=[arrays[f"W{i}"].astype(np.float32) for i in range(n)],
                  biases=[arrays[f"b{i}"].astype(np.float32) for i in range(n)],
                  activation=meta["arch"]["activation"], meta=meta)


class PolicyBot:
    """A bot that plays an exported policy deterministically (masked argmax), with numpy only."""

    def __init__(self, path: str, seed: int | None = None, name: str | None = None) -> None:
        self.policy = load_policy(path)
        self.path = path
        self.name = name or f"policy:{path}"
        self.rng = np.random.default_rng(seed)  # unused: play is deterministic

    def act(self, view: View) -> int:
        """The legal action with the highest logit for ``view``."""
        legal = view.legal_actions
        if len(legal) == 0:
            raise ValueError("PolicyBot: no legal action in this view (the game is over or not this seat's turn)")
        if len(legal) == 1:
            return int(legal[0])
        mask = np.zeros(NUM_ACTIONS, dtype=bool)
        mask[np.asarray(legal, dtype=np.intp)] = True
        return int(self.policy.act(encode(view), mask))


def load_shipped(seed: int | None = None) -> PolicyBot:
    """The shipped policy as a bot named ``learned``."""
    if not _SHIPPED.is_file():
        raise ValueError(f"bot 'learned': the shipped policy {SHIPPED_POLICY!r} is missing from this install "
                         "(reinstall footcanasta, or use policy:PATH)")
    with resources.as_file(_SHIPPED) as path:  # a real file even from a zipped install; loaded at once
        return PolicyBot(str(path), seed, name="learned")
