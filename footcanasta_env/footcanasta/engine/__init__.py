"""The game: rules engine, legality tables, scoring, explanations, views, scenarios and worlds.

Pure Python with numpy, free of gymnasium, PettingZoo, torch and web code (``tests/house/test_engine_purity.py``).
``Game`` is the state of one game with exact legal actions; ``new_game`` deals one from a seed;
``load_scenario`` builds one from a scenario; ``Game.view(seat)`` is all a seat may see (RULES.md 12);
``Game.why_illegal`` says why a move is refused, citing the rule;

Modules, each importing only those before it: ``masks`` (lookup tables), ``state`` (the slots, their
table, ``clone``, the scenario writer), ``legality``, ``rounds``, ``melding``, ``turn`` (plain functions
over the state), ``game`` (``Game``, ``new_game``); beside them ``scoring``, ``view``, ``explain``,
``scenario`` (the reader) and ``worlds`` (``sample_world``: a complete game consistent with one seat's
view). Replay files are game-generic: ``footcanasta_env.replays``.
"""

from ...family.game import IllegalActionError, why_illegal
from ...seeds import daily_seed
from ..actions import DRAW_PHASE, PHASE_NAMES, PLAY_PHASE
from .game import Game, new_game
from .legality import aside_counts
from .scenario import ScenarioError, load_scenario, parse_meld
from .scoring import score_round
from .state import State, card_total, to_scenario
from .view import View, make_view, team_melds
from .worlds import sample_world as sample_world

__all__ = [
    "DRAW_PHASE", "PHASE_NAMES", "PLAY_PHASE", "Game", "IllegalActionError",
    "ScenarioError", "State", "View", "aside_counts", "card_total", "daily_seed",
    "load_scenario", "make_view", "new_game", "parse_meld", "score_round", "team_melds", "to_scenario", "why_illegal",
]
