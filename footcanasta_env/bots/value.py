"""A learned value of full positions: numpy inference for the search bot.

The shipped net is the PPO trainer's privileged critic (``training/export_critic.py``) fine-tuned on the
turn starts the search scores (``training/value_net.py --positions turns --init``, ``checkpoints/VALUE.md``);
any net of that script has the same format.

The value of a position for a seat is the expected score difference of the current round from that
seat's partnership's side (its round score minus the other side's), in points. Its input is the whole
position: the seat's observation (``encode(view)``) followed by ``observation.privileged.hidden_cards``.
It reads hidden cards, so only the search bot uses it, and only on worlds it sampled from its own view
(``engine.worlds.sample_world``): the true game never reaches it.

File format (like a policy file, plain arrays only, never a pickle): an ``.npz`` with ``W0, b0, ...``
(``in x out`` float32, ReLU between layers, one output) and ``meta_json`` (uint8 UTF-8 JSON) holding
``format`` (``VALUE_FORMAT``), ``format_version``, ``obs_version``, ``obs_size``, ``hidden_size``,
``action_version``, ``layers``, ``target_scale`` (the net predicts points x this) and ``training``.
The shipped net is package data, ``footcanasta_env/bots/data/value.npz``.
"""

from __future__ import annotations

import json
import os
import zipfile
from importlib import resources
from typing import Any

import numpy as np

from ..actions import ACTION_VERSION
from ..observation import HIDDEN_CARDS_SIZE, OBS_SIZE, OBS_VERSION, encode, hidden_cards

VALUE_FORMAT = "footcanasta-value"
VALUE_FORMAT_VERSION = 1
FEATURES_SIZE = OBS_SIZE + HIDDEN_CARDS_SIZE
_SHIPPED = resources.files("footcanasta_env.bots") / "data" / "value.npz"
SHIPPED_VALUE = str(_SHIPPED)


def value_features(game: Any, seat: int) -> np.ndarray:
    """The value net's input for ``seat`` in ``game``: observation, then the cards the seat cannot see."""
    return np.concatenate([encode(game.view(seat)), hidden_cards(game, seat)])


class ValueNet:
    """A loaded value net: ``predict(features)`` in points for one position or a batch."""

    def __init__(self, weights: list[np.ndarray], biases: list[np.ndarray], meta: dict[str, Any]) -> None:
        self.weights, self.biases, self.meta = weights, biases, meta
        self.scale = float(meta["target_scale"])

    def predict(self, x: np.ndarray) -> np.ndarray | float:
        """Expected round score difference (points) from the featured seat's partnership's side."""
        h = np.asarray(x, dtype=np.float32)
        last = len(self.weights) - 1
        for i, (w, b) in enumerate(zip(self.weights, self.biases, strict=True)):
            h = h @ w + b
            if i < last:
                h = np.maximum(h, 0.0)
        out = h[..., 0] / self.scale
        return float(out) if out.ndim == 0 else out


def save_value(path: str, weights: list[np.ndarray], biases: list[np.ndarray], target_scale: float,
               training: dict[str, Any]) -> dict[str, Any]:
    """Write a value file; returns the metadata written."""
    layers = [int(weights[0].shape[0])] + [int(w.shape[1]) for w in weights]
    meta = {"format": VALUE_FORMAT, "format_version": VALUE_FORMAT_VERSION, "obs_version": OBS_VERSION,
            "obs_size": OBS_SIZE, "hidden_size": HIDDEN_CARDS_SIZE, "action_version": ACTION_VERSION,
            "layers": layers, "target_scale": float(target_scale), "training": training}
    arrays = {f"W{i}": np.ascontiguousarray(w, dtype=np.float32) for i, w in enumerate(weights)}
    arrays.update({f"b{i}": np.ascontiguousarray(b, dtype=np.float32) for i, b in enumerate(biases)})
    arrays["meta_json"] = np.frombuffer(json.dumps(meta, sort_keys=True).encode("utf-8"), dtype=np.uint8)
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    with open(path, "wb") as f:  # a file object, so np.savez keeps the name as given
        np.savez(f, **arrays)
    return meta


def _need(ok: bool, path: str, why: str) -> None:
    if not ok:
        raise ValueError(f"value file {path!r}: {why}")


def load_value(path: str) -> ValueNet:
    """Load and check a value file; ``ValueError`` naming what is wrong otherwise."""
    path = os.fspath(path)
    _need(os.path.isfile(path), path, "not found")
    _need(zipfile.is_zipfile(path), path, "not an .npz archive")
    try:
        with np.load(path, allow_pickle=False) as z:  # plain arrays only: never unpickle code
            arrays = {k: np.asarray(z[k]) for k in z.files}
    except (ValueError, OSError, EOFError, zipfile.BadZipFile) as e:
        raise ValueError(f"value file {path!r}: unreadable ({e})") from None
    _need("meta_json" in arrays, path, "no meta_json record")
    try:
        meta = json.loads(arrays["meta_json"].tobytes().decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as e:
        raise ValueError(f"value file {path!r}: meta_json is not valid JSON ({e})") from None
    _need(isinstance(meta, dict) and meta.get("format") == VALUE_FORMAT, path, f"not a {VALUE_FORMAT} file")
    want = {"format_version": VALUE_FORMAT_VERSION, "obs_version": OBS_VERSION, "obs_size": OBS_SIZE,
            "hidden_size": HIDDEN_CARDS_SIZE, "action_version": ACTION_VERSION}
    for key, v in want.items():
        _need(meta.get(key) == v, path, f"{key} mismatch: the file has {meta.get(key)!r}, this code expects {v!r}")
    layers = meta.get("layers")
    _need(isinstance(layers, list) and len(layers) >= 2 and layers[0] == FEATURES_SIZE and layers[-1] == 1, path,
          f"layers must run from {FEATURES_SIZE} features to 1 output, got {layers!r}")
    n = len(layers) - 1
    weights, biases = [], []
    for i in range(n):
        w, b = arrays.get(f"W{i}"), arrays.get(f"b{i}")
        _need(w is not None and b is not None, path, f"missing W{i} or b{i}")
        _need(w.shape == (layers[i], layers[i + 1]) and b.shape == (layers[i + 1],), path, f"layer {i} shape mismatch")
        _need(bool(np.isfinite(w).all() and np.isfinite(b).all()), path, f"layer {i} holds non-finite values")
        weights.append(w.astype(np.float32))
        biases.append(b.astype(np.float32))
    _need(float(meta.get("target_scale", 0)) > 0, path, "target_scale must be positive")
    return ValueNet(weights, biases, meta)


_CACHE: dict[str, ValueNet] = {}


def load_shipped_value() -> ValueNet:
    """The shipped value net (loaded once per process)."""
    if "shipped" not in _CACHE:
        if not _SHIPPED.is_file():
            raise ValueError(f"the shipped value net {SHIPPED_VALUE!r} is missing from this install "
                             "(export one with training/export_critic.py)")
        with resources.as_file(_SHIPPED) as path:
            _CACHE["shipped"] = load_value(str(path))
    return _CACHE["shipped"]
