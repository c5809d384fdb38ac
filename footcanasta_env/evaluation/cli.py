"""``footcanasta evaluate`` and ``footcanasta league``: duplicate matches and ratings from the command line."""

from __future__ import annotations

import argparse
import json
import os
import sys

from ..bots.registry import known_names, make_bot
from ..rules import Rules
from .league import LeagueReport, league
from .match import MatchReport, evaluate
from .plots import check_plot_path, plot_league, plot_match


def _whole(minimum: int):
    """argparse type: a whole number of at least ``minimum``."""
    def parse(text: str) -> int:
        try:
            n = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
        if n < minimum:
            raise argparse.ArgumentTypeError(f"must be at least {minimum}, got {n}")
        return n

    return parse


_positive = _whole(1)
_seed = _whole(0)
_count = _whole(0)


def _bot(text: str) -> str:
    """argparse type: a bot name that ``make_bot`` accepts."""
    try:
        make_bot(text, 0)
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None
    return text


def _progress(args: argparse.Namespace, games: int) -> bool:
    """Show a progress bar on long runs when a person is watching stderr."""
    return not args.no_progress and games >= 40 and sys.stderr.isatty()


def _fmt_ci(lo: float, hi: float, pct: bool = False) -> str:
    return f"[{lo:.1%}, {hi:.1%}]" if pct else f"[{lo:+.0f}, {hi:+.0f}]"


def print_match(r: MatchReport) -> None:
    """A readable table of one match."""
    from rich.console import Console
    from rich.table import Table

    console = Console(highlight=False)
    n = len(r.games)
    console.print(f"[bold]{r.a}[/bold] vs [bold]{r.b}[/bold]: {r.deals} duplicate deals x {r.rotations} seatings "
                  f"= {n} games, seed {r.seed}")
    t = Table(show_header=True, header_style="bold")
    for col in ("", "value", "95% CI"):
        t.add_column(col, justify="right" if col else "left")
    t.add_row(f"{r.a} win rate (draws half)", f"{r.win_rate:.1%}", _fmt_ci(*r.win_ci, pct=True))
    t.add_row("wins / draws / losses", f"{r.wins} / {r.draws} / {r.losses}", "")
    t.add_row("mean score difference per game", f"{r.mean_diff:+.1f}", _fmt_ci(*r.diff_ci))
    t.add_row(f"mean score {r.a} / {r.b}", f"{r.mean_score_a:.0f} / {r.mean_score_b:.0f}", "")
    t.add_row("mean actions per game", f"{r.mean_actions:.0f}", "")
    console.print(t)
    console.print("Intervals: normal, over deals as independent units (Wilson when every deal agrees).")


def print_league(rep: LeagueReport) -> None:
    """Rating table and pairwise results."""
    from rich.console import Console
    from rich.table import Table

    console = Console(highlight=False)
    console.print(f"League: {len(rep.names)} bots, {rep.deals} duplicate deals x {rep.rotations} seatings per pair, "
                  f"seed {rep.seed}")
    t = Table(show_header=True, header_style="bold", title="Elo (maximum likelihood, mean 1500)")
    t.add_column("rank")
    t.add_column("bot")
    t.add_column("Elo", justify="right")
    t.add_column("± sd (bootstrap)", justify="right")
    order = sorted(range(len(rep.names)), key=lambda i: -rep.ratings[i])
    for k, i in enumerate(order, 1):
        t.add_row(str(k), rep.names[i], f"{rep.ratings[i]:.0f}", f"{rep.rating_sd[i]:.0f}")
    console.print(t)
    p = Table(show_header=True, header_style="bold", title="Pairwise (first bot's side)")
    for col in ("A", "B", "A win rate", "95% CI", "mean diff", "95% CI "):
        p.add_column(col, justify="right" if col not in ("A", "B") else "left")
    for m in rep.matches:
        p.add_row(m.a, m.b, f"{m.win_rate:.1%}", _fmt_ci(*m.win_ci, pct=True), f"{m.mean_diff:+.0f}",
                  _fmt_ci(*m.diff_ci))
    console.print(p)
    if any(m.win_rate in (0.0, 1.0) for m in rep.matches):
        console.print("A pair ended in a clean sweep: one virtual draw per pair keeps the ratings finite, so that gap "
                      "is a lower bound and its bootstrap spread understates the uncertainty.")


