"""``footcanasta play`` and ``footcanasta replay``: a person plays South against three bots in the terminal.

The person is South; North (the partner), West and East are bots. The screen is drawn by
``play_screen`` from South's view only. Every game is saved as a replay (``replay.py``) that
``footcanasta replay FILE`` reproduces exactly. The loop reads from any text stream and writes to any
rich ``Console``, so tests drive it with scripted input.
"""

from __future__ import annotations

import argparse
import datetime as _dt
import os
import sys
from pathlib import Path
from typing import TextIO

from rich.console import Console, RenderableType
from rich.text import Text

from ..actions import action_name
from ..bots import BOT_STRENGTH, Bot, make_bot, strongest_bot
from ..cards import KINDS
from ..engine import Game, Replay, load_replay, new_game, reproduce
from ..seats import SEAT_NAMES
from ..seeds import daily_seed, seat_bot_seed
from .commands import parse_command
from .screen import (
    describe_round_end,
    describe_step,
    final_text,
    render_screen,
    round_table,
)

# Strongest first: the default bot is the first of these that ``bot_names()`` offers and that loads.
DEFAULT_REPLAY_DIR = Path("~/.footcanasta/replays")
HUMAN = 0  # the person always plays South (RULES.md 1.1)

HELP = """\
Commands (case does not matter; cards are 4 5 6 7 8 9 10 J Q K A 2 JK B3):
  d, draw          draw two cards from the stock
  p, pickup        take the pile: you need two cards matching its top card
  m K K K          start a meld (m K K 2, m 2 2 JK); 'm K' if only one K meld fits
  a K, a K 2       add a card to your side's meld of that rank (a wild JK)
  l, laydown       put your set-aside melds down as the initial meld
  x 9, discard 9   discard a card and end your turn
  1, 2, ...        the action with that number in the list
  hint             what the strongest bot would play
  pile             every card in the discard pile, bottom to top
  look             show the table again
  help             this text
  quit             stop (the game so far is saved as a replay)"""
# One paragraph without line breaks, so that the console wraps it to its own width.
RULES_BRIEF = (
    "Rules in brief: partners South/North against West/East, four rounds. Each turn draw two cards or take "
    "the pile, meld, then discard one. Melds are 3 to 7 cards of one rank (4 to A), at least two naturals per "
    "wild card (2 or JK), or 3 to 7 wild cards; seven cards make a canasta: clean (no wild, 500), dirty (300) "
    "or wild (1500). Your side's first lay-down each round must be worth 50, 90, 120, 150 card points: before "
    "it, melds are set aside and go down together with 'laydown' (or with a pickup). When your hand is empty "
    "you play your foot. To go out your side needs 2 clean, 2 dirty and 1 wild canasta, you in your foot and "
    "your partner in theirs. Cards left in hand count against you; red threes score 100 each."
)


# ---------------------------------------------------------------------------------------------- terminal


class Terminal:
    """The person's side: prints to a rich console and reads lines from a stream (a tty or a script)."""

    def __init__(self, console: Console, stdin: TextIO) -> None:
        self.console = console
        self.stdin = stdin
        self.interactive = bool(getattr(stdin, "isatty", lambda: False)()) and stdin is sys.stdin
        self.times = "×" if (console.encoding or "").lower().startswith("utf") else "x"

    def show(self, thing: RenderableType | str) -> None:
        """Print a renderable, or a plain string taken literally (never as rich markup)."""
        self.console.print(Text(thing) if isinstance(thing, str) else thing)

    def read(self, prompt: str) -> str | None:
        """One line of input, or None at end of input."""
        if self.interactive:
            try:
                return self.console.input(prompt)
            except EOFError:
                self.console.print()  # end the prompt's line
                return None
        self.console.print(Text(prompt), end="")
        line = self.stdin.readline()
        if not line:
            self.console.print()
            return None
        # Echo the command so that a transcript of a scripted game reads like a session.
        self.console.print(Text(line.rstrip("\n")))
        return line


# ---------------------------------------------------------------------------------------------- the game


QUIT, EOF, OVER = "quit", "end of input", "over"


def _south_turn(game: Game, term: Terminal, hint_bot: Bot | None) -> int | str:
    """Ask the person for one legal action; returns its id, or QUIT / EOF."""
    legal = game.legal_actions()
    while True:
        line = term.read("Your move> ")
        if line is None:
            return EOF
        cmd = parse_command(line, legal, game.why_illegal)
        if cmd.kind == "action":
            assert cmd.action is not None
            return cmd.action
        if cmd.kind == "quit":
            return QUIT
        if cmd.kind == "help":
            term.show(HELP)
            term.show(RULES_BRIEF)
        elif cmd.kind == "hint":
            term.show(_hint(game, hint_bot))
        elif cmd.kind == "pile":
            pile = game.view(HUMAN).pile
            term.show("Pile, bottom to top: " + (" ".join(KINDS[k] for k in pile) if pile else "empty"))
        elif cmd.kind == "look":
            term.show(render_screen(game.view(HUMAN), (), term.console.width, term.times))
        elif cmd.kind == "error":
            term.show(cmd.message)


