"""A tiny game of the family for the house's tests: four seats in two partnerships play their cards for points.

It offers the whole game interface of ``footcanasta_env.games`` and nothing of Foot Canasta, so a layer that
plays it (a duplicate match, a terminal game, a browser-API game) is shown to reach the game only through
that interface. Rules: cards 1-5, four of each; every seat holds three; the seat to act plays a card
(``play N``) and its partnership scores N, or doubles the next card with ``double`` once a round (taken
while it holds a 5); a round ends when every card is played; two rounds.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from footcanasta_env.family.geometry import FOUR_IN_PARTNERSHIPS, Geometry
from footcanasta_env.i18n import check_lang
from footcanasta_env.messages import Message
from footcanasta_env.seats import SEAT_NAMES, team_of
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


def geometry(rules: Any = None) -> Geometry:
    """Four seats in two partnerships."""
    return FOUR_IN_PARTNERSHIPS


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
    totals: tuple[int, int]
    scores: tuple[int, int]
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
    hands: list[list[int]] = field(default_factory=list)
    totals: list[int] = field(default_factory=lambda: [0, 0])
    scores: tuple[int, int] = (0, 0)
    round: int = 1
    current_player: int = 0
    doubled: list[bool] = field(default_factory=lambda: [False, False])
    pending: bool = False
    round_results: list[dict[str, Any]] = field(default_factory=list)
    phase: str = "play"

    def deal(self) -> None:
        cards = self.rng.permutation([n for n in range(1, 6) for _ in range(4)])[:12]
        self.hands = [sorted(int(c) for c in cards[s * 3:(s + 1) * 3]) for s in range(4)]
        self.totals, self.doubled, self.pending = [0, 0], [False, False], False
        self.current_player = (self.round - 1) % 4

    @property
    def is_over(self) -> bool:
        return len(self.round_results) >= self.rules.rounds

    def legal_actions(self) -> list[int]:
        if self.is_over:
            return []
        hand = self.hands[self.current_player]
        out = sorted({c - 1 for c in hand})
        if 5 in hand and not self.doubled[team_of(self.current_player)] and not self.pending:
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
        seat, team = self.current_player, team_of(self.current_player)
        if a == DOUBLE:
            self.doubled[team] = self.pending = True
            return  # the same seat plays the card it doubles
        self.hands[seat].remove(a + 1)
        self.totals[team] += (a + 1) * (2 if self.pending else 1)
        self.pending = False
        self.current_player = (seat + 1) % 4
        if not any(self.hands):
            self.end_round()

    def end_round(self) -> None:
        t = self.totals
        points = (t[0], 0) if t[0] > t[1] else (0, t[1]) if t[1] > t[0] else (0, 0)
        self.scores = (self.scores[0] + points[0], self.scores[1] + points[1])
        self.round_results.append({"round": self.round, "scores": points, "went_out": None,
                                   "totals": tuple(t)})
        if not self.is_over:
            self.round += 1
            self.deal()

    def view(self, seat: int) -> ToyView:
        return ToyView(seat, tuple(self.hands[seat]), tuple(len(h) for h in self.hands), (self.totals[0],
                       self.totals[1]), self.scores, self.round, self.current_player, self.is_over,
                       self.legal_actions() if seat == self.current_player else [])

    def clone(self) -> ToyGame:
        g = dataclasses.replace(self, hands=[list(h) for h in self.hands], totals=list(self.totals),
                                doubled=list(self.doubled), round_results=list(self.round_results))
        g.rng = np.random.Generator(np.random.PCG64())
        g.rng.bit_generator.state = self.rng.bit_generator.state
        return g

    def to_scenario(self) -> dict[str, Any]:
        return {"hands": [list(h) for h in self.hands], "current": self.current_player, "round": self.round}


def new_game(seed: int | None = None, rules: Rules | None = None, daily: Any = None) -> ToyGame:
    """A new toy game from a seed (or the daily deal of a date)."""
    if daily is not None:
        seed = daily_seed(daily)
    if seed is None:
        seed = int(np.random.SeedSequence().entropy % (1 << 63))
    g = ToyGame(seed=int(seed), rules=rules or Rules(), rng=np.random.default_rng(seed))
    g.deal()
    return g


def load_scenario(spec: Any, seed: int = 0) -> ToyGame:
    """A toy game from ``{"hands": [[...] x4], "current": seat, "round": n}``."""
    if not isinstance(spec, dict) or set(spec) - {"hands", "current", "round"}:
        raise ValueError(f"a toy scenario holds hands, current and round, got {spec!r}")
    g = new_game(seed)
    g.hands = [sorted(int(c) for c in h) for h in spec["hands"]]
    g.current_player = int(spec.get("current", 0))
    g.round = int(spec.get("round", 1))
    return g


def encode(view: ToyView) -> np.ndarray:
    """Hand counts of 1-5, the two totals, the round (float32)."""
    out = np.zeros(OBS_SIZE, dtype=np.float32)
    for c in view.hand:
        out[c - 1] += 1
    out[5:7] = view.totals
    out[7] = view.round
    return out


class ToyBot:
    """``random`` plays any legal move; ``greedy`` the highest card (doubling first when it can)."""

    def __init__(self, name: str, seed: int | None) -> None:
        self.name, self.rng = name, np.random.default_rng(seed)

    def act(self, view: ToyView) -> int:
        legal = view.legal_actions
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


def make_bot(name: str, seed: int | None = None) -> ToyBot:
    """A toy bot by name."""
    return ToyBot(check_bot_name(name), seed)


def strongest_bot() -> str:
    return "greedy"


def hint_bot_name() -> str:
    return "greedy"


def rules_text(section: Any = None) -> str:
    """The toy's rules."""
    return f"# {TITLE}\n\n{__doc__}"


