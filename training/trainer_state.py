"""Trainer checkpoints of ``selfplay_ppo.py``: everything a run needs to go on where it stopped, in a file
that loads without unpickling code and can be committed.

A checkpoint is a plain-array file (``footcanasta_env.arrayfile``: an ``.npz`` that
``np.load(..., allow_pickle=False)`` reads):

* ``actor/<name>``, ``critic/<name>``: the torch state dicts, as float32 arrays;
* ``opt/<i>/<key>``: Adam's per-parameter state (``step``, ``exp_avg``, ``exp_avg_sq``), ``i`` in the
  order of ``agent.parameters()``;
* ``league/<k>/W<j>``, ``league/<k>/b<j>``: the frozen snapshots of the opponents' league, oldest first;
* ``torch_rng``: torch's generator state (a uint8 array);
* ``meta_json``: a UTF-8 JSON object with ``format`` (``FORMAT.name``), ``format_version``, the observation
  and action versions and sizes, the run's ``args`` (the settings of ``Args``), ``run`` (its name),
  ``update``, ``step`` (PPO decisions so far), the summary so far (its ``progress`` has the env steps), the
  league's size and activation, and ``sha256``: a digest of every other array, so a damaged file is refused rather than
  half-loaded.

``load_checkpoint`` checks all of it and raises ``CheckpointError`` (a ``ValueError``) saying what is wrong.
``trainer_arrays`` gathers the arrays of a run's agent, optimizer and league; ``restore`` puts them back
into a run built with the checkpoint's settings; ``init_from`` takes only the actor, for a new run.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import numpy as np
import torch
from torch import nn

from footcanasta_env.arrayfile import ArrayFormat, mlp_arrays, read_arrays, write_arrays
from footcanasta_env.games import DEFAULT_GAME, get_game
from footcanasta_env.policyfile import Policy, observation_size
from training.opponent_league import OpponentLeague
from training.policy_export import load_actor


class CheckpointError(ValueError):
    """A trainer checkpoint that cannot be used: damaged, of another format, or of another run's shape."""


FORMAT = ArrayFormat("footcanasta-trainer", 1, what="trainer checkpoint", noun="trainer checkpoint",
                     error=CheckpointError, keeps_digest=True)


def _compat(meta: dict[str, Any]) -> dict[str, Any]:
    """The fields a checkpoint must share with this code: the observation (at the run's table) and action spaces
    of its game."""
    g = get_game(_game_of(meta))
    return {"obs_version": g.OBS_VERSION, "obs_size": observation_size(g, _table_of(g, meta)),
            "action_version": g.ACTION_VERSION, "num_actions": g.NUM_ACTIONS}


def _table_of(game: Any, meta: dict[str, Any]) -> Any:
    """The game's rules at the run's table (``args.players``, ``args.sides``; 0 or absent, as in every checkpoint
    written before there were sizes: the default table), or ``None`` for the default."""
    args = meta.get("args") if isinstance(meta.get("args"), dict) else {}
    size = {k: args[k] for k in ("players", "sides") if args.get(k)}
    if not size:
        return None
    try:
        return game.Rules(**size)
    except (TypeError, ValueError) as e:
        raise ValueError(f"its table ({size}) is not one of {game.TITLE}'s: {e}") from None


def _game_of(meta: dict[str, Any]) -> str:
    """The game a run trained (``args.game``; checkpoints written before there were two games: Foot Canasta)."""
    args = meta.get("args")
    return str(args.get("game") or DEFAULT_GAME) if isinstance(args, dict) else DEFAULT_GAME


def save_checkpoint(path: str, arrays: dict[str, np.ndarray], meta: dict[str, Any]) -> None:
    """Write ``arrays`` and ``meta`` (the format fields and digest are added) atomically to ``path``; the
    spaces recorded are those of the game ``meta["args"]["game"]`` names, at its table (``players``, ``sides``)."""
    write_arrays(path, FORMAT, arrays, dict(meta, **_compat(meta)))


def load_checkpoint(path: str) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
    """The arrays and metadata of a trainer checkpoint, checked against the spaces of the game it names;
    ``CheckpointError`` naming what is wrong."""
    arrays, meta = read_arrays(path, FORMAT, {})
    for key in ("args", "run", "update", "step"):
        if key not in meta:
            raise FORMAT.fail(path, f"its metadata lacks {key!r}")
    try:
        expected = _compat(meta)
    except ValueError as e:  # a game this code does not know
        raise FORMAT.fail(path, str(e)) from None
    for key, want in expected.items():
        if meta.get(key) != want:
            raise FORMAT.fail(path, f"{key} mismatch: the file has {meta.get(key)!r}, this code expects {want!r}")
    return arrays, meta


def prefixed(arrays: dict[str, np.ndarray], prefix: str) -> dict[str, np.ndarray]:
    """The entries under ``prefix/``, with the prefix taken off."""
    p = prefix + "/"
    return {k[len(p):]: v for k, v in arrays.items() if k.startswith(p)}


def policy_arrays(p: Policy, prefix: str) -> dict[str, np.ndarray]:
    """A policy's layers as arrays under ``prefix/``."""
    return mlp_arrays(p.weights, p.biases, prefix + "/")


def policy_from(arrays: dict[str, np.ndarray], activation: str) -> Policy:
    """The policy of the layers ``W<j>``, ``b<j>`` of ``arrays``."""
    n = len([k for k in arrays if k.startswith("W")])
    return Policy([arrays[f"W{j}"] for j in range(n)], [arrays[f"b{j}"] for j in range(n)], activation)


