"""The game: rules engine, legality tables, scoring, explanations, views, scenarios and replays.

Pure Python with numpy, free of gymnasium, PettingZoo, torch and web code (``tests/test_engine_purity.py``).
``Game`` is the state of one game with exact legal actions; ``new_game`` deals one from a seed;
``load_scenario`` builds one from a scenario; ``Game.view(seat)`` is all a seat may see (RULES.md 12);
``Game.why_illegal`` says why a move is refused, citing the rule; a ``Replay`` is a seed and the moves.
"""

from ..actions import DRAW_PHASE, PHASE_NAMES, PLAY_PHASE
from ..seeds import daily_seed
from .explain import why_illegal
from .game import Game, IllegalActionError, card_total, new_game
from .replay import (
    REPLAY_FORMAT,
    REPLAY_VERSION,
    Replay,
    ReplayError,
    dealt_game,
    load_replay,
    replay_from_dict,
    reproduce,
)
from .scenario import ScenarioError, load_scenario, parse_meld, to_scenario
from .scoring import score_round
from .view import View, make_view, team_melds
from .worlds import sample_world as sample_world

__all__ = [
    "DRAW_PHASE", "PHASE_NAMES", "PLAY_PHASE", "REPLAY_FORMAT", "REPLAY_VERSION", "Game", "IllegalActionError",
    "Replay", "ReplayError", "ScenarioError", "View", "card_total", "daily_seed", "dealt_game", "load_replay",
    "load_scenario", "make_view", "new_game", "parse_meld", "replay_from_dict", "reproduce", "score_round",
    "team_melds", "to_scenario", "why_illegal",
]
