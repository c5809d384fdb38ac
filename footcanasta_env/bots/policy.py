"""Exported policies: the policy file (a plain-array file of ``arrayfile``) and the numpy bot that plays it.

A policy file is a NumPy ``.npz`` archive of plain arrays only, so loading never unpickles code:

* ``W0, b0, W1, b1, ...``: the weights (``in x out``, float32) and biases of an MLP from the
  observation (``OBS_SIZE``) to one logit per action (``NUM_ACTIONS``);
* ``meta_json``: a uint8 array holding a UTF-8 JSON object with ``format`` (``FORMAT.name``),
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

import os
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

import numpy as np

from ..actions import ACTION_VERSION, NUM_ACTIONS
from ..engine import View
from ..observation import OBS_SIZE, OBS_VERSION, encode
from ..rules import Rules
from .arrayfile import (
    ACTIVATIONS,
    META_KEY,
    ArrayFormat,
    mlp_arrays,
    mlp_forward,
    mlp_layers,
    mlp_sizes,
    read_arrays,
    write_arrays,
)

# ACTIVATIONS and META_KEY are the format's, named here too for the readers of policy files.
__all__ = ["ACTIVATIONS", "FORMAT", "META_KEY", "SHIPPED_POLICY", "Policy", "PolicyBot", "load_policy", "load_shipped",
           "save_policy"]

FORMAT = ArrayFormat("footcanasta-policy", 1, what="policy file", noun="policy checkpoint")
# The shipped policy is package data of footcanasta_env.bots (listed in pyproject's package-data).
_SHIPPED = resources.files("footcanasta_env.bots") / "data" / "learned.npz"
SHIPPED_POLICY = str(_SHIPPED)  # a file path in every ordinary install (a wheel or an editable one)


def _compat() -> dict[str, Any]:
    """The fields a policy must share with this code: the observation and action spaces it was made for."""
    return {"obs_version": OBS_VERSION, "obs_size": OBS_SIZE, "action_version": ACTION_VERSION,
            "num_actions": NUM_ACTIONS}


@dataclass
class Policy:
    """A loaded policy: MLP layers (weights ``in x out``, biases) and its metadata."""

    weights: list[np.ndarray]
    biases: list[np.ndarray]
    activation: str
    meta: dict[str, Any] = field(default_factory=dict)

    def logits(self, obs: np.ndarray) -> np.ndarray:
        """Action logits for one observation (``OBS_SIZE``) or a batch (``n x OBS_SIZE``)."""
        return mlp_forward(obs, self.weights, self.biases, self.activation)

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
    meta = {
        "format": FORMAT.name, "format_version": FORMAT.version, **_compat(),
        "rules": (rules if rules is not None else Rules()).to_dict(),
        "arch": {"type": "mlp", "layers": mlp_sizes(weights), "activation": activation},
        "training": training or {}, "evaluation": evaluation or {},
    }
    arrays = mlp_arrays(weights, biases)
    mlp_layers(path, FORMAT, arrays, _check_arch(path, meta))  # refuse to write what we would refuse to read
    return write_arrays(path, FORMAT, arrays, meta)


def _check_arch(path: str, meta: dict[str, Any]) -> list[int]:
    """The layer sizes of ``arch``, if it is an MLP from the observation to the actions."""
    arch = meta.get("arch")
    if not (isinstance(arch, dict) and isinstance(arch.get("layers"), list)):
        raise FORMAT.fail(path, "metadata lacks arch.layers")
    if arch.get("activation") not in ACTIVATIONS:
        raise FORMAT.fail(path, f"unknown activation {arch.get('activation')!r} (known: {', '.join(ACTIVATIONS)})")
    layers = arch["layers"]
    if not (len(layers) >= 2 and all(isinstance(n, int) and n > 0 for n in layers)):
        raise FORMAT.fail(path, f"arch.layers must be positive sizes from input to output, got {layers!r}")
    if layers[0] != OBS_SIZE or layers[-1] != NUM_ACTIONS:
        raise FORMAT.fail(path, f"arch.layers must run from obs_size {OBS_SIZE} to num_actions {NUM_ACTIONS}, "
                                f"got {layers!r}")
    try:
        Rules.from_dict(meta.get("rules"))
    except (TypeError, ValueError) as e:
        raise FORMAT.fail(path, f"invalid rules: {e}") from None
    return layers


def load_policy(path: str) -> Policy:
    """Load and check a policy file; ``ValueError`` with a clear message if it is not a usable policy."""
    path = os.fspath(path)
    arrays, meta = read_arrays(path, FORMAT, _compat())
    weights, biases = mlp_layers(path, FORMAT, arrays, _check_arch(path, meta))
    return Policy(weights=weights, biases=biases, activation=meta["arch"]["activation"], meta=meta)


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
