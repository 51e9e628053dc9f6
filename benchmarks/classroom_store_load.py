"""A class's worth of devices playing through one store at once: the load test of ``ccg.classroom``.

``run_class(url, tables=8, seats=4)`` creates the tables, then plays them to the end with one
process per table and one thread per seat — each thread a "device" with its own replica and
store connection, choosing its moves with an agent where a student's browser would click.
With ``twins`` every table's first seat is open on two devices that race for the same moves
(a student with a phone and a laptop), so the version check is exercised all game long.
:func:`check_tables` then replays every stored game move by move with the rule invariants.
"""
from __future__ import annotations

import multiprocessing
import os
import resource
import threading
import time
from dataclasses import dataclass, field

from ccg.agents.base import make_agent
from ccg.classroom.live import LiveTable
from ccg.classroom.store import PausedError, PositionChanged, open_store
from ccg.core.registry import new_game

__all__ = ["LoadResult", "check_tables", "run_class"]


@dataclass
class LoadResult:
    """What a load run measured (latencies in seconds)."""

    url: str
    tables: int
    seats: int
    devices: int
    moves: int
    applied: int
    conflicts: int
    wall: float
    cpu: float
    commit_latencies: list[float] = field(default_factory=list, repr=False)
    seen_latencies: list[float] = field(default_factory=list, repr=False)
    problems: list[str] = field(default_factory=list)

    @property
    def moves_per_second(self) -> float:
        return self.moves / self.wall if self.wall else 0.0

    @staticmethod
    def _pct(values: list[float], q: float) -> float:
        if not values:
            return float("nan")
        ordered = sorted(values)
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))]

    def commit_p(self, q: float) -> float:
        """Quantile ``q`` of the time from a device's click to its move being committed."""
        return self._pct(self.commit_latencies, q)

    def seen_p(self, q: float) -> float:
        """Quantile ``q`` of the time from a commit until another device's replica shows the move."""
        return self._pct(self.seen_latencies, q)


def _device(url: str, table_id: int, seat: int, agent: str, seed: int, poll: float, deadline: float,
            out: dict) -> None:
    store = open_store(url)
    live = LiveTable(store, table_id)
    bot = make_agent(agent, seed)
    commits, seen = [], []
    applied = conflicts = 0
    try:
        while time.time() < deadline:
            before = len(live.moves)
            live.sync()
            now = time.time()
            seen += [now - m.at for m in live.moves[before:] if m.seat != seat]
            s = live.state
            if s.is_terminal():
                break
            if s.current_player == seat:
                action = bot.act(s)
                t0 = time.perf_counter()
                try:
                    live.play(seat, action, by=f"device {seat}", seen=s.ply)
                except (PositionChanged, PausedError):
                    conflicts += 1
                    continue
                commits.append(time.perf_counter() - t0)
                applied += 1
                continue
            time.sleep(poll)
    finally:
        store.close()
        out.update(commits=commits, seen=seen, applied=applied, conflicts=conflicts)


def _table(url: str, table_id: int, seats: int, agent: str, poll: float, twins: bool, deadline: float, queue) -> None:
    results: list[dict] = []
    threads = []
    plan = [(seat, 1000 * table_id + seat) for seat in range(seats)]
    if twins:
        plan.append((0, 1000 * table_id + 999))  # seat 0 on a second device, choosing with another seed
    for seat, seed in plan:
        out: dict = {}
        results.append(out)
        threads.append(threading.Thread(target=_device, args=(url, table_id, seat, agent, seed, poll, deadline, out)))
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    queue.put({"table": table_id, "devices": results,
               "cpu": resource.getrusage(resource.RUSAGE_SELF).ru_utime + resource.getrusage(
                   resource.RUSAGE_SELF).ru_stime})


def run_class(url: str, tables: int = 8, seats: int = 4, game: str = "co2", agent: str = "strategist",
              poll: float = 0.05, twins: bool = True, seed: int = 1, timeout: float = 900, **options) -> LoadResult:
    """Create ``tables`` tables of ``seats`` and play them to the end concurrently (see the module docstring)."""
    store = open_store(url)
    ids = [store.create_table(game, ["student"] * seats, seed=seed + k, options=options, lesson="load test").id
           for k in range(tables)]
    url = store.url
    store.close()  # the worker processes open their own connections
    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    ctx = multiprocessing.get_context(method)
    queue = ctx.Queue()
    start = time.perf_counter()
    deadline = time.time() + timeout
    procs = [ctx.Process(target=_table, args=(url, tid, seats, agent, poll, twins, deadline, queue)) for tid in ids]
    for p in procs:
        p.start()
    reports = [queue.get(timeout=timeout + 60) for _ in procs]
    for p in procs:
        p.join(60)
    wall = time.perf_counter() - start
    devices = [d for r in reports for d in r["devices"]]
    store = open_store(url)
    try:
        moves = sum(store.table(t).version for t in ids)
        problems = check_tables(store, ids)
    finally:
        store.close()
    applied = sum(d.get("applied", 0) for d in devices)
    if applied != moves:
        problems.append(f"devices committed {applied} moves but the store holds {moves}")
    return LoadResult(url=url, tables=tables, seats=seats, devices=len(devices), moves=moves, applied=applied,
                      conflicts=sum(d.get("conflicts", 0) for d in devices), wall=wall,
                      cpu=sum(r["cpu"] for r in reports),
                      commit_latencies=[x for d in devices for x in d.get("commits", [])],
                      seen_latencies=[x for d in devices for x in d.get("seen", [])], problems=problems)


def check_tables(store, table_ids) -> list[str]:
    """Replay every table move by move: plies contiguous, each by the seat to move, invariants held, game over."""
    problems = []
    for tid in table_ids:
        info = store.table(tid)
        moves = store.moves(tid)
        if [m.ply for m in moves] != list(range(len(moves))) or info.version != len(moves):
            problems.append(f"table {tid}: moves are not plies 0..{info.version - 1}")
            continue
        state = new_game(info.game, players=info.players, seed=info.seed, **info.options)
        for m in moves:
            if m.seat != state.current_player:
                problems.append(f"table {tid}: move {m.ply} by seat {m.seat}, seat {state.current_player} was to move")
                break
            try:
                state.apply(m.action)
                state.check_invariants()
            except (ValueError, AssertionError) as exc:
                problems.append(f"table {tid}: move {m.ply} ({m.action!r}): {exc}")
                break
        else:
            if not (state.is_terminal() and info.finished):
                problems.append(f"table {tid}: the game did not finish ({info.version} moves)")
    return problems


if __name__ == "__main__":  # pragma: no cover - see benchmarks/classroom_load.py
    print(run_class(os.environ.get("CCG_CLASSROOM_URL", "classroom-load")))
