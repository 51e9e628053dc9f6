"""The system programs some tests need (Debian's chromium, PostgreSQL): found, installed or reported missing.

A missing program skips its tests with the reason on a developer's machine, and fails them under CI
(the environment variable ``CI`` set, as CI services do), because there the project's own files must
have installed it (``make browser``, ``make postgres``).
"""
from __future__ import annotations

import os
import shutil
import subprocess

import pytest


def missing(reason: str) -> None:
    """Skip (saying why) on a developer's machine; fail under CI, where every test must run."""
    if os.environ.get("CI"):
        pytest.fail(f"{reason} — required under CI", pytrace=False)
    pytest.skip(reason)


def chromium() -> str:
    """Debian's chromium binary; installed with apt-get when missing and we are root, else :func:`missing`."""
    path = shutil.which("chromium")
    if path is None and shutil.which("apt-get") and hasattr(os, "geteuid") and os.geteuid() == 0:
        subprocess.run("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium",
                       shell=True, check=False, capture_output=True, timeout=900)
        path = shutil.which("chromium")
    if path is None:
        missing("Debian's chromium is not installed and could not be installed with apt-get (run `make browser`)")
    return path


def font_families(page, selector: str) -> dict[str, int]:
    """The platform fonts Chromium drew ``selector``'s own text nodes with, {family: glyphs} (the CJK pages are
    checked to be drawn in a real CJK font, fonts-noto-cjk from ``make browser``)."""
    cdp = page.context.new_cdp_session(page)
    root = cdp.send("DOM.getDocument", {"depth": -1})["root"]["nodeId"]
    node = cdp.send("DOM.querySelector", {"nodeId": root, "selector": selector})["nodeId"]
    cdp.send("CSS.enable")
    fonts = cdp.send("CSS.getPlatformFontsForNode", {"nodeId": node})["fonts"]
    cdp.detach()
    return {f["familyName"]: f["glyphCount"] for f in fonts}
