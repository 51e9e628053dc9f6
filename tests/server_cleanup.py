"""Servers the tests start stop with the test run, however it ends.

A server process started with :func:`spawn` and tracked with :func:`track` is stopped (its ``close()``)
at the fixture's teardown, at interpreter exit (``atexit``: also after Ctrl-C), when the run is stopped by
SIGTERM (what ``timeout`` sends), and, because the server asks the kernel for a signal when the process that
started it dies (Linux's ``PR_SET_PDEATHSIG``), even when the run is killed outright (SIGKILL).
Used by the browser tests' Jupyter servers (``tests/ui/browser_env.py``) and the classroom tests'
PostgreSQL (``tests/classroom/postgres_server.py``).
"""
from __future__ import annotations

import atexit
import ctypes
import os
import signal
import subprocess
import sys
from typing import Any, Callable, Protocol

__all__ = ["spawn", "stop_process", "track", "untrack"]


class Closable(Protocol):
    def close(self) -> None: ...


_RUNNING: list[Closable] = []


def _stop_all() -> None:
    for server in list(_RUNNING):
        server.close()


def _on_sigterm(signum: int, frame: Any) -> None:
    """A test run stopped by a timeout (SIGTERM) stops its servers first, then ends as SIGTERM would."""
    _stop_all()
    signal.signal(signum, signal.SIG_DFL)
    os.kill(os.getpid(), signum)


def track(server: Closable) -> None:
    """Stop ``server`` (``server.close()``) at exit and on SIGTERM unless :func:`untrack` ed before."""
    if not _RUNNING and signal.getsignal(signal.SIGTERM) in (signal.SIG_DFL, None):
        try:
            signal.signal(signal.SIGTERM, _on_sigterm)
        except ValueError:  # not the main thread: the parent-death signal of spawn() still applies
            pass
    if server not in _RUNNING:
        _RUNNING.append(server)


def untrack(server: Closable) -> None:
    """``server`` is stopped (or about to be): nothing left to do for it at exit."""
    if server in _RUNNING:
        _RUNNING.remove(server)


def _die_with_parent(death_signal: int) -> Callable[[], None]:
    def preexec() -> None:
        """In the server's process, after any change of user (which would clear it): ``death_signal`` when
        the test process dies, even by SIGKILL (Linux)."""
        if sys.platform.startswith("linux"):
            ctypes.CDLL(None, use_errno=True).prctl(1, death_signal)  # 1 = PR_SET_PDEATHSIG
    return preexec


def spawn(cmd: list[str], death_signal: int = signal.SIGTERM, **popen: Any) -> subprocess.Popen:
    """``subprocess.Popen(cmd, **popen)`` in a session of its own (Ctrl-C reaches the test run, which then
    stops it) that receives ``death_signal`` when this process dies. ``cmd`` must run the server itself,
    not a launcher that daemonizes it or changes user (``pg_ctl``, ``runuser``): Popen's ``user=`` and
    ``group=`` change user before the signal is asked for."""
    return subprocess.Popen(cmd, start_new_session=True, preexec_fn=_die_with_parent(death_signal), **popen)


def stop_process(proc: subprocess.Popen, how: int = signal.SIGTERM, wait: float = 15) -> None:
    """Send ``how`` to a running ``proc`` and wait for it; SIGKILL if it is still there after ``wait`` s."""
    if proc.poll() is None:
        proc.send_signal(how)
        try:
            proc.wait(wait)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(5)


atexit.register(_stop_all)


def process_alive(pid: int) -> bool:
    """Whether process ``pid`` still runs (Linux; a zombie waiting for its parent counts as gone)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    with open(f"/proc/{pid}/stat") as f:
        return f.read().split(")")[-1].split()[0] != "Z"
