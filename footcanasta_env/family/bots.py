"""The bots both games have alike, and what a bot is: written once, each game naming its own actions.

``Bot`` (anything with ``name`` and ``act(view) -> action id``), ``check_legal`` (a view's legal actions, or
a clear error), ``RandomBot`` (uniform legal play), ``GreedyBot`` (takes the pile, melds all it may in the
game's order, lays down, sheds its cheapest card: a game subclasses it with its action ids and card costs)
and ``policy_bot`` (the numpy bot of a game's exported policy file, and its shipped one). A game's own
``bots/simple.py`` and ``bots/policy.py`` name their actions, encoder and data folder.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Protocol, runtime_checkable

import numpy as np


@runtime_checkable
class Bot(Protocol):
    """A player that picks a legal action from what its seat may see."""

    name: str

    def act(self, view: Any) -> int:
        """A legal action id for ``view`` (whose ``legal_actions`` is non-empty)."""
        ...


def check_legal(view: Any, who: str, view_type: type | None = None, game: str = "") -> tuple[int, ...]:
    """The view's legal actions; a clear error when it has none, or (with ``view_type``) when it is not the
    ``game``'s view."""
    if view_type is not None and not isinstance(view, view_type):
        raise TypeError(f"{who}.act needs a {game} View (game.view(seat)), got {type(view).__name__}")
    legal = view.legal_actions
    if not legal:
        raise ValueError(f"{who}.act: the view has no legal actions (is it seat {view.seat}'s turn?)")
    return legal


class RandomBot:
    """Uniformly random legal play, from its own seeded generator; a game names its ``check`` (its
    ``check_legal``)."""

    name = "random"
    check: Callable[[Any, str], tuple[int, ...]] = staticmethod(check_legal)

    def __init__(self, seed: int | None = None) -> None:
        self.rng = np.random.default_rng(seed)

    def act(self, view: Any) -> int:
        """A uniformly random legal action."""
        legal = self.check(view, "RandomBot")
        return int(legal[int(self.rng.integers(len(legal)))])


class GreedyBot:
    """Takes the pile whenever it may, melds and adds everything it legally can (in ``MELD_ORDER``), lays
    down (before melding when ``LAYDOWN_FIRST``, else after), and discards its cheapest card (``cost``).

    A game sets ``check`` (its ``check_legal``), ``MELD_ORDER``, ``LAYDOWN_FIRST`` and its action ids
    ``DRAW_ID``, ``PICKUP_ID``, ``LAYDOWN_ID``, ``DISCARD_ID`` (kind -> id), and ``cost(view, hand, kind)``.
    """

    name = "greedy"
    check: Callable[[Any, str], tuple[int, ...]] = staticmethod(check_legal)
    MELD_ORDER: tuple[int, ...] = ()
    LAYDOWN_FIRST = False
    DRAW_ID = PICKUP_ID = LAYDOWN_ID = -1
    DISCARD_ID: Mapping[int, int] = {}

    def __init__(self, seed: int | None = None) -> None:
        self.rng = np.random.default_rng(seed)  # unused: greedy play is deterministic

    def cost(self, view: Any, hand: Any, kind: int) -> int:
        """How much discarding a card of ``kind`` costs (the least is shed)."""
        raise NotImplementedError

    def hand_of(self, view: Any) -> Any:
        """The view's hand counts, as ``cost`` reads them."""
        return view.hand

    def act(self, view: Any) -> int:
        """The greedy choice for ``view``."""
        legal = self.check(view, "GreedyBot")
        if len(legal) == 1:
            return int(legal[0])
        ls = set(legal)
        if view.phase == "draw":
            return self.PICKUP_ID if self.PICKUP_ID in ls else self.DRAW_ID
        if self.LAYDOWN_FIRST and self.LAYDOWN_ID in ls:
            return self.LAYDOWN_ID
        for a in self.MELD_ORDER:
            if a in ls:
                return a
        if self.LAYDOWN_ID in ls:
            return self.LAYDOWN_ID
        best = self.cheapest_discard(view, ls)
        return best if best >= 0 else int(legal[0])

    def cheapest_discard(self, view: Any, legal: set[int]) -> int:
        """The legal discard of the least ``cost``; -1 when no discard is legal."""
        hand = self.hand_of(view)
        best, best_cost = -1, 1 << 30
        for k, a in self.DISCARD_ID.items():
            if a not in legal:
                continue
            c = self.cost(view, hand, k)
            if c < best_cost:
                best, best_cost = a, c
        return best


def policy_bot(game: str, num_actions: int, encode: Callable, label: str, module: str,
               shipped: Any) -> tuple[type, Callable[[int | None], Any]]:
    """The game's ``PolicyBot`` (``policyfile.PolicyBot`` with the game's name, action count and observation
    encoder, defined as ``module``'s) and its ``load_shipped(seed, file=None)``, the ``shipped`` policy (or another
    shipped ``file``) as ``learned``."""
    from ..policyfile import PolicyBot as PolicyFileBot  # the file format's module reads the games' registry
    from ..policyfile import load_shipped as load_shipped_file

    doc = f"A bot that plays an exported {label} policy deterministically (masked argmax), with numpy only."
    cls = type("PolicyBot", (PolicyFileBot,), {"GAME": game, "NUM_ACTIONS": num_actions,
                                               "encode": staticmethod(encode), "__module__": module, "__doc__": doc})

    def load_shipped(seed: int | None = None, file: Any = None) -> Any:
        """The shipped policy as a bot named ``learned``: ``shipped``, or ``file`` (another shipped policy of the
        game, an ``importlib.resources`` file: a table size's own)."""
        return load_shipped_file(cls, shipped if file is None else file, seed)

    return cls, load_shipped
