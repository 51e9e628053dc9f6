"""Turn order of a loaded CO2 position: round, turns and the active player agree with the start player."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ccg.core import validate as v

from .operations import rounds

if TYPE_CHECKING:
    from .state import Co2State

IN_OPERATIONS = ("turn", "after_turn")  # bottom tasks while the players take their turns (CO2-5.1)
AFTER_OPERATIONS = ("supply", "supply_end", "final_vp")  # the decade's rounds are over (CO2-3.5)


def check_turn_order(s: Co2State) -> None:
    """Refuse a position whose active player cannot be reached from its start player and turn count.

    During the operations the turns of a round go clockwise from the start player (CO2-5.1), so the
    active player is ``(start + turns) % players`` and the round is one of the decade's rounds (CO2-3.3);
    once the rounds are over (supply phase, CO2-3.5) no turn is counted and the round is past the last.
    """
    if s.over:
        return
    n, last = s.num_players, rounds(s)
    bottom = s.tasks[0]
    if bottom.kind in IN_OPERATIONS:
        if s.round > last:
            raise v._fail("round", f"round {s.round} is past the decade's {last} rounds (CO2-3.3) while turns "
                                   "are still played")
        expected = (s.start + s.turns) % n
        if s.active != expected:
            raise v._fail("active", f"seat {s.active} is active, but {s.turns} turn(s) after start player seat "
                                    f"{s.start} it is seat {expected}'s turn (turns go clockwise, CO2-5.1)")
        if bottom.kind == "turn" and bottom.seat != s.active:
            raise v._fail("tasks", f"the turn under way is seat {bottom.seat}'s, but seat {s.active} is active (CO2-5.1)")
    elif bottom.kind in AFTER_OPERATIONS and (s.turns != 0 or s.round != last + 1):
        raise v._fail("round", f"after the decade's rounds (supply phase, CO2-3.5) round must be {last + 1} and "
                               f"turns 0, got round {s.round}, turns {s.turns}")
    elif bottom.kind == "ops_start" and s.turns != 0:
        raise v._fail("turns", f"no turn is played before the operations start, got turns {s.turns} (CO2-3.3)")
