"""Classic Canasta's rules engine, public face: ``Game`` and ``new_game``.

Pure Python with numpy for the random generator; no gymnasium, PettingZoo or torch. The engine is split
by concern, each module a set of plain functions over the state ``g``:

* ``state``: the slots and their layout (the SLOT TABLE), ``clone``, ``card_total``, ``to_scenario``;
* ``legality``: the legal actions as an int bit mask (``update_legal``) and the predicates behind it;
* ``scoring``: a round's score; ``rounds``: the deal, the end of a play, a round and the game;
* ``melding``: meld, add, black threes, the set-aside melds and the laydown;
* ``turn``: draw, pickup, discard (which passes the turn), and ``HANDLERS``, the table ``Game.step`` dispatches through;
* ``view``, ``explain``, ``scenario``: what a seat sees, why a move is refused, scenarios in;
* ``game``: ``Game``, the state with its public interface, and ``new_game``.
"""

from __future__ import annotations

import datetime as _dt

from ...family.game import FamilyGame, IllegalActionError, Parts
from ...seeds import game_seed
from ..actions import NUM_ACTIONS, PHASE_NAMES, action_name
from ..rules import Rules, table_of
from .explain import why_illegal_message
from .legality import T0, T1, T2, T3, T4, T5, T6, held, minimum, update_legal
from .rounds import deal
from .state import State, action_index, to_scenario
from .state import clone as clone_state
from .turn import HANDLERS
from .view import make_view

__all__ = ["Game", "IllegalActionError", "new_game"]


class Game(FamilyGame, State, parts=Parts(
        update_legal=update_legal, handlers=HANDLERS, why_illegal_message=why_illegal_message,
        action_index=action_index, action_name=action_name, num_actions=NUM_ACTIONS, phase_names=PHASE_NAMES,
        clone=clone_state, to_scenario=to_scenario, make_view=make_view, clears_mask=False)):
    """One game of classic Canasta, played to the target. Build it with ``new_game`` or ``load_scenario``.

    ``FamilyGame`` gives ``step``, ``legal_mask``, ``legal_bits``, ``why_illegal``, ``clone``, equality,
    ``to_scenario``, ``view`` (CANASTA_RULES.md section 12), ``phase`` and ``winner``.
    """

    __slots__ = ()  # current_player, round, scores, round_results: the state's own slots (one name each)

    def minimum(self, team: int) -> int:
        """The side's initial-meld minimum this round (rules 7.1, 14.4)."""
        return minimum(self, team)

    def frozen(self, team: int) -> bool:
        """Whether the pile is frozen for the side (rules 4.2, 14.4)."""
        return bool(self.pile_wilds) or not self.down[team]

    def held(self, seat: int) -> int:
        """Cards the seat holds, set-aside cards included."""
        return held(self, seat)

    def legal_actions(self) -> list[int]:
        """Ids of the legal actions, ascending; empty once the game is over."""
        m = self._mask  # legal_bits() and mask_to_list, written out: this runs at every step
        if m is None:
            m = update_legal(self)
        if m >> 39:
            return [*T0[m & 8191], *T1[m >> 13 & 8191], *T2[m >> 26 & 8191], *T3[m >> 39 & 8191],
                    *T4[m >> 52 & 8191], *T5[m >> 65 & 8191], *T6[m >> 78]]
        return [*T0[m & 8191], *T1[m >> 13 & 8191], *T2[m >> 26]]  # the draw step: draw, pickup, melds

    def __repr__(self) -> str:
        names = table_of(self.rules).seat_names
        state = "over" if self.is_over else f"{names[self.current_player]} to {self.phase}"
        return f"<Canasta game round {self.round}, {state}, scores {self.scores}>"


def new_game(seed: int | None = None, rules: Rules | None = None, daily: _dt.date | str | None = None) -> Game:
    """A new game dealt from ``seed`` (fresh entropy if None), or the daily game of a date (rule 10.3)."""
    g = Game(rules, game_seed(seed, daily))
    g.dealer = int(g.rng.integers(0, g.nseats))  # rule 2.1
    deal(g)
    return g
