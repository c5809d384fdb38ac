"""``footcanasta play``: a person plays against bots in the terminal, at any table of any game of the house.

The person sits at seat 0 of the game's geometry (South at four players); every other seat is a bot, at a
``Table`` (``footcanasta_env.table``) of the game chosen with ``--game``: ``--partner`` at the person's
partners (a table where each plays for themselves has none), ``--opponents`` at the other sides' seats. The
screen is the game's (its ``TableText``), drawn from the person's view only; the lines about the table and the
scores name its seats and sides as the geometry does (``sides``). Every game is saved as a replay
(``footcanasta_env.replays``) after every action, so a game stopped in any way (quit, end of input, Ctrl-C, a
closed terminal) goes on with ``footcanasta play --resume FILE``, and ``footcanasta replay FILE`` reproduces
it exactly. The loop reads from any text stream and writes to any rich ``Console``, so tests drive it with
scripted input; at a real terminal the prompt has line editing and history (``readline``).
"""

from __future__ import annotations

import argparse
import os
import shlex
import sys
from pathlib import Path
from typing import TextIO

from rich.console import Console

from ..games import DEFAULT_GAME, game_names, get_game
from ..i18n import DEFAULT_LANG, MessageError, add_lang_argument, chosen, words
from ..messages import N_, Message
from ..replays import Replay, load_replay, reproduce
from ..table import HUMAN, Deal, Table, today
from .prompt import Terminal
from .replayer import run_replay
from .session import EOF, OVER, QUIT, Session, play_session
from .sides import lineup_text, side_scores

DEFAULT_REPLAY_DIR = Path("~/.footcanasta/replays")

__all__ = ["DEFAULT_REPLAY_DIR", "EOF", "HUMAN", "OVER", "QUIT", "Terminal", "add_parsers", "language",
           "play_session", "run_play", "run_replay"]


# ---------------------------------------------------------------------------------------------- commands


def _replay_dir(arg: str | None) -> Path:
    raw = arg or os.environ.get("FOOTCANASTA_REPLAY_DIR") or str(DEFAULT_REPLAY_DIR)
    path = Path(raw).expanduser()
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise MessageError(Message(N_("cannot create the replay folder {folder} ({reason}); choose another with "
                                      "--replay-dir"), folder=repr(str(path)), reason=e.strerror or e)) from None
    return path


def add_size_arguments(p: argparse.ArgumentParser) -> None:
    """``--players`` and ``--sides``: the table a command deals (``play``, ``demo``), checked by the game's rules
    where the deal is made (``table.deal.table_rules``)."""
    p.add_argument("--players", type=int, default=None, metavar="N",
                   help="the table's size, in a game with several (Canasta: 2, 3, 4 or 6; default 4)")
    p.add_argument("--sides", type=int, default=None, metavar="N",
                   help="how the players make sides (Canasta at six: 2 teams of three, or 3 of two partners)")


def _deal(args: argparse.Namespace) -> Deal:
    if args.date is not None and args.seed is not None:
        raise MessageError(Message(N_("--date chooses a daily deal; it cannot be combined with --seed")))
    size = {"players": getattr(args, "players", None), "sides": getattr(args, "sides", None)}
    if args.daily or args.date is not None:
        return Deal(game=args.game, daily=args.date if args.date is not None else today(), **size)
    if args.seed is not None and args.seed < 0:
        raise MessageError(Message(N_("--seed must be a non-negative whole number, got {seed}"), seed=args.seed))
    return Deal(game=args.game, seed=args.seed, **size)


