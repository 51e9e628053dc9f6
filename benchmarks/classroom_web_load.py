"""A class on the classroom web server: real page clients on loopback — the "Classroom: the web server" section.

Starts ``ccg classroom serve`` (the real server, bots on) on a fresh store, then opens every student's
page as the browser does: GET the page, its script, stylesheet and plotly.js, open the websocket,
join with the seat's code, and play — each client picks one of the moves its page offers, a
moment after its turn shows (``--think`` seconds, drawn), and clicks Play (a ``play`` message
with the version it saw). Measured:

- *click → every device*: from a click until every student device at that table has received
  the page with the move (p50 / p95 / max over the clicked moves);
- *page up*: from the first GET until the seat's first page arrived (p50 / p95 / max);
- the server's resident memory (peak, sampled every 0.2 s) against 300 MB + 5 MB per student;
- errors: any refused connection, closed socket, or message other than a move's answer.

Every loop is bounded (``--seconds`` of play, then every client closes); loopback only. After
the run every table's stored moves are replayed: none lost or doubled. ``--write`` puts the
table into BENCHMARKS.md between ``<!-- classroom-web -->`` markers.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import random
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

START, END = "<!-- classroom-web -->", "<!-- /classroom-web -->"
BOARD = '{"type":"board"'
VERSION = re.compile(r'"version":\s*(\d+)')


@dataclass
class Run:
    students: int
    tables: int
    bots: int
    seconds: float
    page_up: list[float] = field(default_factory=list)
    click_to_all: list[float] = field(default_factory=list)
    click_to_boards: list[float] = field(default_factory=list)
    clicks: int = 0
    moves: int = 0
    errors: list[str] = field(default_factory=list)
    peak_mb: float = 0.0
    start_mb: float = 0.0
    cpu: float = 0.0          # the server process's CPU seconds during the run (independent of other load)
    client_cpu: float = 0.0   # the page clients' (this process's) CPU seconds: a busy harness delays its own readings

    @property
    def budget_mb(self) -> float:
        return 300 + 5 * self.students


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def layout(students: int, tables: int, players: int = 4) -> list[int]:
    """Students per table: as even as possible; the seats left over are bots."""
    if students > tables * players:
        raise SystemExit(f"{students} students do not fit at {tables} tables of {players}")
    base, extra = divmod(students, tables)
    return [base + (1 if t < extra else 0) for t in range(tables)]


async def student(http, base: str, code: str, table: int, run: Run, clicks: dict, seen: dict, boards: dict,
                  stop: asyncio.Event,
                  think: tuple[float, float], rng: random.Random, arrive: float = 0.0) -> None:
    import websockets

    await asyncio.sleep(rng.uniform(0, arrive))  # a class does not open its pages in the same millisecond
    t0 = time.perf_counter()
    try:
        for path in ("/", "/static/classroom.css", "/static/classroom.js", "/static/plotly.min.js"):
            # as a browser: gzip accepted; the bytes are read as sent (a browser's unpacking is its own CPU)
            async with http.stream("GET", path, headers={"accept-encoding": "gzip"}) as r:
                async for _ in r.aiter_raw():
                    pass
            if r.status_code != 200:
                run.errors.append(f"GET {path}: {r.status_code}")
                return
        async with websockets.connect(base.replace("http", "ws") + "/ws/student", max_size=2**23) as ws:
            await ws.send(json.dumps({"type": "join", "code": code}))
            last: int | None = None
            pending: asyncio.Task | None = None
            while not stop.is_set():
                try:
                    raw = await asyncio.wait_for(ws.recv(), 0.5)
                except asyncio.TimeoutError:
                    continue
                if raw.startswith(BOARD):  # a board: only its version is read (the client's CPU is not the server's)
                    v = int(VERSION.search(raw, 0, 300).group(1))  # type: ignore[union-attr]
                    boards.setdefault((table, v), []).append(time.perf_counter())
                    continue
                msg = json.loads(raw)
                kind = msg.get("type")
                if kind == "page":
                    now = time.perf_counter()
                    v = msg["version"]
                    if last is None:
                        run.page_up.append(now - t0)
                    else:  # every move this device has now seen (a bot's may follow a click at once)
                        for u in range(last + 1, v + 1):
                            seen.setdefault((table, u), []).append(now)
                    last = v if last is None else max(last, v)
                    if msg["your_turn"] and msg["actions"] and (pending is None or pending.done()):
                        pending = asyncio.create_task(click(ws, msg, table, clicks, think, rng, stop))
                elif kind == "said":
                    if msg.get("error"):
                        clicks.pop((table, (last or 0) + 1), None)
                        if "position changed" not in msg["text"]:
                            run.errors.append(f"said: {msg['text']}")
                elif kind in ("join-error", "status", "left"):
                    run.errors.append(f"{kind}: {msg.get('text')}")
            if pending is not None:
                pending.cancel()
    except Exception as exc:  # noqa: BLE001 - every failure is an error of the run
        run.errors.append(f"{type(exc).__name__}: {exc}")


async def click(ws, msg: dict, table: int, clicks: dict, think: tuple[float, float], rng: random.Random,
                stop: asyncio.Event) -> None:
    await asyncio.sleep(rng.uniform(*think))
    if stop.is_set():
        return
    action = rng.choice(msg["actions"])[0]
    clicks[(table, msg["version"] + 1)] = time.perf_counter()
    await ws.send(json.dumps({"type": "play", "action": action, "seen": msg["version"]}))


def sample_memory(pid: int, run: Run, stop: threading.Event) -> None:
    import psutil

    proc = psutil.Process(pid)
    first = proc.cpu_times()
    while not stop.is_set():
        try:
            run.peak_mb = max(run.peak_mb, proc.memory_info().rss / 2**20)
            now = proc.cpu_times()
            run.cpu = (now.user + now.system) - (first.user + first.system)
        except psutil.Error:
            return
        stop.wait(0.2)


async def lesson(base: str, seats: list[tuple[int, str]], run: Run, think: tuple[float, float],
                 arrive: float) -> dict:
    clicks: dict = {}
    seen: dict = {}
    boards: dict = {}
    stop = asyncio.Event()
    rng = random.Random(1)
    per_table: dict[int, int] = {}
    for table, _ in seats:
        per_table[table] = per_table.get(table, 0) + 1
    import httpx

    # one client object for the harness (its set-up is costly); every request opens its own connection, as
    # the pages of different devices do
    async with httpx.AsyncClient(base_url=base, timeout=60,
                                 limits=httpx.Limits(max_connections=1000, max_keepalive_connections=0)) as http:
        tasks = [asyncio.create_task(student(http, base, code, table, run, clicks, seen, boards, stop, think,
                                             random.Random(rng.random()), arrive)) for table, code in seats]
        await asyncio.sleep(run.seconds)
        stop.set()
        await asyncio.gather(*tasks)
    run.clicks = len(clicks)
    for (table, version), at in clicks.items():
        got = seen.get((table, version), [])
        if len(got) >= per_table[table]:  # every student device at the table has the move (else the run ended)
            run.click_to_all.append(max(got) - at)
        drawn = boards.get((table, version), [])
        if len(drawn) >= per_table[table]:  # the move's board on every device (unless a newer one replaced it)
            run.click_to_boards.append(max(drawn) - at)
    return clicks


def one_run(students: int, tables: int, seconds: float, think: tuple[float, float], bot_delay: float,
            arrive: float) -> Run:
    from ccg.classroom import open_store

    folder = Path(tempfile.mkdtemp(prefix="ccg-web-load-")) / "store"
    store = open_store(folder)
    counts = layout(students, tables)
    seats: list[tuple[int, str]] = []
    for k, n in enumerate(counts):
        info = store.create_table("co2", ["student"] * n + ["strategist"] * (4 - n), seed=100 + k, lesson="load")
        seats += [(info.id, s.code) for s in info.seats if s.is_student]
    run = Run(students, tables, sum(4 - n for n in counts), seconds)
    cmd = [str(Path(sys.executable).with_name("ccg")), "classroom", "serve", "--dir", str(folder), "--port", "0",
           "--bot-delay", str(bot_delay)]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        base = None
        while base is None:
            line = proc.stdout.readline()
            if not line:
                raise SystemExit(f"serve did not start: {proc.stderr.read()[-2000:]}")
            m = re.search(r"students: (\S+)/", line)
            base = m.group(1) if m else None
        import psutil

        run.start_mb = psutil.Process(proc.pid).memory_info().rss / 2**20
        halt = threading.Event()
        sampler = threading.Thread(target=sample_memory, args=(proc.pid, run, halt), daemon=True)
        sampler.start()
        before = time.process_time()
        asyncio.run(lesson(base, seats, run, think, arrive))
        run.client_cpu = time.process_time() - before
        halt.set()
        sampler.join()
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            _, err = proc.communicate(timeout=60)
        except subprocess.TimeoutExpired:
            proc.kill()
            _, err = proc.communicate()
        (folder.parent / "serve.log").write_text(err)
        if "Traceback" in err:
            run.errors.append(f"server log has a traceback (see {folder.parent / 'serve.log'})")
    import ccg

    for t in store.tables():
        moves = store.moves(t.id)
        run.moves += len(moves)
        state = ccg.replay(store.record(t.id))
        if len(moves) != t.version or state.ply != t.version:
            run.errors.append(f"table {t.id}: {len(moves)} move rows for version {t.version}")
    store.close()
    return run


def row(r: Run) -> str:
    ok = "none" if not r.errors else f"{len(r.errors)}: " + "; ".join(sorted(set(r.errors))[:3])
    return (f"| {r.students} | {r.tables} | {r.bots} | {r.seconds:g} | {r.clicks} | {r.moves} | "
            f"{1000 * pct(r.click_to_all, 0.5):.0f} / {1000 * pct(r.click_to_all, 0.95):.0f} / "
            f"{1000 * max(r.click_to_all, default=float('nan')):.0f} | "
            f"{1000 * pct(r.click_to_boards, 0.5):.0f} / {1000 * pct(r.click_to_boards, 0.95):.0f} | "
            f"{pct(r.page_up, 0.5):.2f} / {pct(r.page_up, 0.95):.2f} / {max(r.page_up, default=float('nan')):.2f} | "
            f"{r.start_mb:.0f} → {r.peak_mb:.0f} (budget {r.budget_mb:.0f}) | {r.cpu:.1f} | {r.client_cpu:.1f} | {ok} |")


def machine() -> str:
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    return (f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
            f"load average {load:.1f} at the start")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runs", default="30:8,120:30", help="students:tables, comma-separated (default 30:8,120:30)")
    ap.add_argument("--seconds", type=float, default=60, help="seconds of play per run (default 60)")
    ap.add_argument("--think", default="0.3,1.5", help="a student's delay before clicking, seconds (min,max)")
    ap.add_argument("--bot-delay", type=float, default=0.5, help="serve --bot-delay (default 0.5)")
    ap.add_argument("--arrive", type=float, default=10, help="students open their pages over this many seconds")
    ap.add_argument("--write", action="store_true", help="write the section into BENCHMARKS.md")
    args = ap.parse_args(argv)
    think = tuple(float(x) for x in args.think.split(","))
    header = machine()
    rows = []
    for spec in args.runs.split(","):
        students, tables = (int(x) for x in spec.split(":"))
        r = one_run(students, tables, args.seconds, think, args.bot_delay, args.arrive)  # type: ignore[arg-type]
        rows.append(row(r))
        print(rows[-1], flush=True)
        if r.click_to_all:
            print(f"  click→all devices: n={len(r.click_to_all)}, mean {statistics.mean(r.click_to_all):.3f} s",
                  flush=True)
    table = "\n".join([
        "| students | tables | bot seats | s of play | clicks | moves stored | click → every device ms p50 / p95 / max"
        " | … and its board ms p50 / p95 | page up s p50 / p95 / max | server MB start → peak | server CPU s | clients' CPU s | errors |",
        "|---:|---:|---:|---:|---:|---:|---|---|---|---|---:|---:|---|", *rows])
    text = (f"{START}\nCommand: `.venv/bin/python benchmarks/classroom_web_load.py --runs {args.runs} --seconds "
            f"{args.seconds:g} --arrive {args.arrive:g} --write` on {time.strftime('%Y-%m-%d')}; machine: {header}.\n\n"
            f"`ccg classroom serve` (SQLite store, bots on with `--bot-delay {args.bot_delay:g}`) and one page client "
            f"per student on loopback, speaking the page's own websocket protocol after fetching the page, its "
            f"script, stylesheet and plotly.js; CO2 tables of 4 seats, students spread evenly, strategist bots in "
            f"the seats left over. A student clicks one of the moves its page offers {think[0]:g}–{think[1]:g} s "
            f"after its turn shows. *Click → every device*: until every student device at that table holds the "
            f"page with the move (its words: header, log, scores, the next seat's moves); *… and its board*: until "
            f"every device also holds that position's board (``ccg.plot.board``), which follows the words. *Page up*: from the first GET to the seat's first page; the students open their pages at random moments "
            f"within the first {args.arrive:g} s. Targets: p95 click → "
            f"every device ≤ 1 s, page up ≤ 2 s, memory ≤ 300 MB + 5 MB per student, no error. Afterwards every "
            f"table's stored moves replay: none lost or doubled.\n\n{table}\n{END}")
    print(text)
    if args.write:
        from report import write_block

        write_block(START, END, text,
                    lambda doc, block: doc.rstrip() + "\n\n## Classroom: the web server under a class\n\n" + block + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
