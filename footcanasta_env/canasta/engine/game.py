"""Classic Canasta's rules engine, public face: ``Game`` and ``new_game``.

Pure Python with numpy for the random generator; no gymnasium, PettingZoo or torch. The engine is split
by concern, each module a set of plain functions over the state ``g``:

* ``state``: the slots and their layout (the SLOT TABLE), ``clone``, ``card_total``, ``to_scenario``;
* ``legality``: the legal actions as an int bit mask (``update_legal``) and the predicates behind it;
* ``scoring``: a round's score; ``rounds``: the deal, the end of a turn, a round and the game;
* ``melding``: meld, add, black threes, the set-aside melds and the laydown;
* ``turn``: draw, pickup, discard, and ``HANDLERS``, the table ``Game.step`` dispatches through;
* ``view``, ``explain``, ``scenario``: what a seat sees, why a move is refused, scenarios in;
* ``game``: ``Game``, the state with its public interface, and ``new_game``.
"""

from __future__ import annotations

import datetime as _dt
from typing import Any

import numpy as np

from ...family.seats import SEAT_NAMES
from ...messages import Message
from ...seeds import game_seed
from ..actions import NUM_ACTIONS, PHASE_NAMES
from ..rules import Rules
from . import explain
from .legality import T0, T1, T2, T3, T4, T5, T6, T7, held, minimum, update_legal
from .rounds import deal
from .state import IllegalActionError, State, action_index, refusal, to_scenario
from .state import clone as clone_state
from .turn import HANDLERS
from .view import View, make_view

__all__ = ["Game", "IllegalActionError", "new_game"]

MASK_BYTES = (NUM_ACTIONS + 7) // 8


class Game(State):
    """One game of classic Canasta, played to the target. Build it with ``new_game`` or ``load_scenario``."""

    __slots__ = ()  # current_player, round, scores, round_results: the state's own slots (one name each)

    @property
    def phase(self) -> str:
        """``"draw"`` or ``"play"``."""
        return PHASE_NAMES[self.phase_id]

    def minimum(self, team: int) -> int:
        """The partnership's initial-meld minimum this round (rule 7.1)."""
        return minimum(self, team)

    def frozen(self, team: int) -> bool:
        """Whether the pile is frozen for the partnership (rule 4.2)."""
        return bool(self.pile_wilds) or not self.down[team]

    def held(self, seat: int) -> int:
        """Cards the seat holds, set-aside cards included."""
        return held(self, seat)

    def winner(self) -> int | None:
        """The winning team once the game is over; ``None`` for a draw or a game in progress."""
        if not self.is_over or self.scores[0] == self.scores[1]:
            return None
        return 0 if self.scores[0] > self.scores[1] else 1

    def legal_bits(self) -> int:
        """The legal actions as an int bit mask (bit i set when action i is legal)."""
        m = self._mask
        return update_legal(self) if m is None else m

    def legal_actions(self) -> list[int]:
        """Ids of the legal actions, ascending; empty once the game is over."""
        m = self._mask  # legal_bits() and mask_to_list, written out: this runs at every step
        if m is None:
            m = update_legal(self)
        if m >> 36:
            return [*T0[m & 4095], *T1[m >> 12 & 4095], *T2[m >> 24 & 4095], *T3[m >> 36 & 4095],
                    *T4[m >> 48 & 4095], *T5[m >> 60 & 4095], *T6[m >> 72 & 4095], *T7[m >> 84]]
        return [*T0[m & 4095], *T1[m >> 12 & 4095], *T2[m >> 24]]  # the draw step: draw, pickup, melds

    def legal_mask(self) -> np.ndarray:
        """int8 mask over all ``NUM_ACTIONS`` actions."""
        m = self.legal_bits()
        bits = np.unpackbits(np.frombuffer(m.to_bytes(MASK_BYTES, "little"), dtype=np.uint8), bitorder="little")
        return bits[:NUM_ACTIONS].view(np.int8)

    def step(self, action: int | str) -> None:
        """Apply one action (id or name); raises ``IllegalActionError`` and changes nothing if it is illegal."""
        m = self._mask  # legal_bits(), written out
        if m is None:
            m = update_legal(self)
        if action.__class__ is int and action >= 0 and m >> action & 1:
            a = action
        else:
            a = action_index(action)
            if not m >> a & 1:
                raise IllegalActionError(refusal(a, explain.why_illegal_message(self, a)))
        self.actions_taken += 1
        HANDLERS[a](self, a)  # each handler leaves ``_mask`` right for the new state (or None), reading the old

    def why_illegal(self, action: int | str) -> str:
        """Why ``action`` (an id or a name) is refused now, citing the rule; '' if it is legal."""
        return explain.why_illegal(self, action)

    def why_illegal_message(self, action: int | str) -> Message | None:
        """``why_illegal`` as a ``Message`` (id and parameters, the rule among them) to render in a language;
        None if the action is legal."""
        return explain.why_illegal_message(self, action)

    def clone(self) -> Game:
        """An independent copy, random generator included."""
        return clone_state(self)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return to_scenario(self) == to_scenario(other)

    __hash__ = None  # type: ignore[assignment]

    def to_scenario(self) -> dict[str, Any]:
        """The full state as a scenario dict (see ``load_scenario``); loading it gives an equal game."""
        return to_scenario(self)

    def view(self, seat: int) -> View:
        """What ``seat`` may see (CANASTA_RULES.md section 12), as a read-only ``View``."""
        return make_view(self, seat)

    def __repr__(self) -> str:
        state = "over" if self.is_over else f"{SEAT_NAMES[self.current_player]} to {self.phase}"
        return f"<Canasta game round {self.round}, {state}, scores {self.scores}>"


def new_game(seed: int | None = None, rules: Rules | None = None, daily: _dt.date | str | None = None) -> Game:
    """A new game dealt from ``seed`` (fresh entropy if None), or the daily game of a date (rule 10.3)."""
    g = Game(rules, game_seed(seed, daily))
    g.dealer = int(g.rng.integers(0, 4))  # rule 2.1
    deal(g)
    return g
