"""White-box tests of a compiled strategist: run again in a fresh Python that imports the sources.

A test that replaces a module's function or a class's method (``monkeypatch``) to watch or steer the
strategist needs its sources: compiled modules (build_native.py) call each other directly, past the replaced
name, so under the compiled build such a test would watch nothing and pass for nothing.
"""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from ccg.core.native import PURE_PYTHON_VARIABLE

ROOT = Path(__file__).resolve().parents[1]


def passed_from_sources(request) -> bool:
    """True once the calling test has passed in a fresh Python running the strategists' sources
    (``CCG_PURE_PYTHON=1``); False when this Python already runs them, and the test goes on here.

    Use as the test's first line: ``if passed_from_sources(request): return``.
    """
    if os.environ.get(PURE_PYTHON_VARIABLE):
        return False
    env = {**os.environ, PURE_PYTHON_VARIABLE: "1"}
    out = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:xdist", "-p", "no:cacheprovider",
                          request.node.nodeid], cwd=ROOT, env=env, capture_output=True, text=True, timeout=1200)
    assert out.returncode == 0, f"{request.node.nodeid} from the sources:\n{out.stdout[-4000:]}{out.stderr[-2000:]}"
    # the test itself ran there: neither deselected nor skipped
    assert re.search(r"^1 passed\b", out.stdout, re.M), out.stdout[-2000:]
    return True
