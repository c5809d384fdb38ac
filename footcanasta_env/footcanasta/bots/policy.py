"""The numpy bot that plays an exported policy file of Foot Canasta (the file format: ``policyfile``).

``PolicyBot`` plays a file: encode the view, forward in numpy, mask the illegal actions, argmax (ties go
to the lowest id; the bot is ``policyfile.PolicyBot``, named here with Foot Canasta's observation).
``make_bot("learned")`` (the shipped policy, ``load_shipped``) and ``make_bot("policy:PATH")`` build a
``PolicyBot``; a policy of another game is refused by name.

The shipped policy is package data, ``footcanasta_env/footcanasta/data/learned.npz`` (with its record,
``learned.json``), read through ``importlib.resources`` so that it is there after any install, editable or
not. ``checkpoints/footcanasta/`` in the repository keeps the same two files next to how they were trained; a test
checks that the copies are identical.
"""

from __future__ import annotations

from importlib import resources

from ...family.bots import policy_bot
from ...policyfile import ACTIVATIONS, FORMAT, META_KEY, Policy, load_policy, save_policy
from ..actions import NUM_ACTIONS
from ..observation import encode

# The file format's names, here too for the readers of policy files (they are the policyfile module's).
__all__ = ["ACTIVATIONS", "FORMAT", "META_KEY", "SHIPPED_POLICY", "Policy", "PolicyBot", "load_policy", "load_shipped",
           "save_policy"]

GAME = "footcanasta"
# The shipped policy is package data of footcanasta_env.footcanasta.bots (listed in pyproject's package-data).
_SHIPPED = resources.files("footcanasta_env.footcanasta") / "data" / "learned.npz"
SHIPPED_POLICY = str(_SHIPPED)  # a file path in every ordinary install (a wheel or an editable one)


PolicyBot, load_shipped = policy_bot(GAME, NUM_ACTIONS, encode, "Foot Canasta", __name__, _SHIPPED)
