"""Every numbered rule of docs/CANASTA.md (numbered like CANASTA_RULES.md), and of section 14, has a scenario test
named after it."""

import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parents[2]
SECTION_14 = {f"14.{i}" for i in range(1, 10)}
"""CANASTA_RULES.md section 14 (two, three and six players): its rules need tests whether or not the rule book
for people (docs/CANASTA.md) carries the section yet."""


def test_every_numbered_rule_has_a_test():
    doc = (ROOT / "docs" / "CANASTA.md").read_text(encoding="utf-8")
    rules = set(re.findall(r"^(\d+\.\d+) ", doc, flags=re.M))
    rules |= set(re.findall(r"^## (1[1-3])\. ", doc, flags=re.M))  # sections 11-13 are one rule each
    assert len(rules) >= 40
    rules |= SECTION_14
    tests = "".join(p.read_text(encoding="utf-8") for p in ROOT.glob("tests/canasta/test_canasta_*.py"))
    named = set(re.findall(r"def test_rule_(\d+(?:_\d+)?)_", tests))
    missing = sorted(r for r in rules if r.replace(".", "_") not in named)
    assert not missing, f"rules without a test_rule_* scenario test: {missing}"
