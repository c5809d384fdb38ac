"""The rules object: RULES.md defaults, the variants of section 13, and their validation."""

from __future__ import annotations

from dataclasses import dataclass, fields, replace

from ..family.cards import DEFAULT_VALUES, NUM_KINDS, NUM_NATURAL, PER_DECK, RED3
from ..family.rulebook import RuleFields, need

CANASTA_SIZE = 7
MIN_MELD = 3


@dataclass(frozen=True)
class Rules(RuleFields):
    """Frozen game rules; defaults are RULES.md. Invalid combinations raise ``ValueError`` on construction."""

    decks: int = 5
    hand_size: int = 13
    foot_size: int = 13
    draw_count: int = 2
    pile_take: int = 7
    initial_minimums: tuple[int, ...] = (50, 90, 120, 150)
    clean_needed: int = 2
    dirty_needed: int = 2
    wild_needed: int = 1
    partner_in_foot: bool = True
    clean_bonus: int = 500
    dirty_bonus: int = 300
    wild_bonus: int = 1500
    red_three_bonus: int = 100
    going_out_bonus: int = 100
    card_values: tuple[int, ...] = DEFAULT_VALUES

    def __post_init__(self) -> None:
        object.__setattr__(self, "initial_minimums", tuple(self.initial_minimums))
        object.__setattr__(self, "card_values", tuple(self.card_values))
        for f in fields(self):
            v = getattr(self, f.name)
            if f.name in ("initial_minimums", "card_values"):
                if not all(isinstance(x, int) and not isinstance(x, bool) for x in v):
                    raise ValueError(f"rules: {f.name} must hold whole numbers, got {v!r}")
            elif f.name == "partner_in_foot":
                if not isinstance(v, bool):
                    raise ValueError(f"rules: partner_in_foot must be true or false, got {v!r}")
            elif not isinstance(v, int) or isinstance(v, bool):
                raise ValueError(f"rules: {f.name} must be a whole number, got {v!r}")
        self._validate()

    def _validate(self) -> None:
        need(self.decks >= 1, f"decks must be at least 1, got {self.decks}")
        need(self.hand_size >= 1, f"hand_size must be at least 1, got {self.hand_size}")
        need(self.foot_size >= 1, f"foot_size must be at least 1, got {self.foot_size}")
        need(self.draw_count >= 1, f"draw_count must be at least 1 (a turn draws cards), got {self.draw_count}")
        need(self.pile_take >= 1, f"pile_take must be at least 1 (the top card is taken), got {self.pile_take}")
        need(1 <= len(self.initial_minimums) <= 4,
             f"initial_minimums needs one minimum per round, 1 to 4 rounds, got {len(self.initial_minimums)}")
        need(all(m >= 0 for m in self.initial_minimums), "initial_minimums must not be negative")
        need(len(self.card_values) == NUM_KINDS, f"card_values needs {NUM_KINDS} values, got {len(self.card_values)}")
        need(min(self.clean_needed, self.dirty_needed, self.wild_needed) >= 0, "canastas needed must not be negative")
        total = sum(PER_DECK) * self.decks
        dealt = 4 * (self.hand_size + self.foot_size) + 1
        need(dealt <= total, f"the deal needs {dealt} cards (4 hands, 4 feet and the pile's first card) "
                             f"but {self.decks} decks hold only {total}")
        per_rank = PER_DECK[0] * self.decks
        wilds = (PER_DECK[11] + PER_DECK[12]) * self.decks
        if self.clean_needed:
            need(per_rank >= CANASTA_SIZE,
                 f"going out needs clean canastas but {self.decks} decks hold only {per_rank} cards of each rank")
        if self.dirty_needed:
            need(per_rank >= CANASTA_SIZE - 2,
                 f"going out needs dirty canastas but {self.decks} decks hold only {per_rank} cards of each rank")
        need(self.wild_needed * CANASTA_SIZE + self.dirty_needed <= wilds,
             f"going out needs {self.wild_needed} wild and {self.dirty_needed} dirty canastas, "
             f"at least {self.wild_needed * CANASTA_SIZE + self.dirty_needed} wild cards, "
             f"but {self.decks} decks hold only {wilds}")
        need(self.clean_needed * CANASTA_SIZE + self.dirty_needed * 5 <= per_rank * NUM_NATURAL,
             "going out needs more natural cards than the decks hold")
        need(self.card_values[RED3] == 0, "a red three has no card value (it scores red_three_bonus)")

    @property
    def rounds(self) -> int:
        """Number of rounds in a game (one per initial-meld minimum)."""
        return len(self.initial_minimums)

    def with_rounds(self, n: int) -> Rules:
        """The same rules, playing only the first ``n`` rounds."""
        if not 1 <= n <= len(self.initial_minimums):
            raise ValueError(f"rounds must be 1 to {len(self.initial_minimums)}, got {n}")
        return replace(self, initial_minimums=self.initial_minimums[:n])


DEFAULT_RULES = Rules()
