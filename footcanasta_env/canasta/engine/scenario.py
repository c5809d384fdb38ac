"""Scenarios: a Canasta game state as a plain JSON-able dict, loaded with validation and saved exactly.

Format (CANASTA_RULES.md section 13; cards are tokens in space-separated strings)::

    {
      "round": 1, "dealer": 3, "current": 0, "phase": "draw", "scores": [0, 0],
      "players": [{"hand": "K K 5 5 5 JK 9"}, ... four players ...],
      "teams": [{"melds": ["Q Q Q Q", "7 7 7 7 7 7 2"], "red_threes": 1, "down": true},
                {"melds": [], "red_threes": 0, "down": false}],
      "pile": "4 9 K",          # bottom to top
      "stock": "..."            # top first; optional
    }

Optional: ``players[i]["set_aside"]`` (melds, only for the player to act, only before their
partnership's initial meld; a top-level ``"set_aside"`` means the player to act's), ``"rules"`` (fields
of ``Rules`` that differ from the defaults), ``"memory"`` (per player, the public memory of pickups as
card strings), ``"rng"`` (the random generator's state), ``"round_results"``, ``"over"``,
``"has_melded"`` (four booleans, default all false: whether each seat has melded a card this round,
rule 8.4; given, a partnership that is down needs a seat that has melded) and ``"turn_melds"`` (the
engine's own key: present only when the player to act had melded no card before this turn, it names the
ranks of the melds they started this turn, e.g. ``"K 7"``, for the concealed bonus of rule 8.4).
Without ``stock`` every card not placed
elsewhere goes into the stock, shuffled from the seed; with ``stock`` the scenario may hold fewer cards
than the decks. Black threes melded on the way out are a meld ``"B3 B3 B3"`` of the partnership to act.
Unknown keys are refused by name, and so is a position the rules cannot reach.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import numpy as np

from ...family.cards import BLACK3, JOKER, KINDS, NUM_KINDS, NUM_NATURAL, RED3, TWO, counts_of, deck_counts, parse_cards
from ..actions import PHASE_NAMES, PLAY_PHASE
from ..rules import DECKS, MAX_WILDS, MIN_MELD, MIN_NATURALS, Rules
from .game import Game
from .legality import aside_count, held
from .melding import put_in_meld
from .state import to_scenario

__all__ = ["ScenarioError", "load_scenario", "parse_meld", "to_scenario"]  # to_scenario: the writer, in state.py

_TOP_KEYS = {"round", "dealer", "current", "phase", "scores", "players", "teams", "pile", "stock", "rules",
             "memory", "rng", "round_results", "over", "set_aside", "has_melded", "turn_melds"}
_PLAYER_KEYS = {"hand", "set_aside"}
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
    """A meld string as (rank, naturals, twos, jokers), checked against rules 5.1-5.3; black threes are
    (``BLACK3``, n, 0, 0)."""
    kinds = _cards(text, where)
    n = len(kinds)
    if RED3 in kinds:
        raise ScenarioError(f"{where}: red threes are never melded, {text!r} (rule 5.2)")
    if BLACK3 in kinds:
        if kinds.count(BLACK3) != n or n not in (3, 4):
            raise ScenarioError(f"{where}: black threes are melded three or four alone, {text!r} (rule 5.3)")
        return (BLACK3, n, 0, 0)
    two, jk = kinds.count(TWO), kinds.count(JOKER)
    naturals = sorted({k for k in kinds if k < NUM_NATURAL})
    if len(naturals) > 1:
        raise ScenarioError(f"{where}: a meld holds one rank, {text!r} mixes {', '.join(KINDS[k] for k in naturals)}")
    if not naturals:
        raise ScenarioError(f"{where}: wild cards never form a meld of their own, {text!r} (rule 5.2)")
    nat = n - two - jk
    if n < MIN_MELD or nat < MIN_NATURALS or two + jk > MAX_WILDS:
        raise ScenarioError(f"{where}: a meld has 3 or more cards, at least {MIN_NATURALS} natural and at most "
                            f"{MAX_WILDS} wild, {text!r} has {nat} natural and {two + jk} wild (rule 5.1)")
    return (naturals[0], nat, two, jk)


def _place_melds(game: Game, t: int, melds: list[tuple[int, int, int, int]], where: str) -> None:
    for r, nat, two, jk in melds:
        if r == BLACK3:
            if game.b3[t]:
                raise ScenarioError(f"{where}: two melds of black threes (rule 5.4)")
            game.b3[t] = nat
            game.mcards[t] += nat
            game.mval[t] += nat * game.values[BLACK3]
            continue
        if game.msize[t][r]:
            raise ScenarioError(f"{where}: two melds of {KINDS[r]}; a partnership has one meld per rank (rule 5.4)")
        put_in_meld(game, t, r, nat, two, jk)


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
    _load_flags(game, spec)
    pile = _cards(spec.get("pile", ""), "scenario pile")
    if RED3 in pile:
        raise ScenarioError("scenario pile holds a red three; red threes are never discarded (rule 3.4)")
    game.pile = pile
    game.pile_wilds = pile.count(TWO) + pile.count(JOKER)
    memory = spec.get("memory")
    if memory is not None:
        if not isinstance(memory, list) or len(memory) != 4:
            raise ScenarioError("scenario memory must be a list of 4 card strings, one per player")
        game.memory = [counts_of(_cards(m, f"memory[{i}]")) for i, m in enumerate(memory)]
    _load_stock(game, spec)
    _load_results(game, spec)
    if not game.is_over:
        _check_position(game)
    return game


def _load_turn(game: Game, spec: dict) -> None:
    """Round, dealer, player to act, phase and scores."""
    rnd = _int(spec, "round", 1, 1, game.rules.max_rounds or 10**6, "scenario ")
    dealer_default = (spec["current"] - 1) & 3 if isinstance(spec.get("current"), int) else 3
    dealer = _int(spec, "dealer", dealer_default, 0, 3, "scenario ")
    current = _int(spec, "current", (dealer + 1) & 3, 0, 3, "scenario ")
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
    """Each player's hand; returns the set-aside melds given on a player, parsed, to place later."""
    players = spec.get("players")
    if not isinstance(players, list) or len(players) != 4:
        raise ScenarioError("scenario players must be a list of 4 players (South, West, North, East)")
    set_asides: list[tuple[int, list]] = []
    for p, pl in enumerate(players):
        where = f"players[{p}]"
        _check_keys(pl, _PLAYER_KEYS, where)
        hand = counts_of(_cards(pl.get("hand", ""), where + ".hand"))
        if hand[RED3]:
            raise ScenarioError(f"{where}.hand holds a red three; red threes are laid down at once (rules 2.4, 3.4)")
        game.hand[p] = hand
        game.htot[p] = sum(hand)
        sa = pl.get("set_aside", [])
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
        if down and not any(m[0] != BLACK3 for m in parsed):
            raise ScenarioError(f"{where}: down is true but no meld is on the table; the initial meld lays "
                                "down at least one meld, which stays all round (rules 5.6, 7.2)")
        _place_melds(game, t, parsed, where)
        game.down[t] = down
        game.red_threes[t] = _int(tm, "red_threes", 0, 0, deck_counts(DECKS)[RED3], where + ".")
        if game.b3[t] and (t != game.current_player & 1 or game.phase_id != PLAY_PHASE):
            raise ScenarioError(f"{where}: black threes are on the table only in the turn their player goes "
                                "out, so only for the partnership to act, in the play step (rule 5.3)")


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
        if any(m[0] == BLACK3 for m in melds):
            raise ScenarioError(f"players[{p}].set_aside: black threes are never set aside; they go down only "
                                "on the way out, after the initial meld (rule 5.3)")
        _place_melds(game, t, melds, f"players[{p}].set_aside")


