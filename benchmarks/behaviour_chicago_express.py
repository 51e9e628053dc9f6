"""Chicago Express rows of the "Agents' behaviour" section: Chicago, Wabash, end reasons, dividend phases.

    .venv/bin/python benchmarks/agents_behaviour.py chicago_express --games 200 --workers 2 --write
    (own flags after the driver's: --mcts-games 24 --mcts-iterations 300, --mcts-games 0 to skip MCTS)

Tables of four players, standard rules, seats rotated (every line-up is played in its four
rotations, a quarter of the games each), 95 % Wilson intervals. Per table: the share of games
in which some company reaches Chicago (CE-10) and Wabash enters (CE-10.4), the end reasons
(CE-11.2: several can hold at once), the dividend phases per game and the share of games that
end after three to five of them (players report games usually end in rounds 3-5, mostly because
three companies run out of shares). Mixed tables give each persona's win share; the strength
row is one strategist against three Greedy players (target: at least 1.6 x the fair share).
The evidence part measures why tables do or do not reach Chicago: the route lengths and costs of
the board data, and per table the placements the most-built company makes in a game.
"""
from __future__ import annotations

import argparse
import datetime as _dt
import heapq
import math
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import ccg  # noqa: E402
from ccg.agents import StrategistAgent  # noqa: E402
from ccg.analysis.stats import wilson  # noqa: E402

GAME = "chicago_express"
FIRST_ROUND = {  # the weights the first tuning round reached (see the weights file's "tuned_before")
    "auction_pace": 1.946, "house_pace": 3.9964, "builds_per_holder": 0.2046, "money_weight": 1.061,
    "background_income": 0.0357, "inflow": 0.2694, "rivalry": 1.1976, "leader_focus": 0.6747,
    "treasury_credit": 0.9414, "cash_premium": 0.4723, "own_builds": 0.0}
S, B, D = "strategist", "strategist:investor=0", "strategist:investor=1"
TABLES = [  # (label, line-up, {entry label: seats of the line-up it holds})
    ("4 strategists (investor 0.5)", [S] * 4, {}),
    ("4 builders (investor 0)", [B] * 4, {}),
    ("4 dividend-seekers (investor 1)", [D] * 4, {}),
    ("2 builders + 2 dividend-seekers", [B, D, B, D], {"builders": (0, 2), "dividend-seekers": (1, 3)}),
    ("strategist + 3 Greedy", [S, "greedy", "greedy", "greedy"], {"strategist": (0,), "Greedy": (1, 2, 3)}),
    ("4 Greedy", ["greedy"] * 4, {}),
    ("4 random", ["random"] * 4, {}),
]
REASONS = ("shares", "houses", "trains", "detroit")


def rotations(lineup: list) -> list[tuple]:
    n = len(lineup)
    return [tuple(lineup[(p - r) % n] for p in range(n)) for r in range(n)]


def play_tables(tables, games: int, seed: int, backend: str, workers: int):
    """One sweep over every table's rotations; returns {label: [(rotation, row), ...]}."""
    lineups, owners = [], []
    for label, lineup, _ in tables:
        for r, rotated in enumerate(rotations(lineup)):
            lineups.append(rotated)
            owners.append((label, r))
    frame = ccg.sweep(GAME, {"agents": lineups}, n_games=max(1, math.ceil(games / 4)), seed=seed, backend=backend,
                      workers=workers, players=4, progress=False)
    out: dict[str, list] = {label: [] for label, _, _ in tables}
    for row in frame.to_dict("records"):
        label, r = owners[int(row["cell"])]
        out[label].append((r, row))
    return out


def share(flags: list[bool]) -> str:
    n = len(flags)
    k = sum(flags)
    lo, hi = wilson(k, n)
    return f"{k / n:.2f} [{lo:.2f}, {hi:.2f}]" if n else "-"


def win_share(rows, seats: tuple) -> tuple[float, int]:
    """Wins of the entry sitting (after rotation r) at ``seats`` of the line-up; shared wins as fractions."""
    total = 0.0
    for r, row in rows:
        won = tuple(row["winners"])
        at = {(s + r) % 4 for s in seats}
        total += sum(1.0 / len(won) for w in won if w in at)
    return total, len(rows)


