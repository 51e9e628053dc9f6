"""Faults a real class meets: a bot step that fails, the SQLite file locked, PostgreSQL stopped and started
again, the server stopped with SIGTERM or killed with SIGKILL. Pages say "reconnecting…" and clear by
themselves, bots resume by themselves, nothing is lost or doubled."""
from __future__ import annotations

import logging
import os
import re
import signal
import socket
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import psutil
import pytest
from classroom_server import WAIT, Page, served, teacher_cookie
from postgres_server import LocalPostgres, find_postgres
from system_deps import missing

import ccg
from ccg.classroom import LiveTable, open_store
from ccg.classroom.bots import BotRunner
from ccg.classroom.store import TableStore


def _wait(test, what: str, wait: float = WAIT) -> None:
    deadline = time.time() + wait
    while not test():
        if time.time() > deadline:
            raise AssertionError(f"waited {wait:.0f} s for {what}")
        time.sleep(0.02)


def _all_replay(store, ids) -> None:
    """Every table's stored moves replay legally, the version equals the number of move rows."""
    for tid in ids:
        info = store.table(tid)
        assert len(store.moves(tid)) == info.version, "no lost or doubled move"
        state = ccg.replay(store.record(tid))
        state.check_invariants()
        assert state.ply == info.version


class _Broken:
    """An agent whose every move fails (a bug in one table's bot)."""

    def spawn(self, seed):
        return self

    def act(self, state):
        raise RuntimeError("a bug in this bot")


def test_one_tables_failing_bot_never_stops_the_others_and_is_retried_with_back_off(tmp_path, caplog):
    store = open_store(tmp_path / "s")
    good = store.create_table("co2", ["random"] * 4, seed=1).id
    bad = store.create_table("co2", ["greedy"] * 4, seed=2).id
    now = [1000.0]  # the runner's clock, moved by the test: the back-off is read, not timed
    runner = BotRunner(store, backoff=0.01, backoff_max=0.05, clock=lambda: now[0])
    runner._agents["greedy"] = _Broken()
    with caplog.at_level(logging.WARNING, logger="ccg.classroom.bots"):
        runner.run(poll=0.01, until_idle=True)
        assert store.table(good).finished, "the healthy table played to the end"
        assert store.table(bad).version == 0 and bad in runner.errors
        assert "RuntimeError: a bug in this bot" in runner.errors[bad]
        assert any(f"table {bad} failed" in r.getMessage() for r in caplog.records), "logged with the table"
        trouble = runner.trouble[bad]
        assert trouble.failures == 1 and trouble.retry_at - now[0] == pytest.approx(0.01)
        now[0] = trouble.retry_at - 0.001
        runner.step()
        assert runner.trouble[bad].failures == 1, "not tried again before its back-off has passed"
        waits = []
        for failures in range(2, 7):
            now[0] = runner.trouble[bad].retry_at
            runner.step()
            assert runner.trouble[bad].failures == failures, "tried again once its back-off has passed"
            waits.append(runner.trouble[bad].retry_at - now[0])
        assert waits == pytest.approx([0.02, 0.04, 0.05, 0.05, 0.05]), "the back-off doubles up to its cap"
    runner._agents.pop("greedy")  # the bug is fixed (or the teacher reseats the table): play resumes
    runner.forget(bad)
    runner.run(poll=0.01, until_idle=True)
    assert store.table(bad).finished and not runner.errors
    _all_replay(store, [good, bad])


def test_the_sqlite_file_locked_stops_nothing(tmp_path, caplog):
    """Another program holds the SQLite write lock for seconds: bot moves fail and are retried, the runner
    never stops, and every table plays to the end once the lock is gone."""
    folder = tmp_path / "lesson"
    store = TableStore(folder, busy_timeout=0.2)
    ids = [store.create_table("co2", ["random"] * 4, seed=s).id for s in (1, 2)]
    runner = BotRunner(store, backoff=0.05, backoff_max=0.2).start(poll=0.01)
    try:
        _wait(lambda: min(v.version for v in store.versions().values()) >= 5, "the bots to start")
        with caplog.at_level(logging.WARNING, logger="ccg.classroom.bots"):
            locker = sqlite3.connect(folder / "classroom.sqlite", timeout=5)
            locker.execute("BEGIN IMMEDIATE")  # the write lock, held
            held = store.versions()
            _wait(lambda: len(runner.errors) == 2, "both tables to fail on the lock")
            time.sleep(1.0)
            assert store.versions() == held, "nothing was written while the lock was held"
            assert runner.running, "the runner lives on"
            assert all("database is locked" in e for e in runner.errors.values())
            locker.rollback()
            locker.close()
            _wait(lambda: all(store.table(t).finished for t in ids), "the tables to finish")
        assert any("failed (OperationalError" in r.getMessage() for r in caplog.records)
    finally:
        runner.stop()
    _all_replay(store, ids)


