"""Move review: each decision of one seat in a replayed game of any game of the house, rated.

The replay is reproduced through ``footcanasta_env.replays`` and every decision of the seat with a real
choice (more than one legal action) is rated from the seat's view, seeing nothing more than the seat saw.
Every decision is judged against the move the hint recommends in that position (``family.botregistry.hint_move``:
the game's hint bot at its default settings, seeded by the deal and the actions played, as the terminal's and
the browser's ``hint`` give it), so a move the hint recommended is never called a mistake. Two methods, by
what the game offers (``footcanasta_env.games``):

* ``rater``: the game's own move rater, ``review_move(view, played, options, seed, reference=None) -> dict``
  with ``best`` (an action id: the reference, the hint's move), ``loss`` (expected points the move gives up
  against it, never below 0), ``se`` (its standard error), ``worlds`` and ``candidates`` (action id -> mean
  points), with ``REVIEW_OPTIONS`` (its default options) and ``check_review_options(text)`` (a ValueError for
  bad options). Foot Canasta's searches each decision with the search bot as the hint does, in the hint's
  worlds (``footcanasta_env.footcanasta.text.review``). A move counts as accurate when it is the reference or
  its loss is within noise (at most ``NOISE_SE`` standard errors).
* ``strongest_bot``: a game without a rater is compared with its hint bot (its strongest bot that answers in
  time, ``hint_bot_name()``): the best move is the hint's, the loss and its standard error are unknown (JSON
  null), and a move is accurate when it is the hint's.

``footcanasta review REPLAY [--seat S] [--json] [--search OPTIONS]`` prints the biggest mistakes first and a
one-line summary; the table and the JSON name the method.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any

import numpy as np

from ..family.botregistry import hint_move
from ..games import DEFAULT_GAME, GameModule, get_game
from ..i18n import DEFAULT_LANG, Words, add_lang_argument, chosen, words
from ..replays import ReplayError, load_replay, reproduce
from ..seeds import hint_seed, review_seed

NOISE_SE = 2.0
"""A loss within this many standard errors of zero is noise, not a mistake."""
RATER, STRONGEST_BOT = "rater", "strongest_bot"
EN = words()
"""The two review methods."""


def seat_name(game: str, seat: int) -> str:
    """The name of ``seat`` at ``game``'s table (English; translate with ``Words._``)."""
    names = get_game(game).geometry().seat_names
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(names):
        raise ValueError(f"no seat {seat!r} at the table of {game} (seats 0 to {len(names) - 1})")
    return names[seat]


@dataclass
class Decision:
    """One reviewed decision."""

    index: int          # the action's index in the game (0-based)
    round: int
    phase: str
    played: str
    best: str
    loss: float | None  # expected points lost against the best move (None: the strongest-bot method)
    se: float | None    # standard error of that loss
    worlds: int = 0
    candidates: dict[str, float] = field(default_factory=dict)  # candidate -> mean value (points)

    @property
    def accurate(self) -> bool:
        """The best move, or one whose loss is within noise."""
        if self.played == self.best:
            return True
        return self.loss is not None and self.se is not None and self.loss <= NOISE_SE * self.se


@dataclass
class Review:
    """Every reviewed decision of one seat, the method that rated them, and the summary."""

    seat: int
    decisions: list[Decision]
    options: str | None
    game: str = DEFAULT_GAME
    method: str = RATER
    bot: str | None = None  # the strongest bot, for that method

    @property
    def points_lost(self) -> float | None:
        """Expected points lost per decision (None when the method cannot tell or there is no decision)."""
        if self.method != RATER or not self.decisions:
            return None
        return float(np.mean([d.loss for d in self.decisions]))

    @property
    def accuracy(self) -> float | None:
        """Share of decisions where the move played was the best or within noise (None with no decision)."""
        return float(np.mean([d.accurate for d in self.decisions])) if self.decisions else None

    def mistakes(self, n: int = 10) -> list[Decision]:
        """The biggest losses first (noise excluded); against the strongest bot, its disagreements in order."""
        wrong = [d for d in self.decisions if not d.accurate]
        return (sorted(wrong, key=lambda d: -(d.loss or 0.0)) if self.method == RATER else wrong)[:n]

    def method_text(self, w: Words = EN) -> str:
        """How the decisions were rated, for people (in ``w``'s language)."""
        title = get_game(self.game).TITLE
        if self.method == RATER:
            if not self.options:  # the game's default: the hint's own search
                return w._("Rated by {game}'s move rater against the hint's move in each position, with the hint's "
                           "own search.").format(game=title)
            return w._("Rated by {game}'s move rater against the hint's move in each position (search options "
                       "{options}).").format(game=title, options=self.options)
        return w._("Compared with {bot}, the strongest bot of {game} ({game} has no move rater): a move is "
                   "accurate when it is the bot's; no points are measured.").format(bot=self.bot, game=title)

    def summary(self, w: Words = EN) -> str:
        """One line (in ``w``'s language)."""
        who, n = w._(seat_name(self.game, self.seat)), len(self.decisions)
        if not n:  # a replay where the seat never had a choice: nothing to rate, no accuracy to claim
            return w._("{who}: no decision with a choice to review").format(who=who)
        if self.method == RATER:
            return w.ngettext("{who}: {n} decision reviewed, {lost} points lost per decision, accuracy {accuracy}",
                              "{who}: {n} decisions reviewed, {lost} points lost per decision, accuracy {accuracy}",
                              n).format(who=who, n=w.num(n), lost=w.fixed(self.points_lost, 1),
                                        accuracy=w.percent(self.accuracy))
        return w.ngettext("{who}: {n} decision reviewed against the strongest bot ({bot}), accuracy {accuracy} (its "
                          "moves played)",
                          "{who}: {n} decisions reviewed against the strongest bot ({bot}), accuracy {accuracy} (its "
                          "moves played)", n).format(who=who, n=w.num(n), bot=self.bot,
                                                     accuracy=w.percent(self.accuracy))

    def to_dict(self) -> dict[str, Any]:
        """JSON-able form."""
        return {"game": self.game, "method": self.method, "bot": self.bot, "seat": self.seat,
                "options": self.options, "points_lost_per_decision": self.points_lost, "accuracy": self.accuracy,
                "summary": self.summary(), "decisions": [dict(asdict(d), accurate=d.accurate) for d in self.decisions]}


