"""The protocol every game implements: states, actions, RNG, errors, records, registry."""
from .action import Action
from .describe import ActionDescription
from .edit import PositionEditor, board_of, edit
from .errors import BrokenInvariantError, IllegalActionError, InvalidPositionError, require
from .glossary import Glossary, game_title, kinds, term
from .persona import PersonaParam
from .positions import (
    from_position_string,
    load_state,
    read_position_string,
    replay,
    seat_view,
    state_from_dict,
    to_position_string,
    to_seat_position_string,
)
from .registry import GameSpec, game_module, get_spec, list_games, new_game, register
from .rng import Rng
from .rulebook import UnknownRuleError, rule_ids, rule_title, rules_text
from .rules import OptionSpec, RuleParam, resolve_rules, rules_option
from .state import GameState, position_error
from .teaching import Gauge, Lesson

__all__ = [
    "Action", "ActionDescription", "BrokenInvariantError", "GameSpec", "Glossary", "game_title", "kinds", "term",
    "PositionEditor", "board_of", "edit", "GameState",
    "Gauge", "IllegalActionError", "Lesson", "InvalidPositionError", "OptionSpec", "PersonaParam", "Rng", "RuleParam",
    "UnknownRuleError", "rule_ids", "rule_title",
    "rules_text", "from_position_string", "game_module", "get_spec", "list_games", "load_state", "new_game",
    "position_error", "read_position_string", "register", "replay", "require", "resolve_rules", "rules_option",
    "seat_view",
    "state_from_dict", "to_position_string", "to_seat_position_string",
]
