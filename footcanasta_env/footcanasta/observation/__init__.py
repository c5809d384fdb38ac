"""The observation: one seat's ``View`` as a flat float32 vector, always relative to that seat.

``layout`` is the index table (its docstring is the documentation, tested against ``OFFSETS``, as is the
env's table), ``reference`` the plain encoder of a ``View`` (``encode``), ``incremental`` the fast
``GameEncoder`` the envs use, byte-identical to the reference; ``privileged`` the true hidden cards
(``hidden_cards``) that a critic may see in training and a bot never does.
"""

from .incremental import GameEncoder
from .layout import (
    HOLD_KINDS,
    MELD_BLOCK,
    NUM_HOLD,
    OBS_SIZE,
    OBS_VERSION,
    OFFSETS,
    SCALE,
    SCORE_CLIP,
    SEAT_BLOCK,
    observation_bounds,
)
from .privileged import HIDDEN_CARDS_SIZE, hidden_cards
from .reference import encode, encode_raw

__all__ = [
    "HOLD_KINDS", "MELD_BLOCK", "NUM_HOLD", "OBS_SIZE", "OBS_VERSION", "OFFSETS", "SCALE", "SCORE_CLIP",
    "SEAT_BLOCK", "GameEncoder", "encode", "encode_raw", "observation_bounds",
    "HIDDEN_CARDS_SIZE", "hidden_cards",
]
