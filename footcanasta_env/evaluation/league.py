"""Leagues of bots of one game: every pair plays a duplicate match on the same deals; Elo ratings with errors.

League. Every pair of bots plays a match on the same deals; Elo ratings (400-point logistic scale,
mean 1500) are fitted by maximum likelihood to all games, with one virtual draw per pair so that a
clean sweep still gives a finite rating; their uncertainty is the standard deviation over bootstrap
resamples of the deals.

With more than two sides, a match seats A on one side against B on all the others, and A's points are its
first places: against ``m`` sides of B, equal bots share a first place 1 in ``m + 1`` times, so the fit
counts A's first-place chance as ``1 / (1 + m 10^((B - A) / 400))`` (the Elo curve for ``m = 1``).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from ..games import DEFAULT_GAME, get_game
from .match import DealTask, GameRecord, MatchReport, _check_args, _run_tasks


def fit_elo(n_players: int, pairs: Sequence[tuple[int, int, float, float]], prior_draws: float = 1.0,
            iters: int = 100, rivals: int = 1) -> np.ndarray:
    """Maximum-likelihood Elo ratings (mean 1500) from (i, j, points of i, games) per pair.

    ``prior_draws`` virtual draws per pair keep the estimate finite when one side won every game.
    ``rivals``: the sides of j that i's points were scored against (first places against several; see the
    module docstring); a virtual draw then gives i the points of equal bots, ``1 / (rivals + 1)``.
    """
    if isinstance(rivals, bool) or not isinstance(rivals, int) or rivals < 1:
        raise ValueError(f"rivals must be a positive whole number, got {rivals!r}")
    c = math.log(10) / 400
    offset = math.log(rivals)  # equal ratings: i first with chance 1 / (rivals + 1)
    r = np.zeros(n_players)
    if n_players < 2:
        return r + 1500
    data = [(i, j, s + prior_draws / (rivals + 1), n + prior_draws) for i, j, s, n in pairs]
    for _ in range(iters):
        grad = np.zeros(n_players)
        hess = np.zeros((n_players, n_players))
        for i, j, s, n in data:
            p = 1 / (1 + math.exp(offset - c * (r[i] - r[j])))
            g = c * (s - n * p)
            w = c * c * n * p * (1 - p)
            grad[i] += g
            grad[j] -= g
            hess[i, i] -= w
            hess[j, j] -= w
            hess[i, j] += w
            hess[j, i] += w
        # Fix the free additive constant by solving on the first n-1 players with the last at 0.
        step = np.zeros(n_players)
        step[:-1] = np.linalg.solve(hess[:-1, :-1] - 1e-12 * np.eye(n_players - 1), -grad[:-1])
        r = r + step
        if np.max(np.abs(step)) < 1e-6:
            break
    return r - r.mean() + 1500


@dataclass
class LeagueReport:
    """Every pair's match and the fitted ratings."""

    names: list[str]
    seed: int
    deals: int
    rotations: int
    matches: list[MatchReport]
    ratings: list[float]
    rating_sd: list[float]
    bootstrap: int
    game: str = DEFAULT_GAME
    players: int = 0  # the table's seats and sides, as in ``MatchReport``
    sides: int = 0

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-able summary."""
        return {
            "game": self.game, "players": self.players, "sides": self.sides, "names": self.names, "seed": self.seed,
            "deals": self.deals, "rotations": self.rotations,
            "ratings": [{"bot": n, "elo": r, "sd": s}
                        for n, r, s in zip(self.names, self.ratings, self.rating_sd, strict=True)],
            "bootstrap": self.bootstrap, "matches": [m.to_dict() for m in self.matches],
        }


def _pair_points(names: list[str], matches: list[MatchReport], deal_idx: np.ndarray | None) -> list[tuple]:
    """(i, j, points of i, games) per match, over the given deals (all if None, repeats counted)."""
    index = {n: k for k, n in enumerate(names)}
    out = []
    for m in matches:
        per_deal: dict[int, list[float]] = {}
        for g in m.games:
            per_deal.setdefault(g.deal, []).append(g.result)
        keys = sorted(per_deal) if deal_idx is None else [sorted(per_deal)[d] for d in deal_idx]
        pts = sum(sum(per_deal[d]) for d in keys)
        n = sum(len(per_deal[d]) for d in keys)
        out.append((index[m.a], index[m.b], pts, n))
    return out


def league(names: Sequence[str], deals: int = 100, seed: int = 0, rotations: int | None = None, workers: int = 1,
           progress: bool = False, rules: Any = None, bootstrap: int = 200, game: str = DEFAULT_GAME) -> LeagueReport:
    """Play every pair of bots of ``game`` on the same duplicate deals and fit Elo ratings with bootstrap errors."""
    names = list(names)
    if len(names) < 2:
        raise ValueError("a league needs at least two bots")
    if len({n.strip().lower() for n in names}) != len(names):
        raise ValueError(f"a league needs distinct bots, got {' '.join(names)}")
    game, rotations = _check_args(game, names, deals, rotations, workers, seed, rules)
    table = get_game(game).geometry(rules)
    rivals = table.num_sides - 1  # B's sides in each of A's games
    pairs = list(itertools.combinations(range(len(names)), 2))
    tasks = [DealTask(k, names[i], names[j], seed, d, rotations, rules, game)
             for k, (i, j) in enumerate(pairs) for d in range(deals)]
    per_pair: list[list[GameRecord]] = [[] for _ in pairs]
    for k, recs in _run_tasks(tasks, workers, progress, "league"):
        per_pair[k].extend(recs)
    matches = [replace(MatchReport.from_games(names[i], names[j], seed, deals, rotations, per_pair[k], game),
                       players=table.seats, sides=table.num_sides) for k, (i, j) in enumerate(pairs)]
    ratings = fit_elo(len(names), _pair_points(names, matches, None), rivals=rivals)
    rng = np.random.default_rng([seed, 0xE10])
    boots = np.array([fit_elo(len(names), _pair_points(names, matches, rng.integers(0, deals, deals)), rivals=rivals)
                      for _ in range(bootstrap)]) if bootstrap else np.zeros((1, len(names)))
    sd = boots.std(axis=0, ddof=1) if bootstrap > 1 else np.zeros(len(names))
    return LeagueReport(names, seed, deals, rotations, matches, [float(x) for x in ratings],
                        [float(x) for x in sd], bootstrap, game, table.seats, table.num_sides)
