"""The game-generic rooms read the table from the game's geometry: no seat arithmetic of their own.

A room listed in ``ROOMS`` holds none of the four-seat tricks of ``PATTERNS`` (partners two seats apart,
sides by parity, a fixed four, the four-seat helpers of ``family.seats``), not even in a comment, since a
comment that says "seat + 2 is the partner" teaches the next reader the trick. Rooms join the list as
they are made to read ``get_game(name).geometry(rules)``.
"""

from __future__ import annotations

import pathlib

import pytest

import footcanasta_env

PACKAGE = pathlib.Path(footcanasta_env.__file__).parent

ROOMS = ["table", "play", "envkit", "evaluation", "web", "openspiel", "i18n", "replays.py", "policyfile.py", "games.py",
         "seeds.py", "cli.py", "arrayfile.py", "messages.py", *(f"family/{m}" for m in (
             "manifest.py", "scenario.py", "worlds.py", "bots.py", "botregistry.py", "episode.py", "tabletext.py",
             "text.py", "webstate.py", "rulebook.py", "cards.py"))]
# Not scanned: family/geometry.py (it declares the four-seat table), family/seats.py (the engines' four-seat
# helpers, which the last test below reads) and family/game.py (its legal masks test bits with ``& 1``).
"""The rooms (folders or files of the package) that must hold no seat arithmetic."""

PATTERNS = ["range(4)", "& 1", "^ 2", "% 2", "1 - team", "& 3", "(0, 2)", "(1, 3)", "[:2]", "family.seats"]
"""Four-seat tricks: partners opposite, sides by parity, four seats, two sides, the four-seat helpers."""


def seat_arithmetic(folder: pathlib.Path) -> list[str]:
    """Every line of the room's Python files (or of the room, a file) with a pattern of ``PATTERNS``, as
    ``path:line: pattern``."""
    hits = []
    for path in [folder] if folder.is_file() else sorted(folder.rglob("*.py")):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            hits += [f"{path.relative_to(PACKAGE)}:{n}: {p!r} in {line.strip()!r}" for p in PATTERNS if p in line]
    return hits


@pytest.mark.parametrize("room", ROOMS)
def test_a_generic_room_has_no_seat_arithmetic(room):
    folder = PACKAGE / room
    assert folder.is_file() or any(folder.rglob("*.py")), f"no Python files in {folder}"
    hits = seat_arithmetic(folder)
    assert not hits, "seat arithmetic in a game-generic room (read the game's geometry instead):\n" + "\n".join(hits)


def test_the_scan_finds_the_four_seat_helpers():
    # The helpers the engines keep (family/seats.py) are made of these tricks: a scan that missed them is blind.
    hits = seat_arithmetic(PACKAGE / "family")
    assert any("seats.py" in h and "'& 1'" in h for h in hits) and any("'& 3'" in h for h in hits)
