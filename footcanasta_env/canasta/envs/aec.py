"""# Canasta (``canasta_v0``): a PettingZoo AEC environment

Classic four-player partnership Canasta, with the rules of CANASTA_RULES.md (``docs/CANASTA.md``).

| Import             | `from footcanasta_env import canasta; canasta.env()` (or `canasta_v0.env()`) |
|--------------------|-------------------------------------------------------|
| Actions            | Discrete                                              |
| Parallel API       | No                                                    |
| Agents             | `['player_0', 'player_1', 'player_2', 'player_3']`    |
| Teams              | player_0 + player_2 (South/North), player_1 + player_3 |
| Action shape       | Discrete(85)                                          |
| Observation        | Dict: `observation` float32 (274,), `action_mask` int8 (85,) |

`player_0` .. `player_3` are the seats South, West, North and East; partners sit opposite. A turn is
several actions by the same player (draw or take the pile, any melds, one discard), so
`agent_selection` is read from the engine after every step; do not assume it rotates.

## Actions

One flat action space (``footcanasta_env.canasta.actions``, ACTION_VERSION 1); ``canasta.action_name(i)``
gives the canonical name of each id and ``canasta.action_id(name)`` the reverse. ``step`` accepts an id
or a name.

| ids   | names                                                 | meaning                               |
|-------|-------------------------------------------------------|---------------------------------------|
| 0     | `draw`                                                | draw one card (ends the round on an empty stock) |
| 1     | `pickup`                                              | take the whole discard pile (rule 4)  |
| 2-34  | `meld R R R`, `meld R R 2`, `meld R R JK`, R = 4 .. A | start the meld of rank R              |
| 35-36 | `meld B3 B3 B3`, `meld B3 B3 B3 B3`                   | meld black threes (only when going out) |
| 37-69 | `add R R`, `add R 2`, `add R JK`                      | add a card to the meld of rank R      |
| 70    | `laydown`                                             | lay down the set-aside initial meld   |
| 71-84 | `discard C`, C = 4 .. A, 2, JK, B3                    | discard one card and end the turn     |

Before a partnership's initial meld, `meld` sets the cards aside (they stay the player's, hidden) until
`laydown` puts them on the table at once (rule 7.2).

## Observations

`observe(agent)` returns `{"observation": float32 array of OBS_SIZE, "action_mask": int8 array of
NUM_ACTIONS}`. The arrays are new on every call, so the caller may keep them. The mask is the engine's
exact legal-action mask for the agent to act and all zeros for the others and once the game is over.
The observation encodes exactly what the agent's seat may see (CANASTA_RULES.md section 12: never the
other hands, their set-aside melds or the stock's order), relative to that seat (me, left, partner,
right; own team, other team), so one policy can play every seat. The layout
(OBS_VERSION 1, 274 features) is the index table of ``footcanasta_env.canasta.observation``:

| index   | feature                                                                       |
|---------|-------------------------------------------------------------------------------|
| 0-13    | own held cards per kind (4 .. A, 2, JK, B3)                                    |
| 14-58   | own set-aside melds per rank (while acting before the team's initial meld) and their value |
| 59-111  | own team: melds per rank, red threes, down, canastas, melded value, pile frozen, minimum, score |
| 112-164 | other team, the same                                                          |
| 165-194 | pile: top card one-hot (or empty), size, contents per kind                     |
| 195-266 | per relative seat: cards held, to act, dealer, has melded, public pickup memory per kind |
| 267-273 | stock size, round, last round (by the cap), target, phase, over               |

``hidden_cards(game, seat)`` (``HIDDEN_CARDS_SIZE`` 75) gives what the seat cannot see, for a critic in
training only.

## Rewards

Zero-sum between the partnerships and equal within one.

* `reward_mode="round"` (default): at the end of each round every agent gets
  `(own team's round score - other team's round score) * reward_scale` (`reward_scale` 0.001).
* `reward_mode="win"`: at the end of the game +1 for the winning team, -1 for the losing team, 0 each
  for a draw (equal totals when the round cap ends the game).
* An illegal action in `env()` ends the game at once: the offending partnership gets -1 and the other
  +1 in either mode, and every agent's info holds `illegal_action` (its name), `illegal_agent` and
  `reason` (the rule it breaks). In `raw_env()` it raises `IllegalActionError` and changes nothing.

## Episodes and options

The game ends (all agents terminated) when a partnership reaches the target (5,000) with the totals
apart, or after the round cap. A fixed policy may never reach the target, so without `rules` the env
plays `Rules(max_rounds=20)` (``DEFAULT_MAX_ROUNDS``): the rules of CANASTA_RULES.md with a cap of 20
rounds. `rules=canasta.Rules()` plays to the target with no cap; `max_rounds=N` sets the cap of
whichever rules are played (`rounds=N` is the same: the name Foot Canasta's envs and the training
scripts use). All agents are truncated after `max_actions` actions (default 20,000).
Constructor: `rules=Rules(...)` (or a dict of its fields), `max_rounds`, `reward_mode`, `reward_scale`,
`max_actions`, `render_mode` (`"ansi"` returns text, `"human"` prints it after each step),
`render_seat` (the seat whose view is rendered; `None` shows every card). `reset(seed=...,
options={...})` takes `"scenario"` (a scenario dict or JSON string, CANASTA_RULES.md section 13;
``Game.to_scenario()`` writes one: played under its own `rules` when it has some, else the env's),
`"rules"` and `"max_rounds"` (or `"rounds"`) for one episode; unknown options are ignored with a warning. Without a
seed, each reset draws the next game seed from the generator of the last seeded reset.

## The one-seat env

``canasta.CanastaGymEnv`` (the game interface's ``GymEnv``) is registered with gymnasium as
`footcanasta/Canasta-v0`: `gymnasium.make("footcanasta/Canasta-v0", learner_seats=(0, 2), opponents=...)`
after `import footcanasta_env`. The learner plays one seat or a partnership, the other seats play inside
`step()`, and `action_masks()` gives the legal actions, so sb3-contrib's MaskablePPO plugs in unchanged.
Its rewards and options are the ones above.

## Version history

* v0: first release (OBS_VERSION 1, ACTION_VERSION 1).
"""

