"""CO2 rows of "Agents' behaviour": the commons dilemma measured.

    .venv/bin/python benchmarks/agents_behaviour.py co2 --games 200 --workers 2 --write

Driven by ``benchmarks/agents_behaviour.py`` (``main(args)`` returns the markdown). Own flags
(after the driver's): ``--cooperative 0.8`` (the cooperators' persona), ``--only baseline,
tables,dial,strength`` (a subset), ``--figure PATH`` (the Plotly chart, default
docs/figures/co2_cooperation.html; ``--figure none`` skips it).

Rows, 4 players, standard rules, seats rotated (every table plays each rotation of its line-up
on a quarter of the games), 95 % Wilson intervals:
* where the planet is lost today: random and Greedy tables — saved share, the decade of the
  loss, CO2 at the end of each decade, green plants by source;
* the dilemma: tables of 0-4 cooperative strategists among selfish ones (cooperation 0):
  saved share, and the difference 4 vs 0 cooperators (Newcombe's interval);
* free riders: in mixed tables, the win rate in saved games of selfish and of cooperative seats;
* the dial: four strategists of the same cooperation, from 0 to 1;
* strength: one strategist (default persona) against three Greedy — win rate in saved games
  and top-score rate over all games, against the fair share 1/4;
* a closing "Reading" paragraph built from the figures above.
"""
from __future__ import annotations

import argparse
import datetime as _dt
import math
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import ccg  # noqa: E402
from ccg.analysis.stats import Z95, wilson  # noqa: E402

SOURCES = ("reforestation", "solar", "fusion", "biomass", "recycling")
PLAYERS = 4


def newcombe(x1: float, n1: int, x2: float, n2: int) -> tuple[float, float]:
    """95 % interval of p1 − p2 from the two Wilson intervals (Newcombe 1998, method 10)."""
    p1, p2 = x1 / n1, x2 / n2
    l1, u1 = wilson(x1, n1)
    l2, u2 = wilson(x2, n2)
    d = p1 - p2
    return (d - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2), d + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2))


_PLAYED: dict = {}


def play_table(lineup: list[str], games: int, args, trajectories: bool = False):
    """Every rotation of ``lineup`` on a quarter of the games; rows carry each seat's role.

    The same line-up is played once per run (the same seeds give the same games): a later call
    reuses the games and trajectories of an earlier one."""
    key = tuple(lineup)
    if key not in _PLAYED:
        _PLAYED[key] = _play_table(list(lineup), games, args)
    g, t = _PLAYED[key]
    return (g, t) if trajectories else g


def _play_table(lineup: list[str], games: int, args):
    import pandas as pd

    frames, trajs = [], []
    per = max(1, math.ceil(games / PLAYERS))
    for rot in range(PLAYERS):
        seats = [lineup[(p - rot) % PLAYERS] for p in range(PLAYERS)]
        g, t = ccg.simulate("co2", players=PLAYERS, n_games=per, agents=seats, seed=args.seed * 7919 + rot,
                            backend=args.backend, workers=args.workers, trajectories=True)
        g, t = g.copy(), t.copy()
        g["rotation"] = rot
        for p in range(PLAYERS):
            g[f"role_{p}"] = seats[p]
        g["game"] = g["game"] + rot * per
        t["game"] = t["game"] + rot * per
        frames.append(g)
        trajs.append(t)
    return pd.concat(frames, ignore_index=True), pd.concat(trajs, ignore_index=True)


def share(k: float, n: int) -> str:
    lo, hi = wilson(k, n)
    return f"{k / n:.3f} [{lo:.3f}, {hi:.3f}]" if n else "—"


def saved_count(df) -> int:
    return int((~df["planet_lost"].astype(bool)).sum())


