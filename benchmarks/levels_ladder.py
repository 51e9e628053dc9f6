"""The levels' rating ladder: ``strategist:level=1`` … ``level=5`` play each other, seats rotated, and each
level must beat the one below with the 95 % interval of its head-to-head win share above 0.5.

    .venv/bin/python benchmarks/levels_ladder.py --games 40                      # every game, all pairs
    .venv/bin/python benchmarks/levels_ladder.py --game co2,chicago_express --games 40 --pairs adjacent
    .venv/bin/python benchmarks/levels_ladder.py --games 60 --pairs 1-2,2-3,3-4 --game catan --svg ladder.svg

A match-up of levels ``a`` and ``b`` is played at tables seating them alternately (``[a, b]`` with two
players, ``[a, b, a, b]`` with four), every entry in every seat equally often (``ccg.tournament``). Its
head-to-head win share is the share of the games ``a`` took among the games one of the two took, with its
95 % Wilson interval: a game is taken by the level of its winner, and in a game nobody won (a lost planet in
CO2, CO2-14.3: everybody loses) by the level of the top final score — how strength in CO2 is read in
``ccg/agents/README.md`` ("Strength"); a shared win or top score is a draw, counted apart. The rating is
OpenSkill's Plackett–Luce model (``openskill``) over every game of the run, each seat a one-player team
ranked by the game's outcome (winners first, then by final score); the table lists mu, sigma and the
ordinal mu − 3 sigma. ``--svg``
writes the chart of the ordinals (a plain SVG, no plotting library needed). Prints Markdown.
"""
from __future__ import annotations

import argparse
import itertools
import os
import platform
import sys
import time
from dataclasses import dataclass
from typing import Iterable, Sequence

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import pandas as pd  # noqa: E402

import ccg  # noqa: E402
from ccg.agents.levels import LEVELS  # noqa: E402
from ccg.analysis.stats import wilson  # noqa: E402

DEFAULT_PLAYERS = {"co2": 2, "chicago_express": 2, "catan": 4}  # Catan seats three at least


def get_default_players(game: str) -> int:
    from ccg.core.registry import get_spec

    return get_spec(game).default_players


def spec(level: int) -> str:
    return f"strategist:level={level}"


def parse_pairs(text: str, levels: Sequence[int] = LEVELS) -> list[tuple[int, int]]:
    """``"all"`` (every pair), ``"adjacent"`` (each level and the one below) or ``"5-4,4-3"``: (higher, lower) pairs."""
    if text == "all":
        return [(b, a) for a, b in itertools.combinations(sorted(levels), 2)]
    if text == "adjacent":
        ordered = sorted(levels)
        return [(ordered[k + 1], ordered[k]) for k in range(len(ordered) - 1)]
    pairs = []
    for part in text.split(","):
        try:
            a, b = (int(x) for x in part.strip().split("-"))
        except ValueError:
            raise SystemExit(f"--pairs: expected all, adjacent or pairs like 5-4,4-3; got {part!r}") from None
        if a == b or a not in LEVELS or b not in LEVELS:
            raise SystemExit(f"--pairs: two different levels from 1 to 5, got {part!r}")
        pairs.append((max(a, b), min(a, b)))
    return pairs


@dataclass
class Match:
    """One match-up's games: which level sat where, who won and the scores."""

    game: str
    high: int
    low: int
    games: pd.DataFrame
    cpu: float

    def levels_at(self, row: pd.Series) -> list[int]:
        players = sum(1 for c in self.games.columns if c.startswith("entry_"))
        order = [self.high, self.low] * players
        return [order[int(row[f"entry_{seat}"])] for seat in range(players)]

    def outcomes(self) -> tuple[int, int, int]:
        """(games ``high`` took, games ``low`` took, draws): the level of the winner; in a game nobody won
        (a lost planet in CO2, CO2-14.3) the level of the top final score; a shared win or top score is a draw."""
        high = low = draws = 0
        for _, row in self.games.iterrows():
            seat_level = self.levels_at(row)
            first = _winners(row) or _top_scores(row, len(seat_level))
            took = {seat_level[w] for w in first}
            if took == {self.high}:
                high += 1
            elif took == {self.low}:
                low += 1
            else:
                draws += 1
        return high, low, draws