def trainer_arrays(agent: nn.Module, opt: torch.optim.Optimizer, league: OpponentLeague) -> dict[str, np.ndarray]:
    """Every array of a trainer checkpoint."""
    out: dict[str, np.ndarray] = {}
    for part in ("actor", "critic"):
        for k, v in getattr(agent, part).state_dict().items():
            out[f"{part}/{k}"] = v.detach().numpy().copy()
    state = opt.state_dict()["state"]
    for i in range(len(list(agent.parameters()))):
        for k, v in state.get(i, {}).items():
            out[f"opt/{i}/{k}"] = v.detach().numpy().copy() if torch.is_tensor(v) else np.asarray(v)
    for k, p in enumerate(league.snapshots):
        out.update(policy_arrays(p, f"league/{k}"))
    out["torch_rng"] = torch.get_rng_state().numpy().copy()
    return out


def restore(agent: nn.Module, opt: torch.optim.Optimizer, league: OpponentLeague, arrays: dict[str, np.ndarray],
            meta: dict, path: str) -> None:
    """Load a checkpoint's weights, optimizer, league and generator into a run built with its settings."""
    try:
        for part in ("actor", "critic"):
            sd = {k: torch.from_numpy(v.copy()) for k, v in prefixed(arrays, part).items()}
            getattr(agent, part).load_state_dict(sd, strict=True)
        params = list(agent.parameters())
        state = {}
        for i, p in enumerate(params):
            got = prefixed(arrays, f"opt/{i}")
            if got:
                if got["exp_avg"].shape != tuple(p.shape):
                    raise ValueError(f"optimizer state {i} has shape {got['exp_avg'].shape}, "
                                     f"parameter {tuple(p.shape)}")
                state[i] = {k: torch.from_numpy(v.copy()) for k, v in got.items()}
        sd = opt.state_dict()
        sd["state"] = state
        opt.load_state_dict(sd)
    except (RuntimeError, ValueError, KeyError) as e:
        raise CheckpointError(f"trainer checkpoint {path!r} does not fit this run's networks: {e}") from None
    league.snapshots = [policy_from(prefixed(arrays, f"league/{k}"), meta["league"]["activation"])
                        for k in range(meta["league"]["snapshots"])]
    torch.set_rng_state(torch.from_numpy(arrays["torch_rng"].copy()))


def init_from(actor: nn.Module, path: str) -> None:
    """The actor's weights from a policy file or from a trainer checkpoint's actor."""
    if path.endswith(".ckpt.npz"):
        arrays, _meta = load_checkpoint(path)
        sd = {k: torch.from_numpy(v.copy()) for k, v in prefixed(arrays, "actor").items()}
        try:
            actor.load_state_dict(sd, strict=True)
        except RuntimeError as e:
            raise ValueError(f"{path}: its actor does not fit --hidden: {e}") from None
        return
    load_actor(actor, path)


def slim_checkpoint(path: str, out: str, snapshots: int = 1, optimizer: bool = False) -> dict[str, Any]:
    """Write a smaller copy of the trainer checkpoint ``path`` to ``out`` (one to commit): the weights, the
    generator and the record whole, only the newest ``snapshots`` of the league, and Adam's state only with
    ``optimizer`` (without it a resumed run's Adam starts afresh from the saved weights); its metadata.

    ``--resume out`` goes on from it as from the original, with that smaller league."""
    if snapshots < 1:
        raise ValueError(f"a slim checkpoint keeps at least one league snapshot, got {snapshots}")
    arrays, meta = load_checkpoint(path)
    total = meta["league"]["snapshots"]
    kept = list(range(max(0, total - snapshots), total))
    out_arrays = {k: v for k, v in arrays.items()
                  if not k.startswith("league/") and (optimizer or not k.startswith("opt/"))}
    for new, old in enumerate(kept):
        out_arrays.update({f"league/{new}/{k}": v for k, v in prefixed(arrays, f"league/{old}").items()})
    meta = {k: v for k, v in meta.items() if k not in ("format", "format_version", "sha256")
            and k not in _compat(meta)}
    meta = dict(meta, league=dict(meta["league"], snapshots=len(kept)),
                slimmed={"from": path, "league_snapshots_dropped": total - len(kept), "optimizer_kept": optimizer})
    save_checkpoint(out, out_arrays, meta)
    return meta


def given_flags(args_class: type, argv: list[str]) -> set[str]:
    """The fields of the dataclass ``args_class`` named on a command line (``--total-steps 5`` or
    ``--total-steps=5``)."""
    names = {f.name for f in dataclasses.fields(args_class)}
    out = set()
    for tok in argv:
        if tok.startswith("--"):
            name = tok[2:].split("=", 1)[0].replace("-", "_")
            if name in names:
                out.add(name)
    return out


def resumed_args(args_class: type, args: Any, argv: list[str], saved: dict, overrides: frozenset[str]) -> Any:
    """A saved run's settings (``saved``, an ``args_class`` as a dict) with the command line's changes of the
    fields in ``overrides``; any other change the command line makes is refused (``SystemExit``)."""
    base = args_class(**{k: v for k, v in saved.items() if k in {f.name for f in dataclasses.fields(args_class)}})
    changes = {}
    for name in given_flags(args_class, argv):
        new, old = getattr(args, name), getattr(base, name)
        if name in overrides:
            changes[name] = new
        elif new != old:
            raise SystemExit(f"error: --resume continues a run with its own settings; --{name.replace('_', '-')} "
                             f"is {old!r} in the checkpoint and {new!r} here (only "
                             f"{', '.join('--' + n.replace('_', '-') for n in sorted(overrides))} may change)")
    return dataclasses.replace(base, **changes)
