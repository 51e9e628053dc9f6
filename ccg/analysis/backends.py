"""Run chunks of games serially, on the warm process pool (:mod:`ccg.analysis.pool`) or on Dask.

All backends run the same pure function (:func:`ccg.analysis.jobs.run_chunk`)
on the same chunks and the results are put back in chunk order, so the
output is identical whatever the backend or the number of workers.
"""
from __future__ import annotations

import math
import os
import pickle
import pickletools
import sys
from concurrent.futures import as_completed
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Callable, Sequence

from . import pool as warm
from .jobs import GameJob, run_chunk
from .progressive import WORKERS_FAILED, Partial, Progressive, WorkersFailed  # noqa: F401  (WorkersFailed: the CLI's)

BACKENDS = ("serial", "processes", "dask")


Task = tuple[GameJob, int, int]  # (job, first game, stop)


def make_tasks(jobs: Sequence[tuple[GameJob, int]], chunk_size: int) -> list[Task]:
    """Split each (job, n_games) into chunks of at most ``chunk_size`` games."""
    tasks: list[Task] = []
    for job, n in jobs:
        for start in range(0, n, chunk_size):
            tasks.append((job, start, min(n, start + chunk_size)))
    return tasks


def default_chunk_size(total_games: int, workers: int) -> int:
    """About eight chunks per worker (load balance), at most 50 games each (progress)."""
    return max(1, min(50, math.ceil(total_games / max(1, 8 * workers))))


def _run_task(task: Task):
    job, start, stop = task
    return run_chunk(job, start, stop)


def _bar(total: int, enabled: bool, desc: str):
    if not enabled:
        return None
    from tqdm.auto import tqdm  # tqdm.auto looks for a notebook (ipywidgets): only when a bar is shown

    return tqdm(total=total, desc=desc, unit="game")


def check_backend(backend: str, client: Any, workers: int | None) -> str:
    if client is not None:
        if backend not in ("serial", "dask"):
            raise ValueError(f"client= is a Dask client, so backend must be 'dask', got {backend!r}")
        return "dask"
    if backend not in BACKENDS:
        raise ValueError(f"backend must be one of {', '.join(BACKENDS)}, got {backend!r}")
    if workers is not None and (isinstance(workers, bool) or not isinstance(workers, int) or workers < 1):
        raise ValueError(f"workers must be a whole number >= 1, got {workers!r}")
    return backend


def n_workers(backend: str, client: Any, workers: int | None) -> int:
    if backend == "serial":
        return 1
    if backend == "dask" and client is not None and workers is None:
        try:
            return max(1, sum(client.nthreads().values()))
        except Exception:  # pragma: no cover - a client without nthreads
            return 2
    return workers or os.cpu_count() or 1


def run_tasks(
    tasks: list[Task],
    backend: str = "serial",
    client: Any = None,
    workers: int | None = None,
    progress: bool = False,
    desc: str = "games",
) -> list[tuple[list[dict], list[tuple]]]:
    """Run ``tasks`` on a backend; results in task order."""
    if backend == "processes":
        check_portable(tasks)
    total = sum(stop - start for _, start, stop in tasks)
    bar = _bar(total, progress, desc)
    results: list[Any] = [None] * len(tasks)
    try:
        if backend == "serial":
            for i, task in enumerate(tasks):
                results[i] = _run_task(task)
                if bar is not None:
                    bar.update(task[2] - task[1])
        elif backend == "processes":
            pool = warm.process_pool(workers)  # warm: started once per interpreter
            try:
                futures = {pool.submit(_run_task, task): i for i, task in enumerate(tasks)}
                for future in as_completed(futures):
                    i = futures[future]
                    results[i] = future.result()
                    if bar is not None:
                        bar.update(tasks[i][2] - tasks[i][1])
            except BrokenProcessPool:
                warm.discard_pool(pool)
                raise WorkersFailed(WORKERS_FAILED) from None
        elif backend == "dask":
            results = _run_dask(tasks, client, workers, bar)
        else:  # pragma: no cover - checked earlier
            raise ValueError(f"unknown backend {backend!r}")
    finally:
        if bar is not None:
            bar.close()
    return results