def by_decade(games, traj, metric: str) -> list[str]:
    """Mean of a trajectory metric at the end of decades 1-4 over the games whose decade ended."""
    lost = dict(zip(games["game"], games["planet_lost"].astype(bool)))
    reached = dict(zip(games["game"], games["decade_reached"]))
    rows = traj[traj["metric"] == metric]
    cells = []
    for d in range(1, 5):
        part = rows[rows["decade"] == d]
        # a lost game's last record is the loss itself (after the Supply phase of its decade)
        part = part[[not (lost[g] and reached[g] == d) for g in part["game"]]]
        part = part.drop_duplicates("game", keep="first")
        cells.append(f"{part['value'].mean():.{0 if metric == 'ppm' else 1}f}" if len(part) else "—")
    return cells


def needed_plants(games: int, seed: int) -> tuple[list[float], list[float]]:
    """From the opening positions: the forecast ppm after each Supply phase if nobody builds, and the
    green plants that must stand before it to stay under 500 (each saves one fossil plant, CO2-4.3.3)."""
    from ccg.games.co2.strategy import forecast

    levels, need = [0.0] * 4, [0.0] * 4
    for g in range(games):
        s = ccg.new_game("co2", players=PLAYERS, seed=seed + g)
        outlook = forecast.Outlook(s)
        for i, (_, level) in enumerate(outlook.trajectory):
            levels[i] += level / games
            need[i] += max(0, math.floor((level - 500) / outlook.mean) + 1) / games
    return levels, need


STATS: dict = {}  # figures the closing "Reading" paragraph quotes


def baseline_rows(args, coop: float) -> list[str]:
    tables = [("random × 4", ["random"] * 4), ("greedy × 4", ["greedy"] * 4),
              ("strategist(cooperation=0) × 4", ["strategist:cooperation=0"] * 4),
              (f"strategist(cooperation={coop:g}) × 4", [f"strategist:cooperation={coop:g}"] * 4)]
    levels, need = needed_plants(200, args.seed)
    STATS["need"] = need
    out = ["#### Where the planet is lost",
           "",
           "If nobody built a green plant, the Supply phases of decades 2, 3, 4 and 5 would bring CO2 to "
           + ", ".join(f"{x:.0f}" for x in levels) + " ppm (mean forecast from 200 opening positions): to stay "
           "under 500 ppm (CO2-14.3) the table needs about " + ", ".join(f"{x:.1f}" for x in need)
           + " green plants standing before those phases, each on a space the supply would fill next "
           "(CO2-4.3.3) or replacing a fossil plant (CO2-6.3.6).",
           "",
           "Per table: the share saved, the Supply phase at which lost games crossed 500 ppm, CO2 and the green "
           "plants standing at the end of decades 1-4 (mean over the games that got there), and the green "
           "plants at the end by source.",
           "",
           "| table | games | saved [95% CI] | lost at the Supply phase of decade 2 / 3 / 4 / 5 | CO2 at the end of "
           "decade 1 / 2 / 3 / 4 | green plants then | green plants at the end (refo / solar / fusion / bio / "
           "recy) |",
           "|---|---|---|---|---|---|---|"]
    for label, lineup in tables:
        games, traj = play_table(lineup, args.games, args, trajectories=True)
        n = len(games)
        lost = games[games["planet_lost"].astype(bool)]
        when = " / ".join(str(int((lost["decade_reached"] == d).sum())) for d in range(2, 6))
        plants = " / ".join(f"{games[f'plants_{x}'].mean():.1f}" for x in SOURCES)
        greens = by_decade(games, traj, "green")
        STATS[label.split(" ")[0]] = {"saved": saved_count(games) / n, "greens": greens,
                                      "lost_d4": int((lost["decade_reached"] == 4).sum()), "lost": len(lost)}
        out.append(f"| {label} | {n} | {share(saved_count(games), n)} | {when} | "
                   + " / ".join(by_decade(games, traj, "ppm")) + " | " + " / ".join(greens)
                   + f" | {games['green_plants'].mean():.1f} ({plants}) |")
    return out


