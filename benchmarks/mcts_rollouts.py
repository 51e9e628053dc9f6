"""MCTS with strategist rollouts: strength at equal iterations and at equal CPU time.

    .venv/bin/python benchmarks/mcts_rollouts.py --out ~/mcts_rollouts.jsonl   # every row, every game
    .venv/bin/python benchmarks/mcts_rollouts.py --quick                          # smoke test: 4 games a row

One tested MCTS seat against the game's strategist (default persona) in every other seat, seats
rotated (``ccg.tournament``), standard rules, 95 % Wilson intervals. Rows per game:

* ``iters``: random vs strategist rollouts at the same iteration budget (``--iterations``);
* ``cpu``: random rollouts, strategist rollouts, the strategist prior (random rollouts) and both at
  the same budget of CPU seconds per move (``--cpu``; ``clock=cpu``: this process's CPU time, so
  the budget is fair on a shared machine; the search stops sooner once the move is decided);
* ``target``: strategist rollouts at 1 CPU-s per move — the row of §5, "MCTS with strategist
  rollouts vs three strategists ≥ 1.3× the fair share" (``--target-games`` games;
  ``--target-prior strategist`` adds the strategist prior).

* ``ref``: Greedy against the same three strategists, for reference (MCTS with the heuristic prior
  starts from Greedy's opinion).

Rows are played kind by kind (``--rows`` order), each kind for every game before the next.

Each finished row is appended to ``--out`` (JSON lines); a second run with the same file skips the
rows already there, so a long run can be resumed or split (``--rows``, ``--game``, or one seed per
process: rows of one label and spec at several seeds are also shown pooled). Every row of the file
is printed as a markdown table at the end (``--rows ""`` prints without playing); the findings are
in docs/design/why-level-5-is-no-search.md and BENCHMARKS.md ("The strong search").
CPU per game is the CPU time of the worker processes (all seats) divided by the games.
"""
from __future__ import annotations

import argparse
import datetime as _dt
import json
import os
import platform
import resource
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import ccg  # noqa: E402
from ccg.analysis.pool import worker_cpu  # noqa: E402
from ccg.analysis.stats import wilson  # noqa: E402

GAMES = ("co2", "catan", "chicago_express")
TARGET_RATIO = 1.3  # the strength target: 1.3 × the fair share
HEADING = "### MCTS with strategist rollouts (`benchmarks/mcts_rollouts.py`)"


def row_specs(args) -> list[tuple[str, str, str, int]]:
    """``(row kind, label, tested agent spec, games)`` in the order they are played."""
    cpu = f"mcts:iterations=none:seconds={args.cpu:g}:clock=cpu"
    n = args.iterations
    target = "mcts:iterations=none:seconds=1:clock=cpu:rollout=strategist"
    target_label = "strategist rollouts, 1 CPU-s"
    if args.target_prior == "strategist":
        target += ":prior=strategist"
        target_label = "strategist rollouts and prior, 1 CPU-s"
    if args.target_spec:
        target, target_label = args.target_spec, args.target_label or args.target_spec
    return [
        ("cpu", f"random rollouts, {args.cpu:g} CPU-s", cpu, args.games),
        ("cpu", f"strategist rollouts, {args.cpu:g} CPU-s", cpu + ":rollout=strategist", args.games),
        ("cpu", f"strategist prior, random rollouts, {args.cpu:g} CPU-s", cpu + ":prior=strategist", args.games),
        ("cpu", f"strategist rollouts and prior, {args.cpu:g} CPU-s", cpu + ":rollout=strategist:prior=strategist",
         args.games),
        ("target", target_label, target, args.target_games),
        ("iters", f"random rollouts, {n} iterations", f"mcts:{n}", args.iter_games),
        ("iters", f"strategist rollouts, {n} iterations", f"mcts:{n}:rollout=strategist", args.iter_games),
        ("ref", "Greedy (reference)", "greedy", args.games),
    ]


def _children_cpu() -> float:
    """CPU of finished child processes and of the warm pool's workers, which outlive the row (not yet reaped,
    they are not in ``RUSAGE_CHILDREN``)."""
    use = resource.getrusage(resource.RUSAGE_CHILDREN)
    return use.ru_utime + use.ru_stime + worker_cpu()


