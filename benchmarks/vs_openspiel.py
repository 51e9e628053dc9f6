"""ccg's search against OpenSpiel's reference bots on the same games (issue 15, §5).

    nice -n 10 .venv/bin/python benchmarks/vs_openspiel.py --games 100 --workers 2 --out vs.json
    .venv/bin/python benchmarks/vs_openspiel.py --pairing ce --games 4 --sims 16      # smoke test
    .venv/bin/python benchmarks/vs_openspiel.py --summarise vs.json                   # Markdown of saved rows

Pairings (the tested ccg agent sits in every seat equally often: game k puts it at seat k mod n; the
other seats are OpenSpiel bots):

* ``ce``: Chicago Express, 2 players, perfect information: ccg ``MCTSAgent`` against OpenSpiel's
  ``MCTSBot`` (UCT c = 2, random-rollout evaluator, as OpenSpiel's examples use it).
* ``ce_h``: the same with the shared leaf evaluation below (the searches alone).
* ``co2``: CO2, 2 players, ``rules={"ppm.lose": 5000}`` (the planet cannot be lost, so every game is
  scored: see ccg/agents/README.md "Strength"): against ``ISMCTSBot`` (c = 2).
* ``catan``: Catan, 3 players (the smallest table), one ccg seat against two ``ISMCTSBot`` seats.

In CO2 and Catan a random rollout to the end costs 10 ms (CO2) to a second (Catan) through pyspiel, so
OpenSpiel's ISMCTS gets ccg's leaf evaluation: 10 random actions (chance sampled by its exact
probabilities), then the rank value of ccg's heuristic (:func:`ccg.agents.evaluation.leaf_values`) —
the evaluation ccg's MCTS uses, so these pairings compare the searches alone. Chicago Express keeps
OpenSpiel's own random-rollout evaluator.

Budgets: ``--mode sims`` gives both sides ``--sims`` simulations per decision (ccg MCTS without its early
stop, so it really runs them all); ``--mode cpu`` gives ccg's MCTS as many iterations as fit in the CPU
time OpenSpiel's bot spent per decision in the sims run (calibrated on that run's rows, printed). Every
decision's CPU time (``time.process_time``) is recorded per side. ``--agent strategist`` plays ccg's
strongest agent (no simulation budget) against the OpenSpiel bot at ``--sims``.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from concurrent.futures import ProcessPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import numpy as np  # noqa: E402

import ccg  # noqa: E402
from ccg.analysis.stats import wilson  # noqa: E402

PAIRINGS = {
    "ce": {"game": "chicago_express", "players": 2, "options": {}, "bot": "mcts", "evaluator": "random"},
    "ce_h": {"game": "chicago_express", "players": 2, "options": {}, "bot": "mcts", "evaluator": "heuristic"},
    "co2": {"game": "co2", "players": 2, "options": {"rules": {"ppm.lose": 5000}}, "bot": "ismcts",
            "evaluator": "heuristic"},
    "catan": {"game": "catan", "players": 3, "options": {}, "bot": "ismcts", "evaluator": "heuristic"},
}
UCT_C = 2.0
ROLLOUT_DEPTH = 10


class HeuristicEvaluator:
    """OpenSpiel evaluator: ``depth`` random actions (chance sampled exactly), then ccg's rank values."""

    def __init__(self, game: str, depth: int, seed: int) -> None:
        from ccg.agents.evaluation import heuristics_for

        self.values = heuristics_for(game)
        self.depth = depth
        self.rng = np.random.RandomState(seed)

    def evaluate(self, state):
        from ccg.agents.evaluation import leaf_values

        w = state.clone()
        for _ in range(self.depth):
            if w.is_terminal():
                break
            if w.is_chance_node():
                actions, probs = zip(*w.chance_outcomes())
                w.apply_action(self.rng.choice(actions, p=probs))
            else:
                w.apply_action(self.rng.choice(w.legal_actions()))
        ccg_state = w._held.state
        return np.array(leaf_values(ccg_state, self.values), dtype=float)

    def prior(self, state):
        if state.is_chance_node():
            return state.chance_outcomes()
        legal = state.legal_actions()
        return [(a, 1.0 / len(legal)) for a in legal]


