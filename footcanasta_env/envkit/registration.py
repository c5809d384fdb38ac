"""The games' gymnasium ids, registered as soon as gymnasium is loaded, without importing gymnasium first.

The ids and their entry points are not listed here: each registered game names its own in its manifest
(``MANIFEST.gym_ids``, ``footcanasta_env.family.manifest``), and ``gym_envs()`` gathers them from every game
of ``footcanasta_env.games`` when gymnasium loads. ``footcanasta_env`` calls ``register_when_gymnasium_loads()``
once at import: it registers at once when gymnasium is already loaded, and otherwise puts a one-shot import
hook in front of ``sys.meta_path`` that registers right after gymnasium's own module has run; a game
registered later (``games.register_game``) calls it again. So ``gymnasium.make(GYM_ENV_ID, ...)`` works after
``import footcanasta_env`` whichever of the two was imported first, and importing the package still loads no
gymnasium. Without the package import, ``gymnasium.make("footcanasta_env:" + GYM_ENV_ID, ...)`` imports it
(gymnasium 1.x has no entry-point plugins: it loads an env's package only through that ``module:`` prefix).
This module imports only ``footcanasta_env.games`` (which loads no game), and reading the manifests imports
the games' faces only, so registering loads no env. It follows the games (``games.on_change``): a game
registered later has its ids registered, at once when gymnasium is loaded, and a game forgotten loses them.
"""

from __future__ import annotations

import importlib.abc
import importlib.util
import sys
import warnings

from ..games import game_names, manifest, on_change

GYM_ENV_ID = "footcanasta/FootCanasta-v0"
"""The default game's one-seat env (``footcanasta_env.footcanasta.MANIFEST`` registers it)."""


def gym_envs() -> dict[str, str]:
    """Every registered game's gymnasium id -> its entry point, from the games' manifests; an id two games
    claim with different entry points is refused with a ``ValueError`` naming both."""
    found: dict[str, tuple[str, str]] = {}
    for name in game_names():
        for env_id, entry_point in manifest(name).gym_ids.items():
            other = found.setdefault(env_id, (name, entry_point))
            if other[1] != entry_point:
                raise ValueError(f"the gym id {env_id!r} is claimed by the games {other[0]!r} and {name!r}")
    return {env_id: entry_point for env_id, (_, entry_point) in found.items()}


def register_gymnasium_envs() -> None:
    """Register every env of ``gym_envs()`` with gymnasium (once; later calls do nothing), and take out those
    this module registered for a game since forgotten."""
    from gymnasium.envs.registration import register, registry

    envs = gym_envs()
    for env_id in _REGISTERED - envs.keys():
        registry.pop(env_id, None)
        _REGISTERED.discard(env_id)
    for env_id, entry_point in envs.items():
        if env_id not in registry:
            register(id=env_id, entry_point=entry_point)
            _REGISTERED.add(env_id)


_REGISTERED: set[str] = set()  # the ids registered here (gymnasium's registry holds other packages' too)


class _RegisterWhenGymnasiumLoads(importlib.abc.MetaPathFinder):
    """A one-shot import hook: once gymnasium's own module has run, register the envs with it."""

    def find_spec(self, fullname, path=None, target=None):
        if fullname != "gymnasium":
            return None
        if self in sys.meta_path:
            sys.meta_path.remove(self)
        spec = importlib.util.find_spec(fullname)  # the ordinary finders, this one gone
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
                warnings.warn(f"footcanasta_env: could not register the games' envs with gymnasium: {e}",
                              stacklevel=2)

        try:
            loader.exec_module = exec_module
        except (AttributeError, TypeError):  # a loader that takes no attributes: importing the one-seat env
            pass  # (or passing the footcanasta_env: prefix to gymnasium.make) registers instead
        return spec


def register_when_gymnasium_loads() -> None:
    """Register the envs now if gymnasium is loaded, else when it is (the hook is put in place once)."""
    if "gymnasium" in sys.modules:
        register_gymnasium_envs()
    elif not any(isinstance(f, _RegisterWhenGymnasiumLoads) for f in sys.meta_path):
        sys.meta_path.insert(0, _RegisterWhenGymnasiumLoads())


on_change(register_when_gymnasium_loads)
