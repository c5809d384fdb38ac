"""The numpy bot that plays an exported policy file of Foot Canasta (the file format: ``policyfile``).

``PolicyBot`` plays a file: encode the view, forward in numpy, mask the illegal actions, argmax (ties go
to the lowest id). ``make_bot("learned")`` (the shipped policy, ``load_shipped``) and
``make_bot("policy:PATH")`` build a ``PolicyBot``; a policy of another game is refused by name.

The shipped policy is package data, ``footcanasta_env/bots/data/learned.npz`` (with its record,
``learned.json``), read through ``importlib.resources`` so that it is there after any install, editable or
not. ``checkpoints/`` in the repository keeps the same two files next to how they were trained; a test
checks that the copies are identical.
"""

from __future__ import annotations

from importlib import resources

import numpy as np

from ..actions import NUM_ACTIONS
from ..engine import View
from ..observation import encode
from ..policyfile import ACTIVATIONS, FORMAT, META_KEY, Policy, load_policy, save_policy

# The file format's names, here too for the readers of policy files (they are the policyfile module's).
__all__ = ["ACTIVATIONS", "FORMAT", "META_KEY", "SHIPPED_POLICY", "Policy", "PolicyBot", "load_policy", "load_shipped",
           "save_policy"]

GAME = "footcanasta"
# The shipped policy is package data of footcanasta_env.bots (listed in pyproject's package-data).
_SHIPPED = resources.files("footcanasta_env.bots") / "data" / "learned.npz"
SHIPPED_POLICY = str(_SHIPPED)  # a file path in every ordinary install (a wheel or an editable one)


class PolicyBot:
    """A bot that plays an exported policy deterministically (masked argmax), with numpy only."""

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
    """The shipped policy as a bot named ``learned``."""
    if not _SHIPPED.is_file():
        raise ValueError(f"bot 'learned': the shipped policy {SHIPPED_POLICY!r} is missing from this install "
                         "(reinstall footcanasta, or use policy:PATH)")
    with resources.as_file(_SHIPPED) as path:  # a real file even from a zipped install; loaded at once
        return PolicyBot(str(path), seed, name="learned")
