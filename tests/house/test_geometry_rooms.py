"""The game-generic rooms read the table from the game's geometry: no seat arithmetic of their own.

Scanned: the envs' kit, evaluation, replays, the OpenSpiel bots and policy files (``ROOMS``). Their code
(strings and comments left out, since docstrings describe the four-seat games) must not count four seats,
pair seats by parity, or name the four-seat partnerships; a seat's side, partners and names come from
``Geometry``.
"""

from __future__ import annotations

import io
import re
import tokenize
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PKG = ROOT / "footcanasta_env"
ROOMS = ("envkit", "evaluation", "replays.py", "openspiel/bots.py", "policyfile.py")

SEAT_ARITHMETIC = {
    r"range\(4\)": "four seats counted",
    r"(?<!>> i\) )& 1\b": "a seat's partnership by parity",
    r"\^ 2\b": "a partner as seat ^ 2",
    r"% 2\b": "a side by parity",
    r"\b1 - (team|t|side|team_a)\b": "the other of two sides",
    r"& 3\b": "seats modulo four",
    r"\(0, 2\)|\(1, 3\)": "a four-seat partnership by its seats",
    r"scores\[:2\]": "two sides' scores",
    r"\b(SEAT_NAMES|partner_of|team_of|AGENTS\[)": "the four-seat table's names or helpers",
    r"\[0\] \* 4\b|zeros\(4\)": "one slot per seat of four",
}


def code_of(path: Path) -> list[tuple[int, str]]:
    """Each line of ``path`` with its strings and comments blanked (line number, code)."""
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    for tok in tokenize.generate_tokens(io.StringIO(text).readline):
        if tok.type in (tokenize.STRING, tokenize.COMMENT) or tok.type == getattr(tokenize, "FSTRING_MIDDLE", -1):
            (r0, c0), (r1, c1) = tok.start, tok.end
            for r in range(r0, r1 + 1):
                line = lines[r - 1]
                a = c0 if r == r0 else 0
                b = c1 if r == r1 else len(line)
                lines[r - 1] = line[:a] + " " * (b - a) + line[b:]
    return list(enumerate(lines, 1))


def room_files() -> list[Path]:
    out = []
    for room in ROOMS:
        p = PKG / room
        out.extend(sorted(p.rglob("*.py")) if p.is_dir() else [p])
    return out


def test_the_rooms_exist():
    assert all((PKG / room).exists() for room in ROOMS)
    assert len(room_files()) >= 10


@pytest.mark.parametrize("path", room_files(), ids=lambda p: str(p.relative_to(PKG)))
def test_no_seat_arithmetic_in_a_generic_room(path):
    found = [f"{path.relative_to(ROOT)}:{n}: {why}: {line.strip()}"
             for n, line in code_of(path) for pattern, why in SEAT_ARITHMETIC.items() if re.search(pattern, line)]
    assert not found, "read the table from the game's geometry instead:\n" + "\n".join(found)


def test_the_scan_catches_seat_arithmetic(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text('"""range(4) in a docstring is fine."""\npartner = (seat + 2) & 3  # & 3\nteam = seat & 1\n'
                      'mask = (c >> i) & 1\n', encoding="utf-8")
    hits = [n for n, line in code_of(sample) for pattern in SEAT_ARITHMETIC if re.search(pattern, line)]
    assert hits == [2, 3]
