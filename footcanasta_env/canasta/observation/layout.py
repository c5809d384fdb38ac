"""Classic Canasta's observation layout: the index table of one seat's ``View`` as a flat float32 vector.

Everything is relative to the observing seat: relative seats are 0 me, 1 left (acts after me),
2 partner, 3 right; teams are "own" and "other". Per-kind blocks use the 14 kinds a player can hold,
in this order: ``4 5 6 7 8 9 10 J Q K A 2 JK B3`` (red threes are laid down at once, never held, so
they have no column). Per-rank blocks use the 11 natural ranks ``4 .. A`` (a partnership has at most
one meld of each, CANASTA_RULES.md rule 5.4).

Layout, ``OBS_VERSION`` 2, ``OBS_SIZE`` 386 (index: feature, raw value x scale):

    index    size  feature                                                        scale
    0-13       14  own held cards per kind (set-aside cards excluded)              1/8
    14-57      44  own set-aside melds (only while I act before my team's         see MELDS
                   initial meld; zeros otherwise), a MELDS block
    58          1  card value of my set-aside melds                                1/100
    59-102     44  own team's table melds, a MELDS block (zeros until it is down)  see MELDS
    103-111     9  own team, a TEAM block                                          see TEAM
    112-155    44  other team's table melds, a MELDS block                         see MELDS
    156-164     9  other team, a TEAM block                                        see TEAM
    165-179    15  pile top card: one-hot over the 14 kinds, then "pile empty"     1
    180         1  pile size                                                       1/100
    181-194    14  pile contents per kind (every discard was seen; a pickup        1/8
                   takes them all)
    195-266    72  per relative seat (me, left, partner, right), 18 each:
                   +0 cards held, set-aside included                               1/30
                   +1 to act (zero once the game is over)                          1
                   +2 is the dealer                                                1
                   +3 has melded a card this round (rule 8.4)                      1
                   +4..17 public memory of pickups per kind (rule 12)              1/8
    267         1  stock size                                                      1/100
    268         1  round, clipped to 100                                           1/10
    269         1  last round: the round cap (Rules.max_rounds) ends the game     1
                   after this round
    270         1  target, clipped to 100000                                       1/10000
    271-272     2  phase of the player to act: draw, play (zero once over)         1
    273         1  game over                                                       1
    274-385   112  per relative seat (me, left, partner, right), 28 each: the      1/4
                   pile read (zero once the game is over), see READING

MELDS block (44) for one team's melds, 4 rows of the 11 ranks ``4 .. A``:

    +0   naturals in the meld of the rank                      1/8
    +11  twos in it                                            1/3
    +22  jokers in it                                          1/3
    +33  it is a canasta (seven cards or more)                 1

TEAM block (9):

    +0   red threes laid down                                  1/4
    +1   initial meld made this round (down)                   1
    +2   natural canastas on the table                         1/4
    +3   mixed canastas on the table                           1/4
    +4   black threes melded (only on the way out)             1/4
    +5   card value of its table melds, black threes included  1/1000
         (zero until down)
    +6   the pile is frozen for it (rule 4.2)                  1
    +7   its initial-meld minimum this round (rule 7.1)        1/100
    +8   its total of the finished rounds, clipped to +-100000 1/10000

READING block (28) for one seat, what the pile's order tells of it since the pile was last taken:

    +0..13   cards of each kind it discarded onto the pile
    +14..27  top cards of each kind it drew over instead of taking the pile (the card below each
             card it discarded)

A turn ends with one discard, so the pile's top card was discarded by the player before the one to act,
the card under it by the player before that, and so on round the table; the bottom card is never counted
(it may be the upcard, rule 2.3).
These are what a player reads from the discards: a kind the next opponent threw or passed over is less
likely paired in their hand.

``OFFSETS`` maps each block of the table, by name and in order, to its first index (the public way to
read a feature: ``obs[OFFSETS["stock"]]``); the encoders read the same offsets, at every size, as the
``o_*`` fields of ``sizes.layout_of(rules)`` (``o_table`` and ``o_team`` by relative side). ``layout_blocks``
builds the table of any size (section 14: a side's blocks per relative side, a seat's per relative seat;
``sizes.py`` holds every size's index table), this one is ``layout_blocks(4, 2)``. ``ROW_NAT`` ..
``ROW_CANASTA`` are the rows of a MELDS block, ``T_RED`` .. ``T_SCORE`` the entries of a TEAM block,
``R_DISCARDED`` and ``R_PASSED`` the halves of a READING block, ``HOLD_INDEX`` the kinds of the per-kind
columns. ``tests/canasta/test_canasta_env_obs.py`` checks this table,
and the one in the env's docstring (``canasta/envs/aec.py``), against ``OFFSETS``.

``encode(view)`` (``reference.py``) is the reference encoding of a
``View``; ``GameEncoder`` (``fast.py``), for the envs, keeps a seat-independent vector up to date from
the engine's count lists and gathers each seat's observation from it; it is tested to give the same bytes.

Version history: 1 - first layout; 2 - the READING blocks (indices 274-385) added after it, the first 274
features unchanged.
"""

