"""Canasta's table sizes (CANASTA_RULES.md section 14) as pytest parameters: the ``Rules`` keywords of each,
named, for the tests that run at every size."""

from __future__ import annotations

import pytest

SIZES = [
    pytest.param({"players": 2}, id="two"),
    pytest.param({"players": 3}, id="three"),
    pytest.param({"players": 4}, id="four"),
    pytest.param({"players": 6}, id="six"),
    pytest.param({"players": 6, "sides": 3}, id="six-in-three-sides"),
]
