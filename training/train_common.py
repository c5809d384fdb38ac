"""Small pieces every training script uses: the CLI from an Args dataclass, the game named by ``--game``,
seeding, the command record, the torch MLP and its action mask, evaluation against a bot, steps per second
and seconds per phase, JSON output.

Scripts import it from the package (``from training.train_common import ...``), as every module of
``training`` imports another (``training/__init__.py`` says how a script run as a file finds it).
"""

from __future__ import annotations

import dataclasses
import json
import os
import random
import shlex
import sys
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any, TypeVar

import numpy as np
import torch
import tyro
from torch import nn
from tyro.constructors import ConstructorRegistry, PrimitiveConstructorSpec, PrimitiveTypeInfo

from footcanasta_env.games import TRAINING, get_game

ArgsT = TypeVar("ArgsT")

_BOOLS = {"true": True, "yes": True, "1": True, "false": False, "no": False, "0": False}
_REGISTRY = ConstructorRegistry()


@_REGISTRY.primitive_rule
def _bool_rule(type_info: PrimitiveTypeInfo) -> PrimitiveConstructorSpec | None:
    """Booleans take a value, any case: ``--progress false`` (the flags the docs and records use)."""
    if type_info.type is not bool:
        return None

    def from_str(args: list[str]) -> bool:
        try:
            return _BOOLS[args[0].lower()]
        except KeyError:
            raise ValueError(f"expected true or false, got {args[0]!r}") from None

    return PrimitiveConstructorSpec(nargs=1, metavar="{true,false}", instance_from_str=from_str,
                                    is_instance=lambda x: isinstance(x, bool),
                                    str_from_instance=lambda x: ["true" if x else "false"])


def parse_args(cls: type[ArgsT], argv: Sequence[str] | None = None) -> ArgsT:
    """``tyro.cli(cls)``: one ``--flag-name`` per field, its docstring as the help text."""
    with _REGISTRY:  # the bool rule above (a context manager: tyro 0.9 has no ``registry=`` argument yet)
        return tyro.cli(cls, args=argv, config=(tyro.conf.FlagConversionOff,))


def load_game(name: str) -> Any:
    """The game registered as ``name`` (``--game``) with the names training needs (``games.TRAINING``); an unknown
    name, or a game that lacks one of those names, stops the script with the reason (the known games named)."""
    try:
        return get_game(name, need=TRAINING)
    except ValueError as e:
        raise SystemExit(f"error: --game: {e}") from None


def table_rules(game: Any, players: int = 0, sides: int = 0) -> Any:
    """The rules of ``game`` at the table of ``--players`` and ``--sides`` (0: the game's default, four players):
    ``game.Rules(players=..., sides=...)``. A game with one table size (Foot Canasta), a negative count or a size
    the game's rules refuse stops the script with the reason."""
    for flag, n in (("--players", players), ("--sides", sides)):
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise SystemExit(f"error: {flag} must be 0 (the game's default table) or a number of them, got {n!r}")
    if not players and not sides:
        return game.Rules()
    if "players" not in {f.name for f in dataclasses.fields(game.Rules)}:
        raise SystemExit(f"error: --players/--sides: {game.TITLE} is played at one table size only (four players); "
                         "other sizes are Canasta's (--game canasta)")
    kw = {k: v for k, v in (("players", players), ("sides", sides)) if v}
    try:
        return game.Rules(**kw)
    except (TypeError, ValueError) as e:
        raise SystemExit(f"error: --players/--sides: {e}") from None


def sized_env_kwargs(game: Any, table: Any) -> dict[str, Any]:
    """The ``rules=`` keyword of ``game``'s envs for the table of ``table`` (``table_rules``): none at the game's
    default table, so the envs keep their own default rules (Canasta's: capped at a number of rounds) there."""
    return {} if table == game.Rules() else {"rules": table}


def check_policy_table(game: Any, flag: str, path: str, table: Any) -> None:
    """Stop the script unless the policy file at ``path`` (given by ``flag``) plays ``game`` at the table of
    ``table``: ``make_bot("policy:PATH", rules=table)``'s own refusal (a file of another size or game) says why."""
    try:
        game.make_bot(f"policy:{path}", 0, rules=table)
    except ValueError as e:
        raise SystemExit(f"error: {flag}: {e}") from None


def evaluate_hint(path: str, game: Any, rules: Any = None) -> str:
    """The ``footcanasta evaluate`` command that plays the policy file at ``path`` of ``game`` (a game module)
    against the expert at the table of ``rules`` (``None``: the default table): its ``--game``, ``--players`` and
    ``--sides`` flags where they are not the defaults."""
    flags = [] if game.NAME == "footcanasta" else ["--game", game.NAME]
    size = {k: getattr(rules, k) for k in ("players", "sides") if hasattr(rules, k)}
    if size and size != {k: getattr(game.Rules(), k) for k in size}:
        flags += ["--players", str(size["players"])]
        if size.get("sides", 0) != getattr(game.Rules(players=size["players"]), "sides", 0):
            flags += ["--sides", str(size["sides"])]
    return shlex.join(["footcanasta", "evaluate", *flags, f"policy:{path}", "expert"])


