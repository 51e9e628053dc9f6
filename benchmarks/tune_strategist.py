"""Tune a game's strategist weights by CMA-ES over self-play, on ``ccg.sweep``.

    .venv/bin/python benchmarks/tune_strategist.py co2 --generations 12 --popsize 8 --games 48 \
        --backend processes --workers 2 --checkpoint tuning-co2.json --write

Method. The weights that have a ``range`` in the game's weights file are tuned (the others stay
as shipped), each mapped linearly to [0, 1] so one step size fits all. Each generation CMA-ES
(the ``cma`` package) proposes ``popsize`` weight vectors; every candidate plays ``games`` games
as one strategist against strategists with the current shipped weights in every other seat, with
the candidate's seat rotated through every seat (one ``ccg.sweep`` per generation: one grid cell
per candidate and seat). Fitness is the candidate's share of the wins (``--metric win``), of the
top scores (``top``: useful where everyone can lose, as in CO2), or its mean score margin over the
best other seat (``margin``). At the end the distribution's mean is the tuned vector; ``--write``
stores it in the weights file with the command, the date and a final check: tuned vs shipped over
``--check-games`` games.

Resumable: every evaluated candidate's fitness is kept in ``--checkpoint`` (JSON). CMA-ES is seeded,
so a rerun with the same arguments proposes the same candidates and takes their fitness from the
file instead of playing again; only the missing games are played.
"""
from __future__ import annotations

import argparse
import datetime as _dt
import json
import math
import shlex
import sys
import warnings
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import ccg  # noqa: E402
from ccg.agents.strategist import StrategistAgent, load_weights, strategy_module  # noqa: E402
from ccg.analysis.stats import wilson  # noqa: E402