def check_portable(tasks: list[Task]) -> None:
    """Fail early, and clearly, when a job cannot be sent to the process pool.

    The pool pickles each job with the standard pickle, which stores classes
    and functions by reference: lambdas and local functions cannot be sent,
    and neither can anything defined in a notebook or interactive session
    (``__main__`` without a file), which the workers cannot import. (Dask
    falls back to cloudpickle, which sends those by value, so it is not
    checked here.)
    """
    interactive = not hasattr(sys.modules.get("__main__"), "__file__")
    seen: set[int] = set()
    for job, _, _ in tasks:
        if id(job) in seen:
            continue
        seen.add(id(job))
        try:
            data = pickle.dumps(job)
        except Exception as exc:
            raise ValueError(
                "backend 'processes' sends the games to worker processes, which needs every agent, "
                "heuristic and option to be picklable (classes and functions defined at module level, "
                "not lambdas or local functions); use backend='serial' or 'dask', or move them into "
                f"a module. ({type(exc).__name__}: {exc})"
            ) from None
        if interactive and any(arg == "__main__" for _, arg, _ in pickletools.genops(data)):
            raise ValueError(
                "backend 'processes' cannot use agents or heuristics defined in a notebook or an "
                "interactive session: worker processes cannot import them. Move them into a module "
                "(a .py file next to the notebook), or use backend='serial' or 'dask'."
            )


def _run_dask(tasks: list[Task], client: Any, workers: int | None, bar) -> list:
    from dask.distributed import as_completed  # optional: the dask extra

    client = warm.dask_client(client, workers)  # the given client, use_client's, or a kept local cluster
    futures = [client.submit(_run_task, task, pure=False) for task in tasks]
    index = {f.key: i for i, f in enumerate(futures)}
    results: list[Any] = [None] * len(tasks)
    for future in as_completed(futures):
        i = index[future.key]
        results[i] = future.result()
        if bar is not None:
            bar.update(tasks[i][2] - tasks[i][1])
    return results


def run_progressive(
    jobs: Sequence[tuple[Any, int]],
    backend: str = "serial",
    client: Any = None,
    workers: int | None = None,
    *,
    precision: float | None = None,
    headline: int | str | None = None,
    chunk_size: int | None = None,
    progress: bool = False,
    desc: str = "games",
    on_partial: Callable[[Partial], Any] | None = None,
) -> Partial:
    """Play ``jobs`` ((job, at most n games) pairs) progressively and return the final :class:`Partial`.

    ``on_partial(partial)`` is called after every finished chunk (the running estimate, the games so
    far); with ``progress`` a tqdm bar shows the games and, for one job, the running win shares.
    Every job stops once its headline's 95 % interval is within ± ``precision`` (see
    :mod:`ccg.analysis.progressive`). Ctrl-C stops the run and re-raises.
    """
    if backend == "processes":
        check_portable([(job, 0, 0) for job, _ in jobs])
    run = Progressive(jobs, backend, client, workers, chunk_size, precision, headline)
    bar = _bar(sum(n for _, n in jobs), progress, desc)
    last = None
    try:
        for partial in run:
            last = partial
            if bar is not None:
                bar.update(partial.games - bar.n)
                if len(partial.jobs) == 1:
                    bar.set_postfix_str(partial.estimate.describe(), refresh=False)
                else:
                    bar.set_postfix_str(f"{sum(j.complete for j in partial.jobs)}/{len(partial.jobs)} cells done",
                                        refresh=False)
            if on_partial is not None:
                on_partial(partial)
    except BaseException:
        run.stop()
        raise
    finally:
        run.close()
        if bar is not None:
            bar.close()
    return last if last is not None else run.stop()