def seat_wins(df, role: str, saved_only: bool = True) -> tuple[float, int]:
    """Wins (shared wins as fractions) of the seats playing ``role``, and their seat-games: over the
    saved games, or over all games (a lost planet is a loss for every seat)."""
    wins, seats = 0.0, 0
    for row in df.to_dict("records"):
        if saved_only and row["planet_lost"]:
            continue
        won = tuple(row["winners"])
        for p in range(PLAYERS):
            if row[f"role_{p}"] == role:
                seats += 1
                if p in won:
                    wins += 1.0 / len(won)
    return wins, seats


def dilemma_rows(args, coop: float) -> tuple[list[str], list[dict]]:
    coop_spec, selfish = f"strategist:cooperation={coop:g}", "strategist:cooperation=0"
    points, rows = [], []
    out = ["#### The commons dilemma: cooperative strategists among selfish ones",
           "",
           f"Cooperators play `{coop_spec}`, selfish seats `{selfish}`. Win rates are over the saved games "
           "(a lost planet has no winner, CO2-14.3), per seat; the fair share of a seat is 0.25.",
           "",
           "| cooperators | games | planet saved [95% CI] | mean final CO2 | green plants | selfish seats' win rate "
           "in saved games | cooperators' win rate in saved games | win rate over all games, selfish / cooperative | "
           "mean VP in saved games, selfish / cooperative |",
           "|---|---|---|---|---|---|---|---|---|"]
    frames = {}
    for k in range(PLAYERS + 1):
        lineup = [coop_spec] * k + [selfish] * (PLAYERS - k)
        df = play_table(lineup, args.games, args)
        frames[k] = df
        n, saved = len(df), saved_count(df)
        lo, hi = wilson(saved, n)
        points.append({"cooperators": k, "saved": saved / n, "lo": lo, "hi": hi, "games": n})
        ws, ns = seat_wins(df, selfish)
        wc, nc = seat_wins(df, coop_spec)
        vs = [row[f"score_{p}"] for row in df.to_dict("records") for p in range(PLAYERS)
              if row[f"role_{p}"] == selfish and not row["planet_lost"]]
        vc = [row[f"score_{p}"] for row in df.to_dict("records") for p in range(PLAYERS)
              if row[f"role_{p}"] == coop_spec and not row["planet_lost"]]
        mean = lambda xs: f"{sum(xs) / len(xs):.1f}" if xs else "—"  # noqa: E731
        rate = lambda w, m: f"{w / m:.3f}" if m else "—"  # noqa: E731
        (was, nas), (wac, nac) = seat_wins(df, selfish, False), seat_wins(df, coop_spec, False)
        out.append(f"| {k} | {n} | {share(saved, n)} | {df['final_ppm'].mean():.0f} | {df['green_plants'].mean():.1f} | "
                   f"{share(ws, ns) if ns else '—'} | {share(wc, nc) if nc else '—'} | {rate(was, nas)} / "
                   f"{rate(wac, nac)} | {mean(vs)} / {mean(vc)} |")
        rows.append({"k": k, "saved": saved, "n": n})
        STATS.setdefault("free", []).append((k, ws / ns if ns else None, wc / nc if nc else None,
                                             was / nas if nas else None))
    a, b = frames[PLAYERS], frames[0]
    d_lo, d_hi = newcombe(saved_count(a), len(a), saved_count(b), len(b))
    diff = saved_count(a) / len(a) - saved_count(b) / len(b)
    out += ["", f"Four cooperators minus four selfish players: planet saved {diff:+.3f}, 95% CI [{d_lo:+.3f}, "
                f"{d_hi:+.3f}] (Newcombe) — {'excludes' if d_lo > 0 or d_hi < 0 else 'includes'} 0."]
    STATS["dilemma"] = {"four": saved_count(a) / len(a), "none": saved_count(b) / len(b), "diff": (diff, d_lo, d_hi)}
    return out, points


