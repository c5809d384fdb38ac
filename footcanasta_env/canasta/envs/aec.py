"""# Canasta (``canasta_v0``): a PettingZoo AEC environment

Classic Canasta, with the rules of CANASTA_RULES.md (``docs/CANASTA.md``): the four-player partnership game
by default, and every other table of section 14 with `canasta.env(rules=canasta.Rules(players=N))` (see
"Table sizes" below). The table below is the four-player env's.

| Import             | `from footcanasta_env import canasta; canasta.env()` (or `canasta_v0.env()`) |
|--------------------|-------------------------------------------------------|
| Actions            | Discrete                                              |
| Parallel API       | No                                                    |
| Agents             | `['player_0', 'player_1', 'player_2', 'player_3']`    |
| Teams              | player_0 + player_2 (South/North), player_1 + player_3 |
| Action shape       | Discrete(85)                                          |
| Observation        | Dict: `observation` float32 (386,), `action_mask` int8 (85,) |

`player_0` .. `player_3` are the seats South, West, North and East; partners sit opposite. A turn is
several actions by the same player (draw or take the pile, any melds, one discard), so
`agent_selection` is read from the engine after every step; do not assume it rotates.

## Table sizes

`rules=Rules(players=N)` (N = 2, 3, 4, 6; `sides=3` for six players in three sides of two) gives agents
`player_0` .. `player_{N-1}` (seat 0 South, then clockwise), the same actions, and an observation laid out
for that table (``canasta.layout_of(rules)``; every size's index table is in the docstring of
``footcanasta_env.canasta.observation.sizes``): the blocks below with one seat block and one pile read per
relative seat (me, then clockwise) and one side's melds and TEAM block per relative side (mine first).

| players | sides | agents | observation | `hidden_cards` |
|---------|-------|--------|-------------|----------------|
| 2       | 2 of one | 2   | float32 (294,) | 45 |
| 3       | 3 of one | 3   | float32 (393,) | 60 |
| 4       | 2 of two | 4   | float32 (386,) | 75 |
| 6       | 2 of three | 6 | float32 (478,) | 105 |
| 6       | 3 of two | 6   | float32 (531,) | 105 |

Rewards are zero-sum across the sides and equal within one: with two sides as below, with three sides
each side's own score minus the mean of the other two (``envkit.reward.side_rewards``). An env plays
one size: a reset whose rules or scenario are of another size is refused, naming both.

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
(OBS_VERSION 2, 386 features) is the index table of ``footcanasta_env.canasta.observation``:

| index   | feature                                                                       |
|---------|-------------------------------------------------------------------------------|
| 0-13    | own held cards per kind (4 .. A, 2, JK, B3)                                    |
| 14-58   | own set-aside melds per rank (while acting before the team's initial meld) and their value |
| 59-111  | own team: melds per rank, red threes, down, canastas, melded value, pile frozen, minimum, score |
| 112-164 | other team, the same                                                          |
| 165-194 | pile: top card one-hot (or empty), size, contents per kind                     |
| 195-266 | per relative seat: cards held, to act, dealer, has melded, public pickup memory per kind |
| 267-273 | stock size, round, last round (by the cap), target, phase, over               |
| 274-385 | per relative seat: the pile read, the kinds it discarded and drew over since the pile was last taken |

``hidden_cards(game, seat)`` (``HIDDEN_CARDS_SIZE`` 75) gives what the seat cannot see, for a critic in
training only.

## Rewards

Zero-sum between the partnerships (sides) and equal within one; three sides: see "Table sizes".

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

* v0: first release (OBS_VERSION 1, ACTION_VERSION 1); OBS_VERSION 2 (before Canasta's first finished
  release) adds the pile read after the first 274 features, which are unchanged.
"""

from __future__ import annotations

from typing import Any

from ...envkit.aec import AGENTS, GameAECEnv, OrderedAECEnv
from ..actions import NUM_ACTIONS, action_name
from ..engine import Game, IllegalActionError
from ..observation import OBS_SIZE, OBS_VERSION, GameEncoder, layout_of, observation_bounds
from ..rules import Rules
from ..text.render import render_game
from ._episode import reset_options, round_cap, set_episode_settings, start_episode_game

__all__ = ["AGENTS", "CanastaEnv", "env", "raw_env"]


class raw_env(GameAECEnv):
    """Canasta as a PettingZoo AEC env; illegal actions raise ``IllegalActionError``."""

    metadata = {
        "name": "canasta_v0",
        "render_modes": ["ansi", "human"],
        "is_parallelizable": False,
        "render_fps": 1,
        "obs_version": OBS_VERSION,
    }
    encoder_class = GameEncoder
    obs_size = OBS_SIZE
    num_actions = NUM_ACTIONS
    illegal_error = IllegalActionError
    label = "canasta"
    action_name = staticmethod(action_name)
    render_game = staticmethod(render_game)
    reset_options = staticmethod(reset_options)

    def __init__(self, rules: Rules | dict | None = None, max_rounds: int | None = None, reward_mode: str = "round",
                 reward_scale: float = 0.001, max_actions: int = 20000, render_mode: str | None = None,
                 render_seat: int | None = 0, rounds: int | None = None) -> None:
        super().__init__()
        cap = round_cap(max_rounds, rounds, "canasta env")
        set_episode_settings(self, rules, cap, reward_mode, reward_scale, max_actions, render_mode, render_seat)
        self.obs_size = layout_of(self.rules).size  # the size's (OBS_SIZE at four players)
        self.set_spaces(*observation_bounds(self.rules))

    def start_game(self, options: dict[str, Any], seed: int) -> Game:
        """The episode's game: the env's rules (with its round cap), or the options' rules or scenario."""
        return start_episode_game(options, self.rules, self.max_rounds, seed)


class CanastaEnv(OrderedAECEnv):
    """``raw_env`` with PettingZoo's order checks, where an illegal action ends the game (team -1/+1)."""


def env(**kwargs: Any) -> CanastaEnv:
    """The AEC env for training and evaluation (see the module docstring)."""
    return CanastaEnv(raw_env(**kwargs))
