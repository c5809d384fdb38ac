"""The skeleton of a family game's ``Game``: what both engines' public faces mean alike, written once.

A game's ``Game`` subclasses ``FamilyGame`` (and its own ``State``, which holds the slots) and names its own
parts in ``Parts``: how it computes the legal bits, the handler of each action, why an action is refused,
how it copies, writes and shows its state. ``FamilyGame`` then gives it ``legal_bits``, ``legal_mask``,
``step`` (by id or name), ``why_illegal`` / ``why_illegal_message``, ``clone``, equality, ``to_scenario``,
``view``, ``phase`` and ``winner``. ``legal_actions`` stays the game's own: it unpacks the game's own mask
tables.

The hot paths (``step``, ``legal_bits``, ``legal_mask``) are built per game as closures over its parts when
the subclass is made, so they read those parts as fast as module globals: no lookup through the class
on every step. Also here: ``IllegalActionError``, ``action_index`` (an action by id, name or index) and
``refusal`` (the message of a refused action), which the engines raise and build alike. Pure Python and
numpy.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..messages import N_, Message
from .seats import NUM_SEATS, team_of

Handler = Callable[[Any, int], None]


class IllegalActionError(ValueError):
    """An action that the rules forbid in the current state; the state is left unchanged.

    ``message`` is the reason as a ``Message`` (readers render it in their language); ``str()`` is English.
    """

    def __init__(self, message: Message | str) -> None:
        super().__init__(str(message))
        self.message = message if isinstance(message, Message) else Message(message)


def action_index(action: Any, action_id: Callable[[str], int], num_actions: int) -> int:
    """The id of an action given by id, name (read by ``action_id``) or index; ``IllegalActionError`` for an
    id out of range or a value that is no action, ``ValueError`` (from ``action_id``) for an unknown name."""
    if action.__class__ is int:
        a = action
    elif isinstance(action, str):
        a = action_id(action)
    else:
        try:
            a = action.__index__()
        except AttributeError:
            raise IllegalActionError(Message(N_("an action is an id or a name, got {value}"),
                                             value=repr(action))) from None
    if not 0 <= a < num_actions:
        raise IllegalActionError(Message(N_("action id {id} is out of range (0 to {last})"), id=a,
                                         last=num_actions - 1))
    return a


def name_of_action(action_id: Any, names: Sequence[str]) -> str:
    """The canonical name of an action id among ``names``; ``ValueError`` for anything else."""
    if isinstance(action_id, bool) or not isinstance(action_id, int) and not hasattr(action_id, "__index__"):
        raise ValueError(f"an action id must be an integer, got {action_id!r}")
    i = int(action_id)
    if not 0 <= i < len(names):
        raise ValueError(f"action id {i} is out of range (0 to {len(names) - 1})")
    return names[i]


def action_tokens(name: Any) -> list[str]:
    """An action name's words (case and spacing free); ``ValueError`` for no string or an empty one."""
    if not isinstance(name, str):
        raise ValueError(f"an action name must be a string, got {name!r}")
    tokens = name.split()
    if not tokens:
        raise ValueError("empty action name")
    return tokens


def refusal(name: str, reason: Message) -> Message:
    """The message of a refused action: its name and why (``reason``, which cites the rule)."""
    return Message(N_("'{action}' is not legal now: {reason}"), action=name, reason=reason)


def why_illegal(game: Any, action: int | str) -> str:
    """Why ``action`` (an id or a name) is refused now, citing the rule, in English; '' if it is legal.

    Something that is no action raises, naming it: ``IllegalActionError`` for an id out of range or a
    value that is neither an id nor a name, ``ValueError`` for an unknown name (as ``Game.step``).
    """
    reason = game.why_illegal_message(action)
    return "" if reason is None else str(reason)


