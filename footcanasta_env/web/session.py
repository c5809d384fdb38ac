"""One game in the browser: the person is South, the server keeps the game and the three bots.

Everything a ``WebSession`` sends out (``state()``, the events of ``play()``, ``selection()``) is built
from ``game.view(0)`` and from public facts (action types, round results), so no card South may not see
ever reaches the page (RULES.md section 12). A session is rebuilt exactly from its spec and its action
log (``rebuild``): the bots are re-run on their own views so their random generators end where they were.
"""

from __future__ import annotations

import datetime as _dt
import threading
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..actions import ACTION_TYPE, DISCARD, DRAW, LAYDOWN, PICKUP, action_id, action_name
from ..bots import Bot, make_bot, strongest_bot
from ..bots.registry import hint_bot_name
from ..cards import BLACK3, JOKER, KINDS, NUM_NATURAL, TWO, WILD_RANK, kind_of
from ..engine import Game, IllegalActionError, View, load_scenario, new_game
from ..footcanasta.commands import parse_command
from ..footcanasta.events import describe_round_end, describe_step
from ..footcanasta.screen import final_text
from ..melds import Meld, count_canastas, is_canasta, meld_kind, meld_size, melds_value
from ..replays import Replay
from ..rules import CANASTA_SIZE
from ..seats import SEAT_NAMES, TEAM_NAMES
from ..seeds import daily_seed, seat_bot_seed

HUMAN = 0
SEAT_LABELS = ("You (South)", "West", "North (partner)", "East")
HAND_ORDER = (*range(NUM_NATURAL), TWO, JOKER, BLACK3)
PUBLIC_TYPES = (DRAW, PICKUP, LAYDOWN, DISCARD)



