"""Export a sb3-contrib MaskablePPO model to a policy file (CleanRL-style file).

The MaskablePPO snippet of docs/training.md ends with a trained ``model``; this turns it into the numpy-only policy
format of ``footcanasta_env.footcanasta.bots.policy`` (plain arrays and a JSON record, never unpickled), which
``make_bot("policy:FILE")``, ``footcanasta evaluate policy:FILE expert`` and ``footcanasta play
--partner policy:FILE`` play with numpy alone::

    python training/export_sb3.py --model runs/maskable.zip --out runs/maskable.npz
    footcanasta evaluate policy:runs/maskable.npz expert --deals 100

or, from Python, ``export_sb3(model, "runs/maskable.npz")``. A model of another table size (Canasta's
``rules=Rules(players=2)`` envs) is exported with that table's rules, which the file records so that
``make_bot("policy:FILE", rules=...)`` plays it at that size only: ``--game canasta --players 2`` (``--sides`` for
six players in three sides), or ``export_sb3(model, out, rules=Rules(players=2), game="canasta")``.

What it exports: the actor, i.e. the observation through the policy net (``net_arch["pi"]``) to the
action head (``action_net``), with ReLU or Tanh between layers; the critic is left behind (separate
``pi``/``vf`` sizes are fine). A played policy file takes the masked argmax of those logits, which is the
model's ``predict(obs, action_masks=..., deterministic=True)``. Refused, by name: another observation or
action space than the env's, a features extractor other than sb3's ``FlattenExtractor`` (a CNN, a
combined or custom extractor), an MLP extractor with shared layers or of a custom class, layers other
than ``Linear`` plus one activation, and activations other than ReLU and Tanh. A model trained behind
``VecNormalize`` saw normalised observations that the file cannot reproduce: export only models trained
on the raw observations (as that snippet is).

Loading a ``.zip`` goes through sb3's own loader, which unpickles parts of the file: export only models
you trust. The file this writes is plain arrays.
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
from torch import nn

from footcanasta_env.games import get_game
from footcanasta_env.policyfile import observation_size, save_policy
from training.train_common import evaluate_hint, parse_args, table_rules

ACTIVATIONS = {nn.ReLU: "relu", nn.Tanh: "tanh"}  # torch module -> the policy format's name


@dataclass
class Args:
    """Export a MaskablePPO model (a .zip written by ``model.save``) to a footcanasta policy file."""

    model: str
    """the sb3-contrib MaskablePPO model to export: a .zip written by model.save(...)"""
    out: str = "runs/maskable_ppo_export.npz"
    """the policy file to write; play it with: footcanasta evaluate policy:FILE expert"""
    game: str = "footcanasta"
    """the game the model plays (a name known to footcanasta_env.games.get_game)"""
    players: int = 0
    """the table size the model was trained at: 0 the game's default (four players); Canasta also 2, 3 or 6"""
    sides: int = 0
    """the sides at the table: 0 the size's default; Canasta's six players also 3 (three sides of two)"""


class ExportError(ValueError):
    """The model is not an MLP policy that the footcanasta policy format can hold; the message says why."""


def _refuse(why: str) -> None:
    raise ExportError(f"cannot export this model: {why}")


def _linear_stack(net: nn.Module, where: str) -> tuple[list[nn.Linear], str | None]:
    """The Linear layers of a ``Linear, activation, Linear, activation, ...`` Sequential, and its activation."""
    if not isinstance(net, nn.Sequential):
        _refuse(f"{where} is a {type(net).__name__}, not an nn.Sequential of Linear layers and activations")
    layers = list(net)
    linears: list[nn.Linear] = []
    activation: str | None = None
    for i, layer in enumerate(layers):
        if i % 2 == 0:
            if type(layer) is not nn.Linear:
                _refuse(f"{where}[{i}] is {type(layer).__name__}; only Linear layers (each followed by an "
                        "activation) can be exported")
            linears.append(layer)
        else:
            name = ACTIVATIONS.get(type(layer))
            if name is None:
                _refuse(f"activation {type(layer).__name__} in {where}[{i}] is not supported "
                        f"(the policy format knows {', '.join(c.__name__ for c in ACTIVATIONS)})")
            if activation not in (None, name):
                _refuse(f"{where} mixes activations ({activation} and {name}); the policy format has one")
            activation = name
    if len(layers) % 2:
        _refuse(f"{where} ends with a Linear layer without an activation before the action head")
    return linears, activation


