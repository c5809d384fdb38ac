"""The Foot Canasta rules engine's public face: ``Game`` and ``new_game``.

Pure Python with numpy for the random generator; no gymnasium, PettingZoo or torch. See
``docs/RULES.md`` for the rules and every ruling, with rule numbers that the code comments cite.

The engine is split by concern, each module a set of plain functions over the state ``g``, importing
only those before it:

* ``state``: the slots and their layout (the SLOT TABLE), ``clone``, ``card_total``, ``to_scenario``;
* ``legality``: the legal actions as an int bit mask, kept up to date incrementally (``update_legal``);
* ``rounds``: the deal, red threes from the stock, picking up the foot, the end of a round;
* ``melding``: meld and add, canastas, the set-aside melds and the laydown;
* ``turn``: draw, pickup, discard, and ``HANDLERS``, the table ``Game.step`` dispatches through;
* ``game``: ``Game``, the state with its public interface, and ``new_game``.

The frequent actions (draw, meld/add, discard) leave the next state's mask ready; the others leave it
to ``update_legal`` when it is asked for.
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
from .legality import update_legal
from .masks import MASK_BYTES, T0, T1, T2, T3, T4, T5, T6, T7
from .rounds import deal
from .state import IllegalActionError, State, action_index, card_total, refusal, to_scenario
from .state import clone as clone_state
from .turn import HANDLERS
from .view import View, make_view

__all__ = ["Game", "IllegalActionError", "card_total", "new_game"]


class Game(State):
    """One game of Foot Canasta (four rounds by default). Build it with ``new_game`` or ``load_scenario``.

    Its public fields are slots of the state (see the SLOT TABLE of ``state.py``): ``current_player`` (the
    seat to act, 0 South .. 3 East), ``round`` (1 to ``rules.rounds``, the last one once over), ``is_over``,
    ``scores`` (the team totals over the finished rounds, a pair: team 0 = South/North, team 1 =
    West/East) and ``round_results`` (one dict per finished round: ``scores``, ``went_out``, ``ended_by``
    and a ``breakdown`` per team). Read them; only the engine writes them.
    """

    __slots__ = ()

    @property
    def phase(self) -> str:
        """``"draw"`` or ``"play"``."""
        return PHASE_NAMES[self.phase_id]

    @property
    def minimum(self) -> int:
        """Initial-meld minimum of the current round."""
        return self.rules.initial_minimums[self.round - 1]

    def held(self, seat: int) -> int:
        """Cards the seat holds, set-aside cards included."""
        t = seat & 1
        return self.htot[seat] + (self.mcards[t] if not self.down[t] and seat == self.current_player else 0)

    def winner(self) -> int | None:
        """The winning team once the game is over; ``None`` for a draw or a game in progress."""
        s0, s1 = self.scores
        if not self.is_over or s0 == s1:
            return None
        return 0 if s0 > s1 else 1

    def legal_actions(self) -> list[int]:
        """Ids of the legal actions, ascending; empty once the game is over."""
        m = self._mask
        if m is None:
            m = update_legal(self)
        if m < 4096:
            return [*T0[m]]
        # mask_to_list, written out (this runs once per step)
        return [*T0[m & 4095], *T1[m >> 12 & 4095], *T2[m >> 24 & 4095], *T3[m >> 36 & 4095],
                *T4[m >> 48 & 4095], *T5[m >> 60 & 4095], *T6[m >> 72 & 4095], *T7[m >> 84]]

    def legal_mask(self) -> np.ndarray:
        """int8 mask over all ``NUM_ACTIONS`` actions."""
        mask = self._mask
        if mask is None:
            mask = update_legal(self)
        bits = np.unpackbits(np.frombuffer(mask.to_bytes(MASK_BYTES, "little"), dtype=np.uint8), bitorder="little")
        return bits[:NUM_ACTIONS].view(np.int8)

    def legal_bits(self) -> int:
        """The legal actions as an int bit mask (bit i set when action i is legal)."""
        mask = self._mask
        if mask is None:
            mask = update_legal(self)
        return mask

    def step(self, action: int | str) -> None:
        """Apply one action (id or name); raises ``IllegalActionError`` and changes nothing if it is illegal."""
        mask = self._mask
        if mask is None:
            mask = update_legal(self)
        if action.__class__ is int and action >= 0 and mask >> action & 1:  # the mask has no bit >= NUM_ACTIONS
            a = action
        else:
            a = self._legal_id(action, mask)
        self._mask = None
        self.actions_taken += 1
        HANDLERS[a](self, a)

    def _legal_id(self, action: Any, mask: int) -> int:
        """The id of an action given by id, name or index, if it is legal; else ``IllegalActionError``."""
        a = action_index(action)
        if not mask >> a & 1:
            raise IllegalActionError(refusal(a, explain.why_illegal_message(self, a)))
        return a

    def why_illegal(self, action: int | str) -> str:
        """Why ``action`` (an id or a name, as for ``step``) is refused now, citing the rule; '' if it is legal.

        Something that is no action raises what ``step`` raises for it, naming it: ``IllegalActionError``
        for an id out of range (``999``, ``-1``) or a value that is neither an id nor a name, ``ValueError``
        for an unknown name (``"bogus"``).
        """
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
        """What ``seat`` may see (RULES.md section 12), as a read-only ``View``."""
        return make_view(self, seat)

    def __repr__(self) -> str:
        state = "over" if self.is_over else f"{SEAT_NAMES[self.current_player]} to {self.phase}"
        return f"<Game round {self.round}/{self.rules.rounds}, {state}, scores {self.scores}>"


def new_game(seed: int | None = None, rules: Rules | None = None, daily: _dt.date | str | None = None) -> Game:
    """A new game dealt from ``seed`` (fresh entropy if None), or the daily game of a date."""
    g = Game(rules, game_seed(seed, daily))
    g.dealer = int(g.rng.integers(0, 4))  # rule 2.1
    deal(g)
    return g
