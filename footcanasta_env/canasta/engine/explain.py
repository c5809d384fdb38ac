"""Why an action is refused: the messages of ``IllegalActionError``, each citing its rule."""

from __future__ import annotations

from typing import Any

from ...cards import BLACK3, JOKER, KINDS, NUM_NATURAL, TWO
from ..actions import (
    ACTION_CARD,
    ACTION_CARDS,
    ACTION_TYPE,
    ADD,
    DISCARD,
    DRAW,
    LAYDOWN,
    MELD,
    MELD_B3,
    PICKUP,
    PLAY_PHASE,
)
from ..rules import MAX_WILDS
from .legality import aside_count, held, minimum
from .state import action_index

KEEP_A_CARD = ("you must keep a card to discard unless you go out, and going out needs a canasta of your "
               "partnership (rules 6.1, 8.1)")


def why_illegal(game: Any, action: int | str) -> str:
    """Why ``action`` (an id or a name) is refused now, citing the rule; '' if it is legal.

    Something that is no action raises, naming it: ``IllegalActionError`` for an id out of range or a
    value that is neither an id nor a name, ``ValueError`` for an unknown name (as ``Game.step``).
    """
    a = action_index(action)
    if game.is_over:
        return "the game is over (rule 10)"
    if game.legal_bits() >> a & 1:
        return ""
    typ = ACTION_TYPE[a]
    play = game.phase_id == PLAY_PHASE
    if typ in (DRAW, PICKUP) and play:
        return "you have already drawn or taken the pile this turn (rule 3.1)"
    if typ == PICKUP:
        return _pickup_reason(game)
    if typ == LAYDOWN:
        return _laydown_reason(game, play)
    if typ == DISCARD:
        if not play:
            return "discard at the end of the turn, after drawing (rules 3.1, 3.3)"
        k = ACTION_CARD[a]
        t = game.current_player & 1
        if not game.hand[game.current_player][k] and (game.down[t] or not aside_count(game, t, k)):
            return f"you hold no {KINDS[k]} (rule 3.3)"
        return KEEP_A_CARD
    if typ == MELD_B3:
        return _black_three_reason(game, a, play)
    return _meld_reason(game, a, typ, play)


def _pickup_reason(game: Any) -> str:
    p = game.current_player
    t = p & 1
    if not game.pile:
        return "the discard pile is empty (rule 4.1)"
    top = game.pile[-1]
    if top == TWO or top == JOKER:
        return "the top of the pile is a wild card (rule 4.1)"
    if top == BLACK3:
        return "the top of the pile is a black three (rule 4.1)"
    name = KINDS[top]
    frozen = game.pile_wilds or not game.down[t]
    if not frozen and game.msize[t][top]:
        return KEEP_A_CARD
    if game.hand[p][top] < 2:
        if frozen:
            why = "it holds a wild card" if game.pile_wilds else "your partnership has not made its initial meld"
            return (f"the pile is frozen for your partnership ({why}): taking it needs two natural {name} "
                    "in your hand (rules 4.2, 4.3)")
        return f"taking the pile needs a meld of {name} on the table or two natural {name} in your hand (rule 4.4)"
    if not game.down[t]:
        value = game.mval[t] + 3 * game.values[top]
        need = minimum(game, t)
        if value < need:
            return (f"the pickup meld and your set-aside melds are worth {value}, your initial meld needs "
                    f"{need} (rules 7.1, 7.3)")
    return KEEP_A_CARD


def _laydown_reason(game: Any, play: bool) -> str:
    t = game.current_player & 1
    if not play:
        return "lay down in the play step, after drawing (rule 7.2)"
    if game.down[t]:
        return "your partnership has already made its initial meld (rule 7.4)"
    if not game.mcards[t]:
        return "nothing is set aside to lay down (rule 7.2)"
    need = minimum(game, t)
    if game.mval[t] < need:
        return f"the set-aside melds are worth {game.mval[t]}, your initial meld needs {need} (rule 7.1)"
    return KEEP_A_CARD


def _black_three_reason(game: Any, a: int, play: bool) -> str:
    p = game.current_player
    t = p & 1
    n = ACTION_CARDS[a][1]
    if not play:
        return "melds are made in the play step, after drawing (rule 3.2)"
    if game.hand[p][BLACK3] < n:
        return f"you do not hold {n} black threes (rule 5.3)"
    if not game.down[t]:
        return ("black threes go down only on the way out, after your partnership's initial meld "
                "(rules 5.3, 7.2)")
    if held(game, p) - n > 1:
        return "black threes go down only on the way out: after them you may hold at most one card (rule 5.3)"
    return "black threes go down only by a player who may go out: a canasta is needed (rules 5.3, 8.1)"


def _meld_reason(game: Any, a: int, typ: int, play: bool) -> str:
    p = game.current_player
    t = p & 1
    h = game.hand[p]
    r, nat, two, jk = ACTION_CARDS[a]
    name = KINDS[r]
    if not play and game.down[t]:
        return "melds are made in the play step, after drawing (rule 3.2)"
    if h[r] < nat or h[TWO] < two or h[JOKER] < jk:
        return "you do not hold those cards (rule 5.1)"
    size = game.msize[t][r]
    where = "table" if game.down[t] else "set-aside melds"
    if typ == MELD and size:
        return f"your partnership already has a meld of {name} on the {where}: add to it (rule 5.4)"
    if typ == ADD and not size:
        return f"your partnership has no meld of {name} on the {where} to add to (rule 5.4)"
    if typ == ADD and two + jk and game.mtwo[t][r] + game.mjk[t][r] >= MAX_WILDS:
        return f"the meld of {name} already holds {MAX_WILDS} wild cards, the most a meld may hold (rule 5.1)"
    assert r < NUM_NATURAL
    return KEEP_A_CARD
