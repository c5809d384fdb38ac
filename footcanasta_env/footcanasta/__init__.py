"""Foot Canasta (Hand and Foot), one game of the house in the family's shape, and its face for the house's layers.

Its rooms, the same as every game's: ``rules`` (the ``Rules`` object), ``actions`` (the action table and the
turn's phases), ``melds`` (meld helpers), ``engine`` (the game: state, legality, rounds, melding, turns,
scoring, views, scenarios, worlds), ``observation`` (the layout and its two encoders), ``bots`` (the registry
and every bot), ``text`` (how the game is told to people at a table), ``envs`` (the AEC and one-seat envs),
``data`` (the shipped policy, value net and search settings).

The face: the game interface of ``footcanasta_env.games`` (``GameModule``), so that the game-generic layers
(evaluation, review, the table, the web server, training) reach Foot Canasta only through
``get_game("footcanasta")``; the package root (``footcanasta_env.new_game`` and the rest) offers the same
names. ``table_text(lang)`` is ``text.tabletext``'s ``TableText`` in a language; ``review_move`` rates a move
with the search bot (``text.review``, for ``footcanasta review``); ``sample_world(view, rng)`` is the engine's
determinization. The environments and the bots load on first use: looking the game up imports no RL or web
library.
"""

from __future__ import annotations

from ..family.face import fixed_table, late_names, rule_book
from ..family.geometry import FOUR_IN_PARTNERSHIPS
from ..family.manifest import Manifest
from .actions import ACTION_VERSION, NUM_ACTIONS, action_id, action_name
from .engine import load_scenario, new_game, sample_world
from .observation import HIDDEN_CARDS_SIZE, OBS_SIZE, OBS_VERSION, GameEncoder, encode, hidden_cards
from .rules import Rules

NAME = "footcanasta"
TITLE = "Foot Canasta"
MANIFEST = Manifest(
    gym_ids={"footcanasta/FootCanasta-v0": "footcanasta_env.footcanasta.envs.one_seat:FootCanastaGymEnv"},
    shipped=("data/learned.npz", "data/learned.json", "data/value.npz", "data/search.json"),
    rules="RULES.md", checkpoints="checkpoints/footcanasta")
"""What Foot Canasta registers (``footcanasta_env.family.manifest``)."""


__all__ = [
    "ACTION_VERSION", "GameEncoder", "GymEnv", "HIDDEN_CARDS_SIZE", "NAME", "NUM_ACTIONS", "OBS_SIZE", "OBS_VERSION",
    "Rules", "TITLE", "action_id", "action_name", "bot_names", "check_bot_name", "encode", "env", "hidden_cards",
    "hint_bot_name", "load_scenario", "make_bot", "new_game", "raw_env", "rules_text", "sample_world", "strongest_bot",
    "table_text", "team_reward", "geometry", "MANIFEST", "DEMO",
]


geometry = fixed_table(FOUR_IN_PARTNERSHIPS, Rules, TITLE)
"""The table: four seats, partners opposite (South/North against West/East), whatever the rules."""
rules_text = rule_book(MANIFEST)
"""The rules for people (the manifest's rule book), whole or one section, in any language of the house."""


_LAZY = {
    "make_bot": (".bots.registry", "make_bot"), "bot_names": (".bots.registry", "bot_names"),
    "check_bot_name": (".bots.registry", "check_bot_name"), "strongest_bot": (".bots.registry", "strongest_bot"),
    "hint_bot_name": (".bots.registry", "hint_bot_name"), "env": (".envs.aec", "env"),
    "raw_env": (".envs.aec", "raw_env"), "GymEnv": (".envs.one_seat", "FootCanastaGymEnv"),
    "team_reward": (".envs._episode", "team_reward"), "table_text": (".text.tabletext", "table_text"),
    "review_move": (".text.review", "review_move"), "REVIEW_OPTIONS": (".text.review", "REVIEW_OPTIONS"),
    "check_review_options": (".text.review", "check_review_options"), "DEMO": (".text.demo", "DEMO"),
}


__getattr__ = late_names(__name__, _LAZY)