def check_seat(seat: Any, seats: int = NUM_SEATS) -> int:
    """A seat of a table of ``seats`` (four by default) as an int (from an int or an index); ``ValueError``
    naming anything else."""
    if seat.__class__ is not int:
        if isinstance(seat, bool) or not hasattr(seat, "__index__"):
            raise ValueError(f"seat must be 0 to {seats - 1}, got {seat!r}")
        seat = seat.__index__()
    if not 0 <= seat < seats:
        raise ValueError(f"seat must be 0 to {seats - 1}, got {seat!r}")
    return seat


@property
def view_team(view: Any) -> int:
    """This seat's partnership."""
    return team_of(view.seat)


@property
def view_my_turn(view: Any) -> bool:
    """Whether this seat is to act."""
    return not view.is_over and view.current_player == view.seat


@property
def view_pile_top(view: Any) -> int | None:
    """Kind of the pile's top card, or None when the pile is empty."""
    return view.pile[-1] if view.pile else None


def copy_state(src: Any, slots: Sequence[str]) -> Any:
    """An independent copy of ``src`` of the same class: its ``slots`` (lists of ints, or of lists of ints,
    copied a level down), its random generator and round results deep-copied."""
    cls = src.__class__
    g = cls.__new__(cls)
    for k in slots:
        v = getattr(src, k)
        setattr(g, k, [x[:] if isinstance(x, list) else x for x in v] if isinstance(v, list) else v)
    g.rng = copy.deepcopy(src.rng)
    g.round_results = copy.deepcopy(src.round_results)
    return g


@dataclass(frozen=True)
class Parts:
    """A game's own engine parts, which ``FamilyGame`` builds its public face from.

    ``update_legal(g)``: compute and cache ``g._mask``, return it. ``handlers[a](g, a)``: apply legal action
    ``a``. ``why_illegal_message(g, action)``: why it is refused, a ``Message`` (None if it is legal).
    ``action_index(action)``: the id of an action (see ``action_index`` above); ``action_name(a)`` its name.
    ``clone``, ``to_scenario``, ``make_view(g, seat)``: the game's copy, scenario writer and view.
    ``clears_mask``: whether ``step`` drops the cached mask before the handler (a handler that leaves the
    next mask ready sets it again) rather than leaving every handler to set it, reading the old one.
    """

    update_legal: Callable[[Any], int]
    handlers: Sequence[Handler]
    why_illegal_message: Callable[[Any, Any], Message | None]
    action_index: Callable[[Any], int]
    action_name: Callable[[int], str]
    num_actions: int
    phase_names: Sequence[str]
    clone: Callable[[Any], Any]
    to_scenario: Callable[[Any], dict[str, Any]]
    make_view: Callable[[Any, int], Any]
    clears_mask: bool


def _hot_paths(parts: Parts) -> dict[str, Callable]:
    """``legal_bits``, ``legal_mask`` and ``step`` over ``parts``, each reading them from its closure."""
    update_legal, handlers, num_actions = parts.update_legal, parts.handlers, parts.num_actions
    mask_bytes = (num_actions + 7) // 8
    unpackbits, frombuffer, uint8, int8 = np.unpackbits, np.frombuffer, np.uint8, np.int8

    def legal_bits(self: Any) -> int:
        """The legal actions as an int bit mask (bit i set when action i is legal)."""
        m = self._mask
        return update_legal(self) if m is None else m

    def legal_mask(self: Any) -> np.ndarray:
        """int8 mask over all the game's actions."""
        m = self._mask
        if m is None:
            m = update_legal(self)
        return unpackbits(frombuffer(m.to_bytes(mask_bytes, "little"), dtype=uint8), bitorder="little")[
            :num_actions].view(int8)

    def legal_id(self: Any, action: Any, m: int) -> int:
        """The id of an action given by id, name or index, if it is legal; else ``IllegalActionError``."""
        a = parts.action_index(action)
        if not m >> a & 1:
            raise IllegalActionError(refusal(parts.action_name(a), parts.why_illegal_message(self, a)))
        return a

    if parts.clears_mask:
        def step(self: Any, action: int | str) -> None:
            m = self._mask
            if m is None:
                m = update_legal(self)
            # the mask has no bit >= the number of actions
            a = action if action.__class__ is int and action >= 0 and m >> action & 1 else legal_id(self, action, m)
            self._mask = None  # the handler sets it again when it leaves the next state's mask ready
            self.actions_taken += 1
            handlers[a](self, a)
    else:
        def step(self: Any, action: int | str) -> None:
            m = self._mask
            if m is None:
                m = update_legal(self)
            a = action if action.__class__ is int and action >= 0 and m >> action & 1 else legal_id(self, action, m)
            self.actions_taken += 1
            handlers[a](self, a)  # each handler leaves ``_mask`` right for the new state (or None), reading the old
    step.__doc__ = ("Apply one action (id or name); raises ``IllegalActionError`` and changes nothing if it is "
                    "illegal.")
    return {"legal_bits": legal_bits, "legal_mask": legal_mask, "step": step}


