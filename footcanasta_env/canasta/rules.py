"""Classic Canasta's settings: CANASTA_RULES.md defaults, and the reasons an impossible setting is refused.

The table's size is a setting (section 14): ``players`` 2, 3, 4 (the default, sections 1-13) or 6, and for
six players ``sides`` 2 (teams of three, seated alternately) or 3 (teams of two, partners opposite). Each
size has its own defaults (``SIZES``) for the decks, the hand dealt, the cards drawn from the stock, the
canastas needed to go out and the target; a field left ``None`` takes its size's default.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass, fields
from typing import Any

from ..family.cards import DEFAULT_VALUES, NUM_KINDS, NUM_NATURAL, RED3
from ..family.geometry import FOUR_IN_PARTNERSHIPS, Geometry
from ..family.rulebook import RuleFields, need

DECKS = 2  # the four-player game's (section 1); each size has its own (SIZES)
HAND_SIZE = 11
CANASTA_SIZE = 7
MIN_MELD = 3
MAX_WILDS = 3  # rule 5.1: at most three wild cards in a meld
MIN_NATURALS = 2  # rule 5.1: at least two natural cards in a meld


# Section 14's table: players -> (sides, decks, dealt, drawn from the stock, canastas to go out, target).
SIZES: dict[int, tuple[int, int, int, int, int, int]] = {
    2: (2, 2, 15, 2, 2, 5000),
    3: (3, 2, 13, 1, 2, 7500),
    4: (2, 2, 11, 1, 1, 5000),
    6: (2, 3, 13, 1, 2, 10000),
}
SIX_IN_THREE_SIDES_TARGET = 7500  # rule 14.1: six players in three sides of two play to 7,500
HIGH_MINIMUM = (7500, 150)  # rule 14.4: in a game to 10,000, a side at 7,500 or more needs 150
SIZE_FIELDS = ("sides", "decks", "hand_size", "draw", "canastas_to_go_out", "target")


def seat_sides(players: int, sides: int) -> tuple[tuple[int, ...], ...]:
    """The seats of each side: partners opposite (every ``sides``-th seat, rule 14.1), one seat a side when
    there are as many sides as players."""
    return tuple(tuple(range(s, players, sides)) for s in range(sides))


@dataclass(frozen=True)
class Rules(RuleFields):
    """Frozen Canasta settings; defaults are CANASTA_RULES.md. Impossible settings raise ``ValueError``.

    ``players`` (2, 3, 4 or 6) picks the table (section 14); ``sides``, ``decks``, ``hand_size`` (cards
    dealt), ``draw`` (cards a ``draw`` takes from the stock), ``canastas_to_go_out`` and ``target`` left
    ``None`` take that size's default (``SIZES``). ``minimums[i]`` is the initial-meld minimum of a side
    whose total at the start of the round lies from ``minimum_thresholds[i - 1]`` (inclusive) below
    ``minimum_thresholds[i]`` (rule 7.1); other sizes than four playing to 10,000 or more add the band of
    150 from 7,500 to the default table (rule 14.4). ``max_rounds`` (None: no cap) ends the game after that
    round whatever the scores (rule 10.2). Derived, not fields: ``side_seats`` (the seats of each side)
    and ``seat_side`` (each seat's side).
    """

    target: int | None = None
    max_rounds: int | None = None
    minimum_thresholds: tuple[int, ...] = (0, 1500, 3000)
    minimums: tuple[int, ...] = (15, 50, 90, 120)
    natural_canasta_bonus: int = 500
    mixed_canasta_bonus: int = 300
    going_out_bonus: int = 100
    concealed_bonus: int = 200
    red_three_bonus: int = 100
    all_red_threes_bonus: int = 800
    card_values: tuple[int, ...] = DEFAULT_VALUES
    players: int = 4
    sides: int | None = None
    decks: int | None = None
    hand_size: int | None = None
    draw: int | None = None
    canastas_to_go_out: int | None = None
    five_red_threes_bonus: int = 1000
    six_red_threes_bonus: int = 1200

    def __post_init__(self) -> None:
        for name in ("minimum_thresholds", "minimums", "card_values"):
            v = getattr(self, name)
            if not isinstance(v, (list, tuple)):
                raise ValueError(f"rules: {name} must be a list of whole numbers, got {v!r}")
            object.__setattr__(self, name, tuple(v))
            if not all(_whole(x) for x in getattr(self, name)):
                raise ValueError(f"rules: {name} must hold whole numbers, got {v!r}")
        for f in fields(self):
            v = getattr(self, f.name)
            if f.name == "max_rounds" or f.name in SIZE_FIELDS:
                if v is not None and not _whole(v):
                    raise ValueError(f"rules: {f.name} must be a whole number or None "
                                     f"({'no cap' if f.name == 'max_rounds' else 'the size default'}), got {v!r}")
            elif not isinstance(v, tuple) and not _whole(v):
                raise ValueError(f"rules: {f.name} must be a whole number, got {v!r}")
        self._resolve_size()
        self._validate()
        self._validate_size()
        object.__setattr__(self, "side_seats", seat_sides(self.players, self.sides))
        object.__setattr__(self, "seat_side", tuple(p % self.sides for p in range(self.players)))

    def _resolve_size(self) -> None:
        """Fill the fields left ``None`` with the size's defaults (section 14's table)."""
        need(self.players in SIZES, f"players must be 2, 3, 4 or 6 (CANASTA_RULES.md rule 14.1), got {self.players}")
        defaults = dict(zip(SIZE_FIELDS, SIZES[self.players], strict=True))
        sides = defaults["sides"] if self.sides is None else self.sides
        if self.players == 6 and sides == 3:
            defaults["target"] = SIX_IN_THREE_SIDES_TARGET
        for name in SIZE_FIELDS:
            if getattr(self, name) is None:
                object.__setattr__(self, name, defaults[name])
        if (self.players != 4 and self.target >= 10000 and self.minimum_thresholds == (0, 1500, 3000)
                and self.minimums == (15, 50, 90, 120)):
            object.__setattr__(self, "minimum_thresholds", (*self.minimum_thresholds, HIGH_MINIMUM[0]))
            object.__setattr__(self, "minimums", (*self.minimums, HIGH_MINIMUM[1]))

    def _validate_size(self) -> None:
        """Refuse a table the rules do not know, or a deal the decks cannot give (section 14)."""
        allowed = {2: (2,), 3: (3,), 4: (2,), 6: (2, 3)}[self.players]
        need(self.sides in allowed,
             f"sides must be {' or '.join(map(str, allowed))} for {self.players} players (rule 14.1: "
             + {2: "two sides of one", 3: "three sides of one, each for themselves",
                4: "two partnerships of two, partners opposite",
                6: "two sides of three seated alternately, or three sides of two partners opposite"}[self.players]
             + f"), got {self.sides}")
        need(self.decks in (2, 3), f"decks must be 2 (108 cards) or 3 (162 cards) (rules 1.2, 14.2), got {self.decks}")
        need(self.hand_size >= 1, f"hand_size must be at least 1 card, got {self.hand_size}")
        need(self.draw >= 1, f"draw must take at least 1 card from the stock (rule 14.3), got {self.draw}")
        need(1 <= self.canastas_to_go_out <= NUM_NATURAL,
             f"canastas_to_go_out must be from 1 to {NUM_NATURAL} (one meld per rank, rule 5.4), "
             f"got {self.canastas_to_go_out}")
        # The stock left by the deal must hold a natural card whatever the shuffle, for the upcard (rule 2.3):
        # more cards than the decks' wild cards and threes (10 a deck).
        dealt, deck = self.players * self.hand_size, 54 * self.decks
        need(deck - dealt > 10 * self.decks,
             f"a deal of {self.hand_size} cards to each of {self.players} players ({dealt} cards) does not fit "
             f"{self.decks} decks ({deck} cards): the stock must keep more than the {10 * self.decks} wild cards "
             f"and threes, so that a natural card turns up (rules 2.2, 2.3, 14.1)")
        for name in ("five_red_threes_bonus", "six_red_threes_bonus"):
            v = getattr(self, name)
            need(v >= 0, f"{name} must not be negative (0 switches it off), got {v}")

    def _validate(self) -> None:
        need(self.target >= 1, f"target must be at least 1 (a game is played to a positive total), got {self.target}")
        need(self.max_rounds is None or self.max_rounds >= 1,
             f"max_rounds must be at least 1 or None (no cap), got {self.max_rounds}")
        th = self.minimum_thresholds
        need(all(a < b for a, b in zip(th, th[1:], strict=False)),
             f"minimum_thresholds must rise strictly (each opens a band of scores), got {list(th)}")
        need(len(self.minimums) == len(th) + 1,
             f"minimums needs one minimum per score band: {len(th) + 1} for {len(th)} thresholds, "
             f"got {len(self.minimums)}")
        need(all(m >= 0 for m in self.minimums), f"minimums must not be negative, got {list(self.minimums)}")
        for name in ("natural_canasta_bonus", "mixed_canasta_bonus", "going_out_bonus", "concealed_bonus",
                     "red_three_bonus", "all_red_threes_bonus"):
            v = getattr(self, name)
            need(v >= 0, f"{name} must not be negative (0 switches it off), got {v}")
        need(len(self.card_values) == NUM_KINDS,
             f"card_values needs {NUM_KINDS} values (4 .. A, 2, JK, R3, B3), got {len(self.card_values)}")
        need(all(v >= 0 for v in self.card_values), "card_values must not be negative")
        need(self.card_values[RED3] == 0, "a red three has no card value (it scores red_three_bonus, rule 1.3)")

    def minimum(self, score: int) -> int:
        """The initial-meld minimum of a partnership with this total at the start of the round (rule 7.1)."""
        return self.minimums[bisect_right(self.minimum_thresholds, score)]  # the thresholds rise strictly

    def changes(self) -> dict[str, Any]:
        """The fields that differ from the size's defaults, and the size itself when it is not four players
        (rule 14.9: a scenario names its size): ``Rules.from_dict(r.changes()) == r``."""
        size: dict[str, Any] = {}
        if self.players != 4:
            size["players"] = self.players
            if self.sides != SIZES[self.players][0]:
                size["sides"] = self.sides
        default = type(self)(**size).to_dict()
        # The default minimum table follows the target (rule 14.4): compare it with the one of this target.
        bands = type(self)(**size, target=self.target).to_dict()
        default.update(minimum_thresholds=bands["minimum_thresholds"], minimums=bands["minimums"])
        return {**size, **{k: v for k, v in self.to_dict().items() if default[k] != v}}


def _whole(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


# The seat names of each size, clockwise from the person's seat at the bottom of the table (South). Three
# players sit South, West and East; six sit every sixty degrees: South, Southwest, Northwest, North,
# Northeast, Southeast. A side's name joins its seats' names ("South/North").
SEAT_NAMES_OF = {
    2: ("South", "North"),
    3: ("South", "West", "East"),
    4: FOUR_IN_PARTNERSHIPS.seat_names,
    6: ("South", "Southwest", "Northwest", "North", "Northeast", "Southeast"),
}
_TABLES: dict[tuple[int, int], Geometry] = {(4, 2): FOUR_IN_PARTNERSHIPS}


def table_of(rules: Rules) -> Geometry:
    """The table ``rules`` are played at (``canasta.geometry(rules)``): its seats, sides and their names."""
    key = (rules.players, rules.sides)
    if key not in _TABLES:
        _TABLES[key] = Geometry(rules.players, rules.side_seats, SEAT_NAMES_OF[rules.players])
    return _TABLES[key]


DEFAULT_RULES = Rules()
