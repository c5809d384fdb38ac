"""Every seed derivation of the project, in one place, so that each meaning has one recipe.

A game is dealt from one seed; everything random about it (deals, shuffles, bots' choices) derives from
seeds made here. The recipes are part of what makes a result reproducible: a duplicate match's deals,
a replay's bots and a daily game are the same on every machine, so do not change one without bumping
what depends on it.

A seed a person gives or sees is a whole number from 0 to ``MAX_SEED`` (2**128-1, 39 digits: numpy's own
entropy is 128 bits), the same range in the terminal (``play --seed``, ``demo --seed``), in a replay and in the
browser, so every seed the terminal prints deals the same game in the browser; ``parse_seed`` checks one.
The seeds drawn here (``fresh_seed`` and the derived ones) are 63-bit; a public daily's is 64-bit.
"""

from __future__ import annotations

import datetime as _dt
import hashlib
import hmac

import numpy as np

from .messages import N_, Message, MessageError

MAX_SEED = (1 << 128) - 1
"""The largest seed a game is dealt from (the browser's JSON API carries seeds as strings of digits)."""
SEED_DIGITS = len(str(MAX_SEED))


def bad_seed(value: object) -> MessageError:
    """Why ``value`` is not a seed (a long text cut short: it is echoed to whoever sent it)."""
    shown = repr(value) if not isinstance(value, str) or len(value) <= 48 else repr(value[:45] + "...")
    return MessageError(Message(N_("seed must be a whole number from 0 to {largest} (2**128-1), not {seed}"),
                                largest=str(MAX_SEED), seed=shown))


def parse_seed(value: object) -> int:
    """A seed a person gave: a whole number from 0 to ``MAX_SEED``, as an int or as a string of ASCII digits
    (at most 39: never a float, a bool, a sign or spaces); anything else a ``MessageError`` naming the range."""
    seed = value
    if isinstance(value, str) and 0 < len(value) <= SEED_DIGITS and value.isascii() and value.isdigit():
        seed = int(value)
    if isinstance(seed, (int, np.integer)) and not isinstance(seed, (bool, np.bool_)) and 0 <= seed <= MAX_SEED:
        return int(seed)
    raise bad_seed(value)


def daily_seed(date: _dt.date | str) -> int:
    """The seed of the daily game for a date: the same for everyone, different each day."""
    if isinstance(date, str):
        try:
            date = _dt.date.fromisoformat(date.strip())
        except ValueError as e:
            raise MessageError(Message(N_("daily: {date} is not a date (use YYYY-MM-DD)"), date=repr(date))) from e
    elif isinstance(date, _dt.datetime):
        date = date.date()
    elif not isinstance(date, _dt.date):
        raise ValueError(f"daily: expected a date or an ISO string, got {date!r}")
    digest = hashlib.sha256(f"footcanasta-daily-{date.isoformat()}".encode()).digest()
    return int.from_bytes(digest[:8], "little")


def hosted_daily_seed(secret: str | bytes, game: str, date: _dt.date | str) -> int:
    """The seed of a hosted server's daily game: keyed by the server's secret, so that nobody can deal a day's
    game before the server publishes its seed (the public ``daily_seed`` is the terminal's)."""
    day = _dt.date.fromisoformat(date) if isinstance(date, str) else date
    key = secret.encode() if isinstance(secret, str) else secret
    digest = hmac.new(key, f"footcanasta-hosted-daily-{game}-{day.isoformat()}".encode(), hashlib.sha256).digest()
    return int.from_bytes(digest[:8], "little") >> 1


def fresh_seed() -> int:
    """A new game seed from the operating system's entropy (a non-negative 63-bit int)."""
    return int(np.random.SeedSequence().entropy % (1 << 63))


def deal_seed(seed: int, deal: int) -> int:
    """The game seed of deal ``deal`` in a duplicate match with seed ``seed``."""
    return int(np.random.SeedSequence([seed, deal, 0xD0C]).generate_state(1, np.uint64)[0]) >> 1


def match_bot_seed(seed: int, deal: int, bot: int, copy: int) -> int:
    """In a duplicate match: the seed of copy ``copy`` (0 or 1) of bot ``bot`` (0 for A, 1 for B) in a deal."""
    return int(np.random.SeedSequence([seed, deal, 0xB07, bot, copy]).generate_state(1)[0])


def seat_bot_seed(game_seed: int, seat: int) -> int:
    """In a game played by a person: the seed of the bot at ``seat`` (4 for the hint bot), derived from
    the game's, so that the same deal and moves replay the same bots."""
    return int(np.random.SeedSequence([game_seed, seat]).generate_state(1, np.uint64)[0] >> 1)


def hint_seed(game_seed: int, seats: int, version: int) -> int:
    """In a game played by a person: the hint bot's seed after ``version`` actions, derived from the game's as
    a seat's after the last one (``seats``: a fifth at four seats), plus the actions played. The table's hint
    and the move review both seed the hint bot with it, so the same position gets the same hint in both."""
    return seat_bot_seed(game_seed, seats) + version


def decision_seed(bot_seed: int, version: int) -> int:
    """The seed of a bot's generator for the decision it makes after ``version`` actions of a person's game:
    each decision its own, so a game rebuilt from its log goes on as it would have without any bot thinking
    again."""
    return int(np.random.SeedSequence([bot_seed, version, 0xDEC]).generate_state(1, np.uint64)[0] >> 1)


def worker_seed(seed: int, worker: int) -> int:
    """The seed of parallel worker (or batch slot) ``worker`` of a run seeded with ``seed``."""
    return int(np.random.SeedSequence([seed, worker, 0x3A7]).generate_state(1, np.uint64)[0] >> 1)


def review_seed(seed: int, index: int) -> int:
    """The seed of decision ``index`` in a move review seeded with ``seed``: each decision its own, whatever
    was reviewed before it."""
    return int(np.random.SeedSequence([seed, index, 0x5E7]).generate_state(1, np.uint64)[0] >> 1)


def game_seed(seed: int | None = None, daily: _dt.date | str | None = None) -> int:
    """The seed a new game is dealt from: the daily game's for a date, ``seed`` checked, else fresh entropy."""
    if daily is not None:
        if seed is not None:
            raise ValueError("new_game: give either seed or daily, not both")
        return daily_seed(daily)
    if seed is None:
        return fresh_seed()
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or seed < 0:
        raise ValueError(f"new_game: seed must be a non-negative integer, got {seed!r}")
    return parse_seed(seed)  # one range for every game: a larger seed would deal a game no browser can
