"""What the person types at the Canasta prompt, turned into an action or a one-line reason citing the rule.

Accepted: every canonical action name of CANASTA_RULES.md section 11 (any case, a meld's cards in any
order), the short forms ``d``, ``p``, ``l``, ``m K K K`` (``m K`` when one meld of K is possible,
``m B3`` for black threes), ``a K`` (a natural K onto the Ks), ``a K 2``, ``a 2`` (onto whichever meld
takes it), ``x 9``, the number of a listed legal action, and the words ``help``, ``rules``, ``hint``,
``pile``, ``log`` (``log all``), ``look`` and ``quit``. A move that is not legal now is refused with the
engine's reason (``game.why_illegal``), which names the rule.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ...family.cards import BLACK3, JOKER, KINDS, NUM_NATURAL, RED3, TWO, kind_of
from ...family.text import VERBS, WORDS, Command, number_choice
from ...family.text import contains as _contains
from ...family.text import is_card as _is_card
from ...i18n import Words, words
from ...messages import N_
from ..actions import (
    ACTION_CARD,
    ACTION_CARDS,
    ACTION_TYPE,
    ADD,
    DISCARD,
    MELD,
    MELD_B3,
    NUM_ACTIONS,
    action_id,
    action_name,
)

Why = Callable[[int], str]
EN = words()


USAGE = N_("type an action such as 'd', 'p', 'm K K K', 'a K 2' or 'x 9', its number, or 'help'")


def _uses(a: int) -> list[int]:
    """The card kinds an action takes from the hand."""
    r, nat, two, jk = ACTION_CARDS[a]
    if ACTION_TYPE[a] == DISCARD:
        return [ACTION_CARD[a]]
    return [r] * nat + [TWO] * two + [JOKER] * jk


def _exact(a: int, legal: Sequence[int], why: Why, w: Words = EN) -> Command:
    if a in legal:
        return Command("action", a)
    return Command("error", message=w._("'{action}' is not legal now: {reason}").format(action=action_name(a),
                                                                                      reason=why(a)))


def _choose(shown: str, candidates: list[int], legal: Sequence[int], why: Why, w: Words = EN) -> Command:
    """The one legal action among ``candidates``, or a message saying none or which ones."""
    ok = [a for a in legal if a in candidates]
    if len(ok) == 1:
        return Command("action", ok[0])
    if ok:
        opts = ", ".join(f"{list(legal).index(a) + 1} '{action_name(a)}'" for a in ok)
        return Command("error", message=w._("'{text}' could be {options}: type the full action or its number")
                       .format(text=shown, options=opts))
    if candidates:
        return Command("error", message=w._("'{action}' is not legal now: {reason}").format(
            action=shown, reason=why(candidates[0])))
    return Command("error", message=w._("'{text}' is no Canasta move: {usage}").format(text=shown, usage=w._(USAGE)))


def parse_command(text: str, legal: Sequence[int], why: Why, w: Words = EN) -> Command:
    """Turn one line of input into a command: an action, a word like ``help``, or an error to show."""
    tokens = text.split()
    if not tokens:
        return Command("empty")
    word, shown = tokens[0].lower(), " ".join(tokens)
    if len(tokens) == 1 and word in WORDS:
        return Command(WORDS[word])
    if word == "log":
        if len(tokens) == 2 and tokens[1].lower() == "all":
            return Command("log", message="all")
        return Command("error", message=w._("'{text}': type 'log' for this round or 'log all' for the whole "
                                            "game").format(text=shown))
    if word.lstrip("+-").isdigit():
        return number_choice(tokens[0], tokens, shown, legal, w, Command)
    try:
        return _exact(action_id(shown), legal, why, w)  # a canonical name, any case and card order
    except ValueError:
        pass
    verb = VERBS.get(word)
    if verb is None:
        return Command("error", message=w._("unknown command '{text}': {usage}").format(text=shown, usage=w._(USAGE)))
    rest = tokens[1:]
    if verb in ("draw", "pickup", "laydown"):
        if rest and [t.lower() for t in rest] != ["down"]:
            return Command("error", message=w._("'{verb}' takes no cards (you typed '{text}')").format(
                verb=verb, text=shown))
        return _exact(action_id(verb), legal, why, w)
    bad = [t for t in rest if not _is_card(t)]
    if bad:
        return Command("error", message=w._("unknown card {card} (cards are: {cards})").format(
            card=repr(bad[0]), cards=" ".join(KINDS)))
    kinds = [kind_of(t) for t in rest]
    if RED3 in kinds:
        return Command("error", message=w._("red threes are laid down at once: never held, melded or discarded "
                                            "(rule {rule})").format(rule="3.4"))
    if verb == "discard":
        if len(kinds) != 1:
            return Command("error", message=w._("discard one card, e.g. 'x 9'"))
        return _exact(action_id(f"discard {KINDS[kinds[0]]}"), legal, why, w)
    if verb == "meld":
        return _meld(kinds, shown, legal, why, w)
    return _add(kinds, shown, legal, why, w)


def _meld(kinds: list[int], shown: str, legal: Sequence[int], why: Why, w: Words = EN) -> Command:
    if not kinds:
        return _choose(shown, [a for a in range(NUM_ACTIONS) if ACTION_TYPE[a] in (MELD, MELD_B3)], legal, why, w)
    if BLACK3 in kinds:
        if any(k != BLACK3 for k in kinds):
            return Command("error", message=w._("black threes are melded alone, three or four of them, no wild "
                                                "card (rule {rule})").format(rule="5.3"))
        cands = [a for a in range(NUM_ACTIONS) if ACTION_TYPE[a] == MELD_B3 and ACTION_CARDS[a][1] >= len(kinds)]
        return _choose(shown, cands, legal, why, w)
    if len(kinds) > 3:
        return Command("error", message=w._("a new meld is three cards (m K K K, m K K 2); add more with 'a', "
                                            "e.g. 'a K' (rule {rule})").format(rule="5.1"))
    cands = [a for a in range(NUM_ACTIONS) if ACTION_TYPE[a] == MELD and _contains(_uses(a), kinds)]
    if not cands:
        return Command("error", message=w._("'{text}' is not a meld: at least two natural cards of one rank "
                                            "4 .. A and at most one wild card in three (rules {rules})").format(
                                                text=shown, rules="5.1, 5.2"))
    return _choose(shown, cands, legal, why, w)


def _add(kinds: list[int], shown: str, legal: Sequence[int], why: Why, w: Words = EN) -> Command:
    if len(kinds) > 2:
        return Command("error", message=w._("add one card at a time, e.g. 'a K' or 'a K 2'"))
    if len(kinds) == 2:
        rank, card = kinds
        if rank >= NUM_NATURAL:
            return Command("error", message=w._("'{text}': name the meld's rank first, then the card (a K 2); "
                                                "there are no wild or black-three melds to add to (rules {rules})")
                           .format(text=shown, rules="5.2, 5.3"))
        try:
            return _exact(action_id(f"add {KINDS[rank]} {KINDS[card]}"), legal, why, w)
        except ValueError:
            return Command("error", message=w._("'{text}' does not fit: the meld of {rank} takes a {rank} or a wild "
                                                "card (rule {rule})").format(text=shown, rank=KINDS[rank], rule="5.1"))
    if len(kinds) == 1 and kinds[0] < NUM_NATURAL:
        return _exact(action_id(f"add {KINDS[kinds[0]]} {KINDS[kinds[0]]}"), legal, why, w)
    if kinds and kinds[0] == BLACK3:
        return Command("error", message=w._("black threes are never added to a meld (rule {rule})").format(rule="5.3"))
    cands = [a for a in range(NUM_ACTIONS) if ACTION_TYPE[a] == ADD and (not kinds or kinds[0] in _uses(a))]
    return _choose(shown, cands, legal, why, w)
