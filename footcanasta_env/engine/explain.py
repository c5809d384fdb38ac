"""Why an action is refused: the messages of ``IllegalActionError``, each citing its rule."""

from __future__ import annotations

from typing import Any

from ..actions import (
    ACTION_CARD,
    ACTION_JK,
    ACTION_NAT,
    ACTION_RANK,
    ACTION_TWO,
    ACTION_TYPE,
    DISCARD,
    DRAW,
    LAYDOWN,
    MELD,
    PICKUP,
    PLAY_PHASE,
)
from ..cards import BLACK3, JOKER, KINDS, MELD_RANK_NAMES, NUM_NATURAL, TWO, WILD_RANK
from ..rules import CANASTA_SIZE
from .legality import aside_counts
from .state import action_index


def why_illegal(game: Any, action: int | str) -> str:
    """Why ``action`` (an id or a name) is refused now, citing the rule; '' if it is legal.

    Something that is no action raises, naming it: ``IllegalActionError`` for an id out of range or a
    value that is neither an id nor a name, ``ValueError`` for an unknown name (as ``Game.step``).
    """
    a = action_index(action)
    if game.is_over:
        return "the game is over"
    if game.legal_bits() >> a & 1:
        return ""
    p = game.current_player
    t = p & 1
    h = game.hand[p]
    typ = ACTION_TYPE[a]
    down = game.down[t]
    play = game.phase_id == PLAY_PHASE
    if typ == DRAW:
        return "you have already drawn this turn (rule 3.2)"
    if typ == PICKUP:
        if play:
            return "you have already drawn this turn (rule 3.2)"
        if not game.pile:
            return "the discard pile is empty (rule 4.1)"
        top = game.pile[-1]
        if top == BLACK3:
            return "the top of the pile is a black three (rule 4.1)"
        if h[top] < 2:
            return f"taking the pile needs two {KINDS[top]} in your hand to match the top card (rule 4.2)"
        mr = top if top < NUM_NATURAL else WILD_RANK
        if game.inc_size[t][mr] + 3 > CANASTA_SIZE:
            return (f"your partnership's {MELD_RANK_NAMES[mr]} meld has {game.inc_size[t][mr]} cards: "
                    "three more would pass seven (rule 4.3)")
        if not down and game.mval[t] + 3 * game.values[top] < game.minimum:
            return (f"before the initial meld the pickup and set-aside melds must be worth {game.minimum}, "
                    f"they are worth {game.mval[t] + 3 * game.values[top]} (rule 7.3)")
        return _foot_reason(game)
    if typ == LAYDOWN:
        if not play:
            return "lay down in the play step, after drawing (rule 7.2)"
        if down:
            return "your partnership has already made its initial meld (rule 7.4)"
        if not game.mcards[t]:
            return "nothing is set aside to lay down (rule 7.2)"
        if game.mval[t] < game.minimum:
            return f"the set-aside melds are worth {game.mval[t]}, the minimum is {game.minimum} (rule 7.1)"
        return _foot_reason(game)
    if typ == DISCARD:
        if not play:
            return "discard in the play step, after drawing (rule 3.4)"
        k = ACTION_CARD[a]
        held = h[k] + (aside_counts(game, t)[k] if not down else 0)
        if not held:
            return f"you hold no {KINDS[k]} (rule 3.4)"
        return _foot_reason(game)
    # meld / add
    r = ACTION_RANK[a]
    rn = MELD_RANK_NAMES[r]
    if not play and down:
        return "melds are made in the play step once your partnership has melded (rule 3.3)"
    need_nat, need2, needj = ACTION_NAT[a], ACTION_TWO[a], ACTION_JK[a]
    if r < NUM_NATURAL and h[r] < need_nat or h[TWO] < need2 or h[JOKER] < needj:
        return f"you do not hold the cards (rule {'5.1' if r < NUM_NATURAL else '5.2'})"
    where = "table" if down else "set-aside melds"
    s = game.inc_size[t][r]
    if typ == MELD:
        if s:
            return f"your partnership already has an incomplete {rn} meld on the {where} (rule 5.5)"
        return _foot_reason(game)
    if not s:
        return f"your partnership has no incomplete {rn} meld on the {where} to add to (rule 5.5)"
    if r < NUM_NATURAL and need2 + needj:
        nat = game.inc_nat[t][r]
        return (f"the {rn} meld has {nat} naturals and {s - nat} wild cards: another wild card "
                "would break the two-naturals-per-wild limit (rule 5.1)")
    return _foot_reason(game)


def _foot_reason(game: Any) -> str:
    if game.in_foot[game.current_player]:
        return ("playing from your foot you must keep a card after discarding unless you may go out: "
                "your partnership needs the canastas and your partner their foot (rules 8.1, 8.3)")
    return "not allowed now"
