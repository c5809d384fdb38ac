"""The numpy bot that plays an exported policy file of Canasta (the file format: ``footcanasta_env.policyfile``).

``PolicyBot`` plays a file: encode the view (Canasta's ``observation.encode``), forward in numpy, mask the
illegal actions, argmax (ties go to the lowest id). ``make_bot("learned")`` (the shipped policy,
``load_shipped``) and ``make_bot("policy:PATH")`` build one; a policy file of another game (Foot Canasta's)
is refused with the game it names.

The shipped policy is package data, ``footcanasta_env/canasta/bots/data/learned.npz`` with its record
``learned.json``, read through ``importlib.resources``; ``checkpoints/canasta/`` keeps how it was trained.
"""

from __future__ import annotations

from importlib import resources

import numpy as np

from ...policyfile import load_policy
from ..actions import NUM_ACTIONS
from ..engine import View
from ..observation import encode

__all__ = ["GAME", "SHIPPED_POLICY", "PolicyBot", "load_shipped"]

GAME = "canasta"
# Package data of footcanasta_env.canasta.bots (listed in pyproject's package-data).
DATA = resources.files("footcanasta_env.canasta.bots") / "data"
_SHIPPED = DATA / "learned.npz"
SHIPPED_POLICY = str(_SHIPPED)


class PolicyBot:
    """A bot that plays an exported Canasta policy deterministically (masked argmax), with numpy only."""

    def __init__(self, path: str, seed: int | None = None, name: str | None = None) -> None:
        self.policy = load_policy(path, GAME)
        self.path = path
        self.name = name or f"policy:{path}"
        self.rng = np.random.default_rng(seed)  # unused: play is deterministic

    def act(self, view: View) -> int:
        """The legal action with the highest logit for ``view``."""
        legal = view.legal_actions
        if len(legal) == 0:
            raise ValueError("PolicyBot: no legal action in this view (the game is over or not this seat's turn)")
        if len(legal) == 1:
            return int(legal[0])
        mask = np.zeros(NUM_ACTIONS, dtype=bool)
        mask[np.asarray(legal, dtype=np.intp)] = True
        return int(self.policy.act(encode(view), mask))


def load_shipped(seed: int | None = None) -> PolicyBot:
    """The shipped Canasta policy as a bot named ``learned``."""
    if not _SHIPPED.is_file():
        raise ValueError(f"bot 'learned': the shipped Canasta policy {SHIPPED_POLICY!r} is missing from this "
                         "install (reinstall footcanasta, or use policy:PATH)")
    with resources.as_file(_SHIPPED) as path:  # a real file even from a zipped install; loaded at once
        return PolicyBot(str(path), seed, name="learned")
