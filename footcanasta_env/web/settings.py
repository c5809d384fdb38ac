"""Every setting of ``footcanasta serve``, one frozen ``Settings``, read from the environment and the flags.

Each setting has an environment variable (``FOOTCANASTA_`` and its name in capitals) and a flag of
``footcanasta serve`` (``--`` and its name with dashes); a flag wins over the variable, the variable over
the default. A bad value is refused with a message that names the variable or the flag it came from.
With nothing set the server is the local one: this machine only, SQLite in ``~/.footcanasta``, one process.
The documentation's hosting page (docs/hosting.md) lists them all (``SPECS`` is that list).
"""

from __future__ import annotations

import argparse
import dataclasses
import ipaddress
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


class SettingError(ValueError):
    """A setting's value that cannot be used; the message names where it came from."""


@dataclass(frozen=True)
class Settings:
    """The server's settings; ``Settings()`` is the local default. Limits of 0 are off."""

    host: str = "127.0.0.1"
    port: int = 8000
    db: str = ""  # a SQLite file's path or a postgresql:// URL; "" is ~/.footcanasta/web.sqlite3
    replay_dir: str = ""  # "" is replays/ next to a SQLite database
    workers: int = 1
    db_pool: int = 10
    trusted_proxies: tuple[Network, ...] = ()
    bot_threads: int = 4
    bot_queue: int = 64
    rate_create: int = 0  # a public server sets these (docs/hosting.md has values that suit people)
    rate_moves: int = 0
    rate_hints: int = 0
    rate_reads: int = 0
    rate_players: int = 0
    max_games: int = 20
    game_ttl: float = 24 * 3600.0
    max_body: int = 64 * 1024
    request_timeout: float = 60.0
    access_log: bool = False
    allowed_origins: tuple[str, ...] = ()
    secret: str = ""  # the daily deals' and the player tokens' key; "" is one generated once and kept in the database
    cache_mb: int = 256

    @classmethod
    def load(cls, environ: Mapping[str, str] | None = None, args: argparse.Namespace | None = None) -> Settings:
        """The settings of the environment (``os.environ`` by default) with the flags in ``args`` over them."""
        environ = os.environ if environ is None else environ
        values: dict[str, Any] = {}
        for spec in SPECS:
            flag = getattr(args, spec.name, None) if args is not None else None
            if flag is not None:
                values[spec.name] = spec.parse(str(flag), spec.flag)
            elif environ.get(spec.env, "").strip():
                values[spec.name] = spec.parse(environ[spec.env].strip(), spec.env)
        return cls(**values)

    def environ(self) -> dict[str, str]:
        """These settings as environment variables, every one (a variable left out would let one the worker
        inherited win over a flag): what a worker process reads to get the same settings."""
        return {spec.env: spec.show(getattr(self, spec.name)) for spec in SPECS}