from __future__ import annotations

import numpy as np

from ...family.cards import HOLD_KINDS, NUM_KINDS, NUM_NATURAL

OBS_VERSION = 2

NUM_HOLD = len(HOLD_KINDS)  # 14
HOLD_INDEX = np.array(HOLD_KINDS, dtype=np.intp)
KIND_COLUMN = [HOLD_KINDS.index(k) if k in HOLD_KINDS else -1 for k in range(NUM_KINDS)]

ROW_NAT, ROW_TWO, ROW_JK, ROW_CANASTA = (row * NUM_NATURAL for row in range(4))
MELD_BLOCK = 4 * NUM_NATURAL
T_RED, T_DOWN, T_NATURAL, T_MIXED, T_BLACK3, T_VALUE, T_FROZEN, T_MINIMUM, T_SCORE = range(9)
TEAM_BLOCK = 9
SEAT_BLOCK = 4 + NUM_HOLD
R_DISCARDED, R_PASSED = 0, NUM_HOLD  # the two halves of a READING block
READ_BLOCK = 2 * NUM_HOLD
SCORE_CLIP = 100_000
ROUND_CLIP = 100

SIDE_NAMES = ("own", "other", "third")
"""The relative sides' block names: mine, the side after mine in turn order, the one after that (section 14)."""


def count_scale(decks: int) -> float:
    """The scale of a count of one kind of card: 1/8 with two decks (8 of a rank), 1/12 with three."""
    return 1 / (4 * decks)


def layout_blocks(seats: int, sides: int, decks: int = 2) -> list[tuple[str, int, float | np.ndarray]]:
    """(name, size, scale) of each block, in layout order, for a table of ``seats`` seats in ``sides`` sides:
    a MELDS and a TEAM block per relative side, a seat block and a READING block per relative seat. Counts
    of one kind of card are scaled by the decks' (``count_scale``), red and black threes by 1/(2 decks)."""
    count, threes = count_scale(decks), 1 / (2 * decks)
    meld_scale = np.repeat(np.array([count, 1 / 3, 1 / 3, 1.0]), NUM_NATURAL)
    team_scale = np.array([threes, 1.0, 0.25, 0.25, threes, 1e-3, 1.0, 0.01, 1e-4])
    seat_scale = np.array([1 / 30, 1.0, 1.0, 1.0] + [count] * NUM_HOLD)
    teams: list[tuple[str, int, float | np.ndarray]] = []
    for name in SIDE_NAMES[:sides]:
        teams += [(f"{name}_table", MELD_BLOCK, meld_scale), (f"{name}_team", TEAM_BLOCK, team_scale)]
    return [
        ("hand", NUM_HOLD, count),
        ("aside", MELD_BLOCK, meld_scale),
        ("aside_value", 1, 0.01),
        *teams,
        ("pile_top", NUM_HOLD + 1, 1.0),
        ("pile_size", 1, 0.01),
        ("pile_counts", NUM_HOLD, count),
        ("seats", seats * SEAT_BLOCK, np.tile(seat_scale, seats)),
        ("stock", 1, 0.01),
        ("round", 1, 0.1),
        ("last_round", 1, 1.0),
        ("target", 1, 1e-4),
        ("phase", 2, 1.0),
        ("over", 1, 1.0),
        ("reading", seats * READ_BLOCK, 0.25),
    ]


def offsets_and_scale(blocks: list[tuple[str, int, float | np.ndarray]]) -> tuple[dict[str, int], np.ndarray]:
    """Each block's first index, and the float32 scale of every feature (read-only)."""
    offsets: dict[str, int] = {}
    scales: list[np.ndarray] = []
    off = 0
    for name, size, scale in blocks:
        offsets[name] = off
        scales.append(np.broadcast_to(np.asarray(scale, dtype=np.float64), (size,)))
        off += size
    out = np.concatenate(scales).astype(np.float32)
    out.setflags(write=False)
    return offsets, out


_LAYOUT = layout_blocks(4, 2)
OFFSETS, SCALE = offsets_and_scale(_LAYOUT)
OBS_SIZE = len(SCALE)
assert OBS_SIZE == 386 and SCALE.shape == (OBS_SIZE,)

def clip_score(s: int) -> int:
    """A score as the observation holds it, clipped to +-SCORE_CLIP."""
    return SCORE_CLIP if s > SCORE_CLIP else -SCORE_CLIP if s < -SCORE_CLIP else s
