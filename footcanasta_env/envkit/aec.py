"""The PettingZoo AEC env of any game of the house: ``GameAECEnv`` and its wrapper.

A game's env is a subclass that names its pieces (``encoder_class``: the incremental encoder with
``observe(seat)``, ``reset(game)``, ``invalidate(action=None)``; ``obs_size``, ``num_actions``, ``illegal_error``,
``action_name``, ``render_game``, ``reset_options``, ``label`` for messages) and its episode
(``start_game(options, seed)``), checks its own constructor options, then calls ``set_spaces(low,
high)``. The table is the game's ``geometry`` (``get_game(game_name or label).geometry(rules)``): one agent
``player_<seat>`` per seat, and rewards zero-sum across its sides. Everything else (turn order from the
engine's current seat after every step, zero-sum side rewards, the illegal-action end of ``env()``,
rendering) is here once, so the games' envs cannot drift apart. ``generic`` builds such an env for any
registered game from the game interface alone. Each game's module docstring is its documentation page
(Foot Canasta's ``envs/aec.py``, Canasta's ``canasta/envs/aec.py``).
"""

from __future__ import annotations

import sys
import warnings
from collections.abc import Callable
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils.wrappers import OrderEnforcingWrapper

from ..family.geometry import FOUR_IN_PARTNERSHIPS, Geometry
from ..games import get_game
from .reward import side_rewards


def agent_names(geometry: Geometry) -> tuple[str, ...]:
    """The agents of a table: ``player_<seat>`` for every seat, in seat order."""
    return tuple(f"player_{s}" for s in range(geometry.seats))


AGENTS: tuple[str, ...] = agent_names(FOUR_IN_PARTNERSHIPS)
"""The agents of the four-seat table both games of the house are played at (an env's own: ``possible_agents``)."""
_MASK8 = [bytes(int(bit) for bit in reversed(f"{c:08b}")) for c in range(256)].__getitem__  # a byte's bits, low first
_MASK_BYTES = 96  # observe() writes the mask of a game with up to 96 actions
_INT8 = np.dtype(np.int8)


def game_action_id(action: Any) -> int | None:
    """A numpy integer action as an int; None for a name (the game resolved it, the encoder need not)."""
    return int(action) if isinstance(action, np.integer) else None


