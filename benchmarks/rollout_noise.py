"""How many strategist rollouts does it take to tell the strategist's move from the next-best one?

    .venv/bin/python benchmarks/rollout_noise.py --game catan --positions 20 --rollouts 24

The strong MCTS (ccg/agents/README.md, "The strong search") judges a few candidate moves by
strategist rollouts to the end of the game and backs up the mover's final score margin over the
best other seat. Whether 1 CPU-s per move can improve on the strategist depends on how far apart
the candidates' expected margins are (d) compared with the spread of one rollout's margin (s).

At each sampled position (``strategist_positions`` below) the script takes the strategist's
move and the best other move by the strategist's worth of the position after it (the search's
second candidate), plays ``--rollouts`` strategist rollouts after each (determinized for the mover,
the same seeds for both moves), and reports per game, as medians over the positions:

* |d|, the difference of the two moves' mean margins, and s, one rollout's standard deviation;
* the rollouts per move needed to tell them apart at two standard errors, 8 s² / d² (independent
  rollouts), and with paired rollouts (the same seed after either move), 4 s_pair² / d²;
* the CPU-s one rollout costs, and so the CPU-s per move the comparison needs;
* how often the other move had the better mean margin, and how often it was better by more than two
  standard errors of the paired difference (the positions where a search with enough rollouts
  would find a better move than the strategist's).

With ``--spec SPEC`` it asks instead whether a search's deviations are improvements: at sampled
positions where the search's move differs from the strategist's, the mean final margin after the
search's move minus that after the strategist's (paired rollouts), with a 95 % interval over the
positions, and how often the search's move was the better one.

    .venv/bin/python benchmarks/rollout_noise.py --spec SPEC --positions 15 --rollouts 32

With ``--agreement --spec SPEC`` it measures how a spec uses its budget: at each sampled position
the tested spec chooses (its ``act`` timed) and the seat's strategist chooses too; it prints the
share of positions where both chose the same move, the median number of simulations and the mean
and largest CPU-s per move. ``--spec strategist`` gives the floor: a strategist with other seeds
agrees with the seat's strategist only as often as their determinizations (resampled hidden cards
and future dice) lead to the same move.

    .venv/bin/python benchmarks/rollout_noise.py --agreement --game catan --positions 30 --spec SPEC

Positions are sampled from games of four strategists (every 17th action with a choice, seeds 1, 2, …).
CPU time is this process's (``time.process_time``).
"""
from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import ccg  # noqa: E402
from ccg.agents import Agent, StrategistAgent, make_agent  # noqa: E402
from ccg.core import GameState, Rng  # noqa: E402

GAMES = ("co2", "catan", "chicago_express")


def strategist_positions(game: str, positions: int, every: int = 17) -> Iterator[tuple[GameState, Agent, int]]:
    """``positions`` positions with a choice from games of four strategists (seeds 1, 2, …; every
    ``every``-th action), each with the strategist of the seat to move and a seed for the tester."""
    found = seed = 0
    while found < positions:
        seed += 1
        state = ccg.new_game(game, players=4, seed=seed)
        table = [StrategistAgent(seed=seed * 10 + p) for p in range(4)]
        k = 0
        while not state.is_terminal() and found < positions:
            if len(state.legal_actions()) > 1 and k % every == 5:
                yield state, table[state.current_player], seed * 1000 + k
                found += 1
            state.apply(table[state.current_player].act(state))
            k += 1


def measure_agreement(game: str, spec: str, positions: int) -> dict:
    """The agreement with the strategist, simulations and CPU per move of ``spec`` over ``positions``
    sampled positions."""
    agree, simulations, cpu = 0, [], []
    for state, strategist, seed in strategist_positions(game, positions):
        tested = make_agent(spec, seed)
        start = time.process_time()
        move = tested.act(state)
        cpu.append(time.process_time() - start)
        simulations.append(getattr(tested, "last_iterations", 0))  # 0 for an agent that does not search
        agree += move == strategist.act(state)
    return {"positions": len(cpu), "agreement": agree / len(cpu), "median_simulations": statistics.median(simulations),
            "mean_cpu": statistics.mean(cpu), "max_cpu": max(cpu)}


def final_margin(planner, state, seat: int, seed: int) -> float:
    """Play ``state`` (a determinized copy, changed in place) to the end with the strategist and
    return ``seat``'s margin over the best other seat, valued as the strong search values a leaf."""
    rng = Rng(seed)
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply(legal[0] if len(legal) == 1 else planner.choose(state, state.current_player, rng))
    values = planner.values(state)
    return values[seat] - max(v for p, v in enumerate(values) if p != seat)


def second_candidate(planner, state, seat: int, pick) -> object | None:
    """The legal move other than ``pick`` with the best strategist worth for ``seat`` after it."""
    others = [a for a in state.legal_actions() if a != pick]
    if not others:
        return None
    worth = getattr(planner, "value", None) or (lambda s, p: planner.values(s)[p])  # as MCTS's prior values it
    return max(others, key=lambda a: worth(state.child(a), seat))


def paired_margins(planner, state, seat: int, moves: tuple, rollouts: int, seed: int) -> list[list[float]]:
    """``rollouts`` final margins after each of ``moves``; rollout r of every move starts from the
    same determinization and draws from the same seed (paired rollouts)."""
    out: list[list[float]] = [[] for _ in moves]
    for r in range(rollouts):
        for margins, move in zip(out, moves):
            world = state.determinize(seat, seed * 7919 + r)
            world.apply(move)
            margins.append(final_margin(planner, world, seat, seed * 104729 + r))
    return out


