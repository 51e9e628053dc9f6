"""The cost of a move description in each language: CPU µs per ``describe_action`` over the legal actions of the
positions of one seeded random game per game (the best of 3 passes).

    .venv/bin/python benchmarks/describe_languages.py [--positions 400]
"""
from __future__ import annotations

import argparse
import platform
import random
import time

import ccg
from ccg.i18n import AVAILABLE, lang

GAMES = ("co2", "chicago_express", "catan")


def positions(game: str, limit: int) -> list:
    s = ccg.new_game(game, seed=1, players=4)
    rng = random.Random(1)
    out = []
    while not s.is_terminal() and len(out) < limit:
        out.append(s.clone())
        s.apply(rng.choice(s.legal_actions()))
    return out


def per_description(pairs: list, code: str, passes: int = 3) -> float:
    best = float("inf")
    for _ in range(passes):
        start = time.process_time()
        with lang(code):
            for state, action in pairs:
                state.describe_action(action)
        best = min(best, time.process_time() - start)
    return best / len(pairs) * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=400)
    args = parser.parse_args()
    print(f"Machine: {platform.machine()}, Python {platform.python_version()}; CPU µs per description (process_time), best of 3 passes")
    print("| game | descriptions | " + " | ".join(AVAILABLE) + " |")
    print("|---|---:|" + "---:|" * len(AVAILABLE))
    for game in GAMES:
        pairs = [(s, a) for s in positions(game, args.positions) for a in s.legal_actions()]
        cells = " | ".join(f"{per_description(pairs, code):.1f}" for code in AVAILABLE)
        print(f"| {game} | {len(pairs)} | {cells} |")


if __name__ == "__main__":
    main()
