"""A tiny game of the family for the house's tests: seats play their cards for points, for their side.

``toy`` (this module: four seats in two partnerships), ``TWO`` (``toy2``: two seats, each its own side) and
``THREE`` (``toy3``: three seats, each for themselves) are the same game at three tables (``Toy``), so every
layer is shown to read the table from ``geometry()`` and nothing else.

It offers the whole game interface of ``footcanasta_env.games`` and nothing of Foot Canasta, so a layer that
plays it (a duplicate match, a terminal game, a browser-API game) is shown to reach the game only through
that interface. Rules: cards 1-5, four of each; every seat holds three; the seat to act plays a card
(``play N``) and its side's round total grows by N, or doubles the next card with ``double`` once a round
(taken while it holds a 5); a round ends when every card is played, and the side with the highest total (alone)
scores it; two rounds.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from footcanasta_env.family.geometry import FOUR_IN_PARTNERSHIPS, Geometry
from footcanasta_env.i18n import check_lang
from footcanasta_env.messages import Message
from footcanasta_env.seeds import daily_seed

NAME = "toy"
TITLE = "Toy Sum"
NUM_ACTIONS = 6
ACTION_VERSION = 1
OBS_SIZE = 8
OBS_VERSION = 1
ACTION_NAMES = tuple(f"play {n}" for n in range(1, 6)) + ("double",)
DOUBLE = 5


class IllegalActionError(ValueError):
    """A move the toy's rules refuse."""


def action_name(i: int) -> str:
    """The name of action ``i``."""
    if not isinstance(i, (int, np.integer)) or not 0 <= int(i) < NUM_ACTIONS:
        raise ValueError(f"no toy action {i!r}")
    return ACTION_NAMES[int(i)]


def action_id(name: str) -> int:
    """The id of an action name."""
    if name not in ACTION_NAMES:
        raise ValueError(f"unknown toy action {name!r}")
    return ACTION_NAMES.index(name)


@dataclass(frozen=True)
class Rules:
    """The toy's settings."""

    rounds: int = 2

    def __post_init__(self) -> None:
        if not isinstance(self.rounds, int) or not 1 <= self.rounds <= 9:
            raise ValueError(f"rounds must be 1-9, got {self.rounds!r}")

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Rules:
        return cls(**d)


@dataclass
class ToyView:
    """What one seat sees: its own hand, the totals, whose turn."""

    seat: int
    hand: tuple[int, ...]
    held: tuple[int, ...]
    totals: tuple[int, ...]
    scores: tuple[int, ...]
    round: int
    current_player: int
    is_over: bool
    legal_actions: list[int]

    @property
    def my_turn(self) -> bool:
        return not self.is_over and self.current_player == self.seat


