"""footcanasta_env: Foot Canasta (Hand and Foot) rules engine, PettingZoo environment and bots.

The house, one room per concern (each subpackage's ``__init__`` says what it owns):

* root: the shared vocabulary: ``cards``, ``seats``, ``rules``, ``actions`` (and the turn's phases),
  ``melds``, ``seeds``, ``render`` (the text face of a view), ``cli``;
* ``engine``: the game (state, legality, rounds, melding, turns, scoring, views, scenarios, replays);
* ``observation``: the observation layout and its two encoders;
* ``bots``: the registry and every bot; ``envs``: the AEC and one-seat envs;
* ``evaluation``: duplicate matches and leagues; ``play``: the terminal game.

The engine names load at once and stay free of RL libraries; ``env``, ``make_bot`` and the gymnasium
env load their modules when first asked for.

The one-seat env is registered with gymnasium as ``footcanasta/FootCanasta-v0`` (``GYM_ENV_ID``): after
``import footcanasta_env``, ``gymnasium.make("footcanasta/FootCanasta-v0", learner_seats=(0, 2),
opponents="expert")`` works whichever of the two was imported first, and without the import
``gymnasium.make("footcanasta_env:footcanasta/FootCanasta-v0", ...)`` imports the package itself.
(Gymnasium 1.x has no entry-point plugins any more: it loads an env's package only through that
``module:`` prefix.) Since importing this package must not import gymnasium, registration waits for
gymnasium's import when gymnasium is not loaded yet.
"""

import importlib.abc as _abc
import importlib.util as _util
import sys as _sys
import warnings as _warnings

from .actions import ACTION_NAMES, ACTION_VERSION, NUM_ACTIONS, action_id, action_name
from .cards import KINDS
from .engine import Game, IllegalActionError, ScenarioError, View, load_scenario, new_game, sample_world
from .rules import DEFAULT_RULES, Rules
from .seats import SEAT_NAMES, TEAM_NAMES, left_of, partner_of, team_of
from .seeds import daily_seed

__version__ = "0.1.0"

__all__ = [
    "ACTION_NAMES", "ACTION_VERSION", "DEFAULT_RULES", "Game", "IllegalActionError", "KINDS", "NUM_ACTIONS",
    "Rules", "SEAT_NAMES", "ScenarioError", "TEAM_NAMES", "View", "action_id", "action_name", "bot_names",
    "daily_seed", "env", "FootCanastaGymEnv", "left_of", "load_scenario", "make_bot", "new_game", "partner_of",
    "raw_env", "team_of", "GYM_ENV_ID", "register_gymnasium_envs", "sample_world",
]

_LAZY = {"env": "envs.aec", "raw_env": "envs.aec", "FootCanastaGymEnv": "envs.one_seat", "make_bot": "bots.registry",
         "bot_names": "bots.registry"}


def __getattr__(name: str):
    # The envs import gymnasium and PettingZoo, the bots a policy format: load them only when asked for.
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(f"{__name__}.{_LAZY[name]}"), name)
    raise AttributeError(f"module 'footcanasta_env' has no attribute {name!r}")


GYM_ENV_ID = "footcanasta/FootCanasta-v0"


def register_gymnasium_envs() -> None:
    """Register the one-seat env with gymnasium as ``GYM_ENV_ID`` (once; later calls do nothing)."""
    from gymnasium.envs.registration import register, registry

    if GYM_ENV_ID not in registry:
        register(id=GYM_ENV_ID, entry_point="footcanasta_env.envs.one_seat:FootCanastaGymEnv")


class _RegisterWhenGymnasiumLoads(_abc.MetaPathFinder):
    """A one-shot import hook: once gymnasium's own module has run, register the env with it."""

    def find_spec(self, fullname, path=None, target=None):
        if fullname != "gymnasium":
            return None
        if self in _sys.meta_path:
            _sys.meta_path.remove(self)
        spec = _util.find_spec(fullname)  # the ordinary finders, this one gone
        loader = getattr(spec, "loader", None)
        if loader is None or not hasattr(loader, "exec_module"):
            return spec
        run = loader.exec_module

        def exec_module(module):
            try:
                del loader.exec_module  # back to the loader's own method (the loader may serve other modules)
            except AttributeError:
                pass
            run(module)
            try:
                register_gymnasium_envs()
            except Exception as e:  # noqa: BLE001 - never break gymnasium's import over a registration
                _warnings.warn(f"footcanasta_env: could not register {GYM_ENV_ID} with gymnasium: {e}", stacklevel=2)

        try:
            loader.exec_module = exec_module
        except (AttributeError, TypeError):  # a loader that takes no attributes: import footcanasta_env.envs
            pass  # (or pass the footcanasta_env: prefix to gymnasium.make) registers instead
        return spec


if "gymnasium" in _sys.modules:
    register_gymnasium_envs()
elif not any(isinstance(f, _RegisterWhenGymnasiumLoads) for f in _sys.meta_path):
    _sys.meta_path.insert(0, _RegisterWhenGymnasiumLoads())
