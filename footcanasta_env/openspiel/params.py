"""The games' OpenSpiel parameters, checked with the rules' own messages, and the true bounds of ``GameInfo``.

Parameters (``pyspiel.load_game("canasta(max_rounds=1,reward=round)")``):

* ``seed`` (int, default 0): the deals. The root's chance outcome ``k`` deals ``new_game(deal_seed(seed, k))``,
  which is deal ``k`` of the house's duplicate matches with that seed (``footcanasta_env.evaluation``).
* ``reward`` (``"terminal"``, the default, or ``"round"``): ``terminal`` pays +1 / -1 / 0 (win, loss, draw)
  to every seat of a side once the game is over; ``round`` pays each round's score difference, own side
  minus the other, in points, as the round ends (so the returns are the final difference of the totals).
  Three sides (Canasta at three players, or six in three sides): see Utility below.
* ``rules`` (string, default ``""``): the game's ``Rules`` fields that differ from the defaults, as
  ``field:value`` pairs joined by ``;`` (``"decks:4;hand_size:11"``; a list joins its numbers with ``/``:
  ``"initial_minimums:50/90"``; ``true``, ``false``, ``none``), refused field by field with the rules' own
  messages. Not JSON: OpenSpiel writes the parameters into the game's string (``footcanasta(rules=...,seed=0)``)
  and reads them back at every deserialisation, splitting at commas and ``=`` and taking parentheses as games.
* Foot Canasta: ``rounds`` (1 to 4, default 4): the game plays its first ``rounds`` rounds (``Rules.with_rounds``).
* Canasta: ``max_rounds`` (default 20, the envs' cap: the rules' own game to 5,000 has no bound on its length),
  ``players`` (2, 3, 4 or 6, default 4: CANASTA_RULES.md section 14) and ``sides`` (default 0: the size's
  own, two sides except three for three players; ``sides=3`` with six players plays three sides of two).
  The size is given by these two parameters only (a ``rules`` text naming ``players`` or ``sides`` is
  refused), and a size the rules do not know is refused with the rules' own message (``sides must be 2
  for 4 players (...), got 3``). ``canasta(players=6,sides=3)``: six players, partners opposite.

Bounds, derived from the rules (each holds for every game, none is measured):

* Length. In a round every turn either draws from the stock (at least one card leaves it, the stock never
  grows within a round, and a draw from an empty stock ends the round) or takes the pile (its top card is
  melded at once, and melded cards stay on the table all round): at most ``(D + 1) + D`` turns for a deck of
  ``D`` cards. A turn is its draw or pickup, its discard, at most one lay-down (the partnership is down
  after it), and melds and additions, each moving at least one card from the hand to the table or to the
  set-aside melds, from where no card comes back to the hand within the turn (only a discard returns
  set-aside cards, and it ends the turn): at most ``D + 3`` actions. So a game of ``R`` rounds has at most
  ``R (2 D + 1) (D + 3)`` player actions (OpenSpiel's ``max_game_length`` counts decisions), and one
  chance node (the deal).
  ``D`` is the deck of the rules: 108 cards for Canasta's two decks (every size but six players), 162 for
  its three (six players, in either sides), 270 for Foot Canasta's five; a draw of two cards (two players)
  only empties the stock sooner.
* Utility. Every seat is paid its side's zero-sum share (``envkit.reward.side_rewards``, as the envs pay
  it), and every side of a table has as many seats, so the seats' returns add up to zero (``ZERO_SUM``).
  ``terminal``: with two sides +1 / -1 / 0 (win, loss, draw); with three sides each side's win (1 or 0)
  minus the mean of the other two sides' wins: the winner +1 and the others -1/2 each, two sides sharing
  the highest total +1/2 each and the third -1, a draw of all three 0; so [-1, 1] at every size.
  ``round``: a side's share is its round score minus the other side's (two sides) or minus the mean of the
  other two (three sides). Either is at most what the round scores in absolute value, added over the
  sides: the card values of the whole deck (each card counts once, for one side, plus or minus), every
  possible canasta (``D // 7``) at the largest canasta bonus, every red three at its bonus plus the
  largest bonus of one side's red threes (Canasta: all four of two decks; five or all six of three), and
  the best going-out bonus (one side goes out); ``R`` times that bounds the returns either way.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from ..canasta.rules import SIZES
from ..family.cards import PER_DECK, RED3
from ..games import get_game

NUM_DEALS = 1 << 16
"""The root's chance outcomes: 65,536 equally likely deals (seeds), each a whole shuffled game."""
REWARDS = ("terminal", "round")
CANASTA_MAX_ROUNDS = 20
GAMES = ("footcanasta", "canasta")
SIZE_PARAMETERS = ("players", "sides")
"""Canasta's table size: parameters of their own, never fields of the ``rules`` text."""


