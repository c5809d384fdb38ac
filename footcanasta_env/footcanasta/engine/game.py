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

from ...family.game import FamilyGame, IllegalActionError, Parts
from ...family.seats import SEAT_NAMES
from ...seeds import game_seed
from ..actions import NUM_ACTIONS, PHASE_NAMES, action_name
from ..rules import Rules
from .explain import why_illegal_message
from .legality import update_legal
from .masks import T0, T1, T2, T3, T4, T5, T6, T7
from .rounds import deal
from .state import State, action_index, card_total, to_scenario
from .state import clone as clone_state
from .turn import HANDLERS
from .view import make_view

__all__ = ["Game", "IllegalActionError", "card_total", "new_game"]


class Game(FamilyGame, State, parts=Parts(
        update_legal=update_legal, handlers=HANDLERS, why_illegal_message=why_illegal_message,
        action_index=action_index, action_name=action_name, num_actions=NUM_ACTIONS, phase_names=PHASE_NAMES,
        clone=clone_state, to_scenario=to_scenario, make_view=make_view, clears_mask=True)):
    """One game of Foot Canasta (four rounds by default). Build it with ``new_game`` or ``load_scenario``.

    Its public fields are slots of the state (see the SLOT TABLE of ``state.py``): ``current_player`` (the
    seat to act, 0 South .. 3 East), ``round`` (1 to ``rules.rounds``, the last one once over), ``is_over``,
    ``scores`` (the team totals over the finished rounds, a pair: team 0 = South/North, team 1 =
    West/East) and ``round_results`` (one dict per finished round: ``scores``, ``went_out``, ``ended_by``
    and a ``breakdown`` per team). Read them; only the engine writes them. ``FamilyGame`` gives ``step``,
    ``legal_mask``, ``legal_bits``, ``why_illegal``, ``clone``, equality, ``to_scenario``, ``view`` (RULES.md
    section 12), ``phase`` and ``winner``.
    """

    __slots__ = ()

    @property
    def minimum(self) -> int:
        """Initial-meld minimum of the current round."""
        return self.rules.initial_minimums[self.round - 1]

    def held(self, seat: int) -> int:
        """Cards the seat holds, set-aside cards included."""
        t = seat & 1
        return self.htot[seat] + (self.mcards[t] if not self.down[t] and seat == self.current_player else 0)

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

    def __repr__(self) -> str:
        state = "over" if self.is_over else f"{SEAT_NAMES[self.current_player]} to {self.phase}"
        return f"<Game round {self.round}/{self.rules.rounds}, {state}, scores {self.scores}>"


def new_game(seed: int | None = None, rules: Rules | None = None, daily: _dt.date | str | None = None) -> Game:
    """A new game dealt from ``seed`` (fresh entropy if None), or the daily game of a date."""
    g = Game(rules, game_seed(seed, daily))
    g.dealer = int(g.rng.integers(0, 4))  # rule 2.1
    deal(g)
    return g