class WebError(ValueError):
    """Bad input from the page: ``status`` is the HTTP status to answer, the message one line."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


@dataclass
class GameSpec:
    """How a game was dealt and who plays: enough, with the action log, to rebuild it."""

    seed: int | None = None
    daily: str | None = None
    scenario: dict | None = None
    partner: str = ""
    opponents: str = ""
    name: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"seed": self.seed, "daily": self.daily, "scenario": self.scenario, "partner": self.partner,
                "opponents": self.opponents, "name": self.name}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> GameSpec:
        return cls(**{k: d.get(k) for k in ("seed", "daily", "scenario", "partner", "opponents", "name")})


def _deal(spec: GameSpec) -> Game:
    if spec.scenario is not None:
        return load_scenario(spec.scenario, seed=spec.seed or 0)
    if spec.daily is not None:
        return new_game(daily=spec.daily)
    return new_game(seed=spec.seed)


def _card_kinds(tokens: Any) -> list[int]:
    if not isinstance(tokens, list) or not all(isinstance(t, str) for t in tokens):
        raise WebError("cards must be a list of card names such as [\"K\", \"K\", \"2\"]")
    if len(tokens) > 60:
        raise WebError("too many cards in one selection")
    try:
        return [kind_of(t) for t in tokens]
    except ValueError as e:
        raise WebError(str(e).splitlines()[0]) from None


def meld_sequence(kinds: Sequence[int]) -> list[str]:
    """The engine actions that make a new meld of exactly these cards, naturals first (rule 5.1)."""
    wild = [k for k in kinds if k in (TWO, JOKER)]
    nat = [k for k in kinds if k not in (TWO, JOKER)]
    if len(kinds) < 3:
        raise WebError("a new meld needs at least three cards")
    if any(k >= NUM_NATURAL for k in nat):
        raise WebError("threes can never be melded (rule 5.3)")
    if nat and len(set(nat)) > 1:
        raise WebError("a meld holds one rank only (rule 5.1)")
    wild.sort(key=lambda k: (k != TWO))
    if not nat:
        first = "meld " + " ".join(KINDS[k] for k in wild[:3])
        return [first] + [f"add wild {KINDS[k]}" for k in wild[3:]]
    r = KINDS[nat[0]]
    if len(nat) >= 3:
        seq = [f"meld {r} {r} {r}"] + [f"add {r} {r}"] * (len(nat) - 3)
    elif len(nat) == 2:
        seq = [f"meld {r} {r} {KINDS[wild[0]]}"]
        wild = wild[1:]
    else:
        raise WebError("a natural meld needs at least two naturals for each wild card (rule 5.1)")
    return seq + [f"add {r} {KINDS[k]}" for k in wild]


def add_sequence(kinds: Sequence[int], rank: int) -> list[str]:
    """The engine actions that add these cards to the meld of ``rank`` (naturals first)."""
    if not kinds:
        raise WebError("select the cards to add first")
    if rank == WILD_RANK:
        if any(k not in (TWO, JOKER) for k in kinds):
            raise WebError("the wild meld takes only twos and jokers (rule 5.2)")
        return [f"add wild {KINDS[k]}" for k in sorted(kinds, key=lambda k: k != TWO)]
    if any(k not in (TWO, JOKER, rank) for k in kinds):
        raise WebError(f"the {KINDS[rank]} meld takes only {KINDS[rank]}s and wild cards (rule 5.1)")
    ordered = sorted(kinds, key=lambda k: (k != rank, k != TWO))
    return [f"add {KINDS[rank]} {KINDS[k]}" for k in ordered]


def _meld_json(m: Meld, values: Sequence[int]) -> dict[str, Any]:
    r, nat, two, jk = m
    cards = ([KINDS[r]] * nat if r < NUM_NATURAL else []) + ["2"] * two + ["JK"] * jk
    kind = meld_kind(m)
    done = is_canasta(m)
    to_go = CANASTA_SIZE - meld_size(m)
    return {"rank": "wild" if r == WILD_RANK else KINDS[r], "cards": cards, "kind": kind, "canasta": done,
            "to_go": to_go, "value": melds_value([m], values),
            "state": f"{kind} canasta" if done else f"{kind}, {to_go} to go"}


def _counts(counts: Sequence[int]) -> list[dict[str, Any]]:
    return [{"card": KINDS[k], "count": int(counts[k])} for k in HAND_ORDER if counts[k]]


def _result_json(result: dict[str, Any]) -> dict[str, Any]:
    return {"round": int(result["round"]), "scores": [int(x) for x in result["scores"]],
            "went_out": result.get("went_out"), "ended_by": result.get("ended_by"),
            "text": describe_round_end(result),
            "breakdown": [{k: int(v) for k, v in b.items()} for b in result["breakdown"]]}


def view_state(view: View, round_results: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The JSON state of the page, from South's view and the public round results only."""
    rules = view.rules
    values = rules.card_values
    legal = [action_name(a) for a in view.legal_actions]
    pile = [KINDS[k] for k in view.pile]
    players = []
    for s in range(4):
        memory = "" if s == view.seat else "  ".join(
            f"{c['card']}×{c['count']}" if c["count"] > 1 else c["card"] for c in _counts(view.memory[s]))
        players.append({"seat": s, "name": SEAT_NAMES[s], "label": SEAT_LABELS[s], "held": int(view.held[s]),
                        "in_foot": bool(view.in_foot[s]), "from_pile": memory,
                        "to_play": view.current_player == s and not view.is_over})
    teams = []
    for t in (0, 1):
        teams.append({"name": TEAM_NAMES[t], "down": bool(view.down[t]), "red_threes": int(view.red_threes[t]),
                      "melds": [_meld_json(m, values) for m in view.melds[t]],
                      "canastas": list(count_canastas(view.melds[t]))})
    aside = [_meld_json(m, values) for m in view.set_aside]
    winner = None
    if view.is_over:
        winner = None if view.scores[0] == view.scores[1] else (0 if view.scores[0] > view.scores[1] else 1)
    return {
        "round": int(view.round), "rounds": int(rules.rounds), "minimum": int(view.minimum),
        "scores": [int(x) for x in view.scores], "over": bool(view.is_over), "winner": winner,
        "final": final_text(view.scores) if view.is_over else "",
        "current": int(view.current_player), "phase": view.phase, "my_turn": bool(view.my_turn),
        "legal": legal, "hand": _counts(view.hand), "hand_size": int(sum(view.hand)),
        "set_aside": aside, "set_aside_value": melds_value(view.set_aside, values),
        "players": players, "teams": teams,
        "pile": {"size": len(pile), "top": pile[-1] if pile else None, "cards": pile,
                 "blocked": bool(pile) and pile[-1] == "B3"},
        "stock": int(view.stock_size),
        "need": [rules.clean_needed, rules.dirty_needed, rules.wild_needed],
        "round_results": [_result_json(r) for r in round_results],
    }


