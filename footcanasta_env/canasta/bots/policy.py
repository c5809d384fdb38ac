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

from ...family.bots import policy_bot
from ..actions import NUM_ACTIONS
from ..observation import encode

__all__ = ["GAME", "SHIPPED_POLICY", "PolicyBot", "load_shipped"]

GAME = "canasta"
# Package data of footcanasta_env.canasta.bots (listed in pyproject's package-data).
DATA = resources.files("footcanasta_env.canasta") / "data"
_SHIPPED = DATA / "learned.npz"
SHIPPED_POLICY = str(_SHIPPED)


PolicyBot, load_shipped = policy_bot(GAME, NUM_ACTIONS, encode, "Canasta", __name__, _SHIPPED)
