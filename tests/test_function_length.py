"""Short functions: none over 80 lines in the rooms listed here (the engine and the observation so far)."""

from __future__ import annotations

import ast
import pathlib

import pytest

import footcanasta_env

PACKAGE = pathlib.Path(footcanasta_env.__file__).parent
MAX_LINES = 80


@pytest.mark.parametrize("room", ["engine", "observation"])
def test_no_function_is_over_80_lines(room):
    long = []
    for path in sorted((PACKAGE / room).rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                lines = node.end_lineno - node.lineno + 1
                if lines > MAX_LINES:
                    long.append(f"{path.relative_to(PACKAGE)}:{node.lineno} {node.name} ({lines} lines)")
    assert not long, "split along its real sub-steps: " + "; ".join(long)