from __future__ import annotations

import sys
import warnings
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils.wrappers import OrderEnforcingWrapper

from ..actions import NUM_ACTIONS, action_name
from ..engine import Game, IllegalActionError
from ..observation import OBS_SIZE, OBS_VERSION, GameEncoder, observation_bounds
from ..rules import Rules
from ._episode import reset_options, round_cap, set_episode_settings, start_episode_game, team_reward
from .text import render_game

AGENTS: tuple[str, ...] = ("player_0", "player_1", "player_2", "player_3")
_AGENT_SEAT = {a: i for i, a in enumerate(AGENTS)}


class raw_env(AECEnv):
    """Canasta as a PettingZoo AEC env; illegal actions raise ``IllegalActionError``."""

    metadata = {
        "name": "canasta_v0",
        "render_modes": ["ansi", "human"],
        "is_parallelizable": False,
        "render_fps": 1,
        "obs_version": OBS_VERSION,
    }

    def __init__(self, rules: Rules | dict | None = None, max_rounds: int | None = None, reward_mode: str = "round",
                 reward_scale: float = 0.001, max_actions: int = 20000, render_mode: str | None = None,
                 render_seat: int | None = 0, rounds: int | None = None) -> None:
        super().__init__()
        cap = round_cap(max_rounds, rounds, "canasta env")
        set_episode_settings(self, rules, cap, reward_mode, reward_scale, max_actions, render_mode, render_seat)
        self.possible_agents = list(AGENTS)
        low, high = observation_bounds(self.rules)
        obs_space = spaces.Dict({
            "observation": spaces.Box(low=low, high=high, shape=(OBS_SIZE,), dtype=np.float32),
            "action_mask": spaces.Box(low=0, high=1, shape=(NUM_ACTIONS,), dtype=np.int8),
        })
        # One shared space object per agent, as api_test requires the same object on every call.
        self.observation_spaces = {a: obs_space for a in AGENTS}
        self.action_spaces = {a: spaces.Discrete(NUM_ACTIONS) for a in AGENTS}
        self._seed_rng: np.random.Generator | None = None
        self.game: Game | None = None
        self._encoder: GameEncoder | None = None
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
        options = reset_options(options)
        if seed is not None:
            self._seed_rng = np.random.default_rng(seed)
        if self._seed_rng is None:
            self._seed_rng = np.random.default_rng()
        game_seed = int(self._seed_rng.integers(0, 2**63 - 1))
        self.game = start_episode_game(options, self.rules, self.max_rounds, game_seed)
        if self._encoder is None:
            self._encoder = GameEncoder(self.game)
        else:
            self._encoder.reset(self.game)
        self.agents = list(AGENTS)
        self.rewards = dict.fromkeys(AGENTS, 0.0)
        self._cumulative_rewards = dict.fromkeys(AGENTS, 0.0)
        self.terminations = dict.fromkeys(AGENTS, False)
        self.truncations = dict.fromkeys(AGENTS, False)
        self.infos = {a: {} for a in AGENTS}
        self._rewarded = False
        self._illegal_end = False
        self._rounds_scored = len(self.game.round_results)
        self._num_actions = 0
        self.agent_selection = AGENTS[self.game.current_player]
        if self.game.is_over:  # a scenario of a finished game
            for a in AGENTS:
                self.terminations[a] = True
        if self.render_mode == "human":
            self.render()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """``agent``'s observation and action mask (new arrays)."""
        game = self.game
        seat = _AGENT_SEAT[agent]
        obs = self._encoder.observe(seat)
        buf = bytearray(NUM_ACTIONS)  # a fresh buffer: cheaper than numpy item assignment
        if seat == game.cur and not game.is_over:
            for a in game.legal_actions():
                buf[a] = 1
        return {"observation": obs, "action_mask": np.frombuffer(buf, dtype=np.int8)}

    def step(self, action: int | str | None) -> None:
        """Apply the acting agent's action; ``None`` for an agent already terminated or truncated."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        game = self.game
        if action is None:
            raise IllegalActionError(f"{agent} is to act: None is only for a terminated or truncated agent")
        try:
            game.step(action)
        except IllegalActionError:
            raise
        except ValueError as e:  # a malformed action name or id
            raise IllegalActionError(str(e)) from None
        self._encoder.invalidate()
        self._cumulative_rewards[agent] = 0.0
        if self._rewarded:
            self._clear_rewards()
            self._rewarded = False
        self._num_actions += 1
        if len(game.results) != self._rounds_scored:
            self._score_round()
        if game.is_over:
            for a in AGENTS:
                self.terminations[a] = True
        elif self._num_actions >= self.max_actions:
            for a in AGENTS:
                self.truncations[a] = True
        if self._rewarded:
            self._accumulate_rewards()
        self.agent_selection = AGENTS[game.cur]
        if self.render_mode == "human":
            self.render()

    def _score_round(self) -> None:
        """Team rewards for the rounds that ended with the last action."""
        game = self.game
        results = game.round_results
        diff = team_reward(results[self._rounds_scored:], 0, self.reward_mode, self.reward_scale,
                           game.scores if game.is_over else None)
        self._rounds_scored = len(results)
        self._set_team_rewards(diff)

    def _set_team_rewards(self, team0: float) -> None:
        self.rewards["player_0"] = self.rewards["player_2"] = team0
        self.rewards["player_1"] = self.rewards["player_3"] = -team0 if team0 else 0.0
        self._rewarded = True

    def end_by_illegal(self, agent: str, action: Any, error: Exception) -> None:
        """End the game because ``agent`` chose an illegal action: its team -1, the other +1."""
        seat = _AGENT_SEAT[agent]
        try:
            name = action_name(action)
        except (ValueError, TypeError):
            name = repr(action)
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self._set_team_rewards(-1.0 if seat & 1 == 0 else 1.0)
        info = {"illegal_action": name, "illegal_agent": agent, "reason": str(error)}
        for a in AGENTS:
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
            warnings.warn("canasta: render() called without a render_mode", stacklevel=2)
            return None
        if self.game is None:
            raise RuntimeError("canasta: reset() the env before rendering it")
        text = render_game(self.game, self.render_seat)
        if self.render_mode == "human":
            sys.stdout.write(text + "\n\n")  # the human mode's purpose is to show the table
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""


class CanastaEnv(OrderEnforcingWrapper):
    """``raw_env`` with PettingZoo's order checks, where an illegal action ends the game (team -1/+1).

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
        except IllegalActionError as e:
            self.env.end_by_illegal(self.env.agent_selection, action, e)


def env(**kwargs: Any) -> CanastaEnv:
    """The AEC env for training and evaluation (see the module docstring)."""
    return CanastaEnv(raw_env(**kwargs))
