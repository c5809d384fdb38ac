"""Scenarios: a Canasta game state as a plain JSON-able dict, loaded with validation and saved exactly.

Format (CANASTA_RULES.md sections 13 and 14.9; cards are tokens in space-separated strings)::

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

Other sizes (rule 14.9): ``"rules": {"players": N}`` (and ``"sides"`` when it is not the size's default)
names the table; then ``players`` lists N players, ``teams`` one entry per side (``Rules.side_seats``),
``scores`` one total per side, ``has_melded`` and ``memory`` one entry per player. A list of the wrong
length is refused, naming the size.
"""

from __future__ import annotations

from typing import Any

from ...family import scenario as grammar
from ...family.cards import BLACK3, JOKER, KINDS, NUM_KINDS, NUM_NATURAL, RED3, TWO, deck_counts
from ...family.scenario import ScenarioError
from ..actions import PHASE_NAMES, PLAY_PHASE
from ..rules import MAX_WILDS, MIN_MELD, MIN_NATURALS, SIZES, Rules, table_of
from .game import Game
from .legality import aside_count, held
from .melding import put_in_meld
from .state import to_scenario

__all__ = ["ScenarioError", "load_scenario", "parse_meld", "to_scenario"]  # to_scenario: the writer, in state.py

_TOP_KEYS = {"round", "dealer", "current", "phase", "scores", "players", "teams", "pile", "stock", "rules",
             "memory", "rng", "round_results", "over", "set_aside", "has_melded", "turn_melds"}
_PLAYER_KEYS = {"hand", "set_aside"}
_TEAM_KEYS = {"melds", "red_threes", "down"}


def parse_meld(text: Any, where: str) -> tuple[int, int, int, int]:
    """A meld string as (rank, naturals, twos, jokers), checked against rules 5.1-5.3; black threes are
    (``BLACK3``, n, 0, 0)."""
    kinds = grammar.read_cards(text, where)
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
    spec = grammar.read_spec(spec, _TOP_KEYS)
    game = grammar.new_game_of(spec, Game, Rules, seed)
    table = table_of(game.rules)
    grammar.read_turn(game, spec, game.rules.max_rounds or 10**6, PHASE_NAMES, table)
    set_asides = _load_players(game, spec)
    _load_teams(game, spec)
    for p, melds in grammar.read_set_asides(game, spec, set_asides, parse_meld, table):
        if any(m[0] == BLACK3 for m in melds):
            raise ScenarioError(f"players[{p}].set_aside: black threes are never set aside; they go down only "
                                "on the way out, after the initial meld (rule 5.3)")
        _place_melds(game, game.side_of[p], melds, f"players[{p}].set_aside")
    _load_flags(game, spec)
    grammar.read_pile_memory(game, spec, "rule 3.4", game.nseats)
    game.pile_wilds = game.pile.count(TWO) + game.pile.count(JOKER)
    _load_stock(game, spec)
    game.is_over = grammar.read_results(game, spec)
    game._mask = None
    if not game.is_over:
        _check_position(game)
    return game


def _load_players(game: Game, spec: dict) -> list[tuple[int, list]]:
    """Each player's hand; returns the set-aside melds given on a player, parsed, to place later."""
    set_asides: list[tuple[int, list]] = []
    others = tuple(n for n in SIZES if n != game.nseats)
    for p, pl, where in grammar.read_players(spec, _PLAYER_KEYS, table_of(game.rules), others):
        hand = grammar.read_hand(pl, where, "rules 2.4, 3.4")
        game.hand[p] = hand
        game.htot[p] = sum(hand)
        aside = grammar.read_player_set_aside(game, p, pl, where, parse_meld)
        if aside:
            set_asides.append((p, aside))
    return set_asides


def _load_teams(game: Game, spec: dict) -> None:
    """Each side's table melds, initial meld made, and red threes."""
    red_threes = deck_counts(game.rules.decks)[RED3]
    for t, tm, where, parsed, down in grammar.read_teams(spec, _TEAM_KEYS, parse_meld, table_of(game.rules)):
        if down and not any(m[0] != BLACK3 for m in parsed):
            raise ScenarioError(f"{where}: down is true but no meld is on the table; the initial meld lays "
                                "down at least one meld, which stays all round (rules 5.6, 7.2)")
        _place_melds(game, t, parsed, where)
        game.down[t] = down
        game.red_threes[t] = grammar.read_int(tm, "red_threes", 0, 0, red_threes, where + ".")
        if game.b3[t] and (t != game.side_of[game.current_player] or game.phase_id != PLAY_PHASE):
            raise ScenarioError(f"{where}: black threes are on the table only in the turn their player goes "
                                "out, so only for the partnership to act, in the play step (rule 5.3)")


def _load_flags(game: Game, spec: dict) -> None:
    """``has_melded`` (rule 8.4) and ``turn_melds``, checked against the partnerships' melds."""
    n = game.nseats
    flags = spec.get("has_melded", [False] * n)
    if not isinstance(flags, list) or len(flags) != n or not all(isinstance(f, bool) for f in flags):
        raise ScenarioError(f"scenario has_melded must be a list of {n} booleans, got {flags!r}")
    side_of = game.side_of
    for p in range(n):
        if flags[p] and not game.down[side_of[p]]:
            side = "partnership" if n == 4 else "side"
            raise ScenarioError(f"has_melded[{p}] is true but {side} {side_of[p]} has not made its initial meld")
    for t, seats in enumerate(game.rules.side_seats):
        if "has_melded" in spec and game.down[t] and not any(flags[p] for p in seats):
            who = "both its players" if len(seats) == 2 else "its player" if len(seats) == 1 else "all its players"
            raise ScenarioError(f"teams[{t}] is down but has_melded is false for {who} (rule 8.4)")
    game.has_melded = list(flags)
    game.turn_fresh = not flags[game.current_player]
    game.turn_new = 0
    if "turn_melds" in spec:
        cur_t = game.side_of[game.current_player]
        ranks = grammar.read_cards(spec["turn_melds"], "scenario turn_melds")
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
    for p in range(game.nseats):
        for k in range(NUM_KINDS):
            placed[k] += game.hand[p][k]
    for t in range(game.rules.sides):
        for k in range(NUM_KINDS):
            placed[k] += aside_count(game, t, k)
        placed[RED3] += game.red_threes[t]
    for k in game.pile:
        placed[k] += 1
    grammar.read_stock(game, spec, placed, deck_counts(game.rules.decks), "{n} of {kind} (the decks hold {full})")


def _check_position(game: Game) -> None:
    """Refuse what the rules cannot reach: an empty hand in a round still going, or a player without a move."""
    for p in range(game.nseats):
        if held(game, p) == 0:
            raise ScenarioError(f"players[{p}] holds no card; they would have gone out and ended the round "
                                "(rule 8.2)")
    t = game.side_of[game.current_player]
    if game.b3[t] and held(game, game.current_player) > 1:
        raise ScenarioError("black threes are on the table but the player to act holds more than one card; "
                            "after them a player holds at most one (rule 5.3)")
    if not game.legal_actions():
        raise ScenarioError("the player to act has no legal action; the round would already have ended (rule 6.2)")
