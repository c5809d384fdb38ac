"""The scenario grammar both games read: a game state as a plain JSON-able dict, each part checked and
refused by name (``ScenarioError``).

What is here means the same in both games: the JSON text, unknown keys refused, whole numbers in a range,
card strings, the rules and random generator's state, the turn (round, dealer, player to act, phase, side
totals), the players' list with their hands and set-aside melds, the partnerships' list with their table
melds and ``down`` flag, the top-level ``set_aside``, the pile, the public memory, the stock counted against
the decks, the finished rounds and ``over``. The table is a ``Geometry`` (``table``, four seats in two
partnerships by default): how many players and sides a scenario lists, whose side a seat is. Each game's own
``engine/scenario.py`` holds its own keys (a foot, black threes, ``has_melded``), how it parses a meld and
places it, and its own checks, and gives its rule numbers to the messages here.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import numpy as np

from .cards import KINDS, NUM_KINDS, RED3, counts_of, parse_cards
from .geometry import FOUR_IN_PARTNERSHIPS, Geometry

Meld = tuple[int, int, int, int]
ParseMeld = Callable[[Any, str], Meld]


class ScenarioError(ValueError):
    """A scenario that is malformed or describes an impossible state."""


def check_keys(obj: Any, allowed: set[str], where: str) -> dict:
    """``obj`` itself if it is a dict with no key outside ``allowed``; else ``ScenarioError`` naming them."""
    if not isinstance(obj, dict):
        raise ScenarioError(f"{where} must be an object, got {type(obj).__name__}")
    unknown = sorted(set(obj) - allowed)
    if unknown:
        raise ScenarioError(f"{where}: unknown key(s) {', '.join(map(repr, unknown))} "
                            f"(allowed: {', '.join(sorted(allowed))})")
    return obj


def read_int(obj: dict, key: str, default: int, lo: int, hi: int, where: str) -> int:
    """``obj[key]`` (``default`` when absent), a whole number from ``lo`` to ``hi``."""
    v = obj.get(key, default)
    if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
        raise ScenarioError(f"{where}{key} must be a whole number from {lo} to {hi}, got {v!r}")
    return v


def read_cards(text: Any, where: str) -> list[int]:
    """A string of card tokens as kinds, in order."""
    if not isinstance(text, str):
        raise ScenarioError(f"{where} must be a string of card tokens, got {text!r}")
    try:
        return parse_cards(text)
    except ValueError as e:
        raise ScenarioError(f"{where}: {e}") from None


def read_spec(spec: dict | str | bytes, top_keys: set[str]) -> dict:
    """The scenario dict, from a dict or its JSON text, with no key outside ``top_keys``."""
    if isinstance(spec, (str, bytes)):
        try:
            spec = json.loads(spec)
        except json.JSONDecodeError as e:
            raise ScenarioError(f"scenario is not valid JSON: {e}") from None
    return check_keys(spec, top_keys, "scenario")


def new_game_of(spec: dict, make: Callable[[Any, int], Any], rules_class: Any, seed: int) -> Any:
    """``make(rules, seed)`` with the scenario's ``rules`` (changes from the defaults), its generator set to
    the scenario's ``rng`` when given."""
    try:
        rules = rules_class.from_dict(spec.get("rules", {}))
    except (ValueError, TypeError) as e:
        raise ScenarioError(f"scenario rules: {e}") from None
    game = make(rules, seed)
    if "rng" in spec:
        try:
            game.rng.bit_generator.state = spec["rng"]
        except (TypeError, ValueError, KeyError, OverflowError) as e:  # numpy: OverflowError for huge ints
            raise ScenarioError(f"scenario rng: not a valid generator state ({e})") from None
    return game


