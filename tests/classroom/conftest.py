"""Fixtures of the classroom tests: a store on SQLite always, and on a local PostgreSQL when one can run."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

sys.path.insert(0, os.path.dirname(__file__))

from postgres_server import LocalPostgres, find_postgres, fresh_postgres_url  # noqa: E402
from system_deps import missing  # noqa: E402


@pytest.fixture(scope="session")
def postgres():
    """A PostgreSQL server for this test session (skipped, saying why, when none can be installed)."""
    bin_dir, why = find_postgres()
    if bin_dir is None:
        missing(f"PostgreSQL store tests skipped: {why}")
    server = LocalPostgres(bin_dir)
    try:
        server.start()
    except (RuntimeError, OSError, subprocess.SubprocessError) as exc:  # installed, but cannot run here
        server.stop()
        missing(f"PostgreSQL store tests skipped: the local server did not start ({exc})")
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request, tmp_path):
    """The URL of an empty store: a SQLite file in a fresh folder, then a fresh PostgreSQL database."""
    if request.param == "sqlite":
        return str(tmp_path / "store")
    return fresh_postgres_url(request.getfixturevalue("postgres"))


@pytest.fixture
def store(store_url):
    from ccg.classroom import open_store

    s = open_store(store_url)
    yield s
    s.close()