def _rater(module: GameModule) -> Any:
    """The game's move rater, or None."""
    return getattr(module, "review_move", None)


def review_options(module: GameModule, options: str | None) -> str | None:
    """The rater options to use (``None``: the game's default), checked; a game without a rater takes none."""
    if _rater(module) is None:
        if options is not None:
            raise ValueError(f"{module.TITLE} has no move rater: its moves are compared with its strongest bot, "
                             f"which takes no search options")
        return None
    if options is None:
        options = module.REVIEW_OPTIONS
    module.check_review_options(options)
    return options


def review_decision(view: Any, played: int, index: int = 0, options: str | None = None, seed: int = 0,
                    game: str = DEFAULT_GAME, hint: tuple[int, int] | None = None) -> Decision:
    """Rate ``played`` in ``view`` (decision ``index``) by the game's rater, or against its strongest bot.

    ``hint``: the hint's move in this position and the hint bot's seed (``hint_move``), the reference the
    move is judged against (its move is never a mistake); the rater then searches the worlds of that seed.
    Without it, the rater's best candidate (or the strongest bot's move) is the reference, seeded by
    ``seed`` and ``index``."""
    module = get_game(game)
    options = review_options(module, options)
    name = module.action_name
    common = {"index": index, "round": int(view.round), "phase": str(getattr(view, "phase", "")),
              "played": name(played)}
    rater = _rater(module)
    if rater is None:
        if hint is None:
            hint = (int(module.make_bot(module.strongest_bot(), review_seed(seed, index)).act(view)), 0)
        return Decision(**common, best=name(hint[0]), loss=None, se=None)
    if hint is None:
        r = rater(view, played, options, seed=review_seed(seed, index))
    else:
        r = rater(view, played, options, seed=hint[1], reference=hint[0])
    return Decision(**common, best=name(r["best"]), loss=float(r["loss"]), se=float(r["se"]), worlds=int(r["worlds"]),
                    candidates={name(a): round(float(m), 1) for a, m in r["candidates"].items()})


def seat_decisions(replay: Any, seat: int) -> list[tuple[int, Any, int]]:
    """(index, view, action) for each decision of ``seat`` with more than one legal action."""
    out: list[tuple[int, Any, int]] = []

    def before(game, i, s, a):
        if s == seat and len(game.legal_actions()) > 1:
            out.append((i, game.view(seat), a))

    reproduce(replay, before_step=before)
    return out


def hint_for(replay: Any, view: Any, index: int) -> tuple[int, int]:
    """The hint's move in the position before action ``index`` of ``replay`` (``view``: the deciding seat's),
    as the table would have given it (``family.botregistry.hint_move``), and the hint bot's seed; a hint that
    is not a legal action is a ``ValueError``."""
    module = get_game(replay.game)
    seats = module.geometry(replay.rules).seats
    move, bot = hint_move(module, view, replay.seed, seats, index)
    if move not in view.legal_actions:  # a broken hint bot: no reference to judge against
        raise ValueError(f"the hint bot {bot!r} suggested {module.action_name(move)!r}, not a legal action, before "
                         f"action {index + 1} of the replay")
    return move, hint_seed(replay.seed, seats, index)


