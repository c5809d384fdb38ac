"""The observation layout: the index table of one seat's ``View`` as a flat float32 vector.

Everything is relative to the observing seat: relative seats are 0 me, 1 left (acts after me),
2 partner, 3 right; teams are "own" and "other". Per-kind blocks use the 14 kinds a player can hold,
in this order: ``4 5 6 7 8 9 10 J Q K A 2 JK B3`` (red threes are never held, so they have no column).
Per-meld-rank blocks use the 12 meld ranks (``cards.NUM_MELD_RANKS``) ``4 .. A`` and ``wild``.

Layout, ``OBS_VERSION`` 1, ``OBS_SIZE`` 443 (index: feature, raw value x scale):

    index    size  feature                                                        scale
    0-13       14  own held cards per kind (set-aside cards excluded)              1/10
    14-109     96  own set-aside melds (only while I act before my team's         see MELDS
                   initial meld; zeros otherwise), a MELDS block
    110         1  card value of my set-aside melds                                1/100
    111-206    96  own team's table melds, a MELDS block (zeros until it is down)  see MELDS
    207-212     6  own team: red threes 1/10, down 0/1, complete clean, dirty and  see left
                   wild canastas 1/4 each, melded card value 1/1000 (canastas and
                   value are zero until down)
    213-308    96  other team's table melds, a MELDS block
    309-314     6  other team, as 207-212
    315-329    15  pile top card: one-hot over the 14 kinds, then "pile empty"     1
    330         1  pile size                                                       1/100
    331-344    14  pile contents per kind (every discard was seen)                 1/10
    345-358    14  the cards a pickup would take now (top pile_take cards)         1/7
    359-430    72  per relative seat (me, left, partner, right), 18 each:
                   +0 cards held, set-aside included                               1/30
                   +1 foot picked up                                               1
                   +2 to act (zero once the game is over)                          1
                   +3 is the dealer                                                1
                   +4..17 public memory of pickups per kind (RULES.md 12)          1/5
    431         1  stock size                                                      1/100
    432-435     4  round one-hot (round 1..4)                                      1
    436         1  rounds in this game                                             1/4
    437         1  initial-meld minimum of this round                              1/150
    438-439     2  scores of finished rounds: own team, other team, clipped to     1/10000
                   +-100000
    440-441     2  phase of the player to act: draw, play (zero once over)         1
    442         1  game over                                                       1

MELDS block (96) for one team structure, 8 rows of 12 meld ranks (``4 .. A, wild``):

    +0   naturals in the incomplete meld of the rank            1/7
    +12  twos in the incomplete meld                            1/7
    +24  jokers in the incomplete meld                          1/7
    +36  complete clean canastas of the rank                    1/2
    +48  complete dirty canastas of the rank                    1/2
    +60  complete wild canastas (wild rank only)                1/2
    +72  twos in the complete canastas of the rank              1/10
    +84  jokers in the complete canastas of the rank            1/10

``OFFSETS`` maps each block of the table, by name and in order, to its first index (the public way to
read a feature: ``obs[OFFSETS["stock"]]``); the same offsets are the constants ``O_HAND`` .. ``O_OVER``
(``O_TABLE`` and ``O_TEAM`` by side, 0 own and 1 other) that the encoders use, ``ROW_NAT`` ..
``ROW_CANASTA_JK`` the rows of a MELDS block, ``KIND_COLUMN`` the column of each card kind in a per-kind
block and ``HOLD_INDEX`` the kinds of those columns. ``tests/footcanasta/test_env_hidden.py`` checks this table, and
the one in the env's docstring (``envs/aec.py``), against ``OFFSETS``.

The pile's order below its top ``pile_take`` cards is not encoded (it is public, but only its counts
matter for play). ``encode(view)`` is the reference encoding of a ``View``. ``GameEncoder`` is the fast
encoder the envs use: it reads the engine's count lists, keeps an absolute (seat- and team-indexed)
vector of raw counts up to date by comparing each piece with the copy it last wrote (after a single
action, only the pieces that action can change), and produces an observation with one gather through
a per-observer index and one float32 multiply by ``SCALE``. ``tests/footcanasta/test_env_hidden.py`` checks at
every step of several games, for every seat, that both give the same bytes.

Version history: 1 - first layout.
"""

from __future__ import annotations

import numpy as np

from ...family.cards import HOLD_KINDS, JOKER, NUM_KINDS, NUM_MELD_RANKS, RED3, TWO, deck_counts
from ..rules import CANASTA_SIZE, Rules

OBS_VERSION = 1

NUM_HOLD = len(HOLD_KINDS)  # 14
# Column of each card kind in a per-kind block; red threes have none.
KIND_COLUMN = [-1] * NUM_KINDS
for _i, _k in enumerate(HOLD_KINDS):
    KIND_COLUMN[_k] = _i
HOLD_INDEX = np.array(HOLD_KINDS, dtype=np.intp)

# A MELDS block is 8 rows of one column per meld rank (the MELDS table above); each row's offset in it.
ROW_NAT, ROW_TWO, ROW_JK, ROW_CLEAN, ROW_DIRTY, ROW_WILD, ROW_CANASTA_TWO, ROW_CANASTA_JK = (
    row * NUM_MELD_RANKS for row in range(8))
MELD_BLOCK = 8 * NUM_MELD_RANKS
SEAT_BLOCK = 4 + NUM_HOLD
SCORE_CLIP = 100_000

