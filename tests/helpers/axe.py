"""axe-core (from npm) in the browser tests: fetch it once, run it on a Playwright page, keep what matters.

The script is `axe-core`'s own `axe.min.js`, installed with npm into `.cache/axe-core/` at the repository
root the first time a test asks for it (or taken from `$AXE_CORE_JS`). Without npm the accessibility tests
skip, with a message, except in CI, where they must run.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

AXE_VERSION = "4.14.1"  # pinned: a new axe release may add rules, and the tests should change only when we do
ROOT = Path(__file__).resolve().parents[2]
CACHE = ROOT / ".cache" / "axe-core"
SERIOUS = ("serious", "critical")


def axe_path() -> Path:
    """The path of axe.min.js, installing axe-core with npm on first use."""
    if os.environ.get("AXE_CORE_JS"):
        return Path(os.environ["AXE_CORE_JS"])
    script = CACHE / "node_modules" / "axe-core" / "axe.min.js"
    if script.exists():
        return script
    npm = shutil.which("npm")
    if npm is None:
        if os.environ.get("CI"):
            raise RuntimeError("npm is missing: CI must install it (apt-get install npm) for axe-core")
        pytest.skip("npm is missing (apt-get install npm): the axe-core checks run in CI")
    CACHE.mkdir(parents=True, exist_ok=True)
    subprocess.run([npm, "install", "--no-audit", "--no-fund", "--prefix", str(CACHE), f"axe-core@{AXE_VERSION}"],
                   check=True, capture_output=True, timeout=300)
    return script


def axe_violations(page, *, impacts=SERIOUS, context: str | None = None) -> list[dict]:
    """axe's WCAG 2 A/AA violations on the page as it is now, those of the given impacts only.

    The page's context must be opened with ``bypass_csp=True``: the page's content security policy forbids
    injected scripts, and axe is one.
    """
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(axe_path()))
    report = page.evaluate(
        """async (ctx) => await axe.run(ctx ? document.querySelector(ctx) : document,
              {runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']},
               resultTypes: ['violations']})""",
        context)
    return [v for v in report["violations"] if v.get("impact") in impacts]


def describe(violations: list[dict]) -> str:
    """A readable list of violations for an assertion message: rule, impact and the first nodes' selectors."""
    lines = []
    for v in violations:
        nodes = "; ".join(" ".join(n["target"]) if isinstance(n["target"], list) else str(n["target"])
                          for n in v["nodes"][:5])
        lines.append(f"{v['id']} ({v['impact']}): {v['help']} -- {nodes}")
    return "\n".join(lines)
