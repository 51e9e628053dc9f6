"""The warm process pool (ccg.analysis.pool): its workers end with the process that started them."""
from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# starts a one-worker pool, waits until the worker has imported the games, writes its pid to the file named
# by argv[1], then dies by SIGKILL: no atexit hook and no pool shutdown run, as when a kernel is killed
_KILLED_PARENT = """
import os, signal, sys
from pathlib import Path
from ccg.analysis import pool
assert pool.pool_ready(1, timeout=300), "the worker did not start"
Path(sys.argv[1]).write_text(" ".join(map(str, pool.worker_pids())))
os.kill(os.getpid(), signal.SIGKILL)
"""


def _running(pid: int) -> bool:
    """The process exists and has not exited (a zombie waiting for its reaper has exited)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    status = Path(f"/proc/{pid}/status")
    if status.exists():
        state = next((line for line in status.read_text().splitlines() if line.startswith("State:")), "")
        return "zombie" not in state
    return True


@pytest.mark.skipif(not hasattr(os, "getppid") or sys.platform == "win32", reason="POSIX signals")
def test_workers_end_when_the_parent_is_killed(tmp_path):
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    pid_file, log = tmp_path / "pids", tmp_path / "stderr"
    with log.open("w") as err:  # files, not pipes: a worker that outlived the parent would hold a pipe open
        done = subprocess.run([sys.executable, "-c", _KILLED_PARENT, str(pid_file)], stdout=subprocess.DEVNULL,
                              stderr=err, env=env, timeout=600)
    assert done.returncode == -9, log.read_text()  # the parent really was killed
    pids = [int(x) for x in pid_file.read_text().split()]
    assert len(pids) == 1
    deadline = time.monotonic() + 60  # a generous bound, not a timing claim: the watch thread ends it at once
    while _running(pids[0]) and time.monotonic() < deadline:
        time.sleep(0.2)
    still = _running(pids[0])
    if still:
        os.kill(pids[0], 9)  # leave no orphan behind a failing test
    assert not still, "the pool worker outlived its killed parent"


WORKER_CPU = """
import sys
from ccg.analysis import pool
p = pool.process_pool(1)
p.submit(sum, range(1)).result()
before = pool.worker_cpu()
p.submit(sum, range(30_000_000)).result()
after = pool.worker_cpu()
print(before, after)
"""


def test_worker_cpu_counts_the_warm_workers_work():
    """The warm pool's workers outlive a run, so RUSAGE_CHILDREN misses them: ``worker_cpu`` reads /proc."""
    if not Path("/proc/self/stat").exists():
        pytest.fail("this test measures through /proc, which this system lacks")
    out = subprocess.run([sys.executable, "-c", WORKER_CPU], capture_output=True, text=True, timeout=300,
                         cwd=Path(__file__).resolve().parents[2])
    assert out.returncode == 0, out.stderr[-2000:]
    before, after = map(float, out.stdout.split())
    assert after - before > 0.2  # summing 30 million numbers takes about half a CPU-second