def _top_scores(row: pd.Series, players: int) -> list[int]:
    scores = [float(row[f"score_{s}"]) for s in range(players)]
    return [s for s in range(players) if scores[s] == max(scores)]


def _winners(row: pd.Series) -> list[int]:
    value = row["winners"]
    if isinstance(value, str):  # as saved: "0;2"
        return [int(x) for x in value.split(";") if x.strip()]
    if isinstance(value, float):  # an empty cell read back
        return []
    return [int(x) for x in value]


def play_match(game: str, high: int, low: int, n_games: int, players: int, seed: int, workers: int,
               chunk: int | None = None, out: str | None = None) -> Match:
    """``n_games`` of ``game`` with levels ``high`` and ``low`` seated alternately, seats rotated; played in
    chunks of ``chunk`` games (each its own seed), each chunk's games appended to the CSV file ``out`` as it
    ends, so a long run interrupted keeps what it played (``--report`` reads it back)."""
    seats = [spec(high), spec(low)] * (players // 2) + ([spec(high)] if players % 2 else [])
    start = time.process_time()
    backend = "processes" if workers > 1 else "serial"
    size = chunk or n_games
    frames = []
    for k, first in enumerate(range(0, n_games, size)):
        _, games = ccg.tournament(game, seats, n_games=min(size, n_games - first), seed=seed + 7919 * k,
                                  players=players, backend=backend, workers=workers if workers > 1 else None,
                                  return_games=True)
        keep = games[[f"entry_{s}" for s in range(players)] + [f"score_{s}" for s in range(players)]].copy()
        keep["winners"] = [";".join(str(w) for w in ws) for ws in games["winners"]]
        frames.append(keep)
        if out:
            saved = keep.assign(game=game, high=high, low=low, players=players)
            saved.to_csv(out, mode="a", header=not os.path.exists(out), index=False)
    return Match(game, high, low, pd.concat(frames, ignore_index=True), time.process_time() - start)


def read_matches(paths: Sequence[str]) -> list[Match]:
    """The match-ups saved by ``--out`` files, pooled by game and pair of levels."""
    rows = pd.concat([pd.read_csv(p, dtype={"winners": str}, keep_default_na=False) for p in paths], ignore_index=True)
    out = []
    for (game, high, low, players), group in rows.groupby(["game", "high", "low", "players"], sort=False):
        columns = [f"entry_{s}" for s in range(players)] + [f"score_{s}" for s in range(players)] + ["winners"]
        out.append(Match(str(game), int(high), int(low), group[columns].reset_index(drop=True), float("nan")))
    return out


def ratings(matches: Iterable[Match]) -> pd.DataFrame:
    """OpenSkill (Plackett–Luce) ratings of the levels over every game of ``matches``."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    rated = {}
    for match in matches:
        for _, row in match.games.iterrows():
            seat_level = match.levels_at(row)
            players = len(seat_level)
            for level in seat_level:
                rated.setdefault(level, model.rating(name=str(level)))
            winners = set(_winners(row))
            ranks = [(0 if s in winners else 1, -float(row[f"score_{s}"])) for s in range(players)]
            order = sorted(set(ranks))
            rank = [order.index(r) + 1 for r in ranks]
            teams = [[rated[level]] for level in seat_level]
            new = model.rate(teams, ranks=rank)
            # a level holding two seats gets the later seat's update; both started from the same rating
            for level, team in zip(seat_level, new):
                rated[level] = team[0]
    return pd.DataFrame([{"level": lv, "mu": r.mu, "sigma": r.sigma, "ordinal": r.ordinal()}
                         for lv, r in sorted(rated.items())])


def head_to_head(matches: Iterable[Match]) -> pd.DataFrame:
    rows = []
    for m in matches:
        high, low, draws = m.outcomes()
        decided = high + low
        lo, hi = wilson(high, decided) if decided else (0.0, 1.0)
        rows.append({"game": m.game, "higher": m.high, "lower": m.low, "games": len(m.games), "higher wins": high,
                     "lower wins": low, "draws": draws, "share": high / decided if decided else float("nan"),
                     "ci_low": lo, "ci_high": hi, "beats": lo > 0.5, "cpu_s": m.cpu})
    return pd.DataFrame(rows)


def svg_chart(tables: dict[str, pd.DataFrame], path: str) -> None:
    """Each game's ordinals (mu − 3 sigma) per level, with mu ± 3 sigma as a bar: a small plain SVG."""
    width, height, pad = 640, 320, 50
    values = [v for t in tables.values() for v in (t["mu"] - 3 * t["sigma"]).tolist() + (t["mu"] + 3 * t["sigma"]).tolist()]
    lo, hi = min(values), max(values)
    colours = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd"]

    def y(v: float) -> float:
        return height - pad - (v - lo) / (hi - lo or 1) * (height - 2 * pad)

    def x(level: int, k: int) -> float:
        return pad + (level - 0.5) * (width - 2 * pad) / len(LEVELS) + (k - (len(tables) - 1) / 2) * 12

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="sans-serif" '
             f'font-size="12"><rect width="100%" height="100%" fill="white"/>',
             f'<text x="{width / 2}" y="18" text-anchor="middle">OpenSkill rating of strategist levels '
             f'(dot: mu; bar: mu ± 3 sigma)</text>']
    for level in LEVELS:
        parts.append(f'<text x="{x(level, 0):.0f}" y="{height - pad + 20}" text-anchor="middle">level {level}</text>')
    for tick in range(5):
        v = lo + (hi - lo) * tick / 4
        parts.append(f'<text x="{pad - 8}" y="{y(v) + 4:.0f}" text-anchor="end">{v:.0f}</text>'
                     f'<line x1="{pad}" x2="{width - pad}" y1="{y(v):.1f}" y2="{y(v):.1f}" stroke="#eee"/>')
    for k, (game, table) in enumerate(tables.items()):
        colour = colours[k % len(colours)]
        parts.append(f'<text x="{width - pad}" y="{36 + 14 * k}" text-anchor="end" fill="{colour}">{game}</text>')
        for _, r in table.iterrows():
            cx = x(int(r["level"]), k)
            parts.append(f'<line x1="{cx:.1f}" x2="{cx:.1f}" y1="{y(r["mu"] - 3 * r["sigma"]):.1f}" '
                         f'y2="{y(r["mu"] + 3 * r["sigma"]):.1f}" stroke="{colour}" stroke-width="2"/>'
                         f'<circle cx="{cx:.1f}" cy="{y(r["mu"]):.1f}" r="4" fill="{colour}"/>')
    parts.append("</svg>\n")
    with open(path, "w", encoding="utf-8") as fh:
        fh.write("\n".join(parts))


