"""Evaluation of any game of the house: duplicate matches between bots, leagues with Elo ratings, plots,
move reviews, and their commands.

Every entry point takes the game by name (``game="footcanasta"`` by default) and reaches it only through
``footcanasta_env.games``. ``match`` states the method (duplicate deals, confidence intervals over deals)
and plays matches, ``league`` plays every pair and fits ratings, ``plots`` draws reports, ``cli`` is
``footcanasta evaluate`` and ``footcanasta league``, ``review`` is ``footcanasta review`` (each decision of a
replay rated by the game's move rater, or against its strongest bot).
"""

from ..seeds import deal_seed, match_bot_seed
from .league import LeagueReport, fit_elo, league
from .match import (
    Z95,
    DealTask,
    GameRecord,
    MatchReport,
    evaluate,
    mean_ci,
    play_bots_game,
    play_deal,
    seating,
    seating_counts,
    wilson,
)
from .plots import plot_league, plot_match

__all__ = [
    "Z95", "DealTask", "GameRecord", "LeagueReport", "MatchReport", "deal_seed", "evaluate", "fit_elo", "league",
    "match_bot_seed", "mean_ci", "play_bots_game", "play_deal", "plot_league", "plot_match", "seating",
    "seating_counts", "wilson",
]