class FamilyGame:
    """The public face both games' ``Game`` share; a subclass names its ``Parts`` as ``parts=`` in its bases.

    Its fields are the state's slots: ``current_player``, ``round``, ``is_over``, ``phase_id``, ``scores``
    (one total per side over the finished rounds), ``round_results`` (one dict per finished round), and
    ``actions_taken``. Read them; only the engine writes them.
    """

    __slots__ = ()
    _parts: Parts
    _owner: type  # the class that named the parts (the game's ``Game``): only its games compare

    def __init_subclass__(cls, parts: Parts | None = None, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if parts is not None:
            cls._parts, cls._owner = parts, cls
            for name, fn in _hot_paths(parts).items():
                fn.__qualname__ = f"{cls.__qualname__}.{name}"
                setattr(cls, name, fn)

    # The hot paths, replaced per game by ``_hot_paths`` (these say what they are).
    def legal_bits(self) -> int:
        """The legal actions as an int bit mask (bit i set when action i is legal)."""
        raise NotImplementedError

    def legal_mask(self) -> np.ndarray:
        """int8 mask over all the game's actions."""
        raise NotImplementedError

    def step(self, action: int | str) -> None:
        """Apply one action (id or name); raises ``IllegalActionError`` and changes nothing if it is illegal."""
        raise NotImplementedError

    @property
    def phase(self) -> str:
        """``"draw"`` or ``"play"``."""
        return self._parts.phase_names[self.phase_id]

    def winner(self) -> int | None:
        """The winning side once the game is over; ``None`` for a draw or a game in progress."""
        scores = self.scores
        if not self.is_over:
            return None
        best = max(scores)
        return None if scores.count(best) > 1 else scores.index(best)

    def why_illegal(self, action: int | str) -> str:
        """Why ``action`` (an id or a name, as for ``step``) is refused now, citing the rule; '' if it is legal.

        Something that is no action raises what ``step`` raises for it, naming it: ``IllegalActionError``
        for an id out of range (``999``, ``-1``) or a value that is neither an id nor a name, ``ValueError``
        for an unknown name (``"bogus"``).
        """
        return why_illegal(self, action)

    def why_illegal_message(self, action: int | str) -> Message | None:
        """``why_illegal`` as a ``Message`` (id and parameters, the rule among them) to render in a language;
        None if the action is legal."""
        return self._parts.why_illegal_message(self, action)

    def clone(self) -> Any:
        """An independent copy, random generator included."""
        return self._parts.clone(self)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, self._owner):
            return NotImplemented
        return self._parts.to_scenario(self) == other._parts.to_scenario(other)

    __hash__ = None  # type: ignore[assignment]

    def to_scenario(self) -> dict[str, Any]:
        """The full state as a scenario dict (see ``load_scenario``); loading it gives an equal game."""
        return self._parts.to_scenario(self)

    def view(self, seat: int) -> Any:
        """What ``seat`` may see (the rule book's section 12), as the game's read-only ``View``."""
        return self._parts.make_view(self, seat)
