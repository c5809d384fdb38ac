"""A hosted server's daily games and players: which dates can be played, their seeds, and player tokens.

A hosted daily is dealt from its date and the server's secret (``seeds.hosted_daily_seed``), so two hosts
deal different dailies and nobody can deal a day's game before it is over: then its seed is published
(``GET /api/daily/{game}/{date}``) so that anyone can check that day's games. Only a date that is today
somewhere on Earth (UTC-12 to UTC+14) can be played; a date is over everywhere once it is past in UTC-12.

A player is an anonymous identity the server issues: a random id and its HMAC under the secret, kept by
the page (``Players``). No sign-up and nothing stored: the token proves that this server issued the id.
A ranked daily is one game, the same for everyone: the game's daily line-up of bots (``daily_lineup``).
"""

from __future__ import annotations

import base64
import datetime as _dt
import hashlib
import hmac
import re
import secrets
from collections.abc import Callable
from typing import Any

from ..family.botregistry import sized_call
from ..messages import N_, Message
from ..seeds import hosted_daily_seed
from .session import WebError

EARLIEST = _dt.timedelta(hours=-12)  # the last time zone to leave a date
LATEST = _dt.timedelta(hours=14)  # the first to reach one
TOKEN = re.compile(r"^p1\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{22})$")


def utc_now() -> _dt.datetime:
    return _dt.datetime.now(_dt.timezone.utc)


def current_dates(now: _dt.datetime) -> list[str]:
    """The dates that are today somewhere on Earth at ``now`` (UTC), earliest first."""
    first, last = (now + EARLIEST).date(), (now + LATEST).date()
    return [(first + _dt.timedelta(days=i)).isoformat() for i in range((last - first).days + 1)]


def over_everywhere(date: str, now: _dt.datetime) -> bool:
    """Whether ``date`` has ended in every time zone at ``now``."""
    return _dt.date.fromisoformat(date) < (now + EARLIEST).date()


def check_playable(date: str, now: _dt.datetime) -> None:
    """A 400 unless ``date`` is today somewhere: a past daily is over, a future one is not dealt yet."""
    dates = current_dates(now)
    if date not in dates:
        raise WebError(Message(N_("the daily game of {date} cannot be played now: only today's can ({dates})"),
                               date=date, dates=" or ".join(dates)))


def daily_lineup(game: Any, rules: Any = None) -> dict[str, str]:
    """The bots of a ranked daily of ``game`` (at the table of ``rules``; None: its default table): its strongest
    bot there at every other seat."""
    best = sized_call(game, game.strongest_bot, rules)
    return {"partner": best, "opponents": best}


class Players:
    """Anonymous player tokens signed with the server's secret."""

    def __init__(self, secret: str) -> None:
        self._key = hmac.new(secret.encode(), b"footcanasta-player-tokens", hashlib.sha256).digest()
        self._secret = secret

    def _mac(self, player: str) -> str:
        digest = hmac.new(self._key, player.encode(), hashlib.sha256).digest()
        return base64.urlsafe_b64encode(digest[:16]).decode().rstrip("=")

    def issue(self) -> tuple[str, str]:
        """A new player's token and id."""
        player = base64.urlsafe_b64encode(secrets.token_bytes(12)).decode()
        return f"p1.{player}.{self._mac(player)}", player

    def player_of(self, token: Any) -> str:
        """The player id a token names (a 403 for one this server did not issue)."""
        m = TOKEN.match(token) if isinstance(token, str) else None
        if m is None or not hmac.compare_digest(m.group(2), self._mac(m.group(1))):
            raise WebError(Message(N_("player is not a player token of this server: ask for a new one "
                                      "(POST /api/players)")), 403)
        return m.group(1)

    def daily_seed(self, game: str, date: str) -> int:
        """The seed of ``game``'s hosted daily of ``date``."""
        return hosted_daily_seed(self._secret, game, date)


def server_secret(configured: str, kept: Callable[[str, Callable[[], str]], str]) -> str:
    """The secret: the configured one, else the one kept in the database (made on first start)."""
    return configured or kept("secret", lambda: secrets.token_urlsafe(32))
