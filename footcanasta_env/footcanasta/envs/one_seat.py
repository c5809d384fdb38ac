"""A one-seat gymnasium env for single-agent learners (e.g. sb3-contrib's MaskablePPO).

The learner plays one seat, or both seats of a partnership with one shared policy
(``learner_seats=(0, 2)``). The other seats are played inside ``step()`` by opponents given at
construction, until the learner must act again:

* ``opponents=None``: uniformly random legal play, drawn from the env's own seeded generator;
* one spec for every opponent seat, a dict ``{seat: spec}``, or a sequence of specs for the opponent
  seats in seat order; a spec is a bot name for ``make_bot`` (``"random"``, ``"greedy"``, ...), an
  object with ``act(view) -> action id`` (the bot interface), or a plain callable ``f(view) -> id``.

Observation: the ``Box`` of ``footcanasta_env.footcanasta.observation`` (OBS_VERSION 1) for the learner seat to
act. Action: ``Discrete(NUM_ACTIONS)``; ``action_masks()`` gives the exact legal-action mask (the
convention of sb3-contrib), also in ``info["action_mask"]``. Reward: the learner's partnership's, with
the modes of the AEC env (``"round"``: own minus other round score times ``reward_scale`` when a round
ends; ``"win"``: +1/0/-1 when the game ends). A step returns the reward of every action since the
learner's previous action, its own and the opponents', so the rewards of an episode add up to the
partnership's exact total. (A round that ends before the learner's first action, possible only from a
scenario, is paid with the first step.) An illegal learner action ends the episode with reward -1
(plus any reward already earned in that step) and ``info["illegal_action"]``; an opponent's illegal
action is a bug in the opponent and raises ``IllegalActionError``. Episodes end with the game
(terminated) or after ``max_actions`` actions by all seats (truncated).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...envkit.one_seat import GameGymEnv, OpponentSpec, learner_seats_of
from ...envkit.registration import register_gymnasium_envs
from ..actions import NUM_ACTIONS, action_name
from ..bots import make_bot
from ..engine import Game, IllegalActionError
from ..observation import OBS_SIZE, OBS_VERSION, GameEncoder, observation_bounds
from ..rules import Rules
from ..text.render import render_game
from ._episode import reset_options, set_episode_settings, start_episode_game


class FootCanastaGymEnv(GameGymEnv):
    """Foot Canasta from the learner's seat(s), opponents played inside ``step``."""

    metadata = {"render_modes": ["ansi", "human"], "name": "footcanasta_gym_v0", "obs_version": OBS_VERSION}
    encoder_class = GameEncoder
    obs_size = OBS_SIZE
    num_actions = NUM_ACTIONS
    illegal_error = IllegalActionError
    label = "footcanasta"
    action_name = staticmethod(action_name)
    render_game = staticmethod(render_game)
    reset_options = staticmethod(reset_options)
    make_bot = staticmethod(make_bot)

    def __init__(self, learner_seats: int | Sequence[int] = 0, opponents: OpponentSpec = None,
                 rules: Rules | dict | None = None, rounds: int | None = None, reward_mode: str = "round",
                 reward_scale: float = 0.001, max_actions: int = 20000, render_mode: str | None = None,
                 render_seat: int | None = None, opponent_seed: int | None = None) -> None:
        super().__init__()
        seats = learner_seats_of(learner_seats)
        set_episode_settings(self, rules, rounds, reward_mode, reward_scale, max_actions, render_mode, render_seat)
        self.setup(seats, opponents, opponent_seed, *observation_bounds(self.rules))

    def start_game(self, options: dict[str, Any], seed: int) -> Game:
        """The episode's game: the default rules cut to ``rounds``, or the options' rules or scenario."""
        return start_episode_game(options, self.base_rules, self.rounds, seed)


register_gymnasium_envs()  # usually done already, when gymnasium loaded (see registration.py)