def decision_cost(game: str, level: int, players: int, seed: int) -> tuple[int, float]:
    """One game with seat 0 at ``level`` and plain strategists elsewhere: (seat 0's decisions with a choice,
    its CPU seconds for them, ``time.process_time``)."""
    from ccg.agents import make_agent

    state = ccg.new_game(game, players=players, seed=seed)
    agents = [make_agent(spec(level), seed)] + [make_agent("strategist", seed + p) for p in range(1, players)]
    decisions, cpu = 0, 0.0
    while not state.is_terminal():
        seat = state.current_player
        timed = seat == 0 and len(state.legal_actions()) > 1
        start = time.process_time()
        action = agents[seat].act(state)
        if timed:
            decisions, cpu = decisions + 1, cpu + time.process_time() - start
        state.apply(action)
    return decisions, cpu


def report(game: str, players: int, matches: list[Match]) -> pd.DataFrame:
    """Print a game's head-to-head table and ratings; returns the ratings."""
    h2h = head_to_head(matches)
    print(f"\n### {game}, {players} players\n")
    print("| higher | lower | games | higher took | lower took | draws | higher's share [95 % CI] | beats |")
    print("|---|---|---|---|---|---|---|---|")
    for _, r in h2h.iterrows():
        print(f"| {r['higher']} | {r['lower']} | {r['games']} | {r['higher wins']} | {r['lower wins']} | "
              f"{r['draws']} | {r['share']:.3f} [{r['ci_low']:.3f}, {r['ci_high']:.3f}] | "
              f"{'yes' if r['beats'] else 'no'} |")
    table = ratings(matches)
    print("\n| level | mu | sigma | ordinal (mu − 3 sigma) |\n|---|---|---|---|")
    for _, r in table.iterrows():
        print(f"| {int(r['level'])} | {r['mu']:.2f} | {r['sigma']:.2f} | {r['ordinal']:.2f} |")
    cpu = h2h["cpu_s"].sum()
    if not h2h["cpu_s"].isna().any():  # not read back from files
        print(f"\nCPU of this process: {cpu:.0f} s", flush=True)
    return table


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", default="co2,chicago_express,catan", help="comma-separated games")
    ap.add_argument("--games", type=int, default=40, help="games per match-up")
    ap.add_argument("--pairs", default="all", help="all, adjacent, or pairs like 5-4,4-3")
    ap.add_argument("--players", type=int, default=None, help="players per table (default: 2; Catan 4)")
    ap.add_argument("--seed", type=int, default=2600)
    ap.add_argument("--workers", type=int, default=1, help="worker processes (at most 2 on the shared machine)")
    ap.add_argument("--chunk", type=int, default=None, help="play a match-up in chunks of this many games")
    ap.add_argument("--out", default=None, help="append every chunk's games to this CSV file")
    ap.add_argument("--report", nargs="+", default=None, metavar="CSV",
                    help="play nothing: the tables and chart from games saved with --out")
    ap.add_argument("--svg", default=None, help="write the rating chart here")
    ap.add_argument("--cost", type=int, default=None, metavar="LEVEL",
                    help="play nothing else: CPU per decision of one seat at LEVEL among strategists, one game per game")
    args = ap.parse_args(argv)
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}; "
          f"load average at start {os.getloadavg()[0]:.1f}")
    wall = time.time()
    tables = {}
    if args.cost is not None:
        for game in [g.strip() for g in args.game.split(",") if g.strip()]:
            players = args.players or get_default_players(game)
            decisions, cpu = decision_cost(game, args.cost, players, args.seed)
            print(f"{game}, {players} players, seat 0 at level {args.cost}: {decisions} decisions, {cpu:.1f} CPU-s, "
                  f"{1000 * cpu / max(decisions, 1):.1f} ms per decision", flush=True)
    elif args.report:
        by_game: dict[tuple[str, int], list[Match]] = {}
        for m in read_matches(args.report):
            players = sum(1 for c in m.games.columns if c.startswith("entry_"))
            by_game.setdefault((m.game, players), []).append(m)
        for (game, players), matches in by_game.items():
            tables[game] = report(game, players, matches)
    else:
        pairs = parse_pairs(args.pairs)
        for game in [g.strip() for g in args.game.split(",") if g.strip()]:
            players = args.players or DEFAULT_PLAYERS.get(game, 4)
            matches = [play_match(game, a, b, args.games, players, args.seed + 100 * a + b, args.workers,
                                  args.chunk, args.out) for a, b in pairs]
            tables[game] = report(game, players, matches)
    print(f"\nwall {time.time() - wall:.0f} s; load average at the end {os.getloadavg()[0]:.1f}")
    if args.svg:
        svg_chart(tables, args.svg)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
