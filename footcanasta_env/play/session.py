"""One game with a person at South and bots in the other seats: the loop, the prompts, the saving.

``Session`` asks the person for South's actions through a ``Terminal``, lets the bots play the other
seats, keeps the ``TurnLog`` that the screen and ``log`` are told from, and writes the replay after every
action of South and before every prompt, so a stopped game loses nothing and resumes from its file.
Stopping (``quit``, end of input) is confirmed first; end of input at that question is a yes, so a script
that runs out never hangs.
"""

from __future__ import annotations

from pathlib import Path

from rich.text import Text

from ..actions import action_name
from ..bots import Bot
from ..engine import Game
from ..replays import Replay
from .commands import parse_command
from .events import TurnLog
from .prompt import Terminal
from .screen import final_text, render_screen, round_table
from .texts import help_text, pile_text, rules_brief, scoring_text

HUMAN = 0  # the person always plays South (RULES.md 1.1)


QUIT, EOF, OVER = "quit", "end of input", "over"


class Session:
    """One game at the terminal: the loop, the prompts, and saving the replay after every action."""

    def __init__(self, game: Game, bots: dict[int, Bot], term: Terminal, replay: Replay,
                 hint_bot: Bot | None = None, save_to: Path | None = None) -> None:
        self.game, self.bots, self.term, self.replay = game, bots, term, replay
        self.hint_bot, self.save_to = hint_bot, save_to
        self.log = TurnLog(HUMAN)
        self.last_events: list[str] = []
        self.since = self.log.since

    def save(self) -> None:
        if self.save_to is not None:
            self.replay.finish(self.game)
            self.replay.save(self.save_to)

    def confirm_stop(self, why: str) -> bool:
        """Ask before stopping a running game; end of input at this question means yes."""
        # Short enough for one line at 80 columns: input() prompts are not wrapped by rich.
        resumable = " (saved: you can resume it)" if self.save_to else ""
        ask = " ".join(filter(None, (why, f"Stop the game{resumable}? [y/N] ")))
        line = self.term.read(ask)
        if line is None:
            self.term.show("End of input: taken as yes.")
            return True
        return line.strip().lower() in ("y", "yes")

    def play(self) -> str:
        """Play to the end with the person as South; returns OVER, QUIT or EOF."""
        game, term = self.game, self.term
        while not game.is_over:
            seat = game.current_player
            rounds_done = len(game.round_results)
            before = game.view(HUMAN)
            if seat == HUMAN:
                self.last_events, self.since = self.log.take(), self.log.since
                self.save()  # every bot move so far is on disk before the person is asked
                term.show(render_screen(before, self.last_events, term.console.width, term.times, self.since))
                choice = self.south_turn()
                if isinstance(choice, str):
                    return choice
                a = choice
            else:
                a = self.bots[seat].act(game.view(seat))
            game.step(a)
            self.replay.record(seat, a)
            if seat == HUMAN:
                self.save()
            if len(game.round_results) > rounds_done:
                if (stop := self.round_over()) is not None:
                    return stop
            else:
                self.log.step(before, game.view(HUMAN), seat, a)
        self.save()
        term.show(final_text(game.scores))
        return OVER

    def round_over(self) -> str | None:
        game, term = self.game, self.term
        result = game.round_results[-1]
        self.log.end_round(result)
        for e in self.log.take():
            term.show(e)
        term.show("")
        term.show(round_table(result, game.scores, red_three_value=game.rules.red_three_bonus))
        self.save()
        while not game.is_over:
            line = term.read(f"Press Enter for round {game.round} (or type quit): ")
            if line is None:
                if self.confirm_stop("End of input."):
                    return EOF
            elif line.strip().lower() in ("q", "quit", "exit"):
                if self.confirm_stop(""):
                    return QUIT
            else:
                break
        return None

    def south_turn(self) -> int | str:
        """Ask the person for one legal action; returns its id, or QUIT / EOF."""
        game, term = self.game, self.term
        legal = game.legal_actions()
        while True:
            line = term.read("Your move> ")
            if line is None:
                if self.confirm_stop("End of input."):
                    return EOF
                continue
            cmd = parse_command(line, legal, game.why_illegal)
            if cmd.kind == "action":
                assert cmd.action is not None
                return cmd.action
            if cmd.kind == "quit":
                if self.confirm_stop(""):
                    return QUIT
            elif cmd.kind == "help":
                term.show(help_text(game.rules, game.round, term.times))
            elif cmd.kind == "rules":
                term.show(rules_brief(game.rules))
                term.show(scoring_text(game.rules))
            elif cmd.kind == "hint":
                term.show(_hint(game, self.hint_bot))
            elif cmd.kind == "pile":
                term.show(pile_text(game.view(HUMAN).pile, game.rules.pile_take))
            elif cmd.kind == "log":
                self.show_log(whole=cmd.message == "all")
            elif cmd.kind == "look":
                term.show(render_screen(game.view(HUMAN), self.last_events, term.console.width, term.times,
                                        self.since))
            elif cmd.kind == "error":
                term.show(cmd.message)

    def show_log(self, whole: bool) -> None:
        rounds = self.log.rounds if whole else self.log.rounds[-1:]
        first = len(self.log.rounds) - len(rounds) + 1
        for n, lines in enumerate(rounds, first):
            self.term.show(Text(f"Round {n}, every action you saw:", style="bold"))
            self.term.show("\n".join(f"  {e}" for e in lines) if lines else "  nothing yet")


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


def play_session(game: Game, bots: dict[int, Bot], term: Terminal, replay: Replay, hint_bot: Bot | None = None,
                 save_to: Path | None = None) -> str:
    """Play ``game`` to the end with the person as South; returns OVER, QUIT or EOF.

    With ``save_to`` the replay is written there after every action of South and before every prompt.
    """
    return Session(game, bots, term, replay, hint_bot, save_to).play()