def make_os_bot(game, kind: str, evaluator: str, sims: int, seed: int, ccg_game: str):
    import pyspiel
    from open_spiel.python.algorithms import ismcts, mcts

    rs = np.random.RandomState(seed)
    if evaluator == "random":
        ev = mcts.RandomRolloutEvaluator(1, rs)
    else:
        ev = HeuristicEvaluator(ccg_game, ROLLOUT_DEPTH, seed)
    if kind == "mcts":
        return mcts.MCTSBot(game, UCT_C, sims, ev, random_state=rs, solve=True)
    bot = ismcts.ISMCTSBot(game, ev, UCT_C, sims, random_state=rs)
    seeds = np.random.RandomState(seed + 1)
    # a seeded resampler, so a game replays from its seed (the default sampler is unseeded)
    bot.set_resampler(lambda state, player: state.resample_from_infostate(player, lambda: seeds.uniform()))
    _ = pyspiel
    return bot


def play_one(job: dict) -> dict:
    """One game: the ccg agent at ``job['ccg_seat']``, OpenSpiel bots elsewhere."""
    import pyspiel

    import ccg.env.openspiel as osp
    from ccg.agents import MCTSAgent, make_agent

    p = PAIRINGS[job["pairing"]]
    seed, n, ccg_seat = job["seed"], p["players"], job["ccg_seat"]
    params = {"players": n, "seed": seed}
    for k, v in p["options"].get("rules", {}).items():
        params[f"rule.{k}"] = v
    game = pyspiel.load_game(osp.PREFIX + p["game"], params)
    state = game.initial.clone()
    if job["agent"] == "mcts":
        agent = MCTSAgent(iterations=job["ccg_iterations"], early_stop=False, seed=seed)
    else:
        agent = make_agent(job["agent"], seed)
    bots = {q: make_os_bot(game, p["bot"], p["evaluator"], job["sims"], seed * 7 + q, p["game"])
            for q in range(n) if q != ccg_seat}
    cpu = [0.0] * n
    decisions = [0] * n
    searched = [0] * n
    while not state.is_terminal():
        seat = state.current_player
        legal = state.legal_actions()
        t = time.process_time()
        if len(legal) == 1:
            action = legal[0]
        elif seat == ccg_seat:
            action = agent.act(state)
            searched[seat] += 1
        else:
            os_state = osp.CcgState(game, osp._Held(state.clone()))
            index = bots[seat].step(os_state)
            action = state.action_from_index(int(index))
            searched[seat] += 1
        cpu[seat] += time.process_time() - t
        decisions[seat] += 1
        state.apply(action)
    won = state.winners()
    return {
        "pairing": job["pairing"], "mode": job["mode"], "agent": job["agent"], "seed": seed, "ccg_seat": ccg_seat,
        "sims": job["sims"], "ccg_iterations": job["ccg_iterations"], "winners": won,
        "ccg_win": (1.0 / len(won)) if ccg_seat in won else 0.0,
        "os_win": sum(1.0 / len(won) for q in won if q != ccg_seat),
        "scores": state.scores(), "plies": state.ply, "cpu": cpu, "decisions": decisions, "searched": searched,
    }


def jobs_for(pairing: str, mode: str, agent: str, games: int, sims: int, ccg_iterations: int) -> list[dict]:
    n = PAIRINGS[pairing]["players"]
    return [{"pairing": pairing, "mode": mode, "agent": agent, "seed": 1000 + k, "ccg_seat": k % n, "sims": sims,
             "ccg_iterations": ccg_iterations} for k in range(games)]


def cpu_per_search(rows: list[dict]) -> tuple[float, float]:
    """(ccg, OpenSpiel) mean CPU seconds per searched decision over ``rows``."""
    c_cpu = c_n = o_cpu = o_n = 0.0
    for r in rows:
        for q, (t, k) in enumerate(zip(r["cpu"], r["searched"])):
            if q == r["ccg_seat"]:
                c_cpu += t
                c_n += k
            else:
                o_cpu += t
                o_n += k
    return c_cpu / max(c_n, 1), o_cpu / max(o_n, 1)