# (name, size, scale) in layout order; offsets follow.
_LAYOUT: list[tuple[str, int, float | tuple[float, ...]]] = [
    ("hand", NUM_HOLD, 0.1),
    ("aside", MELD_BLOCK, "melds"),
    ("aside_value", 1, 0.01),
    ("own_table", MELD_BLOCK, "melds"),
    ("own_team", 6, (0.1, 1.0, 0.25, 0.25, 0.25, 0.001)),
    ("other_table", MELD_BLOCK, "melds"),
    ("other_team", 6, (0.1, 1.0, 0.25, 0.25, 0.25, 0.001)),
    ("pile_top", NUM_HOLD + 1, 1.0),
    ("pile_size", 1, 0.01),
    ("pile_counts", NUM_HOLD, 0.1),
    ("pile_take", NUM_HOLD, 1 / 7),
    ("seats", 4 * SEAT_BLOCK, "seats"),
    ("stock", 1, 0.01),
    ("round", 4, 1.0),
    ("rounds", 1, 0.25),
    ("minimum", 1, 1 / 150),
    ("scores", 2, 1e-4),
    ("phase", 2, 1.0),
    ("over", 1, 1.0),
]  # type: ignore[list-item]

_MELD_SCALE = np.repeat(np.array([1 / 7, 1 / 7, 1 / 7, 0.5, 0.5, 0.5, 0.1, 0.1]), NUM_MELD_RANKS)
_SEAT_SCALE = np.array([1 / 30, 1.0, 1.0, 1.0] + [0.2] * NUM_HOLD)

OFFSETS: dict[str, int] = {}
_scales: list[np.ndarray] = []
_off = 0
for _name, _size, _scale in _LAYOUT:
    OFFSETS[_name] = _off
    if _scale == "melds":
        _scales.append(_MELD_SCALE)
    elif _scale == "seats":
        _scales.append(np.tile(_SEAT_SCALE, 4))
    else:
        _scales.append(np.broadcast_to(np.asarray(_scale, dtype=np.float64), (_size,)))
    _off += _size
OBS_SIZE = _off
SCALE = np.concatenate(_scales).astype(np.float32)
SCALE.setflags(write=False)
assert OBS_SIZE == 443 and SCALE.shape == (OBS_SIZE,)

# OFFSETS as constants, for the encoders' hot paths; the table and team blocks by side (0 own, 1 other).
O_HAND = OFFSETS["hand"]
O_ASIDE = OFFSETS["aside"]
O_ASIDE_VALUE = OFFSETS["aside_value"]
O_TABLE = (OFFSETS["own_table"], OFFSETS["other_table"])
O_TEAM = (OFFSETS["own_team"], OFFSETS["other_team"])
O_PILE_TOP = OFFSETS["pile_top"]
O_PILE_SIZE = OFFSETS["pile_size"]
O_PILE_COUNTS = OFFSETS["pile_counts"]
O_PILE_TAKE = OFFSETS["pile_take"]
O_SEATS = OFFSETS["seats"]
O_STOCK = OFFSETS["stock"]
O_ROUND = OFFSETS["round"]
O_ROUNDS = OFFSETS["rounds"]
O_MINIMUM = OFFSETS["minimum"]
O_SCORES = OFFSETS["scores"]
O_PHASE = OFFSETS["phase"]
O_OVER = OFFSETS["over"]


def clip_score(s: int) -> int:
    """A score as the observation holds it, clipped to +-SCORE_CLIP."""
    return SCORE_CLIP if s > SCORE_CLIP else -SCORE_CLIP if s < -SCORE_CLIP else s


def observation_bounds(rules: Rules) -> tuple[np.ndarray, np.ndarray]:
    """(low, high) float32 bounds of every feature under ``rules``, for the observation space."""
    d = deck_counts(rules.decks)
    total = sum(d)
    value = sum(n * v for n, v in zip(d, rules.card_values, strict=True))
    raw = np.ones(OBS_SIZE, dtype=np.float64)
    kinds = np.array([d[k] for k in HOLD_KINDS], dtype=np.float64)
    canastas = total // CANASTA_SIZE

    def melds(o: int) -> None:
        raw[o:o + ROW_CLEAN] = CANASTA_SIZE - 1
        raw[o + ROW_CLEAN:o + ROW_CANASTA_TWO] = canastas
        raw[o + ROW_CANASTA_TWO:o + ROW_CANASTA_JK] = d[TWO]
        raw[o + ROW_CANASTA_JK:o + MELD_BLOCK] = d[JOKER]

    raw[O_HAND:O_HAND + NUM_HOLD] = kinds
    melds(O_ASIDE)
    raw[O_ASIDE_VALUE] = value
    for side in (0, 1):
        melds(O_TABLE[side])
        o = O_TEAM[side]
        raw[o:o + 6] = (d[RED3], 1, canastas, canastas, canastas, value)
    raw[O_PILE_SIZE] = total
    raw[O_PILE_COUNTS:O_PILE_COUNTS + NUM_HOLD] = kinds
    raw[O_PILE_TAKE:O_PILE_TAKE + NUM_HOLD] = np.minimum(kinds, rules.pile_take)
    for rel in range(4):
        o = O_SEATS + rel * SEAT_BLOCK
        raw[o] = total
        raw[o + 4:o + SEAT_BLOCK] = kinds
    raw[O_STOCK] = total
    raw[O_ROUNDS] = 4
    raw[O_MINIMUM] = max(1, *rules.initial_minimums)
    raw[O_SCORES:O_SCORES + 2] = SCORE_CLIP
    raw = np.maximum(raw, 1.0)  # every feature has a range, so no bound pair is equal
    high = (raw * SCALE).astype(np.float32)
    low = np.zeros(OBS_SIZE, dtype=np.float32)
    low[O_SCORES:O_SCORES + 2] = -high[O_SCORES:O_SCORES + 2]
    return low, high
