"""What both games' page states share: the seat labels, a selection of cards read, the buttons built, the areas.

Each game's ``text/webstate.py`` builds its JSON state and selection buttons from a seat's view; the parts
that are the same for every game of the family live here once: the four seats' labels, how a selection of
card tokens is read (refused with a one-line ``ValueError`` when it is not a list of known tokens),
``SelectionError`` (a selection that makes no move), a button from an action sequence and the table's
all-or-none check, the held-card counts, a seat's memory of pile cards in words, a meld's state in words,
``PageWords`` (numbers as the page writes them) and ``PAGE_AREAS``: the areas of the page a Canasta-family
game draws, in order (``TableText.page_areas``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..i18n import Words, format_number
from ..messages import N_
from .cards import HOLD_KINDS, JOKER, KINDS, TWO, kind_of

SEAT_LABELS = (N_("You (South)"), N_("West"), N_("North (partner)"), N_("East"))
MAX_SELECTION = 60
WILDS = (TWO, JOKER)
PAGE_AREAS = ("seats", "pile", "melds", "aside", "hand", "buttons", "moves", "results", "log")
"""The page's areas for a Canasta-family game: the seats, the stock and pile, each side's melds, the set-aside
melds, the hand, the move buttons, the legal moves and the move box, the round scores, the log."""


class SelectionError(ValueError):
    """A selection of cards that makes no move: the button is shown disabled with this reason."""


def card_kinds(tokens: Any) -> list[int]:
    """A selection of card tokens (``["K", "K", "2"]``) as card kinds; a ``ValueError`` for anything else."""
    if not isinstance(tokens, list) or not all(isinstance(t, str) for t in tokens):
        raise ValueError("cards must be a list of card names such as [\"K\", \"K\", \"2\"]")
    if len(tokens) > MAX_SELECTION:
        raise ValueError("too many cards in one selection")
    try:
        return [kind_of(t) for t in tokens]
    except ValueError as e:
        raise ValueError(str(e).splitlines()[0]) from None


def button(make: Callable[[], list[str]], check: Callable[[Sequence[str]], str]) -> dict[str, Any]:
    """A selection button: the actions ``make()`` builds and whether the table's ``check`` finds them legal
    (``ok`` false with the reason otherwise, a ``SelectionError``'s included)."""
    try:
        seq = make()
    except SelectionError as e:
        return {"actions": [], "ok": False, "reason": str(e)}
    reason = check(seq)
    return {"actions": seq, "ok": not reason, "reason": reason}


def counts_json(counts: Sequence[int]) -> list[dict[str, Any]]:
    """Held cards as ``[{"card": "K", "count": 2}, ...]`` in the order of the card kinds."""
    return [{"card": KINDS[k], "count": int(counts[k])} for k in HOLD_KINDS if counts[k]]


def memory_text(counts: Sequence[int]) -> str:
    """The pile cards a seat is known to hold, each card written out (``K K 9``): a count after a rank
    (``K×2``) read as two cards on the page."""
    return " ".join(c["card"] for c in counts_json(counts) for _ in range(c["count"]))


def meld_state(w: Words, canasta: str, kind: str, done: bool, to_go: int) -> str:
    """A meld's state in words: its canasta (``canasta``, a msgid) when ``done``, else its ``kind`` (a msgid)
    and how many cards it lacks ("clean, 2 more cards for a canasta")."""
    if done:
        return w._(canasta)
    return w.ngettext("{kind}, {n} more card for a canasta", "{kind}, {n} more cards for a canasta",
                      to_go).format(kind=w._(kind), n=w.num(to_go))


class PageWords(Words):
    """A language's words for the page's texts from the server: numbers grouped as the page's
    ``Intl.NumberFormat`` writes them, English too (the terminal's English keeps plain digits), so that a
    round's score reads the same in its caption and in its table."""

    __slots__ = ()

    def num(self, value: float) -> str:
        """A number as the page writes it (``1,840`` in English, ``1.840`` in German)."""
        return format_number(value, self.lang)
