"""``footcanasta replay FILE``: a saved game told turn by turn, checked to reproduce exactly.

A replay holds every action of every seat, so it shows more than any player saw at the table; one thing
it must not blur is what was private (in Foot Canasta, melds set aside before a partnership's initial
meld, RULES.md 7.2): the game's ``TableText`` marks it (``replay_note``, ``replay_legend``).

Seats are named, and each round's totals kept per side, as the game's geometry says (``sides``), at any
table of any game.

``--step`` pauses as it goes, by turn by default (a turn is often several actions);
``--by action|turn|round`` picks the step, and keys at the prompt change it on the way.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass, field
from typing import Any, TextIO

from rich.console import Console
from rich.text import Text

from ..games import get_game
from ..i18n import DEFAULT_LANG, chosen, words
from ..messages import N_
from ..replays import load_replay, reproduce
from ..table import HUMAN, Deal
from ..table.text import at_table
from .prompt import Terminal
from .sides import scores_to

# Under 80 columns, as input() prompts are not wrapped by rich; an unknown key gets the long form.
KEYS = N_("Enter: next {unit}; a/t/r: by action/turn/round; s: table; c: end; q: quit> ")
KEYS_LONG = N_("press Enter for the next {unit}, or type a, t or r to step by action, turn or round, s to see the "
               "table, c to run to the end, q to stop")
UNITS = {"action": N_("action"), "turn": N_("turn"), "round": N_("round")}


class _StopReplay(Exception):
    """The person asked to stop stepping through a replay."""


@dataclass
class _Turn:
    seat: int
    first: int
    actions: list[str] = field(default_factory=list)


class Replayer:
    """Prints the game as it is reproduced and pauses where the person asked."""

    def __init__(self, term: Terminal, console: Console, unit: str | None, game: Any,
                 lang: str = DEFAULT_LANG, rules: Any = None) -> None:
        self.term, self.console, self.game = term, console, game
        self.geometry = game.geometry(rules)
        self.text = game.table_text(lang)
        self.w = words(lang)
        self.unit = unit  # None: no pauses
        self.turn: _Turn | None = None
        self.note = ""
        self.new_round = True
        self.shown_rounds = 0

    def before(self, game: Any, i: int, seat: int, a: int) -> None:
        if self.new_round:
            self.new_round = False
            self.term.show(Text(self.w._("Round {round}: {who} plays first.").format(
                round=game.round, who=self.seat(seat)), style="bold"))
        self.note = self.text.replay_note(game, seat, a)
        if self.turn is None:
            self.turn = _Turn(seat, i)
            if self.unit in ("action", "turn") and seat == HUMAN:
                self.show_table(game)  # what the person saw when deciding

    def after(self, game: Any, i: int, seat: int, a: int) -> None:
        assert self.turn is not None
        entry = self.game.action_name(a) + self.note
        self.turn.actions.append(entry)
        round_over = self.shown_rounds < len(game.round_results)
        turn_over = round_over or game.is_over or game.current_player != seat
        if self.unit == "action":
            self.term.show(f"{i + 1:>5}  {self.seat(seat):<5}  {entry}")
        elif turn_over:
            self.term.show(f"{self.turn.first + 1:>5}  {self.seat(seat):<5}  {', '.join(self.turn.actions)}")
        if turn_over:
            self.turn = None
        elif self.unit == "action":
            self.show_private(game)
        while self.shown_rounds < len(game.round_results):
            result = game.round_results[self.shown_rounds]
            self.shown_rounds += 1
            done = game.round_results[:self.shown_rounds]
            totals = [sum(r["scores"][side] for r in done) for side in range(self.geometry.num_sides)]
            self.term.show(at_table(self.text.describe_round_end, game.rules, self.game.Rules(), result))
            self.term.show(self.text.round_table(result, totals, game.rules))
            self.new_round = True
        if self.unit == "action" or (self.unit == "turn" and turn_over) or (self.unit == "round" and round_over):
            if not game.is_over:
                self.pause(game)

    def seat(self, seat: int) -> str:
        return self.w._(self.geometry.seat_names[seat])

    def show_private(self, game: Any) -> None:
        seat = game.current_player
        private = self.text.private_text(game, seat)
        if private:
            self.term.show("       " + self.w._("{who}'s {melds}").format(who=self.seat(seat), melds=private))

    def show_table(self, game: Any) -> None:
        self.term.show(self.text.render_screen(game.view(HUMAN), (), self.console.width, ""))

    def pause(self, game: Any) -> None:
        while True:
            unit = self.w._(UNITS[self.unit or "turn"])
            line = self.term.read(self.w._(KEYS).format(unit=unit))
            key = "c" if line is None else line.strip().lower()
            if key in ("", "n", "next"):
                return
            if key in ("a", "t", "r"):
                self.unit = {"a": "action", "t": "turn", "r": "round"}[key]
                return
            if key in ("c", "continue"):
                self.unit = None
                return
            if key in ("q", "quit", "stop"):
                raise _StopReplay
            if key in ("s", "look", "table"):
                self.show_table(game)
                self.show_private(game)
            else:
                self.term.show(self.w._("unknown key {key}: {keys}").format(
                    key=repr(line.strip()), keys=self.w._(KEYS_LONG).format(unit=unit)))


def run_replay(args: argparse.Namespace, stdin: TextIO | None = None, console: Console | None = None) -> int:
    """Run ``footcanasta replay FILE``: reproduce the game, show it, and check its saved result."""
    stdin = stdin if stdin is not None else sys.stdin
    console = console if console is not None else Console(highlight=False)
    term = Terminal(console, stdin)
    lang = chosen(args.lang) if hasattr(args, "lang") else DEFAULT_LANG
    w = words(lang)
    replay = load_replay(args.file)
    deal = Deal.of_replay(replay).describe(lang)
    module = get_game(replay.game)
    names = module.geometry(replay.rules).seat_names
    who = ", ".join(f"{w._(p['name']) if p.get('name') in names else p.get('name', '?')}: "
                    f"{p.get('bot', p.get('kind', '?'))}" for p in replay.players)
    unit = getattr(args, "by", None) or ("turn" if args.step else None)
    lines = (w._("Each line is one action") if unit == "action"
             else w._("Each line is one turn, numbered by its first action"))
    replayer = Replayer(term, console, unit, module, lang, replay.rules)
    legend = replayer.text.replay_legend()
    head = w._("{title}: replay of {deal}, {actions} actions ({players}). {lines}.").format(
        title=replayer.game.TITLE, deal=deal, actions=len(replay.actions), players=who, lines=lines)
    term.show(head + (f" {legend}" if legend else ""))
    try:
        game = reproduce(replay, on_step=replayer.after, before_step=replayer.before)
    except _StopReplay:
        term.show(w._("Stopped."))
        return 0
    scores = scores_to(w, game.scores)
    if game.is_over:
        term.show(at_table(replayer.text.final_text, game.rules, replayer.game.Rules(), game.scores))
        term.show(w._("Reproduced exactly: the final scores {scores} match the file.").format(scores=scores))
    else:
        term.show(w._("The game was stopped in round {round}; reproduced exactly up to there "
                      "(scores {scores} match the file).").format(round=game.round, scores=scores))
    return 0
