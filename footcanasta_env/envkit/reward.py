"""A partnership's reward for finished rounds, as every game's envs pay it (AEC and one-seat alike)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any


def team_reward(results: Sequence[Mapping[str, Any]], team: int, mode: str = "round", scale: float = 0.001,
                final_scores: Sequence[int] | None = None) -> float:
    """Partnership ``team``'s reward for newly finished rounds.

    ``results``: the round results finished since the last reward (``Game.round_results[k:]``).
    ``mode="round"``: their score difference (own minus other) times ``scale``. ``mode="win"``: +1, -1 or
    0 once the game is over (``final_scores``, the two totals, given only then), 0 before. The other
    partnership's reward is the negative: the game is zero-sum between partnerships.
    """
    if mode == "round":
        return sum((r["scores"][team] - r["scores"][1 - team]) for r in results) * scale
    if final_scores is None:
        return 0.0
    own, other = final_scores[team], final_scores[1 - team]
    return 1.0 if own > other else -1.0 if own < other else 0.0
