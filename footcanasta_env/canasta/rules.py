"""Classic Canasta's settings: CANASTA_RULES.md defaults, and the reasons an impossible setting is refused."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from ..family.cards import DEFAULT_VALUES, NUM_KINDS, RED3
from ..family.rulebook import RuleFields, need

DECKS = 2
HAND_SIZE = 11
CANASTA_SIZE = 7
MIN_MELD = 3
MAX_WILDS = 3  # rule 5.1: at most three wild cards in a meld
MIN_NATURALS = 2  # rule 5.1: at least two natural cards in a meld


@dataclass(frozen=True)
class Rules(RuleFields):
    """Frozen Canasta settings; defaults are CANASTA_RULES.md. Impossible settings raise ``ValueError``.

    ``minimums[i]`` is the initial-meld minimum of a partnership whose total at the start of the round
    lies from ``minimum_thresholds[i - 1]`` (inclusive) below ``minimum_thresholds[i]`` (rule 7.1).
    ``max_rounds`` (None: no cap) ends the game after that round whatever the scores (rule 10.2).
    """

    target: int = 5000
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
            if f.name == "max_rounds":
                if v is not None and not _whole(v):
                    raise ValueError(f"rules: max_rounds must be a whole number or None (no cap), got {v!r}")
            elif not isinstance(v, tuple) and not _whole(v):
                raise ValueError(f"rules: {f.name} must be a whole number, got {v!r}")
        self._validate()

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
        i = 0
        for threshold in self.minimum_thresholds:
            if score < threshold:
                break
            i += 1
        return self.minimums[i]


def _whole(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


DEFAULT_RULES = Rules()
