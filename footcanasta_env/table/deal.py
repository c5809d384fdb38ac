"""How a person's game is dealt: the game's name and one of a seed, a daily date or a scenario.

``Deal`` is all that is needed, with the action log, to rebuild a game exactly; the terminal and the
browser deal through it. A daily date alone is the public daily deal of that date (the terminal's); a
hosted server gives its dailies a seed of its own (``daily_seed``, from its secret), so that nobody can
deal a day's game before the server publishes it. ``drawn`` says the seed was drawn by the dealer rather
than given by the person: such a seed is a secret until the game is over. ``players`` and ``sides`` choose
a table size of a game that has several (Canasta's section 14; ``None``: the game's default table); a game
of one size, or a size it does not know, is refused by name (``table_rules``).
"""

from __future__ import annotations

import datetime as _dt
from dataclasses import asdict, dataclass
from typing import Any

from ..family.sizes import size_of
from ..games import DEFAULT_GAME, check_game_name, get_game
from ..i18n import DEFAULT_LANG, words
from ..messages import N_, Message, MessageError
from ..seeds import MAX_SEED, fresh_seed, parse_seed
from ..seeds import daily_seed as public_daily_seed


def parse_daily(value: Any) -> str:
    """A daily date, checked, as YYYY-MM-DD (a ``ValueError`` says what is wrong)."""
    if not isinstance(value, (str, _dt.date)) or (isinstance(value, str) and len(value) > 20):
        raise MessageError(Message(N_("daily must be a date string YYYY-MM-DD")))
    public_daily_seed(value)  # says what is wrong with a bad date
    return value.isoformat() if isinstance(value, _dt.date) else _dt.date.fromisoformat(value.strip()).isoformat()


def today() -> str:
    """Today's date (local), as YYYY-MM-DD: the daily deal people play today."""
    return _dt.date.today().isoformat()


@dataclass
class Deal:
    """Which game and which deal: at most one of ``seed``, ``daily`` and ``scenario`` (none: a fresh seed)."""

    game: str = DEFAULT_GAME
    seed: int | None = None
    daily: str | None = None
    scenario: dict | None = None
    daily_seed: int | None = None  # a hosted daily's own seed (the server's secret's); None: the public one
    drawn: bool = False  # the seed was drawn here (fresh entropy), not given: hidden until the game is over
    players: int | None = None  # the table's size (None: the game's default)
    sides: int | None = None  # how its seats make sides (None: the size's default)

    def __post_init__(self) -> None:
        self.game = check_game_name(self.game)
        if self.daily_seed is not None and (self.daily is None or not _seed_ok(self.daily_seed)):
            raise ValueError("daily_seed is a whole number from 0 to 2**128-1, and only for a daily game")
        given = [k for k in ("seed", "daily", "scenario") if getattr(self, k) is not None]
        if len(given) > 1:
            raise ValueError(f"give one of seed, daily and scenario, not {' and '.join(given)}")
        if self.seed is not None:
            self.seed = parse_seed(self.seed)  # says what is wrong with a bad seed
        if self.daily is not None:
            self.daily = parse_daily(self.daily)
        rules = table_rules(self.game, self.players, self.sides)  # says what is wrong with an unknown size
        size = {} if rules is None else sized(self.game, rules)
        self.players, self.sides = size.get("players"), size.get("sides")  # the default table is named by none

    @property
    def rules(self) -> Any:
        """The game's rules for this deal's table size (``None``: the game's defaults)."""
        return table_rules(self.game, self.players, self.sides)

    @property
    def size(self) -> str:
        """The table size as a key ('' for the default table, else '2', '6x3'): daily boards keep sizes apart."""
        return size_key(self.game, self.players, self.sides)

    def deal(self) -> Any:
        """The game as dealt (a fresh seed is drawn, and kept here, when none was given)."""
        game, sized = get_game(self.game), {} if self.rules is None else {"rules": self.rules}
        if self.scenario is not None:
            return game.load_scenario(self.scenario, seed=0)
        if self.daily is not None:
            if self.daily_seed is not None:
                return game.new_game(seed=self.daily_seed, **sized)
            return game.new_game(daily=self.daily, **sized)
        if self.seed is None:
            self.seed, self.drawn = fresh_seed(), True
        return game.new_game(seed=self.seed, **sized)

    @property
    def game_seed(self) -> int:
        """The seed the bots' seeds derive from (a scenario's is 0)."""
        if self.daily is not None:
            return public_daily_seed(self.daily) if self.daily_seed is None else self.daily_seed
        return int(self.seed or 0)

    def describe(self, lang: str = DEFAULT_LANG) -> str:
        """``the daily game of 2026-12-03``, ``seed 7`` or ``a scenario`` (in ``lang``)."""
        w = words(lang)
        if self.daily is not None:
            return w._("the daily game of {date}").format(date=self.daily)
        return w._("a scenario") if self.scenario is not None else w._("seed {seed}").format(seed=self.seed)

    @classmethod
    def of_replay(cls, replay: Any) -> Deal:
        """The deal a replay file was played from (``footcanasta_env.replays``)."""
        size = sized(replay.game, replay.rules)
        if replay.daily:
            return cls(game=replay.game, daily=replay.daily, daily_seed=replay.seed if replay.hosted else None, **size)
        return cls(game=replay.game, seed=replay.seed, **size)

    def to_dict(self) -> dict[str, Any]:
        # The default table stores no size, so that a four-player game's stored deal is as it was.
        return {k: v for k, v in asdict(self).items() if k not in ("players", "sides") or v is not None}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Deal:
        return cls(**{k: d.get(k) for k in ("seed", "daily", "scenario", "daily_seed", "players", "sides")},
                   game=d.get("game") or DEFAULT_GAME, drawn=bool(d.get("drawn", False)))