def table_row(label: str, rows: list, entries: dict) -> dict:
    chicago = [row["chicago_reached"] > 0 for _, row in rows]
    wabash = [bool(row["wabash_entered"]) for _, row in rows]
    reasons = {k: [k in str(row["end_reason"]).split("+") for _, row in rows] for k in REASONS}
    phases = [int(row["dividend_phases"]) for _, row in rows]
    firsts: dict[str, int] = {}
    for _, row in rows:
        if isinstance(row["chicago_first"], str):
            firsts[row["chicago_first"]] = firsts.get(row["chicago_first"], 0) + 1
    wins = {}
    for name, seats in entries.items():
        w, n = win_share(rows, seats)
        lo, hi = wilson(w, n)
        wins[name] = (w / n, lo, hi, len(seats))
    return {
        "label": label, "games": len(rows), "chicago": share(chicago), "wabash": share(wabash),
        "reached": sum(row["chicago_reached"] for _, row in rows) / len(rows),
        "firsts": ", ".join(f"{k} {v}" for k, v in sorted(firsts.items(), key=lambda kv: -kv[1])) or "-",
        "reasons": {k: share(v) for k, v in reasons.items()},
        "phases": sum(phases) / len(phases), "phases_sd": _sd(phases),
        "rounds_3_5": share([3 <= p <= 5 for p in phases]),
        "phase_range": f"{min(phases)}-{max(phases)}",
        "wins": wins,
    }


def _sd(xs: list[float]) -> float:
    m = sum(xs) / len(xs)
    return math.sqrt(sum((x - m) ** 2 for x in xs) / max(1, len(xs) - 1))


# ---- evidence: why tables do or do not reach Chicago ---------------------------------------------

def route_facts() -> list[str]:
    """Cheapest route of each eastern company to Chicago on the empty board (CE-6.9 costs, single occupant)."""
    from ccg.games.chicago_express.board import BOARD, COMPANIES

    lines = []
    for c in range(4):
        src, goal, forbid = BOARD.start[c], BOARD.chicago, BOARD.forbidden[c]
        best = {src: (0, 0, 0)}
        heap = [(0, 0, 0, src)]
        while heap:
            k, steps, inc, h = heapq.heappop(heap)
            if (k, steps, inc) != best[h]:
                continue
            for j in BOARD.neighbours[h]:
                if forbid >> j & 1:
                    continue
                cand = (k + BOARD.cost[j], steps + 1, inc - (BOARD.black[j] if j != goal else 0))
                if j not in best or cand < best[j]:
                    best[j] = cand
                    heapq.heappush(heap, (*cand, j))
        cost, steps, inc = best[goal]
        lines.append(f"| {COMPANIES[c]} | {steps} | ${cost} | +{-inc} | {BOARD.trains[c]} | {BOARD.trains[c] - 1 - steps} "
                     f"| {math.ceil(steps / 3)} |")
    return lines


def placements_per_game(lineup: list, games: int, seed: int) -> dict:
    """Serial games: per game the placements of the most-built company and the build actions."""
    from ccg.agents import make_agent

    most, builds, westmost = [], [], []
    for g in range(games):
        s = ccg.new_game(GAME, players=4, seed=seed + g)
        agents = [make_agent(spec, seed * 100 + 10 * g + p) for p, spec in enumerate(lineup)]
        start_trains = list(s.trains_left)
        n_builds = 0
        while not s.is_terminal():
            a = agents[s.current_player].act(s)
            n_builds += a.kind == "build"
            s.apply(a)
        placed = [start_trains[c] - s.trains_left[c] for c in range(4)]
        most.append(max(placed))
        builds.append(n_builds)
        cols = [h[0] for c in range(4) for h in _hexes(s.network[c])]
        westmost.append(min("ABCDEFGHIJKLMNOPQRS".index(x) for x in cols))
    return {"most": sum(most) / games, "most_max": max(most), "builds": sum(builds) / games,
            "west": sum(westmost) / games}


def _hexes(mask: int) -> list[str]:
    from ccg.games.chicago_express.board import BOARD

    return [BOARD.ids[i] for i in range(len(BOARD.ids)) if mask >> i & 1]


def reading(rows: list[dict], mcts_row: dict | None) -> str:
    """What the table says, in words, with this run's numbers."""
    by = {r["label"]: r for r in rows}
    s, b, d = by["4 strategists (investor 0.5)"], by["4 builders (investor 0)"], by["4 dividend-seekers (investor 1)"]
    mixed = by["2 builders + 2 dividend-seekers"]["wins"]
    never = [r["label"] for r in rows + ([mcts_row] if mcts_row else []) if r["chicago"].startswith("0.00")]
    return (
        f"Reading. Strategist tables reach Chicago in {s['chicago'].split()[0]} of the games and end after "
        f"{s['phases']:.1f} dividend phases on average, {s['rounds_3_5'].split()[0]} of them after three to five, "
        f"nearly always because three companies have sold every share (CE-11.2 b: {s['reasons']['shares'].split()[0]})"
        " — the pattern players report. The investor style decides the railway: builder tables always reach "
        f"Chicago ({b['chicago'].split()[0]}; first mostly PRR, whose three shares make the largest dividend per "
        f"share), dividend-seeker tables {'never' if d['chicago'].startswith('0.00') else d['chicago'].split()[0]}; "
        f"at one table the builders win {mixed['builders'][0]:.2f} and the dividend-seekers "
        f"{mixed['dividend-seekers'][0]:.2f} of the games (two seats each, fair 0.50): the builders' money builds "
        "track that pays every shareholder, dividend-seekers included. Tables that never reach Chicago: "
        f"{', '.join(never) or 'none'}. The rules and data do not prevent it — the same rules and board give "
        "Chicago in nearly every strategist game — the players' horizon does: one-ply Greedy rates a placement by "
        "the income it adds now (CE-7), and the route west is mostly plains and forests that add none (the route "
        "table below: 16-18 placements, at least six build actions), so its most-built company spends its trains "
        "on eastern cities and mountains; MCTS scores leaves with the same heuristic after ten random actions, far "
        "short of six builds. Even with no Chicago raise (`chicago_income` 0) the strategists go there in most "
        "games: the Chicago dividend alone (CE-10.3, one more payout of the company's whole income) pays for the "
        "route.")