class GameAECEnv(AECEnv):
    """A game of the house as a PettingZoo AEC env; illegal actions raise the game's ``illegal_error``."""

    encoder_class: ClassVar[type]
    obs_size: ClassVar[int]
    num_actions: ClassVar[int]
    illegal_error: ClassVar[type[Exception]]
    label: ClassVar[str]
    action_name: ClassVar[Callable[[int], str]]
    render_game: ClassVar[Callable[[Any, int | None], str]]
    reset_options: ClassVar[Callable[[dict | None], dict[str, Any]]]  # reset()'s options, checked
    game_name: ClassVar[str | None] = None  # the registered game whose table the env reads (None: label)

    def start_game(self, options: dict[str, Any], seed: int) -> Any:
        """The episode's game: dealt from ``seed`` under the env's rules, or ``options["scenario"]``."""
        raise NotImplementedError

    def set_spaces(self, low: np.ndarray, high: np.ndarray) -> None:
        """The agents and their spaces (the observation's bounds ``low``/``high``); the episode not started."""
        if self.num_actions > _MASK_BYTES:
            raise ValueError(f"{self.label}: {self.num_actions} actions; observe() masks at most {_MASK_BYTES}")
        self.geometry: Geometry = get_game(self.game_name or self.label).geometry(getattr(self, "rules", None))
        agents = self._agent_names = agent_names(self.geometry)
        self._agent_seat = {a: s for s, a in enumerate(agents)}
        self._side_agents = [tuple(agents[s] for s in side) for side in self.geometry.sides]
        self.possible_agents = list(agents)
        obs_space = spaces.Dict({
            "observation": spaces.Box(low=low, high=high, shape=(self.obs_size,), dtype=np.float32),
            "action_mask": spaces.Box(low=0, high=1, shape=(self.num_actions,), dtype=np.int8),
        })
        # One shared space object per agent, as api_test requires the same object on every call.
        self.observation_spaces = {a: obs_space for a in agents}
        self.action_spaces = {a: spaces.Discrete(self.num_actions) for a in agents}
        self._seed_rng: np.random.Generator | None = None
        self.game: Any = None
        self._encoder: Any = None
        self._illegal_end = False

    def observation_space(self, agent: str) -> spaces.Space:
        """The Dict space of ``agent``'s observations."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        """Discrete(NUM_ACTIONS)."""
        return self.action_spaces[agent]

    # ------------------------------------------------------------------ episode

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """Deal a new game (from ``seed``) or load ``options["scenario"]``."""
        options = self.reset_options(options)
        if seed is not None:
            self._seed_rng = np.random.default_rng(seed)
        if self._seed_rng is None:
            self._seed_rng = np.random.default_rng()
        game_seed = int(self._seed_rng.integers(0, 2**63 - 1))
        self.game = self.start_game(options, game_seed)
        if self._encoder is None:
            self._encoder = self.encoder_class(self.game)
        else:
            self._encoder.reset(self.game)
        agents = self._agent_names
        self.agents = list(agents)
        self.rewards = dict.fromkeys(agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(agents, 0.0)
        self.terminations = dict.fromkeys(agents, False)
        self.truncations = dict.fromkeys(agents, False)
        self.infos = {a: {} for a in agents}
        self._rewarded = False
        self._illegal_end = False
        self._rounds_scored = len(self.game.round_results)
        self._num_actions = 0
        self.agent_selection = agents[self.game.current_player]
        if self.game.is_over:  # a scenario of a finished game
            for a in agents:
                self.terminations[a] = True
        if self.render_mode == "human":
            self.render()

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict]:
        """Observation, cumulative reward, termination, truncation and info of the agent to act."""
        agent = self.agent_selection
        return (self.observe(agent) if observe else None, self._cumulative_rewards[agent],
                self.terminations[agent], self.truncations[agent], self.infos[agent])

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """``agent``'s observation and action mask (new arrays)."""
        game = self.game
        seat = self._agent_seat[agent]
        obs = self._encoder.observe(seat)
        if seat == game.current_player and not game.is_over:
            # The legal bits a byte at a time, each through a table of its 8 mask bytes: cheaper than a
            # loop over the legal ids, shifts of the whole mask or numpy's unpackbits.
            buf = bytearray(b"".join(map(_MASK8, game.legal_bits().to_bytes(_MASK_BYTES // 8, "little"))))
        else:
            buf = bytearray(_MASK_BYTES)
        return {"observation": obs, "action_mask": np.frombuffer(buf, _INT8, self.num_actions)}  # positional: cheaper

    def step(self, action: int | str | None) -> None:
        """Apply the acting agent's action; ``None`` for an agent already terminated or truncated."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        game = self.game
        if action is None:
            raise self.illegal_error(f"{agent} is to act: None is only for a terminated or truncated agent")
        try:
            game.step(action)
        except self.illegal_error:
            raise
        except ValueError as e:  # a malformed action name or id
            raise self.illegal_error(str(e)) from None
        # The id lets the encoder look only at what that action changed.
        self._encoder.invalidate(action if action.__class__ is int else game_action_id(action))
        self._cumulative_rewards[agent] = 0.0
        self._num_actions += 1
        # Most steps end no round, reward nobody and end nothing: one test for all of it.
        if (self._rewarded or len(game.round_results) != self._rounds_scored or game.is_over
                or self._num_actions >= self.max_actions):
            self._settle(game)
        self.agent_selection = self._agent_names[game.current_player]
        if self.render_mode == "human":
            self.render()

    def _settle(self, game: Any) -> None:
        """After a step: clear the last step's rewards, pay the rounds it ended, end or truncate the episode."""
        if self._rewarded:
            self._clear_rewards()
            self._rewarded = False
        if len(game.round_results) != self._rounds_scored:
            self._score_round()
        if game.is_over:
            for a in self._agent_names:
                self.terminations[a] = True
        elif self._num_actions >= self.max_actions:
            for a in self._agent_names:
                self.truncations[a] = True
        if self._rewarded:
            self._accumulate_rewards()

    def _score_round(self) -> None:
        """Side rewards for the rounds that ended with the last action."""
        game = self.game
        results = game.round_results
        shares = side_rewards(results[self._rounds_scored:], self.geometry, self.reward_mode, self.reward_scale,
                              game.scores if game.is_over else None)
        self._rounds_scored = len(results)
        self._set_side_rewards(shares)

    def _set_side_rewards(self, shares: list[float]) -> None:
        """Every agent gets its side's share."""
        for agents, share in zip(self._side_agents, shares, strict=True):
            for a in agents:
                self.rewards[a] = share
        self._rewarded = True

    def end_by_illegal(self, agent: str, action: Any, error: Exception) -> None:
        """End the game because ``agent`` chose an illegal action: its side -1, the others its zero-sum
        counterpart (two sides: the other +1)."""
        table = self.geometry
        offender = table.side_of(self._agent_seat[agent])
        penalty = [-1.0 if side == offender else 0.0 for side in range(table.num_sides)]
        try:
            name = self.action_name(action)
        except (ValueError, TypeError):
            name = repr(action)
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self._set_side_rewards([table.zero_sum(penalty, side) for side in range(table.num_sides)])
        info = {"illegal_action": name, "illegal_agent": agent, "reason": str(error)}
        for a in self._agent_names:
            self.terminations[a] = True
            self.infos[a] = dict(info)
        self._accumulate_rewards()
        self._illegal_end = True

    @property
    def illegal_ended(self) -> bool:
        """Whether the current episode was ended by an illegal action (only in ``env()``)."""
        return self._illegal_end

    # ------------------------------------------------------------------ display

    def render(self) -> str | None:
        """The position as text from ``render_seat``'s point of view (``None``: every card)."""
        if self.render_mode is None:
            warnings.warn(f"{self.label}: render() called without a render_mode", stacklevel=2)
            return None
        if self.game is None:
            raise RuntimeError(f"{self.label}: reset() the env before rendering it")
        text = self.render_game(self.game, self.render_seat)
        if self.render_mode == "human":
            sys.stdout.write(text + "\n\n")  # the human mode's purpose is to show the table
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""



class OrderedAECEnv(OrderEnforcingWrapper):
    """An env with PettingZoo's order checks, where an illegal action ends the game (its side -1).

    The attributes read at every step are forwarded directly rather than through ``__getattr__``,
    which keeps the wrapper's cost per step small.
    """

    def _live(self, name: str) -> Any:
        if not self._has_reset:
            raise AttributeError(f"{name} cannot be accessed before reset")
        return getattr(self.env, name)

    @property
    def agent_selection(self) -> str:  # type: ignore[override]
        """The agent to act (or the next terminated agent to remove)."""
        return self._live("agent_selection")

    @property
    def agents(self) -> list[str]:  # type: ignore[override]
        """The agents still in the episode."""
        return self._live("agents")

    @property
    def rewards(self) -> dict[str, float]:  # type: ignore[override]
        """Rewards of the last step."""
        return self._live("rewards")

    @property
    def terminations(self) -> dict[str, bool]:  # type: ignore[override]
        """Which agents are terminated."""
        return self._live("terminations")

    @property
    def truncations(self) -> dict[str, bool]:  # type: ignore[override]
        """Which agents are truncated."""
        return self._live("truncations")

    @property
    def infos(self) -> dict[str, dict]:  # type: ignore[override]
        """Per-agent info dicts."""
        return self._live("infos")

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict]:
        """Observation, cumulative reward, termination, truncation and info of the agent to act."""
        if not self._has_reset:
            raise AttributeError("agent_selection cannot be accessed before reset")
        return self.env.last(observe)

    def step(self, action: Any) -> None:
        """Step, turning an illegal action into the end of the game."""
        if not self._has_reset or not self.env.agents:
            super().step(action)
            return
        self._has_updated = True
        try:
            self.env.step(action)
        except self.env.illegal_error as e:
            self.env.end_by_illegal(self.env.agent_selection, action, e)
