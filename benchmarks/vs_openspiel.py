"""ccg's search against OpenSpiel's reference bots on the same games.

    .venv/bin/python benchmarks/vs_openspiel.py --pairing ce --games 4 --out smoke_ce.json   # smoke test, default sims
    nice -n 10 .venv/bin/python benchmarks/vs_openspiel.py --pairing ce,ce_h,co2,catan --games 100 \
        --budgets ce=2,ce_h=8,co2=4,catan=2 --agent mcts,strategist --calibrate smoke_*.json \
        --time-limit 3300 --workers 2 --out vs.json                # the BENCHMARKS.md run; rerun it to resume
    .venv/bin/python benchmarks/vs_openspiel.py --summarise vs.json                        # Markdown of saved rows

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

Budgets: ``--mode sims`` gives both sides ``--sims`` (or ``--budgets``) simulations per decision (ccg MCTS
without its early stop, so it really runs them all; note that its expansion also scores every new child
once with the heuristic, its prior, which OpenSpiel's bots do not do); ``--mode cpu`` gives ccg's MCTS as
many iterations as fit in the CPU time OpenSpiel's bot spends per decision, calibrated on sims-mode rows
(``--calibrate`` files, CPU per simulation and per iteration taken as constant, or else this run's own
sims games, played first), printed. Every decision's CPU time (``time.process_time``) is recorded per
side. ``--agent strategist`` plays ccg's strongest agent (no simulation budget) against the OpenSpiel bot.
Games are dealt out game-major over all batches and saved one by one, so ``--time-limit`` leaves every
batch with about as many games (seats still rotated), and rerunning the same command resumes.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import numpy as np  # noqa: E402

import ccg  # noqa: E402
from ccg.analysis.pool import end_with_parent  # noqa: E402
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
    out = ["| pairing | budget | ccg agent | games (per ccg seat) | ccg wins (95% CI) | fair share | OpenSpiel wins | no winner | "
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
        seats = "/".join(str(sum(1 for r in rs if r["ccg_seat"] == q)) for q in range(players))
        out.append(f"| {pairing} ({PAIRINGS[pairing]['game']}, {players} p, {bot}) | {budget} | {agent} | {n} ({seats}) | "
                   f"{w / n:.1%} ({lo:.1%}–{hi:.1%}) | {1 / players:.1%} | {ow / n:.1%} | {none / n:.1%} | "
                   f"{c:.3f} · {o:.3f} |")
    return "\n".join(out)


def run(jobs: list[dict], workers: int, out: str | None = None, rows: list[dict] | None = None,
        time_limit: float | None = None) -> list[dict]:
    """Play ``jobs`` in order; each finished game is appended to ``rows`` (and saved to ``out`` at once).

    With ``time_limit`` (wall seconds) no game starts after the limit: the games running then finish, the
    rest are dropped, so a batch may end short of its count (the table says how many games it has)."""
    rows = [] if rows is None else rows
    started = time.time()

    def keep(row: dict) -> None:
        rows.append(row)
        if out:
            with open(out, "w", encoding="utf-8") as f:
                json.dump(rows, f)

    if workers <= 1:
        for j in jobs:
            if time_limit is not None and time.time() - started > time_limit:
                break
            keep(play_one(j))
        return rows
    with ProcessPoolExecutor(max_workers=workers, initializer=end_with_parent) as pool:
        pending = {pool.submit(play_one, j) for j in jobs}
        while pending:
            done, pending = wait(pending, timeout=5, return_when=FIRST_COMPLETED)
            for fut in done:
                if not fut.cancelled():
                    keep(fut.result())
            if time_limit is not None and time.time() - started > time_limit:
                for fut in pending:
                    fut.cancel()  # only games not yet started; running ones finish
    return rows


def per_pairing(text: str | None, name: str) -> dict[str, int]:
    """``"ce=4,co2=2"`` -> {"ce": 4, "co2": 2} (a ValueError naming the option otherwise)."""
    out: dict[str, int] = {}
    for part in filter(None, (text or "").split(",")):
        key, _, value = part.partition("=")
        if key not in PAIRINGS or not value.isdigit() or int(value) < 1:
            raise ValueError(f"{name}: expected pairing=positive whole number, got {part!r}")
        out[key] = int(value)
    return out


def calibrated_iterations(pairing: str, sims: int, rows: list[dict]) -> int:
    """ccg iterations that cost what OpenSpiel's ``sims`` simulations cost, from the sims-mode ``rows`` of the
    pairing (any budget: CPU per simulation and per iteration are taken as constant)."""
    cal = [r for r in rows if r["pairing"] == pairing and r["mode"] == "sims" and r["agent"] == "mcts"]
    if not cal:
        raise ValueError(f"--calibrate: no sims rows of pairing {pairing!r} to calibrate the CPU budget on")
    c, o = cpu_per_search(cal)
    per_iteration, per_sim = c / cal[0]["ccg_iterations"], o / cal[0]["sims"]
    its = max(1, round(sims * per_sim / per_iteration))
    print(f"{pairing}: calibration ccg {per_iteration * 1000:.2f} ms / iteration, OpenSpiel {per_sim * 1000:.2f} ms "
          f"/ simulation ({len(cal)} games) -> {its} ccg iterations for {sims} sims", file=sys.stderr)
    return its


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--pairing", default="all", help="all, or pairings separated by commas: " + ", ".join(PAIRINGS))
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--sims", type=int, default=None, help="simulations per decision (default per pairing)")
    ap.add_argument("--budgets", default=None, help="per-pairing simulations, e.g. ce=4,co2=2 (overrides --sims)")
    ap.add_argument("--agent", default="mcts", help="ccg agents separated by commas: mcts (both budgets) or any "
                                                      "agent name (played against the bot at its simulations)")
    ap.add_argument("--modes", default="sims,cpu")
    ap.add_argument("--iterations", default=None, help="ccg iterations for --mode cpu per pairing, e.g. ce=50")
    ap.add_argument("--calibrate", default=None, nargs="+",
                    help="rows files to calibrate --mode cpu on (default: this run's own sims games, run first)")
    ap.add_argument("--time-limit", type=float, default=None, help="wall seconds after which no game starts")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--out", default=None, help="append the per-game rows to this JSON file (saved after each game)")
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
    pairings = ["ce", "co2", "catan"] if a.pairing == "all" else a.pairing.split(",")
    for p in pairings:
        if p not in PAIRINGS:
            raise ValueError(f"--pairing: unknown pairing {p!r} (known: {', '.join(PAIRINGS)})")
    budgets = per_pairing(a.budgets, "--budgets")
    fixed_its = per_pairing(a.iterations, "--iterations")
    sims_of = {p: budgets.get(p) or a.sims or default_sims[p] for p in pairings}
    agents = a.agent.split(",")
    modes = a.modes.split(",")
    rows: list[dict] = []
    if a.out and os.path.exists(a.out):
        with open(a.out, encoding="utf-8") as f:
            rows = json.load(f)
    calibration: list[dict] = []
    for path in a.calibrate or []:
        with open(path, encoding="utf-8") as f:
            calibration += json.load(f)
    started = time.time()
    # batches of (pairing, mode, agent, iterations); games are dealt out game-major, so that a time limit
    # leaves every batch with about as many games, seats still rotated
    batches = []
    later = []  # cpu batches waiting for this run's own calibration
    for p in pairings:
        for agent in agents:
            if agent != "mcts":
                batches.append((p, "sims", agent, 0))
                continue
            if "sims" in modes:
                batches.append((p, "sims", "mcts", sims_of[p]))
            if "cpu" in modes:
                if p in fixed_its:
                    batches.append((p, "cpu", "mcts", fixed_its[p]))
                elif a.calibrate:
                    batches.append((p, "cpu", "mcts", calibrated_iterations(p, sims_of[p], calibration)))
                else:
                    later.append(p)

    def key(r: dict) -> tuple:
        return r["pairing"], r["mode"], r["agent"], r["sims"], r["ccg_iterations"], r["seed"]

    def deal(bs):
        """Game-major jobs of the batches, without the games ``--out`` already holds (a rerun resumes)."""
        done = {key(r) for r in rows}
        return [job for k in range(a.games) for (p, mode, agent, its) in bs
                for job in [jobs_for(p, mode, agent, a.games, sims_of[p], its)[k]] if key(job) not in done]

    limit = a.time_limit
    run(deal(batches), a.workers, a.out, rows, limit)
    if later:
        left = None if limit is None else max(0.0, limit - (time.time() - started))
        cpu = [(p, "cpu", "mcts", calibrated_iterations(p, sims_of[p], [r for r in rows if r["sims"] == sims_of[p]]))
               for p in later]
        run(deal(cpu), a.workers, a.out, rows, left)
    print(summarise(rows))
    load = os.getloadavg()
    print(f"\n{platform.python_implementation()} {platform.python_version()}, {os.cpu_count()} cores, "
          f"{a.workers} workers at nice {os.nice(0)}, load average at the end {load[0]:.1f} / {load[1]:.1f} / "
          f"{load[2]:.1f}, wall {time.time() - started:.0f} s")
    _ = ccg


if __name__ == "__main__":
    main()
