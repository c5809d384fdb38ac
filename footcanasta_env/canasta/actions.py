"""Classic Canasta's flat action space (CANASTA_RULES.md section 11): ids, canonical names, decode tables.

Layout (ACTION_VERSION 1), 85 actions, built from named blocks:

    id      name
    0       draw
    1       pickup
    2-34    meld R R R / meld R R 2 / meld R R JK   for R = 4 .. A   (2 + 3*r + variant)
    35-36   meld B3 B3 B3 / meld B3 B3 B3 B3
    37-69   add R R / add R 2 / add R JK            for R = 4 .. A   (37 + 3*r + variant)
    70      laydown
    71-84   discard C                               for C = 4 .. A, 2, JK, B3
"""

from __future__ import annotations

from ..family.cards import BLACK3, JOKER, KINDS, NUM_NATURAL, TWO, kind_of
from ..family.game import action_tokens, name_of_action

ACTION_VERSION = 1

# A turn has two steps (rule 3): draw or take the pile, then meld and discard.
DRAW_PHASE, PLAY_PHASE = 0, 1
PHASE_NAMES = ("draw", "play")

DRAW, PICKUP, MELD, MELD_B3, ADD, LAYDOWN, DISCARD = range(7)
ACTION_TYPE_NAMES = ("draw", "pickup", "meld", "meld_b3", "add", "laydown", "discard")

_names: list[str] = []
ACTION_TYPE: list[int] = []
# Per action, the cards it takes from the hand: (kind of the naturals or -1, naturals, twos, jokers).
ACTION_CARDS: list[tuple[int, int, int, int]] = []
ACTION_CARD: list[int] = []  # the kind discarded, -1 for the others


def _add(name: str, typ: int, cards: tuple[int, int, int, int] = (-1, 0, 0, 0), card: int = -1) -> int:
    _names.append(name)
    ACTION_TYPE.append(typ)
    ACTION_CARDS.append(cards)
    ACTION_CARD.append(card)
    return len(_names) - 1


def _variants(verb: str, typ: int, r: int, n: int) -> int:
    """The three actions of one rank in a meld (n = 3 cards) or add (n = 1) block: naturals only, with a
    two, with a joker; an add names its meld's rank first."""
    rank = KINDS[r]
    head = f"{verb} {rank} " if verb == "add" else f"{verb} "
    first = _add(head + " ".join([rank] * n), typ, (r, n, 0, 0))
    _add(head + " ".join([rank] * (n - 1) + ["2"]), typ, (r, n - 1, 1, 0))
    _add(head + " ".join([rank] * (n - 1) + ["JK"]), typ, (r, n - 1, 0, 1))
    return first


DRAW_ID = _add("draw", DRAW)
PICKUP_ID = _add("pickup", PICKUP)
MELD_BASE = len(_names)
MELD_IDS = tuple(_variants("meld", MELD, r, 3) for r in range(NUM_NATURAL))  # first id of each rank
MELD_B3_IDS = (_add("meld B3 B3 B3", MELD_B3, (BLACK3, 3, 0, 0)), _add("meld B3 B3 B3 B3", MELD_B3, (BLACK3, 4, 0, 0)))
ADD_BASE = len(_names)
ADD_IDS = tuple(_variants("add", ADD, r, 1) for r in range(NUM_NATURAL))
LAYDOWN_ID = _add("laydown", LAYDOWN)
DISCARDABLE = tuple(range(NUM_NATURAL)) + (TWO, JOKER, BLACK3)
DISCARD_ID: dict[int, int] = {k: _add(f"discard {KINDS[k]}", DISCARD, card=k) for k in DISCARDABLE}

NUM_ACTIONS = len(_names)
ACTION_NAMES: tuple[str, ...] = tuple(_names)
ACTION_RANK = tuple(c[0] for c in ACTION_CARDS)
_BY_NAME = {n: i for i, n in enumerate(ACTION_NAMES)}
assert NUM_ACTIONS == 85 and ADD_BASE == 37 and LAYDOWN_ID == 70


def action_name(action_id: int) -> str:
    """Canonical name of an action id."""
    return name_of_action(action_id, ACTION_NAMES)


def _canonical(verb: str, rest: list[str]) -> str | None:
    """The canonical spelling of a name's verb and card tokens, or None when it has no such form."""
    if verb in ("draw", "pickup", "laydown"):
        return verb if not rest else None
    if verb == "discard" and len(rest) == 1:
        return f"discard {KINDS[kind_of(rest[0])]}"
    if verb == "meld" and len(rest) in (3, 4):
        # Naturals first, then twos, then jokers: the order of the canonical names.
        kinds = sorted((kind_of(t) for t in rest), key=lambda k: (k in (TWO, JOKER), k))
        return "meld " + " ".join(KINDS[k] for k in kinds)
    if verb == "add" and len(rest) == 2:
        return f"add {KINDS[kind_of(rest[0])]} {KINDS[kind_of(rest[1])]}"
    return None


def action_id(name: str) -> int:
    """Id of an action name; case and spacing are free, and a meld's cards may come in any order."""
    tokens = action_tokens(name)
    try:
        canon = _canonical(tokens[0].lower(), tokens[1:])
    except ValueError:  # a token that is no card
        canon = None
    i = _BY_NAME.get(canon) if canon else None
    if i is None:
        raise ValueError(f"unknown Canasta action {name!r} (e.g. 'draw', 'pickup', 'meld K K K', 'meld 7 7 2', "
                         f"'meld B3 B3 B3', 'add K JK', 'laydown', 'discard 9')")
    return i
