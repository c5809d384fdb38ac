"""The opponent league of a training run: who holds the other partnership in each training game.

Not ``footcanasta_env.evaluation``'s league (an Elo table of finished bots): this one draws, per game,
the ``expert`` bot, the ``greedy`` bot, one of a few fixed policy files (earlier shipped policies, say)
or one of a few frozen snapshots of the learner. Policies (fixed files and snapshots) act in batches;
the scripted bots one decision at a time.
"""

from __future__ import annotations

import os
from typing import Any

import numpy as np

from footcanasta_env.policyfile import Policy, load_policy, observation_size

Opponent = str | int
"""A bot name (``"expert"``, ``"greedy"``) or the index of a policy in ``OpponentLeague.policies``."""


class OpponentLeague:
    """Draws each game's opponents: ``game``'s expert bot with ``p_expert``, its greedy bot with ``p_greedy``, one
    of the fixed policy files with ``p_fixed`` (when there are any), else a frozen snapshot of the learner.

    ``rules``: the training table (``None``: the game's default): the bots are built for it, and a fixed file
    made for another size is refused. ``policies`` lists the fixed files first, then the snapshots; an opponent
    that is an int indexes it.
    """

    def __init__(self, game: Any, rng: np.random.Generator, p_expert: float, p_greedy: float, max_snapshots: int,
                 fixed: list[str] | None = None, p_fixed: float = 0.0, rules: Any = None) -> None:
        for name, p in (("p_expert", p_expert), ("p_greedy", p_greedy), ("p_fixed", p_fixed)):
            if not 0.0 <= p <= 1.0:
                raise ValueError(f"{name} must be between 0 and 1, got {p}")
        if p_expert + p_greedy + p_fixed > 1.0 + 1e-9:
            raise ValueError(f"p_expert + p_greedy + p_fixed must be at most 1, got {p_expert + p_greedy + p_fixed}")
        if p_fixed > 0 and not fixed:
            raise ValueError("p_fixed > 0 needs at least one fixed policy file")
        self.rng = rng
        self.p_expert, self.p_greedy, self.p_fixed, self.max_snapshots = p_expert, p_greedy, p_fixed, max_snapshots
        self.fixed_paths = list(fixed or [])
        self.fixed = [load_policy(p, game.NAME) for p in self.fixed_paths]
        width = observation_size(game, rules)
        for path, pol in zip(self.fixed_paths, self.fixed, strict=True):
            if pol.weights[0].shape[0] != width:
                raise ValueError(f"fixed policy {path!r} reads {pol.weights[0].shape[0]} features, the training table "
                                 f"{width}: it plays another table size")
        self.snapshots: list[Policy] = []
        self.bots = {n: game.make_bot(n, 0, rules=rules) for n in ("expert", "greedy")}  # both deterministic

    @property
    def policies(self) -> list[Policy]:
        """The fixed policies, then the snapshots (what an int opponent indexes)."""
        return self.fixed + self.snapshots

    def add(self, policy: Policy) -> None:
        """Add a frozen snapshot; keep the first (the warm start) and the newest ones, ``max_snapshots`` in all."""
        self.snapshots.append(policy)
        if len(self.snapshots) > max(1, self.max_snapshots):
            del self.snapshots[1]

    def draw(self) -> Opponent:
        """A bot name or the index of a policy (the expert while there is no snapshot yet)."""
        u = self.rng.random()
        if u < self.p_expert:
            return "expert"
        if u < self.p_expert + self.p_greedy:
            return "greedy"
        if u < self.p_expert + self.p_greedy + self.p_fixed:
            return int(self.rng.integers(len(self.fixed)))
        if not self.snapshots:
            return "expert"
        return len(self.fixed) + int(self.rng.integers(len(self.snapshots)))

    def kind(self, opp: Opponent) -> str:
        """What an opponent is, for the per-opponent win rates: a bot name, ``fixed:FILE`` or ``snapshots``."""
        if isinstance(opp, str):
            return opp
        if opp < len(self.fixed):
            return f"fixed:{os.path.basename(self.fixed_paths[opp])}"
        return "snapshots"
