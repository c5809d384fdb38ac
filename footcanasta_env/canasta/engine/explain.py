"""Why an action is refused: the messages of ``IllegalActionError``, each citing its rule."""

from __future__ import annotations

from typing import Any

from ...family.cards import BLACK3, JOKER, KINDS, NUM_NATURAL, TWO
from ...messages import N_, Message
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

KEEP_A_CARD = Message(N_("you must keep a card to discard unless you go out, and going out needs a canasta of "
                         "your partnership (rules {rules})"), rules="6.1, 8.1")
# At a table whose sides need more canastas to go out (section 14) the same words cite rule 14.5 too.
KEEP_CARDS = Message(KEEP_A_CARD.msgid, rules="6.1, 8.1, 14.5")


def keep_a_card(game: Any) -> Message:
    """Rules 6.1, 8.1 (and 14.5 where a side needs more than one canasta to go out)."""
    return KEEP_A_CARD if game.out_need == 1 else KEEP_CARDS


def why_illegal_message(game: Any, action: int | str) -> Message | None:
    """Why ``action`` is refused now as a ``Message`` (id and parameters, the rule among them); None if legal."""
    a = action_index(action)
    if game.is_over:
        return Message(N_("the game is over (rule {rule})"), rule="10")
    if game.legal_bits() >> a & 1:
        return None
    typ = ACTION_TYPE[a]
    play = game.phase_id == PLAY_PHASE
    if typ in (DRAW, PICKUP) and play:
        return Message(N_("you have already drawn or taken the pile this turn (rule {rule})"), rule="3.1")
    if typ == PICKUP:
        return _pickup_reason(game)
    if typ == LAYDOWN:
        return _laydown_reason(game, play)
    if typ == DISCARD:
        if not play:
            return Message(N_("discard at the end of the turn, after drawing (rules {rules})"), rules="3.1, 3.3")
        k = ACTION_CARD[a]
        t = game.side_of[game.current_player]
        if not game.hand[game.current_player][k] and (game.down[t] or not aside_count(game, t, k)):
            return Message(N_("you hold no {card} (rule {rule})"), card=KINDS[k], rule="3.3")
        return keep_a_card(game)
    if typ == MELD_B3:
        return _black_three_reason(game, a, play)
    return _meld_reason(game, a, typ, play)


def _pickup_reason(game: Any) -> Message:
    p = game.current_player
    t = game.side_of[p]
    if not game.pile:
        return Message(N_("the discard pile is empty (rule {rule})"), rule="4.1")
    top = game.pile[-1]
    if top == TWO or top == JOKER:
        return Message(N_("the top of the pile is a wild card (rule {rule})"), rule="4.1")
    if top == BLACK3:
        return Message(N_("the top of the pile is a black three (rule {rule})"), rule="4.1")
    name = KINDS[top]
    frozen = game.pile_wilds or not game.down[t]
    if not frozen and game.msize[t][top]:
        return keep_a_card(game)
    if game.hand[p][top] < 2:
        if frozen and game.pile_wilds:
            return Message(N_("the pile is frozen for your partnership (it holds a wild card): taking it needs two "
                              "natural {card} in your hand (rules {rules})"), card=name, rules="4.2, 4.3")
        if frozen:
            return Message(N_("the pile is frozen for your partnership (your partnership has not made its initial "
                              "meld): taking it needs two natural {card} in your hand (rules {rules})"),
                           card=name, rules="4.2, 4.3")
        return Message(N_("taking the pile needs a meld of {card} on the table or two natural {card} in your hand "
                          "(rule {rule})"), card=name, rule="4.4")
    if not game.down[t]:
        value = game.mval[t] + 3 * game.values[top]
        need = minimum(game, t)
        if value < need:
            return Message(N_("the pickup meld and your set-aside melds are worth {value}, your initial meld needs "
                              "{minimum} (rules {rules})"), value=value, minimum=need, rules="7.1, 7.3")
    return keep_a_card(game)


def _laydown_reason(game: Any, play: bool) -> Message:
    t = game.side_of[game.current_player]
    if not play:
        return Message(N_("lay down in the play step, after drawing (rule {rule})"), rule="7.2")
    if game.down[t]:
        return Message(N_("your partnership has already made its initial meld (rule {rule})"), rule="7.4")
    if not game.mcards[t]:
        return Message(N_("nothing is set aside to lay down (rule {rule})"), rule="7.2")
    need = minimum(game, t)
    if game.mval[t] < need:
        return Message(N_("the set-aside melds are worth {value}, your initial meld needs {minimum} (rule {rule})"),
                       value=game.mval[t], minimum=need, rule="7.1")
    return keep_a_card(game)


def _black_three_reason(game: Any, a: int, play: bool) -> Message:
    p = game.current_player
    t = game.side_of[p]
    n = ACTION_CARDS[a][1]
    if not play:
        return Message(N_("melds are made in the play step, after drawing (rule {rule})"), rule="3.2")
    if game.hand[p][BLACK3] < n:
        return Message(N_("you do not hold {count} black threes (rule {rule})"), count=n, rule="5.3")
    if not game.down[t]:
        return Message(N_("black threes go down only on the way out, after your partnership's initial meld "
                          "(rules {rules})"), rules="5.3, 7.2")
    if held(game, p) - n > 1:
        return Message(N_("black threes go down only on the way out: after them you may hold at most one card "
                          "(rule {rule})"), rule="5.3")
    return Message(N_("black threes go down only by a player who may go out: a canasta is needed (rules {rules})"),
                   rules="5.3, 8.1")


def _meld_reason(game: Any, a: int, typ: int, play: bool) -> Message:
    p = game.current_player
    t = game.side_of[p]
    h = game.hand[p]
    r, nat, two, jk = ACTION_CARDS[a]
    name = KINDS[r]
    if not play and game.down[t]:
        return Message(N_("melds are made in the play step, after drawing (rule {rule})"), rule="3.2")
    if h[r] < nat or h[TWO] < two or h[JOKER] < jk:
        return Message(N_("you do not hold those cards (rule {rule})"), rule="5.1")
    size = game.msize[t][r]
    down = game.down[t]
    if typ == MELD and size:
        if down:
            return Message(N_("your partnership already has a meld of {card} on the table: add to it (rule {rule})"),
                           card=name, rule="5.4")
        return Message(N_("your partnership already has a meld of {card} on the set-aside melds: add to it "
                          "(rule {rule})"), card=name, rule="5.4")
    if typ == ADD and not size:
        if down:
            return Message(N_("your partnership has no meld of {card} on the table to add to (rule {rule})"),
                           card=name, rule="5.4")
        return Message(N_("your partnership has no meld of {card} on the set-aside melds to add to (rule {rule})"),
                       card=name, rule="5.4")
    if typ == ADD and two + jk and game.mtwo[t][r] + game.mjk[t][r] >= MAX_WILDS:
        return Message(N_("the meld of {card} already holds {count} wild cards, the most a meld may hold "
                          "(rule {rule})"), card=name, count=MAX_WILDS, rule="5.1")
    assert r < NUM_NATURAL
    return keep_a_card(game)