def _resumed(args: argparse.Namespace, lang: str = DEFAULT_LANG) -> tuple[Table, Path]:
    """The table of a stopped game, rebuilt from its replay file (the bots asked for then, unless overridden)."""
    if args.seed is not None or args.daily or args.date is not None:
        raise MessageError(Message(N_("--resume goes on with a saved game; it cannot be combined with --seed, --daily "
                                      "or --date")))
    if getattr(args, "players", None) is not None or getattr(args, "sides", None) is not None:
        raise MessageError(Message(N_("--resume goes on with a saved game at its own table: it cannot be combined "
                                      "with --players or --sides")))
    path = Path(args.resume).expanduser()
    replay = load_replay(path)
    if args.game not in (None, replay.game):
        raise MessageError(Message(N_("the game in {file} is {game}, not {asked}"), file=repr(str(path)),
                                   game=repr(replay.game), asked=repr(args.game)))
    reproduce(replay)  # checks the file before any bot is built
    deal = Deal.of_replay(replay)
    if replay.rules != (deal.rules or get_game(replay.game).Rules()):
        raise MessageError(Message(N_("the game in {file} was played with other rules than the game's own, which "
                                      "'footcanasta play' deals; 'footcanasta replay' shows it"), file=repr(str(path))))
    geometry = get_game(deal.game).geometry(replay.rules)
    asked = {s: _bot_of(replay, s, args.partner) for s in geometry.partners(HUMAN)}
    asked |= {s: _bot_of(replay, s, args.opponents) for s in geometry.opponents(HUMAN)}
    table = Table.rebuild(deal, None, None, replay.actions, lang, seats=asked)
    if table.game.is_over:
        raise MessageError(Message(N_("the game in {file} is over; '{command}' shows it"), file=repr(str(path)),
                                   command=f"footcanasta replay {path}"))
    table.created = replay.created or table.created
    return table, path


def _bot_of(replay: Replay, seat: int, asked: str | None) -> str | None:
    """The bot asked for on the command line, else the one a resumed game had (a fallback: what was asked)."""
    if asked is not None:
        return asked
    player = replay.players[seat] if seat < len(replay.players) else {}
    return player.get("fallback_from") or player.get("bot")


def _resume_hint(path: Path) -> str:
    return f"footcanasta play --resume {shlex.quote(str(path))}"


def _check_partner(table: Table, partner: str | None) -> None:
    """A partner's bot asked for at a table without partners is refused, not ignored."""
    if partner is not None and not table.partners:
        raise MessageError(Message(N_("in {game} each plays for themselves: there is no partner for --partner "
                                      "(--opponents chooses the other seats' bot)"), game=table.module.TITLE))


def _greet(term: Terminal, table: Table, resumed: Path | None) -> None:
    game, w = table.game, words(table.lang)
    deal = table.deal.describe(table.lang)
    if resumed is not None:
        term.show(w._("Resuming {file}: {deal}, round {round}, after {actions} actions.").format(
            file=resumed, deal=deal, round=game.round, actions=table.version), soft_wrap=True)
    you = w._(table.seat_name(HUMAN))
    term.show(w._("{title}, {deal}. You are {you}; {others}. Type 'help' for the commands.").format(
        title=table.module.TITLE, deal=deal, you=you, others=lineup_text(w, table.geometry, table.bots)))
    for note in table.lineup.notes_in(table.lang):
        term.show(w._("Note: {note}").format(note=note))


def run_play(args: argparse.Namespace, stdin: TextIO | None = None, console: Console | None = None) -> int:
    """Run ``footcanasta play``."""
    stdin = stdin if stdin is not None else sys.stdin
    console = console if console is not None else Console(highlight=False)
    lang = language(args)
    w = words(lang)
    resume = getattr(args, "resume", None)
    if resume:
        table, path = _resumed(args, lang)
        _check_partner(table, args.partner)
    else:
        table = Table.open(_deal(args), args.partner, args.opponents, lang)
        _check_partner(table, args.partner)
        path = _replay_dir(args.replay_dir) / table.replay_name()
    term = Terminal(console, stdin)
    _greet(term, table, path if resume else None)
    session = Session(table, term, save_to=path)
    try:
        session.save()
        outcome = session.play()
    except KeyboardInterrupt:
        # Ctrl-C may land inside a step: the table logs an action only once it is played, so the file
        # written from the log holds whole actions only.
        session.save()
        term.show("")
        term.show(w._("Interrupted in round {round}. The game is saved in {file}").format(
            round=table.game.round, file=path), soft_wrap=True)
        term.show(w._("Go on with it: {command}").format(command=_resume_hint(path)), soft_wrap=True)
        return 130
    if outcome != OVER:
        how = w._("quit") if outcome == QUIT else w._("end of input")
        term.show(w._("Game stopped ({how}) in round {round}; scores so far {scores}.").format(
            how=how, round=table.game.round, scores=side_scores(w, table.geometry, table.game.scores)))
        term.show(w._("Replay saved to {file}").format(file=path), soft_wrap=True)
        term.show(w._("Go on with the game: {command}").format(command=_resume_hint(path)), soft_wrap=True)
    else:
        term.show(w._("Replay saved to {file}  ({command})").format(
            file=path, command=f"footcanasta replay {shlex.quote(str(path))}"), soft_wrap=True)
        term.show(w._("Review your moves: {command}").format(command=f"footcanasta review {shlex.quote(str(path))}"),
                  soft_wrap=True)
    return 0


