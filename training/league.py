"""The opponent league of a training run: who holds the other partnership in each training game.

Not ``footcanasta_env.evaluation``'s league (an Elo table of finished bots): this one draws, per game,
the ``expert`` bot, the ``greedy`` bot or one of a few frozen snapshots of the learner.
"""

from __future__ import annotations

import numpy as np

from footcanasta_env.bots import make_bot
from footcanasta_env.bots.policy import Policy

Opponent = str | int
"""A bot name (``"expert"``, ``"greedy"``) or the index of a frozen snapshot."""


class OpponentLeague:
    """Draws each game's opponents: expert with ``p_expert``, greedy with ``p_greedy``, else a snapshot."""

    def __init__(self, rng: np.random.Generator, p_expert: float, p_greedy: float, max_snapshots: int) -> None:
        self.rng = rng
        self.p_expert, self.p_greedy, self.max_snapshots = p_expert, p_greedy, max_snapshots
        self.snapshots: list[Policy] = []
        self.bots = {"expert": make_bot("expert", 0), "greedy": make_bot("greedy", 0)}  # both deterministic

    def add(self, policy: Policy) -> None:
        """Add a frozen snapshot; keep the first (the warm start) and the newest ones, ``max_snapshots`` in all."""
        self.snapshots.append(policy)
        if len(self.snapshots) > max(1, self.max_snapshots):
            del self.snapshots[1]

    def draw(self) -> Opponent:
        """A bot name or the index of a snapshot (the expert while there is no snapshot yet)."""
        u = self.rng.random()
        if u < self.p_expert or not self.snapshots:
            return "expert"
        if u < self.p_expert + self.p_greedy:
            return "greedy"
        return int(self.rng.integers(len(self.snapshots)))
