"""What a seat observes, for OpenSpiel: tensors from the house's observation encoder, strings from the view.

Two kinds, chosen by OpenSpiel's ``IIGObservationType``:

* private and public (``private_info=SINGLE_PLAYER``, the default observation and the information state):
  the seat's ``View`` (RULES.md / CANASTA_RULES.md section 12): the tensor is the game's encoder,
  ``encode(view)`` (``OBS_SIZE`` floats; Canasta's at other sizes than four, ``canasta.layout_of(rules).size``:
  294, 393, 478 or 531; relative to the seat, exactly what the PettingZoo envs observe), the
  string every field of the view. The information state is this view too: everything the seat may see
  now, the public memory of pickups included, but not the order of past moves, so it is not perfect
  recall (OpenSpiel's CFR family assumes perfect recall; ISMCTS and PIMC need only a key that a resampled
  world shares, and the view is exactly what ``sample_world`` keeps).
* public only (``private_info=NONE``): the same view with the seat's own cards taken out (hand, set-aside
  melds, legal actions): the encoder's tensor of that, and its string.

Before the deal (the root) both are zeros and a fixed string. Both read only ``state.view(player)``, so
nothing the seat may not see can reach them (tests/openspiel/test_openspiel_hidden.py shuffles the hidden cards
through OpenSpiel's interface to prove it).
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel

_PRIVATE = "_private"


def public_view(view: Any) -> Any:
    """``view`` without the seat's own cards: no hand, no set-aside melds, no legal actions."""
    hand = np.zeros_like(view.hand)
    hand.setflags(write=False)
    return view._replace(hand=hand, set_aside=(), legal_actions=())


def view_text(view: Any) -> str:
    """Every field of a view, one ``name=value`` each (the rules as their changes from the defaults)."""
    parts = []
    for name in view._fields:
        v = getattr(view, name)
        if name == "rules":
            v = json.dumps(v.changes(), sort_keys=True)
        elif isinstance(v, np.ndarray):
            v = v.tolist()
        parts.append(f"{name}={v}")
    return " ".join(parts)


class ViewObserver:
    """OpenSpiel's Python observer (``tensor``, ``dict``, ``set_from``, ``string_from``) over the view."""

    def __init__(self, module: Any, size: int, iig_obs_type: Any, params: Any) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        private = iig_obs_type.private_info
        if not iig_obs_type.public_info or private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError(f"{module.TITLE} observes the public view, or the public view and the seat's own "
                             f"cards; not public_info={iig_obs_type.public_info}, private_info={private}")
        self._module = module
        self._private = private == pyspiel.PrivateInfoType.SINGLE_PLAYER
        self.tensor = np.zeros(size, np.float32)  # the table's layout (``Config.obs_size``)
        self.dict = {"observation": self.tensor}

    def _view(self, state: Any, player: int) -> Any:
        view = state.view(player)
        if view is None or self._private:
            return view
        return public_view(view)

    def set_from(self, state: Any, player: int) -> None:
        """The tensor of ``player``'s (public) view of ``state``."""
        view = self._view(state, player)
        if view is None:
            self.tensor.fill(0.0)
        else:
            self.tensor[:] = self._module.encode(view)

    def string_from(self, state: Any, player: int) -> str:
        """The text of ``player``'s (public) view of ``state``."""
        view = self._view(state, player)
        if view is None:
            return "the deal"
        return view_text(view)
