"""The house's games as registered OpenSpiel Python games: ``footcanasta`` and ``canasta``.

``import footcanasta_env.openspiel`` registers both (it needs the ``open_spiel`` package: ``pip install
"footcanasta[openspiel]"``); then ``pyspiel.load_game("footcanasta(rounds=1)")`` or
``pyspiel.load_game("canasta", {"max_rounds": 1, "reward": "round"})`` give games that OpenSpiel's algorithms
and tests run on, the engines unchanged underneath. Canasta plays every table of CANASTA_RULES.md section 14:
``pyspiel.load_game("canasta(players=2)")``, ``players=3``, ``players=6``, ``canasta(players=6,sides=3)``.
docs/openspiel.md is the page for people.

Its rooms: ``params`` (the parameters, checked with the rules' own messages, and the derived bounds of
``GameInfo``), ``state`` (a game in progress: the deal as the root's chance node, the engine's actions and
names, rewards, ``resample_from_infostate`` by the house's ``sample_world``), ``observer`` (information
state and observations: the encoder's tensor and the view's text, public or with the seat's own cards),
``game`` (``GameType``, ``GameInfo``, the game classes and ``register``) and ``bots`` (the house's bots as
``pyspiel.Bot``s, OpenSpiel's bots as house bots, OpenSpiel's ISMCTS set up for our games, and a PIMC bot).

It imports the engines through the game lookup (``footcanasta_env.games``); nothing in the engines imports it.
"""

from __future__ import annotations

from .bots import HouseBot, PIMCBot, RolloutEvaluator, SpielPlayer, ismcts_bot
from .game import CanastaFamilyGame, game_info, game_type, load_game, register
from .params import NUM_DEALS, Config, make_config, max_game_length, round_bound, utility_bound
from .state import CanastaFamilyState, IllegalMoveError

__all__ = [
    "CanastaFamilyGame", "CanastaFamilyState", "Config", "HouseBot", "IllegalMoveError", "NUM_DEALS", "PIMCBot",
    "RolloutEvaluator", "SpielPlayer", "game_info", "game_type", "ismcts_bot", "load_game", "make_config",
    "max_game_length", "register", "round_bound", "utility_bound",
]

register()
