"""The browser tests' servers stop with the test run, even when the run is stopped by a timeout or killed.

A stand-in server (``python -m http.server``) is started through ``browser_env.Server`` by a child
process playing the test run; the child is then ended by SIGTERM (what ``timeout`` sends) or SIGKILL,
and the server must be gone.
"""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from server_cleanup import process_alive

HERE = Path(__file__).resolve().parent

_RUN = r'''
import sys, time
sys.path[:0] = [sys.argv[1], sys.argv[2]]
from browser_env import Server, free_port
port = free_port()
server = Server([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1"], sys.argv[1],
                f"http://127.0.0.1:{port}")
print(server.proc.pid, flush=True)
time.sleep(600)
'''


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the parent-death signal is Linux's")
@pytest.mark.parametrize("how", [signal.SIGTERM, signal.SIGKILL], ids=["sigterm", "sigkill"])
def test_server_stops_when_the_test_run_is_stopped(how, tmp_path):
    run = subprocess.Popen([sys.executable, "-c", _RUN, str(HERE), str(HERE.parent)], stdout=subprocess.PIPE,
                           text=True, cwd=tmp_path)
    server_pid = 0
    try:
        server_pid = int(run.stdout.readline())
        assert process_alive(server_pid)
        run.send_signal(how)
        run.wait(30)
        deadline = time.monotonic() + 30
        while process_alive(server_pid) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not process_alive(server_pid), f"the server outlived a test run ended by {how.name}"
    finally:
        run.kill()
        run.wait()
        if server_pid and process_alive(server_pid):  # this test's own stand-in, left over by a failure above
            os.kill(server_pid, signal.SIGKILL)
