"""The search bot's measured record: the duplicate matches that decide whether hints come from it.

``bots/data/search.json`` (written by ``training/record_search.py``) holds the ``footcanasta evaluate
--json`` reports of ``search`` at its default options against other bots, with the SHA-256 digests of the
shipped policy and value it was measured with. A record counts only for what it measured: if the default
options, the shipped policy or the shipped value have changed since, it is stale and ``search`` is not
taken to be stronger than anything. Reading it loads no net.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict
from importlib import resources
from typing import Any

RECORD_FORMAT = "footcanasta-search-record"
RECORD_FORMAT_VERSION = 1
_DATA = resources.files("footcanasta_env.footcanasta") / "data"
_RECORD = _DATA / "search.json"


def file_digest(resource: Any) -> str:
    """SHA-256 of a file (a ``pathlib.Path`` or an importlib resource), hex."""
    return hashlib.sha256(resource.read_bytes()).hexdigest()


def measured_with() -> dict[str, Any]:
    """What a record must have been measured with to count: the default options and the shipped files' digests."""
    from .search import SearchOptions  # the options only: no net is loaded

    return {"options": asdict(SearchOptions()), "policy_sha256": file_digest(_DATA / "learned.npz"),
            "value_sha256": file_digest(_DATA / "value.npz")}


def load_record() -> dict[str, Any] | None:
    """The shipped record, or None when there is none."""
    if not _RECORD.is_file():
        return None
    record = json.loads(_RECORD.read_text(encoding="utf-8"))
    if not isinstance(record, dict) or record.get("format") != RECORD_FORMAT \
            or record.get("format_version") != RECORD_FORMAT_VERSION:
        raise ValueError(f"{_RECORD}: not a {RECORD_FORMAT} version {RECORD_FORMAT_VERSION} file")
    evaluation = record.get("evaluation")
    if not isinstance(evaluation, dict) or not all(
            isinstance(ms, list) and all(_is_report(m) for m in ms) for ms in evaluation.values()):
        raise ValueError(f"{_RECORD}: 'evaluation' must map each opponent to a list of match reports, "
                         "each with a 'win_ci' of two numbers")
    return record


def _is_report(m: Any) -> bool:
    ci = m.get("win_ci") if isinstance(m, dict) else None
    return isinstance(ci, list) and len(ci) == 2 and all(isinstance(v, (int, float)) for v in ci)


def is_current(record: dict[str, Any]) -> bool:
    """Whether ``record`` was measured with today's default options, shipped policy and shipped value."""
    now = measured_with()
    return _same_options(record.get("options"), now["options"]) and all(
        record.get(key) == value for key, value in now.items() if key != "options")


def _same_options(recorded: Any, defaults: dict[str, Any]) -> bool:
    """Whether the recorded options have the defaults' values (compared as options, not as dict layouts)."""
    from .search import SearchOptions

    try:
        return isinstance(recorded, dict) and SearchOptions(**recorded) == SearchOptions(**defaults)
    except (TypeError, ValueError):  # an option this code does not know, or a value it would refuse
        return False


def beats(opponent: str, record: dict[str, Any] | None = None) -> bool:
    """Whether the current record shows ``search`` beating ``opponent``: at least one match against it, and in
    every one the lower end of the 95% interval of the win rate above 50%."""
    record = load_record() if record is None else record
    if record is None or not is_current(record):
        return False
    matches = record.get("evaluation", {}).get(opponent, [])
    return bool(matches) and all(float(m["win_ci"][0]) > 0.5 for m in matches)