def _whole(low: int, high: int | None = None) -> Callable[[str, str], int]:
    def parse(text: str, where: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = None
        if value is None or value < low or (high is not None and value > high):
            span = f"{low} to {high}" if high is not None else f"{low} or more"
            raise SettingError(f"{where} must be a whole number, {span}; got {text!r}")
        return value
    return parse


def _seconds(text: str, where: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 <= value < float("inf"):
        raise SettingError(f"{where} must be a number of seconds, 0 or more; got {text!r}")
    return value


def _switch(text: str, where: str) -> bool:
    words = {"1": True, "true": True, "yes": True, "on": True, "0": False, "false": False, "no": False, "off": False}
    if text.lower() not in words:
        raise SettingError(f"{where} must be 1 or 0 (true/false, yes/no, on/off); got {text!r}")
    return words[text.lower()]


def _text(text: str, where: str) -> str:
    if any(c in text for c in "\r\n\0"):
        raise SettingError(f"{where} may not hold line breaks or NUL; got {text!r}")
    return text


def _networks(text: str, where: str) -> tuple[Network, ...]:
    out = []
    for part in text.replace(" ", ",").split(","):
        if part:
            try:
                out.append(ipaddress.ip_network(part, strict=False))
            except ValueError:
                raise SettingError(f"{where}: {part!r} is not an IP address or network (such as 10.0.0.0/8)") from None
    return tuple(out)


def _origins(text: str, where: str) -> tuple[str, ...]:
    out = []
    for part in text.replace(" ", ",").split(","):
        if not part:
            continue
        scheme, sep, rest = part.partition("://")
        if scheme not in ("http", "https") or not sep or not rest or "/" in rest or any(c in part for c in "\r\n\0"):
            raise SettingError(f"{where}: {part!r} is not an origin (scheme and host, such as https://example.org)")
        out.append(part.lower())
    return tuple(out)


def _secret(text: str, where: str) -> str:
    if len(text) < 16 or any(c in text for c in "\r\n\0"):
        raise SettingError(f"{where} must be at least 16 characters on one line")
    return text


@dataclass(frozen=True)
class Spec:
    """One setting: its field, how its text is read, and what it does (the flag's help, the hosting page's table)."""

    name: str
    parse: Callable[[str, str], Any]
    meaning: str
    metavar: str = "N"

    @property
    def env(self) -> str:
        return "FOOTCANASTA_" + self.name.upper()

    @property
    def flag(self) -> str:
        return "--" + self.name.replace("_", "-")

    def show(self, value: Any) -> str:
        """The value as the text this setting reads."""
        if isinstance(value, tuple):
            return ",".join(str(v) for v in value)
        if isinstance(value, bool):
            return "1" if value else "0"
        if isinstance(value, float):
            return f"{value:g}"
        return str(value)


SPECS = (
    Spec("host", _text, "address to bind; 127.0.0.1 is this machine only, 0.0.0.0 every interface", "ADDRESS"),
    Spec("port", _whole(0, 65535), "port to listen on"),
    Spec("db", _text, "the database: a SQLite file's path, or postgresql://user:pass@host/name to host "
                      "(none: ~/.footcanasta/web.sqlite3)", "PATH|URL"),
    Spec("replay_dir", _text, "where finished games are written as replay files (none: replays/ next to a "
                              "SQLite database)", "DIR"),
    Spec("workers", _whole(1, 256), "server processes on this machine"),
    Spec("db_pool", _whole(1, 1000), "database connections each process keeps (PostgreSQL)"),
    Spec("trusted_proxies", _networks, "reverse proxies whose X-Forwarded-For is believed: comma-separated "
                                       "addresses or networks", "ADDRESSES"),
    Spec("bot_threads", _whole(1, 256), "threads per process that run the bots (moves, new games, hints, reviews)"),
    Spec("bot_queue", _whole(0, 10000), "requests per process that may wait for a bot thread; "
                                        "beyond them a 503 with Retry-After"),
    Spec("rate_create", _whole(0), "new games per client per minute (0: no limit)"),
    Spec("rate_moves", _whole(0), "moves, selections and typed commands per client per minute (0: no limit)"),
    Spec("rate_hints", _whole(0), "hints and reviews per client per minute (0: no limit)"),
    Spec("rate_reads", _whole(0), "every other request (pages, game states, replays, leaderboards, static files) "
                                  "per client per minute (0: no limit)"),
    Spec("rate_players", _whole(0), "new player identities per client per minute (0: no limit)"),
    Spec("max_games", _whole(0), "unfinished games one client may hold; one more is a 429 (0: no limit)"),
    Spec("game_ttl", _seconds, "seconds after its last move that an unfinished game is deleted (0: never)",
         "SECONDS"),
    Spec("max_body", _whole(1024, 16 * 1024 * 1024), "largest request body in bytes", "BYTES"),
    Spec("request_timeout", _seconds, "seconds a request may take before it is answered 503 (0: no limit)",
         "SECONDS"),
    Spec("access_log", _switch, "1 writes one line per request to stderr (game ids left out)", "0|1"),
    Spec("allowed_origins", _origins, "other origins whose pages may call the API (comma-separated, such as "
                                      "https://cards.example.org); any other Origin is a 403", "ORIGINS"),
    Spec("secret", _secret, "the key of the daily deals and the player tokens (at least 16 characters); none: one "
                            "is made on first start and kept in the database", "TEXT"),
    Spec("cache_mb", _whole(8, 1 << 20), "megabytes of games each process keeps in memory (least recently used "
                                         "out)", "MB"),
)
DEFAULT = Settings()
assert [s.name for s in SPECS] == [f.name for f in dataclasses.fields(Settings)], "a setting without a Spec"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """One flag per setting (each defaults to None: the environment's value, then the default, applies)."""
    for spec in SPECS:
        default = spec.show(getattr(DEFAULT, spec.name)) or "none"
        parser.add_argument(spec.flag, dest=spec.name, default=None, metavar=spec.metavar,
                            help=f"{spec.meaning} (${spec.env}; default {default})")
