"""Simulation and sweeps that turn many games into pandas DataFrames."""
from .runner import PlayResult, play, game_seeds
from .simulate import simulate

__all__ = ["PlayResult", "game_seeds", "play", "simulate"]
