"""Classic Canasta's observation: one seat's ``View`` as a flat float32 vector, always relative to that seat.

``layout`` is the four-player index table (its docstring is the documentation, tested against ``OFFSETS``,
as is the env's table), ``sizes`` the table of every size (``layout_of(rules)``, ``observation_bounds``),
``reference`` the plain encoder of a ``View`` (``encode``), ``incremental`` the ``GameEncoder`` the envs
use, byte-identical to the reference (its absolute vector in ``absolute``, its syncs after one named move in
``moves``); ``privileged`` the true hidden cards (``hidden_cards``)
that a critic may see in training and a bot never does. Numpy only.
"""

from .incremental import GameEncoder
from .layout import (
    HOLD_INDEX,
    MELD_BLOCK,
    NUM_HOLD,
    OBS_SIZE,
    OBS_VERSION,
    OFFSETS,
    READ_BLOCK,
    SCALE,
    SCORE_CLIP,
    SEAT_BLOCK,
    TEAM_BLOCK,
)
from .privileged import HIDDEN_CARDS_SIZE, hidden_cards, hidden_cards_size
from .reference import encode, encode_raw
from .sizes import Layout, index_table, layout_of, observation_bounds

__all__ = [
    "HIDDEN_CARDS_SIZE", "HOLD_INDEX", "MELD_BLOCK", "NUM_HOLD", "OBS_SIZE", "OBS_VERSION", "OFFSETS", "READ_BLOCK",
    "SCALE",
    "SCORE_CLIP", "SEAT_BLOCK", "TEAM_BLOCK", "GameEncoder", "Layout", "encode", "encode_raw", "hidden_cards",
    "hidden_cards_size", "index_table", "layout_of", "observation_bounds",
]
