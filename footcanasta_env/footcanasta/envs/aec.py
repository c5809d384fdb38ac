"""# Foot Canasta (``footcanasta_v0``): a PettingZoo AEC environment

Hand and Foot for four players in two partnerships, with the rules of RULES.md (``docs/RULES.md``, or
``footcanasta rules`` from any install).

| Import             | `from footcanasta_env import env, raw_env`            |
|--------------------|-------------------------------------------------------|
| Actions            | Discrete                                              |
| Parallel API       | No                                                    |
| Agents             | `['player_0', 'player_1', 'player_2', 'player_3']`    |
| Teams              | player_0 + player_2 (South/North), player_1 + player_3 |
| Action shape       | Discrete(89)                                          |
| Observation        | Dict: `observation` float32 (443,), `action_mask` int8 (89,) |

`player_0` .. `player_3` are the seats South, West, North and East; partners sit opposite. A turn is
several actions by the same player (draw or pick up, any melds, one discard), so `agent_selection`
is read from the engine after every step; do not assume it rotates.

## Actions

One flat action space (``footcanasta_env.footcanasta.actions``, ACTION_VERSION 1); ``action_name(i)`` gives the
canonical name of each id and ``action_id(name)`` the reverse. ``step`` accepts an id or a name.

| ids   | names                                                | meaning                               |
|-------|------------------------------------------------------|---------------------------------------|
| 0     | `draw`                                               | draw two cards (ends the round on an empty stock) |
| 1     | `pickup`                                             | take the discard pile (rule 4)        |
| 2-34  | `meld R R R`, `meld R R 2`, `meld R R JK`, R = 4 .. A | start a natural meld                  |
| 35-38 | `meld 2 2 2`, `meld 2 2 JK`, `meld 2 JK JK`, `meld JK JK JK` | start a wild meld            |
| 39-71 | `add R R`, `add R 2`, `add R JK`                      | add a card to the incomplete R meld   |
| 72-73 | `add wild 2`, `add wild JK`                          | add a card to the incomplete wild meld |
| 74    | `laydown`                                            | lay down the set-aside initial meld   |
| 75-88 | `discard C`, C = 4 .. A, 2, JK, B3                   | discard one card and end the turn     |

## Observations

`observe(agent)` returns `{"observation": float32 array of OBS_SIZE, "action_mask": int8 array of
NUM_ACTIONS}`. The arrays are new on every call, so the caller may keep them. The mask is the engine's
exact legal-action mask for the agent to act and all zeros for the others and once the game is over.
The observation encodes exactly what the agent's seat may see (RULES.md section 12), relative to that
seat (me, left, partner, right; own team, other team), so one policy can play every seat. The layout
(OBS_VERSION 1, 443 features) is the index table of ``footcanasta_env.footcanasta.observation``:

| index   | feature                                                                       |
|---------|-------------------------------------------------------------------------------|
| 0-13    | own held cards per kind (4 .. A, 2, JK, B3)                                    |
| 14-110  | own set-aside melds (while acting before the team's initial meld) and their value |
| 111-212 | own team: table melds per meld rank (MELDS block), red threes, down, canastas, melded value |
| 213-314 | other team, the same                                                          |
| 315-358 | pile: top card one-hot (or empty), size, contents per kind, what a pickup takes |
| 359-430 | per relative seat: cards held, foot picked up, to act, dealer, public pickup memory per kind |
| 431-442 | stock size, round one-hot, rounds in the game, initial minimum, scores (own, other), phase, over |

## Rewards

Zero-sum between the partnerships and equal within one.

* `reward_mode="round"` (default): at the end of each round every agent gets
  `(own team's round score - other team's round score) * reward_scale` (`reward_scale` 0.001).
* `reward_mode="win"`: at the end of the game +1 for the winning team, -1 for the losing team, 0 each
  for a draw.
* An illegal action in `env()` ends the game at once: the offending partnership gets -1 and the other
  +1 in either mode, and every agent's info holds `illegal_action` (its name), `illegal_agent` and
  `reason` (the rule it breaks). In `raw_env()` it raises `IllegalActionError` and changes nothing.

## Episodes and options

The game ends (all agents terminated) after its last round; `rounds=N` (1 to 4) plays only the first
N rounds. All agents are truncated after `max_actions` actions (default 20,000, many times the length of
a four-round game of random play). Constructor: `rules=Rules(...)`, `rounds=N`, `reward_mode`,
`reward_scale`, `max_actions`, `render_mode` (`"ansi"` returns text, `"human"` prints it after each
step), `render_seat` (the seat whose view is rendered; `None` shows every card). `reset(seed=...,
options={...})` takes `"scenario"` (a scenario dict or JSON string, in the format of the docstring of
``footcanasta_env.footcanasta.engine.scenario``; ``Game.to_scenario()`` writes one), `"rules"` and `"rounds"` for one
episode; unknown options are ignored with a warning. Without a seed, each reset
draws the next game seed from the generator of the last seeded reset. The observation space's bounds
come from the constructor's rules; a reset with rules of more decks may exceed them.

## Version history

* v0: first release (OBS_VERSION 1, ACTION_VERSION 1).
"""

from __future__ import annotations

from typing import Any

from ...envkit.aec import AGENTS, GameAECEnv, OrderedAECEnv
from ..actions import NUM_ACTIONS, action_name
from ..engine import Game, IllegalActionError
from ..observation import OBS_SIZE, OBS_VERSION, GameEncoder, observation_bounds
from ..rules import Rules
from ..text.render import render_game
from ._episode import reset_options, set_episode_settings, start_episode_game

__all__ = ["AGENTS", "FootCanastaEnv", "env", "raw_env"]


class raw_env(GameAECEnv):
    """Foot Canasta as a PettingZoo AEC env; illegal actions raise ``IllegalActionError``."""

    metadata = {
        "name": "footcanasta_v0",
        "render_modes": ["ansi", "human"],
        "is_parallelizable": False,
        "render_fps": 1,
        "obs_version": OBS_VERSION,
    }
    encoder_class = GameEncoder
    obs_size = OBS_SIZE
    num_actions = NUM_ACTIONS
    illegal_error = IllegalActionError
    label = "footcanasta"
    action_name = staticmethod(action_name)
    render_game = staticmethod(render_game)
    reset_options = staticmethod(reset_options)

    def __init__(self, rules: Rules | dict | None = None, rounds: int | None = None, reward_mode: str = "round",
                 reward_scale: float = 0.001, max_actions: int = 20000, render_mode: str | None = None,
                 render_seat: int | None = 0) -> None:
        super().__init__()
        set_episode_settings(self, rules, rounds, reward_mode, reward_scale, max_actions, render_mode, render_seat)
        self.set_spaces(*observation_bounds(self.rules))

    def start_game(self, options: dict[str, Any], seed: int) -> Game:
        """The episode's game: the default rules cut to ``rounds``, or the options' rules or scenario."""
        return start_episode_game(options, self.base_rules, self.rounds, seed)


class FootCanastaEnv(OrderedAECEnv):
    """``raw_env`` with PettingZoo's order checks, where an illegal action ends the game (team -1/+1)."""


def env(**kwargs: Any) -> FootCanastaEnv:
    """The AEC env for training and evaluation (see the module docstring)."""
    return FootCanastaEnv(raw_env(**kwargs))
