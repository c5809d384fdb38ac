"""Why an action is refused: the messages of ``IllegalActionError``, each citing its rule."""

from __future__ import annotations

from typing import Any

from ...family.cards import BLACK3, JOKER, KINDS, MELD_RANK_NAMES, NUM_NATURAL, TWO, WILD_RANK
from ...messages import N_, Message
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
from ..rules import CANASTA_SIZE
from .legality import aside_counts
from .state import action_index


def why_illegal_message(game: Any, action: int | str) -> Message | None:
    """Why ``action`` is refused now as a ``Message`` (id and parameters, the rule among them); None if legal."""
    a = action_index(action)
    if game.is_over:
        return Message(N_("the game is over"))
    if game.legal_bits() >> a & 1:
        return None
    p = game.current_player
    t = p & 1
    h = game.hand[p]
    typ = ACTION_TYPE[a]
    down = game.down[t]
    play = game.phase_id == PLAY_PHASE
    if typ == DRAW or (typ == PICKUP and play):
        return Message(N_("you have already drawn this turn (rule {rule})"), rule="3.2")
    if typ == PICKUP:
        return _pickup_reason(game, t, h, down)
    if typ == LAYDOWN:
        if not play:
            return Message(N_("lay down in the play step, after drawing (rule {rule})"), rule="7.2")
        if down:
            return Message(N_("your partnership has already made its initial meld (rule {rule})"), rule="7.4")
        if not game.mcards[t]:
            return Message(N_("nothing is set aside to lay down (rule {rule})"), rule="7.2")
        if game.mval[t] < game.minimum:
            return Message(N_("the set-aside melds are worth {value}, the minimum is {minimum} (rule {rule})"),
                           value=game.mval[t], minimum=game.minimum, rule="7.1")
        return _foot_reason(game)
    if typ == DISCARD:
        if not play:
            return Message(N_("discard in the play step, after drawing (rule {rule})"), rule="3.4")
        k = ACTION_CARD[a]
        if not h[k] + (aside_counts(game, t)[k] if not down else 0):
            return Message(N_("you hold no {card} (rule {rule})"), card=KINDS[k], rule="3.4")
        return _foot_reason(game)
    return _meld_reason(game, a, t, h, down, play)


def _rank(r: int) -> str | Message:
    return Message(N_("wild")) if r == WILD_RANK else MELD_RANK_NAMES[r]


def _pickup_reason(game: Any, t: int, h: Any, down: bool) -> Message:
    if not game.pile:
        return Message(N_("the discard pile is empty (rule {rule})"), rule="4.1")
    top = game.pile[-1]
    if top == BLACK3:
        return Message(N_("the top of the pile is a black three (rule {rule})"), rule="4.1")
    if h[top] < 2:
        return Message(N_("taking the pile needs two {card} in your hand to match the top card (rule {rule})"),
                       card=KINDS[top], rule="4.2")
    mr = top if top < NUM_NATURAL else WILD_RANK
    if game.inc_size[t][mr] + 3 > CANASTA_SIZE:
        return Message(N_("your partnership's {rank} meld has {count} cards: three more would pass seven "
                          "(rule {rule})"), rank=_rank(mr), count=game.inc_size[t][mr], rule="4.3")
    if not down and game.mval[t] + 3 * game.values[top] < game.minimum:
        return Message(N_("before the initial meld the pickup and set-aside melds must be worth {minimum}, "
                          "they are worth {value} (rule {rule})"),
                       minimum=game.minimum, value=game.mval[t] + 3 * game.values[top], rule="7.3")
    return _foot_reason(game)


def _meld_reason(game: Any, a: int, t: int, h: Any, down: bool, play: bool) -> Message:
    typ = ACTION_TYPE[a]
    r = ACTION_RANK[a]
    if not play and down:
        return Message(N_("melds are made in the play step once your partnership has melded (rule {rule})"),
                       rule="3.3")
    need_nat, need2, needj = ACTION_NAT[a], ACTION_TWO[a], ACTION_JK[a]
    if r < NUM_NATURAL and h[r] < need_nat or h[TWO] < need2 or h[JOKER] < needj:
        return Message(N_("you do not hold the cards (rule {rule})"), rule="5.1" if r < NUM_NATURAL else "5.2")
    s = game.inc_size[t][r]
    if typ == MELD:
        if not s:
            return _foot_reason(game)
        if down:
            return Message(N_("your partnership already has an incomplete {rank} meld on the table (rule {rule})"),
                           rank=_rank(r), rule="5.5")
        return Message(N_("your partnership already has an incomplete {rank} meld on the set-aside melds "
                          "(rule {rule})"), rank=_rank(r), rule="5.5")
    if not s:
        if down:
            return Message(N_("your partnership has no incomplete {rank} meld on the table to add to (rule {rule})"),
                           rank=_rank(r), rule="5.5")
        return Message(N_("your partnership has no incomplete {rank} meld on the set-aside melds to add to "
                          "(rule {rule})"), rank=_rank(r), rule="5.5")
    if r < NUM_NATURAL and need2 + needj:
        nat = game.inc_nat[t][r]
        return Message(N_("the {rank} meld has {naturals} naturals and {wilds} wild cards: another wild card "
                          "would break the two-naturals-per-wild limit (rule {rule})"),
                       rank=_rank(r), naturals=nat, wilds=s - nat, rule="5.1")
    return _foot_reason(game)


def _foot_reason(game: Any) -> Message:
    if game.in_foot[game.current_player]:
        return Message(N_("playing from your foot you must keep a card after discarding unless you may go out: "
                          "your partnership needs the canastas and your partner their foot (rules {rules})"),
                       rules="8.1, 8.3")
    return Message(N_("not allowed now"))
