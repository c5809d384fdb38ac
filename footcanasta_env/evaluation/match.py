"""Fair comparison of two bots: duplicate deals and confidence intervals, in any game (leagues: ``league.py``).

The game is named (``game="footcanasta"`` by default) and reached only through ``footcanasta_env.games``:
its ``new_game``, ``make_bot``, ``check_bot_name`` and ``Rules``, and a game's ``is_over``,
``current_player``, ``view(seat)``, ``step(action)`` and ``scores`` (one per partnership). Worker processes
look the game up by its name, so a game registered at run time with an object (as the tests' toy game is)
is known only in the process that registered it (and in workers forked from it, where processes fork): play
such a game with ``workers=1``, or register it by module path where every worker imports it.

Duplicate deals. Deal ``i`` of a match with seed ``S`` is the game ``new_game(deal_seed(S, i))``; a game of
the house draws every deal of every round from that seed alone (never from the players' actions), so a
deal replays the same cards whoever sits where. Each deal is played with bot A in seats
0 and 2 and then in seats 1 and 3 (``rotations=2``), so the luck of the cards and of leading cancels.
``rotations=4`` also swaps the two copies of each bot within their partnership (each copy has its own
seeded generator, which matters for stochastic bots). Bot copies get seeds from ``(S, i, bot, copy)``,
the same in every rotation of a deal.

Figures, from A's side: the win rate (a draw counts half) and the mean score difference per game
(A's partnership total minus B's). Their 95% confidence intervals treat the deals as the independent
units (the games of one deal are correlated by construction): mean over deals ± 1.96 standard errors
of the per-deal means. When every deal gives the same result (standard error 0) the win-rate interval
falls back to the Wilson score interval over the deals, so it never claims certainty.
"""

from __future__ import annotations

import math
import multiprocessing as mp
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any, NamedTuple

import numpy as np

from ..games import DEFAULT_GAME, GameModule, check_game_name, get_game
from ..seeds import deal_seed, match_bot_seed

Z95 = 1.959963984540054


def seating(rotation: int) -> tuple[int, tuple[int, int]]:
    """A's partnership and which copy (0/1) of each bot sits in that partnership's lower seat."""
    team_a = rotation & 1
    swap = (rotation >> 1) & 1
    return team_a, (swap, 1 - swap)


@dataclass(frozen=True)
class GameRecord:
    """One game of a match, from A's side."""

    deal: int
    rotation: int
    seats_a: tuple[int, int]
    score_a: int
    score_b: int
    actions: int

    @property
    def diff(self) -> int:
        """A's total minus B's."""
        return self.score_a - self.score_b

    @property
    def result(self) -> float:
        """1 for an A win, 0.5 for a draw, 0 for a loss."""
        return 1.0 if self.diff > 0 else 0.5 if self.diff == 0 else 0.0


def play_bots_game(names: Sequence[str], seed: int, bot_seeds: Sequence[int], rules: Any = None,
                   game: str = DEFAULT_GAME) -> Any:
    """One whole game of ``game``: ``names[s]`` plays seat ``s`` with ``bot_seeds[s]``; each bot sees only its view."""
    return _play(get_game(game), names, seed, bot_seeds, rules)[0]


def _play(module: GameModule, names: Sequence[str], seed: int, bot_seeds: Sequence[int],
          rules: Any) -> tuple[Any, int]:
    """The finished game and the number of actions played."""
    bots = [module.make_bot(n, s) for n, s in zip(names, bot_seeds, strict=True)]
    game = module.new_game(seed, rules)
    n = 0
    while not game.is_over:
        p = game.current_player
        game.step(bots[p].act(game.view(p)))
        n += 1
    return game, n


def play_deal(a: str, b: str, seed: int, deal: int, rotations: int = 2, rules: Any = None,
              game: str = DEFAULT_GAME) -> list[GameRecord]:
    """Every rotation of one duplicate deal of ``game`` between A and B."""
    module = get_game(game)
    gseed = deal_seed(seed, deal)
    out = []
    for rot in range(rotations):
        team_a, order = seating(rot)
        names: list[str] = [""] * 4
        seeds: list[int] = [0] * 4
        for bot, (name, team) in enumerate(((a, team_a), (b, 1 - team_a))):
            for pos, seat in enumerate((team, team + 2)):
                names[seat] = name
                seeds[seat] = match_bot_seed(seed, deal, bot, order[pos])
        played, n = _play(module, names, gseed, seeds, rules)
        sa, sb = played.scores[team_a], played.scores[1 - team_a]
        out.append(GameRecord(deal, rot, (team_a, team_a + 2), int(sa), int(sb), n))
    return out


class DealTask(NamedTuple):
    """One duplicate deal of one pair of bots, as a worker process receives it (the game by its name)."""

    pair: int
    a: str
    b: str
    seed: int
    deal: int
    rotations: int
    rules: Any  # the game's Rules, or None for its defaults
    game: str = DEFAULT_GAME


def _deal_task(task: DealTask) -> tuple[int, list[GameRecord]]:
    """Worker entry point: (pair index, records) for one task."""
    return task.pair, play_deal(task.a, task.b, task.seed, task.deal, task.rotations, task.rules, task.game)


