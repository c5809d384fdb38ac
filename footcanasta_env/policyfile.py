"""Policy files of any game of the house: a plain-array file (``arrayfile``) holding an MLP from a game's
observation to one logit per action, and ``Policy``, its numpy forward and masked argmax.

A policy file is a NumPy ``.npz`` archive of plain arrays only, so loading never unpickles code:

* ``W0, b0, W1, b1, ...``: the weights (``in x out``, float32) and biases of an MLP from the
  observation (the game's ``OBS_SIZE``) to one logit per action (its ``NUM_ACTIONS``);
* ``meta_json``: a uint8 array holding a UTF-8 JSON object with ``format`` (``FORMAT.name``),
  ``format_version``, ``game`` (its name in ``footcanasta_env.games``; a file without it is Foot Canasta's,
  as every file written before there were two games), ``obs_version``, ``obs_size``, ``action_version``,
  ``num_actions`` (the game's, checked on load), ``rules`` (the game's ``Rules.to_dict()``), ``arch``
  (``layers``: the sizes from input to output, ``activation``), and free-form records: ``training``
  (command, steps, ...) and ``evaluation``.

``load_policy(path, game=None)`` checks all of it against the game the file names (and, given ``game``,
that it is that game's) and raises ``ValueError`` naming what is wrong. ``PolicyBot`` plays a file (each game
subclasses it naming its encoder and action count), ``load_shipped`` a game's shipped file. The bots of one
process share each file's weights (``shared_policy``: read once, read-only), so a server holding thousands
of games holds one copy of each policy.
"""

from __future__ import annotations

import os
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

import numpy as np

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
from .games import DEFAULT_GAME, get_game

# ACTIVATIONS and META_KEY are the format's, named here too for the readers of policy files.
__all__ = ["ACTIVATIONS", "FORMAT", "META_KEY", "Policy", "PolicyBot", "load_policy", "load_shipped", "save_policy"]

FORMAT = ArrayFormat("footcanasta-policy", 1, what="policy file", noun="policy checkpoint")


def observation_size(game: Any, rules: Any = None) -> int:
    """The observation width of ``game`` (a game module) at the table of ``rules`` (its defaults when ``None``):
    ``layout_of(rules).size`` where the table changes it (Canasta's section 14), else ``OBS_SIZE``."""
    if rules is None or not hasattr(game, "layout_of"):
        return int(game.OBS_SIZE)
    return int(game.layout_of(rules).size)


def _compat(game: str, rules: Any = None) -> dict[str, Any]:
    """The fields a policy must share with its game: the observation (at the table of ``rules``) and action
    spaces it was made for."""
    g = get_game(game)
    return {"obs_version": g.OBS_VERSION, "obs_size": observation_size(g, rules), "action_version": g.ACTION_VERSION,
            "num_actions": g.NUM_ACTIONS}


@dataclass
class Policy:
    """A loaded policy: MLP layers (weights ``in x out``, biases) and its metadata."""

    weights: list[np.ndarray]
    biases: list[np.ndarray]
    activation: str
    meta: dict[str, Any] = field(default_factory=dict)

    @property
    def game(self) -> str:
        """The game the policy plays."""
        return str(self.meta.get("game") or DEFAULT_GAME)

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
                rules: Any = None, training: dict[str, Any] | None = None,
                evaluation: dict[str, Any] | None = None, game: str = DEFAULT_GAME) -> dict[str, Any]:
    """Write a policy file of ``game`` from MLP weights (each ``in x out``) and biases (``rules``: the
    game's ``Rules``, its defaults when ``None``); returns the metadata written."""
    if activation not in ACTIVATIONS:
        raise ValueError(f"activation must be one of {ACTIVATIONS}, got {activation!r}")
    if len(weights) != len(biases) or not weights:
        raise ValueError("save_policy needs one bias per weight matrix, and at least one layer")
    module = get_game(game)
    rules = rules if rules is not None else module.Rules()
    meta = {
        "format": FORMAT.name, "format_version": FORMAT.version, "game": module.NAME, **_compat(module.NAME, rules),
        "rules": rules.to_dict(),
        "arch": {"type": "mlp", "layers": mlp_sizes(weights), "activation": activation},
        "training": training or {}, "evaluation": evaluation or {},
    }
    arrays = mlp_arrays(weights, biases)
    mlp_layers(path, FORMAT, arrays, _check_arch(path, meta))  # refuse to write what we would refuse to read
    return write_arrays(path, FORMAT, arrays, meta)


def _game_of(path: str, meta: dict[str, Any]) -> Any:
    try:
        return get_game(meta.get("game") or DEFAULT_GAME)
    except ValueError as e:  # a game this code does not know
        raise FORMAT.fail(path, str(e)) from None