def _load_flags(game: Game, spec: dict) -> None:
    """``has_melded`` (rule 8.4) and ``turn_melds``, checked against the partnerships' melds."""
    flags = spec.get("has_melded", [False] * 4)
    if not isinstance(flags, list) or len(flags) != 4 or not all(isinstance(f, bool) for f in flags):
        raise ScenarioError(f"scenario has_melded must be a list of 4 booleans, got {flags!r}")
    for p in range(4):
        if flags[p] and not game.down[p & 1]:
            raise ScenarioError(f"has_melded[{p}] is true but partnership {p & 1} has not made its initial meld")
    for t in (0, 1):
        if "has_melded" in spec and game.down[t] and not (flags[t] or flags[t + 2]):
            raise ScenarioError(f"teams[{t}] is down but has_melded is false for both its players (rule 8.4)")
    game.has_melded = list(flags)
    game.turn_fresh = not flags[game.current_player]
    game.turn_new = 0
    if "turn_melds" in spec:
        cur_t = game.current_player & 1
        ranks = _cards(spec["turn_melds"], "scenario turn_melds")
        if not flags[game.current_player] or game.phase_id != PLAY_PHASE:
            raise ScenarioError("scenario turn_melds: only a player to act who has melded this turn, in the play "
                                "step, has melds started this turn")
        for r in ranks:
            if r >= NUM_NATURAL or not game.msize[cur_t][r]:
                raise ScenarioError(f"scenario turn_melds: {KINDS[r]} is no meld of partnership {cur_t}")
            game.turn_new |= 1 << r
        game.turn_fresh = True


