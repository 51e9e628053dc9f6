"""Catan's rows of the "Agents' behaviour" section: game length and the winner's VP by table, Oil Springs
disasters and flood ends by ``sequester`` persona and strategist vs three Greedy (its CPU cost:
``benchmarks/strategist_cpu.py``).

    .venv/bin/python benchmarks/agents_behaviour.py catan --games 200 --workers 2 --write
    .venv/bin/python benchmarks/agents_behaviour.py catan --games 20                    # a quick look

Called by ``agents_behaviour.py`` (``main(args)`` returns the markdown); it has no flags of its own.
"""
from __future__ import annotations

import argparse
import datetime as _dt
import math
import os
import shlex
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import ccg  # noqa: E402
from ccg.analysis.stats import Z95, wilson  # noqa: E402

PLAYERS = 4
BASE_TABLES = {"random": ["random"] * 4, "greedy": ["greedy"] * 4, "strategist": ["strategist"] * 4}
PERSONAS = (0.0, 0.3, 0.5, 1.0)  # 0.3 is the default (PERSONA in ccg/games/catan/strategy)
# How people play (a rough figure, see the text): a 3-player game "usually takes around 45 minutes"
# with "a general standard of 60 turns" (catanforthree.com, "The Concept Of Time In The Settlers Of Catan").
PEOPLE = "https://www.catanforthree.com/post/the-concept-of-time-in-the-settlers-of-catan"


def mean_ci(values) -> tuple[float, float, float]:
    """Mean and a normal-approximation 95 % interval of the mean."""
    xs = [float(v) for v in values]
    n = len(xs)
    if n == 0:
        return math.nan, math.nan, math.nan
    m = sum(xs) / n
    if n < 2:
        return m, math.nan, math.nan
    half = Z95 * statistics.stdev(xs) / math.sqrt(n)
    return m, max(0.0, m - half) if min(xs) >= 0 else m - half, m + half


def share(flags) -> str:
    xs = [bool(v) for v in flags]
    k, n = sum(xs), len(xs)
    lo, hi = wilson(k, n)
    return f"{k / n:.3f} [{lo:.3f}, {hi:.3f}]" if n else "—"


def fmt(m: tuple[float, float, float], digits: int = 2) -> str:
    mean, lo, hi = m
    if math.isnan(lo):
        return f"{mean:.{digits}f}"
    return f"{mean:.{digits}f} [{lo:.{digits}f}, {hi:.{digits}f}]"


def play(args, tables: dict, **options):
    frame = ccg.sweep("catan", {"agents": list(tables.values())}, n_games=args.games, seed=args.seed,
                      backend=args.backend, workers=args.workers, progress=False, players=PLAYERS, **options)
    labels = list(tables)
    return {labels[c]: frame[frame["cell"] == c] for c in range(len(labels))}


def length_rows(groups) -> list[str]:
    out = ["| table (4 players) | games | turns [95% CI] | rounds (turns / 4) | median turns (IQR) | "
           "15–25 rounds | games with a winner | winner's VP |",
           "|---|---|---|---|---|---|---|---|"]
    for label, g in groups.items():
        turns = g["turns"].astype(float)
        q1, med, q3 = turns.quantile([0.25, 0.5, 0.75])
        won = g["winner_vp"].notna()
        in_range = (turns >= 15 * PLAYERS) & (turns <= 25 * PLAYERS)
        out.append(f"| {label} | {len(g)} | {fmt(mean_ci(turns), 1)} | {turns.mean() / PLAYERS:.1f} | "
                   f"{med:.0f} ({q1:.0f}–{q3:.0f}) | {share(in_range)} | {share(won)} | "
                   f"{fmt(mean_ci(g.loc[won, 'winner_vp']), 2)} |")
    return out


def oil_rows(groups) -> list[str]:
    out = ["| table (4 players, Oil Springs) | games | disasters per game [95% CI] | coastal floods per game | "
           "flood end: island lost [95% CI] | oil used per game | sequestered per game | turns | winner's VP |",
           "|---|---|---|---|---|---|---|---|---|"]
    for label, g in groups.items():
        won = g["winner_vp"].notna()
        out.append(f"| {label} | {len(g)} | {fmt(mean_ci(g['disasters']))} | {fmt(mean_ci(g['floods']))} | "
                   f"{share(g['flood_end'].fillna(False).astype(bool))} | {g['oil_used'].mean():.1f} | "
                   f"{g['sequestered'].mean():.1f} | {g['turns'].mean():.1f} | "
                   f"{g.loc[won, 'winner_vp'].mean():.2f} |")
    return out


