"""A learning example that runs: sb3-contrib's MaskablePPO on the smallest configuration, against random play.

    .venv/bin/python benchmarks/learn_maskable_ppo.py [--steps 20480] [--games 50] [--seed 0]

Needs the ``learn`` extra (``pip install -e '.[rl,learn]'``: sb3-contrib and torch's CPU wheel; not part of
``make test``). ``gym.make("ccg/chicago_express-v0", players=2, opponents="random")`` — Chicago Express, two
players, the learner in seat 0 against a random player — is trained for ``--steps`` learner steps with the
default MaskablePPO ("MlpPolicy", the mask from ``action_masks()``, no adapter); then the trained policy
(deterministic, masked) and a random masked learner each play the same ``--games`` seeded games against the
random opponent. Printed: the win rates with 95 % Wilson intervals (a shared win counts as a fraction), whether
the intervals overlap, and the CPU and wall time of training and evaluation.
"""
from __future__ import annotations

import argparse
import platform
import time

import gymnasium as gym
import numpy as np

import ccg  # noqa: F401  (registers ccg/<game>-v0)
from ccg.analysis.stats import wilson

GAME, PLAYERS = "chicago_express", 2
EVAL_SEEDS = 10_000  # evaluation games are seeded EVAL_SEEDS, EVAL_SEEDS + 1, … (never used in training)


def make_env(seed: int | None = None) -> gym.Env:
    return gym.make(f"ccg/{GAME}-v0", players=PLAYERS, opponents="random", seed=seed)


def play(env: gym.Env, choose, games: int) -> float:
    """Wins of the learner over ``games`` seeded games (a shared win counts 1/k)."""
    wins = 0.0
    for k in range(games):
        obs, info = env.reset(seed=EVAL_SEEDS + k)
        done, reward = False, 0.0
        while not done:
            obs, reward, terminated, truncated, info = env.step(choose(obs, info["action_mask"]))
            done = terminated or truncated
        wins += reward
    return wins


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--steps", type=int, default=20_480, help="learner steps of training")
    ap.add_argument("--games", type=int, default=50, help="evaluation games per player")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    import torch
    from sb3_contrib import MaskablePPO

    torch.set_num_threads(1)
    print(f"machine: {platform.machine()}, Python {platform.python_version()}, torch {torch.__version__}")
    cpu, wall = time.process_time(), time.perf_counter()
    model = MaskablePPO("MlpPolicy", make_env(seed=args.seed), seed=args.seed, verbose=0)
    model.learn(total_timesteps=args.steps)
    train_cpu, train_wall = time.process_time() - cpu, time.perf_counter() - wall

    env = make_env()
    rng = np.random.default_rng(args.seed)
    cpu, wall = time.process_time(), time.perf_counter()
    trained = play(env, lambda obs, mask: int(model.predict(obs, action_masks=mask, deterministic=True)[0]),
                   args.games)
    eval_cpu, eval_wall = time.process_time() - cpu, time.perf_counter() - wall
    random_wins = play(env, lambda obs, mask: int(rng.choice(np.flatnonzero(mask))), args.games)
    rows = []
    for name, wins in (("MaskablePPO", trained), ("random", random_wins)):
        lo, hi = wilson(wins, args.games)
        rows.append((name, wins / args.games, lo, hi))
        print(f"| {name} | {args.games} | {wins / args.games:.2f} [{lo:.2f}, {hi:.2f}] |")
    overlap = rows[0][2] <= rows[1][3] and rows[1][2] <= rows[0][3]
    print(f"intervals overlap: {overlap}; training {args.steps} steps: {train_cpu:.0f} CPU-s ({train_wall:.0f} s wall); "
          f"evaluation of the trained policy: {eval_cpu:.0f} CPU-s ({eval_wall:.0f} s wall)")


if __name__ == "__main__":
    main()