def review_replay(replay: Any, seat: int = 0, options: str | None = None, progress: bool = False,
                  check: Callable[[], None] | None = None) -> Review:
    """Review every decision of ``seat`` in ``replay`` (a ``Replay`` of any game; ``options``: the rater's,
    ``None`` for the game's default) against the hint's move in each position (``hint_for``): a move the hint
    recommends is never a mistake. ``check()`` before each decision may raise to stop (a server's)."""
    module = get_game(replay.game)
    options = review_options(module, options)
    name = seat_name(module.NAME, seat)  # an unknown seat is refused before any work
    todo = seat_decisions(replay, seat)
    decisions: list[Decision] = []

    def one(i: int, view: Any, a: int) -> Decision:
        return review_decision(view, a, i, options, game=module.NAME, hint=hint_for(replay, view, i))

    if progress:
        from rich.progress import Progress

        with Progress(transient=True) as bar:
            task = bar.add_task(f"reviewing {name}'s moves", total=len(todo))
            for i, view, a in todo:
                decisions.append(one(i, view, a))
                bar.advance(task)
    else:
        for i, view, a in todo:
            if check is not None:
                check()
            decisions.append(one(i, view, a))
    if _rater(module) is None:
        return Review(seat, decisions, None, module.NAME, STRONGEST_BOT, module.hint_bot_name())
    return Review(seat, decisions, options, module.NAME, RATER)


def print_review(rep: Review, top: int = 10, lang: str = DEFAULT_LANG) -> None:
    """The biggest mistakes first, how they were rated, then the summary line (in ``lang``)."""
    from rich.console import Console
    from rich.table import Table

    w = words(lang)
    console = Console(highlight=False)
    worst = rep.mistakes(top)
    rated = rep.method == RATER
    who = w._(seat_name(rep.game, rep.seat))
    if worst:
        title = (w._("Biggest mistakes ({who})").format(who=who) if rated
                 else w._("Moves unlike the strongest bot's ({who}, {bot})").format(who=who, bot=rep.bot))
        t = Table(title=title, header_style="bold")
        right = ("#", w._("round"), w._("points lost"), w._("± se"))
        cols = (("#", w._("round"), w._("played"), w._("hint"), w._("points lost"), w._("± se")) if rated
                else ("#", w._("round"), w._("played"), rep.bot))
        for col in cols:
            t.add_column(col, justify="right" if col in right else "left")
        for d in worst:
            cells = [str(d.index + 1), w.num(d.round), d.played, d.best]
            t.add_row(*cells, *([w.fixed(d.loss or 0.0), w.fixed(d.se or 0.0)] if rated else []))
        console.print(t)
    elif rep.decisions:
        console.print(w._("No move lost more than the noise of the rater.") if rated
                      else w._("Every move was the one {bot} would have played.").format(bot=rep.bot))
    console.print(rep.method_text(w))
    console.print(rep.summary(w))


def seat_of(game: str, text: str | int) -> int:
    """The seat ``text`` names at ``game``'s table: its number or its name (any case)."""
    names = get_game(game).geometry().seat_names
    key = str(text).strip().lower()
    by_name = {n.lower(): i for i, n in enumerate(names)}
    if key in by_name:
        return by_name[key]
    if key.isdigit() and int(key) < len(names):
        return int(key)
    raise ValueError(f"seat must be 0-{len(names) - 1} or one of {', '.join(names)}, got {text!r}")


def run_review(args: argparse.Namespace) -> int:
    """Run ``footcanasta review``."""
    try:
        replay = load_replay(args.replay)
        seat = seat_of(replay.game, args.seat)  # a seat of the replay's own table, named or numbered
        options = review_options(get_game(replay.game), args.search)  # bad options are refused before any work
        rep = review_replay(replay, seat, options, progress=not args.json and sys.stderr.isatty())
    except (ReplayError, ValueError) as e:
        print(f"footcanasta review: {e}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(rep.to_dict(), indent=2))
    else:
        print_review(rep, args.top, chosen(args.lang) if hasattr(args, "lang") else DEFAULT_LANG)
    return 0


def add_parsers(sub: argparse._SubParsersAction) -> None:
    """Register ``review``."""
    p = sub.add_parser("review", help="rate a seat's moves in a replay against the hint's moves",
                       description="Replay a game and rate each decision of one seat against the move the hint "
                                   "recommends in that position (the same bot, budget and seed as `hint`): a move the "
                                   "hint recommended is never a mistake. Foot Canasta's are searched by the search "
                                   "bot, as the hint searches: the expected round points lost against the hint's "
                                   "move, with a standard error. A game without a move rater is compared with its "
                                   "hint bot's moves.")
    p.add_argument("replay", help="a replay file (saved by `footcanasta play`)")
    p.add_argument("--seat", default="0",
                   help="whose moves: a seat's number or name at the game's table (South/West/North/East at four "
                        "seats; default: seat 0, South)")
    p.add_argument("--json", action="store_true", help="print a machine-readable review")
    p.add_argument("--top", type=int, default=10, help="mistakes to list (default 10)")
    p.add_argument("--search", default=None, metavar="OPTIONS",
                   help="the move rater's options (default: the game's own, the hint's search); for Foot Canasta "
                        "the search's, as in the bot name search:OPTIONS")
    add_lang_argument(p)
    p.set_defaults(func=run_review)
