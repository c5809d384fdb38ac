"""The one-seat gymnasium env of any game of the house (``GameGymEnv``).

The learner plays one seat or one whole side of the game's table (its ``geometry``, read as the AEC env
reads it); the other seats are played inside ``step()`` by opponents
(bot names built with the game's ``make_bot``, objects with ``act(view)``, callables, or random play from
the env's generator), and a step pays every reward since the learner's previous action. A game's env is a
subclass naming its pieces as for ``aec.GameAECEnv`` (plus ``make_bot``), checking its own constructor
options, then calling ``setup(learner_seats, opponents, opponent_seed, low, high)``. Each game's module
docstring is its documentation page (Foot Canasta's ``envs/one_seat.py``, Canasta's
``canasta/envs/one_seat.py``).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from ..family.geometry import Geometry
from ..games import get_game
from .reward import team_reward

OpponentSpec = Any  # str | object with act(view) | Callable[[view], int]


def _as_policy(spec: OpponentSpec, seed: int | None, make_bot: Callable[..., Any]) -> Callable[[Any], int]:
    """A function view -> action id for an opponent spec (a name is built with the game's ``make_bot``)."""
    if isinstance(spec, str):
        return make_bot(spec, seed=seed).act
    act = getattr(spec, "act", None)
    if callable(act):
        return act
    if callable(spec):
        return spec
    raise ValueError(f"an opponent must be a bot name, an object with act(view), or a callable; got {spec!r}")


def learner_seats_of(seats: int | Sequence[int], geometry: Geometry | None = None) -> tuple[int, ...]:
    """The learner seats, sorted: one seat or one whole side of ``geometry`` (without it, only their form is
    checked; ``GameGymEnv.setup`` checks them against the game's table)."""
    given = seats
    if isinstance(seats, (int, np.integer)) and not isinstance(seats, bool):
        seats = (int(seats),)
    try:
        items = tuple(seats)
    except TypeError:
        items = ()
    whole = all(isinstance(s, (int, np.integer)) and not isinstance(s, bool) for s in items)
    out = tuple(sorted(int(s) for s in items)) if whole else ()
    if geometry is None:
        if out and len(set(out)) == len(out):
            return out
    elif len(out) == 1 and out[0] in range(geometry.seats) or out in geometry.sides:
        return out
    if geometry is None:
        raise ValueError(f"learner_seats must be one seat or the distinct seats of one side, got {given!r}")
    sides = " or ".join(map(str, geometry.sides))
    raise ValueError(f"learner_seats must be one seat 0-{geometry.seats - 1} or a side {sides}, got {given!r}")


class GameGymEnv(gym.Env):
    """A game from the learner's seat(s), opponents played inside ``step``."""

    encoder_class: ClassVar[type]
    obs_size: ClassVar[int]
    num_actions: ClassVar[int]
    illegal_error: ClassVar[type[Exception]]
    label: ClassVar[str]
    action_name: ClassVar[Callable[[int], str]]
    render_game: ClassVar[Callable[[Any, int | None], str]]
    reset_options: ClassVar[Callable[[dict | None], dict[str, Any]]]
    make_bot: ClassVar[Callable[..., Any]]
    game_name: ClassVar[str | None] = None  # the registered game whose table the env reads (None: label)

    def start_game(self, options: dict[str, Any], seed: int) -> Any:
        """The episode's game: dealt from ``seed`` under the env's rules, or ``options["scenario"]``."""
        raise NotImplementedError

    def setup(self, learner_seats: tuple[int, ...], opponents: OpponentSpec, opponent_seed: int | None,
              low: np.ndarray, high: np.ndarray) -> None:
        """The learner seats, the opponents and the spaces (the observation's bounds ``low``/``high``)."""
        self.geometry: Geometry = get_game(self.game_name or self.label).geometry(getattr(self, "rules", None))
        learner_seats = learner_seats_of(learner_seats, self.geometry)
        self.learner_seats = learner_seats
        self.team = self.geometry.side_of(learner_seats[0])
        self._policies = self._build_opponents(opponents, opponent_seed)
        self.observation_space = spaces.Box(low=low, high=high, shape=(self.obs_size,), dtype=np.float32)
        self.action_space = spaces.Discrete(self.num_actions)
        self.game: Any = None
        self._encoder: Any = None
        self._done = True
        self._obs_seat = learner_seats[0]

    def _build_opponents(self, opponents: OpponentSpec, seed: int | None) -> dict[int, Callable[[Any], int] | None]:
        seats = [s for s in range(self.geometry.seats) if s not in self.learner_seats]
        if opponents is None:
            return {s: None for s in seats}
        if isinstance(opponents, Mapping):
            missing = [s for s in seats if s not in opponents]
            if missing:
                raise ValueError(f"opponents: no opponent given for seat(s) {missing}")
            specs = {s: opponents[s] for s in seats}
        elif isinstance(opponents, Sequence) and not isinstance(opponents, str):
            if len(opponents) != len(seats):
                raise ValueError(f"opponents: expected {len(seats)} opponents for seats {seats}, got {len(opponents)}")
            specs = dict(zip(seats, opponents, strict=True))
        else:
            specs = {s: opponents for s in seats}
        return {s: (None if spec is None else _as_policy(spec, None if seed is None else seed + s, self.make_bot))
                for s, spec in specs.items()}

    # ------------------------------------------------------------------ gymnasium API

    def reset(self, *, seed: int | None = None, options: dict | None = None) -> tuple[np.ndarray, dict]:
        """Deal a new game (or load ``options["scenario"]``) and play the opponents up to the learner."""
        super().reset(seed=seed)
        options = self.reset_options(options)
        game_seed = int(self.np_random.integers(0, 2**63 - 1))
        self.game = self.start_game(options, game_seed)
        if self._encoder is None:
            self._encoder = self.encoder_class(self.game)
        else:
            self._encoder.reset(self.game)
        self._rounds_scored = len(self.game.round_results)
        self._num_actions = 0
        self._done = False
        self._carry = self._play_opponents()
        if self._done:
            raise ValueError(f"{self.label} reset: the game ends before the learner's first action")
        if self.render_mode == "human":
            self.render()
        return self._observe(), self._info()

    def step(self, action: int) -> tuple[np.ndarray, float, bool, bool, dict]:
        """Apply the learner's action, then the opponents' until the learner acts again or the game ends."""
        if self._done or self.game is None:
            raise RuntimeError(f"{self.label}: step() called on a finished episode; call reset()")
        game = self.game
        reward = self._carry
        self._carry = 0.0
        seat = game.current_player
        try:
            action = int(action) if not isinstance(action, str) else action
            game.step(action)
        except (self.illegal_error, ValueError, TypeError) as e:
            self._done = True
            try:
                name = self.action_name(int(action))
            except (ValueError, TypeError):
                name = repr(action)
            info = self._info()
            info.update(illegal_action=name, reason=str(e))
            return self._observe(seat), reward - 1.0, True, False, info
        self._encoder.invalidate(action if action.__class__ is int else None)
        self._num_actions += 1
        reward += self._score()
        reward += self._play_opponents()
        terminated = game.is_over
        truncated = not terminated and self._num_actions >= self.max_actions
        self._done = terminated or truncated
        if self.render_mode == "human":
            self.render()
        return self._observe(seat), reward, terminated, truncated, self._info()

    def action_masks(self) -> np.ndarray:
        """Boolean mask of the learner's legal actions (all False once the episode is over)."""
        mask = np.zeros(self.num_actions, dtype=bool)
        game = self.game
        if game is not None and not game.is_over and game.current_player in self.learner_seats and not self._done:
            mask[game.legal_actions()] = True
        return mask

    def render(self) -> str | None:
        """The position as text from ``render_seat`` (default: the learner seat to act)."""
        if self.render_mode is None or self.game is None:
            return None
        seat = self.render_seat if self.render_seat is not None else self._obs_seat
        text = self.render_game(self.game, seat)
        if self.render_mode == "human":
            sys.stdout.write(text + "\n\n")  # the human mode's purpose is to show the table
            return None
        return text

    # ------------------------------------------------------------------ internals

    def _observe(self, fallback: int | None = None) -> np.ndarray:
        game = self.game
        if game.current_player in self.learner_seats and not game.is_over:
            self._obs_seat = game.current_player
        elif fallback is not None:
            self._obs_seat = fallback
        return self._encoder.observe(self._obs_seat)

    def _info(self) -> dict[str, Any]:
        info: dict[str, Any] = {"seat": self._obs_seat, "action_mask": self.action_masks()}
        if self.game is not None and self.game.is_over:
            info["scores"] = self.game.scores
        return info

    def _score(self) -> float:
        """The learner side's reward for rounds (or the game) finished by the last action."""
        game = self.game
        results = game.round_results
        if len(results) == self._rounds_scored:
            return 0.0
        reward = team_reward(results[self._rounds_scored:], self.team, self.reward_mode, self.reward_scale,
                             game.scores if game.is_over else None, self.geometry)
        self._rounds_scored = len(results)
        return reward

    def _play_opponents(self) -> float:
        """Step the opponents until a learner seat is to act; return the learner side's reward meanwhile."""
        game = self.game
        reward = 0.0
        while not game.is_over and game.current_player not in self.learner_seats:
            if self._num_actions >= self.max_actions:
                break
            seat = game.current_player
            policy = self._policies[seat]
            if policy is None:
                legal = game.legal_actions()
                action = legal[int(self.np_random.integers(len(legal)))]
            else:
                action = policy(game.view(seat))
            try:
                game.step(action)
            except self.illegal_error as e:
                raise self.illegal_error(f"the opponent in seat {seat} chose an illegal action: {e}") from None
            self._encoder.invalidate(action if action.__class__ is int else None)
            self._num_actions += 1
            reward += self._score()
        if game.is_over:
            self._done = True
        return reward
