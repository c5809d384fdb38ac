"""The terminal's end of a person's table: the loop, the prompts, the screen, and saving after every move.

``Session`` drives a ``Table`` (``footcanasta_env.table``): it asks the person for the actions of their seat
(seat 0, South at four players) through a ``Terminal``, lets the table's bots play the other seats, keeps the
game's turn log that the screen and ``log`` are told from, and writes the replay after every action of the
person and before every prompt, so a stopped game loses nothing and resumes from its file. What the game says
(screen, moves, help, the prompt's short forms) is its ``TableText``. Stopping (``quit``, end of input) is
confirmed first; end of input at that question is a yes, so a script that runs out never hangs.
"""

from __future__ import annotations

from pathlib import Path

from rich.text import Text

from ..i18n import words
from ..table import HUMAN, Step, Table
from ..table.text import at_table
from .prompt import Terminal

QUIT, EOF, OVER = "quit", "end of input", "over"


class Session:
    """One game at the terminal: the loop, the prompts, and saving the replay after every action."""

    def __init__(self, table: Table, term: Terminal, save_to: Path | None = None) -> None:
        self.table, self.term, self.save_to = table, term, save_to
        self.text = table.text
        self.w = words(table.lang)
        self.log = self.text.turn_log(HUMAN)
        self.last_events: list[str] = []
        self.since = self.log.since

    def save(self) -> None:
        if self.save_to is not None:
            self.table.replay("terminal").save(self.save_to)

    def confirm_stop(self, why: str) -> bool:
        """Ask before stopping a running game; end of input at this question means yes."""
        # Short enough for one line at 80 columns: input() prompts are not wrapped by rich.
        w = self.w
        ask = w._("Stop the game (saved: you can resume it)? [y/N] ") if self.save_to else w._("Stop the game? [y/N] ")
        line = self.term.read(" ".join(filter(None, (why, ask))))
        if line is None:
            self.term.show(w._("End of input: taken as yes."))
            return True
        # y and yes are typed in every language, with the language's own word for yes beside them
        return line.strip().lower() in ("y", "yes", w._("yes").lower())

    def screen(self) -> object:
        return self.text.render_screen(self.table.view(), self.last_events, self.term.console.width, self.since)

    def play(self) -> str:
        """Play to the end with the person at their seat; returns OVER, QUIT or EOF."""
        table = self.table
        while not table.game.is_over:
            for step in table.bot_steps():
                if (stop := self.told(step)) is not None:
                    return stop
            if table.game.is_over:
                break
            self.last_events, self.since = self.log.take(), self.log.since
            self.save()  # every bot move so far is on disk before the person is asked
            self.term.show(self.screen())
            choice = self.person_turn()
            if isinstance(choice, str):
                return choice
            step = table.step(choice)
            self.save()
            if (stop := self.told(step)) is not None:
                return stop
        self.save()
        self.term.show(at_table(self.text.final_text, table.game.rules, table.module.Rules(), table.game.scores))
        return OVER

    def told(self, step: Step) -> str | None:
        """Put a step in the log; at a round's end show it and wait for the person (QUIT or EOF to stop)."""
        if step.round_end is None:
            self.log.step(step.before, step.after, step.seat, step.action)
            return None
        return self.round_over(step.round_end)

    def round_over(self, result: dict) -> str | None:
        game, term = self.table.game, self.term
        self.log.end_round(result)
        for e in self.log.take():
            term.show(e)
        term.show("")
        term.show(self.text.round_table(result, game.scores, game.rules))
        self.save()
        while not game.is_over:
            line = term.read(self.w._("Press Enter for round {round} (or type quit): ").format(round=game.round))
            if line is None:
                if self.confirm_stop(self.w._("End of input.")):
                    return EOF
            elif line.strip().lower() in ("q", "quit", "exit"):
                if self.confirm_stop(""):
                    return QUIT
            else:
                break
        return None

    def person_turn(self) -> int | str:
        """Ask the person for one legal action; returns its id, or QUIT / EOF."""
        game, term = self.table.game, self.term
        legal = game.legal_actions()
        while True:
            line = term.read(self.w._("Your move> "))
            if line is None:
                if self.confirm_stop(self.w._("End of input.")):
                    return EOF
                continue
            cmd = self.text.parse_command(line, legal, self.table.why_illegal)
            if cmd.kind == "action" and cmd.action is not None:
                return cmd.action
            if cmd.kind == "quit":
                if self.confirm_stop(""):
                    return QUIT
            else:
                self.answer(cmd)

    def answer(self, cmd: object) -> None:
        """Everything the prompt takes besides a move and quit."""
        kind, game, term = getattr(cmd, "kind", ""), self.table.game, self.term
        if kind == "help":
            term.show(self.text.help_text(game.rules, game.round))
        elif kind == "hint":
            term.show(self.hint())
        elif kind == "log":
            self.show_log(whole=getattr(cmd, "message", "") == "all")
        elif kind == "look":
            term.show(self.screen())
        elif kind == "error":
            term.show(getattr(cmd, "message", ""))
        elif kind != "empty" and (info := self.text.info_text(kind, self.table.view(), game.rules)) is not None:
            term.show(info)

    def hint(self) -> str:
        """The hint bot's move, numbered as in the list of legal moves; advice that fails never ends the game."""
        view = self.table.view()
        try:
            a, name = self.table.hint()
        except Exception as e:  # noqa: BLE001 - a hint bot that fails (or errs) must not end the person's game
            return self.w._("No hint: {error}.").format(error=e)
        # The action first and its list number apart: "2 discard 5" would read as a card count.
        return self.w._("Hint ({bot} bot): {action} (number {number} in the list)").format(
            bot=name, number=view.legal_actions.index(a) + 1, action=self.table.module.action_name(a))

    def show_log(self, whole: bool) -> None:
        rounds = self.log.rounds if whole else self.log.rounds[-1:]
        first = len(self.log.rounds) - len(rounds) + 1
        for n, lines in enumerate(rounds, first):
            self.term.show(Text(self.w._("Round {round}, every action you saw:").format(round=n), style="bold"))
            self.term.show("\n".join(f"  {e}" for e in lines) if lines else "  " + self.w._("nothing yet"))


def play_session(table: Table, term: Terminal, save_to: Path | None = None) -> str:
    """Play the table's game to the end with the person at their seat; returns OVER, QUIT or EOF.

    With ``save_to`` the replay is written there after every action of the person and before every prompt.
    """
    return Session(table, term, save_to).play()
