"""footcanasta_env: Foot Canasta (Hand and Foot) and classic Canasta, two games of the Canasta family: rules
engines, PettingZoo and Gymnasium environments, bots, and play in the terminal and the browser.

The house, one room per concern (each subpackage's ``__init__`` says what it owns):

* the game-generic root: ``games`` (the game lookup: ``get_game(name)``, the game interface, each game's
  ``manifest``; ``_GAMES`` is the one list of the built-in games), ``family`` (what the games of the family
  share, once: the table's geometry of seats and sides, what a game registers in its manifest, the card
  kinds, the four-seat helpers, the bot registry), ``replays`` (replay files of any game), ``arrayfile``
  (the plain-array file format, never unpickled, and the numpy MLP of policies, values and trainer
  checkpoints), ``policyfile`` (policy files of any game), ``envkit`` (the AEC and one-seat envs every game's
  envs subclass, the team reward, and the gymnasium registration of every manifest's ids), ``seeds`` (every
  seed derivation), ``messages`` (texts as an id and parameters, what engines raise), ``i18n`` (the
  languages: catalogs, choosing one, numbers, the rule books), ``cli`` (the ``footcanasta`` command);
* the games, each a package in the family's shape (``rules``, ``actions``, ``engine``, ``observation``,
  ``bots``, ``text``, ``envs``, ``data``, and its face with the game interface and its ``MANIFEST``):
  ``footcanasta`` (Foot Canasta, also ``melds``) and ``canasta`` (classic Canasta); ``footcanasta_v0`` and
  ``canasta_v0`` are their ``env`` / ``raw_env`` (PettingZoo's versioned modules);
* the game-generic layers, which reach a game only through ``games``: ``evaluation`` (duplicate matches,
  leagues, plots, move review), ``table`` (one person against bots: the core of the terminal and the
  browser), ``play`` (the terminal game), ``web`` (the browser game, ``footcanasta serve``);
* ``openspiel``: both games registered as OpenSpiel Python games (``footcanasta``, ``canasta``), with the
  house's bots as OpenSpiel bots; it needs the ``openspiel`` extra and is imported only when asked for.

The engine names load at once and stay free of RL libraries; ``env``, ``make_bot`` and the gymnasium
env load their modules when first asked for.

The one-seat env is registered with gymnasium as ``footcanasta/FootCanasta-v0`` (``GYM_ENV_ID``): after
``import footcanasta_env``, ``gymnasium.make("footcanasta/FootCanasta-v0", learner_seats=(0, 2),
opponents="expert")`` works whichever of the two was imported first (``envkit/registration.py`` says how;
every game's ids come from its manifest), and importing this package still loads no gymnasium.
"""

from .envkit.registration import GYM_ENV_ID, register_gymnasium_envs, register_when_gymnasium_loads
from .family.cards import KINDS
from .family.face import late_names
from .family.seats import SEAT_NAMES, TEAM_NAMES, left_of, partner_of, team_of
from .footcanasta.actions import ACTION_NAMES, ACTION_VERSION, NUM_ACTIONS, action_id, action_name
from .footcanasta.engine import Game, IllegalActionError, ScenarioError, View, load_scenario, new_game, sample_world
from .footcanasta.rules import DEFAULT_RULES, Rules
from .seeds import daily_seed

__version__ = "0.3.1"

__all__ = [
    "ACTION_NAMES", "ACTION_VERSION", "DEFAULT_RULES", "Game", "IllegalActionError", "KINDS", "NUM_ACTIONS",
    "Rules", "SEAT_NAMES", "ScenarioError", "TEAM_NAMES", "View", "action_id", "action_name", "bot_names",
    "daily_seed", "env", "FootCanastaGymEnv", "left_of", "load_scenario", "make_bot", "new_game", "partner_of",
    "raw_env", "team_of", "GYM_ENV_ID", "register_gymnasium_envs", "sample_world",
]

# The envs import gymnasium and PettingZoo, the bots a policy format: load them only when asked for.
__getattr__ = late_names(__name__, {
    "env": (".footcanasta.envs.aec", "env"), "raw_env": (".footcanasta.envs.aec", "raw_env"),
    "FootCanastaGymEnv": (".footcanasta.envs.one_seat", "FootCanastaGymEnv"),
    "make_bot": (".footcanasta.bots.registry", "make_bot"), "bot_names": (".footcanasta.bots.registry", "bot_names")})


register_when_gymnasium_loads()  # the one thing done at import: gymnasium may be loaded before or after
