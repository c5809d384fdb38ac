"""A one-seat gymnasium env of Canasta for single-agent learners (e.g. sb3-contrib's MaskablePPO).

Registered with gymnasium as ``footcanasta/Canasta-v0`` (``canasta.envs.GYM_ENV_ID``), at any table size
of section 14 (``rules=Rules(players=2)``). The learner plays one seat, or every seat of one side with one
shared policy (``learner_seats=(0, 2)`` at four players; ``(0, 2, 4)`` at six, ``(0, 3)`` at six in three
sides). The other seats are played inside ``step()`` by opponents given at construction, until the learner
must act again:

* ``opponents=None``: uniformly random legal play, drawn from the env's own seeded generator;
* one spec for every opponent seat, a dict ``{seat: spec}``, or a sequence of specs for the opponent
  seats in seat order; a spec is a Canasta bot name for ``canasta.make_bot``, an object with
  ``act(view) -> action id`` (the bot interface), or a plain callable ``f(view) -> id``.

Observation: the ``Box`` of ``footcanasta_env.canasta.observation`` (OBS_VERSION 2; its size's layout,
``layout_of(rules)``) for the learner seat to act. Action: ``Discrete(NUM_ACTIONS)``; ``action_masks()``
gives the exact legal-action mask (the convention of sb3-contrib), also in ``info["action_mask"]``.
Reward, rules, ``max_rounds`` (or ``rounds``) and reset options: as the AEC env's (``aec.py``, the
documentation page). A step returns the reward of every action since the learner's previous action, its
own and the opponents', so the rewards of an episode add up to the learner side's exact zero-sum total.
An illegal learner action ends the episode with reward -1 (plus any reward already earned in that step)
and ``info["illegal_action"]``; an opponent's illegal action is a bug in the opponent and raises
``IllegalActionError``. Episodes end with the game
(terminated) or after ``max_actions`` actions by all seats (truncated).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...envkit.one_seat import GameGymEnv, OpponentSpec, learner_seats_of
from ..actions import NUM_ACTIONS, action_name
from ..engine import Game, IllegalActionError
from ..observation import OBS_SIZE, OBS_VERSION, GameEncoder, layout_of, observation_bounds
from ..rules import Rules
from ..text.render import render_game
from ._episode import reset_options, round_cap, set_episode_settings, start_episode_game


class CanastaGymEnv(GameGymEnv):
    """Canasta from the learner's seat(s), opponents played inside ``step``."""

    metadata = {"render_modes": ["ansi", "human"], "name": "canasta_gym_v0", "obs_version": OBS_VERSION}
    encoder_class = GameEncoder
    obs_size = OBS_SIZE
    num_actions = NUM_ACTIONS
    illegal_error = IllegalActionError
    label = "canasta"
    action_name = staticmethod(action_name)
    render_game = staticmethod(render_game)
    reset_options = staticmethod(reset_options)

    def __init__(self, learner_seats: int | Sequence[int] = 0, opponents: OpponentSpec = None,
                 rules: Rules | dict | None = None, max_rounds: int | None = None, reward_mode: str = "round",
                 reward_scale: float = 0.001, max_actions: int = 20000, render_mode: str | None = None,
                 render_seat: int | None = None, opponent_seed: int | None = None,
                 rounds: int | None = None) -> None:
        super().__init__()
        seats = learner_seats_of(learner_seats)
        cap = round_cap(max_rounds, rounds, "canasta gym env")
        set_episode_settings(self, rules, cap, reward_mode, reward_scale, max_actions, render_mode, render_seat)
        self.obs_size = layout_of(self.rules).size  # the size's (OBS_SIZE at four players)
        self.setup(seats, opponents, opponent_seed, *observation_bounds(self.rules))

    def make_bot(self, name: str, seed: int | None = None) -> Any:
        """A Canasta bot by name for this env's table size (the bots load only when an opponent is named), so
        that a bot which cannot play the size is refused here, by name, rather than at its first move."""
        from ..bots import make_bot

        return make_bot(name, seed=seed, rules=self.rules)

    def start_game(self, options: dict[str, Any], seed: int) -> Game:
        """The episode's game: the env's rules (with its round cap), or the options' rules or scenario."""
        return start_episode_game(options, self.rules, self.max_rounds, seed)