@pytest.fixture
def own_postgres():
    """A PostgreSQL server this test may stop and start (not the session's shared one)."""
    bin_dir, why = find_postgres()
    if bin_dir is None:
        missing(f"PostgreSQL fault test skipped: {why}")
    server = LocalPostgres(bin_dir)
    try:
        server.start()
        yield server
    finally:
        server.stop()


def test_postgresql_stopped_and_started_again(own_postgres, caplog):
    """The database server goes away mid-lesson: pages show "reconnecting…", the bots wait; when it is
    back both clear by themselves and the tables play to the end with every move kept once."""
    from postgres_server import fresh_postgres_url  # tests/classroom is on the path (its conftest)

    store = open_store(fresh_postgres_url(own_postgres))
    one_decade = {"rules": {"decades": 1}}  # a shorter game: about 70 moves
    bots = [store.create_table("co2", ["random"] * 4, seed=s, options=one_decade).id for s in (1, 2)]
    table = store.create_table("co2", ["student", "random", "random", "random"], seed=3, options=one_decade)
    runner = BotRunner(store, delay=0.05, backoff=0.05, backoff_max=0.3).start(poll=0.02)
    try:
        with served(store, runner=runner) as base, Page(base) as page, \
                Page(base, "/ws/teacher", cookie=teacher_cookie(base, store.teacher_key())) as teacher:
            page.join(table.seats[0].code)
            teacher.kind("overview")
            _wait(lambda: min(store.table(t).version for t in bots) >= 5, "the bots to start")
            own_postgres.halt()
            for p in (page, teacher):
                assert p.until(lambda m: m.get("type") == "status")["store"] == "reconnecting"
            _wait(lambda: runner.store_error is not None or runner.errors, "the bots to notice")
            assert runner.running
            time.sleep(0.5)
            own_postgres.resume()
            for p in (page, teacher):
                assert p.until(lambda m: m.get("type") == "status")["store"] == "ok"
            _wait(lambda: all(store.table(t).finished for t in bots), "the bot tables to finish", wait=240)
            leaks = repr(page.seen) + repr(teacher.seen)
            assert "psycopg" not in leaks and "OperationalError" not in leaks and str(own_postgres.port) not in leaks
    finally:
        runner.stop()
    _all_replay(store, bots + [table.id])
    store.close()


# ---------------------------------------------------------------------- the server process
def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _serve(folder: Path, port: int) -> tuple[subprocess.Popen, str]:
    """``ccg classroom serve`` as a teacher starts it; returns the process and the teacher's link."""
    cmd = [str(Path(sys.executable).with_name("ccg")), "classroom", "serve", "--dir", str(folder), "--port",
           str(port), "--bot-delay", "0"]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    teacher = None
    while teacher is None:
        line = proc.stdout.readline()
        if not line:
            raise AssertionError(f"serve did not start: {proc.stderr.read()[-2000:]}")
        m = re.search(r"teacher \(keep this link to yourself\): (\S+)", line)
        teacher = m.group(1) if m else None
    return proc, teacher


@pytest.mark.parametrize("how", [signal.SIGTERM, signal.SIGKILL], ids=["SIGTERM", "SIGKILL"])
def test_the_server_stopped_or_killed_leaves_nothing_and_resumes(tmp_path, how):
    """No child process, the port free at once, `serve` again resumes the table where it was."""
    folder = tmp_path / "lesson"
    store = open_store(folder)
    table = store.create_table("co2", ["student", "random", "random", "random"], seed=4)
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    proc, _ = _serve(folder, port)
    try:
        assert psutil.Process(proc.pid).children(recursive=True) == [], "no child process"
        with Page(base) as page:
            shown = page.join(table.seats[0].code)
            _wait(lambda: LiveTable(store, table.id).state.current_player == 0, "the bots to reach the student")
            now = store.table(table.id).version
            if shown["version"] != now:
                shown = page.page(version=now)
            page.send(type="play", action=shown["actions"][0][0], seen=shown["version"])
            assert page.kind("said")["text"].startswith("You played")
            played = store.table(table.id).version
            proc.send_signal(how)
            assert proc.wait(WAIT) == (0 if how == signal.SIGTERM else -signal.SIGKILL)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert store.table(table.id).version >= played
    again, _ = _serve(folder, port)  # at once, on the same port
    try:
        with Page(base) as page:
            resumed = page.join(table.seats[0].code)
            assert resumed["version"] >= played and f"card {LiveTable(store, table.id).state.goal[0]}:" \
                in resumed["secrets"]
    finally:
        again.send_signal(signal.SIGTERM)
        assert again.wait(WAIT) == 0
    with socket.socket() as probe:  # nothing holds the port after a stop
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        probe.bind(("127.0.0.1", port))
    _all_replay(store, [table.id])
    assert not [p for p in psutil.process_iter(["cmdline"]) if str(folder) in " ".join(p.info["cmdline"] or [])
                and p.pid != os.getpid()], "no process of the lesson is left"
