"""The numpy bot that plays an exported policy file of Canasta (the file format and the bot:
``footcanasta_env.policyfile``).

``PolicyBot`` plays a file with Canasta's observation (``observation.encode``); ``make_bot("learned")`` (the
shipped policy, ``load_shipped``) and ``make_bot("policy:PATH")`` build one; a policy file of another game
(Foot Canasta's) is refused with the game it names.

The shipped policy is package data, ``footcanasta_env/canasta/data/learned.npz`` with its record
``learned.json``, read through ``importlib.resources``; ``checkpoints/canasta/`` keeps how it was trained.
"""

from __future__ import annotations

from importlib import resources

from ...policyfile import PolicyBot as PolicyFileBot
from ...policyfile import load_shipped as load_shipped_file
from ..actions import NUM_ACTIONS
from ..observation import encode

__all__ = ["GAME", "SHIPPED_POLICY", "PolicyBot", "load_shipped"]

GAME = "canasta"
# Package data of footcanasta_env.canasta.bots (listed in pyproject's package-data).
DATA = resources.files("footcanasta_env.canasta") / "data"
_SHIPPED = DATA / "learned.npz"
SHIPPED_POLICY = str(_SHIPPED)


class PolicyBot(PolicyFileBot):
    """A bot that plays an exported Canasta policy deterministically (masked argmax), with numpy only."""

    GAME = GAME
    NUM_ACTIONS = NUM_ACTIONS
    encode = staticmethod(encode)


def load_shipped(seed: int | None = None) -> PolicyBot:
    """The shipped Canasta policy as a bot named ``learned``."""
    return load_shipped_file(PolicyBot, _SHIPPED, seed)
