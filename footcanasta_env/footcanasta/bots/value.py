"""A learned value of full positions: numpy inference for the search bot.

The shipped net is the PPO trainer's privileged critic (``training/export_critic.py``) fine-tuned on the
turn starts the search scores (``training/value_net.py --positions turns --init``,
``checkpoints/footcanasta/VALUE.md``);
any net of that script has the same format.

The value of a position for a seat is the expected score difference of the current round from that
seat's partnership's side (its round score minus the other side's), in points. Its input is the whole
position: the seat's observation (``encode(view)``) followed by ``observation.privileged.hidden_cards``.
It reads hidden cards, so only the search bot uses it, and only on worlds it sampled from its own view
(``engine.worlds.sample_world``): the true game never reaches it.

File format (a plain-array file of ``arrayfile``, like a policy file, never a pickle): an ``.npz`` with
``W0, b0, ...`` (``in x out`` float32, ReLU between layers, one output) and ``meta_json`` (uint8 UTF-8 JSON) holding
``format`` (``FORMAT.name``), ``format_version``, ``obs_version``, ``obs_size``, ``hidden_size``,
``action_version``, ``layers``, ``target_scale`` (the net predicts points x this) and ``training``.
The shipped net is package data, ``footcanasta_env/footcanasta/data/value.npz``.
"""

from __future__ import annotations

import os
from importlib import resources
from typing import Any

import numpy as np

from ...arrayfile import ArrayFormat, mlp_arrays, mlp_forward, mlp_layers, mlp_sizes, read_arrays, write_arrays
from ..actions import ACTION_VERSION
from ..observation import HIDDEN_CARDS_SIZE, OBS_SIZE, OBS_VERSION, encode, hidden_cards

FORMAT = ArrayFormat("footcanasta-value", 1, what="value file", noun="footcanasta-value file")
FEATURES_SIZE = OBS_SIZE + HIDDEN_CARDS_SIZE
_SHIPPED = resources.files("footcanasta_env.footcanasta") / "data" / "value.npz"
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
        out = mlp_forward(x, self.weights, self.biases)[..., 0] / self.scale
        return float(out) if out.ndim == 0 else out


def _compat() -> dict[str, Any]:
    """The fields a value file must share with this code: the features it was made for."""
    return {"obs_version": OBS_VERSION, "obs_size": OBS_SIZE, "hidden_size": HIDDEN_CARDS_SIZE,
            "action_version": ACTION_VERSION}


def save_value(path: str, weights: list[np.ndarray], biases: list[np.ndarray], target_scale: float,
               training: dict[str, Any]) -> dict[str, Any]:
    """Write a value file; returns the metadata written."""
    meta = {**_compat(), "layers": mlp_sizes(weights), "target_scale": float(target_scale), "training": training}
    return write_arrays(path, FORMAT, mlp_arrays(weights, biases), meta)


def load_value(path: str) -> ValueNet:
    """Load and check a value file; ``ValueError`` naming what is wrong otherwise."""
    path = os.fspath(path)
    arrays, meta = read_arrays(path, FORMAT, _compat())
    layers = meta.get("layers")
    if not (isinstance(layers, list) and len(layers) >= 2 and layers[0] == FEATURES_SIZE and layers[-1] == 1):
        raise FORMAT.fail(path, f"layers must run from {FEATURES_SIZE} features to 1 output, got {layers!r}")
    weights, biases = mlp_layers(path, FORMAT, arrays, layers)
    if not float(meta.get("target_scale", 0)) > 0:
        raise FORMAT.fail(path, "target_scale must be positive")
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