@dataclass
class WebSession:
    """A game with South played from the page and the other seats by bots, behind one lock."""

    spec: GameSpec
    game: Game
    bots: dict[int, Bot]
    log: list[tuple[int, str]] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    # ------------------------------------------------------------------ building

    @classmethod
    def start(cls, spec: GameSpec) -> tuple[WebSession, list[dict[str, Any]]]:
        """Deal a new game and run the bots up to South's first decision; returns it and the events."""
        best = None
        if not spec.partner or not spec.opponents:
            best = strongest_bot()
        spec.partner = spec.partner or best or "expert"
        spec.opponents = spec.opponents or best or "expert"
        try:
            game = _deal(spec)
        except (ValueError, TypeError) as e:
            raise WebError(f"cannot deal that game: {str(e).splitlines()[0]}") from None
        if spec.seed is None and spec.scenario is None and spec.daily is None:
            spec.seed = int(game.seed)
        session = cls(spec, game, cls._make_bots(spec, game))
        events = session.run_bots()
        return session, events

    @staticmethod
    def _bot_seed(spec: GameSpec, game: Game, seat: int) -> int:
        return seat_bot_seed(int(game.seed or 0), seat)

    @classmethod
    def _make_bots(cls, spec: GameSpec, game: Game) -> dict[int, Bot]:
        names = {1: spec.opponents, 2: spec.partner, 3: spec.opponents}
        try:
            return {s: make_bot(n, cls._bot_seed(spec, game, s)) for s, n in names.items()}
        except ValueError as e:
            raise WebError(str(e).splitlines()[0]) from None

    @classmethod
    def rebuild(cls, spec: GameSpec, log: Sequence[tuple[int, str]]) -> WebSession:
        """The session after ``log``: the deal, then every action; bots think again to keep their state."""
        game = _deal(spec)
        session = cls(spec, game, cls._make_bots(spec, game))
        for seat, name in log:
            if seat != game.current_player:
                raise ValueError(f"stored game is damaged: {SEAT_NAMES[seat]} acts out of turn")
            if seat != HUMAN:
                session.bots[seat].act(game.view(seat))  # advances the bot's generator as it did
            game.step(name)
            session.log.append((seat, name))
        return session

    # ------------------------------------------------------------------ reading

    @property
    def version(self) -> int:
        """How many actions have been played: a request may name the version it was made against."""
        return len(self.log)

    def state(self) -> dict[str, Any]:
        """South's state as JSON (from ``game.view(0)`` only)."""
        s = view_state(self.game.view(HUMAN), self.game.round_results)
        s["version"] = self.version
        s["deal"] = ({"kind": "scenario"} if self.spec.scenario is not None else
                     {"kind": "daily", "date": self.spec.daily} if self.spec.daily else
                     {"kind": "seed", "seed": self.spec.seed})
        s["bots"] = {"partner": self.spec.partner, "opponents": self.spec.opponents}
        s["name"] = self.spec.name
        return s

    def hint(self) -> dict[str, Any]:
        """What the strongest bot would play for South now (it sees South's view only)."""
        if not self.game.view(HUMAN).my_turn:
            raise WebError("it is not your turn", 409)
        name = hint_bot_name()  # the strongest bot that answers within a person's wait
        bot = make_bot(name, seat_bot_seed(int(self.game.seed or 0), 4) + self.version)
        view = self.game.view(HUMAN)
        a = bot.act(view)
        if a not in view.legal_actions:
            raise WebError(f"the {name} bot suggested an illegal action", 409)
        return {"action": action_name(a), "bot": name}

    def check(self, names: Sequence[str]) -> str:
        """'' if the whole sequence of South's actions is legal from here (tried on a clone), else why not."""
        if self.game.is_over:
            return "the game is over"
        if self.game.current_player != HUMAN:
            return "it is not your turn"
        g = self.game.clone()
        for i, name in enumerate(names):
            try:
                a = action_id(name)
            except ValueError as e:
                return str(e).splitlines()[0]
            if g.is_over or g.current_player != HUMAN:
                return f"'{name}' comes after the end of your turn"
            if a not in g.legal_actions():
                why = g.why_illegal(a)
                step = f" (step {i + 1} of {len(names)})" if len(names) > 1 else ""
                return f"'{name}' is not legal now{step}: {why}"
            g.step(a)
        return ""

    def selection(self, cards: Any) -> dict[str, Any]:
        """For a selection of South's cards: each button's action sequence and whether it is legal (and why)."""
        kinds = _card_kinds(cards)
        view = self.game.view(HUMAN)
        out: dict[str, Any] = {}

        def button(make) -> dict[str, Any]:
            try:
                seq = make()
            except WebError as e:
                return {"actions": [], "ok": False, "reason": str(e)}
            reason = self.check(seq)
            return {"actions": seq, "ok": not reason, "reason": reason}

        def pickup() -> list[str]:
            top = view.pile_top
            engine = self.check(["pickup"])
            if engine:
                raise WebError(engine)
            if top is None:
                raise WebError("the pile is empty (rule 4.1)")
            if len(kinds) != 2 or any(k != top for k in kinds):
                raise WebError(f"select two cards matching the top of the pile ({KINDS[top]}) (rule 4.2)")
            return ["pickup"]

        def discard() -> list[str]:
            if len(kinds) != 1:
                raise WebError("select exactly one card to discard")
            return [f"discard {KINDS[kinds[0]]}"]

        out["draw"] = button(lambda: ["draw"])
        out["pickup"] = button(pickup)
        out["meld"] = button(lambda: meld_sequence(kinds))
        out["laydown"] = button(lambda: ["laydown"])
        out["discard"] = button(discard)
        team = view.team
        targets = view.melds[team] if view.down[team] else view.set_aside
        adds = {}
        for m in targets:
            if is_canasta(m):
                continue
            key = "wild" if m[0] == WILD_RANK else KINDS[m[0]]
            adds[key] = button(lambda r=m[0]: add_sequence(kinds, r))
        out["add"] = adds
        return out

    # ------------------------------------------------------------------ playing

    def parse(self, text: Any) -> list[str]:
        """A line typed as at the terminal prompt ('d', 'm K K K', 'x 9') as one action name."""
        if not isinstance(text, str) or len(text) > 200:
            raise WebError("command must be a short text such as 'd', 'm K K K' or 'x 9'")
        legal = self.game.view(HUMAN).legal_actions
        cmd = parse_command(text, list(legal), self.game.why_illegal)
        if cmd.kind == "action" and cmd.action is not None:
            return [action_name(cmd.action)]
        if cmd.kind == "error":
            raise WebError(cmd.message.splitlines()[0], 409)
        raise WebError(f"'{text.strip()}' is not a move here; use the buttons for help and hints")

    def play(self, names: Sequence[str]) -> list[dict[str, Any]]:
        """Apply South's actions (all or none), then run the bots to South's next decision; the events."""
        reason = self.check(names)
        if reason:
            raise WebError(reason, 409)
        events: list[dict[str, Any]] = []
        for name in names:
            events += self._step(HUMAN, action_id(name))
        return events + self.run_bots()

    def run_bots(self) -> list[dict[str, Any]]:
        """Let the bots play until South is to act or the game is over."""
        events: list[dict[str, Any]] = []
        while not self.game.is_over and self.game.current_player != HUMAN:
            seat = self.game.current_player
            a = self.bots[seat].act(self.game.view(seat))
            events += self._step(seat, a)
        return events

    def _step(self, seat: int, a: int) -> list[dict[str, Any]]:
        game = self.game
        rounds = len(game.round_results)
        before = game.view(HUMAN)
        try:
            game.step(a)
        except IllegalActionError as e:  # a bot that breaks the rules must not take the game down
            raise RuntimeError(f"{SEAT_NAMES[seat]} played an illegal action: {e}") from None
        self.log.append((seat, action_name(a)))
        events: list[dict[str, Any]] = []
        if len(game.round_results) > rounds:
            result = game.round_results[-1]
            events.append({"seat": seat, "who": SEAT_NAMES[seat], "round_end": _result_json(result),
                           "text": [describe_round_end(result)]})
            return events
        lines = describe_step(before, game.view(HUMAN), seat, a)
        if seat != HUMAN and not lines:
            return events  # another player's set-aside meld: private until laid down (rule 12)
        typ = ACTION_TYPE[a]
        public = seat == HUMAN or typ in PUBLIC_TYPES or before.down[seat & 1]
        events.append({"seat": seat, "who": SEAT_NAMES[seat], "action": action_name(a) if public else None,
                       "type": ("draw", "pickup", "meld", "add", "laydown", "discard")[typ], "text": lines})
        return events

    def replay(self) -> Replay:
        """The game as a ``Replay`` (engine/replay.py) that ``footcanasta replay`` reads."""
        game = self.game
        seed = int(game.seed or 0)
        players: list[dict[str, Any]] = [{"seat": 0, "name": SEAT_NAMES[0], "kind": "human", "via": "web"}]
        for s in (1, 2, 3):
            players.append({"seat": s, "name": SEAT_NAMES[s], "kind": "bot", "bot": self.bots[s].name,
                            "seed": self._bot_seed(self.spec, game, s)})
        replay = Replay(seed=seed, rules=game.rules, players=players, daily=self.spec.daily)
        for seat, name in self.log:
            replay.record(seat, action_id(name))
        replay.finish(game)
        return replay


def parse_daily(value: Any) -> str:
    """A daily date given by the page, checked, as YYYY-MM-DD."""
    if not isinstance(value, str) or len(value) > 20:
        raise WebError("daily must be a date string YYYY-MM-DD")
    try:
        daily_seed(value)
    except ValueError as e:
        raise WebError(str(e)) from None
    return _dt.date.fromisoformat(value.strip()).isoformat()