def _check_arch(path: str, meta: dict[str, Any]) -> list[int]:
    """The layer sizes of ``arch``, if it is an MLP from the game's observation to its actions."""
    game = _game_of(path, meta)
    arch = meta.get("arch")
    if not (isinstance(arch, dict) and isinstance(arch.get("layers"), list)):
        raise FORMAT.fail(path, "metadata lacks arch.layers")
    if arch.get("activation") not in ACTIVATIONS:
        raise FORMAT.fail(path, f"unknown activation {arch.get('activation')!r} (known: {', '.join(ACTIVATIONS)})")
    layers = arch["layers"]
    if not (len(layers) >= 2 and all(isinstance(n, int) and n > 0 for n in layers)):
        raise FORMAT.fail(path, f"arch.layers must be positive sizes from input to output, got {layers!r}")
    width = observation_size(game, _rules_of(path, game, meta))
    if layers[0] != width or layers[-1] != game.NUM_ACTIONS:
        raise FORMAT.fail(path, f"arch.layers must run from obs_size {width} to num_actions "
                                f"{game.NUM_ACTIONS} ({game.TITLE}) at its rules' table size, got {layers!r}")
    return layers


def _rules_of(path: str, game: Any, meta: dict[str, Any]) -> Any:
    """The game's rules the file records (its table size among them)."""
    try:
        return game.Rules.from_dict(meta.get("rules"))
    except (TypeError, ValueError) as e:
        raise FORMAT.fail(path, f"invalid rules: {e}") from None


def load_policy(path: str, game: str | None = None) -> Policy:
    """Load and check a policy file (of ``game``, when given); ``ValueError`` with a clear message if it is
    not a usable policy."""
    path = os.fspath(path)
    arrays, meta = read_arrays(path, FORMAT, {})
    module = _game_of(path, meta)
    if game is not None and module.NAME != game:
        raise FORMAT.fail(path, f"it is a policy of {module.NAME!r}, not of {game!r}")
    for key, want in _compat(module.NAME, _rules_of(path, module, meta)).items():
        if meta.get(key) != want:
            raise FORMAT.fail(path, f"{key} mismatch: the file has {meta.get(key)!r}, this code expects {want!r}")
    weights, biases = mlp_layers(path, FORMAT, arrays, _check_arch(path, meta))
    return Policy(weights=weights, biases=biases, activation=meta["arch"]["activation"], meta=meta)


_SHARED: OrderedDict[tuple, Policy] = OrderedDict()
_SHARED_LOCK = threading.Lock()
SHARED_FILES = 8  # policy files kept loaded per process (the least recently used go first)


def shared_policy(path: str, game: str | None = None) -> Policy:
    """``load_policy(path, game)``, read once per process while the file stays the same (its size and time),
    with read-only arrays: what every bot playing that file shares."""
    st = os.stat(path)
    key = (os.path.realpath(path), st.st_size, st.st_mtime_ns, game)
    with _SHARED_LOCK:
        policy = _SHARED.get(key)
        if policy is not None:
            _SHARED.move_to_end(key)
            return policy
    policy = load_policy(path, game)
    for a in (*policy.weights, *policy.biases):
        a.flags.writeable = False
    with _SHARED_LOCK:
        policy = _SHARED.setdefault(key, policy)
        while len(_SHARED) > SHARED_FILES:
            _SHARED.popitem(last=False)
    return policy


class PolicyBot:
    """A bot that plays an exported policy deterministically (masked argmax), with numpy only.

    Each game subclasses it naming ``GAME`` (the policy files it plays), ``NUM_ACTIONS`` and ``encode``
    (its observation of a ``View``).
    """

    GAME: str
    NUM_ACTIONS: int
    encode: Callable[[Any], np.ndarray]

    def __init__(self, path: str, seed: int | None = None, name: str | None = None) -> None:
        self.policy = shared_policy(path, self.GAME)
        self.path = path
        self.name = name or f"policy:{path}"
        self.rng = np.random.default_rng(seed)  # unused: play is deterministic

    def act(self, view: Any) -> int:
        """The legal action with the highest logit for ``view``."""
        legal = view.legal_actions
        if len(legal) == 0:
            raise ValueError("PolicyBot: no legal action in this view (the game is over or not this seat's turn)")
        if len(legal) == 1:
            return int(legal[0])
        mask = np.zeros(self.NUM_ACTIONS, dtype=bool)
        mask[np.asarray(legal, dtype=np.intp)] = True
        obs = type(self).encode(view)
        width = self.policy.weights[0].shape[0]
        if obs.shape[-1] != width:  # a table of another size has another observation (Canasta's section 14)
            players = getattr(getattr(view, "rules", None), "players", "?")
            raise ValueError(f"{self.name} reads {self.GAME} observations of {width} features; this {players}-player "
                             f"position's has {obs.shape[-1]}: the policy plays another table size")
        return int(self.policy.act(obs, mask))


def load_shipped(bot: type[PolicyBot], shipped: Any, seed: int | None = None) -> PolicyBot:
    """The shipped policy ``shipped`` (an ``importlib.resources`` file) as a ``bot`` named ``learned``."""
    if not shipped.is_file():
        raise ValueError(f"bot 'learned': the shipped policy of {bot.GAME} {str(shipped)!r} is missing from this "
                         "install (reinstall footcanasta, or use policy:PATH)")
    with resources.as_file(shipped) as path:  # a real file even from a zipped install; loaded at once
        return bot(str(path), seed, name="learned")