def _run_tasks(tasks: list[DealTask], workers: int, progress: bool, label: str) -> list[tuple[int, list[GameRecord]]]:
    """Run deal tasks (in order) on ``workers`` processes, with a rich progress bar if asked."""
    results: list[tuple[int, list[GameRecord]]] = []
    bar = None
    if progress:
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

        bar = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                       console=Console(stderr=True), transient=True)
        bar.start()
        tid = bar.add_task(label, total=len(tasks))
    try:
        if workers <= 1 or len(tasks) <= 1:
            it: Iterable = map(_deal_task, tasks)
            pool = None
        else:
            ctx = mp.get_context("fork" if "fork" in mp.get_all_start_methods() else "spawn")
            pool = ctx.Pool(min(workers, len(tasks)))
            it = pool.imap(_deal_task, tasks, chunksize=max(1, len(tasks) // (workers * 8)))
        try:
            for r in it:
                results.append(r)
                if bar is not None:
                    bar.advance(tid)
        finally:
            if pool is not None:
                pool.terminate()
                pool.join()
    finally:
        if bar is not None:
            bar.stop()
    return results


def _check_args(game: str, names: Sequence[str], deals: int, rotations: int, workers: int, seed: int,
                rules: Any = None) -> str:
    """Validate match arguments with clear messages; the game's canonical name.

    Every bot name is checked by the game first (a typo fails at once, naming the known bots), then each
    bot is built once, so that one that cannot load (a missing policy file) fails before any game."""
    game = check_game_name(game)
    module = get_game(game)
    if rules is not None and not isinstance(rules, module.Rules):
        raise ValueError(f"rules must be {module.TITLE}'s Rules (game {game!r}), got {type(rules).__name__}")
    for n in names:
        module.check_bot_name(n)
    for n in dict.fromkeys(names):
        module.make_bot(n, 0)
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise ValueError(f"seed must be a non-negative whole number, got {seed!r}")
    if isinstance(deals, bool) or not isinstance(deals, int) or deals < 1:
        raise ValueError(f"deals must be a positive whole number, got {deals!r}")
    if rotations not in (2, 4):
        raise ValueError(f"rotations must be 2 or 4, got {rotations!r}")
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise ValueError(f"workers must be a positive whole number, got {workers!r}")
    return game


def mean_ci(x: Sequence[float]) -> tuple[float, float, float]:
    """Mean and 95% normal confidence interval of independent values (the interval is the mean for n < 2)."""
    arr = np.asarray(x, dtype=float)
    m = float(arr.mean())
    if len(arr) < 2:
        return m, m, m
    half = Z95 * float(arr.std(ddof=1)) / math.sqrt(len(arr))
    return m, m - half, m + half


def wilson(p: float, n: int) -> tuple[float, float]:
    """95% Wilson score interval of a proportion ``p`` observed over ``n`` trials."""
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    # Clamp so rounding never puts the observed proportion outside its own interval.
    return max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half))


@dataclass
class MatchReport:
    """The outcome of a duplicate match between A and B, from A's side."""

    a: str
    b: str
    seed: int
    deals: int
    rotations: int
    games: list[GameRecord] = field(repr=False)
    wins: int = 0
    draws: int = 0
    losses: int = 0
    win_rate: float = 0.0
    win_ci: tuple[float, float] = (0.0, 0.0)
    mean_diff: float = 0.0
    diff_ci: tuple[float, float] = (0.0, 0.0)
    mean_score_a: float = 0.0
    mean_score_b: float = 0.0
    mean_actions: float = 0.0
    game: str = DEFAULT_GAME

    @classmethod
    def from_games(cls, a: str, b: str, seed: int, deals: int, rotations: int,
                   games: list[GameRecord], game: str = DEFAULT_GAME) -> MatchReport:
        """Compute every figure from the games played."""
        if not games:
            raise ValueError("a match report needs at least one game")
        by_deal: dict[int, list[GameRecord]] = {}
        for g in games:
            by_deal.setdefault(g.deal, []).append(g)
        deal_wins = [sum(g.result for g in gs) / len(gs) for gs in by_deal.values()]
        deal_diffs = [sum(g.diff for g in gs) / len(gs) for gs in by_deal.values()]
        win_rate, lo, hi = mean_ci(deal_wins)
        if hi - lo <= 1e-12:
            lo, hi = wilson(win_rate, len(deal_wins))
        md, dlo, dhi = mean_ci(deal_diffs)
        return cls(
            a=a, b=b, seed=seed, deals=deals, rotations=rotations, games=games,
            wins=sum(g.diff > 0 for g in games), draws=sum(g.diff == 0 for g in games),
            losses=sum(g.diff < 0 for g in games), win_rate=win_rate,
            win_ci=(max(0.0, lo), min(1.0, hi)), mean_diff=md, diff_ci=(dlo, dhi),
            mean_score_a=float(np.mean([g.score_a for g in games])),
            mean_score_b=float(np.mean([g.score_b for g in games])),
            mean_actions=float(np.mean([g.actions for g in games])), game=game,
        )

    def to_dict(self, with_games: bool = False) -> dict[str, Any]:
        """Plain JSON-able summary (and every game if asked)."""
        d = {"game": self.game, **asdict(self)}
        d.pop("games")
        d["games_played"] = len(self.games)
        d["win_ci"] = list(self.win_ci)
        d["diff_ci"] = list(self.diff_ci)
        if with_games:
            d["games"] = [dict(asdict(g), seats_a=list(g.seats_a)) for g in self.games]
        return d


def evaluate(a: str, b: str, deals: int = 100, seed: int = 0, rotations: int = 2, workers: int = 1,
             progress: bool = False, rules: Any = None, game: str = DEFAULT_GAME) -> MatchReport:
    """Play ``deals`` duplicate deals of ``game`` between bots A and B; a fixed seed gives the same report."""
    game = _check_args(game, (a, b), deals, rotations, workers, seed, rules)
    tasks = [DealTask(0, a, b, seed, i, rotations, rules, game) for i in range(deals)]
    games = [g for _, recs in _run_tasks(tasks, workers, progress, f"{a} vs {b}") for g in recs]
    return MatchReport.from_games(a, b, seed, deals, rotations, games, game)