def dial_rows(args) -> list[str]:
    """Four strategists of the same cooperation, for a range of the dial."""
    out = ["#### The dial: four strategists of the same cooperation",
           "",
           "| cooperation | games | planet saved [95% CI] | mean final CO2 | green plants at the end | mean VP in saved "
           "games |",
           "|---|---|---|---|---|---|"]
    for c in (0.0, 0.25, 0.5, 0.75, 0.8, 1.0):
        df = play_table([f"strategist:cooperation={c:g}"] * PLAYERS, args.games, args)
        n, saved = len(df), saved_count(df)
        kept = df[~df["planet_lost"].astype(bool)]
        vp = sum(kept[f"score_{p}"].mean() for p in range(PLAYERS)) / PLAYERS if len(kept) else float("nan")
        out.append(f"| {c:g}{' (default)' if c == 0.5 else ''} | {n} | {share(saved, n)} | {df['final_ppm'].mean():.0f} | "
                   f"{df['green_plants'].mean():.1f} | {vp:.1f} |")
    return out


def reading() -> list[str]:
    """The paragraph that answers the issue's question from this run's own figures."""
    need, greedy, coop = STATS["need"], STATS["greedy"], STATS["strategist(cooperation=0.8)"]
    dil = STATS["dilemma"]
    free = {k: (s, c, a) for k, s, c, a in STATS["free"]}
    lines = ["#### Reading",
             "",
             f"Why Greedy and random tables lose the planet: the supply needs about {need[1]:.1f}, {need[2]:.1f} and "
             f"{need[3]:.1f} green plants standing before the Supply phases of decades 3, 4 and 5; four Greedy players "
             f"have {greedy['greens'][1]} and {greedy['greens'][2]} at the end of decades 2 and 3, so the planet goes "
             f"at the decade-4 Supply phase ({greedy['lost_d4']} of their {greedy['lost']} losses). One move of "
             "lookahead sees a green plant's VP but not the fossil plant it saves, nor the propose → install → build "
             f"pipeline behind it. Four cooperative strategists have {coop['greens'][1]} and {coop['greens'][2]} by "
             f"then and save the planet in {dil['four']:.3f} of the games (target ≥ 0.70: "
             f"{'met' if dil['four'] >= 0.7 else 'not met'}), four selfish ones in {dil['none']:.3f} (difference "
             f"{dil['diff'][0]:+.3f}, 95% CI [{dil['diff'][1]:+.3f}, {dil['diff'][2]:+.3f}])."
             + (" So the reconstructed component data is not too harsh for players who plan and cooperate; the "
                "losses measured before were the players' horizon." if dil['four'] >= 0.7 else ""),
             ""]
    if 1 in free and 3 in free:
        lines += [f"Free riders: in the saved games of the mixed tables above the selfish seats won {free[1][0]:.3f} / "
                  f"{free[2][0]:.3f} / {free[3][0]:.3f} (1 / 2 / 3 cooperators at the table) and the cooperators "
                  f"{free[1][1]:.3f} / {free[2][1]:.3f} / {free[3][1]:.3f}; at {STATS['games']} games a row the "
                  "intervals overlap, so whether free riding pays is read from the 600-game rows of "
                  "`benchmarks/free_rider.py`. What the selfish seats do get for free is the planet: their win rate "
                  f"over all games goes from {free[0][2]:.3f} at an all-selfish table to {free[1][2]:.3f} / "
                  f"{free[2][2]:.3f} / {free[3][2]:.3f} beside 1 / 2 / 3 cooperators.", ""]
    return lines


