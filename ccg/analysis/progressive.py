"""Progressive runs: games stream back as they finish, with a running estimate that can stop the run.

:class:`Progressive` plays one or more jobs (anything with ``run(start, stop) -> (rows, trajectory
records)``, e.g. :class:`~ccg.analysis.jobs.GameJob`) in chunks on a backend — in this process
("serial"), in a background thread ("thread"), on the warm process pool ("processes",
:mod:`ccg.analysis.pool`) or on Dask — submitting only a few chunks ahead, so a run that stops
early wastes little. Each job keeps the games that finished *in order* (game 0, 1, 2 … with no
gap) and a :class:`~ccg.analysis.estimate.RunningEstimate` over them; a job is complete when its
headline interval is as narrow as ``precision`` (checked after every game, from ``MIN_GAMES`` on)
or when it reaches its cap. Because the check walks the games in order, the games kept depend
only on the seed and the target — never on the backend, the chunking or the timing. ``stop()``
ends the run at once and keeps the games finished in order so far: a stopped run of k games is
the first k games of the seed, like a run asked for k.
"""
from __future__ import annotations

import math
import queue
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator, Sequence

from . import pool as warm
from .estimate import MIN_GAMES, RunningEstimate, check_precision
from .frames import games_frame


class WorkersFailed(RuntimeError):
    """The process pool's workers died before the games were played (e.g. no ``__main__`` guard)."""


WORKERS_FAILED = (
    "the worker processes of backend 'processes' stopped before the games were played. Each worker is a "
    "fresh Python process that imports the script you run: in a script, put the call under "
    "'if __name__ == \"__main__\":' so the workers do not start the run again. Otherwise a worker crashed "
    "or ran out of memory: run with backend='serial' to see the error."
)

MODES = ("serial", "thread", "processes", "dask")


def run_job_chunk(job: Any, start: int, stop: int) -> tuple[list[dict], list[tuple]]:
    """What every worker runs: games ``start..stop-1`` of ``job``."""
    return job.run(start, stop)


@dataclass
class JobProgress:
    """One job's games so far: the rows finished in order, and their running estimate."""

    cap: int
    estimate: RunningEstimate
    rows: list[dict] = field(default_factory=list)  # games 0..len-1, in order
    trajectories: list[tuple] = field(default_factory=list)
    pending: dict[int, tuple[list[dict], list[tuple]]] = field(default_factory=dict)  # chunk start -> result
    next_start: int = 0  # first game not yet submitted
    final: int | None = None  # games kept once complete
    reason: str | None = None  # "precision", "cap" or "stopped"

    @property
    def complete(self) -> bool:
        return self.final is not None


@dataclass(frozen=True)
class Partial:
    """A report of a progressive run: every job's progress after the latest finished chunk.

    It reads the run's live progress (no copy per report): take what you need in the callback.
    """

    jobs: list[JobProgress]
    finished: bool

    @property
    def games(self) -> int:
        return sum(len(j.rows) for j in self.jobs)

    @property
    def cap(self) -> int:
        return sum(j.cap for j in self.jobs)

    @property
    def rows(self) -> list[dict]:
        return [r for j in self.jobs for r in j.rows]

    def frame(self) -> Any:
        """The games so far as a DataFrame (the columns of ``ccg.simulate``)."""
        return games_frame(self.rows)

    @property
    def estimate(self) -> RunningEstimate:
        """The first job's estimate (a simulate or a what-if has one job)."""
        return self.jobs[0].estimate

    @property
    def reason(self) -> str | None:
        """Why the run ended: 'precision', 'cap', 'stopped' (one job's when they agree, else 'mixed')."""
        reasons = {j.reason for j in self.jobs}
        return reasons.pop() if len(reasons) == 1 else ("mixed" if self.finished else None)