def read_turn(game: Any, spec: dict, last_round: int, phase_names: Sequence[str],
              table: Geometry = FOUR_IN_PARTNERSHIPS) -> None:
    """Round (1 to ``last_round``), dealer, player to act (the dealer's left by default), phase and scores."""
    rnd = read_int(spec, "round", 1, 1, last_round, "scenario ")
    n = table.seats
    last = n - 1
    current_given = spec.get("current")
    dealer_default = (current_given - 1) % n if isinstance(current_given, int) and 0 <= current_given <= last else last
    dealer = read_int(spec, "dealer", dealer_default, 0, last, "scenario ")
    current = read_int(spec, "current", (dealer + 1) % n, 0, last, "scenario ")
    phase = spec.get("phase", "draw")
    if phase not in phase_names:
        raise ScenarioError(f"scenario phase must be 'draw' or 'play', got {phase!r}")
    sides = table.num_sides
    scores = spec.get("scores", [0] * sides)
    if (not isinstance(scores, (list, tuple)) or len(scores) != sides
            or not all(isinstance(x, int) and not isinstance(x, bool) for x in scores)):
        what = "a pair of whole numbers" if sides == 2 else f"a list of {sides} whole numbers, one per side"
        raise ScenarioError(f"scenario scores must be {what}, got {scores!r}")
    game.round, game.dealer, game.current_player = rnd, dealer, current
    game.phase_id = phase_names.index(phase)
    game.scores = tuple(int(x) for x in scores)


def size_hint(table: Geometry, count: Any, sizes: Sequence[int]) -> str:
    """What a list of ``count`` players or sides would need: the size's ``rules`` (rule 14.9), if any."""
    if table.seats == 4 and isinstance(count, int) and count in sizes and count != 4:
        return f"; a game of {count} players names its size: \"rules\": {{\"players\": {count}}}"
    return ""


def read_players(spec: dict, keys: set[str], table: Geometry = FOUR_IN_PARTNERSHIPS,
                 sizes: Sequence[int] = ()) -> Iterator[tuple[int, dict, str]]:
    """The players, one a seat, as (seat, its dict, where), each checked for keys outside ``keys`` as it comes
    (so the first fault in the scenario's order is the one named). ``sizes``: the other numbers of players
    the game knows, which a refusal of a four-player list names."""
    players = spec.get("players")
    n = table.seats
    if not isinstance(players, list) or len(players) != n:
        got = f", got {len(players)}" if isinstance(players, list) else ""
        hint = size_hint(table, len(players), sizes) if isinstance(players, list) else ""
        size = "" if n == 4 else f" for the {n}-player game"
        raise ScenarioError(f"scenario players must be a list of {n} players ({', '.join(table.seat_names)})"
                            f"{size}{got}{hint}")
    for p, pl in enumerate(players):
        yield p, check_keys(pl, keys, f"players[{p}]"), f"players[{p}]"


def read_hand(pl: dict, where: str, red3_rule: str) -> list[int]:
    """A player's hand as counts by kind; red threes are refused (laid down at once, ``red3_rule``)."""
    hand = counts_of(read_cards(pl.get("hand", ""), where + ".hand"))
    if hand[RED3]:
        raise ScenarioError(f"{where}.hand holds a red three; red threes are laid down at once ({red3_rule})")
    return hand


def read_player_set_aside(game: Any, p: int, pl: dict, where: str, parse_meld: ParseMeld) -> list[Meld]:
    """The set-aside melds given on player ``p``, parsed: only the player to act may have any."""
    sa = pl.get("set_aside", [])
    if not isinstance(sa, list):
        raise ScenarioError(f"{where}.set_aside must be a list of melds")
    if sa and p != game.current_player:
        raise ScenarioError(f"{where}.set_aside: only the player to act can have set-aside melds "
                            "(a discard returns them, rule 7.2)")
    return [parse_meld(m, f"{where}.set_aside[{i}]") for i, m in enumerate(sa)]


