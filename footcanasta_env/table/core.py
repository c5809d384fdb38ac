"""One person's table: a game, the bots of the other seats, the action log, hints and the replay.

``Table`` is the one "person against bots" object of the house: the terminal (``footcanasta_env.play``) and
the browser (``footcanasta_env.web``) are thin adapters over it. It knows a game only through its game module
(``footcanasta_env.games``): the person's moves are checked on a clone before any is played (all or none), the
bots play until the person is to act, each step is reported as a ``Step`` with the person's views before and
after (so an adapter tells only what the person may see), hints come from the game's hint bot seeded by the
deal and the moves made, and the game is rebuilt exactly from its deal and its log. The table is the game's
``geometry`` (``footcanasta_env.family.geometry``): the person sits at seat 0 (``HUMAN``), the bots at every
other seat, partners (if any) and opponents as the geometry says, each seat named by its seat names. A bot's
generator is seeded afresh for each decision (from its seat's seed and the number of actions played), so a
bot's move is a function of the deal, the moves so far and its view: a table rebuilt from its log goes on
exactly as it would have, and rebuilding it costs no bot any thought.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..family.botregistry import hint_move
from ..games import DEFAULT_GAME, get_game
from ..i18n import DEFAULT_LANG, check_lang, render, words
from ..messages import N_, Message
from ..replays import Replay
from ..seeds import decision_seed, seat_bot_seed
from .deal import Deal
from .lineup import HUMAN, Lineup, choose_bots, wanted_bots


class TableError(ValueError):
    """A move or request the table refuses; ``status`` is how a server answers it (409: not now).

    ``message`` is the reason as a ``Message`` (render it in the reader's language); ``str()`` is English.
    """

    def __init__(self, message: Message | str, status: int = 400) -> None:
        super().__init__(str(message))
        self.message = message if isinstance(message, Message) else Message(message)
        self.status = status


@dataclass(frozen=True)
class Step:
    """One action at the table, as the person saw it: their views before and after, and a round's end."""

    seat: int
    action: int
    before: Any
    after: Any
    round_end: dict[str, Any] | None = None


@dataclass
class Table:
    """A game with the person at seat 0 and bots at the other seats of its geometry."""

    deal: Deal
    game: Any
    lineup: Lineup
    log: list[tuple[int, str]] = field(default_factory=list)
    created: str = field(default_factory=lambda: _dt.datetime.now().isoformat(timespec="seconds"))
    lang: str = DEFAULT_LANG  # the language the table speaks (``text``, ``check``): one of i18n.LANGUAGES

    def __post_init__(self) -> None:
        self.lang = check_lang(self.lang)

    @classmethod
    def open(cls, deal: Deal, partner: str | None = None, opponents: str | None = None,
             lang: str = DEFAULT_LANG, seats: Mapping[int, str | None] | None = None) -> Table:
        """Deal the game and seat the bots: ``partner`` at the person's partners (a table may have none),
        ``opponents`` at the other sides' seats, ``seats`` per seat over both (``None``: the game's strongest
        bot); ``lang``: the table's language."""
        check_lang(lang)
        game = deal.deal()
        module = get_game(deal.game)
        table = module.geometry(game.rules)
        wanted = wanted_bots(table, partner, opponents, seats)
        seeds = {s: seat_bot_seed(deal.game_seed, s) for s in wanted}
        return cls(deal, game, choose_bots(module, wanted, seeds, table, game.rules), lang=lang)

    @classmethod
    def rebuild(cls, deal: Deal, partner: str | None, opponents: str | None, log: Sequence[tuple[int, str]],
                lang: str = DEFAULT_LANG, seats: Mapping[int, str | None] | None = None) -> Table:
        """The table after ``log``: the deal, the bots (as ``open`` seats them), then every action as logged (no
        bot thinks: each decision's generator is seeded afresh, so the bots go on as they would have)."""
        table = cls.open(deal, partner, opponents, lang, seats)
        for seat, name in log:
            if seat != table.game.current_player:
                raise ValueError(f"stored game is damaged: {table.seat_name(seat)} acts out of turn")
            table.game.step(name)
            table.log.append((seat, name))
        return table

    def catch_up(self, log: Sequence[tuple[int, str]]) -> bool:
        """Play the actions of ``log`` past this table's own, when its log begins with this table's (another
        process played them): whether it could (False: the logs differ, rebuild instead). No bot thinks."""
        if len(log) < len(self.log) or [tuple(a) for a in log[:len(self.log)]] != [tuple(a) for a in self.log]:
            return False
        for seat, name in log[len(self.log):]:
            if seat != self.game.current_player:
                raise ValueError(f"stored game is damaged: {self.seat_name(seat)} acts out of turn")
            self.game.step(name)
            self.log.append((seat, name))
        return True

    # ------------------------------------------------------------------ reading

    @property
    def module(self) -> Any:
        """The game module (``footcanasta_env.games``)."""
        return get_game(self.deal.game)

    @property
    def text(self) -> Any:
        """The game's ``TableText`` in the table's language."""
        return self.text_in(self.lang)

    @property
    def geometry(self) -> Any:
        """The game's table at this game's rules: seats, sides and their names (``family.geometry.Geometry``)."""
        return self.module.geometry(self.game.rules)

    @property
    def partners(self) -> tuple[int, ...]:
        """The person's partners' seats (none when each plays for themselves)."""
        return self.geometry.partners(HUMAN)

    @property
    def opponents(self) -> tuple[int, ...]:
        """The seats of the other sides, clockwise from the person."""
        return self.geometry.opponents(HUMAN)

    def seat_name(self, seat: int) -> str:
        """The seat's name in the geometry (English; a reader's language translates it through the catalogs)."""
        names = self.geometry.seat_names
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(names):
            raise ValueError(f"no seat {seat!r} at a table of {len(names)}")
        return names[seat]

    def text_in(self, lang: str) -> Any:
        """The game's ``TableText`` in ``lang`` (a reader of another language at the same table)."""
        return self.module.table_text(lang)

    def why_illegal(self, action: int, lang: str | None = None) -> str:
        """Why the person's ``action`` is refused now, citing the rule, in ``lang`` (the table's by default)."""
        return render(self.game.why_illegal_message(action) or "", lang or self.lang)

    @property
    def version(self) -> int:
        """How many actions have been played: a request may name the version it was made against."""
        return len(self.log)

    @property
    def bots(self) -> dict[int, Any]:
        return self.lineup.bots

    def view(self) -> Any:
        """The person's view."""
        return self.game.view(HUMAN)

    def check(self, names: Sequence[str], lang: str | None = None) -> str:
        """'' if the whole sequence of the person's actions is legal from here (tried on a clone), else why not
        (in ``lang``, the table's language by default)."""
        w = words(lang or self.lang)
        if self.game.is_over:
            return w._("the game is over")
        if self.game.current_player != HUMAN:
            return w._("it is not your turn")
        g = self.game.clone()
        for i, name in enumerate(names):
            try:
                a = self.module.action_id(name)
            except ValueError as e:
                return str(e).splitlines()[0]
            if g.is_over or g.current_player != HUMAN:
                return w._("'{action}' comes after the end of your turn").format(action=name)
            if a not in g.legal_actions():
                reason = w.render(g.why_illegal_message(a))
                if len(names) > 1:
                    return w._("'{action}' is not legal now (step {step} of {steps}): {reason}").format(
                        action=name, step=i + 1, steps=len(names), reason=reason)
                return w._("'{action}' is not legal now: {reason}").format(action=name, reason=reason)
            g.step(a)
        return ""

    def hint(self) -> tuple[int, str]:
        """The hint bot's move for the person now and the bot's name; a new bot seeded by deal and moves made,
        so the same position of the same deal gets the same hint in the terminal and the browser."""
        view = self.view()
        if not view.my_turn:
            raise TableError(Message(N_("it is not your turn")), 409)
        a, name = hint_move(self.module, view, self.deal.game_seed, self.geometry.seats, self.version)
        if a not in view.legal_actions:
            raise TableError(Message(N_("the {bot} bot suggested an illegal action"), bot=name), 409)
        return a, name

    # ------------------------------------------------------------------ playing

    def play(self, names: Sequence[str], lang: str | None = None, check: Callable[[], None] | None = None
             ) -> list[Step]:
        """The person's actions (all or none: a ``TableError`` says why not, in ``lang``, the table's language
        by default), then the bots' up to the next decision of the person (``check``: see ``bot_steps``)."""
        reason = self.check(names, lang)
        if reason:
            raise TableError(reason, 409)
        steps = [self.step(self.module.action_id(n)) for n in names]
        return steps + list(self.bot_steps(check))

    def step(self, action: int) -> Step:
        """Play one action of the seat to act and log it."""
        game, seat = self.game, self.game.current_player
        rounds = len(game.round_results)
        before = game.view(HUMAN)
        try:
            game.step(action)
        except ValueError as e:  # the game's IllegalActionError: a bot that breaks the rules must not pass
            if seat == HUMAN:
                raise TableError(str(e), 409) from None
            raise RuntimeError(f"{self.seat_name(seat)} played an illegal action: {e}") from None
        self.log.append((seat, self.module.action_name(action)))
        end = game.round_results[-1] if len(game.round_results) > rounds else None
        return Step(seat, int(action), before, game.view(HUMAN), end)

    def bot_steps(self, check: Callable[[], None] | None = None) -> Iterator[Step]:
        """The bots' actions, one at a time, until the person is to act or the game is over; ``check()`` is
        called before each (a server's way to stop work nobody waits for: it raises)."""
        while not self.game.is_over and self.game.current_player != HUMAN:
            if check is not None:
                check()
            seat = self.game.current_player
            yield self.step(self.bot_move(seat))

    def bot_move(self, seat: int) -> int:
        """The move of the bot at ``seat`` now, its generator seeded for this decision."""
        bot = self.lineup.bots[seat]
        if hasattr(bot, "rng"):
            bot.rng = np.random.default_rng(decision_seed(seat_bot_seed(self.deal.game_seed, seat), self.version))
        return bot.act(self.game.view(seat))

    # ------------------------------------------------------------------ the record

    def players(self, via: str) -> list[dict[str, Any]]:
        """Who played, for the replay: the person (``via`` the terminal or the web) and each bot with its seed."""
        names = self.geometry.seat_names
        out: list[dict[str, Any]] = [{"seat": HUMAN, "name": names[HUMAN], "kind": "human", "via": via}]
        for s in sorted(self.lineup.bots):
            out.append({"seat": s, "name": names[s], "kind": "bot", "bot": self.lineup.bots[s].name,
                        "seed": seat_bot_seed(self.deal.game_seed, s)}
                       | ({"fallback_from": self.lineup.fallback_from[s]} if s in self.lineup.fallback_from else {}))
        return out

    def replay(self, via: str) -> Replay:
        """The game so far as a ``Replay`` (``footcanasta_env.replays``); a scenario deal has none."""
        if self.deal.scenario is not None:
            raise TableError(Message(N_("a game dealt from a scenario has no replay (a replay is a seed and moves)")),
                             409)
        replay = Replay(seed=self.deal.game_seed, rules=self.game.rules, players=self.players(via),
                        daily=self.deal.daily, game=self.deal.game, created=self.created,
                        hosted=self.deal.daily_seed is not None)
        action_id = self.module.action_id
        for seat, name in self.log:
            replay.record(seat, action_id(name))
        replay.finish(self.game)
        return replay

    def replay_name(self, suffix: str = "") -> str:
        """The replay's file name: when, which game and deal (``20261203-101500-daily-2026-12-03.json``)."""
        stamp = _dt.datetime.fromisoformat(self.created).strftime("%Y%m%d-%H%M%S")
        deal = f"daily-{self.deal.daily}" if self.deal.daily else f"seed-{self.deal.seed}"
        game = "" if self.deal.game == DEFAULT_GAME else f"{self.deal.game}-"
        size = f"{self.deal.size}p-" if self.deal.size else ""  # two sizes' games of one deal and second apart
        return f"{stamp}-{game}{size}{deal}{suffix}.json"