def _load_stock(game: Game, spec: dict) -> None:
    """Count every card placed against the decks; the stock as given, or every card left, shuffled."""
    placed = [0] * NUM_KINDS
    for p in range(4):
        for k in range(NUM_KINDS):
            placed[k] += game.hand[p][k]
    for t in (0, 1):
        for k in range(NUM_KINDS):
            placed[k] += aside_count(game, t, k)
        placed[RED3] += game.red_threes[t]
    for k in game.pile:
        placed[k] += 1
    full = deck_counts(DECKS)
    if "stock" in spec:
        stock_top_first = _cards(spec["stock"], "scenario stock")
        for k in stock_top_first:
            placed[k] += 1
        game.stock = stock_top_first[::-1]
    over = [f"{n} of {KINDS[k]} (the decks hold {full[k]})" for k, n in enumerate(placed) if n > full[k]]
    if over:
        raise ScenarioError("scenario places more cards than the decks hold: " + ", ".join(over))
    if "stock" not in spec:
        rest = np.repeat(np.arange(NUM_KINDS), [full[k] - placed[k] for k in range(NUM_KINDS)])
        game.stock = game.rng.permutation(rest).tolist()


def _load_results(game: Game, spec: dict) -> None:
    """Finished rounds' results and whether the game is over."""
    results = spec.get("round_results", [])
    if not isinstance(results, list) or not all(isinstance(r, dict) and "scores" in r for r in results):
        raise ScenarioError("scenario round_results must be a list of round result objects with 'scores'")
    game.round_results = copy.deepcopy(results)
    for r in game.round_results:
        r["scores"] = tuple(r["scores"])
    over = spec.get("over", False)
    if not isinstance(over, bool):
        raise ScenarioError(f"scenario over must be true or false, got {over!r}")
    game.is_over = over
    game._mask = None


def _check_position(game: Game) -> None:
    """Refuse what the rules cannot reach: an empty hand in a round still going, or a player without a move."""
    for p in range(4):
        if held(game, p) == 0:
            raise ScenarioError(f"players[{p}] holds no card; they would have gone out and ended the round "
                                "(rule 8.2)")
    t = game.current_player & 1
    if game.b3[t] and held(game, game.current_player) > 1:
        raise ScenarioError("black threes are on the table but the player to act holds more than one card; "
                            "after them a player holds at most one (rule 5.3)")
    if not game.legal_actions():
        raise ScenarioError("the player to act has no legal action; the round would already have ended (rule 6.2)")
