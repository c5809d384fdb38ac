"""A request's JSON body read with bounds: what ``json.loads`` would take, less what no honest page sends.

``parse_json(raw)`` is the value of a UTF-8 JSON text, or a ``WebError`` (a 400) with a one-line reason for:
text that is not UTF-8 or not JSON; nesting deeper than ``max_depth`` (found by a scan of the brackets
outside strings before anything is parsed, so a body of ``[[[[...`` is refused at once and never reaches the
parser's recursion); an integer of magnitude 2**128 or more anywhere (no field needs one, and a database
column cannot hold it); a number too large for a float, ``NaN`` and ``Infinity``; a string, key or value,
holding a control character other than tab, line feed and carriage return, or half of a surrogate pair
(``"\\u0000"``, ``"\\ud800"``: text no database column takes).
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

from ..messages import N_, Message
from .session import WebError

MAX_DEPTH = 32
INT_LIMIT = 2**128
TOO_LARGE = N_("a number in the JSON is too large (at most 2^128)")
BRACKETS = re.compile(r'["\\\[\]{}]')
BAD_CHAR = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff]")  # C0, DEL, C1, surrogates


def parse_json(raw: bytes, max_depth: int = MAX_DEPTH) -> Any:
    """The JSON value of ``raw``; a ``WebError`` (400) for anything outside the bounds above."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise WebError(Message(N_("malformed JSON: {reason}"), reason="the body is not UTF-8 text")) from None
    _check_depth(text, max_depth)
    try:
        data = json.loads(text, parse_int=_integer, parse_float=_float, parse_constant=_constant)
    except json.JSONDecodeError as e:
        raise WebError(Message(N_("malformed JSON: {reason}"), reason=str(e))) from None
    except RecursionError:  # not reached past _check_depth; never a 500 all the same
        raise _too_deep(max_depth) from None
    _check_strings(data)
    return data


def _check_depth(text: str, max_depth: int) -> None:
    """Refuse ``text`` when its arrays and objects nest deeper than ``max_depth`` (brackets inside strings
    left out); only quotes, backslashes and brackets are visited."""
    depth, in_string, skip = 0, False, -1
    for m in BRACKETS.finditer(text):
        at, c = m.start(), m[0]
        if at < skip:
            continue  # the character a backslash escapes
        if in_string:
            if c == "\\":
                skip = at + 2
            elif c == '"':
                in_string = False
        elif c == '"':
            in_string = True
        elif c in "[{":
            depth += 1
            if depth > max_depth:
                raise _too_deep(max_depth)
        elif c in "]}":
            depth -= 1


def _too_deep(max_depth: int) -> WebError:
    return WebError(Message(N_("the JSON is nested too deeply (at most {depth} levels)"), depth=max_depth))


def _integer(digits: str) -> int:
    if len(digits.lstrip("-")) <= 39:  # 2**128 has 39 digits: never int() of a long text
        value = int(digits)
        if abs(value) < INT_LIMIT:
            return value
    raise WebError(Message(TOO_LARGE))


def _float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise WebError(Message(TOO_LARGE))
    return value


def _constant(name: str) -> float:
    raise WebError(Message(N_("malformed JSON: {reason}"), reason=f"{name} is not a JSON number"))


def _check_strings(value: Any) -> None:
    """Refuse a control character or a lone surrogate in any string, key or value (the depth is bounded)."""
    if isinstance(value, str):
        bad = BAD_CHAR.search(value)
        if bad:
            raise WebError(Message(N_("a text in the JSON holds a character that is not allowed (U+{code})"),
                                   code=f"{ord(bad[0]):04X}"))
    elif isinstance(value, dict):
        for k, v in value.items():
            _check_strings(k)
            _check_strings(v)
    elif isinstance(value, list):
        for v in value:
            _check_strings(v)
