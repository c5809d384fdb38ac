"""Foot Canasta's side of an episode, for its AEC env (``aec.py``) and one-seat env (``one_seat.py``) alike:
its rules cut to a number of rounds (``rounds``), the reset options it knows, and the game an episode starts
with. The checks, the options' warning and the scenario's reading are the family's (``family.episode``);
rewards are ``envkit.reward``'s.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from ...envkit.reward import team_reward  # noqa: F401 - the envs face offers it; every game pays alike
from ...family.episode import (
    REWARD_MODES,  # noqa: F401 - the envs face offers it
    check_options,
    scenario_spec,
    set_options,
    with_rules,
)
from ...family.episode import reset_options as family_reset_options
from ..engine import Game, load_scenario, new_game
from ..rules import DEFAULT_RULES, Rules

RESET_OPTIONS = ("scenario", "rules", "rounds")


def resolve_rules(rules: Rules | dict | None, rounds: int | None) -> Rules:
    """A Rules object from a Rules, a dict of fields or None, cut to ``rounds`` rounds."""
    if rules is None:
        r = DEFAULT_RULES
    elif isinstance(rules, Rules):
        r = rules
    elif isinstance(rules, dict):
        r = Rules.from_dict(rules)
    else:
        raise ValueError(f"rules must be a footcanasta_env.Rules or a dict of its fields, got {type(rules).__name__}")
    if rounds is not None:
        if isinstance(rounds, bool) or not isinstance(rounds, (int, np.integer)):
            raise ValueError(f"rounds must be a whole number from 1 to 4, got {rounds!r}")
        r = r.with_rounds(int(rounds))
    return r


def set_episode_settings(env: Any, rules: Rules | dict | None, rounds: int | None, reward_mode: str,
                         reward_scale: float, max_actions: int, render_mode: str | None,
                         render_seat: int | None) -> None:
    """Check the constructor options both envs share and set them on ``env``: ``base_rules``, ``rounds``,
    ``rules`` (the default episode's), ``reward_mode``, ``reward_scale``, ``max_actions``, ``render_mode``,
    ``render_seat``; a bad option raises ``ValueError`` naming it."""
    check_options(reward_mode, render_mode, env.metadata["render_modes"], render_seat, max_actions)
    env.base_rules = resolve_rules(rules, None)
    env.rounds = rounds
    env.rules = resolve_rules(env.base_rules, rounds)
    set_options(env, reward_mode, reward_scale, max_actions, render_mode, render_seat)


def reset_options(options: Mapping[str, Any] | None) -> dict[str, Any]:
    """A copy of ``reset``'s options; unknown keys are named in a warning."""
    return family_reset_options(options, RESET_OPTIONS, "footcanasta")


def start_episode_game(options: Mapping[str, Any], base_rules: Rules | dict | None, rounds: int | None,
                       seed: int) -> Game:
    """The game an episode starts with: ``options`` from ``reset_options``, else the env's own settings."""
    rounds = options.get("rounds", rounds)
    rules = resolve_rules(options.get("rules", base_rules), rounds)
    return start_game(rules, seed, options.get("scenario"), rounds)


def start_game(rules: Rules, seed: int, scenario: dict | str | None, rounds: int | None) -> Game:
    """A new game from ``seed`` under ``rules``, or the game of a scenario (its own rules, else ``rules``)."""
    if scenario is None:
        return new_game(seed, rules)
    spec = scenario_spec(scenario)
    spec_rules = Rules.from_dict(spec["rules"]) if "rules" in spec else rules
    if rounds is not None:
        spec_rules = spec_rules.with_rounds(rounds)
    return load_scenario(with_rules(spec, spec_rules), seed=seed)
