"""Scenarios: a game state as a plain JSON-able dict, loaded with validation and saved exactly.

Format (cards are RULES.md tokens in space-separated strings)::

    {
      "round": 1, "dealer": 3, "current": 0, "phase": "draw", "scores": [0, 0],
      "players": [{"hand": "K K 5 5 5 JK 9", "foot": "4 4 7 ..."}, ... four players ...],
      "teams": [{"melds": ["Q Q Q Q", "7 7 7 7 7 7 2"], "red_threes": 1, "down": true},
                {"melds": [], "red_threes": 0, "down": false}],
      "pile": "4 9 K",          # bottom to top
      "stock": "..."            # top first; optional
    }

Optional: ``players[i]["set_aside"]`` (melds, only for the player to act, only before their
partnership's initial meld; a top-level ``"set_aside"`` means the player to act's),
``"rules"`` (fields of ``Rules`` that differ from the defaults),
``"memory"`` (per player, the public memory of pickups as card strings), ``"rng"`` (the random
generator's state), ``"round_results"``, ``"over"``. Without ``stock`` every card not placed elsewhere goes
into the stock, shuffled from the seed; with ``stock`` the scenario may hold fewer cards than the decks.
A player playing from their foot has ``"foot": ""``. Unknown keys are refused by name.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import numpy as np

from ...family.cards import (
    BLACK3,
    JOKER,
    KINDS,
    NUM_KINDS,
    NUM_NATURAL,
    RED3,
    TWO,
    WILD_RANK,
    counts_of,
    deck_counts,
    parse_cards,
)
from ...family.seats import left_of
from ..actions import DRAW_PHASE, PHASE_NAMES, PLAY_PHASE
from ..rules import CANASTA_SIZE, MIN_MELD, Rules
from .game import Game
from .legality import aside_counts, reset_legality
from .melding import meld_into, place_canasta
from .rounds import pick_up_foot
from .state import to_scenario

__all__ = ["ScenarioError", "load_scenario", "parse_meld", "to_scenario"]  # to_scenario: the writer, in state.py

_TOP_KEYS = {"round", "dealer", "current", "phase", "scores", "players", "teams", "pile", "stock", "rules",
             "memory", "rng", "round_results", "over", "set_aside"}
_PLAYER_KEYS = {"hand", "foot", "set_aside"}
_TEAM_KEYS = {"melds", "red_threes", "down"}


class ScenarioError(ValueError):
    """A scenario that is malformed or describes an impossible state."""


def _check_keys(obj: Any, allowed: set[str], where: str) -> dict:
    if not isinstance(obj, dict):
        raise ScenarioError(f"{where} must be an object, got {type(obj).__name__}")
    unknown = sorted(set(obj) - allowed)
    if unknown:
        raise ScenarioError(f"{where}: unknown key(s) {', '.join(map(repr, unknown))} "
                            f"(allowed: {', '.join(sorted(allowed))})")
    return obj


def _int(obj: dict, key: str, default: int, lo: int, hi: int, where: str) -> int:
    v = obj.get(key, default)
    if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
        raise ScenarioError(f"{where}{key} must be a whole number from {lo} to {hi}, got {v!r}")
    return v


def _cards(text: Any, where: str) -> list[int]:
    if not isinstance(text, str):
        raise ScenarioError(f"{where} must be a string of card tokens, got {text!r}")
    try:
        return parse_cards(text)
    except ValueError as e:
        raise ScenarioError(f"{where}: {e}") from None


def parse_meld(text: Any, where: str) -> tuple[int, int, int, int]:
    """A meld string as (rank, naturals, twos, jokers), checked against rules 5.1-5.3."""
    kinds = _cards(text, where)
    n = len(kinds)
    if not MIN_MELD <= n <= CANASTA_SIZE:
        raise ScenarioError(f"{where}: a meld has 3 to 7 cards, {text!r} has {n} (rules 5.1, 5.2)")
    if any(k in (RED3, BLACK3) for k in kinds):
        raise ScenarioError(f"{where}: threes can never be melded, {text!r} (rule 5.3)")
    two = kinds.count(TWO)
    jk = kinds.count(JOKER)
    naturals = sorted({k for k in kinds if k < NUM_NATURAL})
    if len(naturals) > 1:
        raise ScenarioError(f"{where}: a meld holds one rank, {text!r} mixes {', '.join(KINDS[k] for k in naturals)}")
    if not naturals:
        return (WILD_RANK, 0, two, jk)
    nat = n - two - jk
    if nat < 2 * (two + jk):
        raise ScenarioError(f"{where}: {text!r} has {nat} naturals and {two + jk} wild cards; a natural meld needs "
                            "at least twice as many naturals as wild cards (rule 5.1)")
    return (naturals[0], nat, two, jk)


def _place_melds(game: Game, t: int, melds: list[tuple[int, int, int, int]], where: str) -> None:
    for r, nat, two, jk in melds:
        if nat + two + jk == CANASTA_SIZE:
            place_canasta(game, t, r, nat, two, jk)
            continue
        if game.inc_size[t][r]:
            raise ScenarioError(f"{where}: two incomplete {'wild' if r == WILD_RANK else KINDS[r]} melds; "
                                "a partnership has at most one incomplete meld per rank (rule 5.5)")
        meld_into(game, t, r, nat, two, jk)


def load_scenario(spec: dict | str, seed: int = 0) -> Game:
    """Build a ``Game`` from a scenario dict or JSON string; a bad scenario raises ``ScenarioError``."""
    if isinstance(spec, (str, bytes)):
        try:
            spec = json.loads(spec)
        except json.JSONDecodeError as e:
            raise ScenarioError(f"scenario is not valid JSON: {e}") from None
    spec = _check_keys(spec, _TOP_KEYS, "scenario")
    try:
        rules = Rules.from_dict(spec.get("rules", {}))
    except (ValueError, TypeError) as e:
        raise ScenarioError(f"scenario rules: {e}") from None
    game = Game(rules, seed)
    if "rng" in spec:
        try:
            game.rng.bit_generator.state = spec["rng"]
        except (TypeError, ValueError, KeyError, OverflowError) as e:  # numpy: OverflowError for huge ints
            raise ScenarioError(f"scenario rng: not a valid generator state ({e})") from None
    _load_turn(game, spec)
    set_asides = _load_players(game, spec)
    _load_teams(game, spec)
    _load_set_asides(game, spec, set_asides)
    pile = _cards(spec.get("pile", ""), "scenario pile")
    if RED3 in pile:
        raise ScenarioError("scenario pile holds a red three; red threes are never discarded (rule 3.5)")
    game.pile = pile
    memory = spec.get("memory")
    if memory is not None:
        if not isinstance(memory, list) or len(memory) != 4:
            raise ScenarioError("scenario memory must be a list of 4 card strings, one per player")
        game.memory = [counts_of(_cards(m, f"memory[{i}]")) for i, m in enumerate(memory)]
    _load_stock(game, spec)
    results = spec.get("round_results", [])
    if not isinstance(results, list) or not all(isinstance(r, dict) and "scores" in r for r in results):
        raise ScenarioError("scenario round_results must be a list of round result objects with 'scores'")
    game.round_results = copy.deepcopy(results)
    for r in game.round_results:
        r["scores"] = tuple(r["scores"])
    reset_legality(game)
    over_flag = spec.get("over", False)
    if not isinstance(over_flag, bool):
        raise ScenarioError(f"scenario over must be true or false, got {over_flag!r}")
    game.is_over = over_flag
    if over_flag:
        game._mask = None
        return game
    _check_turn(game)
    return game


def _load_turn(game: Game, spec: dict) -> None:
    """Round, dealer, player to act, phase and scores."""
    rnd = _int(spec, "round", 1, 1, game.rules.rounds, "scenario ")
    dealer_default = (spec["current"] - 1) & 3 if isinstance(spec.get("current"), int) else 3
    dealer = _int(spec, "dealer", dealer_default, 0, 3, "scenario ")
    current = _int(spec, "current", left_of(dealer), 0, 3, "scenario ")
    phase = spec.get("phase", "draw")
    if phase not in PHASE_NAMES:
        raise ScenarioError(f"scenario phase must be 'draw' or 'play', got {phase!r}")
    scores = spec.get("scores", [0, 0])
    if (not isinstance(scores, (list, tuple)) or len(scores) != 2
            or not all(isinstance(x, int) and not isinstance(x, bool) for x in scores)):
        raise ScenarioError(f"scenario scores must be a pair of whole numbers, got {scores!r}")
    game.round, game.dealer, game.current_player = rnd, dealer, current
    game.phase_id = PHASE_NAMES.index(phase)
    game.scores = (int(scores[0]), int(scores[1]))


def _load_players(game: Game, spec: dict) -> list[tuple[int, list]]:
    """Each player's hand and foot; returns the set-aside melds given on a player, parsed, to place later."""
    players = spec.get("players")
    if not isinstance(players, list) or len(players) != 4:
        raise ScenarioError("scenario players must be a list of 4 players (South, West, North, East)")
    set_asides: list[tuple[int, list]] = []
    for p, pl in enumerate(players):
        where = f"players[{p}]"
        _check_keys(pl, _PLAYER_KEYS, where)
        hand = counts_of(_cards(pl.get("hand", ""), where + ".hand"))
        if hand[RED3]:
            raise ScenarioError(f"{where}.hand holds a red three; red threes are laid down at once (rule 3.5)")
        foot_text = pl.get("foot", "")
        foot = counts_of(_cards(foot_text, where + ".foot"))
        game.hand[p] = hand
        game.htot[p] = sum(hand)
        game.foot[p] = foot
        game.in_foot[p] = sum(foot) == 0
        if "set_aside" in pl:
            sa = pl["set_aside"]
            if not isinstance(sa, list):
                raise ScenarioError(f"{where}.set_aside must be a list of melds")
            if sa:
                if p != game.current_player:
                    raise ScenarioError(f"{where}.set_aside: only the player to act can have set-aside melds "
                                        "(a discard returns them, rule 7.2)")
                set_asides.append((p, [parse_meld(m, f"{where}.set_aside[{i}]") for i, m in enumerate(sa)]))
    return set_asides


