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

from typing import Any

from ...family import scenario as grammar
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
)
from ...family.scenario import ScenarioError
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


def parse_meld(text: Any, where: str) -> tuple[int, int, int, int]:
    """A meld string as (rank, naturals, twos, jokers), checked against rules 5.1-5.3."""
    kinds = grammar.read_cards(text, where)
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
    spec = grammar.read_spec(spec, _TOP_KEYS)
    game = grammar.new_game_of(spec, Game, Rules, seed)
    grammar.read_turn(game, spec, game.rules.rounds, PHASE_NAMES)
    set_asides = _load_players(game, spec)
    _load_teams(game, spec)
    for p, melds in grammar.read_set_asides(game, spec, set_asides, parse_meld):
        _place_melds(game, p & 1, melds, f"players[{p}].set_aside")
    grammar.read_pile_memory(game, spec, "rule 3.5")
    _load_stock(game, spec)
    over_flag = grammar.read_results(game, spec)
    reset_legality(game)
    game.is_over = over_flag
    if over_flag:
        game._mask = None
        return game
    _check_turn(game)
    return game


def _load_players(game: Game, spec: dict) -> list[tuple[int, list]]:
    """Each player's hand and foot; returns the set-aside melds given on a player, parsed, to place later."""
    set_asides: list[tuple[int, list]] = []
    for p, pl, where in grammar.read_players(spec, _PLAYER_KEYS):
        hand = grammar.read_hand(pl, where, "rule 3.5")
        foot = counts_of(grammar.read_cards(pl.get("foot", ""), where + ".foot"))
        game.hand[p] = hand
        game.htot[p] = sum(hand)
        game.foot[p] = foot
        game.in_foot[p] = sum(foot) == 0
        aside = grammar.read_player_set_aside(game, p, pl, where, parse_meld)
        if aside:
            set_asides.append((p, aside))
    return set_asides


def _load_teams(game: Game, spec: dict) -> None:
    """Each partnership's table melds, initial meld made, and red threes."""
    for t, tm, where, parsed, down in grammar.read_teams(spec, _TEAM_KEYS, parse_meld):
        _place_melds(game, t, parsed, where)
        game.down[t] = down
        game.red_threes[t] = grammar.read_int(tm, "red_threes", 0, 0, deck_counts(game.rules.decks)[RED3], where + ".")


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
    grammar.read_stock(game, spec, placed, deck_counts(game.rules.decks), "{n} {kind} (the decks hold {full})")


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
