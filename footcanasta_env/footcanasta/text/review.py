"""Foot Canasta's move rater for ``footcanasta review``: each decision searched by the search bot.

The search bot (``bots/search.py``) compares the move played with its candidates in the same sampled
worlds (common random numbers): the loss of a move is the expected round points it gives up against the
reference move (the move the hint recommends in that position, given by the review; without one, the best
candidate), with the standard error of that paired difference over the worlds. The rater sees what the
seat saw and nothing more: each decision is searched from the seat's ``View``.

By default it searches as the hint does (``REVIEW_OPTIONS``: the search bot's own defaults, the hint bot's),
so a review seeded as the hint measures the move played against the hint's move in the hint's own worlds.
"""

from __future__ import annotations

import threading
from typing import Any

import numpy as np

REVIEW_OPTIONS = ""
"""The search used by default: the search bot's defaults, the hint's (same worlds, same time per decision)."""

_BOTS: dict[str, Any] = {}
_LOCK = threading.Lock()  # one search bot per options string, shared: one decision at a time uses it


def check_review_options(text: str) -> None:
    """Refuse bad search options (as in the bot name ``search:OPTIONS``) by name, with a ValueError."""
    from ..bots.search import parse_options

    parse_options(text)


def _bot(options: str) -> Any:
    """One search bot per options string (loading the nets once)."""
    if options not in _BOTS:
        from ..bots.search import make_search_bot

        _BOTS[options] = make_search_bot(options, None)
    return _BOTS[options]


def review_move(view: Any, played: int, options: str = REVIEW_OPTIONS, seed: int = 0,
                reference: int | None = None) -> dict[str, Any]:
    """Rate ``played`` in ``view`` against ``reference`` (the hint's move; None: the search bot's best
    candidate), in worlds drawn from ``seed``.

    ``best`` is the reference (or the best candidate's action id), ``loss`` the expected round points
    ``played`` gives up against it (against a reference, never below 0: a move the worlds find better than
    the hint's lost nothing) with its standard error ``se`` over ``worlds`` worlds, ``candidates`` each
    candidate's mean value in points."""
    include = (played,) if reference is None else (played, reference)
    with _LOCK:
        bot = _bot(options)
        bot.rng = np.random.default_rng(seed)  # each decision its own worlds, whatever was reviewed before
        an = bot.analyse(view, include=include)
    best = int(an.best()) if reference is None else int(reference)
    loss, se = an.loss(played, against=best)
    if reference is not None:
        loss = max(loss, 0.0)
    return {"best": best, "loss": float(loss), "se": float(se), "worlds": int(an.worlds),
            "candidates": {int(a): float(m) for a, m in zip(an.candidates, an.means(), strict=True)}}