def table_rules(game: str, players: Any = None, sides: Any = None) -> Any:
    """The rules of ``game`` at a table of ``players`` (and ``sides``), or ``None`` for its default table; a
    size the game does not know, or a game of one size, refused with a message that says so."""
    if players is None and sides is None:
        return None
    module = get_game(game)
    if not hasattr(module.Rules(), "players"):
        raise MessageError(Message(N_("{game} is played at one table size only: it takes no --players or --sides"),
                                   game=module.TITLE))
    for name, value in (("players", players), ("sides", sides)):
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
            raise MessageError(Message(N_("{name} must be a whole number, got {value}"), name=name,
                                       value=repr(value)))
    if players is None:
        raise MessageError(Message(N_("sides needs players: the sides are a way to seat a number of players")))
    try:
        return module.Rules(players=players, sides=sides)
    except ValueError as e:
        raise MessageError(Message(N_("{game} has no table of {players} players{sides}: {reason}"), game=module.TITLE,
                                   players=players, sides="" if sides is None else f" in {sides} sides",
                                   reason=str(e))) from None


def sized(game: str, rules: Any) -> dict[str, int]:
    """The ``players``/``sides`` of a Deal for a game played at ``rules`` (none for the default table)."""
    return size_of(get_game(game), rules)


def size_key(game: str, players: int | None, sides: int | None) -> str:
    """'' for the default table, '2' for two players, '6x3' for six in three sides (the default sides unnamed)."""
    rules = table_rules(game, players, sides)
    return "" if rules is None else "x".join(str(v) for v in sized(game, rules).values())


def _seed_ok(seed: Any) -> bool:
    return not isinstance(seed, bool) and isinstance(seed, int) and 0 <= seed <= MAX_SEED


_MOST_SEATS = 8  # the largest table a game's rules are asked about (the family's tables seat at most six)


def table_sizes(game: Any) -> tuple[int, ...]:
    """The numbers of players ``game`` (a game module) is played by: its default table's first, then every
    other number its ``Rules`` take (a game of one size: its default only)."""
    default = game.geometry().seats
    if not hasattr(game.Rules(), "players"):
        return (default,)
    return (default, *(n for n in range(2, _MOST_SEATS + 1) if n != default and _takes(game, n, None)))


def table_choices(game: Any) -> list[dict[str, int]]:
    """Every table of ``game`` a person may ask for: ``{"players": n}`` for each size (none for the default
    table), and ``{"players": n, "sides": s}`` for each other way its rules seat ``n`` players in sides."""
    default, *others = table_sizes(game)
    out: list[dict[str, int]] = [{}]
    for n in others:
        out.append({"players": n})
        natural = game.Rules(players=n).sides
        out += [{"players": n, "sides": s} for s in range(2, n + 1) if s != natural and _takes(game, n, s)]
    return out


def _takes(game: Any, players: int, sides: int | None) -> bool:
    try:
        game.Rules(players=players, sides=sides)
    except ValueError:
        return False
    return True