def parameter_specification(name: str) -> dict[str, Any]:
    """The parameters OpenSpiel passes for game ``name``, with their defaults (which fix their types)."""
    spec: dict[str, Any] = {"seed": 0, "reward": "terminal", "rules": ""}
    if name == "footcanasta":
        spec["rounds"] = 4
    else:
        spec.update(max_rounds=CANASTA_MAX_ROUNDS, players=4, sides=0)  # sides 0: the size's own
    return spec


def player_counts(name: str) -> tuple[int, int]:
    """The fewest and most players game ``name`` seats (``GameType``): Canasta's sizes of section 14, Foot
    Canasta's one table."""
    if name == "canasta":
        return min(SIZES), max(SIZES)
    seats = get_game(name).geometry().seats
    return seats, seats


@dataclass(frozen=True)
class Config:
    """One registered game's settings, checked: the game's name, its ``Rules``, the seed, the reward, the
    number of rounds the game can last (the cap the bounds use), the players and the observation's length
    (the encoder's at this table: ``canasta.layout_of(rules).size``)."""

    name: str
    rules: Any
    seed: int
    reward: str
    rounds: int
    players: int
    obs_size: int

    def __deepcopy__(self, _memo: dict) -> Config:
        return self  # frozen: a state's clone shares it

    @property
    def module(self) -> Any:
        """The game's module (``footcanasta_env.games``)."""
        return get_game(self.name)

    @property
    def table(self) -> Any:
        """The game's table at these rules (its ``geometry``): the seats and their sides."""
        return self.module.geometry(self.rules)


_RULES_FORM = "field:value pairs joined by ';' (a value: a whole number, true, false, none, or numbers joined by '/')"


def _rule_value(text: str) -> Any:
    low = text.strip().lower()
    if low in ("true", "false"):
        return low == "true"
    if low == "none":
        return None
    if "/" in low:
        return [int(x) for x in low.split("/") if x]  # "50/": a list of one
    return int(low)


def parse_rules(text: Any) -> dict[str, Any]:
    """The fields of a ``rules`` parameter (``"decks:4;initial_minimums:50/90"``), not yet checked by the rules."""
    if not isinstance(text, str):
        raise ValueError(f"the rules parameter is {_RULES_FORM}, got {text!r}")
    out: dict[str, Any] = {}
    for part in filter(None, (p.strip() for p in text.split(";"))):
        name, colon, value = part.partition(":")
        try:
            if not colon or not name.strip():
                raise ValueError
            out[name.strip()] = _rule_value(value)
        except ValueError:
            raise ValueError(f"the rules parameter is {_RULES_FORM}; {part!r} is not") from None
    return out


def rules_parameter(rules: Any) -> str:
    """The ``rules`` parameter of ``rules`` (its changes from the defaults, but the table's size: the ``players``
    and ``sides`` parameters carry it, ``size_parameters``); ``parse_rules`` reads it back."""
    def text(v: Any) -> str:
        if isinstance(v, (list, tuple)):
            return "/".join(str(x) for x in v) + ("/" if len(v) == 1 else "")
        return "none" if v is None else str(v).lower()

    return ";".join(f"{k}:{text(v)}" for k, v in sorted(rules.changes().items()) if k not in SIZE_PARAMETERS)


def size_parameters(rules: Any) -> dict[str, int]:
    """The ``players`` and ``sides`` parameters of ``rules`` (none for a game without a size): those of its
    changes from the defaults, so the default table's game string names no sides."""
    return {k: v for k, v in rules.changes().items() if k in SIZE_PARAMETERS}


