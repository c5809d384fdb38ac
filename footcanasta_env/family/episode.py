"""What both games' envs share about an episode, written once: the constructor checks, the reset options'
warning, and the scenario an episode may start from. Each game's ``envs/_episode.py`` keeps its own rules
(how a round cap is set) and calls these.
"""

from __future__ import annotations

import json
import warnings
from collections.abc import Mapping, Sequence
from typing import Any

REWARD_MODES = ("round", "win")


def check_options(reward_mode: str, render_mode: str | None, render_modes: Sequence[str], render_seat: int | None,
                  max_actions: int) -> None:
    """Refuse bad constructor options of either env with a message naming the option."""
    if reward_mode not in REWARD_MODES:
        raise ValueError(f"reward_mode must be one of {REWARD_MODES}, got {reward_mode!r}")
    if render_mode is not None and render_mode not in render_modes:
        raise ValueError(f"render_mode must be one of {render_modes} or None, got {render_mode!r}")
    if render_seat is not None and render_seat not in (0, 1, 2, 3):
        raise ValueError(f"render_seat must be a seat 0 to 3 or None (all seats), got {render_seat!r}")
    if isinstance(max_actions, bool) or not isinstance(max_actions, int) or max_actions < 1:
        raise ValueError(f"max_actions must be a positive whole number, got {max_actions!r}")


def set_options(env: Any, reward_mode: str, reward_scale: float, max_actions: int, render_mode: str | None,
                render_seat: int | None) -> None:
    """Set the checked constructor options both games' envs keep on ``env``."""
    env.reward_mode = reward_mode
    env.reward_scale = float(reward_scale)
    env.max_actions = max_actions
    env.render_mode = render_mode
    env.render_seat = render_seat


def reset_options(options: Mapping[str, Any] | None, known: Sequence[str], game: str) -> dict[str, Any]:
    """A copy of ``reset``'s options; unknown keys are named in a warning (PettingZoo and gymnasium
    pass options through, so a typo must not pass unnoticed)."""
    opts = dict(options) if options else {}
    unknown = sorted(k for k in opts if k not in known)
    if unknown:
        warnings.warn(f"{game} reset: ignoring unknown option(s) {', '.join(map(repr, unknown))} "
                      f"(known: {', '.join(known)})", stacklevel=4)
    return opts


def scenario_spec(scenario: Any, error: type[ValueError] | None = None) -> dict[str, Any]:
    """A copy of a reset option's scenario (a dict or its JSON text). ``error``: the game's scenario error,
    raised for text that is no JSON and for anything else that is no dict (without one, the JSON error
    itself, and ``ValueError``)."""
    if isinstance(scenario, (str, bytes)):
        if error is None:
            scenario = json.loads(scenario)
        else:
            try:
                scenario = json.loads(scenario)
            except json.JSONDecodeError as e:
                raise error(f"scenario is not valid JSON: {e}") from None
    if not isinstance(scenario, dict):
        raise (error or ValueError)(f"scenario must be a dict or a JSON string, got {type(scenario).__name__}")
    return dict(scenario)


def with_rules(spec: dict[str, Any], rules: Any) -> dict[str, Any]:
    """``spec`` to load under ``rules``: its ``rules`` key the rules' changes from the defaults (none: no key)."""
    spec.pop("rules", None)
    changes = rules.changes()
    if changes:
        spec["rules"] = changes
    return spec