def language(args: argparse.Namespace) -> str:
    """The language of a command: ``--lang``, else the locale's; English for a caller without ``lang``."""
    return chosen(args.lang) if hasattr(args, "lang") else DEFAULT_LANG


def add_parsers(sub: argparse._SubParsersAction) -> None:
    """Register ``play`` and ``replay``."""
    p = sub.add_parser("play", help="play against bots in the terminal (South at four, with a bot partner)",
                       description="Play a game of the house against bots: you sit at the game's first seat (South "
                                   "at four players, with a bot partner North against two bots), at any table of "
                                   f"the game ({', '.join(game_names())}; --game, {DEFAULT_GAME} by default). The "
                                   "game is saved after every move; --resume goes on with a stopped one.")
    p.add_argument("--game", default=None, metavar="NAME",
                   help=f"which game: {', '.join(game_names())} (default footcanasta; --resume: the file's)")
    deal = p.add_mutually_exclusive_group()
    deal.add_argument("--daily", action="store_true", help="play today's deal (the same for everyone today)")
    deal.add_argument("--seed", type=int, default=None, help="play the deal of this seed (default: a fresh one)")
    p.add_argument("--date", default=None, metavar="YYYY-MM-DD", help="play the daily deal of another day")
    add_size_arguments(p)
    # Static words about the default game, so that --help does not load its policy; test_play_session checks
    # them against the code. The names are the registry's own list (listing them builds no bot).
    strongest = ("the strongest bot that loads, today learned (the shipped policy) in Foot Canasta, another "
                 "game's own strongest in that game; if it cannot load, the game says so and plays the next one")
    names = ", ".join(get_game(DEFAULT_GAME).bot_names())
    p.add_argument("--partner", default=None, metavar="NAME",
                   help=f"your partners' bot, at a table with partners (North at four): one of the game's bots "
                        f"({names} in {DEFAULT_GAME}), or policy:FILE (default: {strongest})")
    p.add_argument("--opponents", default=None, metavar="NAME",
                   help="the other sides' bot (West and East at four; default: the same strongest bot)")
    p.add_argument("--replay-dir", default=None, metavar="DIR",
                   help=f"where replays are saved (default $FOOTCANASTA_REPLAY_DIR or {DEFAULT_REPLAY_DIR})")
    p.add_argument("--resume", default=None, metavar="FILE",
                   help="go on with a stopped game from its replay file (saved to the same file)")
    add_lang_argument(p)
    p.set_defaults(func=run_play)
    r = sub.add_parser("replay", help="step through a saved game and check that it reproduces exactly")
    r.add_argument("file", help="a replay file written by 'footcanasta play'")
    r.add_argument("--step", action="store_true",
                   help="pause as you go (by turn unless --by says otherwise); keys are shown at the prompt")
    r.add_argument("--by", choices=("action", "turn", "round"), default=None,
                   help="how far each step goes (implies --step; default turn)")
    add_lang_argument(r)
    r.set_defaults(func=run_replay)