@dataclass
class ToyGame:
    """The toy's state; ``step`` takes an id or a name."""

    seed: int
    rules: Rules
    rng: np.random.Generator
    table: Geometry = FOUR_IN_PARTNERSHIPS
    hands: list[list[int]] = field(default_factory=list)
    totals: list[int] = field(default_factory=list)
    scores: tuple[int, ...] = ()
    round: int = 1
    current_player: int = 0
    doubled: list[bool] = field(default_factory=list)
    pending: bool = False
    round_results: list[dict[str, Any]] = field(default_factory=list)
    phase: str = "play"

    def deal(self) -> None:
        n, sides = self.table.seats, self.table.num_sides
        cards = self.rng.permutation([k for k in range(1, 6) for _ in range(4)])[:3 * n]
        self.hands = [sorted(int(c) for c in cards[s * 3:(s + 1) * 3]) for s in range(n)]
        self.totals, self.doubled, self.pending = [0] * sides, [False] * sides, False
        self.scores = self.scores or (0,) * sides
        self.current_player = (self.round - 1) % n

    @property
    def is_over(self) -> bool:
        return len(self.round_results) >= self.rules.rounds

    def legal_actions(self) -> list[int]:
        if self.is_over:
            return []
        hand = self.hands[self.current_player]
        out = sorted({c - 1 for c in hand})
        if 5 in hand and not self.doubled[self.table.side_of(self.current_player)] and not self.pending:
            out.append(DOUBLE)
        return out

    def legal_mask(self) -> np.ndarray:
        m = np.zeros(NUM_ACTIONS, dtype=np.int8)
        m[self.legal_actions()] = 1
        return m

    def why_illegal(self, action: int | str) -> str:
        a = action_id(action) if isinstance(action, str) else int(action)
        if self.is_over:
            return "the game is over"
        if a in self.legal_actions():
            return ""
        return "you may double once a round, holding a 5" if a == DOUBLE else f"you hold no {a + 1}"

    def why_illegal_message(self, action: int | str) -> Message | None:
        reason = self.why_illegal(action)
        return Message(reason) if reason else None

    def step(self, action: int | str) -> None:
        a = action_id(action) if isinstance(action, str) else int(action)
        if a not in self.legal_actions():
            raise IllegalActionError(f"{action_name(a) if 0 <= a < NUM_ACTIONS else a}: {self.why_illegal(a)}")
        seat, side = self.current_player, self.table.side_of(self.current_player)
        if a == DOUBLE:
            self.doubled[side] = self.pending = True
            return  # the same seat plays the card it doubles
        self.hands[seat].remove(a + 1)
        self.totals[side] += (a + 1) * (2 if self.pending else 1)
        self.pending = False
        self.current_player = self.table.next_seat(seat)
        if not any(self.hands):
            self.end_round()

    def end_round(self) -> None:
        t = self.totals
        top = self.table.winners(t)
        points = tuple(t[i] if len(top) == 1 and i == top[0] else 0 for i in range(len(t)))
        self.scores = tuple(a + b for a, b in zip(self.scores, points, strict=True))
        self.round_results.append({"round": self.round, "scores": points, "went_out": None,
                                   "totals": tuple(t)})
        if not self.is_over:
            self.round += 1
            self.deal()

    def view(self, seat: int) -> ToyView:
        return ToyView(seat, tuple(self.hands[seat]), tuple(len(h) for h in self.hands), tuple(self.totals),
                       self.scores, self.round, self.current_player, self.is_over,
                       self.legal_actions() if seat == self.current_player else [])

    def clone(self) -> ToyGame:
        g = dataclasses.replace(self, hands=[list(h) for h in self.hands], totals=list(self.totals),
                                doubled=list(self.doubled), round_results=list(self.round_results))
        g.rng = np.random.Generator(np.random.PCG64())
        g.rng.bit_generator.state = self.rng.bit_generator.state
        return g

    def to_scenario(self) -> dict[str, Any]:
        return {"hands": [list(h) for h in self.hands], "current": self.current_player, "round": self.round}


def _new_game(table: Geometry, seed: int | None = None, rules: Rules | None = None, daily: Any = None) -> ToyGame:
    if daily is not None:
        seed = daily_seed(daily)
    if seed is None:
        seed = int(np.random.SeedSequence().entropy % (1 << 63))
    if rules is not None and not isinstance(rules, Rules):
        raise TypeError(f"rules must be the toy's Rules, got {type(rules).__name__}")
    g = ToyGame(seed=int(seed), rules=rules or Rules(), rng=np.random.default_rng(seed), table=table)
    g.deal()
    return g


def _load_scenario(table: Geometry, spec: Any, seed: int = 0) -> ToyGame:
    if not isinstance(spec, dict) or set(spec) - {"hands", "current", "round"}:
        raise ValueError(f"a toy scenario holds hands, current and round, got {spec!r}")
    if len(spec.get("hands", ())) != table.seats:
        raise ValueError(f"a toy scenario at this table holds {table.seats} hands, got {len(spec.get('hands', ()))}")
    g = _new_game(table, seed)
    g.hands = [sorted(int(c) for c in h) for h in spec["hands"]]
    g.current_player = int(spec.get("current", 0))
    g.round = int(spec.get("round", 1))
    return g


def encode(view: ToyView) -> np.ndarray:
    """Hand counts of 1-5, the two totals, the round (float32)."""
    out = np.zeros(OBS_SIZE, dtype=np.float32)
    for c in view.hand:
        out[c - 1] += 1
    out[5] = view.totals[0]  # own totals first would need the geometry; the toy's bots never read these
    out[6] = sum(view.totals[1:])
    out[7] = view.round
    return out


