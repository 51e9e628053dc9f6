"""The classroom tests' PostgreSQL stops with the test run, even when the run is stopped by a timeout or killed.

A child process playing the test run starts a ``LocalPostgres`` (the ``postgres`` process is its child, not
daemonized) and is then ended by SIGTERM (what ``timeout`` sends), SIGINT (Ctrl-C) or SIGKILL: the server
and its backends must be gone, and with SIGTERM and Ctrl-C its folder too.
"""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from postgres_server import find_postgres
from server_cleanup import process_alive
from system_deps import missing

HERE = Path(__file__).resolve().parent

_RUN = r'''
import signal, sys, time
# Ctrl-C as from a terminal: a run started in the background by a non-interactive shell (as CI may start
# make test) inherits SIGINT ignored, and Python then never raises KeyboardInterrupt
signal.signal(signal.SIGINT, signal.default_int_handler)
sys.path[:0] = [sys.argv[1], sys.argv[2]]
from pathlib import Path
from postgres_server import LocalPostgres
server = LocalPostgres(Path(sys.argv[3])).start()
print(server.proc.pid, server.dir, flush=True)
try:
    time.sleep(600)
except KeyboardInterrupt:  # Ctrl-C ends pytest with its fixtures' teardown skipped here: atexit still runs
    sys.exit(2)
'''


def _children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (the server's backends and helpers)."""
    out = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    if int(f.read().split(")")[-1].split()[1]) == pid:
                        out.append(int(entry))
            except OSError:
                pass
    return out


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the parent-death signal is Linux's")
@pytest.mark.parametrize("how", [signal.SIGTERM, signal.SIGINT, signal.SIGKILL], ids=["sigterm", "ctrl-c", "sigkill"])
def test_postgres_stops_when_the_test_run_is_stopped(how, tmp_path):
    bin_dir, why = find_postgres()
    if bin_dir is None:
        missing(f"PostgreSQL cleanup test skipped: {why}")
    run = subprocess.Popen([sys.executable, "-c", _RUN, str(HERE), str(HERE.parent), str(bin_dir)],
                           stdout=subprocess.PIPE, text=True, cwd=tmp_path)
    server_pid, helpers, folder = 0, [], ""
    try:
        pid_text, folder = run.stdout.readline().split()
        server_pid = int(pid_text)
        helpers = _children(server_pid)
        assert process_alive(server_pid) and helpers, "the server did not start with its helper processes"
        run.send_signal(how)
        run.wait(60)
        deadline = time.monotonic() + 60  # a bound for a loaded machine, not a measurement: it passes at once
        while any(map(process_alive, [server_pid, *helpers])) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not process_alive(server_pid), f"the PostgreSQL server outlived a test run ended by {how.name}"
        assert not any(map(process_alive, helpers)), f"PostgreSQL's processes outlived a test run ended by {how.name}"
        if how != signal.SIGKILL:  # a killed run cannot remove the folder
            assert not Path(folder).exists(), "the server's folder was left behind"
    finally:
        run.kill()
        run.wait()
        for pid in [server_pid, *helpers]:  # this test's own server, left over by a failure above
            if pid and process_alive(pid):
                os.kill(pid, signal.SIGKILL)
        if folder:
            subprocess.run(["rm", "-rf", folder], check=False)
