"""What the server accepts from a request, checked before anything is done: ids, names, seeds, bots, moves.

Each check returns the value as the server uses it or raises a ``WebError`` (a 4xx with a one-line reason
in the reader's language): a game id that cannot be one is a 404 whatever it holds (control characters
included, so that no database sees them), a name is normalised (NFKC, spaces collapsed) and holds 1 to 24
printable characters, a seed is a whole number from 0 to 2**128-1 (``seeds.MAX_SEED``, the terminal's range
too) given as a string of digits, as the page sends it (a JavaScript number cannot hold every seed), or, for
older clients, as an exact JSON integer (never a float such as ``5.0``).
"""

from __future__ import annotations

import json
import re
import unicodedata
from typing import Any

from ..messages import N_, Message, MessageError
from ..seeds import parse_seed
from ..table import Table
from ..table.deal import sized, table_rules
from .lang import message_of
from .session import WebError

MAX_NAME = 24
MAX_ACTIONS = 16
GAME_ID = re.compile(r"^[A-Za-z0-9_-]{10,64}$")


def line(e: BaseException) -> str:
    """An exception's first line (its type's name when it has no message)."""
    text = str(e)
    return text.splitlines()[0] if text.strip() else type(e).__name__


def check_keys(data: dict[str, Any], allowed: set[str]) -> None:
    unknown = sorted(set(data) - allowed)
    if unknown:
        raise WebError(Message(N_("unknown field {field} (known: {known})"), field=repr(unknown[0]),
                               known=", ".join(sorted(allowed))))


def check_name(value: Any) -> str | None:
    """A leaderboard name: NFKC-normalised, spaces collapsed, 1 to 24 printable characters; None when not given."""
    if value is None:
        return None
    if not isinstance(value, str) or len(value) > 200:
        raise WebError(Message(N_("name must be a short string")))
    if any(unicodedata.category(c) in ("Cc", "Cf", "Cs", "Co", "Cn") for c in value):
        raise WebError(Message(N_("name may not hold control characters")))
    name = " ".join(unicodedata.normalize("NFKC", value).split())
    if not name:
        return None
    if len(name) > MAX_NAME:
        raise WebError(Message(N_("name is too long ({length} characters; at most {most})"), length=len(name),
                               most=MAX_NAME))
    if not name.isprintable():
        raise WebError(Message(N_("name may not hold control characters")))
    return name


def check_gid(gid: Any) -> str:
    """A game id as the server makes them (a 404 for anything else: no such game)."""
    if not isinstance(gid, str) or not GAME_ID.match(gid):
        raise WebError(Message(N_("no such game")), 404)
    return gid


def check_seed(value: Any) -> int | None:
    """A seed the person gave: a whole number from 0 to 2**128-1, as a string of digits or a JSON integer."""
    if value is None:
        return None
    try:
        return parse_seed(value)
    except MessageError as e:
        raise WebError(e.message) from None


def check_bot(game: Any, value: Any, what: str) -> str | None:
    """A bot the page may seat at ``what`` (partner or opponents): one of the game's ``bot_names()``;
    None (not given) is the game's strongest. A policy file or search options are the terminal's."""
    if value is None:
        return None
    known = ", ".join(game.bot_names())
    if not isinstance(value, str) or not value.strip():
        raise WebError(Message(N_("{field} must be a bot name ({known})"), field=what, known=known))
    try:
        name = game.check_bot_name(value, patterns=False)  # never a file path or options from a stranger
    except ValueError as e:
        raise WebError(Message(N_("{field}: {reason}"), field=what, reason=message_of(e) or line(e))) from None
    if name not in game.bot_names():
        raise WebError(Message(N_("{field}: the {bot} bot is not offered in the browser (known: {known})"),
                               field=what, bot=repr(name), known=known))
    return name


def check_scenario(value: Any) -> dict | None:
    if isinstance(value, str):
        try:
            value = json.loads(value)
        except json.JSONDecodeError as e:
            raise WebError(Message(N_("scenario is not valid JSON: {reason}"), reason=str(e))) from None
    if value is not None and not isinstance(value, dict):
        raise WebError(Message(N_("scenario must be a JSON object")))
    return value


def move_names(table: Table, data: dict[str, Any], lang: str) -> list[str]:
    """The person's actions of a request: one name, a list of names, or a typed command."""
    given = [k for k in ("action", "actions", "command") if k in data]
    if len(given) != 1:
        raise WebError(Message(N_("give one of action (a name), actions (a list of names) or command (typed text)")))
    if "action" in data:
        if not isinstance(data["action"], str):
            raise WebError(Message(N_("action must be an action name such as 'draw' or 'discard 9'")))
        return [data["action"]]
    if "actions" in data:
        names = data["actions"]
        if not isinstance(names, list) or not names or not all(isinstance(n, str) for n in names):
            raise WebError(Message(N_("actions must be a non-empty list of action names")))
        if len(names) > MAX_ACTIONS:
            raise WebError(Message(N_("too many actions in one request (at most {most})"), most=MAX_ACTIONS))
        return names
    return parse_command(table, data["command"], lang)


def parse_command(table: Table, text: Any, lang: str) -> list[str]:
    """A line typed as at the terminal prompt ('d', 'm K K K', 'x 9') as one action name; the game's
    answer to a typo in ``lang``."""
    if not isinstance(text, str) or len(text) > 200:
        raise WebError(Message(N_("command must be a short text such as 'd', 'm K K K' or 'x 9'")))
    cmd = table.text_in(lang).parse_command(text, list(table.view().legal_actions),
                                         lambda a: table.why_illegal(a, lang))
    if cmd.kind == "action" and cmd.action is not None:
        return [table.module.action_name(cmd.action)]
    if cmd.kind == "error":
        raise WebError(cmd.message.splitlines()[0], 409)
    raise WebError(Message(N_("'{command}' is not a move here; use the buttons for help and hints"),
                           command=text.strip()))


def check_size(game: Any, data: dict[str, Any]) -> dict[str, int]:
    """The table size a request asks for (``players``, ``sides``: whole numbers, or digits in a query), checked
    against the game's rules (a 400 that says what is wrong); none of them for the game's default table."""
    size: dict[str, int] = {}
    for key in ("players", "sides"):
        value = data.get(key)
        if value is None or value == "":
            continue
        if isinstance(value, str) and value.strip().isascii() and value.strip().isdigit() and len(value) < 4:
            value = int(value)
        if isinstance(value, bool) or not isinstance(value, int):
            raise WebError(Message(N_("{key} must be a whole number, got {value}"), key=key, value=repr(value)[:40]))
        size[key] = value
    try:
        rules = table_rules(game.NAME, size.get("players"), size.get("sides"))
    except MessageError as e:
        raise WebError(e.message) from None
    return {} if rules is None else sized(game.NAME, rules)