def _rules(module: Any, text: Any, extra: dict[str, Any]) -> Any:
    """The game's ``Rules`` from a ``rules`` parameter plus ``extra``; refusals are the rules' own."""
    changes = parse_rules(text)
    for f in fields(module.Rules):  # one number for a list field is a list of one
        if isinstance(f.default, tuple) and isinstance(changes.get(f.name), int):
            changes[f.name] = [changes[f.name]]
    return module.Rules.from_dict({**changes, **extra})


def _whole(params: dict[str, Any], key: str) -> int:
    v = params[key]
    if isinstance(v, bool) or not isinstance(v, int):
        raise ValueError(f"{key} must be a whole number, got {v!r}")
    return v


def make_config(name: str, params: dict[str, Any]) -> Config:
    """Check OpenSpiel's parameters for game ``name`` (defaults filled in) and build its ``Config``."""
    known = parameter_specification(name)
    unknown = sorted(set(params) - set(known))
    if unknown:
        raise ValueError(f"{name}: unknown parameter(s) {', '.join(unknown)} (known: {', '.join(sorted(known))})")
    p = {**known, **params}
    module = get_game(name)
    seed = _whole(p, "seed")
    if seed < 0:
        raise ValueError(f"new_game: seed must be a non-negative integer, got {seed!r}")
    if p["reward"] not in REWARDS:
        raise ValueError(f"reward must be one of {', '.join(REWARDS)}, got {p['reward']!r}")
    if name == "footcanasta":
        rules = _rules(module, p["rules"], {}).with_rounds(_whole(p, "rounds"))
        return Config(name, rules, seed, p["reward"], rules.rounds, module.geometry(rules).seats, module.OBS_SIZE)
    named = sorted(set(parse_rules(p["rules"])) & set(SIZE_PARAMETERS))
    if named:  # one place for the size, or the defaults of the parameters would override the text silently
        raise ValueError(f"{name}: the table's size is the players and sides parameters "
                         f"({name}(players=6,sides=3)), not the rules parameter (it names {', '.join(named)})")
    sides = _whole(p, "sides")
    # The rules take (or refuse, with their own message) the size; sides 0 leaves it to the size's default.
    extra = {"max_rounds": _whole(p, "max_rounds"), "players": _whole(p, "players"), "sides": sides or None}
    rules = _rules(module, p["rules"], extra)
    return Config(name, rules, seed, p["reward"], rules.max_rounds, rules.players, module.layout_of(rules).size)


def deck_size(cfg: Config) -> int:
    """The cards of the game's decks."""
    return sum(PER_DECK) * cfg.rules.decks


def max_game_length(cfg: Config) -> int:
    """An upper bound on the player actions of one game (the module docstring derives it)."""
    d = deck_size(cfg)
    return cfg.rounds * (2 * d + 1) * (d + 3)


def round_bound(cfg: Config) -> int:
    """An upper bound on one round's score difference between the sides (the module docstring derives it)."""
    r = cfg.rules
    d = deck_size(cfg)
    decks = d // sum(PER_DECK)
    values = sum(v * n * decks for v, n in zip(r.card_values, PER_DECK, strict=True))
    red3 = PER_DECK[RED3] * decks
    if cfg.name == "footcanasta":
        return (values + d // 7 * max(r.clean_bonus, r.dirty_bonus, r.wild_bonus) + red3 * r.red_three_bonus
                + r.going_out_bonus)
    # One side's red threes: all four of two decks, five or all six of three (rule 14.6).
    one_side = r.all_red_threes_bonus if r.decks == 2 else max(r.five_red_threes_bonus, r.six_red_threes_bonus)
    return (values + d // 7 * max(r.natural_canasta_bonus, r.mixed_canasta_bonus)
            + red3 * r.red_three_bonus + one_side + max(r.going_out_bonus, r.concealed_bonus))


def utility_bound(cfg: Config) -> float:
    """The largest return in absolute value: 1 for ``terminal``, every round at its bound for ``round``."""
    return 1.0 if cfg.reward == "terminal" else float(cfg.rounds * round_bound(cfg))
