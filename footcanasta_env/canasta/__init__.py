"""Classic Canasta, the second game of the house: the four-player partnership game of CANASTA_RULES.md, and
its other tables (section 14): ``Rules(players=2|3|4|6)`` (six also as ``sides=3``), ``geometry(rules)`` naming
their seats and sides. The engine, the observation (``layout_of(rules)``: each size's index table), the envs,
the scripted bots and OpenSpiel play every size; ``learned`` is the size's own shipped policy (four and two
players: ``learned_stem(rules)`` names its file) and is refused by name at the sizes that have none.

``from footcanasta_env import canasta`` then ``canasta.new_game(seed)``, ``canasta.load_scenario(spec)``,
``canasta.Rules(...)``, ``canasta.action_name(i)`` / ``canasta.action_id(name)``, ``canasta.sample_world(view, rng)``
(a complete game consistent with one seat's view). The face stays free of
gymnasium, PettingZoo and torch: the observation (``observation``: ``encode``, ``GameEncoder``,
``hidden_cards``) and the environments (``envs``: ``env()``, ``raw_env()``, ``CanastaGymEnv`` also named
``GymEnv``, registered with gymnasium as ``footcanasta/Canasta-v0``; ``team_reward``) load when first asked
for, as Foot Canasta's do.

Its rooms: ``actions`` (the action table of section 11, and the turn's phases), ``rules`` (the ``Rules``
object, refusing impossible settings), ``engine`` (the state, legality, melding, turns, rounds, scoring,
scenarios, views, explanations and the public ``Game``), ``observation`` (the index table, the encoders,
the critic's hidden cards), ``bots`` (random, greedy, expert,
learned), ``envs`` (the AEC and one-seat envs), ``text`` (its ``TableText``, offered as
``table_text(lang)``: how the table tells its moves, screens and JSON state to a person). The face offers
``rules_text`` (docs/CANASTA.md, shipped as package data) and loads the observation, the envs and
``table_text`` on first use.

Rulings where CANASTA_RULES.md is silent (the engine's; ``docs/CANASTA.md`` states them all):

* Black threes are melded only after the partnership's initial meld (the set-aside melds of rule 7.2 never
  hold them), so they never count toward the minimum.
* Melds may be set aside in the draw step too (before a pickup, rule 7.3), never laid down there.
* ``draw`` is always legal in the draw step: with an empty stock it ends the round even when the pile
  could be taken (rule 9.4, "does not (or may not) take the pile").
* A player may keep a single card before the discard only when a canasta is on the table or that last card
  completes one (rule 8.1: a canasta "completed by the going-out turn"); likewise for melding the last card.
* A player holding one card may take a one-card pile into a table meld when they may go out (rules 4.4, 6.1
  allow it; pagat forbids it).
* Cards taken with the pile count as the player's own for the concealed bonus (rule 8.4): a canasta started
  in the going-out turn is made from their cards.
* Any card may be the last discard when going out, a black three or a wild card included.
* The public memory of pickups (rule 12) adds up every pickup of the round, as Foot Canasta's does.
* After a round with both totals equal at or past the target, the game goes on until they differ (rule 10.1);
  the round cap of ``Rules.max_rounds`` ends it anyway (a draw when equal).
"""

from __future__ import annotations

from ..family.face import late_names, rule_book
from ..family.geometry import FOUR_IN_PARTNERSHIPS, Geometry
from ..family.manifest import Manifest
from .actions import ACTION_NAMES, ACTION_VERSION, NUM_ACTIONS, PHASE_NAMES, action_id, action_name
from .engine import Game, IllegalActionError, ScenarioError, View, load_scenario, new_game, sample_world
from .rules import DEFAULT_RULES, Rules, table_of

NAME = "canasta"
TITLE = "Canasta"
MANIFEST = Manifest(
    gym_ids={"footcanasta/Canasta-v0": "footcanasta_env.canasta.envs.one_seat:CanastaGymEnv"},
    shipped=("data/learned.npz", "data/learned.json", "data/learned2.npz", "data/learned2.json"), rules="CANASTA.md",
    checkpoints="checkpoints/canasta")
"""What Canasta registers (``footcanasta_env.family.manifest``)."""


__all__ = [
    "ACTION_NAMES", "ACTION_VERSION", "DEFAULT_RULES", "Game", "IllegalActionError", "NAME", "NUM_ACTIONS",
    "PHASE_NAMES", "Rules", "ScenarioError", "TITLE", "View", "action_id", "action_name", "load_scenario",
    "new_game", "rules_text", "sample_world",
    # loaded when first asked for (_LAZY)
    "CanastaGymEnv", "GameEncoder", "GymEnv", "HIDDEN_CARDS_SIZE", "OBS_SIZE", "OBS_VERSION", "OFFSETS", "encode",
    "env", "hidden_cards", "hidden_cards_size", "layout_of", "observation_bounds", "raw_env", "table_text",
    "team_reward", "bot_names", "check_bot_name", "hint_bot_name",
    "make_bot", "strongest_bot", "learned_stem", "geometry", "MANIFEST", "DEMO",
]




def geometry(rules: Rules | None = None) -> Geometry:
    """The table of ``rules`` (section 14): four seats, partners opposite (South/North against West/East) by
    default; two (South, North), three (South, West, East, each a side) or six seats (South, Southwest,
    Northwest, North, Northeast, Southeast; sides 0 2 4 against 1 3 5, or with ``sides=3`` the partners
    opposite) as ``rules.players`` says. The person sits at seat 0."""
    if rules is None:
        return FOUR_IN_PARTNERSHIPS
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be {TITLE}'s Rules, got {type(rules).__name__}")
    return table_of(rules)


rules_text = rule_book(MANIFEST)
"""The rules for people (the manifest's rule book), whole or one section, in any language of the house."""


# name -> (module, its name there); GymEnv is the game interface's name of the one-seat env. The table's
# words are the module ``text``, not ``table``, so that importing it never shadows a lazy name.
_LAZY = {**{n: (".observation", n) for n in ("GameEncoder", "HIDDEN_CARDS_SIZE", "OBS_SIZE", "OBS_VERSION",
                                             "OFFSETS", "encode", "hidden_cards", "hidden_cards_size",
                                             "layout_of", "observation_bounds")},
         **{n: (".envs", n) for n in ("CanastaGymEnv", "env", "raw_env", "team_reward")},
         "GymEnv": (".envs", "CanastaGymEnv"), "table_text": (".text.tabletext", "table_text"),
         "DEMO": (".text.demo", "DEMO"),
         **{n: (".bots", n) for n in ("make_bot", "bot_names", "check_bot_name", "strongest_bot", "hint_bot_name",
                                          "learned_stem")}}


__getattr__ = late_names(__name__, _LAZY)