def _load_teams(game: Game, spec: dict) -> None:
    """Each partnership's table melds, initial meld made, and red threes."""
    teams = spec.get("teams", [{}, {}])
    if not isinstance(teams, list) or len(teams) != 2:
        raise ScenarioError("scenario teams must be a list of 2 partnerships (South/North, West/East)")
    for t, tm in enumerate(teams):
        where = f"teams[{t}]"
        _check_keys(tm, _TEAM_KEYS, where)
        melds = tm.get("melds", [])
        if not isinstance(melds, list):
            raise ScenarioError(f"{where}.melds must be a list of meld strings")
        parsed = [parse_meld(m, f"{where}.melds[{i}]") for i, m in enumerate(melds)]
        down = tm.get("down", bool(parsed))
        if not isinstance(down, bool):
            raise ScenarioError(f"{where}.down must be true or false, got {down!r}")
        if parsed and not down:
            raise ScenarioError(f"{where}: melds on the table but down is false; a partnership with melds has "
                                "made its initial meld (rule 7)")
        _place_melds(game, t, parsed, where)
        game.down[t] = down
        game.red_threes[t] = _int(tm, "red_threes", 0, 0, deck_counts(game.rules.decks)[RED3], where + ".")


def _load_set_asides(game: Game, spec: dict, set_asides: list[tuple[int, list]]) -> None:
    """The player to act's set-aside melds (given on the player or at the top level), before the initial meld."""
    if "set_aside" in spec:  # the top-level form names the player to act's set-aside melds
        sa = spec["set_aside"]
        if not isinstance(sa, list):
            raise ScenarioError("scenario set_aside must be a list of melds")
        if sa:
            if set_asides:
                raise ScenarioError("scenario gives set_aside both at the top level and on a player; use one")
            set_asides.append((game.current_player, [parse_meld(m, f"set_aside[{i}]") for i, m in enumerate(sa)]))
    for p, melds in set_asides:
        t = p & 1
        if game.down[t]:
            raise ScenarioError(f"players[{p}].set_aside: the partnership has already melded; set-aside melds "
                                "exist only before the initial meld (rule 7.2)")
        _place_melds(game, t, melds, f"players[{p}].set_aside")


