"""Simulation, tournaments and sweeps that turn many games into pandas DataFrames."""
from .runner import PlayResult, game_seed, game_seeds, play
from .simulate import Simulation, simulate
from .stats import proportions, wilson
from .sweep import sweep
from .tournament import tournament

__all__ = ["PlayResult", "Simulation", "game_seed", "game_seeds", "play", "proportions", "simulate", "sweep", "tournament", "wilson"]
