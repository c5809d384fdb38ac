"""A side's reward for finished rounds, as every game's envs pay it (AEC and one-seat alike).

The reward is zero-sum across the sides of the game's table (``Geometry.zero_sum``): with two sides a
side's score difference, with more a side's score minus the mean of the others'. A round result's
``"scores"`` and a game's ``scores`` hold one total per side, so without a geometry the sides are those
entries.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from ..family.geometry import Geometry


@lru_cache(maxsize=16)
def sides_table(sides: int) -> Geometry:
    """A table of ``sides`` seats, each its own side: what a list of ``sides`` totals alone tells of the table."""
    if sides < 2:
        raise ValueError(f"a zero-sum reward needs at least two sides, got {sides}")
    return Geometry(sides, tuple((s,) for s in range(sides)), tuple(f"side {s}" for s in range(sides)))


def win_shares(final_scores: Sequence[float], geometry: Geometry) -> list[float]:
    """Each side's zero-sum share of winning: 1 for the winners, 0 for the others, each minus the mean of
    the other sides' (two sides: +1, -1, or 0 for a draw)."""
    won = [0.0] * geometry.num_sides
    for side in geometry.winners(final_scores):
        won[side] = 1.0
    return [geometry.zero_sum(won, side) for side in range(geometry.num_sides)]


def side_rewards(results: Sequence[Mapping[str, Any]], geometry: Geometry, mode: str = "round",
                 scale: float = 0.001, final_scores: Sequence[float] | None = None) -> list[float]:
    """Every side's reward for newly finished rounds (see ``team_reward``), in the order of ``geometry.sides``."""
    sides = range(geometry.num_sides)
    if mode == "round":
        totals = [0.0] * geometry.num_sides
        for r in results:
            for side in sides:
                totals[side] += geometry.zero_sum(r["scores"], side)
        return [t * scale for t in totals]
    if mode != "win":
        raise ValueError(f"reward mode must be 'round' or 'win', got {mode!r}")
    if final_scores is None:
        return [0.0] * geometry.num_sides
    return win_shares(final_scores, geometry)


def team_reward(results: Sequence[Mapping[str, Any]], team: int, mode: str = "round", scale: float = 0.001,
                final_scores: Sequence[int] | None = None, geometry: Geometry | None = None) -> float:
    """Side ``team``'s reward for newly finished rounds.

    ``results``: the round results finished since the last reward (``Game.round_results[k:]``).
    ``mode="round"``: their zero-sum score share (two sides: own minus other) times ``scale``.
    ``mode="win"``: the zero-sum share of winning (two sides: +1, -1 or 0) once the game is over
    (``final_scores``, one total per side, given only then), 0 before. The sides' rewards add up to zero.
    ``geometry``: the game's table (default: one side per entry of the scores).
    """
    if mode == "round":
        if not results:
            return 0.0
        table = geometry or sides_table(len(results[0]["scores"]))
        return sum(table.zero_sum(r["scores"], team) for r in results) * scale
    if mode != "win":
        raise ValueError(f"reward mode must be 'round' or 'win', got {mode!r}")
    if final_scores is None:
        return 0.0
    return win_shares(final_scores, geometry or sides_table(len(final_scores)))[team]