def measure(game: str, positions: int, rollouts: int) -> dict:
    """Medians over ``positions`` positions of the quantities in the module docstring."""
    gaps, spreads, needed, needed_paired, cpu_per_rollout = [], [], [], [], []
    other_better = clearly_better = 0
    for state, strategist, seed in strategist_positions(game, positions):
        seat = state.current_player
        planner = strategist.planner(game)
        pick = strategist.act(state)
        other = second_candidate(planner, state, seat, pick)
        if other is None:
            continue
        start = time.process_time()
        a, b = paired_margins(planner, state, seat, (pick, other), rollouts, seed)
        cpu_per_rollout.append((time.process_time() - start) / (2 * rollouts))
        d = statistics.mean(a) - statistics.mean(b)
        s = math.sqrt((statistics.variance(a) + statistics.variance(b)) / 2)
        s_pair = statistics.stdev([x - y for x, y in zip(a, b)])
        gaps.append(abs(d))
        spreads.append(s)
        needed.append(math.inf if d == 0 else 8 * s * s / (d * d))
        needed_paired.append(math.inf if d == 0 else 4 * s_pair * s_pair / (d * d))
        other_better += d < 0
        clearly_better += d < -2 * s_pair / math.sqrt(rollouts)
    n = len(gaps)
    rollout_cpu = statistics.mean(cpu_per_rollout)
    return {"game": game, "positions": n, "rollouts": rollouts, "median_gap": statistics.median(gaps),
            "median_spread": statistics.median(spreads), "median_needed": statistics.median(needed),
            "median_needed_paired": statistics.median(needed_paired), "cpu_per_rollout": rollout_cpu,
            "cpu_per_move_needed": 2 * statistics.median(needed) * rollout_cpu, "other_better": other_better / n,
            "clearly_better": clearly_better / n}


def measure_deviations(game: str, spec: str, deviations: int, rollouts: int) -> dict:
    """Where the search ``spec`` leaves the strategist's move, is its move better? Sampled positions
    until ``deviations`` of them; at each, ``rollouts`` paired rollouts after either move."""
    gains, examined = [], 0
    for state, strategist, seed in strategist_positions(game, 10**9):
        if len(gains) >= deviations:
            break
        examined += 1
        seat = state.current_player
        move, pick = make_agent(spec, seed).act(state), strategist.act(state)
        if move == pick:
            continue
        planner = strategist.planner(game)
        searched, strategists = paired_margins(planner, state, seat, (move, pick), rollouts, seed)
        gains.append(statistics.mean(searched) - statistics.mean(strategists))
    mean = statistics.mean(gains)
    half = 1.96 * statistics.stdev(gains) / math.sqrt(len(gains)) if len(gains) > 1 else math.inf
    return {"game": game, "examined": examined, "deviations": len(gains), "rollouts": rollouts, "gain": mean,
            "low": mean - half, "high": mean + half, "better": sum(g > 0 for g in gains) / len(gains)}


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--game", action="append", choices=GAMES, help="game(s) (default: all three)")
    p.add_argument("--positions", type=int, default=20, help="positions (with --spec: deviations) per game")
    p.add_argument("--rollouts", type=int, default=24, help="rollouts after each of the two moves (default 24)")
    p.add_argument("--spec", help="compare this search's move with the strategist's where they differ")
    p.add_argument("--agreement", action="store_true",
                   help="with --spec: how often it plays the strategist's move, its simulations and CPU per move")
    args = p.parse_args(argv)
    if args.rollouts < 2 or args.positions < 1:
        p.error("--rollouts must be at least 2 and --positions at least 1")
    if args.agreement:
        if not args.spec:
            p.error("--agreement needs --spec (the spec to measure, or 'strategist' for the floor)")
        for game in args.game or GAMES:
            r = measure_agreement(game, args.spec, args.positions)
            print(f"{game}: {r['positions']} positions, the strategist's move in {r['agreement']:.2f}, "
                  f"median {r['median_simulations']:g} simulations, CPU-s per move mean {r['mean_cpu']:.2f}, "
                  f"max {r['max_cpu']:.2f}", flush=True)
        return 0
    if args.spec:
        make_agent(args.spec, 0)  # a bad spec fails here, before any rollout
        print(f"`{args.spec}` against the strategist where their moves differ (gain: the search's move's mean final "
              "margin minus the strategist's move's, paired rollouts, 95 % interval over the positions)\n")
        print("| game | positions examined | deviations | rollouts per move | mean gain [95% CI] | search's move better |")
        print("|---|---|---|---|---|---|")
        for game in args.game or GAMES:
            r = measure_deviations(game, args.spec, args.positions, args.rollouts)
            print(f"| {game} | {r['examined']} | {r['deviations']} | {r['rollouts']} | {r['gain']:.2f} "
                  f"[{r['low']:.2f}, {r['high']:.2f}] | {r['better']:.2f} |", flush=True)
        return 0
    print("| game | positions × rollouts per move | median \\|d\\| | median s | rollouts per move needed "
          "(independent; paired) | CPU-s per rollout | CPU-s per move needed | other move better (by > 2 SE) |")
    print("|---|---|---|---|---|---|---|---|")
    for game in args.game or GAMES:
        r = measure(game, args.positions, args.rollouts)
        print(f"| {game} | {r['positions']} × {r['rollouts']} | {r['median_gap']:.2f} | {r['median_spread']:.2f} | "
              f"{r['median_needed']:.0f}; {r['median_needed_paired']:.0f} | {r['cpu_per_rollout']:.3f} | "
              f"{r['cpu_per_move_needed']:.1f} | {r['other_better']:.2f} ({r['clearly_better']:.2f}) |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
