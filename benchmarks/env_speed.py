"""Environments at engine speed: what a PettingZoo/Gymnasium step with the mask and the tensor costs against
the raw engine, and the batched API's throughput.

    .venv/bin/python benchmarks/env_speed.py [--seconds S] [--games co2:4 catan:4 ...]

Per configuration, in CPU time (``time.process_time``, so other load on the machine counts little), playing
random legal actions from the same seeds, restarting finished games:

* raw: ``legal_actions()`` + ``apply`` — the engine alone (plies per CPU-second);
* mask, tensor: the engine plus ``legal_mask`` (resp. ``observation_tensor`` of the seat to move) each ply;
* PettingZoo step: ``raw_env`` — ``observe(agent)`` (tensor and mask) then ``step`` — per ply, and its cost
  as a multiple of raw (the target is ≤ 3×);
* batch: ``vector_env(game, num_envs=8, opponents="random")`` (a Gymnasium VectorEnv), learner steps and the
  engine plies they advance (the opponents' included) per CPU-second, the masks read each step;
* where the time goes: µs per ply of ``apply``, ``observation(seat)`` (the game's redacted dict), the
  encoding of the tensor from it, and the mask.
"""
from __future__ import annotations

import argparse
import platform
import random
import time

import numpy as np

import ccg
from ccg.core.encoding import encoding_for
from ccg.env import vector_env
from ccg.env.pettingzoo_aec import raw_env

CONFIGS = ("co2:4", "chicago_express:3", "catan:4")


def _rate(step, seconds: float) -> float:
    """Calls of ``step()`` per CPU-second, over about ``seconds``."""
    n, start = 0, time.process_time()
    while True:
        for _ in range(50):
            step()
        n += 50
        used = time.process_time() - start
        if used >= seconds:
            return n / used


def _engine_loop(game: str, players: int, extra):
    rnd = random.Random(1)
    box = {"state": ccg.new_game(game, players=players, seed=1), "k": 1}
    enc = encoding_for(box["state"])

    def step() -> None:
        s = box["state"]
        if s.is_terminal():
            box["k"] += 1
            s = box["state"] = ccg.new_game(game, players=players, seed=box["k"])
        acts = s.legal_actions()
        extra(enc, s)
        s.apply(rnd.choice(acts))

    return step


def _pettingzoo_loop(game: str, players: int):
    env = raw_env(game, players=players)
    env.reset(seed=1)
    rnd = np.random.default_rng(1)
    box = {"k": 1}

    def step() -> None:
        agent = env.agent_selection
        if env.terminations[agent] or env.truncations[agent]:
            box["k"] += 1
            env.reset(seed=box["k"])
            agent = env.agent_selection
        obs = env.observe(agent)
        env.step(int(rnd.choice(np.flatnonzero(obs["action_mask"]))))

    return step


def _batch(game: str, players: int, seconds: float, num_envs: int = 8) -> tuple[float, float]:
    envs = vector_env(game, num_envs=num_envs, players=players, opponents="random")
    envs.reset(seed=1)
    rnd = np.random.default_rng(1)
    plies_before = sum(e.state.ply for e in envs.envs)
    finished = 0
    n, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        masks = envs.action_masks()
        actions = np.array([rnd.choice(np.flatnonzero(m)) if m.any() else 0 for m in masks])
        done_before = [e.state.ply if e.state.is_terminal() else None for e in envs.envs]
        _, _, term, trunc, _ = envs.step(actions)
        for d in done_before:
            finished += d or 0  # a game that restarted this step: its plies were counted before
        n += num_envs
    used = time.process_time() - start
    plies = sum(e.state.ply for e in envs.envs) - plies_before + finished
    return n / used, plies / used


def breakdown(game: str, players: int, plies: int = 600) -> dict[str, float]:
    """µs per ply (CPU) of each part of an environment step, at the positions of random games."""
    rnd = random.Random(2)
    s, states = ccg.new_game(game, players=players, seed=2), []
    while len(states) < plies:
        if s.is_terminal():
            s = ccg.new_game(game, players=players, seed=len(states) + 3)
        states.append(s.clone())
        s.apply(rnd.choice(s.legal_actions()))
    enc = encoding_for(states[0])

    def per_ply(fn) -> float:
        copies = [st.clone() for st in states]
        start = time.process_time()
        for st in copies:
            fn(st)
        return (time.process_time() - start) / len(copies) * 1e6

    clone = per_ply(lambda st: None)  # the loop alone
    raw = per_ply(lambda st: st.apply(st.legal_actions()[0])) - clone
    observation = per_ply(lambda st: st.observation(st.current_player)) - clone
    observations = [st.observation(st.current_player) for st in states]
    start = time.process_time()
    for obs in observations:
        enc.schema.encode(obs)
    encode = (time.process_time() - start) / len(observations) * 1e6
    mask = per_ply(lambda st: enc.legal_mask(st)) - clone
    return {"raw": raw, "observation": observation, "encode": encode, "mask": mask}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=3.0, help="CPU-seconds per measurement")
    ap.add_argument("--games", nargs="*", default=list(CONFIGS), help="game:players entries")
    args = ap.parse_args()
    print(f"machine: {platform.machine()}, Python {platform.python_version()}, {args.seconds:g} CPU-s per cell")
    print("| game | players | raw plies/CPU-s | + mask | + tensor | PettingZoo step (tensor + mask) | × raw "
          "| batch of 8: learner steps/CPU-s | engine plies/CPU-s |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for entry in args.games:
        game, players = entry.split(":")
        p = int(players)
        raw = _rate(_engine_loop(game, p, lambda enc, s: None), args.seconds)
        mask = _rate(_engine_loop(game, p, lambda enc, s: enc.legal_mask(s)), args.seconds)
        tensor = _rate(_engine_loop(game, p, lambda enc, s: enc.observation_tensor(s, s.current_player)),
                       args.seconds)
        pz = _rate(_pettingzoo_loop(game, p), args.seconds)
        steps, plies = _batch(game, p, args.seconds)
        print(f"| {game} | {p} | {raw:,.0f} | {mask:,.0f} | {tensor:,.0f} | {pz:,.0f} | {raw / pz:.1f} "
              f"| {steps:,.0f} | {plies:,.0f} |", flush=True)
    print("\nWhere a step's time goes, µs per ply (CPU, on fresh copies of the positions: the first of apply and\n"
          "mask computes the legal actions):\n")
    print("| game | players | legal_actions + apply | observation(seat) | encode (tensor from it) | mask |")
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    for entry in args.games:
        game, players = entry.split(":")
        b = breakdown(game, int(players))
        print(f"| {game} | {players} | {b['raw']:.1f} | {b['observation']:.1f} | {b['encode']:.1f} "
              f"| {b['mask']:.1f} |", flush=True)


if __name__ == "__main__":
    main()
