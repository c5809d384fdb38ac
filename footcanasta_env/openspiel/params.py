"""The games' OpenSpiel parameters, checked with the rules' own messages, and the true bounds of ``GameInfo``.

Parameters (``pyspiel.load_game("canasta(max_rounds=1,reward=round)")``):

* ``seed`` (int, default 0): the deals. The root's chance outcome ``k`` deals ``new_game(deal_seed(seed, k))``,
  which is deal ``k`` of the house's duplicate matches with that seed (``footcanasta_env.evaluation``).
* ``reward`` (``"terminal"``, the default, or ``"round"``): ``terminal`` pays +1 / -1 / 0 (win, loss, draw)
  to every seat of a side once the game is over; ``round`` pays each round's score difference, own side
  minus the other, in points, as the round ends (so the returns are the final difference of the totals).
* ``rules`` (string, default ``""``): the game's ``Rules`` fields that differ from the defaults, as
  ``field:value`` pairs joined by ``;`` (``"decks:4;hand_size:11"``; a list joins its numbers with ``/``:
  ``"initial_minimums:50/90"``; ``true``, ``false``, ``none``), refused field by field with the rules' own
  messages. Not JSON: OpenSpiel writes the parameters into the game's string (``footcanasta(rules=...,seed=0)``)
  and reads them back at every deserialisation, splitting at commas and ``=`` and taking parentheses as games.
* Foot Canasta: ``rounds`` (1 to 4, default 4): the game plays its first ``rounds`` rounds (``Rules.with_rounds``).
* Canasta: ``max_rounds`` (default 20, the envs' cap: the rules' own game to 5,000 has no bound on its length)
  and ``players`` (default 4; the sizes of the "Canasta for two, three and six players" issue slot in through
  the rules: a ``Rules`` with a ``players`` field receives it; Canasta's engine plays every size, its OpenSpiel
  game four players only until its observation has the others, and any other size is refused by name).

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
* Utility. ``terminal``: [-1, 1]. ``round``: in one round the difference of the two sides' scores is at most
  the card values of the whole deck (each card counts once, for one side, plus or minus), every possible
  canasta (``D // 7``) at the largest canasta bonus, every red three at its bonus (plus the all-four bonus
  in Canasta), and the best going-out bonus; ``R`` times that bounds the returns either way.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from ..canasta.rules import OPENSPIEL_FOUR, require_four_players
from ..family.cards import PER_DECK, RED3
from ..games import get_game

NUM_DEALS = 1 << 16
"""The root's chance outcomes: 65,536 equally likely deals (seeds), each a whole shuffled game."""
REWARDS = ("terminal", "round")
CANASTA_MAX_ROUNDS = 20
GAMES = ("footcanasta", "canasta")


def parameter_specification(name: str) -> dict[str, Any]:
    """The parameters OpenSpiel passes for game ``name``, with their defaults (which fix their types)."""
    spec: dict[str, Any] = {"seed": 0, "reward": "terminal", "rules": ""}
    if name == "footcanasta":
        spec["rounds"] = 4
    else:
        spec.update(max_rounds=CANASTA_MAX_ROUNDS, players=4)
    return spec


@dataclass(frozen=True)
class Config:
    """One registered game's settings, checked: the game's name, its ``Rules``, the seed, the reward and the
    number of rounds the game can last (the cap the bounds use)."""

    name: str
    rules: Any
    seed: int
    reward: str
    rounds: int
    players: int = 4

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
    """The ``rules`` parameter of ``rules`` (its changes from the defaults); ``parse_rules`` reads it back."""
    def text(v: Any) -> str:
        if isinstance(v, (list, tuple)):
            return "/".join(str(x) for x in v) + ("/" if len(v) == 1 else "")
        return "none" if v is None else str(v).lower()

    return ";".join(f"{k}:{text(v)}" for k, v in sorted(rules.changes().items()))


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
        return Config(name, rules, seed, p["reward"], rules.rounds)
    players = _whole(p, "players")
    extra: dict[str, Any] = {"max_rounds": _whole(p, "max_rounds")}
    if "players" in {f.name for f in fields(module.Rules)}:
        extra["players"] = players  # the sizes issue: the rules take (or refuse) the table's size
    elif players != 4:
        raise ValueError(f"rules: players must be 4 (two partnerships of two); {module.TITLE} for {players} "
                         "players is not played yet")
    rules = _rules(module, p["rules"], extra)
    require_four_players(rules, OPENSPIEL_FOUR)  # its observation is laid out for four (section 14)
    return Config(name, rules, seed, p["reward"], rules.max_rounds, players)


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
    return (values + d // 7 * max(r.natural_canasta_bonus, r.mixed_canasta_bonus)
            + red3 * r.red_three_bonus + r.all_red_threes_bonus + max(r.going_out_bonus, r.concealed_bonus))


def utility_bound(cfg: Config) -> float:
    """The largest return in absolute value: 1 for ``terminal``, every round at its bound for ``round``."""
    return 1.0 if cfg.reward == "terminal" else float(cfg.rounds * round_bound(cfg))
