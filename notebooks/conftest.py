"""Notebook test set-up: the debrief notebook reads a class's store, which this fills before its kernel starts."""
from __future__ import annotations

import os
import tempfile

import pytest

_DEBRIEF = "23_debrief.ipynb"
_filled: dict[str, str] = {}


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item):
    """Before the debrief's kernel starts (it inherits the environment): a store with a demo lesson played out."""
    if os.path.basename(str(item.fspath)) != _DEBRIEF or os.environ.get("CCG_CLASSROOM_URL"):
        return
    if "url" not in _filled:
        from ccg.classroom import open_store
        from ccg.classroom.demo import play_demo_lesson

        store = open_store(tempfile.mkdtemp(prefix="ccg-debrief-"))
        play_demo_lesson(store, lesson="7B debrief test", tables=4)
        _filled["url"] = store.url
        store.close()
    os.environ["CCG_CLASSROOM_URL"] = _filled["url"]
