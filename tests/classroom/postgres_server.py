"""A throw-away local PostgreSQL for the store tests: Debian's ``postgresql`` package, started on loopback.

``find_postgres()`` finds the server binaries (installing the package with apt-get when the
tests run as root and it is missing: CI starts from a clean machine). ``LocalPostgres`` makes a
cluster in a fresh temporary folder (trust login for one user, no fsync: a test database),
starts it on a free loopback port and stops it again. As root the server runs as the
``postgres`` user the package creates (PostgreSQL refuses to run as root).

The server is the ``postgres`` process itself, a child of the test process (not daemonized by
``pg_ctl``), so it stops with the test run however that ends (``server_cleanup``): at teardown, at exit,
on SIGTERM, and by its parent-death signal (SIGQUIT: immediate shutdown) when the run is killed.
"""
from __future__ import annotations

import glob
import itertools
import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from pathlib import Path

from server_cleanup import spawn, stop_process, track, untrack

APT_TIMEOUT = 900


def _bin_dir() -> Path | None:
    found = sorted(glob.glob(os.path.join(os.sep, "usr", "lib", "postgresql", "*", "bin", "pg_ctl")),
                   key=lambda p: int(Path(p).parent.parent.name) if Path(p).parent.parent.name.isdigit() else 0)
    if found:
        return Path(found[-1]).parent
    which = shutil.which("pg_ctl")
    return Path(which).resolve().parent if which else None


def _is_root() -> bool:
    return hasattr(os, "geteuid") and os.geteuid() == 0


def find_postgres(install: bool = True) -> tuple[Path | None, str]:
    """(folder of initdb/pg_ctl, why not) — installs Debian's postgresql as root when it is missing."""
    found = _bin_dir()
    if found is not None:
        return found, ""
    if not install or not _is_root() or shutil.which("apt-get") is None:
        return None, "PostgreSQL is not installed (Debian package postgresql) and the tests cannot install it " \
                     "(not root, or no apt-get)"
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    try:
        subprocess.run("apt-get update -qq && apt-get install -y -qq --no-install-recommends postgresql",
                       shell=True, check=False, capture_output=True, timeout=APT_TIMEOUT, env=env)
    except subprocess.TimeoutExpired:
        return None, f"apt-get install postgresql did not finish in {APT_TIMEOUT} s"
    found = _bin_dir()
    return (found, "") if found else (None, "apt-get install postgresql failed (no registry reachable?)")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class LocalPostgres:
    """One PostgreSQL server in a temporary folder; ``url`` is ready once :meth:`start` returns."""

    user = "ccg"

    def __init__(self, bin_dir: Path) -> None:
        self.bin = bin_dir
        self.dir = Path(tempfile.mkdtemp(prefix="ccg-pg-"))
        self.data = self.dir / "data"
        self.port = _free_port()
        self.log = self.dir / "server.log"
        self.url = f"postgresql://{self.user}@127.0.0.1:{self.port}/postgres"
        self.proc: subprocess.Popen | None = None

    def _run(self, *args: str, timeout: float = 120) -> subprocess.CompletedProcess:
        cmd = [str(self.bin / args[0]), *args[1:]]
        if _is_root():  # the server and its tools refuse root: run them as the package's postgres user
            cmd = ["runuser", "-u", "postgres", "--", *cmd]
        return subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, cwd=self.dir)

    def start(self) -> "LocalPostgres":
        if _is_root():
            shutil.chown(self.dir, "postgres", "postgres")
        out = self._run("initdb", "-D", str(self.data), "-U", self.user, "-A", "trust", "--no-sync", "-E", "UTF8")
        if out.returncode != 0:
            raise RuntimeError(f"initdb failed: {out.stderr[-1500:]}")
        return self.resume()

    def resume(self) -> "LocalPostgres":
        """Start the server (again, after :meth:`halt`) on the same port and data; return once it accepts
        connections."""
        cmd = [str(self.bin / "postgres"), "-D", str(self.data), "-p", str(self.port), "-k", str(self.dir),
               "-c", "listen_addresses=127.0.0.1", "-c", "fsync=off", "-c", "full_page_writes=off"]
        user = {"user": "postgres", "group": "postgres", "extra_groups": []} if _is_root() else {}
        with open(self.log, "ab") as log:
            self.proc = spawn(cmd, death_signal=signal.SIGQUIT, cwd=self.dir, stdout=log, stderr=subprocess.STDOUT,
                              **user)
        track(self)
        deadline = time.monotonic() + 60
        while not self._ready():
            if self.proc.poll() is not None or time.monotonic() > deadline:
                self.close()
                tail = self.log.read_text(errors="replace")[-1500:] if self.log.exists() else ""
                raise RuntimeError(f"postgres did not start on port {self.port}: {tail}")
            time.sleep(0.1)
        return self

    def _ready(self) -> bool:
        """The server says it accepts connections (the status line of ``postmaster.pid``, as pg_ctl reads it)."""
        try:
            lines = (self.data / "postmaster.pid").read_text().splitlines()
        except OSError:
            return False
        return (self.proc is not None and len(lines) >= 8 and lines[0].strip() == str(self.proc.pid)
                and lines[7].strip() == "ready")

    def halt(self) -> None:
        """Stop the server as an administrator would (fast shutdown; its data stays: :meth:`resume` starts it
        again)."""
        untrack(self)
        if self.proc is not None:
            stop_process(self.proc, signal.SIGINT, wait=60)

    def close(self) -> None:
        """Stop the server at once (immediate shutdown: a test database needs no checkpoint) and remove its folder."""
        untrack(self)
        if self.proc is not None:
            stop_process(self.proc, signal.SIGQUIT, wait=30)
        shutil.rmtree(self.dir, ignore_errors=True)

    stop = close


_names = itertools.count(1)


def fresh_postgres_url(server: "LocalPostgres") -> str:
    """A new, empty database on ``server``: each test starts from nothing."""
    import psycopg

    name = f"ccg_test_{os.getpid()}_{next(_names)}"
    with psycopg.connect(f"host=127.0.0.1 port={server.port} user={server.user} dbname=postgres",
                         autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    return f"postgresql://{server.user}@127.0.0.1:{server.port}/{name}"
