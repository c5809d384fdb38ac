"""The 15 card kinds of Foot Canasta, their values, the deck, and card-token parsing.

Suits matter only for threes, so every pile of cards is a list of 15 counts indexed by kind:

    index  0  1  2  3  4  5  6   7  8  9  10  11  12  13  14
    token  4  5  6  7  8  9  10  J  Q  K  A   2   JK  R3  B3

Kinds 0-10 are naturals (meldable ranks), 11-12 are wild, 13 is the red three, 14 the black three.
Meld ranks use the same indices 0-10 for natural melds and 11 (``WILD_RANK``) for the wild meld:
``NUM_MELD_RANKS`` of them. ``HOLD_KINDS`` are the 14 kinds a hand can hold, in display order.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

KINDS: tuple[str, ...] = ("4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2", "JK", "R3", "B3")
NUM_KINDS = 15
NUM_NATURAL = 11
TWO, JOKER, RED3, BLACK3 = 11, 12, 13, 14
# The kinds a player can hold, in the order every per-kind list of held cards shows them (observation
# blocks, discard actions, hands on screen): red threes are laid down at once (rule 3.5), never held.
HOLD_KINDS: tuple[int, ...] = (*range(NUM_NATURAL), TWO, JOKER, BLACK3)
WILD_RANK = 11
NUM_MELD_RANKS = 12
MELD_RANK_NAMES: tuple[str, ...] = KINDS[:NUM_NATURAL] + ("wild",)

PER_DECK: tuple[int, ...] = (4,) * NUM_NATURAL + (4, 2, 2, 2)
DEFAULT_VALUES: tuple[int, ...] = (5, 5, 5, 5, 10, 10, 10, 10, 10, 10, 20, 20, 50, 0, 5)

KIND_INDEX: dict[str, int] = {name: i for i, name in enumerate(KINDS)}
_ALIASES = {"T": 6, "JOKER": JOKER}


def kind_of(token: str) -> int:
    """The kind index of one card token (case-insensitive)."""
    t = token.strip().upper()
    k = KIND_INDEX.get(t, _ALIASES.get(t))
    if k is None:
        raise ValueError(f"unknown card {token!r} (cards are: {' '.join(KINDS)})")
    return k


def parse_cards(text: str | Iterable[str]) -> list[int]:
    """Kinds of the space-separated card tokens in ``text``, in order."""
    tokens = text.split() if isinstance(text, str) else list(text)
    return [kind_of(t) for t in tokens]


def counts_of(kinds: Iterable[int]) -> list[int]:
    """Counts per kind of a sequence of kinds."""
    counts = [0] * NUM_KINDS
    for k in kinds:
        counts[k] += 1
    return counts


def format_cards(kinds: Iterable[int]) -> str:
    """Space-separated tokens of a sequence of kinds, in the given order."""
    return " ".join(KINDS[k] for k in kinds)


def format_counts(counts: Sequence[int]) -> str:
    """Space-separated tokens for counts per kind, in kind order."""
    return " ".join(" ".join([KINDS[k]] * int(n)) for k, n in enumerate(counts) if n).strip()


def deck_counts(decks: int) -> list[int]:
    """Counts per kind in ``decks`` 54-card decks."""
    return [n * decks for n in PER_DECK]
