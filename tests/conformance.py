"""The conformance suite ships as ``ccg.testing``; the tests' helpers import it from here."""
from __future__ import annotations

from ccg.testing import config_id, configurations, random_game, run_python, sample_states
from ccg.testing.play import BROKEN

__all__ = ["BROKEN", "config_id", "configurations", "random_game", "run_python", "sample_states"]
