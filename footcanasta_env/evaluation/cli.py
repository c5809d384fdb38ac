"""``footcanasta evaluate`` and ``footcanasta league``: duplicate matches and ratings from the command line.

``--game NAME`` chooses the game (Foot Canasta by default); its bots are checked by the game itself and
its rule flags (``--rounds``: Foot Canasta's number of rounds, Canasta's round cap; ``--players`` and
``--sides``: the table size of a game that has several, as Canasta's section 14) build that game's ``Rules``.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import sys
from typing import Any

from ..family.sizes import size_of, table_title
from ..games import DEFAULT_GAME, GameModule, game_names, get_game
from .league import LeagueReport, league
from .match import MatchReport, check_rotations, evaluate
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


# A rule flag's other field name: Canasta has no fixed number of rounds, but a cap (its rule 10.2).
FLAG_FIELDS = {"rounds": "max_rounds"}

_NUMBERS = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine")


def chosen_game(game: str, bots: list[str]) -> GameModule:
    """The game of ``--game`` (an unknown one refused with the known names), with every bot of the command
    checked by it, before anything is played."""
    module = get_game(game)
    for name in bots:
        module.check_bot_name(name)
    return module


def game_rules(module: GameModule, **flags: Any) -> Any:
    """The game's ``Rules`` with the rule flags given (``None`` values are not given), or ``None`` when none is.

    A flag sets the field of that name, through the Rules' ``with_<flag>`` method when it has one (Foot
    Canasta's ``with_rounds``), else the field of its other name in ``FLAG_FIELDS`` (Canasta's
    ``max_rounds`` for ``--rounds``); the fields are given to the Rules together (a table size brings its
    own defaults); a flag the game's Rules has under neither name is refused by name."""
    given = {k: v for k, v in flags.items() if v is not None}
    if not given:
        return None
    rules = module.Rules()
    fields = {f.name for f in dataclasses.fields(rules)} if dataclasses.is_dataclass(rules) else set()
    named, methods = {}, {}
    for name, value in given.items():
        if callable(getattr(rules, f"with_{name}", None)):
            methods[name] = value
        elif name in fields or FLAG_FIELDS.get(name) in fields:
            named[name if name in fields else FLAG_FIELDS[name]] = value
        elif name in ("players", "sides"):
            raise ValueError(f"--{name}: {module.TITLE} has one table, {module.geometry().seats} players in "
                             f"{module.geometry().num_sides} sides (its rules have no {name!r})")
        else:
            raise ValueError(f"--{name}: the rules of {module.TITLE} have no {name!r}")
    rules = module.Rules(**named) if named else rules
    for name, value in methods.items():
        rules = getattr(rules, f"with_{name}")(value)
    return rules


def _progress(args: argparse.Namespace, games: int) -> bool:
    """Show a progress bar on long runs when a person is watching stderr."""
    return not args.no_progress and games >= 40 and sys.stderr.isatty()


def _fmt_ci(lo: float, hi: float, pct: bool = False) -> str:
    return f"[{lo:.1%}, {hi:.1%}]" if pct else f"[{lo:+.0f}, {hi:+.0f}]"


def _of_game(game: str, players: int = 0, sides: int = 0) -> str:
    """`` of GAME`` for a game other than the default (the default's output stays as it always was), named with
    its table where that is not the game's default one (``family.sizes.table_title``: `` of Canasta (2 players)``)."""
    module = get_game(game)
    default = module.geometry()
    size = {} if (players, sides) in ((0, 0), (default.seats, default.num_sides)) else size_of(
        module, module.Rules(players=players, sides=sides))
    return "" if game == DEFAULT_GAME and not size else f" of {table_title(module, size)}"


def print_match(r: MatchReport) -> None:
    """A readable table of one match."""
    from rich.console import Console
    from rich.table import Table

    console = Console(highlight=False)
    n = len(r.games)
    of = _of_game(r.game, r.players, r.sides)
    console.print(f"[bold]{r.a}[/bold] vs [bold]{r.b}[/bold]: {r.deals} duplicate deals{of} x "
                  f"{r.rotations} seatings = {n} games, seed {r.seed}")
    t = Table(show_header=True, header_style="bold")
    for col in ("", "value", "95% CI"):
        t.add_column(col, justify="right" if col else "left")
    many = any(g.first is not None for g in r.games)  # more than two sides: A's side against B's others
    if many:
        console.print(f"Each seating: {r.a} holds one side, {r.b} every other ({r.b}'s score: their mean); {r.a} "
                      "goes through every side.")
    t.add_row(f"{r.a} first places (ties shared)" if many else f"{r.a} win rate (draws half)", f"{r.win_rate:.1%}",
              _fmt_ci(*r.win_ci, pct=True))
    t.add_row("firsts / shared / not first" if many else "wins / draws / losses", f"{r.wins} / {r.draws} / {r.losses}",
              "")
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
    of = _of_game(rep.game, rep.players, rep.sides)
    console.print(f"League: {len(rep.names)} bots, {rep.deals} duplicate deals{of} x "
                  f"{rep.rotations} seatings per pair, seed {rep.seed}")
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


