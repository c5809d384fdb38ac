"""Move review: each decision of one seat in a replayed game, rated against the search bot.

For every decision of the seat with a real choice, the search bot (``bots/search.py``) compares the
move played with its candidates in the same sampled worlds (common random numbers): the loss of a move
is the expected round points it gives up against the best candidate, with the standard error of that
paired difference over the worlds. A move counts as accurate when it is the best candidate or its loss
is within noise (at most ``NOISE_SE`` standard errors). The review sees what the seat saw and nothing
more: each decision is searched from the seat's ``View``.

``footcanasta review REPLAY [--seat S] [--json]`` prints the biggest mistakes first and a one-line
summary: points lost per decision and accuracy.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import asdict, dataclass, field
from typing import Any

import numpy as np

from ..actions import action_name
from ..engine import View
from ..replays import ReplayError, load_replay, reproduce
from ..seats import SEAT_NAMES

NOISE_SE = 2.0
"""A loss within this many standard errors of zero is noise, not a mistake."""
REVIEW_OPTIONS = "worlds=16,time=3"
"""The search used by default: more time per decision than in play (nobody waits on each decision)."""


@dataclass
class Decision:
    """One reviewed decision."""

    index: int          # the action's index in the game (0-based)
    round: int
    phase: str
    played: str
    best: str
    loss: float         # expected round points lost against the best candidate
    se: float           # standard error of that loss
    worlds: int
    candidates: dict[str, float] = field(default_factory=dict)  # candidate -> mean value (points)

    @property
    def accurate(self) -> bool:
        """The best move, or one whose loss is within noise."""
        return self.played == self.best or self.loss <= NOISE_SE * self.se


@dataclass
class Review:
    """Every reviewed decision of one seat, and the summary."""

    seat: int
    decisions: list[Decision]
    options: str

    @property
    def points_lost(self) -> float:
        """Expected points lost per decision."""
        return float(np.mean([d.loss for d in self.decisions])) if self.decisions else 0.0

    @property
    def accuracy(self) -> float:
        """Share of decisions where the move played was the best or within noise."""
        return float(np.mean([d.accurate for d in self.decisions])) if self.decisions else 1.0

    def mistakes(self, n: int = 10) -> list[Decision]:
        """The biggest losses first (noise excluded)."""
        return sorted((d for d in self.decisions if not d.accurate), key=lambda d: -d.loss)[:n]

    def summary(self) -> str:
        """One line."""
        return (f"{SEAT_NAMES[self.seat]}: {len(self.decisions)} decisions reviewed, {self.points_lost:.1f} points "
                f"lost per decision, accuracy {self.accuracy:.0%}")

    def to_dict(self) -> dict[str, Any]:
        """JSON-able form."""
        return {"seat": self.seat, "options": self.options, "points_lost_per_decision": self.points_lost,
                "accuracy": self.accuracy, "summary": self.summary(),
                "decisions": [dict(asdict(d), accurate=d.accurate) for d in self.decisions]}


_BOTS: dict[str, Any] = {}


def _bot(options: str) -> Any:
    """One search bot per options string (loading the nets once)."""
    if options not in _BOTS:
        from ..bots.search import make_search_bot

        _BOTS[options] = make_search_bot(options, None)
    return _BOTS[options]


def review_decision(view: View, played: int, index: int = 0, options: str = REVIEW_OPTIONS,
                    seed: int = 0) -> Decision:
    """Rate ``played`` in ``view`` against the search bot's candidates."""
    bot = _bot(options)
    bot.rng = np.random.default_rng([seed, index])  # each decision its own worlds, whatever was reviewed before
    an = bot.analyse(view, include=played)
    loss, se = an.loss(played)
    means = an.means()
    return Decision(index=index, round=view.round, phase=view.phase, played=action_name(played),
                    best=action_name(an.best()), loss=loss, se=se, worlds=an.worlds,
                    candidates={action_name(a): round(float(m), 1) for a, m in zip(an.candidates, means, strict=True)})


def seat_decisions(replay: Any, seat: int) -> list[tuple[int, View, int]]:
    """(index, view, action) for each decision of ``seat`` with more than one legal action."""
    out: list[tuple[int, View, int]] = []

    def before(game, i, s, a):
        if s == seat and len(game.legal_actions()) > 1:
            out.append((i, game.view(seat), a))

    reproduce(replay, before_step=before)
    return out


def review_replay(replay: Any, seat: int = 0, options: str = REVIEW_OPTIONS, progress: bool = False,
                  seed: int = 0) -> Review:
    """Review every decision of ``seat`` in ``replay`` (a ``Replay``)."""
    todo = seat_decisions(replay, seat)
    decisions: list[Decision] = []
    if progress:
        from rich.progress import Progress

        with Progress(transient=True) as bar:
            task = bar.add_task(f"reviewing {SEAT_NAMES[seat]}'s moves", total=len(todo))
            for i, view, a in todo:
                decisions.append(review_decision(view, a, i, options, seed))
                bar.advance(task)
    else:
        decisions = [review_decision(view, a, i, options, seed) for i, view, a in todo]
    return Review(seat, decisions, options)


def print_review(rep: Review, top: int = 10) -> None:
    """The biggest mistakes first, then the summary line."""
    from rich.console import Console
    from rich.table import Table

    console = Console(highlight=False)
    worst = rep.mistakes(top)
    if worst:
        t = Table(title=f"Biggest mistakes ({SEAT_NAMES[rep.seat]})", header_style="bold")
        for col in ("#", "round", "played", "best", "points lost", "± se"):
            t.add_column(col, justify="right" if col in ("#", "round", "points lost", "± se") else "left")
        for d in worst:
            t.add_row(str(d.index + 1), str(d.round), d.played, d.best, f"{d.loss:.0f}", f"{d.se:.0f}")
        console.print(t)
    else:
        console.print("No move lost more than the noise of the search.")
    console.print(rep.summary())


def _seat(text: str) -> int:
    names = {n.lower(): i for i, n in enumerate(SEAT_NAMES)}
    key = text.strip().lower()
    if key in names:
        return names[key]
    if key in ("0", "1", "2", "3"):
        return int(key)
    raise argparse.ArgumentTypeError(f"seat must be 0-3 or one of {', '.join(SEAT_NAMES)}, got {text!r}")


def run_review(args: argparse.Namespace) -> int:
    """Run ``footcanasta review``."""
    try:
        replay = load_replay(args.replay)
        from ..bots.search import parse_options

        parse_options(args.search)  # a bad option is refused before any work
        rep = review_replay(replay, args.seat, args.search, progress=not args.json and sys.stderr.isatty())
    except (ReplayError, ValueError) as e:
        print(f"footcanasta review: {e}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(rep.to_dict(), indent=2))
    else:
        print_review(rep, args.top)
    return 0


def add_parsers(sub: argparse._SubParsersAction) -> None:
    """Register ``review``."""
    p = sub.add_parser("review", help="rate a seat's moves in a replay against the search bot",
                       description="Replay a game and rate each decision of one seat against the search bot: the "
                                   "expected round points lost against its best move, with a standard error.")
    p.add_argument("replay", help="a replay file (saved by `footcanasta play`)")
    p.add_argument("--seat", type=_seat, default=0, help="whose moves: 0-3 or South/West/North/East (default South)")
    p.add_argument("--json", action="store_true", help="print a machine-readable review")
    p.add_argument("--top", type=int, default=10, help="mistakes to list (default 10)")
    p.add_argument("--search", default=REVIEW_OPTIONS,
                   help=f"search options, as in the bot name search:OPTIONS (default {REVIEW_OPTIONS})")
    p.set_defaults(func=run_review)
