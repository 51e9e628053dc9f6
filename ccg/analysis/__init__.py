"""Simulation, tournaments and sweeps that turn many games into pandas DataFrames."""
from .estimate import RunningEstimate
from .pool import shutdown, use_client, warm_up
from .progressive import Partial, Progressive
from .runner import PlayResult, game_seed, game_seeds, play
from .simulate import Simulation, simulate
from .stats import proportions, wilson
from .sweep import sweep
from .tournament import tournament

__all__ = ["Partial", "PlayResult", "Progressive", "RunningEstimate", "Simulation", "game_seed", "game_seeds", "play",
           "proportions", "shutdown", "simulate", "sweep", "tournament", "use_client", "warm_up", "wilson"]
