"""A class through one store: moves/s and move latency, SQLite and PostgreSQL — the "Classroom" section.

Runs :func:`classroom_store_load.run_class` (8 tables × 4 seats, one process per table, one
thread per seat plus a second device at each table's first seat) on a SQLite store and, when
Debian's PostgreSQL can run here, on a throw-away local PostgreSQL, at two polling intervals:
0.25 s (what a student's page does) and 0.05 s (stress). ``--write`` puts the table into
BENCHMARKS.md between ``<!-- classroom-load -->`` markers.
"""
from __future__ import annotations

import argparse
import os
import platform
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(1, str(ROOT / "tests" / "classroom"))

from classroom_store_load import LoadResult, run_class  # noqa: E402
from report import write_block  # noqa: E402

START, END = "<!-- classroom-load -->", "<!-- /classroom-load -->"


def machine() -> str:
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    return (f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
            f"load average {load:.1f} at the start")


def row(db: str, poll: float, r: LoadResult) -> str:
    ok = "none" if not r.problems else "; ".join(r.problems)
    return (f"| {db} | {poll:g} | {r.tables}×{r.seats} ({r.devices} devices) | {r.moves} | {r.wall:.1f} | "
            f"{r.moves_per_second:.1f} | {1000 * r.commit_p(0.5):.0f} | {1000 * r.commit_p(0.95):.0f} | "
            f"{1000 * r.seen_p(0.95):.0f} | {r.conflicts} | {r.cpu:.1f} | {ok} |")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tables", type=int, default=8)
    ap.add_argument("--seats", type=int, default=4)
    ap.add_argument("--polls", default="0.25,0.05", help="device polling intervals, seconds")
    ap.add_argument("--no-postgres", action="store_true")
    ap.add_argument("--write", action="store_true", help="write the section into BENCHMARKS.md")
    args = ap.parse_args(argv)
    polls = [float(x) for x in args.polls.split(",")]
    header = machine()
    rows = []
    server = None
    targets = [("SQLite (WAL, synchronous=FULL)", lambda: tempfile.mkdtemp(prefix="ccg-load-"))]
    if not args.no_postgres:
        from postgres_server import LocalPostgres, find_postgres

        bin_dir, why = find_postgres()
        if bin_dir is None:
            print(f"PostgreSQL skipped: {why}")
        else:
            server = LocalPostgres(bin_dir).start()
            names = iter(range(1, 100))

            def pg_url() -> str:
                import psycopg

                name = f"ccg_load_{next(names)}"
                with psycopg.connect(f"host=127.0.0.1 port={server.port} user={server.user} dbname=postgres",
                                     autocommit=True) as conn:
                    conn.execute(f'CREATE DATABASE "{name}"')
                return f"postgresql://{server.user}@127.0.0.1:{server.port}/{name}"

            targets.append((f"PostgreSQL {bin_dir.parent.name} (local, fsync off)", pg_url))
    try:
        for db, make_url in targets:
            for poll in polls:
                r = run_class(make_url(), tables=args.tables, seats=args.seats, poll=poll)
                rows.append(row(db, poll, r))
                print(rows[-1], flush=True)
    finally:
        if server is not None:
            server.stop()
    table = "\n".join([
        "| store | poll s | tables × seats | moves | wall s | moves/s | commit p50 ms | commit p95 ms | "
        "seen p95 ms | lost races | CPU s | problems |",
        "|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---|", *rows])
    text = (f"{START}\nCommand: `.venv/bin/python benchmarks/classroom_load.py --write` on "
            f"{time.strftime('%Y-%m-%d')}; machine: {header}.\n\n"
            f"CO2, 4 strategist players per table chosen where the students' browsers would click; every table's "
            f"first seat is open on two devices that race for its moves (\"lost races\": clean 'the position changed' "
            f"answers). *Commit*: from a device's click to its move committed (one version-checked transaction). "
            f"*Seen*: from the commit until another device's replica shows the move (bounded by the polling "
            f"interval). Every run replays every table move by move with the rule invariants: \"problems\" lists "
            f"lost, doubled or illegal moves (none expected). Wall times on a shared machine are noisy; CPU s is "
            f"the table processes' CPU time.\n\n{table}\n{END}")
    print(text)
    if args.write:
        write_block(START, END, text, lambda doc, block: doc.rstrip() + "\n\n## Classroom: a class through one store\n\n" + block + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