def _hint(game: Game, hint_bot: Bot | None) -> str:
    if hint_bot is None:
        return "No hint available."
    view = game.view(HUMAN)
    try:
        a = hint_bot.act(view)
    except Exception as e:  # noqa: BLE001 - advice that fails must never end the person's game
        return f"No hint: the {hint_bot.name} bot failed ({e})."
    if a not in view.legal_actions:
        return f"No hint: the {hint_bot.name} bot suggested an illegal action."
    return f"Hint ({hint_bot.name} bot): {view.legal_actions.index(a) + 1} {action_name(a)}"


def play_session(game: Game, bots: dict[int, Bot], term: Terminal, replay: Replay, hint_bot: Bot | None = None) -> str:
    """Play ``game`` to the end with the person as South; returns OVER, QUIT or EOF."""
    events: list[str] = []
    while not game.is_over:
        seat = game.current_player
        rounds_done = len(game.round_results)
        before = game.view(HUMAN)
        if seat == HUMAN:
            term.show(render_screen(before, events, term.console.width, term.times))
            events = []
            choice = _south_turn(game, term, hint_bot)
            if isinstance(choice, str):
                return choice
            a = choice
        else:
            a = bots[seat].act(game.view(seat))
        game.step(a)
        replay.record(seat, a)
        if len(game.round_results) > rounds_done:
            result = game.round_results[-1]
            events.append(describe_round_end(result))
            for e in events:
                term.show(e)
            events = []
            term.show(round_table(result, game.scores))
            if not game.is_over and term.read(f"Press Enter for round {game.round} (or type quit): ") is None:
                return EOF
        else:
            events += describe_step(before, game.view(HUMAN), seat, a)
    term.show(final_text(game.scores))
    return OVER


# ---------------------------------------------------------------------------------------------- commands


def _replay_dir(arg: str | None) -> Path:
    raw = arg or os.environ.get("FOOTCANASTA_REPLAY_DIR") or str(DEFAULT_REPLAY_DIR)
    path = Path(raw).expanduser()
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise OSError(f"cannot create the replay folder {str(path)!r} ({e.strerror or e}); "
                      "choose another with --replay-dir") from None
    return path


def run_play(args: argparse.Namespace, stdin: TextIO | None = None, console: Console | None = None) -> int:
    """Run ``footcanasta play``."""
    stdin = stdin if stdin is not None else sys.stdin
    console = console if console is not None else Console(highlight=False)
    daily: str | None = None
    if args.date is not None and args.seed is not None:
        raise ValueError("--date chooses a daily deal; it cannot be combined with --seed")
    if args.daily or args.date is not None:
        day = args.date if args.date is not None else _dt.date.today().isoformat()
        seed = daily_seed(day)  # checks the date
        daily = _dt.date.fromisoformat(day.strip()).isoformat()
        game = new_game(daily=daily)
    else:
        if args.seed is not None and args.seed < 0:
            raise ValueError(f"--seed must be a non-negative whole number, got {args.seed}")
        game = new_game(seed=args.seed)
        seed = int(game.seed)  # type: ignore[arg-type]
    best = None
    if args.partner is None or args.opponents is None:
        best = strongest_bot()
    names = {2: args.partner or best, 1: args.opponents or best, 3: args.opponents or best}
    bots = {s: make_bot(str(n), seat_bot_seed(seed, s)) for s, n in names.items()}
    hint_name = best or strongest_bot()
    hint_bot = make_bot(hint_name, seat_bot_seed(seed, 4))
    folder = _replay_dir(args.replay_dir)
    stamp = _dt.datetime.now().strftime("%Y%m%d-%H%M%S")
    path = folder / (f"{stamp}-daily-{daily}.json" if daily else f"{stamp}-seed-{seed}.json")
    players: list[dict] = [{"seat": 0, "name": SEAT_NAMES[0], "kind": "human"}]
    for s in (1, 2, 3):
        players.append({"seat": s, "name": SEAT_NAMES[s], "kind": "bot", "bot": bots[s].name,
                        "seed": seat_bot_seed(seed, s)})
    replay = Replay(seed=seed, rules=game.rules, players=players, daily=daily)
    term = Terminal(console, stdin)
    deal = f"the daily game of {daily}" if daily else f"seed {seed}"
    term.show(f"Foot Canasta, {deal}. You are South; North ({bots[2].name} bot) is your partner; "
              f"West and East are {bots[1].name} bots. Type 'help' for the commands.")
    outcome = EOF
    try:
        outcome = play_session(game, bots, term, replay, hint_bot)
    finally:
        # Save whatever happened, even on an interrupt, so no game is ever lost.
        replay.finish(game)
        replay.save(path)
    if outcome != OVER:
        term.show(f"Game stopped ({outcome}) in round {game.round}; scores so far "
                  f"South/North {game.scores[0]}, West/East {game.scores[1]}.")
    term.show(f"Replay saved to {path}  (footcanasta replay {path})")
    return 0


