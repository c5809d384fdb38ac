"""Classic Canasta's rules engine: state, legality, melding, turns, rounds, scoring, views, scenarios.

Pure Python with numpy, free of gymnasium, PettingZoo, torch and web code, and of Foot Canasta's engine:
it shares only the house's root vocabulary (``cards``, ``seats``, ``seeds``). ``Game`` is the state of
one game with exact legal actions; ``new_game`` deals one from a seed; ``load_scenario`` builds one from
a scenario; ``Game.view(seat)`` is all a seat may see; ``Game.why_illegal`` says why a move is refused,
citing the rule of CANASTA_RULES.md; ``sample_world(view, rng)`` (``worlds``) deals a complete game consistent
with one seat's view (determinization, for search and OpenSpiel's ``resample_from_infostate``).

Its modules: ``state`` (the slots of a state, the card totals, the scenario writer), ``legality`` (the legal
actions), ``melding`` and ``turn`` (what an action does), ``rounds`` (deals and round ends), ``scoring``,
``view``, ``scenario`` (the reader), ``explain`` (refusals naming the rule), ``worlds`` and ``game``.
"""

from ...family.game import IllegalActionError, why_illegal
from .game import Game, new_game
from .scenario import ScenarioError, load_scenario, parse_meld
from .scoring import score_round
from .state import State, card_total, to_scenario
from .view import View, make_view, team_melds
from .worlds import sample_world

__all__ = [
    "Game", "IllegalActionError", "ScenarioError", "State", "View", "card_total", "load_scenario", "make_view",
    "new_game", "parse_meld", "sample_world", "score_round", "team_melds", "to_scenario", "why_illegal",
]