def run_evaluate(args: argparse.Namespace) -> int:
    """Run ``footcanasta evaluate``."""
    if args.plot:
        check_plot_path(args.plot)  # before the match: a bad plot path must not cost the whole run
    rules = Rules().with_rounds(args.rounds) if args.rounds else None  # a game of the first N rounds
    rep = evaluate(args.a, args.b, deals=args.deals, seed=args.seed, rotations=args.rotations, workers=args.workers,
                   progress=_progress(args, args.deals * args.rotations), rules=rules)
    if args.plot:
        plot_match(rep, args.plot)
    if args.json:
        print(json.dumps(rep.to_dict(with_games=args.games), indent=2))
    else:
        print_match(rep)
        if args.rounds:
            print(f"Games of {args.rounds} round{'s' if args.rounds > 1 else ''} (--rounds), not the full four.")
        if args.plot:
            print(f"plot written to {args.plot}")
    return 0


def run_league(args: argparse.Namespace) -> int:
    """Run ``footcanasta league``."""
    if args.plot:
        check_plot_path(args.plot)
    n = len(args.bots)
    rep = league(args.bots, deals=args.deals, seed=args.seed, rotations=args.rotations, workers=args.workers,
                 progress=_progress(args, args.deals * args.rotations * n * (n - 1) // 2), bootstrap=args.bootstrap)
    if args.plot:
        plot_league(rep, args.plot)
    if args.json:
        print(json.dumps(rep.to_dict(), indent=2))
    else:
        print_league(rep)
        if args.plot:
            print(f"plot written to {args.plot}")
    return 0


def _common(p: argparse.ArgumentParser, deals: int) -> None:
    """Options shared by evaluate and league."""
    p.add_argument("--deals", type=_positive, default=deals, help=f"duplicate deals per pair (default {deals})")
    p.add_argument("--seed", type=_seed, default=0, help="match seed: the same seed gives the same report (default 0)")
    p.add_argument("--rotations", type=int, choices=(2, 4), default=2,
                   help="seatings per deal: 2 swaps the partnerships, 4 also swaps partners (default 2)")
    p.add_argument("--workers", type=_positive, default=max(1, min(4, os.cpu_count() or 1)),
                   help="processes to play on (default: up to 4)")
    p.add_argument("--json", action="store_true", help="print a machine-readable report")
    p.add_argument("--plot", metavar="FILE",
                   help="also write a picture: PNG, or the format of FILE's extension (svg, pdf...; needs matplotlib)")
    p.add_argument("--no-progress", action="store_true", help="never show a progress bar")


def bot_choices() -> str:
    """Every bot name the commands accept, for their help."""
    return known_names(notes=True)


def add_parsers(sub: argparse._SubParsersAction) -> None:
    """Register ``evaluate`` and ``league``."""
    known = bot_choices()
    p = sub.add_parser("evaluate", help="duplicate-deal match between two bots",
                       description=f"Play duplicate deals between bots A and B. Bots: {known}.")
    p.add_argument("a", type=_bot, help="bot A (any of the bots above)")
    p.add_argument("b", type=_bot, help="bot B")
    _common(p, 100)
    p.add_argument("--games", action="store_true", help="with --json, list every game")
    p.add_argument("--rounds", type=int, choices=(1, 2, 3, 4), default=None,
                   help="play only the first N rounds of each game (default: the whole game, 4 rounds)")
    p.set_defaults(func=run_evaluate)
    q = sub.add_parser("league", help="every pair of bots plays; Elo ratings",
                       description=f"Round robin of duplicate matches with Elo ratings. Bots: {known}.")
    q.add_argument("bots", nargs="+", type=_bot, metavar="BOT", help="two or more bots (any of the bots above)")
    _common(q, 50)
    q.add_argument("--bootstrap", type=_count, default=200,
                   help="bootstrap resamples for rating errors, 0 for none (default 200)")
    q.set_defaults(func=run_league)