def strength_rows(args) -> list[str]:
    out = ["| match-up (4 players) | games | win rate [95% CI] | fair share | ratio | target ≥ 1.6× met |",
           "|---|---|---|---|---|---|"]
    for label, options in (("base game", {}), ("Oil Springs", {"scenario": "oil_springs"})):
        table = ccg.tournament("catan", ["strategist"] + ["greedy"] * 3, n_games=args.games, seed=args.seed,
                               backend=args.backend, workers=args.workers, **options)
        row = table.iloc[0]
        met = row.ratio >= 1.6 and row.ci_low > row.fair_share
        out.append(f"| strategist vs 3 greedy, {label} | {row.games} | {row.win_rate:.3f} [{row.ci_low:.3f}, "
                   f"{row.ci_high:.3f}] | {row.fair_share:.2f} | {row.ratio:.2f} | {'yes' if met else 'no'} |")
    return out


def main(args) -> str:
    argparse.ArgumentParser(prog="behaviour_catan").parse_args(args.rest)  # no flags of its own: a typo is an error
    started = _dt.datetime.now(_dt.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    wall = time.perf_counter()
    base = play(args, BASE_TABLES)
    oil_tables = {f"strategist:sequester={v:g}" + (" (default)" if v == 0.3 else ""): [f"strategist:sequester={v:g}"] * 4
                  for v in PERSONAS}
    oil_tables.update({"greedy": ["greedy"] * 4, "random": ["random"] * 4})
    oil = play(args, oil_tables, scenario="oil_springs")
    strength = strength_rows(args)
    load_end = os.getloadavg()[0] if hasattr(os, "getloadavg") else math.nan
    command = "python benchmarks/agents_behaviour.py catan " + " ".join(
        shlex.quote(a) for a in [f"--games={args.games}", f"--seed={args.seed}", f"--workers={args.workers}",
                                 f"--backend={args.backend}", *args.rest])
    md = [
        "### Catan and Oil Springs",
        "",
        f"Command: `{command}`; started {started}; machine: {args.machine}, load average {load_end:.1f} at the end; "
        f"{time.perf_counter() - wall:.0f} s wall. Every row is {args.games} games with 4 players, seed {args.seed}, "
        "beginner map (the reconstructed scenario map for Oil Springs), standard rules; 95 % intervals: Wilson for "
        "shares, normal approximation for means. Homogeneous tables need no seat rotation; the strength rows "
        "rotate the tested seat (`ccg.tournament`).",
        "",
        "**Game length and the winner's VP (base game).** A turn is one player's turn; a round is one turn of each "
        "player.",
        "",
        *length_rows(base),
        "",
        "How people play: a typical game of Catan takes about 60–90 minutes; one tournament-player source gives "
        f"\"around 45 minutes\" and \"a general standard of 60 turns\" for three players, i.e. about 20 rounds "
        f"([catanforthree.com]({PEOPLE})). For four players 15–25 rounds (60–100 turns) is a rough figure from "
        "that source, not a measured distribution. Random tables play several times longer, Greedy tables "
        "(one ply, which rarely builds roads: a road lowers its hand term) about twice as long; strategist "
        "tables fall in the human range.",
        "",
        "**Oil Springs by `sequester` persona.** Disasters are disaster phases (OIL-8); a coastal flood is the "
        "disaster roll of 7 (OIL-8.4); a flood end is the island lost with the fifth destroyed number token "
        "(OIL-8.10, OIL-10.3).",
        "",
        *oil_rows(oil),
        "",
        "Growers (sequester 0) use oil for conversions and metropolises and cause disasters; as the persona "
        "rises the price of each use (its share of the next disaster, the island's harm at the odds s / (1 - s)) "
        "outweighs its gain, and at 1 no oil is used. Greedy sequesters every token (its heuristic rates a "
        "sequestered token above a held one), so its tables have no disasters either; random tables use oil "
        "blindly.",
        "",
        "**Strength: one strategist against three Greedy** (target ≥ 1.6 × the fair share, the interval above it).",
        "",
        *strength,
    ]
    return "\n".join(md)


if __name__ == "__main__":
    raise SystemExit("run it through benchmarks/agents_behaviour.py catan")
