"""Chicago Express mechanics table: does the strategist bid, build and use company money as people do?

    .venv/bin/python benchmarks/mechanics_chicago_express.py --games 40 [--seed 9000]

Four default strategists, 4 players, standard rules, whole games, serial (one process: a modest game
count for a shared machine). Per table:
* the opening auctions (CE-3.3): bids per share sold, the share of bids that jump (above the lowest
  legal bid), the price paid over the minimum, and the opening PRR price and its buyer's final rank;
  the opening PRR auction's bid sequence of the first three games, as a reader of the log sees it;
* company treasuries (CE-6.10): the share of decisions where an in-play company holds $20 or more
  and none of its builds ran in the previous 40 decisions ("idle treasury");
* builds (CE-6): placements per build, builds that placed nothing (a build action spent for nothing);
* Chicago reached (CE-10), with its 95 % Wilson interval, and dividend phases per game;
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
from ccg.games.chicago_express.board import COMPANIES  # noqa: E402
from ccg.games.chicago_express.phases import BUILD, OPENING  # noqa: E402
from ccg.games.chicago_express.strategy.position import in_play  # noqa: E402

IDLE_CASH = 20
IDLE_WINDOW = 40


def play(seed: int, spec: str) -> dict:
    state = ccg.new_game("chicago_express", players=4, seed=seed)
    agents = [make_agent(spec, seed * 10 + p) for p in range(4)]
    bids = jumps = sales = over_min = 0
    opening_prr = None
    builds = zero = placed = 0
    last_build = [0] * 5
    idle = seen = 0
    current_build = None
    decisions = 0  # decisions so far: the clock of the idle-treasury window
    in_opening = True
    leader = None
    prr_bids: list[int] = []  # the opening PRR auction's bids in order
    while not state.is_terminal():
        seat = state.current_player
        legal = state.legal_actions()
        action = agents[seat].act(state)
        decisions += 1
        for c in range(5):
            if in_play(state, c):
                seen += 1
                if state.treasury[c] >= IDLE_CASH and decisions - last_build[c] > IDLE_WINDOW:
                    idle += 1
        kind = action.kind
        if kind == "bid":
            leader = seat
            bids += 1
            lowest = min(int(a.args[0]) for a in legal if a.kind == "bid")
            jumps += int(action.args[0]) > lowest
            if in_opening and opening_prr is None:
                prr_bids.append(int(action.args[0]))
        if kind == "build":
            c = COMPANIES.index(action.args[0])
            builds += 1
            last_build[c] = decisions
            current_build = 0
        elif kind == "place" and current_build is not None:
            current_build += 1
            placed += 1
        elif kind == "stop" and current_build is not None:
            zero += current_build == 0
            current_build = None
        before = state.treasury[:]
        state.apply(action)
        if current_build is not None and state.phase != BUILD and kind == "place":
            current_build = None  # the build ended with its last placement
        if kind in ("bid", "pass"):
            gained = [b - a for a, b in zip(before, state.treasury)]
            if any(gained):
                sales += 1
                c = max(range(5), key=lambda k: gained[k])
                over_min += gained[c]
                if in_opening and c == 0 and opening_prr is None:
                    opening_prr = (gained[c], leader)
        if state.phase != OPENING:
            in_opening = False
    scores = state.scores()
    buyer = None
    if opening_prr is not None:
        buyer = opening_prr[1]
    rank = None if buyer is None else 1 + sum(1 for q in range(4) if scores[q] > scores[buyer])
    return {"bids": bids, "jumps": jumps, "sales": sales, "price": over_min, "prr": opening_prr and opening_prr[0],
            "prr_rank": rank, "prr_bids": prr_bids, "builds": builds, "zero": zero, "placed": placed, "idle": idle, "seen": seen,
            "chicago": bool(state.chicago), "dividends": state.dividend_phases}


def table(games: int, spec: str, seed: int) -> str:
    rows = [play(seed + g, spec) for g in range(games)]
    tot = {k: sum((r[k] or 0) for r in rows) for k in rows[0] if k != "prr_bids"}
    sequences = "; ".join(" → ".join(f"${b}" for b in r["prr_bids"]) for r in rows[:3])
    reached = sum(r["chicago"] for r in rows)
    lo, hi = wilson(reached, games)
    zlo, zhi = wilson(tot["zero"], max(1, tot["builds"]))
    ranks = [r["prr_rank"] for r in rows if r["prr_rank"] is not None]
    out = [f"4 × `{spec}`, {games} games (seeds {seed}–{seed + games - 1})", "",
           "| measure | value |", "|---|---|",
           f"| Chicago reached | {reached / games:.3f} [{lo:.3f}, {hi:.3f}] |",
           f"| dividend phases per game | {tot['dividends'] / games:.2f} |",
           f"| bids per share sold | {tot['bids'] / max(1, tot['sales']):.1f} |",
           f"| share of bids that jump | {tot['jumps'] / max(1, tot['bids']):.3f} |",
           f"| opening PRR price (mean) / its buyer's final rank (mean, 1 = first) | "
           f"{sum(r['prr'] or 0 for r in rows) / games:.1f} / {sum(ranks) / max(1, len(ranks)):.2f} |",
           f"| opening PRR bids, first three games | {sequences} |",
           f"| idle treasury (≥ ${IDLE_CASH}, no build for {IDLE_WINDOW} decisions), share of company-decisions | "
           f"{tot['idle'] / max(1, tot['seen']):.3f} |",
           f"| placements per build | {tot['placed'] / max(1, tot['builds']):.2f} |",
           f"| builds that placed nothing | {tot['zero'] / max(1, tot['builds']):.3f} [{zlo:.3f}, {zhi:.3f}] "
           f"({tot['zero']} of {tot['builds']}) |",]
    return "\n".join(out)


def main(argv: list[str] | None = None) -> str:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=9000)
    parser.add_argument("--spec", default="strategist")
    args = parser.parse_args(argv)
    text = table(args.games, args.spec, args.seed)
    print(text)
    return text


if __name__ == "__main__":
    main()