def training_rules(game: Any, rounds: int, table: Any = None) -> Any:
    """The rules of a training game of ``game`` with ``rounds`` rounds (``--rounds``): 0 the whole game as it is
    evaluated (``table``, the game's rules at the run's table size; ``None``: its ``Rules()``: Foot Canasta's four
    rounds, Canasta's game to its target); N > 0 only the first N rounds, through the rules' ``with_rounds``
    (Foot Canasta, 1 to 4) or its ``max_rounds`` cap (Canasta). A count the game refuses stops the script with
    its reason."""
    rules = game.Rules() if table is None else table
    if isinstance(rounds, bool) or not isinstance(rounds, int) or rounds < 0:
        raise SystemExit(f"error: --rounds must be 0 (the whole game) or a positive number, got {rounds!r}")
    if rounds == 0:
        return rules
    try:
        if callable(getattr(rules, "with_rounds", None)):
            return rules.with_rounds(rounds)
        if dataclasses.is_dataclass(rules) and "max_rounds" in {f.name for f in dataclasses.fields(rules)}:
            return dataclasses.replace(rules, max_rounds=rounds)
    except ValueError as e:
        raise SystemExit(f"error: --rounds: {e}") from None
    raise SystemExit(f"error: --rounds: the rules of {game.TITLE} have no round count to set (give 0)")


def seed_everything(seed: int, threads: int) -> None:
    """Seed python, numpy and torch; pin torch's thread count (the machine is shared)."""
    random.seed(seed)
    np.random.seed(seed)
    torch.manual_seed(seed)
    torch.set_num_threads(threads)


def command_line(argv: Sequence[str] | None = None) -> str:
    """The command that started this process as one would type it again: ``python training/X.py ARGS``.

    The script's path is made relative to the working directory (the repository root, as the docs run
    them) and every argument is shell-quoted, so the record can be pasted back as it is.
    """
    argv = list(sys.argv if argv is None else argv)
    return shlex.join(["python", os.path.relpath(os.path.abspath(argv[0])), *argv[1:]])


def layer_sizes(game: Any, hidden: str, obs_size: int | None = None) -> list[int]:
    """``"512,512"`` -> ``[obs_size, 512, 512, game.NUM_ACTIONS]`` (``obs_size``: the table's observation width;
    ``None``: ``game.OBS_SIZE``)."""
    width = game.OBS_SIZE if obs_size is None else obs_size
    return [width] + [int(h) for h in hidden.split(",") if h.strip()] + [game.NUM_ACTIONS]


def mlp(sizes: list[int], activation: str = "relu", out_gain: float = 0.01) -> nn.Sequential:
    """Linear layers with ``activation`` between them; orthogonal init (small last layer, CleanRL style)."""
    act = {"relu": nn.ReLU, "tanh": nn.Tanh}[activation]
    mods: list[nn.Module] = []
    for i in range(len(sizes) - 1):
        lin = nn.Linear(sizes[i], sizes[i + 1])
        last = i == len(sizes) - 2
        nn.init.orthogonal_(lin.weight, out_gain if last else np.sqrt(2))
        nn.init.zeros_(lin.bias)
        mods.append(lin)
        if not last:
            mods.append(act())
    return nn.Sequential(*mods)


def masked_logits(logits: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    """Illegal actions get a large negative logit (finite, so entropies stay finite)."""
    return torch.where(mask, logits, torch.full_like(logits, -1e8))


def eval_vs(path: str, opponent: str, deals: int, seed: int, game: str | None = None) -> dict[str, float]:
    """Duplicate-deal match of the policy file against a bot of ``game`` (None: the game the file names), whole
    games at the table its file records (its rules' size): win rate, its CI and mean difference."""
    from footcanasta_env.evaluation import evaluate
    from footcanasta_env.policyfile import load_policy

    policy = load_policy(path)
    game = game or policy.game
    module = get_game(game)
    rules = module.Rules.from_dict(policy.meta.get("rules") or {})
    if hasattr(rules, "max_rounds") and rules.max_rounds is not None:  # a file of a capped run plays whole games
        rules = dataclasses.replace(rules, max_rounds=None)
    rep = evaluate(f"policy:{path}", opponent, deals=deals, seed=seed, workers=1, game=game, rules=rules)
    return {"win_rate": rep.win_rate, "win_lo": rep.win_ci[0], "win_hi": rep.win_ci[1], "mean_diff": rep.mean_diff,
            "games": len(rep.games)}


class Timer:
    """Steps per second over the life of a run."""

    def __init__(self) -> None:
        self.t0 = time.time()

    def elapsed(self) -> float:
        """Seconds since the start."""
        return max(1e-9, time.time() - self.t0)


class Phases:
    """Seconds spent per named phase of a run: ``with phases.timed("PPO update"): ...``."""

    def __init__(self) -> None:
        self.seconds: Counter[str] = Counter()

    @contextmanager
    def timed(self, phase: str) -> Iterator[None]:
        """Add the seconds the ``with`` block takes to ``phase``."""
        t0 = time.perf_counter()
        try:
            yield
        finally:
            self.seconds[phase] += time.perf_counter() - t0


def write_json(path: str, obj: Any) -> None:
    """Write JSON, making the folder."""
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    with open(path, "w") as f:
        json.dump(obj, f, indent=2, sort_keys=True)