def tuning_note() -> str:
    """The weights file's record of how its weights were tuned."""
    import json

    from ccg.games.chicago_express.strategy import WEIGHTS_FILE

    rec = json.loads(WEIGHTS_FILE.read_text()).get("tuned")
    if not rec:
        return "The strategist's weights are not tuned yet."
    check = rec["check"]
    lo, hi = check["ci95"]
    return (f"Weights tuned on {rec['date']} by `{rec['command']}` (CMA-ES, {rec['generations']} generations of "
            f"{rec['popsize']} candidates, {rec['games_per_candidate']} games each against the then shipped "
            f"weights, metric: {rec['metric']} share): the tuned strategist against three with the weights it "
            f"started from won {check[rec['metric']]:.3f} [{lo:.3f}, {hi:.3f}] of {check['games']} games (fair "
            f"share 0.25).")


def main(args) -> str:
    ap = argparse.ArgumentParser(prog="behaviour_chicago_express")
    ap.add_argument("--mcts-games", type=int, default=24)
    ap.add_argument("--mcts-iterations", type=int, default=300)
    ap.add_argument("--evidence-games", type=int, default=20)
    own = ap.parse_args(args.rest)
    start = time.perf_counter()
    tables = list(TABLES)
    results = play_tables(tables, args.games, args.seed, args.backend, args.workers)
    rows = [table_row(label, results[label], entries) for label, _, entries in tables]
    mcts_row = None
    if own.mcts_games > 0:
        spec = f"mcts:{own.mcts_iterations}"
        label = f"4 MCTS({own.mcts_iterations})"
        res = play_tables([(label, [spec] * 4, {})], own.mcts_games, args.seed + 7, args.backend, args.workers)
        mcts_row = table_row(label, res[label], {})
    wall = time.perf_counter() - start

    cmd = (f"python benchmarks/agents_behaviour.py chicago_express --games {args.games} --seed {args.seed} "
           f"--workers {args.workers}" + (f" --mcts-games {own.mcts_games} --mcts-iterations {own.mcts_iterations}"
                                          if own.mcts_games != 24 or own.mcts_iterations != 300 else ""))
    out = ["### Chicago Express", "",
           f"Command: `{cmd}` (run {_dt.datetime.now(_dt.timezone.utc):%Y-%m-%d %H:%M} UTC, {wall:.0f} s wall); "
           f"machine: {args.machine}.", "",
           f"Four players, standard rules, {args.games} games per row (MCTS: {own.mcts_games}), seats rotated, "
           "95 % Wilson intervals. `strategist` = investor 0.5; builder = `strategist:investor=0`; "
           "dividend-seeker = `strategist:investor=1`. Wabash enters exactly when a company first reaches "
           "Chicago (CE-10.4), so its column repeats the Chicago one as a check. End reasons: the CE-11.2 "
           "conditions holding at the end (several can hold at once).", "",
           "| table | games | some company reaches Chicago | Wabash enters | companies in Chicago per game | first "
           "to Chicago | dividend phases (mean ± sd, range) | ends after 3-5 phases | end: shares | end: houses | "
           "end: trains | end: Detroit |",
           "|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in rows + ([mcts_row] if mcts_row else []):
        rs = r["reasons"]
        out.append(f"| {r['label']} | {r['games']} | {r['chicago']} | {r['wabash']} | {r['reached']:.2f} | "
                   f"{r['firsts']} | {r['phases']:.2f} ± {r['phases_sd']:.2f} ({r['phase_range']}) | "
                   f"{r['rounds_3_5']} | {rs['shares']} | {rs['houses']} | {rs['trains']} | {rs['detroit']} |")
    out += ["", "Win shares in the mixed tables (shared wins as fractions; fair share = seats / 4):", "",
            "| table | entry | seats | win share [95% CI] | ratio to fair |", "|---|---|---|---|---|"]
    for r in rows:
        for name, (p, lo, hi, seats) in r["wins"].items():
            out.append(f"| {r['label']} | {name} | {seats} | {p:.3f} [{lo:.3f}, {hi:.3f}] | {p / (seats / 4):.2f} |")
    out += ["", tuning_note()]
    out += ["", reading(rows, mcts_row)]
    strength = next(r for r in rows if r["label"] == "strategist + 3 Greedy")["wins"]["strategist"]
    verdict = "met" if strength[1] > 0.25 and strength[0] >= 0.40 else "NOT met"
    out += ["", f"Strength target (strategist vs three Greedy ≥ 1.6 × the fair share 0.25, i.e. ≥ 0.40, the "
                f"interval excluding 0.25): **{verdict}** — {strength[0]:.3f} [{strength[1]:.3f}, {strength[2]:.3f}], "
                f"{strength[0] / 0.25:.2f} × fair."]

    # the strategist goes to Chicago because it pays: the same tables with Chicago worth less or more
    n_sens = max(4, args.games // 2)
    sens = ccg.sweep(GAME, {"rules.chicago_income": [0, 7, 14]}, agents=[S] * 4, n_games=n_sens, seed=args.seed + 3,
                     backend=args.backend, workers=args.workers, players=4, progress=False)
    out += ["", f"Does the strategist go to Chicago because it pays? Four strategists, {n_sens} games per value of "
                "the Chicago raise (rule `chicago_income`, CE-7.5/CE-10.2; the map's 7 is flagged doubtful):", "",
            "| chicago_income | some company reaches Chicago | companies in Chicago per game | dividend phases |",
            "|---|---|---|---|"]
    for value, g in sens.groupby("rules.chicago_income"):
        out.append(f"| {value} | {share(list(g.chicago_reached > 0))} | {g.chicago_reached.mean():.2f} | "
                   f"{g.dividend_phases.mean():.2f} |")

    # who profits from the Chicago race: the weights of the first tuning round (which never plan past a
    # stretch and so hardly ever go to Chicago) against the shipped ones, each as one seat among three
    first = StrategistAgent(weights=FIRST_ROUND)
    shipped = StrategistAgent()
    n_first = max(4, args.games // 2)
    out += ["", f"Who profits from the Chicago race? One seat against three others, {n_first} games each, seats "
                "rotated: *first round* = the weights of the first tuning round (no `own_builds`: a plan never "
                "counts on the seat's own builds after this stretch, so it seldom goes to Chicago), *shipped* = "
                "the shipped weights.", "",
            "| tested seat | three others | tested seat's win share [95% CI] | some company reaches Chicago | "
            "dividend phases |", "|---|---|---|---|---|"]
    for tested, other, names in ((shipped, first, ("shipped", "first round")),
                                 (first, shipped, ("first round", "shipped"))):
        res = play_tables([("x", [tested, other, other, other], {"t": (0,)})], n_first, args.seed + 11,
                          args.backend, args.workers)["x"]
        w, n = win_share(res, (0,))
        lo, hi = wilson(w, n)
        out.append(f"| {names[0]} | {names[1]} | {w / n:.3f} [{lo:.3f}, {hi:.3f}] | "
                   f"{share([row['chicago_reached'] > 0 for _, row in res])} | "
                   f"{sum(row['dividend_phases'] for _, row in res) / n:.2f} |")

    if own.evidence_games > 0:
        out += ["", "Evidence — the route to Chicago on the board data (`data/board.json`, cheapest route from the "
                    "start hex with nobody else on the way; trains spare = trains − the start train − placements):", "",
                "| company | placements | cost | income on the way (Chicago's +7 not counted) | trains | trains spare | "
                "build actions at least |", "|---|---|---|---|---|---|---|"]
        out += route_facts()
        out += ["", f"Per table ({own.evidence_games} serial games each, seeds {args.seed}…): placements made by the "
                    "company built most in a game (reaching Chicago takes 16-18), build actions per game, the "
                    "westmost column any eastern company reached (A = Chicago's column, index 0):", "",
                "| table | placements of the most-built company (mean, max) | build actions per game | westmost column "
                "reached (mean index) |", "|---|---|---|---|"]
        for label, lineup, _ in tables:
            if "random" in label:
                continue
            e = placements_per_game(lineup, own.evidence_games, args.seed)
            out.append(f"| {label} | {e['most']:.1f}, {e['most_max']} | {e['builds']:.1f} | {e['west']:.1f} |")
    return "\n".join(out)


if __name__ == "__main__":
    raise SystemExit("run through benchmarks/agents_behaviour.py chicago_express")
