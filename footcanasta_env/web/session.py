"""One game in the browser: the table core's ``Table`` plus what only the web keeps about it.

The table (``footcanasta_env.table``) deals, seats the bots, checks the person's moves all or none, plays
the bots and rebuilds a game from its deal and log; this module adds the leaderboard name, the date the game
was started, whether it ranks (decided when it starts: ``unranked`` says why not), the hints taken, and
turns the table's ``Step``s and views into the page's JSON through the game's ``TableText`` in the reader's
language. Everything sent out comes from the person's views and public facts: no seed of a deal the server
drew, nor of a hosted daily, before the game is over (a seed the person typed is theirs). ``WebError`` is
bad input from the page: a ``Message`` of the ``web`` domain (or a plain line), rendered in the reader's
language by the server's error handlers.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..messages import N_, Message
from ..table import HUMAN, Deal, Step, Table, TableError

YOU = HUMAN  # the person's seat at a table of the browser


class WebError(TableError):
    """Bad input from the page: ``status`` is the HTTP status to answer, the message one line (``str()`` is
    English; ``message`` the ``Message`` to render in the reader's language, when it was given one)."""

    def __init__(self, message: str | Message, status: int = 400) -> None:
        super().__init__(str(message), status)
        self.message = message if isinstance(message, Message) else None


# why a daily game does not rank (the state's ``unranked``), told in the reader's language
UNRANKED = {
    "bots": N_("unranked: the daily leaderboard is for the daily line-up of bots"),
    "player": N_("unranked: a ranked daily needs a name and the player identity this page keeps"),
    "played": N_("unranked: your ranked attempt at today's daily game has been played"),
}


def board_of(deal: Deal) -> str:
    """The game and size a deal is of, as one key (``canasta``, ``canasta/2``, ``canasta/6x3``): the board a
    daily of it ranks on, and the page's choice of game."""
    return deal.game + (f"/{deal.size}" if deal.size else "")


@dataclass
class WebGame:
    """A person's table and the web's facts about it: leaderboard name, start date, whether it ranks (and
    why not), the hints taken, whether its leaderboard entry went in."""

    table: Table
    name: str | None
    started: str
    entered: bool | None = None
    ranked: bool = False
    unranked: str | None = None  # a key of UNRANKED, for a daily game that does not rank
    hints: int = 0

    @property
    def bots(self) -> dict[str, str]:
        """The bots asked for, the partner's and the opponents' (no partner at a table where each plays for
        themselves); the lineup's ``notes`` say when another one plays instead."""
        asked, geo = self.table.lineup.asked, self.geometry
        partners, opponents = geo.partners(YOU), geo.opponents(YOU)
        return ({"partner": asked[partners[0]]} if partners else {}) | {"opponents": asked[opponents[0]]}

    @property
    def geometry(self) -> Any:
        """The game's table under the game's rules (``footcanasta_env.family.geometry.Geometry``)."""
        return self.table.module.geometry(self.table.game.rules)

    def spec(self) -> dict[str, Any]:
        """What the store keeps, with the action log, to rebuild the game."""
        deal = self.table.deal
        return {"game": deal.game, "seed": deal.seed, "daily": deal.daily, "scenario": deal.scenario,
                "daily_seed": deal.daily_seed, "drawn": deal.drawn, **self.bots, "name": self.name,
                "ranked": self.ranked, "unranked": self.unranked,
                **{k: v for k in ("players", "sides") if (v := getattr(deal, k)) is not None}}

    @classmethod
    def rebuild(cls, spec: dict[str, Any], log: Sequence[tuple[int, str]], started: str,
                entered: bool | None = None, hints: int = 0) -> WebGame:
        """A stored game (a spec without ``game`` is Foot Canasta's, as rows written before games had names;
        one without ``ranked``, from before ranks were decided at the start, ranks as it did then: a named
        daily started on its own date)."""
        deal = Deal.from_dict(spec)
        table = Table.rebuild(deal, spec.get("partner") or None, spec.get("opponents") or None, log)
        ranked = spec.get("ranked")
        if ranked is None:
            ranked = bool(deal.daily and deal.daily == started and spec.get("name"))
        return cls(table, spec.get("name"), started, entered, bool(ranked), spec.get("unranked"), hints)

    def deal_state(self, day_over: bool = False) -> dict[str, Any]:
        """How the game was dealt, as the page may know it (seeds as strings: a JavaScript number cannot hold
        every 63-bit seed). A seed the person gave, or any once the game is over; but a daily's seed deals
        that day's game for everyone, so only once the game is over and its day is over everywhere
        (``day_over``), when the server publishes it anyway."""
        deal, over = self.table.deal, self.table.game.is_over
        if deal.scenario is not None:
            return {"kind": "scenario"}
        if deal.daily:
            return {"kind": "daily", "date": deal.daily} | ({"seed": str(deal.game_seed)} if over and day_over else {})
        return {"kind": "seed"} | ({"seed": str(deal.seed)} if over or not deal.drawn else {})

    def replay_ready(self, day_over: bool = False) -> bool:
        """Whether the game's replay may be sent: a finished game not dealt from a scenario, and for a daily,
        once its day is over everywhere (the replay holds the seed)."""
        deal = self.table.deal
        return self.table.game.is_over and deal.scenario is None and (not deal.daily or day_over)

    def state(self, lang: str = "en", day_over: bool = False) -> dict[str, Any]:
        """The page's state: the game's JSON of the person's view in ``lang``, and the web's fields
        (``day_over``: a daily's day is over everywhere, so its seed and replay are public)."""
        table, deal = self.table, self.table.deal
        s = table.text_in(lang).view_state(table.view(), table.game.round_results)
        s.update(version=table.version, game=deal.game, choice=board_of(deal), size=deal.size, bots=self.bots,
                 name=self.name, ranked=self.ranked,
                 notes=list(table.lineup.notes_in(lang)), deal=self.deal_state(day_over),
                 replay=self.replay_ready(day_over), hints=self.hints,
                 unranked=self.unranked)  # the key; the server renders UNRANKED[key] in the reader's language
        if self.entered is not None:
            s["entered"] = self.entered
        return s

    def events(self, steps: Sequence[Step], lang: str = "en") -> list[dict[str, Any]]:
        """The steps as the page's events in ``lang``, told from the person's views only."""
        text, out = self.table.text_in(lang), []
        names = self.geometry.seat_names
        for st in steps:
            who = names[st.seat]
            if st.round_end is not None:
                # the game's own JSON of a round's result, as the state lists it
                result = text.view_state(st.after, [st.round_end])["round_results"][-1]
                # the log tells it as the round's caption does (numbers as the page writes them)
                told = result.get("text") or text.describe_round_end(st.round_end, YOU)
                out.append({"seat": st.seat, "who": who, "round_end": result, "text": [told]})
                continue
            lines = text.describe_step(st.before, st.after, st.seat, st.action)
            if st.seat != YOU and not lines:
                continue  # another player's private move (a set-aside meld, rule 12): not told
            public = text.is_public(st.before, st.seat, st.action)
            out.append({"seat": st.seat, "who": who, "action": self.table.module.action_name(st.action)
                        if public else None, "type": text.event_kind(st.action), "text": lines})
        return out

