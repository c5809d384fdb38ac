"""One game in progress as an OpenSpiel ``pyspiel.State``: the house's engine unchanged, behind OpenSpiel's API.

The root is the one chance node: its outcome ``k`` (of ``params.NUM_DEALS``, equally likely) deals the whole
game, ``new_game(deal_seed(seed, k), rules)``; every later card (draws, the next rounds' deals) comes from
that game's own generator, so the rest of the game is sampled chance seeded by the root outcome and hidden
from every player (it is the order of the stock). Player nodes are the engine's: ``legal_actions`` its legal
ids, ``apply_action`` its ``step``, action strings its canonical names (``action_name``).

``resample_from_infostate(player, sampler)`` returns a state whose engine game is ``sample_world(view, rng)``
(the house's determinization) of ``player``'s view: the same information state, the hidden cards dealt
anew. Such a state has no OpenSpiel history (``history()`` is empty: no sequence of actions from the root
leads to a world drawn outside the deals), which OpenSpiel's ISMCTS, the only caller, never reads.

Cloning copies the engine game with its own ``clone``; ``serialize`` (OpenSpiel's, for Python games: the
history and the pickled attributes) carries the engine game with its generator, so a deserialized state
plays on exactly as the original would.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel

from ..envkit.reward import side_rewards
from ..seeds import deal_seed
from .params import NUM_DEALS, Config


class IllegalMoveError(pyspiel.SpielError, ValueError):
    """An action not legal in the state: OpenSpiel's ``SpielError`` (what its games raise) and a ``ValueError``
    (what the house's engines raise), with the engine's message."""


class _Engine:
    """The engine game a state holds; copying it uses the engine's own fast ``clone``."""

    __slots__ = ("game",)

    def __init__(self, game: Any) -> None:
        self.game = game

    def __deepcopy__(self, _memo: dict) -> _Engine:
        return _Engine(self.game.clone())

    def __getstate__(self) -> dict[str, Any]:
        return {"game": self.game}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.game = state["game"]


class CanastaFamilyState(pyspiel.State):
    """A state of ``footcanasta`` or ``canasta`` (its ``Config`` says which)."""

    def __init__(self, game: pyspiel.Game, cfg: Config) -> None:
        super().__init__(game)
        self._cfg = cfg
        self._engine: _Engine | None = None  # None until the deal (the root chance node)
        self._paid = 0  # finished rounds already paid
        self._rewards = [0.0] * cfg.table.seats
        self._returns = [0.0] * cfg.table.seats

    # -- the engine game ------------------------------------------------------------------------------------
    @property
    def engine_game(self) -> Any:
        """The house's engine game (None before the deal). Reading it sees every hidden card: bots use ``view``."""
        return None if self._engine is None else self._engine.game

    def view(self, seat: int) -> Any:
        """What ``seat`` may see: the engine's ``View`` (None before the deal)."""
        return None if self._engine is None else self._engine.game.view(seat)

    # -- OpenSpiel's State API ------------------------------------------------------------------------------
    def current_player(self) -> int:
        """The seat to act, ``CHANCE`` at the root, ``TERMINAL`` once the game is over."""
        if self._engine is None:
            return pyspiel.PlayerId.CHANCE
        g = self._engine.game
        return pyspiel.PlayerId.TERMINAL if g.is_over else int(g.current_player)

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self._engine is not None and self._engine.game.is_over

    def _legal_actions(self, player: int) -> list[int]:
        """The engine's legal action ids, ascending, for the seat to act (none for the others)."""
        g = self._engine.game if self._engine is not None else None
        if g is None or g.is_over or player != g.current_player:
            return []
        return sorted(int(a) for a in g.legal_actions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The root's deals, equally likely."""
        if self._engine is not None:
            raise IllegalMoveError("chance_outcomes: only the root (the deal) is a chance node")
        p = 1.0 / NUM_DEALS
        return [(k, p) for k in range(NUM_DEALS)]

    def _apply_action(self, action: int) -> None:
        """Deal (at the root) or play one action; an illegal one raises ``IllegalMoveError`` and changes nothing."""
        if self._engine is None:
            if not 0 <= action < NUM_DEALS:
                raise IllegalMoveError(f"deal {action} is no chance outcome (0 to {NUM_DEALS - 1})")
            module = self._cfg.module
            self._engine = _Engine(module.new_game(deal_seed(self._cfg.seed, action), self._cfg.rules))
            return
        g = self._engine.game
        if g.is_over:
            raise IllegalMoveError(f"the game is over; {self._cfg.module.action_name(action)!r} is not played")
        try:
            g.step(int(action))
        except ValueError as e:  # the engine's IllegalActionError, its message naming the action and the rule
            raise IllegalMoveError(str(e)) from e
        self._pay()

    def _pay(self) -> None:
        """The rewards of the last action (each seat its side's zero-sum share, as the envs pay it): the rounds
        it finished, or the result once the game is over."""
        g = self._engine.game
        table = self._cfg.table
        new = g.round_results[self._paid:]
        self._paid = len(g.round_results)
        mode = "round" if self._cfg.reward == "round" else "win"
        shares = side_rewards(new, table, mode, 1.0, g.scores if g.is_over else None)
        self._rewards = [shares[table.side_of(seat)] for seat in range(table.seats)]
        self._returns = [x + y for x, y in zip(self._returns, self._rewards, strict=True)]

    def _action_to_string(self, player: int, action: int) -> str:
        """The canonical name (``action_name``); a deal is ``deal K``."""
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {action}"
        return self._cfg.module.action_name(int(action))

    def rewards(self) -> list[float]:
        """Each seat's reward for the last action."""
        return list(self._rewards)

    def returns(self) -> list[float]:
        """Each seat's total reward so far (zero-sum across the sides)."""
        return list(self._returns)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any = None) -> CanastaFamilyState:
        """A state with ``player_id``'s information state and the hidden cards dealt anew (``sample_world``).

        The sampler's uniform draw seeds the world (OpenSpiel's ``UniformProbabilitySampler``); without one,
        or before the deal (the root resamples to itself), the world is seeded from fresh entropy."""
        if self._engine is None:
            return self.clone()
        u = probability_sampler() if callable(probability_sampler) else None
        rng = np.random.default_rng(None if u is None else int(u * 2**53))
        world = self._cfg.module.sample_world(self._engine.game.view(player_id), rng)
        out = self.get_game().new_initial_state()
        out.__dict__.update(_engine=_Engine(world), _paid=self._paid, _rewards=list(self._rewards),
                            _returns=list(self._returns))
        return out

    def start_from(self, world: Any) -> CanastaFamilyState:
        """A state (of the same game) playing on from ``world``, an engine game of this game's rules, as if
        just dealt; no OpenSpiel history, rewards from ``world``'s next finished round on."""
        if world.rules != self._cfg.rules:
            raise ValueError(f"start_from: the world's rules differ from the game's ({self._cfg.name})")
        out = self.get_game().new_initial_state()
        out.__dict__.update(_engine=_Engine(world.clone()), _paid=len(world.round_results))
        return out

    def __str__(self) -> str:
        """The whole state (every hidden card: for debugging and OpenSpiel's checks), as scenario JSON."""
        if self._engine is None:
            return f"{self._cfg.name}: the deal (one of {NUM_DEALS} from seed {self._cfg.seed})"
        return json.dumps(self._engine.game.to_scenario(), sort_keys=True, separators=(",", ":"))
