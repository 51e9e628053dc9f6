"""Agents: objects with ``act(state) -> Action`` that never mutate the state."""
from .base import Agent, make_agent
from .random_agent import RandomAgent

__all__ = ["Agent", "RandomAgent", "make_agent"]