class _StopReplay(Exception):
    """The person asked to stop stepping through a replay."""


def run_replay(args: argparse.Namespace, stdin: TextIO | None = None, console: Console | None = None) -> int:
    """Run ``footcanasta replay FILE``: reproduce the game, show it, and check its saved result."""
    stdin = stdin if stdin is not None else sys.stdin
    console = console if console is not None else Console(highlight=False)
    term = Terminal(console, stdin)
    replay = load_replay(args.file)
    deal = f"the daily game of {replay.daily}" if replay.daily else f"seed {replay.seed}"
    who = ", ".join(f"{p.get('name', '?')}: {p.get('bot', p.get('kind', '?'))}" for p in replay.players)
    term.show(f"Replay of {deal}, {len(replay.actions)} actions ({who}).")
    stepping = [bool(args.step)]
    new_round = [False]

    def before(game: Game, i: int, seat: int, a: int) -> None:
        if i == 0 or new_round[0]:
            new_round[0] = False
            term.show(f"Round {game.round}: {SEAT_NAMES[seat]} plays first.")
        if stepping[0] and seat == HUMAN:
            term.show(render_screen(game.view(HUMAN), (), console.width, term.times))

    shown_rounds = [0]

    def after(game: Game, i: int, seat: int, a: int) -> None:
        term.show(f"{i + 1:>5}  {SEAT_NAMES[seat]:<5}  {action_name(a)}")
        while shown_rounds[0] < len(game.round_results):
            result = game.round_results[shown_rounds[0]]
            shown_rounds[0] += 1
            totals = [sum(r["scores"][t] for r in game.round_results[:shown_rounds[0]]) for t in (0, 1)]
            term.show(describe_round_end(result))
            term.show(round_table(result, totals))
            new_round[0] = True
        if stepping[0]:
            line = term.read("Enter: next, c: continue to the end, q: stop> ")
            if line is None or line.strip().lower() == "c":
                stepping[0] = False
            elif line.strip().lower() == "q":
                raise _StopReplay

    try:
        game = reproduce(replay, on_step=after, before_step=before)
    except _StopReplay:
        term.show("Stopped.")
        return 0
    if game.is_over:
        term.show(final_text(game.scores))
        term.show(f"Reproduced exactly: the final scores {game.scores[0]} to {game.scores[1]} match the file.")
    else:
        term.show(f"The game was stopped in round {game.round}; reproduced exactly up to there "
                  f"(scores {game.scores[0]} to {game.scores[1]} match the file).")
    return 0


def add_parsers(sub: argparse._SubParsersAction) -> None:
    """Register ``play`` and ``replay``."""
    order = " > ".join(BOT_STRENGTH)
    p = sub.add_parser("play", help="play South against three bots in the terminal",
                       description="Play Foot Canasta as South, with a bot partner (North) against two bots.")
    deal = p.add_mutually_exclusive_group()
    deal.add_argument("--daily", action="store_true", help="play today's deal (the same for everyone today)")
    deal.add_argument("--seed", type=int, default=None, help="play the deal of this seed (default: a fresh one)")
    p.add_argument("--date", default=None, metavar="YYYY-MM-DD", help="play the daily deal of another day")
    p.add_argument("--partner", default=None, metavar="NAME",
                   help=f"North's bot (default: the strongest available, {order})")
    p.add_argument("--opponents", default=None, metavar="NAME", help="West's and East's bot (default: the strongest)")
    p.add_argument("--replay-dir", default=None, metavar="DIR",
                   help=f"where replays are saved (default $FOOTCANASTA_REPLAY_DIR or {DEFAULT_REPLAY_DIR})")
    p.set_defaults(func=run_play)
    r = sub.add_parser("replay", help="step through a saved game and check that it reproduces exactly")
    r.add_argument("file", help="a replay file written by 'footcanasta play'")
    r.add_argument("--step", action="store_true", help="pause after each action (Enter: next, c: to the end, q: stop)")
    r.set_defaults(func=run_replay)

