"""Envs for any registered game from the game interface alone: ``game_env(name)`` and ``game_gym_env(name)``.

The games of the house have envs of their own, with a fast incremental encoder and their own options
(``footcanasta_env.envs``, ``footcanasta_env.canasta.envs``). A game that offers only the interface of
``footcanasta_env.games`` (a new game of the family, or the tests' toy at two or three seats) gets the same
AEC and one-seat envs here: observations are ``encode(view(seat))``, the mask is ``legal_actions()``, the
agents and the zero-sum side rewards come from its ``geometry(rules)``, and an illegal action is the
``ValueError`` every game raises for a refused move. Observations are unbounded (the interface states no
bounds). Options: ``rules`` (the game's ``Rules``), ``reward_mode`` (``"round"`` or ``"win"``),
``reward_scale``, ``max_actions``, ``render_mode`` (``"ansi"`` or ``"human"``: the game's table text),
``render_seat``; the one-seat env also ``learner_seats``, ``opponents`` and ``opponent_seed``. ``reset``
takes ``options={"scenario": spec}`` (the game's ``load_scenario``).
"""

from __future__ import annotations

import warnings
from functools import partial
from typing import Any

import numpy as np

from ..games import GameModule, get_game
from .aec import GameAECEnv, OrderedAECEnv
from .one_seat import GameGymEnv, OpponentSpec

REWARD_MODES = ("round", "win")
RENDER_MODES = ["ansi", "human"]


class ViewEncoder:
    """The incremental-encoder protocol of the envs over a game's plain ``encode(view)``: nothing cached."""

    def __init__(self, module: GameModule, game: Any) -> None:
        self.module, self.game = module, game

    def observe(self, seat: int) -> np.ndarray:
        """``seat``'s observation, as float32."""
        return np.asarray(self.module.encode(self.game.view(seat)), dtype=np.float32)

    def reset(self, game: Any) -> None:
        """Encode another game from now on."""
        self.game = game

    def invalidate(self, action: int | None = None) -> None:
        """Nothing is cached, so nothing goes stale."""


def _settings(env: Any, module: GameModule, rules: Any, reward_mode: str, reward_scale: float, max_actions: int,
              render_mode: str | None, render_seat: int | None) -> None:
    """Check the options both generic envs share and set them, with the game's pieces, on ``env``."""
    if rules is not None and not isinstance(rules, module.Rules):
        raise ValueError(f"rules must be {module.TITLE}'s Rules, got {type(rules).__name__}")
    if reward_mode not in REWARD_MODES:
        raise ValueError(f"reward_mode must be one of {REWARD_MODES}, got {reward_mode!r}")
    if render_mode is not None and render_mode not in RENDER_MODES:
        raise ValueError(f"render_mode must be one of {RENDER_MODES} or None, got {render_mode!r}")
    seats = module.geometry(rules).seats
    if render_seat is not None and render_seat not in range(seats):
        raise ValueError(f"render_seat must be a seat 0 to {seats - 1} or None (all seats), got {render_seat!r}")
    if isinstance(max_actions, bool) or not isinstance(max_actions, int) or max_actions < 1:
        raise ValueError(f"max_actions must be a positive whole number, got {max_actions!r}")
    env.module, env.rules = module, rules
    env.game_name = env.label = module.NAME
    env.encoder_class = partial(ViewEncoder, module)
    env.obs_size, env.num_actions = int(module.OBS_SIZE), int(module.NUM_ACTIONS)
    env.illegal_error = ValueError  # the interface's refused move
    env.action_name = module.action_name
    env.reward_mode, env.reward_scale, env.max_actions = reward_mode, float(reward_scale), max_actions
    env.render_mode, env.render_seat = render_mode, render_seat
    env.metadata = {"name": f"{module.NAME}_generic_v0", "render_modes": RENDER_MODES, "is_parallelizable": False,
                    "render_fps": 1, "obs_version": module.OBS_VERSION}


def _bounds(module: GameModule) -> tuple[np.ndarray, np.ndarray]:
    size = int(module.OBS_SIZE)
    return np.full(size, -np.inf, dtype=np.float32), np.full(size, np.inf, dtype=np.float32)


class _Episode:
    """What both generic envs do the same way: reset options, the episode's game, the rendering."""

    module: GameModule
    rules: Any
    geometry: Any

    def reset_options(self, options: dict | None) -> dict[str, Any]:
        opts = dict(options) if options else {}
        unknown = sorted(k for k in opts if k != "scenario")
        if unknown:
            warnings.warn(f"{self.module.NAME} reset: ignoring unknown option(s) {', '.join(map(repr, unknown))} "
                          f"(known: 'scenario')", stacklevel=3)
        return opts

    def start_game(self, options: dict[str, Any], seed: int) -> Any:
        """The episode's game: dealt from ``seed`` under the env's rules, or ``options["scenario"]``."""
        if "scenario" in options:
            return self.module.load_scenario(options["scenario"], seed)
        return self.module.new_game(seed, self.rules)

    def render_game(self, game: Any, seat: int | None) -> str:
        """The table text's screen of ``seat`` (``None``: every seat's, one after the other)."""
        text = self.module.table_text()
        shown = range(self.geometry.seats) if seat is None else (seat,)
        return "\n\n".join(text.render_screen(game.view(s)) for s in shown)


class GenericAECEnv(_Episode, GameAECEnv):
    """Any registered game as a PettingZoo AEC env; illegal actions raise ``ValueError``."""

    def __init__(self, game: str, rules: Any = None, reward_mode: str = "round", reward_scale: float = 0.001,
                 max_actions: int = 20000, render_mode: str | None = None, render_seat: int | None = 0) -> None:
        super().__init__()
        _settings(self, get_game(game), rules, reward_mode, reward_scale, max_actions, render_mode, render_seat)
        self.set_spaces(*_bounds(self.module))

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """``agent``'s observation and action mask (the game's ``legal_actions``; new arrays)."""
        game, seat = self.game, self._agent_seat[agent]
        mask = np.zeros(self.num_actions, dtype=np.int8)
        if seat == game.current_player and not game.is_over:
            mask[list(game.legal_actions())] = 1
        return {"observation": self._encoder.observe(seat), "action_mask": mask}


class GenericGymEnv(_Episode, GameGymEnv):
    """Any registered game from the learner's seat(s), opponents played inside ``step``."""

    def __init__(self, game: str, learner_seats: int | tuple[int, ...] = 0, opponents: OpponentSpec = None,
                 rules: Any = None, reward_mode: str = "round", reward_scale: float = 0.001, max_actions: int = 20000,
                 render_mode: str | None = None, render_seat: int | None = None,
                 opponent_seed: int | None = None) -> None:
        super().__init__()
        module = get_game(game)
        _settings(self, module, rules, reward_mode, reward_scale, max_actions, render_mode, render_seat)
        self.make_bot = module.make_bot
        self.setup(learner_seats, opponents, opponent_seed, *_bounds(module))


def game_env(game: str, **kwargs: Any) -> OrderedAECEnv:
    """The AEC env of the registered game ``game`` with PettingZoo's order checks (an illegal action ends the
    game, its side -1); ``kwargs``: ``GenericAECEnv``'s options."""
    return OrderedAECEnv(GenericAECEnv(game, **kwargs))


def game_gym_env(game: str, **kwargs: Any) -> GenericGymEnv:
    """The one-seat gymnasium env of the registered game ``game``; ``kwargs``: ``GenericGymEnv``'s options."""
    return GenericGymEnv(game, **kwargs)