def _wins_of_entry(games, entry: int, mask=None) -> tuple[float, int]:
    """Wins (ties shared) of ``entry`` over the games (where ``mask`` is true), and the number of games."""
    players = sum(1 for c in games.columns if c.startswith("entry_"))
    wins, n = 0.0, 0
    for i, row in enumerate(games.itertuples(index=False)):
        if mask is not None and not mask[i]:
            continue
        n += 1
        won = row.winners
        if won:
            seats = [s for s in range(players) if getattr(row, f"entry_{s}") == entry]
            wins += sum(1.0 / len(won) for s in won if s in seats)
    return wins, n


def play_row(game: str, kind: str, label: str, spec: str, n_games: int, args) -> dict:
    players = ccg.describe(game)["default_players"]
    load_before = os.getloadavg()[0]
    cpu_before = _children_cpu() + time.process_time()
    start = time.perf_counter()
    backend = "serial" if args.workers <= 1 else "processes"
    table, games = ccg.tournament(game, [spec] + ["strategist"] * (players - 1), n_games=n_games, seed=args.seed,
                                  backend=backend, workers=args.workers, return_games=True)
    cpu = _children_cpu() + time.process_time() - cpu_before
    tested = table.iloc[0]
    record = {
        "game": game, "kind": kind, "label": label, "spec": spec, "players": players, "games": int(tested.games),
        "seed": args.seed, "wins": float(tested.wins), "top": float(tested.top_rate * tested.games),
        "fair": float(tested.fair_share), "cpu_per_game": cpu / n_games, "wall_s": time.perf_counter() - start,
        "load": [load_before, os.getloadavg()[0]], "date": _dt.date.today().isoformat(),
        "machine": f"{platform.node()}, {os.cpu_count()} CPUs (shared), python {platform.python_version()}",
    }
    if "planet_lost" in games:
        saved = [not bool(x) for x in games.planet_lost]
        record["saved"] = sum(saved)
        record["wins_saved"] = _wins_of_entry(games, 0, saved)[0]
    return record


def _rate(x: float, n: int) -> str:
    if not n:
        return "—"
    lo, hi = wilson(x, n)
    return f"{x / n:.3f} [{lo:.3f}, {hi:.3f}]"


def verdict(x: float, n: int, fair: float) -> str:
    """Is the rate ≥ 1.3 × the fair share? Decided only when the 95 % interval is on one side."""
    if not n:
        return "—"
    lo, hi = wilson(x, n)
    line = TARGET_RATIO * fair
    if lo >= line:
        return "met"
    if hi < line:
        return "not met"
    return "undecided"


def pooled(rows: list[dict]) -> list[dict]:
    """One row per (label, spec) played at several seeds: the games of every seed together.

    A long row is played in chunks (one seed per process, ``--target-games`` each) so that a killed
    run loses one chunk, not the row; the pooled row is the measurement, the chunks show the spread.
    """
    groups: dict[tuple[str, str], list[dict]] = {}
    for r in rows:
        groups.setdefault((r["label"], r["spec"]), []).append(r)
    out = []
    for (label, _spec), group in groups.items():
        if len({r["seed"] for r in group}) < 2:
            continue
        n = sum(r["games"] for r in group)
        total = {k: sum(r[k] for r in group) for k in ("wins", "top")}
        row = {**group[0], **total, "label": f"**{label}, pooled**", "games": n,
               "seed": ", ".join(str(r["seed"]) for r in group),
               "cpu_per_game": sum(r["cpu_per_game"] * r["games"] for r in group) / n}
        if all("saved" in r for r in group):
            row["saved"] = sum(r["saved"] for r in group)
            row["wins_saved"] = sum(r["wins_saved"] for r in group)
        out.append(row)
    return out