def read_teams(spec: dict, keys: set[str], parse_meld: ParseMeld,
               table: Geometry = FOUR_IN_PARTNERSHIPS) -> Iterator[tuple[int, dict, str, list[Meld], bool]]:
    """The sides (two partnerships at four players) as (side, its dict, where, its table melds parsed, down),
    each read as it comes; melds on the table mean the side is down."""
    k = table.num_sides
    teams = spec.get("teams", [{} for _ in range(k)])
    if not isinstance(teams, list) or len(teams) != k:
        got = f", got {len(teams)}" if isinstance(teams, list) else ""
        what = "partnerships" if table.seats == 4 else "sides"
        size = "" if table.seats == 4 else f" for the {table.seats}-player game"
        raise ScenarioError(f"scenario teams must be a list of {k} {what} ({', '.join(table.side_names)}){size}{got}")
    for t, tm in enumerate(teams):
        where = f"teams[{t}]"
        check_keys(tm, keys, where)
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
        yield t, tm, where, parsed, down


def read_set_asides(game: Any, spec: dict, set_asides: list[tuple[int, list[Meld]]],
                    parse_meld: ParseMeld, table: Geometry = FOUR_IN_PARTNERSHIPS) -> list[tuple[int, list[Meld]]]:
    """The set-aside melds by seat: those given on a player or at the top level (the player to act's), each
    of a partnership not down yet (rule 7.2)."""
    if "set_aside" in spec:  # the top-level form names the player to act's set-aside melds
        sa = spec["set_aside"]
        if not isinstance(sa, list):
            raise ScenarioError("scenario set_aside must be a list of melds")
        if sa:
            if set_asides:
                raise ScenarioError("scenario gives set_aside both at the top level and on a player; use one")
            set_asides.append((game.current_player, [parse_meld(m, f"set_aside[{i}]") for i, m in enumerate(sa)]))
    for p, _ in set_asides:
        if game.down[table.side_of(p)]:
            raise ScenarioError(f"players[{p}].set_aside: the partnership has already melded; set-aside melds "
                                "exist only before the initial meld (rule 7.2)")
    return set_asides


def read_pile_memory(game: Any, spec: dict, red3_rule: str, seats: int = 4) -> None:
    """The pile (bottom to top; no red three, ``red3_rule``) and the public memory, when given."""
    pile = read_cards(spec.get("pile", ""), "scenario pile")
    if RED3 in pile:
        raise ScenarioError(f"scenario pile holds a red three; red threes are never discarded ({red3_rule})")
    game.pile = pile
    memory = spec.get("memory")
    if memory is not None:
        if not isinstance(memory, list) or len(memory) != seats:
            raise ScenarioError(f"scenario memory must be a list of {seats} card strings, one per player")
        game.memory = [counts_of(read_cards(m, f"memory[{i}]")) for i, m in enumerate(memory)]


def read_stock(game: Any, spec: dict, placed: list[int], full: Sequence[int], too_many: str) -> None:
    """The stock as given (top first), or every card not ``placed`` elsewhere, shuffled from the generator;
    more cards than the decks' ``full`` counts are refused (``too_many``: ``{n}``, ``{kind}``, ``{full}``)."""
    if "stock" in spec:
        stock_top_first = read_cards(spec["stock"], "scenario stock")
        for k in stock_top_first:
            placed[k] += 1
        game.stock = stock_top_first[::-1]
    over = [too_many.format(n=n, kind=KINDS[k], full=full[k]) for k, n in enumerate(placed) if n > full[k]]
    if over:
        raise ScenarioError("scenario places more cards than the decks hold: " + ", ".join(over))
    if "stock" not in spec:
        rest = np.repeat(np.arange(NUM_KINDS), [full[k] - placed[k] for k in range(NUM_KINDS)])
        game.stock = game.rng.permutation(rest).tolist()


def read_results(game: Any, spec: dict) -> bool:
    """The finished rounds' results into ``game``; returns ``over`` (not yet set on the game)."""
    results = spec.get("round_results", [])
    if not isinstance(results, list) or not all(isinstance(r, dict) and "scores" in r for r in results):
        raise ScenarioError("scenario round_results must be a list of round result objects with 'scores'")
    game.round_results = copy.deepcopy(results)
    for r in game.round_results:
        r["scores"] = tuple(r["scores"])
    over = spec.get("over", False)
    if not isinstance(over, bool):
        raise ScenarioError(f"scenario over must be true or false, got {over!r}")
    return over