def _rounds_note(module: GameModule, rounds: int) -> str:
    """What ``--rounds`` did to the games: fewer rounds than the game's own, or a cap on a game of no fixed length."""
    plural = "s" if rounds > 1 else ""
    full = getattr(module.Rules(), "rounds", None)
    if full is None:
        return (f"Games capped at {rounds} round{plural} (--rounds, the rules' max_rounds): a game ends once a side "
                f"reaches the target, or after round {rounds} whatever the scores.")
    return (f"Games of {rounds} round{plural} (--rounds), not the full "
            f"{_NUMBERS[full - 1] if full <= len(_NUMBERS) else full}.")


def run_evaluate(args: argparse.Namespace) -> int:
    """Run ``footcanasta evaluate``."""
    module = chosen_game(args.game, [args.a, args.b])
    # --rounds N: the first N rounds, or a cap of N; --players, --sides: the table size
    rules = game_rules(module, rounds=args.rounds, players=args.players, sides=args.sides)
    rotations = check_rotations(module.geometry(rules), args.rotations)
    if args.plot:
        check_plot_path(args.plot)  # before the match: a bad plot path must not cost the whole run
    rep = evaluate(args.a, args.b, deals=args.deals, seed=args.seed, rotations=rotations, workers=args.workers,
                   progress=_progress(args, args.deals * rotations), rules=rules, game=module.NAME)
    if args.plot:
        plot_match(rep, args.plot)
    if args.json:
        print(json.dumps(rep.to_dict(with_games=args.games), indent=2))
    else:
        print_match(rep)
        if args.rounds:
            print(_rounds_note(module, args.rounds))
        if args.plot:
            print(f"plot written to {args.plot}")
    return 0


def run_league(args: argparse.Namespace) -> int:
    """Run ``footcanasta league``."""
    module = chosen_game(args.game, args.bots)
    rules = game_rules(module, players=args.players, sides=args.sides)
    rotations = check_rotations(module.geometry(rules), args.rotations)
    if args.plot:
        check_plot_path(args.plot)
    n = len(args.bots)
    rep = league(args.bots, deals=args.deals, seed=args.seed, rotations=rotations, workers=args.workers,
                 progress=_progress(args, args.deals * rotations * n * (n - 1) // 2), bootstrap=args.bootstrap,
                 rules=rules, game=module.NAME)
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
    p.add_argument("--game", default=DEFAULT_GAME, metavar="NAME",
                   help=f"the game to play (default {DEFAULT_GAME}; known: {', '.join(game_names())})")
    p.add_argument("--deals", type=_positive, default=deals, help=f"duplicate deals per pair (default {deals})")
    p.add_argument("--seed", type=_seed, default=0, help="match seed: the same seed gives the same report (default 0)")
    p.add_argument("--rotations", type=int, default=None,
                   help="seatings per deal: one per side (the default; 2 at four seats, swapping the partnerships), or "
                        "that times the seats of a side (4 at four seats, also swapping partners)")
    p.add_argument("--workers", type=_positive, default=max(1, min(4, os.cpu_count() or 1)),
                   help="processes to play on (default: up to 4)")
    p.add_argument("--json", action="store_true", help="print a machine-readable report")
    p.add_argument("--plot", metavar="FILE",
                   help="also write a picture: PNG, or the format of FILE's extension (svg, pdf...; needs matplotlib)")
    p.add_argument("--no-progress", action="store_true", help="never show a progress bar")
    p.add_argument("--players", type=_positive, default=None, metavar="N",
                   help="the table size, for a game that has several (Canasta: 2, 3, 4 or 6; default 4)")
    p.add_argument("--sides", type=_positive, default=None, metavar="N",
                   help="the sides at that table, where it has a choice (Canasta at six players: 2 or 3)")


def bot_choices() -> str:
    """The default game's bots, for the commands' help (another game's are named when one is mistyped)."""
    names = [n for n in get_game(DEFAULT_GAME).bot_names() if n != "learned"]
    # The default game's bot names also take these forms (see its make_bot).
    return ", ".join([*names, "learned (the shipped policy)", "policy:PATH (an exported policy file)"])


def add_parsers(sub: argparse._SubParsersAction) -> None:
    """Register ``evaluate`` and ``league``."""
    known = f"{bot_choices()}; with --game, that game's bots"
    p = sub.add_parser("evaluate", help="duplicate-deal match between two bots",
                       description=f"Play duplicate deals between bots A and B. Bots: {known}.")
    p.add_argument("a", help="bot A (any of the bots above)")
    p.add_argument("b", help="bot B")
    _common(p, 100)
    p.add_argument("--games", action="store_true", help="with --json, list every game")
    p.add_argument("--rounds", type=_positive, default=None, metavar="N",
                   help="play only the first N rounds of each game (default: the whole game, 4 rounds in Foot Canasta; "
                        "in Canasta, a game to the target, N caps it: its rules' max_rounds)")
    p.set_defaults(func=run_evaluate)
    q = sub.add_parser("league", help="every pair of bots plays; Elo ratings",
                       description=f"Round robin of duplicate matches with Elo ratings. Bots: {known}.")
    q.add_argument("bots", nargs="+", metavar="BOT", help="two or more bots (any of the bots above)")
    _common(q, 50)
    q.add_argument("--bootstrap", type=_count, default=200,
                   help="bootstrap resamples for rating errors, 0 for none (default 200)")
    q.set_defaults(func=run_league)
