"""What the person types at the ``footcanasta play`` prompt, turned into an action or a one-line reason.

Accepted: action names of RULES.md section 11 in any case and card order, short forms (``d``, ``p``, ``l``,
``m K K K``, ``m K`` when only one K meld is possible, ``a K``, ``a K 2``, ``a wild JK``, ``x 9``), the number of
a listed legal action, and the words ``help``, ``rules``, ``hint``, ``pile``, ``log`` (``log all``), ``look``, ``quit``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ...family.cards import JOKER, KINDS, NUM_NATURAL, RED3, TWO, WILD_RANK, kind_of
from ...family.text import VERBS, WORDS, Command, number_choice
from ...family.text import contains as _contains
from ...family.text import is_card as _is_card
from ...i18n import Words
from ..actions import (
    ACTION_CARDS_USED,
    ACTION_JK,
    ACTION_RANK,
    ACTION_TWO,
    ACTION_TYPE,
    ADD,
    DISCARD,
    MELD,
    action_id,
    action_name,
)
from .events import EN

_ACTIONS_OF = {"meld": MELD, "add": ADD, "discard": DISCARD}


def _cards_of(a: int) -> Sequence[int]:
    """The card kinds an action uses from the hand (for matching partial input)."""
    r = ACTION_RANK[a]
    nat = ACTION_CARDS_USED[a] - ACTION_TWO[a] - ACTION_JK[a]
    return [r] * (nat if r < NUM_NATURAL else 0) + [TWO] * ACTION_TWO[a] + [JOKER] * ACTION_JK[a]


def _choose(text: str, candidates: list[int], legal: Sequence[int], why: Callable[[int], str],
            w: Words = EN) -> Command:
    """The one legal action among ``candidates``, or a message saying none or which ones."""
    ok = [a for a in legal if a in candidates]
    if len(ok) == 1:
        return Command("action", ok[0])
    if ok:
        opts = ", ".join(f"{legal.index(a) + 1} '{action_name(a)}'" for a in ok)
        msg = w._("'{text}' is ambiguous: it could be {options}; type the full action or its number")
        return Command("error", message=msg.format(text=text, options=opts))
    if len(candidates) == 1:
        return _refused(action_name(candidates[0]), why(candidates[0]), w)
    if candidates:
        return _refused(text, why(candidates[0]), w)
    return Command("error", message=w._("'{text}' is not legal now").format(text=text))


def _refused(shown: str, reason: str, w: Words) -> Command:
    return Command("error", message=w._("'{action}' is not legal now: {reason}").format(action=shown, reason=reason))


def _exact(a: int, legal: Sequence[int], why: Callable[[int], str], w: Words = EN) -> Command:
    if a in legal:
        return Command("action", a)
    return _refused(action_name(a), why(a), w)


def parse_command(text: str, legal: Sequence[int], why: Callable[[int], str], w: Words = EN) -> Command:
    """Turn one line of input into a command: an action, a word like ``help``, or an error to show."""
    tokens = text.split()
    if not tokens:
        return Command("empty")
    word = tokens[0].lower()
    shown = " ".join(tokens)
    if len(tokens) == 1 and word in WORDS:
        return Command(WORDS[word])
    if word == "log":
        if len(tokens) == 2 and tokens[1].lower() == "all":
            return Command("log", message="all")
        return Command("error", message=w._("'{text}': type 'log' for this round or 'log all' for the whole "
                                            "game").format(text=shown))
    if word.lstrip("+-").isdigit():
        return number_choice(word, tokens, shown, legal, w, Command)
    verb = VERBS.get(word)
    if verb is None:
        return Command("error", message=w._("unknown command '{text}': type an action such as 'd', 'm K K K' or "
                                            "'x 9', its number, or 'help'").format(text=shown))
    rest = tokens[1:]
    if verb == "laydown" and [t.lower() for t in rest] == ["down"]:
        rest = []
    if verb in ("draw", "pickup", "laydown"):
        if rest:
            return Command("error", message=w._("'{verb}' takes no cards (you typed '{text}')").format(verb=verb,
                                                                                                     text=shown))
        return _exact(action_id(verb), legal, why, w)
    target_wild = verb == "add" and bool(rest) and rest[0].lower() in ("wild", "w")
    tokens = rest[1:] if target_wild else rest
    bad = [t for t in tokens if not _is_card(t)]
    if bad:
        return Command("error", message=w._("unknown card {card} (cards are: {cards})").format(
            card=repr(bad[0]), cards=" ".join(KINDS)))
    kinds = [kind_of(t) for t in tokens]
    if RED3 in kinds:
        return Command("error", message=w._("red threes are laid down at once; they are never melded or discarded "
                                            "(rule {rule})").format(rule="3.5"))
    if verb == "discard":
        return _discard(kinds, shown, legal, why, w)
    if verb == "meld":
        return _meld(kinds, shown, legal, why, w)
    return _add(kinds, target_wild, shown, legal, why, w)


def _discard(kinds: list[int], shown: str, legal: Sequence[int], why: Callable[[int], str],
             w: Words = EN) -> Command:
    if len(kinds) > 1:
        return Command("error", message=w._("discard one card, e.g. 'x 9'"))
    if kinds:
        return _exact(action_id(f"discard {KINDS[kinds[0]]}"), legal, why, w)
    return _choose(shown, [a for a in range(len(ACTION_TYPE)) if ACTION_TYPE[a] == DISCARD], legal, why, w)


def _meld(kinds: list[int], shown: str, legal: Sequence[int], why: Callable[[int], str], w: Words = EN) -> Command:
    if len(kinds) > 3:
        return Command("error", message=w._("a meld starts with three cards; add more with 'a', e.g. 'a K'"))
    if len(kinds) == 3:
        try:
            return _exact(action_id("meld " + " ".join(KINDS[k] for k in kinds)), legal, why, w)
        except ValueError:
            return Command("error", message=w._("'{text}' is not a meld: three cards of one rank with at most "
                                                "one wild card (m K K K, m K K 2), or three wild cards (m 2 2 JK)")
                           .format(text=shown))
    cands = [a for a in range(len(ACTION_TYPE)) if ACTION_TYPE[a] == MELD and _contains(_cards_of(a), kinds)]
    return _choose(shown, cands, legal, why, w)


def _add(kinds: list[int], target_wild: bool, shown: str, legal: Sequence[int],
         why: Callable[[int], str], w: Words = EN) -> Command:
    if len(kinds) > 2 or (target_wild and len(kinds) > 1):
        return Command("error", message=w._("add one card at a time, e.g. 'a K', 'a K 2' or 'a wild JK'"))
    if target_wild:
        rank = WILD_RANK
        card = kinds[0] if kinds else None
    elif len(kinds) == 2:
        rank = kinds[0] if kinds[0] < NUM_NATURAL else WILD_RANK
        card = kinds[1]
    elif len(kinds) == 1 and kinds[0] < NUM_NATURAL:
        rank, card = kinds[0], kinds[0]  # 'a K' adds a natural K
    else:
        rank, card = None, kinds[0] if kinds else None  # 'a 2': onto whichever meld can take it
    if rank is not None and card is not None:
        name = f"add {'wild' if rank == WILD_RANK else KINDS[rank]} {KINDS[card]}"
        try:
            return _exact(action_id(name), legal, why, w)
        except ValueError:
            msg = (w._("'{text}' does not fit: the wild meld takes a wild card") if rank == WILD_RANK
                   else w._("'{text}' does not fit: the {rank} meld takes a {rank} or a wild card"))
            return Command("error", message=msg.format(text=shown, rank=KINDS[rank] if rank != WILD_RANK else ""))
    cands = [a for a in range(len(ACTION_TYPE)) if ACTION_TYPE[a] == ADD
             and (rank is None or ACTION_RANK[a] == rank) and (card is None or card in _cards_of(a))]
    return _choose(shown, cands, legal, why, w)

