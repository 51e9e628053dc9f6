"""CO2 mechanics table: does the strategist use the game's mechanics as people do?

    .venv/bin/python benchmarks/mechanics_co2.py --games 40 [--cooperation 0.5] [--seed 9000]

Four strategists of one persona, 4 players, standard rules, whole games (serial, one process: the
figures are for a modest game count on a shared machine). Per table:
* the company goal (CO2-12.2): share of seats that sell it as their first action, that sell it at all,
  that keep it to the end, and that score it (> 0 VP at CO2-15.3.1);
* green plants built per game by source (CO2-6.3): reforestation, solar, fusion, biomass, recycling;
* CEP and coins held per seat at the end of each decade's Operations phase (CO2-3.5);
* saved share (the planet not lost, CO2-14.3), with its 95 % Wilson interval;
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import ccg  # noqa: E402
from ccg.agents import make_agent  # noqa: E402
from ccg.analysis.stats import wilson  # noqa: E402
from ccg.games.co2.data import SOURCES  # noqa: E402
from ccg.games.co2.economy import GREEN0  # noqa: E402


def play(seed: int, spec: str) -> dict:
    """One game of four ``spec`` strategists: the mechanics' figures."""
    state = ccg.new_game("co2", players=4, seed=seed)
    agents = [make_agent(spec, seed * 10 + p) for p in range(4)]
    first = [None] * 4
    sold = [False] * 4
    held: dict[int, list[tuple[int, int]]] = {}
    decade = state.decade
    while not state.is_terminal():
        seat = state.current_player
        action = agents[seat].act(state)
        if first[seat] is None and state.tasks[-1].kind == "turn":
            first[seat] = action.kind
        sold[seat] |= action.kind == "sellgoal"
        state.apply(action)
        if state.decade != decade or state.is_terminal():
            held[decade] = [(state.cep[p], state.coins[p]) for p in range(4)]
            decade = state.decade
    scored = [state.goal_status[p] == 2 and not state.lost for p in range(4)]
    return {
        "saved": not state.lost, "first_sell": sum(f == "sellgoal" for f in first), "sold": sum(sold),
        "kept": sum(not x for x in sold), "scored": sum(scored),
        "plants": [state.space_kind.count(GREEN0 + x) for x in range(5)], "held": held,
    }


def table(games: int, spec: str, seed: int) -> str:
    rows = [play(seed + g, spec) for g in range(games)]
    seats = 4 * games
    saved = sum(r["saved"] for r in rows)
    lo, hi = wilson(saved, games)
    out = [f"4 × `{spec}`, {games} games (seeds {seed}–{seed + games - 1})", "",
           "| measure | value |", "|---|---|",
           f"| saved (planet not lost) | {saved / games:.3f} [{lo:.3f}, {hi:.3f}] |"]
    for key, label in (("first_sell", "seats selling the company goal as their first action"),
                       ("sold", "seats selling the company goal at all"),
                       ("kept", "seats keeping the company goal"),
                       ("scored", "seats scoring the company goal (saved games)")):
        k = sum(r[key] for r in rows)
        a, b = wilson(k, seats)
        out.append(f"| {label} | {k / seats:.3f} [{a:.3f}, {b:.3f}] |")
    plants = [sum(r["plants"][x] for r in rows) / games for x in range(5)]
    out.append("| green plants per game: " + " / ".join(SOURCES) + " | "
               + " / ".join(f"{v:.2f}" for v in plants) + " |")
    decades = sorted({d for r in rows for d in r["held"]})
    for d in decades:
        vals = [v for r in rows if d in r["held"] for v in r["held"][d]]
        cep = sum(v[0] for v in vals) / len(vals)
        coins = sum(v[1] for v in vals) / len(vals)
        out.append(f"| CEP / coins held per seat after decade {d} | {cep:.1f} / {coins:.1f} |")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> str:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--cooperation", type=float, action="append")
    parser.add_argument("--seed", type=int, default=9000)
    args = parser.parse_args(argv)
    coops = args.cooperation or [0.5]
    text = "\n\n".join(table(args.games, f"strategist:cooperation={c:g}", args.seed) for c in coops)
    print(text)
    return text


if __name__ == "__main__":
    main()
