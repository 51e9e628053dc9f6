"""Shared helpers of the environment tests: the configurations that have an encoding, sampled positions."""
from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from conformance import config_id, configurations, sample_states  # noqa: E402

from ccg.core import get_spec  # noqa: E402


def encoded_configurations() -> list[tuple[str, dict]]:
    """(game, new_game kwargs) of every conformance configuration of every game with an encoding."""
    return [(g, cfg) for g, cfg in configurations() if "_broken" not in cfg and get_spec(g).encoding is not None]


def player_counts() -> list[tuple[str, int]]:
    """(game, players) for every game with an encoding and every player count it allows."""
    out = []
    for g in sorted({g for g, _ in encoded_configurations()}):
        spec = get_spec(g)
        out += [(g, p) for p in range(spec.min_players, spec.max_players + 1)]
    return out


__all__ = ["config_id", "encoded_configurations", "player_counts", "sample_states"]
