"""A one-seat gymnasium env of Canasta for single-agent learners (e.g. sb3-contrib's MaskablePPO).

Registered with gymnasium as ``footcanasta/Canasta-v0`` (``canasta.envs.GYM_ENV_ID``). The learner plays
one seat, or both seats of a partnership with one shared policy (``learner_seats=(0, 2)``). The other
seats are played inside ``step()`` by opponents given at construction, until the learner must act again:

* ``opponents=None``: uniformly random legal play, drawn from the env's own seeded generator;
* one spec for every opponent seat, a dict ``{seat: spec}``, or a sequence of specs for the opponent
  seats in seat order; a spec is a Canasta bot name for ``canasta.make_bot``, an object with
  ``act(view) -> action id`` (the bot interface), or a plain callable ``f(view) -> id``.

Observation: the ``Box`` of ``footcanasta_env.canasta.observation`` (OBS_VERSION 1) for the learner seat
to act. Action: ``Discrete(NUM_ACTIONS)``; ``action_masks()`` gives the exact legal-action mask (the
convention of sb3-contrib), also in ``info["action_mask"]``. Reward, rules, ``max_rounds`` (or
``rounds``) and reset options: as the AEC env's (``aec.py``, the documentation page). A step returns the
reward of every action since the learner's previous action, its own and the opponents', so the rewards
of an episode add up to the partnership's exact total. An illegal learner action ends the episode with
reward -1 (plus any reward already earned in that step) and ``info["illegal_action"]``; an opponent's
illegal action is a bug in the opponent and raises ``IllegalActionError``. Episodes end with the game
(terminated) or after ``max_actions`` actions by all seats (truncated).
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from ...seats import partner_of
from ..actions import NUM_ACTIONS, action_name
from ..engine import Game, IllegalActionError, View
from ..observation import OBS_SIZE, OBS_VERSION, GameEncoder, observation_bounds
from ..rules import Rules
from ._episode import reset_options, round_cap, set_episode_settings, start_episode_game, team_reward
from .text import render_game

OpponentSpec = Any  # str | object with act(view) | Callable[[View], int]


def _bot_by_name(name: str, seed: int | None) -> Callable[[View], int]:
    """The ``act`` of the Canasta bot ``name`` (the bots load only when a name is given)."""
    make_bot = getattr(importlib.import_module("footcanasta_env.canasta"), "make_bot", None)
    if make_bot is None:
        raise ValueError(f"opponent {name!r}: Canasta bots by name need footcanasta_env.canasta.make_bot; "
                         "give an object with act(view) or a callable instead")
    return make_bot(name, seed=seed).act


def _as_policy(spec: OpponentSpec, seed: int | None) -> Callable[[View], int]:
    """A function view -> action id for an opponent spec."""
    if isinstance(spec, str):
        return _bot_by_name(spec, seed)
    act = getattr(spec, "act", None)
    if callable(act):
        return act
    if callable(spec):
        return spec
    raise ValueError(f"an opponent must be a bot name, an object with act(view), or a callable; got {spec!r}")


def _learner_seats(seats: int | Sequence[int]) -> tuple[int, ...]:
    if isinstance(seats, (int, np.integer)) and not isinstance(seats, bool):
        seats = (int(seats),)
    out = tuple(sorted(int(s) for s in seats))
    if len(out) == 1 and out[0] in (0, 1, 2, 3):
        return out
    if len(out) == 2 and out[0] in (0, 1) and out[1] == partner_of(out[0]):
        return out
    raise ValueError(f"learner_seats must be one seat 0-3 or a partnership (0, 2) or (1, 3), got {seats!r}")


class CanastaGymEnv(gym.Env):
    """Canasta from the learner's seat(s), opponents played inside ``step``."""

    metadata = {"render_modes": ["ansi", "human"], "name": "canasta_gym_v0", "obs_version": OBS_VERSION}

    def __init__(self, learner_seats: int | Sequence[int] = 0, opponents: OpponentSpec = None,
                 rules: Rules | dict | None = None, max_rounds: int | None = None, reward_mode: str = "round",
                 reward_scale: float = 0.001, max_actions: int = 20000, render_mode: str | None = None,
                 render_seat: int | None = None, opponent_seed: int | None = None,
                 rounds: int | None = None) -> None:
        super().__init__()
        self.learner_seats = _learner_seats(learner_seats)
        cap = round_cap(max_rounds, rounds, "canasta gym env")
        set_episode_settings(self, rules, cap, reward_mode, reward_scale, max_actions, render_mode, render_seat)
        self.team = self.learner_seats[0] & 1
        self._policies = self._build_opponents(opponents, opponent_seed)
        low, high = observation_bounds(self.rules)
        self.observation_space = spaces.Box(low=low, high=high, shape=(OBS_SIZE,), dtype=np.float32)
        self.action_space = spaces.Discrete(NUM_ACTIONS)
        self.game: Game | None = None
        self._encoder: GameEncoder | None = None
        self._done = True
        self._obs_seat = self.learner_seats[0]

    def _build_opponents(self, opponents: OpponentSpec, seed: int | None) -> dict[int, Callable[[View], int] | None]:
        seats = [s for s in range(4) if s not in self.learner_seats]
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
        return {s: (None if spec is None else _as_policy(spec, None if seed is None else seed + s))
                for s, spec in specs.items()}

    # ------------------------------------------------------------------ gymnasium API

    def reset(self, *, seed: int | None = None, options: dict | None = None) -> tuple[np.ndarray, dict]:
        """Deal a new game (or load ``options["scenario"]``) and play the opponents up to the learner."""
        super().reset(seed=seed)
        options = reset_options(options)
        game_seed = int(self.np_random.integers(0, 2**63 - 1))
        self.game = start_episode_game(options, self.rules, self.max_rounds, game_seed)
        if self._encoder is None:
            self._encoder = GameEncoder(self.game)
        else:
            self._encoder.reset(self.game)
        self._rounds_scored = len(self.game.round_results)
        self._num_actions = 0
        self._done = False
        self._carry = self._play_opponents()
        if self._done:
            raise ValueError("canasta reset: the game ends before the learner's first action")
        if self.render_mode == "human":
            self.render()
        return self._observe(), self._info()

    def step(self, action: int) -> tuple[np.ndarray, float, bool, bool, dict]:
        """Apply the learner's action, then the opponents' until the learner acts again or the game ends."""
        if self._done or self.game is None:
            raise RuntimeError("canasta: step() called on a finished episode; call reset()")
        game = self.game
        reward = self._carry
        self._carry = 0.0
        seat = game.current_player
        try:
            game.step(int(action) if not isinstance(action, str) else action)
        except (IllegalActionError, ValueError, TypeError) as e:
            self._done = True
            try:
                name = action_name(int(action))
            except (ValueError, TypeError):
                name = repr(action)
            info = self._info()
            info.update(illegal_action=name, reason=str(e))
            return self._observe(seat), reward - 1.0, True, False, info
        self._encoder.invalidate()
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
        mask = np.zeros(NUM_ACTIONS, dtype=bool)
        game = self.game
        if game is not None and not game.is_over and game.current_player in self.learner_seats and not self._done:
            mask[game.legal_actions()] = True
        return mask

    def render(self) -> str | None:
        """The position as text from ``render_seat`` (default: the learner seat to act)."""
        if self.render_mode is None or self.game is None:
            return None
        seat = self.render_seat if self.render_seat is not None else self._obs_seat
        text = render_game(self.game, seat)
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
        """The learner team's reward for rounds (or the game) finished by the last action."""
        game = self.game
        results = game.round_results
        if len(results) == self._rounds_scored:
            return 0.0
        reward = team_reward(results[self._rounds_scored:], self.team, self.reward_mode, self.reward_scale,
                             game.scores if game.is_over else None)
        self._rounds_scored = len(results)
        return reward

    def _play_opponents(self) -> float:
        """Step the opponents until a learner seat is to act; return the learner team's reward meanwhile."""
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
            except IllegalActionError as e:
                raise IllegalActionError(f"the opponent in seat {seat} chose an illegal action: {e}") from None
            self._encoder.invalidate()
            self._num_actions += 1
            reward += self._score()
        if game.is_over:
            self._done = True
        return reward