def render(records: list[dict], command: str) -> str:
    by_game: dict[str, list[dict]] = {}
    for r in records:
        by_game.setdefault(r["game"], []).append(r)
    dates = sorted({r["date"] for r in records})
    loads = [x for r in records for x in r["load"]]
    machine = records[0]["machine"] if records else "—"
    lines = [HEADING, "",
             f"Command: `{command}` (rows appended to a JSON-lines file as they finish). "
             f"Date {', '.join(dates)}; {machine}; load average {min(loads):.1f}–{max(loads):.1f} during the runs "
             "(budgets are CPU time of the searching process, `clock=cpu`, so the load does not change them). "
             "One tested seat (MCTS, Greedy for reference) against three strategists (default persona), seats rotated, standard rules, "
             "95 % Wilson intervals; fair share 1/4. `target` is the strength target's row: win rate ≥ 1.3 × the fair share "
             "(0.325) — *met* / *not met* when the whole interval is on one side, *undecided* otherwise. "
             "CPU per game counts all four seats.", ""]
    for game in [g for g in GAMES if g in by_game] + sorted(set(by_game) - set(GAMES)):
        order = {"cpu": 0, "target": 1, "iters": 2, "ref": 3}
        rows = sorted(by_game[game], key=lambda r: order.get(r["kind"], 9))
        co2 = any("saved" in r for r in rows)
        lines.append(f"**{game}**")
        lines.append("")
        head = "| tested seat | spec | games (seed) | win rate [95% CI] | ≥ 1.3× fair | top-score rate [95% CI] |"
        rule = "|---|---|---|---|---|---|"
        if co2:
            head += " planet saved | win rate in saved games |"
            rule += "---|---|"
        lines += [head + " CPU-s per game |", rule + "---|"]
        for r in rows + pooled(rows):
            n = r["games"]
            cells = (f"| {r['label']} | `{r['spec']}` | {n} ({r['seed']}) | {_rate(r['wins'], n)} | {verdict(r['wins'], n, r['fair'])} | "
                     f"{_rate(r['top'], n)} |")
            if co2:
                cells += f" {r['saved']}/{n} | {_rate(r['wins_saved'], r['saved'])} |"
            lines.append(cells + f" {r['cpu_per_game']:.0f} |")
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--game", action="append", choices=GAMES, help="game(s) (default: all three)")
    p.add_argument("--games", type=int, default=16, help="games per equal-CPU row (default 16)")
    p.add_argument("--target-games", type=int, default=12, help="games of the 1 CPU-s row (default 12)")
    p.add_argument("--iter-games", type=int, default=8, help="games per equal-iterations row (default 8)")
    p.add_argument("--target-prior", choices=["heuristic", "strategist"], default="heuristic",
                   help="the prior of the 1 CPU-s row (default heuristic)")
    p.add_argument("--target-spec", help="the tested spec of the 1 CPU-s row instead (e.g. with value=strategist)")
    p.add_argument("--target-label", help="its label in the table (default: the spec)")
    p.add_argument("--iterations", type=int, default=32, help="iterations of the equal-iterations rows (default 32)")
    p.add_argument("--cpu", type=float, default=0.1, help="CPU-s per move of the equal-CPU rows (default 0.1)")
    p.add_argument("--rows", default="cpu,target,iters,ref", help="row kinds to play, comma-separated")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--workers", type=int, default=2, help="worker processes (default 2; 1 = serial)")
    p.add_argument("--out", help="JSON-lines file of finished rows (appended; rows already there are skipped)")
    p.add_argument("--command", help="the command line to record in the table (default: this one)")
    p.add_argument("--quick", action="store_true", help="4 games a row, 8 iterations, 0.02 CPU-s: a smoke test")
    args = p.parse_args(argv)
    if args.quick:
        args.games = args.target_games = args.iter_games = 4
        args.iterations, args.cpu = 8, 0.02
    kinds = [k.strip() for k in args.rows.split(",") if k.strip()]
    bad = set(kinds) - {"cpu", "target", "iters", "ref"}
    if bad:
        p.error(f"--rows: unknown row kind(s) {', '.join(sorted(bad))}; known: cpu, target, iters, ref")
    path = Path(args.out) if args.out else None
    records = []
    if path is not None and path.exists():
        records = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    done = {(r["game"], r["spec"], r["games"], r["seed"]) for r in records}
    plan = [(game, row) for kind in kinds for game in (args.game or GAMES) for row in row_specs(args) if row[0] == kind]
    for game, (kind, label, spec, n) in plan:
        if kind == "target" and args.quick:
            spec = spec.replace("seconds=1:", "seconds=0.05:")
        if (game, spec, n, args.seed) in done:
            continue
        r = play_row(game, kind, label, spec, n, args)
        records.append(r)
        if path is not None:
            with open(path, "a", encoding="utf-8") as fh:
                fh.write(json.dumps(r) + "\n")
        print(f"{game:16s} {label:50s} {r['games']:4d} games  win {_rate(r['wins'], r['games'])}  "
              f"top {_rate(r['top'], r['games'])}  {r['cpu_per_game']:.1f} CPU-s/game", flush=True)
    command = args.command or "python benchmarks/mcts_rollouts.py " + " ".join(argv if argv is not None else sys.argv[1:])
    print(render(records, command))
    return 0


if __name__ == "__main__":
    sys.exit(main())
