"""Warm workers: one process pool (or Dask cluster) per interpreter, started once, reused by every run.

Starting Python processes and importing the games costs about a second per worker, more on a busy
machine; a what-if should not pay it each time. :func:`warm_up` starts the pool in the background
(in a kernel the Table calls it when its What-if tab is opened), every ``backend="processes"`` run of ``ccg.simulate``,
``ccg.sweep``, ``ccg.tournament`` and the What-if uses :func:`process_pool`, and the pool shuts
down with the interpreter (``atexit``), which is the kernel in Jupyter.

Dask: :func:`use_client` makes a ``dask.distributed.Client`` the default for ``backend="dask"`` runs
given no ``client=``; without one the first such run starts a local cluster that is kept, like the
pool, until the interpreter ends.
"""
from __future__ import annotations

import atexit
import multiprocessing
import multiprocessing.connection
import os
import threading
from concurrent.futures import ProcessPoolExecutor, wait
from typing import Any

from ..core import registry

_lock = threading.RLock()
_pools: dict[int, ProcessPoolExecutor] = {}  # size -> the warm pool of that many workers
_client: Any = None  # the user's Dask client (use_client)
_own_client: Any = None  # a local cluster started by ccg (closed at exit)


def default_workers() -> int:
    """One worker per core."""
    return os.cpu_count() or 1


def _warm_imports() -> None:
    """Run once in each worker as it starts: end with the parent (:func:`end_with_parent`), then import every
    game and its strategist before any job arrives."""
    end_with_parent()
    from ..agents import base  # noqa: F401  (registers the agent names)

    for name in registry.list_games():
        try:
            spec = registry.get_spec(name)
            spec.create(spec.default_players, 0, {})  # imports the game's modules and builds its tables
        except Exception:  # pragma: no cover - a game that needs options; it is imported on first use instead
            pass
    try:
        from ..agents import strategist  # noqa: F401  (in the worker, before its first job: the warm-up's purpose)
    except Exception:  # pragma: no cover
        pass


def end_with_parent() -> None:
    """In a pool worker: end this process as soon as the process that started the pool is gone.

    ``concurrent.futures`` does not do this. A parent that is killed (a kernel restarted or interrupted, a
    killed script) never shuts its pool down, and each worker holds its own handle to the pipe it reads
    jobs from, so that read never ends: the workers would wait forever, each holding a few hundred MB.
    A daemon thread waits on the parent's sentinel (``multiprocessing.parent_process``), which every
    platform marks ready when the parent ends, and ends the worker at once."""
    parent = multiprocessing.parent_process()
    if parent is None:  # not started by multiprocessing: nothing to watch
        return

    def watch() -> None:
        multiprocessing.connection.wait([parent.sentinel])
        os._exit(1)  # no clean-up to run: the jobs' results have nowhere to go

    threading.Thread(target=watch, name="ccg-parent-watch", daemon=True).start()


def _ping() -> int:
    return os.getpid()


def process_pool(workers: int | None = None) -> ProcessPoolExecutor:
    """The interpreter's warm process pool (spawn context) of ``workers`` processes (default: one per core).

    Made on first use and kept (one pool per size asked for: a run on another size never cancels the
    work of a running one). The workers import every game when they start.
    """
    size = workers or default_workers()
    with _lock:
        pool = _pools.get(size)
        if pool is not None and not _broken(pool):
            return pool
        pool = _pools[size] = ProcessPoolExecutor(max_workers=size, mp_context=multiprocessing.get_context("spawn"),
                                                  initializer=_warm_imports)
        for _ in range(size):  # a spawn pool starts a process per waiting task: start them all now
            pool.submit(_ping)
        return pool


def _broken(pool: ProcessPoolExecutor) -> bool:
    return bool(getattr(pool, "_broken", False)) or bool(getattr(pool, "_shutdown_thread", False))


def discard_pool(pool: ProcessPoolExecutor) -> None:
    """Forget ``pool`` (e.g. after its workers died); the next run of its size starts a fresh one."""
    with _lock:
        for size, kept in list(_pools.items()):
            if kept is pool:
                del _pools[size]
    pool.shutdown(wait=False, cancel_futures=True)


def warm_up(workers: int | None = None) -> threading.Thread:
    """Start the warm pool in a background thread (returns at once); its workers import the games."""
    thread = threading.Thread(target=process_pool, args=(workers,), name="ccg-warm-pool", daemon=True)
    thread.start()
    return thread


def pool_ready(workers: int | None = None, timeout: float | None = None) -> bool:
    """Start the pool if needed and wait until every worker has imported the games (True when ready)."""
    pool = process_pool(workers)
    futures = [pool.submit(_ping) for _ in range(workers or default_workers())]
    done, _ = wait(futures, timeout=timeout)
    return len(done) == len(futures)


def worker_pids() -> list[int]:
    """The process ids of every warm pool's workers (for measurements)."""
    with _lock:
        return [pid for pool in _pools.values() for pid in list(getattr(pool, "_processes", None) or {})]


def worker_cpu() -> float:
    """CPU seconds (user + system) the warm pools' workers have used so far, read from ``/proc`` (Linux; 0 where
    there is no ``/proc``). The workers outlive each run, so ``RUSAGE_CHILDREN`` never counts them."""
    total = 0.0
    tick = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
    for pid in worker_pids():
        try:
            with open(f"/proc/{pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / tick
        except (OSError, IndexError, ValueError):
            pass
    return total


def use_client(client: Any) -> None:
    """Make ``client`` (a ``dask.distributed.Client``) the default of ``backend="dask"`` runs; None forgets it."""
    global _client
    _client = client


def user_client() -> Any:
    """The client given to :func:`use_client`, or None."""
    return _client


def dask_client(client: Any = None, workers: int | None = None) -> Any:
    """``client``, else the one given to :func:`use_client`, else a local cluster started once and kept."""
    global _own_client
    if client is not None:
        return client
    if _client is not None:
        return _client
    with _lock:
        if _own_client is None:
            try:
                from dask.distributed import Client, LocalCluster  # optional: the dask extra
            except ImportError as exc:  # pragma: no cover - depends on the environment
                raise ImportError("the Dask backend needs dask.distributed: pip install 'ccg[dask]' "
                                  "(or pip install 'dask[distributed]')") from exc
            cluster = LocalCluster(n_workers=workers or default_workers(), threads_per_worker=1, processes=True)
            _own_client = Client(cluster)
        return _own_client


def shutdown() -> None:
    """Stop the warm pools and ccg's own Dask cluster (the user's client is left alone). Called at exit."""
    global _own_client
    with _lock:
        pools = list(_pools.values())
        _pools.clear()
        own, _own_client = _own_client, None
    for pool in pools:
        pool.shutdown(wait=False, cancel_futures=True)
    if own is not None:
        try:
            own.close()
            own.cluster.close()
        except Exception:  # pragma: no cover - already gone
            pass


atexit.register(shutdown)
