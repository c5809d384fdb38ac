"""The registered OpenSpiel games ``footcanasta`` and ``canasta``: their ``GameType``, ``GameInfo`` and game class.

Sequential, imperfect information, zero-sum between the sides, explicit chance at the root (the deal;
later cards are sampled from the dealt game's own generator, see ``state``), terminal or per-round
rewards (``params``). Foot Canasta seats four; Canasta two, three, four or six (its ``players`` and
``sides`` parameters: CANASTA_RULES.md section 14), each seat paid its side's zero-sum share.
``register()`` makes both known to ``pyspiel.load_game``; importing ``footcanasta_env.openspiel`` calls it.
``load_game(name, rules, **params)`` loads one with a ``Rules`` object.
"""

from __future__ import annotations

from typing import Any

import pyspiel

from .observer import ViewObserver
from .params import (
    GAMES,
    NUM_DEALS,
    Config,
    make_config,
    max_game_length,
    parameter_specification,
    player_counts,
    rules_parameter,
    size_parameters,
    utility_bound,
)
from .state import CanastaFamilyState

TITLES = {"footcanasta": "Foot Canasta (Hand and Foot), footcanasta_env", "canasta": "Canasta, footcanasta_env"}


def game_type(name: str) -> pyspiel.GameType:
    """OpenSpiel's description of game ``name``."""
    reward = pyspiel.GameType.RewardModel.REWARDS  # rewards() is right in both modes; returns() too
    fewest, most = player_counts(name)
    return pyspiel.GameType(
        short_name=name,
        long_name=TITLES[name],
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=reward,
        max_num_players=most,
        min_num_players=fewest,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameter_specification(name),
    )


def game_info(cfg: Config) -> pyspiel.GameInfo:
    """The true bounds of a game with these settings (``params`` derives them)."""
    bound = utility_bound(cfg)
    return pyspiel.GameInfo(
        num_distinct_actions=cfg.module.NUM_ACTIONS,
        max_chance_outcomes=NUM_DEALS,
        num_players=cfg.players,
        min_utility=-bound,
        max_utility=bound,
        utility_sum=0.0,
        max_game_length=max_game_length(cfg),
    )


class CanastaFamilyGame(pyspiel.Game):
    """A game of the Canasta family for OpenSpiel; its settings are its ``Config``."""

    short_name = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        cfg = make_config(self.short_name, dict(params or {}))
        super().__init__(game_type(self.short_name), game_info(cfg), params or {})
        self.config = cfg

    def new_initial_state(self) -> CanastaFamilyState:
        """The root: the deal, a chance node."""
        return CanastaFamilyState(self, self.config)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> ViewObserver:
        """The observer of ``iig_obs_type`` (default: the seat's view, private and public)."""
        return ViewObserver(self.config.module, self.config.obs_size,
                            iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params)

    def max_chance_nodes_in_history(self) -> int:
        """One: the deal."""
        return 1


class FootCanastaGame(CanastaFamilyGame):
    """``footcanasta`` for OpenSpiel."""

    short_name = "footcanasta"


class CanastaGame(CanastaFamilyGame):
    """``canasta`` for OpenSpiel."""

    short_name = "canasta"


CLASSES = {"footcanasta": FootCanastaGame, "canasta": CanastaGame}


def register() -> None:
    """Register every game with OpenSpiel (once; a second call does nothing)."""
    known = set(pyspiel.registered_names())
    for name in GAMES:
        if name not in known:
            pyspiel.register_game(game_type(name), CLASSES[name])


def load_game(name: str, rules: Any = None, **params: Any) -> pyspiel.Game:
    """``pyspiel.load_game`` of one of our games, its rules given as the game's ``Rules`` object (written into
    the ``rules`` parameter, its table's size into ``players`` and ``sides``), the other parameters by name:
    ``load_game("canasta", Rules(target=3000), max_rounds=3)``, ``load_game("canasta", Rules(players=6, sides=3))``.
    A ``players`` or ``sides`` parameter that contradicts the ``Rules`` object is refused."""
    if rules is None:
        return pyspiel.load_game(name, params)
    params["rules"] = rules_parameter(rules)
    for key, value in size_parameters(rules).items():
        params.setdefault(key, value)
    if getattr(rules, "max_rounds", None) is not None:  # Canasta: the rules' cap, unless given as a parameter
        params.setdefault("max_rounds", rules.max_rounds)
    game = pyspiel.load_game(name, params)
    size, wanted = size_parameters(game.config.rules), size_parameters(rules)
    if size != wanted:
        raise ValueError(f"load_game: the parameters give {size or 'four players'}, "
                         f"the rules {wanted or 'four players'}")
    return game
