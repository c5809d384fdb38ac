"""Fair comparison of two bots: duplicate deals and confidence intervals, in any game (leagues: ``league.py``).

The game is named (``game="footcanasta"`` by default) and reached only through ``footcanasta_env.games``:
its ``new_game``, ``make_bot``, ``check_bot_name`` and ``Rules``, and a game's ``is_over``,
``current_player``, ``view(seat)``, ``step(action)`` and ``scores`` (one per side), and its table, ``geometry(rules)``:
every seat and side below is read from it. Worker processes
look the game up by its name, so a game registered at run time with an object (as the tests' toy game is)
is known only in the process that registered it (and in workers forked from it, where processes fork): play
such a game with ``workers=1``, or register it by module path where every worker imports it.

Duplicate deals. Deal ``i`` of a match with seed ``S`` is the game ``new_game(deal_seed(S, i))``; a game of
the house draws every deal of every round from that seed alone (never from the players' actions), so a
deal replays the same cards whoever sits where. Each deal is played once with bot A on every side of the
table and bot B in every other seat (the default ``rotations``, one seating per side: at four seats in
partnerships, A in seats 0 and 2 and then in seats 1 and 3), so the luck of the cards and of leading
cancels. The full count (``seating_counts``; 4 at four seats) also moves each copy of each bot through
every seat it takes (each copy has its own seeded generator, which matters for stochastic bots). Bot
copies get seeds from ``(S, i, bot, copy)``, the same in every rotation of a deal. With two sides A meets
B side against side; with more, A holds one side against B in all the others.

Figures, from A's side: the win rate (a draw counts half; with more than two sides, A's first places, a
first place shared by k sides counting 1/k) and the mean score difference per game (A's side's total minus
B's; with more than two sides, minus the mean of B's sides, the zero-sum share of ``Geometry.zero_sum``).
Their 95% confidence intervals treat the deals as the independent units (the games of one deal are
correlated by construction): mean over deals ± 1.96 standard errors
of the per-deal means. When every deal gives the same result (standard error 0) the win-rate interval
falls back to the Wilson score interval over the deals, so it never claims certainty.
"""

from __future__ import annotations

import math
import multiprocessing as mp
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field, replace
from typing import Any, NamedTuple

import numpy as np

from ..family.geometry import FOUR_IN_PARTNERSHIPS, Geometry
from ..games import DEFAULT_GAME, GameModule, check_game_name, get_game
from ..seeds import deal_seed, match_bot_seed

Z95 = 1.959963984540054


