"""What both games' ``Rules`` mean alike, written once: a frozen dataclass of settings that writes itself as
a plain dict (tuples as lists), names the fields that differ from the defaults, and is built back from a
dict with unknown fields refused by name. A game's ``Rules`` subclasses ``RuleFields`` and keeps its own
fields and checks.
"""

from __future__ import annotations

from dataclasses import asdict, fields
from typing import Any, TypeVar

R = TypeVar("R", bound="RuleFields")


def need(ok: bool, why: str) -> None:
    """A rules check: ``ValueError`` saying ``why`` unless ``ok``."""
    if not ok:
        raise ValueError(f"rules: {why}")


class RuleFields:
    """The dict side of a game's frozen ``Rules`` dataclass."""

    __slots__ = ()

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-able dict of every field (tuples as lists)."""
        d = asdict(self)  # type: ignore[call-overload]
        for k, v in d.items():
            if isinstance(v, tuple):
                d[k] = list(v)
        return d

    def changes(self) -> dict[str, Any]:
        """The fields that differ from the defaults."""
        default = type(self)().to_dict()
        return {k: v for k, v in self.to_dict().items() if default[k] != v}

    @classmethod
    def from_dict(cls: type[R], d: dict[str, Any]) -> R:
        """Build from a dict of fields; unknown keys are refused by name."""
        if not isinstance(d, dict):
            raise ValueError(f"rules must be an object of fields, got {type(d).__name__}")
        known = {f.name for f in fields(cls)}  # type: ignore[arg-type]
        unknown = sorted(set(d) - known)
        if unknown:
            raise ValueError(f"rules: unknown field(s) {', '.join(unknown)} (known: {', '.join(sorted(known))})")
        return cls(**d)