def _load_stock(game: Game, spec: dict) -> None:
    """Count every card placed against the decks; the stock as given, or every card left, shuffled."""
    placed = [0] * NUM_KINDS
    for p in range(4):
        for k in range(NUM_KINDS):
            placed[k] += game.hand[p][k] + game.foot[p][k]
    for t in (0, 1):
        for k, n in enumerate(aside_counts(game, t)):
            placed[k] += n
        placed[RED3] += game.red_threes[t]
    for k in game.pile:
        placed[k] += 1
    full = deck_counts(game.rules.decks)
    if "stock" in spec:
        stock_top_first = _cards(spec["stock"], "scenario stock")
        for k in stock_top_first:
            placed[k] += 1
        game.stock = stock_top_first[::-1]
    over = [f"{n} {KINDS[k]} (the decks hold {full[k]})" for k, n in enumerate(placed) if n > full[k]]
    if over:
        raise ScenarioError("scenario places more cards than the decks hold: " + ", ".join(over))
    if "stock" not in spec:
        rest = np.repeat(np.arange(NUM_KINDS), [full[k] - placed[k] for k in range(NUM_KINDS)])
        game.stock = game.rng.permutation(rest).tolist()


def _check_turn(game: Game) -> None:
    """The player to act can act: an empty hand takes up the foot (rule 3.1); refuse what would be over."""
    p = game.current_player
    t = p & 1
    if game.htot[p] == 0 and not game.in_foot[p] and not (not game.down[t] and game.mcards[t]):
        pick_up_foot(game, p)  # rule 3.1, as at the start of a turn
    if game.in_foot[p] and game.held(p) == 0:
        raise ScenarioError(f"players[{p}] is to act from their foot with no cards; they would have gone out "
                            "(rule 8.2)")
    game._mask = None
    if game.phase_id == PLAY_PHASE and not game.legal_actions():
        raise ScenarioError("the player to act has no legal action; the round would already have ended (rule 8.4)")
    assert game.phase_id in (DRAW_PHASE, PLAY_PHASE)