class ToyBot:
    """``random`` plays any legal move; ``greedy`` the highest card (doubling first when it can)."""

    def __init__(self, name: str, seed: int | None) -> None:
        self.name, self.rng = name, np.random.default_rng(seed)

    def act(self, view: ToyView) -> int:
        legal = view.legal_actions
        if not legal:
            raise ValueError(f"the toy's {self.name} bot needs a view with a legal action (seat {view.seat} waits)")
        return int(self.rng.choice(legal)) if self.name == "random" else max(legal)


def bot_names() -> list[str]:
    """The toy's bots."""
    return ["greedy", "random"]


def check_bot_name(name: str, patterns: bool = True) -> str:
    """The canonical bot name, or a ValueError naming the known ones."""
    low = name.strip().lower() if isinstance(name, str) else ""
    if low not in bot_names():
        raise ValueError(f"unknown bot {name!r} (known: {', '.join(bot_names())})")
    return low


def make_bot(name: str, seed: int | None = None, rules: Any = None) -> ToyBot:
    """A toy bot by name."""
    return ToyBot(check_bot_name(name), seed)


def strongest_bot() -> str:
    return "greedy"


def hint_bot_name() -> str:
    return "greedy"


def rules_text(section: Any = None, lang: str = "en") -> str:
    """The toy's rules."""
    return f"# {TITLE}\n\n{__doc__}"


@dataclass(frozen=True)
class ToyCommand:
    kind: str
    action: int | None = None
    message: str = ""


def _to(values: Any) -> str:
    return " to ".join(str(v) for v in values)


class ToyLog:
    """The toy's turn log: one line per action."""

    def __init__(self, viewer: int, text: ToyText) -> None:
        self.viewer, self.rounds, self._recent, self.text = viewer, [[]], [], text

    def step(self, before: ToyView, after: ToyView, seat: int, action: int) -> None:
        line = f"{self.text.names[seat]}: {ACTION_NAMES[action]}"
        self.rounds[-1].append(line)
        self._recent.append(line)

    def end_round(self, result: dict[str, Any]) -> None:
        line = self.text.describe_round_end(result, self.viewer)
        self.rounds[-1].append(line)
        self._recent.append(line)
        self.rounds.append([])

    @property
    def since(self) -> str:
        return "your last move"

    def take(self) -> list[str]:
        lines, self._recent = self._recent, []
        return lines