class Progressive:
    """Play ``jobs`` (``(job, cap)`` pairs) progressively; iterate for a :class:`Partial` per finished chunk.

    ``mode``: "serial", "thread", "processes" (the warm pool) or "dask" (``client`` or the default
    client of :func:`ccg.analysis.pool.dask_client`). ``precision``: the ± wanted on each job's
    headline (``headline``, see :class:`RunningEstimate`), None to play every job to its cap.
    """

    def __init__(
        self,
        jobs: Sequence[tuple[Any, int]],
        mode: str = "serial",
        client: Any = None,
        workers: int | None = None,
        chunk_size: int | None = None,
        precision: float | None = None,
        headline: int | str | None = None,
        min_games: int = MIN_GAMES,
        players: Callable[[Any], int] = lambda job: job.players,
    ) -> None:
        if mode not in MODES:
            raise ValueError(f"mode must be one of {', '.join(MODES)}, got {mode!r}")
        self.precision = check_precision(precision)
        self.min_games = min_games
        self.mode = mode
        self.jobs = [job for job, _ in jobs]
        self.progress = [JobProgress(cap, RunningEstimate(players(job), headline)) for job, cap in jobs]
        self.workers = 1 if mode in ("serial", "thread") else (workers or warm.default_workers())
        total = sum(cap for _, cap in jobs)
        self.chunk_size = chunk_size or progressive_chunk_size(total, self.workers, self.precision is not None)
        self.window = 1 if mode == "serial" else 2 * self.workers  # chunks in flight
        self._done: queue.Queue = queue.Queue()
        self._futures: dict[Any, tuple[int, int, int]] = {}  # future -> (job, start, stop)
        self._stopped = False
        self._finished = False
        self._executor: Any = None
        self._client: Any = None
        self._turn = 0
        if mode == "processes":
            self._executor = warm.process_pool(workers)
        elif mode == "thread":
            self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="ccg-games")
        elif mode == "dask":
            self._client = warm.dask_client(client, workers)
        for j in self.progress:
            self._complete_if_done(j)
        self._fill()

    # ---- scheduling -----------------------------------------------------------------------------
    def _fill(self) -> None:
        """Submit chunks round-robin over the jobs still playing until ``window`` are in flight."""
        if self.mode == "serial":
            return
        while len(self._futures) < self.window and not self._stopped:
            task = self._next_task()
            if task is None:
                return
            j, start, stop = task
            job = self.jobs[j]
            if self.mode == "dask":
                future = self._client.submit(run_job_chunk, job, start, stop, pure=False)
            else:
                future = self._executor.submit(run_job_chunk, job, start, stop)
            self._futures[future] = task
            future.add_done_callback(self._done.put)

    def _next_task(self) -> tuple[int, int, int] | None:
        n = len(self.progress)
        for k in range(n):
            j = (self._turn + k) % n
            p = self.progress[j]
            if not p.complete and p.next_start < p.cap:
                start, stop = p.next_start, min(p.cap, p.next_start + self.chunk_size)
                p.next_start = stop
                self._turn = j + 1
                return j, start, stop
        return None

    # ---- results --------------------------------------------------------------------------------
    def _take(self, j: int, start: int, result: tuple[list[dict], list[tuple]]) -> None:
        p = self.progress[j]
        if p.complete:
            return
        p.pending[start] = result
        while len(p.rows) in p.pending and not p.complete:
            rows, traj = p.pending.pop(len(p.rows))
            by_game: dict[Any, list[tuple]] = {}
            for t in traj:
                by_game.setdefault(t[0], []).append(t)
            for row in rows:
                index = len(p.rows)
                p.rows.append(row)
                p.trajectories.extend(by_game.get(row.get("game", index), ()))
                p.estimate.add(row)
                if p.estimate.precise(self.precision, self.min_games):
                    p.final, p.reason = len(p.rows), "precision"
                    break
            self._complete_if_done(p)

    def _complete_if_done(self, p: JobProgress) -> None:
        if not p.complete and len(p.rows) >= p.cap:
            p.final, p.reason = len(p.rows), "cap"

    def _report(self) -> Partial:
        if all(p.complete for p in self.progress):
            self._finish()
        return Partial(self.progress, self._finished)

    def poll(self, timeout: float | None = None) -> Partial | None:
        """Wait up to ``timeout`` seconds (None: until a chunk finishes) and take every finished chunk.

        Returns a :class:`Partial` when something changed (or the run has ended), else None.
        In "serial" mode the next chunk is played here, whatever the timeout.
        """
        if self._finished:
            return Partial(self.progress, True)
        if all(p.complete for p in self.progress):
            return self._report()
        if self.mode == "serial":
            task = self._next_task()
            if task is None:
                return self._report()
            j, start, stop = task
            self._take(j, start, run_job_chunk(self.jobs[j], start, stop))
            return self._report()
        changed = False
        try:
            future = self._done.get(timeout=timeout) if timeout != 0 else self._done.get_nowait()
        except queue.Empty:
            return None
        while future is not None:
            changed = self._collect(future) or changed
            try:
                future = self._done.get_nowait()
            except queue.Empty:
                future = None
        self._fill()
        if not self._futures and not all(p.complete for p in self.progress):  # pragma: no cover - defensive
            self._fill()
        return self._report() if changed or self._finished else None

    def _collect(self, future: Any) -> bool:
        task = self._futures.pop(future, None)
        if task is None or future.cancelled():
            return False
        j, start, _ = task
        try:
            result = future.result()
        except Exception as exc:
            self._abort()

            if isinstance(exc, BrokenProcessPool):
                warm.discard_pool(self._executor)
                raise WorkersFailed(WORKERS_FAILED) from None
            raise
        self._take(j, start, result)
        return True

    def __iter__(self) -> Iterator[Partial]:
        while not self._finished:
            partial = self.poll(None)
            if partial is not None:
                yield partial

    def stop(self) -> Partial:
        """End the run now: pending chunks are cancelled; the games finished in order so far are kept.

        A game that finished ahead of an unfinished one (at most a few, on a parallel backend) is
        dropped, so a stopped run of k games is exactly the first k games of any run with that seed.
        """
        if not self._finished:
            self._stopped = True
            for p in self.progress:
                if not p.complete:
                    p.pending.clear()
                    p.final, p.reason = len(p.rows), "stopped"
            self._finish()
        return Partial(self.progress, True)

    def _finish(self) -> None:
        self._finished = True
        self._abort()

    def _abort(self) -> None:
        for future in list(self._futures):
            future.cancel()
        self._futures.clear()
        if self.mode == "thread" and self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)

    def close(self) -> None:
        """Stop if still running (safe to call twice)."""
        if not self._finished:
            self.stop()


def progressive_chunk_size(total: int, workers: int, targeted: bool) -> int:
    """About eight chunks per worker, at most 50 games; with a precision target at most 4 (stop soon after)."""
    size = max(1, min(50, math.ceil(total / max(1, 8 * workers))))
    return min(size, 4) if targeted else size
