"""Do free riders win CO2? Mixed tables of cooperative and selfish strategists, many games per row.

    .venv/bin/python benchmarks/free_rider.py --games 600 --workers 2       # the full run (BENCHMARKS.md)
    .venv/bin/python benchmarks/free_rider.py --games 8                     # a smoke test

Four players, standard rules. Cooperators play ``strategist:cooperation=0.8``, selfish seats
``strategist:cooperation=0`` (the personas of BENCHMARKS.md, "Agents' behaviour", CO2). A row has 1, 2 or
3 cooperators; its ``--games`` games are spread evenly over the four rotations of the seating, so every
role sits in every seat equally often. A lost planet has no winner (CO2-14.3); shared wins count as
fractions.

Per row and role, the win rate *per seat*: the share of games a seat of that role won, divided by the
role's seats, with its 95 % Wilson interval (of the share, divided likewise) — once over the saved games
and once over all games. The difference selfish − cooperative is taken game by game (a game gives each
role's wins per seat; the difference of the two is averaged), with a 95 % normal interval from the
games' spread: the games are independent, the two roles' wins within a game are not. The sign is stated
only when that interval excludes 0. Prints Markdown.
"""
from __future__ import annotations

import argparse
import math
import os
import platform
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import pandas as pd  # noqa: E402

import ccg  # noqa: E402
from ccg.analysis.stats import wilson  # noqa: E402

COOPERATIVE, SELFISH = "strategist:cooperation=0.8", "strategist:cooperation=0"
Z95 = 1.959963984540054


def seatings(cooperators: int, players: int = 4) -> list[tuple[str, ...]]:
    """The ``players`` rotations of a table with ``cooperators`` cooperative seats first."""
    lineup = [COOPERATIVE] * cooperators + [SELFISH] * (players - cooperators)
    return [tuple(lineup[(p - r) % players] for p in range(players)) for r in range(players)]


def play(cooperators: int, n_games: int, seed: int, workers: int) -> pd.DataFrame:
    """``n_games`` games (a multiple of 4: every rotation equally often) with one row per game: the
    cooperators' and the selfish seats' wins (fractions for shared wins) and whether the planet was saved."""
    per_seating = max(1, n_games // 4)
    games = ccg.sweep("co2", {"agents": seatings(cooperators)}, n_games=per_seating, seed=seed, players=4,
                      backend="processes" if workers > 1 else "serial", workers=workers if workers > 1 else None,
                      progress=False)
    rows = []
    for game in games.itertuples():
        specs = game.agents.split(",")
        winners = list(game.winners)
        coop = sum(1 / len(winners) for w in winners if specs[w] == COOPERATIVE)
        selfish = sum(1 / len(winners) for w in winners if specs[w] == SELFISH)
        rows.append({"saved": not bool(game.planet_lost), "coop_wins": coop, "selfish_wins": selfish})
    return pd.DataFrame(rows)


def rates(games: pd.DataFrame, cooperators: int, players: int = 4) -> dict[str, float]:
    """Per-seat win rates with intervals, and the paired difference, over the games given."""
    n = len(games)
    out: dict[str, float] = {"games": n}
    for role, seats, column in (("selfish", players - cooperators, "selfish_wins"),
                                ("coop", cooperators, "coop_wins")):
        wins = float(games[column].sum())
        lo, hi = wilson(wins, n) if n else (math.nan, math.nan)
        out[role] = wins / n / seats if n else math.nan
        out[f"{role}_lo"], out[f"{role}_hi"] = lo / seats, hi / seats
    diff = games["selfish_wins"] / (players - cooperators) - games["coop_wins"] / cooperators
    mean = float(diff.mean()) if n else math.nan
    half = Z95 * float(diff.std(ddof=1)) / math.sqrt(n) if n > 1 else math.nan
    out["diff"], out["diff_lo"], out["diff_hi"] = mean, mean - half, mean + half
    return out


def sign(r: dict[str, float]) -> str:
    if r["diff_lo"] > 0:
        return "selfish win more"
    if r["diff_hi"] < 0:
        return "cooperators win more"
    return "no sign (interval includes 0)"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=600, help="games per row (a multiple of 4)")
    ap.add_argument("--seed", type=int, default=5200)
    ap.add_argument("--workers", type=int, default=2, help="worker processes (at most 2 on the shared machine)")
    args = ap.parse_args(argv)
    if args.games < 4 or args.games % 4:
        raise SystemExit("--games must be a positive multiple of 4 (every seating rotation equally often)")
    if not 1 <= args.workers <= 2:
        raise SystemExit("--workers: 1 or 2 on the shared machine")
    start, cpu = time.time(), time.process_time()
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}; "
          f"load average at start {os.getloadavg()[0]:.1f}\n")
    print("| cooperators | games | planet saved [95% CI] | over | selfish win rate per seat [95% CI] | "
          "cooperators' win rate per seat [95% CI] | selfish − cooperative [95% CI] | sign |")
    print("|---|---|---|---|---|---|---|---|")
    for k in (1, 2, 3):
        games = play(k, args.games, args.seed + 1000 * k, args.workers)
        saved = int(games["saved"].sum())
        lo, hi = wilson(saved, len(games))
        for label, subset in (("saved games", games[games["saved"]]), ("all games", games)):
            r = rates(subset, k)
            print(f"| {k} | {len(games)} | {saved / len(games):.3f} [{lo:.3f}, {hi:.3f}] | {label} ({int(r['games'])}) | "
                  f"{r['selfish']:.3f} [{r['selfish_lo']:.3f}, {r['selfish_hi']:.3f}] | "
                  f"{r['coop']:.3f} [{r['coop_lo']:.3f}, {r['coop_hi']:.3f}] | "
                  f"{r['diff']:+.3f} [{r['diff_lo']:+.3f}, {r['diff_hi']:+.3f}] | {sign(r)} |", flush=True)
    where = "; the games run in worker processes" if args.workers > 1 else ""
    print(f"\nwall {time.time() - start:.0f} s (this process's CPU {time.process_time() - cpu:.0f} s{where}); "
          f"load average at the end {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
