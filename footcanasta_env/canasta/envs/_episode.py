"""Canasta's side of an episode, for its AEC env (``aec.py``) and one-seat env (``one_seat.py``) alike: its
rules with a round cap (``max_rounds``, or ``rounds``; ``DEFAULT_MAX_ROUNDS`` by default, since a fixed policy
may never reach the target), the reset options it knows, and the game an episode starts with. The checks,
the options' warning and the scenario's reading are the family's (``family.episode``); rewards are
``envkit.reward``'s.
"""

from __future__ import annotations

import dataclasses
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
from ..engine import Game, ScenarioError, load_scenario, new_game
from ..rules import SIZES, Rules

RESET_OPTIONS = ("scenario", "rules", "max_rounds", "rounds")
DEFAULT_MAX_ROUNDS = 20
"""The round cap of the envs' default rules: a fixed policy may never reach the target of 5,000."""


def resolve_rules(rules: Rules | dict | None, max_rounds: int | None) -> Rules:
    """A Rules object from a Rules, a dict of fields or None (the defaults capped at ``DEFAULT_MAX_ROUNDS``
    rounds), its round cap replaced by ``max_rounds`` when that is given."""
    if rules is None:
        r = Rules(max_rounds=DEFAULT_MAX_ROUNDS)
    elif isinstance(rules, Rules):
        r = rules
    elif isinstance(rules, dict):
        r = Rules.from_dict(rules)
    else:
        raise ValueError("rules must be a footcanasta_env.canasta.Rules or a dict of its fields, "
                         f"got {type(rules).__name__}")
    if max_rounds is not None:
        if isinstance(max_rounds, bool) or not isinstance(max_rounds, (int, np.integer)):
            raise ValueError(f"max_rounds must be a whole number of at least 1, got {max_rounds!r}")
        r = dataclasses.replace(r, max_rounds=int(max_rounds))
    return r


def table_size(rules: Rules) -> str:
    """A table size in words, for messages: "2 players", "6 players in 3 sides"."""
    return f"{rules.players} players" + ("" if rules.sides == SIZES[rules.players][0] else f" in {rules.sides} sides")


def check_size(game: Game, rules: Rules) -> Game:
    """``game`` when it is played at the env's table (``rules``' players and sides), else ``ValueError``: the
    agents and the spaces of an env are those of one size (section 14)."""
    got = game.rules
    if (got.players, got.sides) != (rules.players, rules.sides):
        sides = "" if got.sides == SIZES[got.players][0] else f", sides={got.sides}"
        raise ValueError(f"this Canasta env plays {table_size(rules)}; the episode's rules or scenario are for "
                         f"{table_size(got)} (build an env with rules=Rules(players={got.players}{sides}))")
    return game


def round_cap(max_rounds: int | None, rounds: int | None, where: str) -> int | None:
    """The round cap given as ``max_rounds`` or as ``rounds`` (its other name: Foot Canasta's envs and the
    training scripts call the number of rounds a game plays so); both at once must agree."""
    if max_rounds is not None and rounds is not None and max_rounds != rounds:
        raise ValueError(f"{where}: max_rounds={max_rounds!r} and rounds={rounds!r} name the same cap; give one")
    return max_rounds if max_rounds is not None else rounds


def set_episode_settings(env: Any, rules: Rules | dict | None, max_rounds: int | None, reward_mode: str,
                         reward_scale: float, max_actions: int, render_mode: str | None,
                         render_seat: int | None) -> None:
    """Check the constructor options both envs share and set them on ``env``: ``rules`` (the episodes'),
    ``max_rounds``, ``reward_mode``, ``reward_scale``, ``max_actions``, ``render_mode``, ``render_seat``;
    a bad option raises ``ValueError`` naming it."""
    check_options(reward_mode, render_mode, env.metadata["render_modes"], render_seat, max_actions)
    env.rules = resolve_rules(rules, max_rounds)
    env.max_rounds = max_rounds
    set_options(env, reward_mode, reward_scale, max_actions, render_mode, render_seat)


def reset_options(options: Mapping[str, Any] | None) -> dict[str, Any]:
    """A copy of ``reset``'s options; unknown keys are named in a warning."""
    return family_reset_options(options, RESET_OPTIONS, "canasta")


def start_episode_game(options: Mapping[str, Any], rules: Rules, max_rounds: int | None, seed: int) -> Game:
    """The game an episode starts with: ``options`` from ``reset_options``, else the env's ``rules``
    (``max_rounds``: the constructor's cap, which the options' may replace); at the env's size, or refused."""
    given = round_cap(options.get("max_rounds"), options.get("rounds"), "reset options")
    max_rounds = given if given is not None else max_rounds
    env_rules = rules
    if "rules" in options:
        rules = resolve_rules(options["rules"], max_rounds)
    elif max_rounds is not None:
        rules = resolve_rules(rules, max_rounds)
    scenario = options.get("scenario")
    if scenario is None:
        return check_size(new_game(seed, rules), env_rules)
    return check_size(_scenario_game(scenario, rules, max_rounds, seed), env_rules)


def _scenario_game(scenario: dict | str, rules: Rules, max_rounds: int | None, seed: int) -> Game:
    """The game of a scenario: under its own rules when it has some (with ``max_rounds`` when given),
    else under ``rules``."""
    spec = scenario_spec(scenario, ScenarioError)
    if "rules" in spec:
        try:
            rules = resolve_rules(spec.pop("rules"), max_rounds)
        except (ValueError, TypeError) as e:
            raise ScenarioError(f"scenario rules: {e}") from None
    return load_scenario(with_rules(spec, rules), seed=seed)