def seats_of(geometry: Geometry, side_a: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """A's seats (side ``side_a``) and B's (every other seat), each in seat order."""
    mine = geometry.sides[side_a]
    return mine, tuple(s for s in range(geometry.seats) if s not in mine)


def _copies(geometry: Geometry) -> int:
    """The most seats one bot takes in any seating: how many copies of it a seating needs."""
    return max(len(seats) for side in range(geometry.num_sides) for seats in seats_of(geometry, side))


def seating_counts(geometry: Geometry) -> tuple[int, ...]:
    """The numbers of seatings a deal may be played with: one per side (A on each side once), or that times
    the copies of a bot (every copy through every seat its bot takes)."""
    sides = geometry.num_sides
    return tuple(dict.fromkeys((sides, sides * _copies(geometry))))


def check_rotations(geometry: Geometry, rotations: int | None) -> int:
    """``rotations`` checked against the table (``None``: one seating per side)."""
    counts = seating_counts(geometry)
    if rotations is None:
        return counts[0]
    if isinstance(rotations, bool) or rotations not in counts:
        raise ValueError(f"invalid choice: rotations {rotations!r} (choose from {', '.join(map(str, counts))}: one "
                         f"seating per side, or every copy of each bot through every seat it takes)")
    return rotations


def seating(rotation: int, geometry: Geometry = FOUR_IN_PARTNERSHIPS) -> tuple[int, tuple[int, ...]]:
    """A's side in ``rotation`` and which copy of its bot sits in each seat a bot takes, in seat order (at four
    seats: A's partnership and the copies (0/1) in its lower and upper seat)."""
    shift, side_a = divmod(rotation, geometry.num_sides)
    copies = _copies(geometry)
    return side_a, tuple((pos + shift) % copies for pos in range(copies))


@dataclass(frozen=True)
class GameRecord:
    """One game of a match, from A's side."""

    deal: int
    rotation: int
    seats_a: tuple[int, ...]
    score_a: int
    score_b: float  # B's side's total; with more than two sides, the mean of B's sides
    actions: int
    first: float | None = None  # with more than two sides: A's share of the first place (1/k of a k-way tie)

    @property
    def diff(self) -> float:
        """A's total minus B's (with more than two sides, minus the mean of B's sides)."""
        return self.score_a - self.score_b

    @property
    def result(self) -> float:
        """1 for an A win, 0.5 for a draw, 0 for a loss (more than two sides: A's share of the first place)."""
        if self.first is not None:
            return self.first
        return 1.0 if self.diff > 0 else 0.5 if self.diff == 0 else 0.0


def game_record(geometry: Geometry, deal: int, rotation: int, side_a: int, scores: Sequence[int],
                actions: int) -> GameRecord:
    """The record of one finished game with A on side ``side_a``."""
    others = [int(v) for i, v in enumerate(scores) if i != side_a]
    if geometry.num_sides == 2:
        return GameRecord(deal, rotation, geometry.sides[side_a], int(scores[side_a]), others[0], actions)
    top = geometry.winners(scores)
    first = 1.0 / len(top) if side_a in top else 0.0
    return GameRecord(deal, rotation, geometry.sides[side_a], int(scores[side_a]), sum(others) / len(others), actions,
                      first)


def play_bots_game(names: Sequence[str], seed: int, bot_seeds: Sequence[int], rules: Any = None,
                   game: str = DEFAULT_GAME) -> Any:
    """One whole game of ``game``: ``names[s]`` plays seat ``s`` with ``bot_seeds[s]``; each bot sees only its view."""
    return _play(get_game(game), names, seed, bot_seeds, rules)[0]


def _play(module: GameModule, names: Sequence[str], seed: int, bot_seeds: Sequence[int],
          rules: Any) -> tuple[Any, int]:
    """The finished game and the number of actions played."""
    bots = [module.make_bot(n, s, rules=rules) for n, s in zip(names, bot_seeds, strict=True)]
    game = module.new_game(seed, rules)
    n = 0
    while not game.is_over:
        p = game.current_player
        game.step(bots[p].act(game.view(p)))
        n += 1
    return game, n


def play_deal(a: str, b: str, seed: int, deal: int, rotations: int | None = None, rules: Any = None,
              game: str = DEFAULT_GAME) -> list[GameRecord]:
    """Every rotation of one duplicate deal of ``game`` between A and B (``rotations``: ``check_rotations``)."""
    module = get_game(game)
    table = module.geometry(rules)
    rotations = check_rotations(table, rotations)
    gseed = deal_seed(seed, deal)
    out = []
    for rot in range(rotations):
        side_a, order = seating(rot, table)
        names: list[str] = [""] * table.seats
        seeds: list[int] = [0] * table.seats
        for bot, (name, seats) in enumerate(zip((a, b), seats_of(table, side_a), strict=True)):
            for pos, seat in enumerate(seats):
                names[seat] = name
                seeds[seat] = match_bot_seed(seed, deal, bot, order[pos])
        played, n = _play(module, names, gseed, seeds, rules)
        out.append(game_record(table, deal, rot, side_a, played.scores, n))
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


def _check_args(game: str, names: Sequence[str], deals: int, rotations: int | None, workers: int, seed: int,
                rules: Any = None) -> tuple[str, int]:
    """Validate match arguments with clear messages; the game's canonical name and the rotations to play.

    Every bot name is checked by the game first (a typo fails at once, naming the known bots), then each
    bot is built once, for the rules' table, so that one that cannot load (a missing policy file) or cannot
    play that size fails before any game."""
    game = check_game_name(game)
    module = get_game(game)
    if rules is not None and not isinstance(rules, module.Rules):
        raise ValueError(f"rules must be {module.TITLE}'s Rules (game {game!r}), got {type(rules).__name__}")
    for n in names:
        module.check_bot_name(n)
    for n in dict.fromkeys(names):
        module.make_bot(n, 0, rules=rules)
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise ValueError(f"seed must be a non-negative whole number, got {seed!r}")
    if isinstance(deals, bool) or not isinstance(deals, int) or deals < 1:
        raise ValueError(f"deals must be a positive whole number, got {deals!r}")
    rotations = check_rotations(module.geometry(rules), rotations)
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise ValueError(f"workers must be a positive whole number, got {workers!r}")
    return game, rotations


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
    players: int = 0  # the table the games were played at (its geometry's seats and sides); 0: not recorded
    sides: int = 0

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
            wins=sum(g.result == 1.0 for g in games), draws=sum(0.0 < g.result < 1.0 for g in games),
            losses=sum(g.result == 0.0 for g in games), win_rate=win_rate,
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
            # ``first`` only where it says more than the difference does (more than two sides)
            d["games"] = [{k: v for k, v in dict(asdict(g), seats_a=list(g.seats_a)).items()
                           if k != "first" or v is not None} for g in self.games]
        return d


def evaluate(a: str, b: str, deals: int = 100, seed: int = 0, rotations: int | None = None, workers: int = 1,
             progress: bool = False, rules: Any = None, game: str = DEFAULT_GAME) -> MatchReport:
    """Play ``deals`` duplicate deals of ``game`` between bots A and B; a fixed seed gives the same report.
    ``rotations``: seatings per deal (``seating_counts``; ``None``: one per side, 2 at four seats)."""
    game, rotations = _check_args(game, (a, b), deals, rotations, workers, seed, rules)
    tasks = [DealTask(0, a, b, seed, i, rotations, rules, game) for i in range(deals)]
    games = [g for _, recs in _run_tasks(tasks, workers, progress, f"{a} vs {b}") for g in recs]
    table = get_game(game).geometry(rules)
    return replace(MatchReport.from_games(a, b, seed, deals, rotations, games, game), players=table.seats,
                   sides=table.num_sides)
