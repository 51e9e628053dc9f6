"""The protocol every game implements: states, actions, RNG, errors, records, registry."""
from pathlib import Path

from .native import use_fresh_build

# GameState, compiled with mypyc when ccg was installed (build_native.py): True when the compiled module runs,
# False when its source does (no compiler, a source edited since, CCG_PURE_PYTHON)
NATIVE = use_fresh_build(__name__, Path(__file__).resolve().parent)  # the imports below come after it

from .action import Action  # noqa: E402
from .describe import ActionDescription  # noqa: E402
from .edit import PositionEditor, board_of, edit  # noqa: E402
from .errors import BrokenInvariantError, IllegalActionError, InvalidPositionError, require  # noqa: E402
from .glossary import Glossary, game_title, kinds, term  # noqa: E402
from .persona import PersonaParam  # noqa: E402
from .positions import (  # noqa: E402
    from_position_string,
    load_state,
    read_position_string,
    replay,
    seat_view,
    state_from_dict,
    to_position_string,
    to_seat_position_string,
)
from .registry import GameSpec, game_module, get_spec, list_games, new_game, register  # noqa: E402
from .rng import Rng  # noqa: E402
from .rulebook import UnknownRuleError, rule_ids, rule_title, rules_text  # noqa: E402
from .rules import OptionSpec, RuleParam, resolve_rules, rules_option  # noqa: E402
from .state import GameState, position_error  # noqa: E402
from .teaching import Gauge, Lesson  # noqa: E402

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
