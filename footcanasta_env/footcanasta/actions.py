"""The flat action space of RULES.md section 11 and the turn structure: ids, names, decode tables, phases.

Layout (ACTION_VERSION 1), 89 actions:

    id      name
    0       draw
    1       pickup
    2-34    meld R R R / meld R R 2 / meld R R JK   for R = 4 .. A   (2 + 3*r + variant)
    35-38   meld 2 2 2 / meld 2 2 JK / meld 2 JK JK / meld JK JK JK
    39-71   add R R / add R 2 / add R JK            for R = 4 .. A   (39 + 3*r + variant)
    72-73   add wild 2 / add wild JK
    74      laydown
    75-88   discard C                               for C = 4 .. A, 2, JK, B3
"""

from __future__ import annotations

from ..family.cards import HOLD_KINDS, JOKER, KINDS, NUM_NATURAL, TWO, WILD_RANK, kind_of
from ..family.game import action_tokens, name_of_action

ACTION_VERSION = 1

# A turn has two steps (rule 3): draw or take the pile, then meld and discard.
DRAW_PHASE, PLAY_PHASE = 0, 1
PHASE_NAMES = ("draw", "play")

# The action kinds, in id order: a kind's number is its index here.
ACTION_TYPE_NAMES = ("draw", "pickup", "meld", "add", "laydown", "discard")
DRAW, PICKUP, MELD, ADD, LAYDOWN, DISCARD = range(len(ACTION_TYPE_NAMES))

_names: list[str] = []
ACTION_TYPE: list[int] = []
ACTION_RANK: list[int] = []  # meld rank for meld/add, -1 otherwise
ACTION_NAT: list[int] = []   # naturals used by a meld/add
ACTION_TWO: list[int] = []   # twos used
ACTION_JK: list[int] = []    # jokers used
ACTION_CARD: list[int] = []  # kind discarded, -1 otherwise


def _add(name: str, typ: int, rank: int = -1, nat: int = 0, two: int = 0, jk: int = 0, card: int = -1) -> int:
    _names.append(name)
    ACTION_TYPE.append(typ)
    ACTION_RANK.append(rank)
    ACTION_NAT.append(nat)
    ACTION_TWO.append(two)
    ACTION_JK.append(jk)
    ACTION_CARD.append(card)
    return len(_names) - 1


DRAW_ID = _add("draw", DRAW)
PICKUP_ID = _add("pickup", PICKUP)
MELD_BASE = len(_names)
for _r in range(NUM_NATURAL):
    _R = KINDS[_r]
    _add(f"meld {_R} {_R} {_R}", MELD, _r, nat=3)
    _add(f"meld {_R} {_R} 2", MELD, _r, nat=2, two=1)
    _add(f"meld {_R} {_R} JK", MELD, _r, nat=2, jk=1)
WILD_MELD_BASE = len(_names)
for _two, _jk in ((3, 0), (2, 1), (1, 2), (0, 3)):
    _add("meld " + " ".join(["2"] * _two + ["JK"] * _jk), MELD, WILD_RANK, two=_two, jk=_jk)
ADD_BASE = len(_names)
for _r in range(NUM_NATURAL):
    _R = KINDS[_r]
    _add(f"add {_R} {_R}", ADD, _r, nat=1)
    _add(f"add {_R} 2", ADD, _r, two=1)
    _add(f"add {_R} JK", ADD, _r, jk=1)
ADD_WILD_BASE = len(_names)
_add("add wild 2", ADD, WILD_RANK, two=1)
_add("add wild JK", ADD, WILD_RANK, jk=1)
LAYDOWN_ID = _add("laydown", LAYDOWN)
DISCARD_ID: dict[int, int] = {}
for _k in HOLD_KINDS:  # every kind a player can hold can be discarded
    DISCARD_ID[_k] = _add(f"discard {KINDS[_k]}", DISCARD, card=_k)

NUM_ACTIONS = len(_names)
ACTION_NAMES: tuple[str, ...] = tuple(_names)
ACTION_CARDS_USED = tuple(ACTION_NAT[a] + ACTION_TWO[a] + ACTION_JK[a] for a in range(NUM_ACTIONS))
# What the engine's meld/add handler needs of an action, in one tuple so that one lookup decodes it:
# (rank, naturals, twos, jokers, cards used, bits of the kinds used).
MELD_ARGS = tuple(
    (ACTION_RANK[a], ACTION_NAT[a], ACTION_TWO[a], ACTION_JK[a], ACTION_CARDS_USED[a],
     (1 << ACTION_RANK[a] if ACTION_NAT[a] else 0) | (1 << TWO if ACTION_TWO[a] else 0)
     | (1 << JOKER if ACTION_JK[a] else 0))
    for a in range(NUM_ACTIONS))
_BY_NAME = {n: i for i, n in enumerate(ACTION_NAMES)}


def action_name(action_id: int) -> str:
    """Canonical name of an action id."""
    return name_of_action(action_id, ACTION_NAMES)


def action_id(name: str) -> int:
    """Id of an action name; case and spacing are free, and a meld's cards may come in any order."""
    tokens = action_tokens(name)
    verb = tokens[0].lower()
    rest = tokens[1:]
    canon: str | None = None
    if verb in ("draw", "pickup", "laydown") and not rest:
        canon = verb
    elif verb == "discard" and len(rest) == 1:
        canon = f"discard {KINDS[kind_of(rest[0])]}"
    elif verb == "meld" and len(rest) == 3:
        kinds = sorted(kind_of(t) for t in rest)
        canon = "meld " + " ".join(KINDS[k] for k in kinds)
    elif verb == "add" and len(rest) == 2:
        target = "wild" if rest[0].lower() == "wild" else KINDS[kind_of(rest[0])]
        canon = f"add {target} {KINDS[kind_of(rest[1])]}"
    i = _BY_NAME.get(canon) if canon else None
    if i is None:
        raise ValueError(f"unknown action {name!r} (e.g. 'draw', 'pickup', 'meld K K K', 'meld 7 7 2', "
                         f"'add K JK', 'add wild 2', 'laydown', 'discard 9')")
    return i