def parse_args(argv=None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("game")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--generations", type=int, default=10)
    ap.add_argument("--popsize", type=int, default=8)
    ap.add_argument("--games", type=int, default=40, help="games per candidate per generation")
    ap.add_argument("--sigma", type=float, default=0.2, help="initial CMA step in the [0, 1] weight space")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--metric", choices=("win", "top", "margin"), default="win")
    ap.add_argument("--persona", action="append", default=[], metavar="KEY=VALUE",
                    help="persona parameter for every strategist (e.g. cooperation=0)")
    ap.add_argument("--rule", action="append", default=[], metavar="KEY=VALUE", help="rule override")
    ap.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", help="game option")
    ap.add_argument("--backend", choices=("serial", "processes", "dask"), default="processes")
    ap.add_argument("--workers", type=int, default=None)
    ap.add_argument("--checkpoint", type=Path, default=None, help="JSON file of evaluations (resume)")
    ap.add_argument("--check-games", type=int, default=200, help="games of the final tuned-vs-shipped check")
    ap.add_argument("--write", action="store_true", help="store the tuned weights in the game's weights file")
    return ap.parse_args(argv)


def _value(text: str):
    for cast in (int, float):
        try:
            return cast(text)
        except ValueError:
            pass
    return {"true": True, "false": False}.get(text.lower(), text)


def _pairs(items: list[str], what: str) -> dict:
    out = {}
    for item in items:
        if "=" not in item:
            raise SystemExit(f"error: --{what} takes KEY=VALUE, got {item!r}")
        k, v = item.split("=", 1)
        out[k.strip()] = _value(v.strip())
    return out


def seat_rows(frame, players: int, n_candidates: int) -> list[list]:
    """Rows of the sweep frame grouped per candidate: ``[(seat, row), ...]`` each."""
    out: list[list] = [[] for _ in range(n_candidates)]
    for row in frame.to_dict("records"):
        cand, seat = divmod(int(row["cell"]), players)
        out[cand].append((seat, row))
    return out


def fitness(rows: list, players: int, metric: str) -> float:
    """The candidate's share of wins / top scores, or its mean margin, over its games."""
    total = 0.0
    for seat, row in rows:
        scores = [float(row[f"score_{p}"]) for p in range(players)]
        if metric == "win":
            won = tuple(row["winners"])
            total += (1.0 / len(won)) if seat in won else 0.0
        elif metric == "top":
            best = max(scores)
            tops = [p for p in range(players) if scores[p] == best]
            total += (1.0 / len(tops)) if seat in tops else 0.0
        else:
            total += scores[seat] - max(s for p, s in enumerate(scores) if p != seat)
    return total / max(1, len(rows))


def play(game, players, lineups, games, seed, args, options, progress=False):
    return ccg.sweep(game, {"agents": lineups}, n_games=games, seed=seed, backend=args.backend,
                     workers=args.workers, players=players, progress=progress, **options)


def main(argv=None) -> int:
    args = parse_args(argv)
    import cma  # the optimiser: a well-kept library (pip install cma), not hand-written

    module = strategy_module(args.game)
    if module is None:
        raise SystemExit(f"error: {args.game} has no strategist plan (SPEC.strategy) to tune")
    table = load_weights(module.WEIGHTS_FILE)
    names = [k for k, v in table.items() if v["range"] is not None]
    if not names:
        raise SystemExit(f"error: no weight of {module.WEIGHTS_FILE.name} has a 'range' to tune in")
    lo = np.array([table[k]["range"][0] for k in names])
    hi = np.array([table[k]["range"][1] for k in names])
    x0 = [(table[k]["value"] - a) / (b - a) if b > a else 0.5 for k, a, b in zip(names, lo, hi)]
    persona = _pairs(args.persona, "persona")
    options = _pairs(args.option, "option")
    rules = _pairs(args.rule, "rule")
    if rules:
        options["rules"] = rules
    players = args.players
    base = StrategistAgent(**persona)

    def weights_of(x) -> dict:
        return {k: float(a + min(1.0, max(0.0, xi)) * (b - a)) for k, xi, a, b in zip(names, x, lo, hi)}

    cache: dict = {}
    if args.checkpoint and args.checkpoint.exists():
        cache = json.loads(args.checkpoint.read_text())["evaluations"]

    es = cma.CMAEvolutionStrategy(x0, args.sigma, {"bounds": [0, 1], "popsize": args.popsize,
                                                   "seed": args.seed, "verbose": -9})
    from tqdm.auto import tqdm

    history = []
    bar = tqdm(range(args.generations), desc=f"{args.game} CMA-ES", unit="gen")
    for gen in bar:
        xs = es.ask()
        keys = [f"{gen}:{i}:" + ",".join(f"{v:.6f}" for v in x) for i, x in enumerate(xs)]
        todo = [i for i, k in enumerate(keys) if k not in cache]
        if todo:
            lineups = []
            for i in todo:
                cand = StrategistAgent(weights=weights_of(xs[i]), **persona)
                for seat in range(players):
                    lineups.append(tuple(cand if p == seat else base for p in range(players)))
            per_seat = max(1, math.ceil(args.games / players))
            frame = play(args.game, players, lineups, per_seat, args.seed * 1000 + gen, args, options)
            for j, rows in enumerate(seat_rows(frame, players, len(todo))):
                cache[keys[todo[j]]] = fitness(rows, players, args.metric)
            if args.checkpoint:
                args.checkpoint.write_text(json.dumps({"args": vars(args) | {"checkpoint": str(args.checkpoint)},
                                                       "evaluations": cache}, default=str))
        fit = [cache[k] for k in keys]
        es.tell(xs, [-f for f in fit])  # cma minimises
        history.append({"generation": gen, "best": max(fit), "mean": float(np.mean(fit))})
        bar.set_postfix(best=f"{max(fit):.3f}", mean=f"{np.mean(fit):.3f}")

    tuned = weights_of(es.result.xfavorite)
    print(json.dumps({"tuned": tuned, "history": history}, indent=1))
    # the final check: one tuned strategist against shipped ones, seats rotated
    cand = StrategistAgent(weights=tuned, **persona)
    lineups = [tuple(cand if p == seat else base for p in range(players)) for seat in range(players)]
    frame = play(args.game, players, lineups, max(1, math.ceil(args.check_games / players)), args.seed + 99991,
                 args, options, progress=True)
    rows = seat_rows(frame, players, 1)[0]
    share = fitness(rows, players, args.metric)
    n = len(rows)
    ci = wilson(share * n, n) if args.metric != "margin" else (math.nan, math.nan)
    print(f"tuned vs shipped: {args.metric} = {share:.3f} over {n} games "
          f"(95% CI {ci[0]:.3f}-{ci[1]:.3f}; fair share {1 / players:.3f})")
    if args.write:
        path = module.WEIGHTS_FILE
        data = json.loads(path.read_text())
        for k, v in tuned.items():
            data["weights"][k]["value"] = round(v, 4)
        given = list(argv if argv is not None else sys.argv[1:])
        kept = []
        while given:  # the checkpoint is a local file: not part of the recorded command
            a = given.pop(0)
            if a == "--checkpoint":
                given = given[1:]
            elif not a.startswith("--checkpoint="):
                kept.append(shlex.quote(a))
        command = "python benchmarks/tune_strategist.py " + " ".join(kept)
        data["tuned"] = {
            "command": command, "date": _dt.date.today().isoformat(), "generations": args.generations,
            "popsize": args.popsize, "games_per_candidate": args.games, "metric": args.metric,
            "check": {"games": n, args.metric: round(share, 4),
                      "ci95": [round(ci[0], 4), round(ci[1], 4)] if args.metric != "margin" else None},
        }
        path.write_text(json.dumps(data, indent=2) + "\n")
        print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    warnings.filterwarnings("ignore", message="Could not import matplotlib")
    raise SystemExit(main())