def strength_rows(args) -> list[str]:
    out = ["#### Strength: one strategist (default persona) against three Greedy",
           "",
           "| tested seat | games | planet saved | win rate in saved games [95% CI] | ratio to 0.25 | top-score rate, "
           "all games [95% CI] | ratio to 0.25 | mean VP tested / Greedy |",
           "|---|---|---|---|---|---|---|---|"]
    for tested in ("strategist", "strategist:cooperation=0"):
        df = play_table([tested] + ["greedy"] * 3, args.games, args)
        n, saved = len(df), saved_count(df)
        wins, seats = seat_wins(df, tested)
        tops, vt, vg = 0.0, [], []
        for row in df.to_dict("records"):
            scores = [row[f"score_{p}"] for p in range(PLAYERS)]
            best = max(scores)
            top = [p for p in range(PLAYERS) if scores[p] == best]
            for p in range(PLAYERS):
                if row[f"role_{p}"] == tested:
                    vt.append(scores[p])
                    if p in top:
                        tops += 1.0 / len(top)
                else:
                    vg.append(scores[p])
        out.append(f"| `{tested}` | {n} | {share(saved, n)} | {share(wins, seats)} | {wins / max(1, seats) / 0.25:.2f} | "
                   f"{share(tops, n)} | {tops / n / 0.25:.2f} | {sum(vt) / len(vt):.1f} / {sum(vg) / len(vg):.1f} |")
    out += ["", "Top score: the highest VP when the game ended (in a lost game, the VP at the loss; shared tops count "
                "as fractions)."]
    return out


def write_figure(points: list[dict], path: Path, coop: float) -> None:
    import plotly.graph_objects as go

    xs = [p["cooperators"] for p in points]
    ys = [p["saved"] for p in points]
    fig = go.Figure(go.Scatter(
        x=xs, y=ys, mode="lines+markers", name="planet saved",
        error_y={"type": "data", "symmetric": False, "array": [p["hi"] - p["saved"] for p in points],
                 "arrayminus": [p["saved"] - p["lo"] for p in points]}))
    fig.add_hline(y=0.7, line_dash="dot", annotation_text="target for 4 cooperators: 0.70")
    fig.update_layout(title=f"CO2, 4 players: planet saved by the number of cooperative strategists "
                            f"(cooperation {coop:g}; the others 0), {points[0]['games']} games each, 95% Wilson",
                      xaxis_title="cooperative seats", yaxis_title="share of games with the planet saved",
                      yaxis_range=[0, 1], xaxis_dtick=1, template="plotly_white")
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.write_html(str(path), include_plotlyjs="cdn", full_html=True)


def main(args) -> str:
    ap = argparse.ArgumentParser(prog="behaviour_co2")
    ap.add_argument("--cooperative", type=float, default=0.8)
    ap.add_argument("--only", default="baseline,tables,dial,strength")
    ap.add_argument("--figure", default=str(ROOT / "docs" / "figures" / "co2_cooperation.html"))
    own = ap.parse_args(args.rest)
    parts = set(own.only.split(","))
    unknown = parts - {"baseline", "tables", "dial", "strength"}
    if unknown:  # the CPU cost moved to benchmarks/strategist_cpu.py
        ap.error(f"--only: unknown part(s) {', '.join(sorted(unknown))}; choose from baseline, tables, dial, strength")
    STATS["games"] = args.games
    start, cpu = time.perf_counter(), time.process_time()
    command = (f"python benchmarks/agents_behaviour.py co2 --games {args.games} --seed {args.seed} "
               f"--workers {args.workers} --backend {args.backend}" + (" " + " ".join(args.rest) if args.rest else ""))
    lines = ["### CO2", "",
             f"`{command}` — {_dt.date.today().isoformat()}, {args.machine}. Standard rules, 4 players, "
             f"{args.games} games per row, seats rotated, 95% Wilson intervals (z = {Z95:.2f}).", ""]
    if "baseline" in parts:
        lines += baseline_rows(args, own.cooperative) + [""]
    if "tables" in parts:
        rows, points = dilemma_rows(args, own.cooperative)
        lines += rows + [""]
        if own.figure != "none":
            path = Path(own.figure)
            write_figure(points, path, own.cooperative)
            shown = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path.name
            lines += [f"Chart: `{shown}` (Plotly; the lesson notebook draws the same chart).", ""]
    if "dial" in parts:
        lines += dial_rows(args) + [""]
    if "strength" in parts:
        lines += strength_rows(args) + [""]
    if {"baseline", "tables"} <= parts:
        lines += reading()
    lines.append(f"Wall time {time.perf_counter() - start:.0f} s (this process's CPU {time.process_time() - cpu:.0f} s; "
                 "the games run in worker processes).")
    return "\n".join(lines)