@dataclass(frozen=True)
class ToyCommand:
    kind: str
    action: int | None = None
    message: str = ""


class ToyLog:
    """The toy's turn log: one line per action."""

    def __init__(self, viewer: int) -> None:
        self.viewer, self.rounds, self._recent = viewer, [[]], []

    def step(self, before: ToyView, after: ToyView, seat: int, action: int) -> None:
        line = f"{SEAT_NAMES[seat]}: {ACTION_NAMES[action]}"
        self.rounds[-1].append(line)
        self._recent.append(line)

    def end_round(self, result: dict[str, Any]) -> None:
        line = TEXT.describe_round_end(result, self.viewer)
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
    """The toy's TableText."""

    def turn_log(self, viewer: int) -> ToyLog:
        return ToyLog(viewer)

    def describe_step(self, before: ToyView, after: ToyView, seat: int, action: int) -> list[str]:
        return [f"{SEAT_NAMES[seat]} played {ACTION_NAMES[action]}"]

    def describe_round_end(self, result: dict[str, Any], viewer: int = 0) -> str:
        return f"Toy round {result['round']} is over: {result['scores'][0]} to {result['scores'][1]}."

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

    def render_screen(self, view: ToyView, events: Any = (), width: int = 80, times: str = "x",
                      since: str = "") -> str:
        lines = [f"Toy round {view.round}  totals {view.totals[0]}-{view.totals[1]}  scores "
                 f"{view.scores[0]}-{view.scores[1]}", *events, "Your cards: " + " ".join(map(str, view.hand))]
        if view.my_turn:
            lines.append("Moves: " + ", ".join(ACTION_NAMES[a] for a in view.legal_actions))
        return "\n".join(lines)

    def round_table(self, result: dict[str, Any], scores: Any, rules: Rules) -> str:
        return f"Round {result['round']}: {result['scores'][0]} to {result['scores'][1]}; total {scores[0]}-{scores[1]}"

    def final_text(self, scores: Any) -> str:
        return f"Toy game over: {scores[0]} to {scores[1]}."

    def help_text(self, rules: Rules, round: int, times: str = "x") -> str:
        return "Toy commands: play N, double, hint, totals, quit"

    def info_text(self, kind: str, view: ToyView, rules: Rules) -> str | None:
        return f"Totals {view.totals[0]} to {view.totals[1]}" if kind == "totals" else None

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


TEXT = ToyText()


def table_text(lang: str = "en") -> ToyText:
    """The toy's words: English in every language (the toy has no catalog)."""
    check_lang(lang)
    return TEXT