def policy_arrays(policy: Any, game: Any, rules: Any = None) -> tuple[list[np.ndarray], list[np.ndarray], str]:
    """Weights (``in x out``), biases and activation of the actor of an sb3 actor-critic ``policy`` of ``game``'s
    observation (at the table of ``rules``; ``None``: the default table) and actions."""
    from gymnasium import spaces
    from stable_baselines3.common.torch_layers import FlattenExtractor, MlpExtractor

    name = type(policy).__name__
    obs_space, act_space = getattr(policy, "observation_space", None), getattr(policy, "action_space", None)
    width = observation_size(game, rules)
    if not (isinstance(obs_space, spaces.Box) and tuple(obs_space.shape) == (width,)):
        got = f"a Box of shape {tuple(obs_space.shape)}" if isinstance(obs_space, spaces.Box) else obs_space
        _refuse(f"its observation space is {got}, not the env's Box of shape ({width},) at this table "
                "(a model of another table size needs that size's rules: --players/--sides)")
    if not (isinstance(act_space, spaces.Discrete) and int(act_space.n) == game.NUM_ACTIONS):
        _refuse(f"its action space is {act_space}, not the env's Discrete({game.NUM_ACTIONS})")
    for attr in ("pi_features_extractor", "features_extractor"):
        extractor = getattr(policy, attr, None)
        if extractor is not None and type(extractor) is not FlattenExtractor:
            _refuse(f"its features extractor ({attr}) is {type(extractor).__name__}; only FlattenExtractor "
                    "(an MLP on the observation) can be exported")
    mlp = getattr(policy, "mlp_extractor", None)
    if type(mlp) is not MlpExtractor:
        _refuse(f"{name}.mlp_extractor is {type(mlp).__name__}, not sb3's MlpExtractor")
    shared = getattr(mlp, "shared_net", None)
    if shared is not None and len(list(shared.children())) > 0:
        _refuse("its MLP extractor has layers shared by the actor and the critic (shared_net)")
    linears, activation = _linear_stack(mlp.policy_net, "mlp_extractor.policy_net")
    head = getattr(policy, "action_net", None)
    if type(head) is not nn.Linear:
        _refuse(f"its action head (action_net) is {type(head).__name__}, not a Linear layer")
    linears.append(head)
    weights = [lin.weight.detach().cpu().numpy().astype(np.float32).T for lin in linears]  # torch keeps out x in
    biases = [(lin.bias.detach().cpu().numpy() if lin.bias is not None else np.zeros(lin.out_features))
              .astype(np.float32) for lin in linears]
    # With no hidden layer the activation is never applied; record the format's default.
    return weights, biases, activation or "relu"


def export_sb3(model: Any, out: str, rules: Any = None, training: dict[str, Any] | None = None,
               game: str = "footcanasta") -> dict:
    """Write the actor of a MaskablePPO ``model`` (the object, or the path of its .zip) of the game named ``game``
    as a policy file at ``out``; returns the metadata written. ``rules``: the game's ``Rules`` the model was
    trained under (default rules if ``None``). Raises ``ExportError`` (a ``ValueError``) naming what cannot be
    exported, and ``ValueError`` for an unknown game."""
    the_game = get_game(game)
    source = None
    if isinstance(model, (str, os.PathLike)):
        from sb3_contrib import MaskablePPO

        source = os.fspath(model)
        if not os.path.isfile(source) and os.path.isfile(source + ".zip"):
            source += ".zip"
        if not os.path.isfile(source):
            raise ExportError(f"model file {source!r} not found")
        model = MaskablePPO.load(source, device="cpu")
    policy = getattr(model, "policy", model)
    weights, biases, activation = policy_arrays(policy, the_game, rules)
    record = {"source": f"sb3 {type(model).__name__}", "exported_by": "training/export_sb3.py",
              "num_timesteps": int(getattr(model, "num_timesteps", 0) or 0),
              "layers": [int(weights[0].shape[0])] + [int(w.shape[1]) for w in weights]}
    if source:
        record["model"] = source
    record.update(training or {})
    return save_policy(out, weights, biases, activation=activation, rules=rules, training=record,
                       game=the_game.NAME)


def main(argv: list[str] | None = None) -> dict:
    """Export ``--model`` to ``--out`` at the table of ``--players``/``--sides``; the metadata written. A game or
    size that does not exist, or a model that cannot be exported, stops the script with the reason."""
    args = parse_args(Args, argv)
    try:
        game = get_game(args.game)
    except ValueError as e:
        raise SystemExit(f"error: --game: {e}") from None
    rules = table_rules(game, args.players, args.sides)
    try:
        meta = export_sb3(args.model, args.out, rules=rules, game=args.game)
    except ExportError as e:
        raise SystemExit(f"error: {e}") from None
    print(f"wrote {args.out}: MLP {'-'.join(map(str, meta['arch']['layers']))} ({meta['arch']['activation']}); "
          f"play it with: {evaluate_hint(args.out, game, rules)}")
    return meta


if __name__ == "__main__":
    main()
