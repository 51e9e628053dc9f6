"""Agents: objects with ``act(state) -> Action`` that never mutate the state; every ``act`` is handed
the seat view of the state (``Agent.seat_view``), never the real state, unless the agent is a ``referee``.

``RandomAgent`` (uniform), ``GreedyAgent`` (one-ply lookahead on the game's
heuristic), ``StrategistAgent`` (each game's own plan, with persona parameters)
and ``MCTSAgent`` (information-set MCTS over ``determinize``).
``make_agent("mcts:200", seed)`` builds one from a name; seats nobody chose
get ``DEFAULT_AGENT`` (the strategist). ``StrategistAgent.explain(state)`` gives an
:class:`Explanation` of its move.
"""
from .base import DEFAULT_AGENT, Agent, agent_label, agent_names, make_agent, parse_agent_spec, register_agent
from .explain import Explanation, Option
from .greedy import GreedyAgent
from .mcts import MCTSAgent
from .random_agent import RandomAgent
from .strategist import PersonaParam, StrategistAgent, persona_params, persona_presets

__all__ = [
    "DEFAULT_AGENT", "Agent", "Explanation", "GreedyAgent", "MCTSAgent", "Option", "PersonaParam", "RandomAgent", "StrategistAgent", "agent_label",
    "agent_names", "make_agent", "parse_agent_spec", "persona_params", "persona_presets", "register_agent",
]