def summarise(rows: list[dict]) -> str:
    groups: dict[tuple, list] = {}
    for r in rows:
        groups.setdefault((r["pairing"], r["mode"], r["agent"]), []).append(r)
    out = ["| pairing | budget | ccg agent | games | ccg wins (95% CI) | fair share | OpenSpiel wins | no winner | "
           "CPU s / search: ccg · OpenSpiel |", "| --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    for (pairing, mode, agent), rs in sorted(groups.items()):
        n = len(rs)
        players = PAIRINGS[pairing]["players"]
        w = sum(r["ccg_win"] for r in rs)
        lo, hi = wilson(w, n)
        ow = sum(r["os_win"] for r in rs)
        none = sum(1 for r in rs if not r["winners"])
        c, o = cpu_per_search(rs)
        sims = rs[0]["sims"]
        its = rs[0]["ccg_iterations"]
        budget = (f"{sims} sims each" if mode == "sims" else f"equal CPU: {its} ccg iterations vs {sims} sims") \
            if agent == "mcts" else f"{agent} vs {sims} sims"
        bot = PAIRINGS[pairing]["bot"]
        out.append(f"| {pairing} ({PAIRINGS[pairing]['game']}, {players} p, {bot}) | {budget} | {agent} | {n} | "
                   f"{w / n:.1%} ({lo:.1%}–{hi:.1%}) | {1 / players:.1%} | {ow / n:.1%} | {none / n:.1%} | "
                   f"{c:.3f} · {o:.3f} |")
    return "\n".join(out)


def run(jobs: list[dict], workers: int) -> list[dict]:
    if workers <= 1:
        return [play_one(j) for j in jobs]
    with ProcessPoolExecutor(max_workers=workers) as pool:
        return list(pool.map(play_one, jobs, chunksize=1))


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--pairing", default="all", choices=["all"] + list(PAIRINGS))
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--sims", type=int, default=None, help="simulations per decision (default per pairing)")
    ap.add_argument("--agent", default="mcts", help="the ccg agent: mcts (both budgets) or any agent name")
    ap.add_argument("--modes", default="sims,cpu")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--out", default=None, help="append the per-game rows to this JSON file")
    ap.add_argument("--summarise", default=None, nargs="+", help="print the table of saved rows files and stop")
    a = ap.parse_args(argv)
    if a.summarise:
        saved: list[dict] = []
        for path in a.summarise:
            with open(path, encoding="utf-8") as f:
                saved += json.load(f)
        print(summarise(saved))
        return
    default_sims = {"ce": 16, "ce_h": 64, "co2": 16, "catan": 8}
    pairings = ["ce", "co2", "catan"] if a.pairing == "all" else [a.pairing]
    rows: list[dict] = []
    if a.out and os.path.exists(a.out):
        with open(a.out, encoding="utf-8") as f:
            rows = json.load(f)
    started = time.time()
    for pairing in pairings:
        sims = a.sims or default_sims[pairing]
        if a.agent != "mcts":
            batch = run(jobs_for(pairing, "sims", a.agent, a.games, sims, 0), a.workers)
            rows += batch
        else:
            sims_rows = [r for r in rows if r["pairing"] == pairing and r["mode"] == "sims" and r["sims"] == sims
                         and r["agent"] == "mcts"]
            if "sims" in a.modes:
                batch = run(jobs_for(pairing, "sims", "mcts", a.games, sims, sims), a.workers)
                rows += batch
                sims_rows = batch
            if "cpu" in a.modes:
                c, o = cpu_per_search(sims_rows)
                its = max(1, round(sims * o / c))
                print(f"{pairing}: calibration ccg {c * 1000:.1f} ms / {sims} iterations, OpenSpiel "
                      f"{o * 1000:.1f} ms / {sims} sims -> {its} ccg iterations", file=sys.stderr)
                rows += run(jobs_for(pairing, "cpu", "mcts", a.games, sims, its), a.workers)
        if a.out:
            with open(a.out, "w", encoding="utf-8") as f:
                json.dump(rows, f)
    print(summarise(rows))
    load = os.getloadavg()
    print(f"\n{platform.python_implementation()} {platform.python_version()}, {os.cpu_count()} cores, "
          f"{a.workers} workers at nice {os.nice(0)}, load average at the end {load[0]:.1f} / {load[1]:.1f} / "
          f"{load[2]:.1f}, wall {time.time() - started:.0f} s")
    _ = ccg


if __name__ == "__main__":
    main()
