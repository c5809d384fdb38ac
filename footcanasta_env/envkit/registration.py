"""The envs' gymnasium ids, registered as soon as gymnasium is loaded, without importing gymnasium first.

``footcanasta_env`` calls ``register_when_gymnasium_loads()`` once at import: it registers at once when
gymnasium is already loaded, and otherwise puts a one-shot import hook in front of ``sys.meta_path`` that
registers right after gymnasium's own module has run. So ``gymnasium.make(GYM_ENV_ID, ...)`` works after
``import footcanasta_env`` whichever of the two was imported first, and importing the package still loads
no gymnasium. Without the package import, ``gymnasium.make("footcanasta_env:" + GYM_ENV_ID, ...)`` imports
it (gymnasium 1.x has no entry-point plugins: it loads an env's package only through that ``module:``
prefix). This module imports nothing of the package, so loading it loads no env.
"""

from __future__ import annotations

import importlib.abc
import importlib.util
import sys
import warnings

GYM_ENV_ID = "footcanasta/FootCanasta-v0"

# gymnasium id -> the entry point gymnasium imports on the first make()
GYM_ENVS = {GYM_ENV_ID: "footcanasta_env.footcanasta.envs.one_seat:FootCanastaGymEnv",
            "footcanasta/Canasta-v0": "footcanasta_env.canasta.envs.one_seat:CanastaGymEnv"}


def register_gymnasium_envs() -> None:
    """Register every env of ``GYM_ENVS`` with gymnasium (once; later calls do nothing)."""
    from gymnasium.envs.registration import register, registry

    for env_id, entry_point in GYM_ENVS.items():
        if env_id not in registry:
            register(id=env_id, entry_point=entry_point)


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
                warnings.warn(f"footcanasta_env: could not register {GYM_ENV_ID} with gymnasium: {e}", stacklevel=2)

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