class ToyText:
    """The toy's TableText, naming the seats of its table."""

    def __init__(self, table: Geometry) -> None:
        self.names = table.seat_names

    def turn_log(self, viewer: int) -> ToyLog:
        return ToyLog(viewer, self)

    def describe_step(self, before: ToyView, after: ToyView, seat: int, action: int) -> list[str]:
        return [f"{self.names[seat]} played {ACTION_NAMES[action]}"]

    def describe_round_end(self, result: dict[str, Any], viewer: int = 0, rules: Any = None) -> str:
        return f"Toy round {result['round']} is over: {_to(result['scores'])}."

    def event_kind(self, action: int) -> str:
        return "double" if action == DOUBLE else "play"

    def is_public(self, before: ToyView, seat: int, action: int) -> bool:
        return True

    def parse_command(self, text: str, legal: Any, why: Any) -> ToyCommand:
        words = text.strip().lower().split()
        if not words:
            return ToyCommand("empty")
        if words[0] in ("quit", "q", "help", "hint", "log", "look", "rules", "totals"):
            return ToyCommand({"q": "quit"}.get(words[0], words[0]))
        name = "double" if words[0] in ("d", "double") else f"play {words[-1]}"
        if name not in ACTION_NAMES:
            return ToyCommand("error", message=f"not a toy move: {text.strip()!r} (try 'play 3' or 'double')")
        a = action_id(name)
        if a not in legal:
            return ToyCommand("error", message=f"{name}: {why(a)}")
        return ToyCommand("action", a)

    def render_screen(self, view: ToyView, events: Any = (), width: int = 80, since: str = "") -> str:
        lines = [f"Toy round {view.round}  totals {'-'.join(map(str, view.totals))}  scores "
                 f"{'-'.join(map(str, view.scores))}", *events, "Your cards: " + " ".join(map(str, view.hand))]
        if view.my_turn:
            lines.append("Moves: " + ", ".join(ACTION_NAMES[a] for a in view.legal_actions))
        return "\n".join(lines)

    def round_table(self, result: dict[str, Any], scores: Any, rules: Rules) -> str:
        return f"Round {result['round']}: {_to(result['scores'])}; total {'-'.join(map(str, scores))}"

    def final_text(self, scores: Any, rules: Any = None) -> str:
        return f"Toy game over: {_to(scores)}."

    def help_text(self, rules: Rules, round: int) -> str:
        return "Toy commands: play N, double, hint, totals, quit"

    def info_text(self, kind: str, view: ToyView, rules: Rules) -> str | None:
        return f"Totals {_to(view.totals)}" if kind == "totals" else None

    def replay_note(self, game: ToyGame, seat: int, action: int) -> str:
        return ""

    def replay_legend(self) -> str:
        return ""

    def private_text(self, game: ToyGame, seat: int) -> str:
        return ""

    def view_state(self, view: ToyView, round_results: Any) -> dict[str, Any]:
        return {"hand": list(view.hand), "totals": list(view.totals), "scores": list(view.scores),
                "round": view.round, "over": view.is_over, "my_turn": view.my_turn, "current": view.current_player,
                "legal": [ACTION_NAMES[a] for a in view.legal_actions],
                "round_results": [{"round": r["round"], "scores": list(r["scores"])} for r in round_results]}

    def selection(self, view: ToyView, cards: Any, check: Any) -> dict[str, Any]:
        if not isinstance(cards, list) or len(cards) != 1 or cards[0] not in ("1", "2", "3", "4", "5"):
            raise ValueError("select one toy card, 1 to 5")
        seq = [f"play {cards[0]}"]
        reason = check(seq)
        return {"play": {"actions": seq, "ok": not reason, "reason": reason}}


class Toy:
    """The toy game at one table: every name of the game interface (``footcanasta_env.games``)."""

    TITLE = TITLE
    NUM_ACTIONS, ACTION_VERSION, OBS_SIZE, OBS_VERSION = NUM_ACTIONS, ACTION_VERSION, OBS_SIZE, OBS_VERSION
    Rules = Rules

    def __init__(self, name: str, table: Geometry) -> None:
        self.NAME, self.table, self.text = name, table, ToyText(table)
        self.__name__ = f"{__name__}.{name}"

    def geometry(self, rules: Rules | None = None) -> Geometry:
        return self.table

    def new_game(self, seed: int | None = None, rules: Rules | None = None, daily: Any = None) -> ToyGame:
        return _new_game(self.table, seed, rules, daily)

    def load_scenario(self, spec: Any, seed: int = 0) -> ToyGame:
        return _load_scenario(self.table, spec, seed)

    def table_text(self, lang: str = "en") -> ToyText:
        check_lang(lang)
        return self.text

    action_name = staticmethod(action_name)
    action_id = staticmethod(action_id)
    encode = staticmethod(encode)
    make_bot = staticmethod(make_bot)
    bot_names = staticmethod(bot_names)
    check_bot_name = staticmethod(check_bot_name)
    strongest_bot = staticmethod(strongest_bot)
    hint_bot_name = staticmethod(hint_bot_name)
    rules_text = staticmethod(rules_text)


FOUR = Toy(NAME, FOUR_IN_PARTNERSHIPS)
TWO = Toy("toy2", Geometry(2, ((0,), (1,)), ("South", "North")))
THREE = Toy("toy3", Geometry(3, ((0,), (1,), (2,)), ("South", "West", "East")))
TOYS = (FOUR, TWO, THREE)
"""The toy at every table it is tested at: four seats in two partnerships, two seats, three seats."""

# This module is the four-seat toy itself (``register_game("toy", toy_game)``).
geometry, new_game, load_scenario, table_text = FOUR.geometry, FOUR.new_game, FOUR.load_scenario, FOUR.table_text
TEXT = FOUR.text
