"""The Operations phase (CO2-3, CO2-5.1): rounds of turns in order, its end and the game's end (CO2-14.1)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .economy import GREEN0
from .flags import fresh_turn_flags
from .hooks import snapshot
from .tasks import BeginTurn, Bid, Final, OpsEnd, Supply, Turn, push

if TYPE_CHECKING:
    from .state import Co2State


_ROUNDS_KEY = {n: f"rounds.{n}p" for n in range(2, 6)}  # the rule names, built once: ``rounds`` runs often


def rounds(s: Co2State) -> int:
    """Rounds per decade (CO2-3.3), turns per decade in the solo game (CO2-17.3.5)."""
    n = s.num_players
    return s.rules["solo.turns"] if n == 1 else s.rules[_ROUNDS_KEY[n]]


def last_decade(s: Co2State) -> int:
    """The decade the game ends in at the latest (CO2-3.1)."""
    return s.rules["decades.5p"] if s.num_players == 5 else s.rules["decades"]


def turn_order(s: Co2State, first: int) -> list[int]:
    """Every seat once, clockwise from ``first`` (CO2-0.8, CO2-5.1)."""
    n = s.num_players
    return [(first + k) % n for k in range(n)]


def ops_start(s: Co2State, task) -> None:
    s.round, s.turns = 1, 0
    push(s, BeginTurn(s.start))  # CO2-5.1: the start player opens every round


def begin_turn(s: Co2State, task) -> None:
    s.active = task.seat
    s.turn_flags = fresh_turn_flags()
    push(s, Turn(task.seat))


def after_turn(s: Co2State, task) -> None:
    s.turns += 1
    if s.turns < s.num_players:  # CO2-5.1 clockwise
        push(s, BeginTurn((s.active + 1) % s.num_players))
        return
    s.turns = 0
    s.round += 1  # CO2-3.4: the round marker moves on; past the last round the phase ends
    if s.round > rounds(s):
        push(s, OpsEnd())
    else:
        push(s, BeginTurn(s.start))


def green_regions(s: Co2State) -> int:
    """Regions whose demand spaces all hold green plants (CO2-14.1.2)."""
    k = 0
    for r in range(6):
        o = s.first_space[r]
        if all(x >= GREEN0 for x in s.space_kind[o:o + s.components.spaces[r]]):
            k += 1
    return k


def game_should_end(s: Co2State) -> bool:
    """CO2-14.1, checked at the end of each Operations phase."""
    if s.decade >= last_decade(s):  # CO2-14.1.1
        return True
    if green_regions(s) >= s.rules["end.green_regions"]:  # CO2-14.1.2
        return True
    # CO2-14.1.3 (reading of the note): decade >= 4, below 350 now, and >= 350 at some earlier point
    return s.decade >= s.rules["end.safe_decade"] and s.ppm < s.rules["ppm.catastrophe"] <= s.ppm_peak


def ops_end(s: Co2State, task) -> None:
    """CO2-3.5: the end of the Operations phase."""
    snapshot(s, s.decade)
    if game_should_end(s):
        push(s, Final(-1, 1))  # CO2-14.2
        return
    s.decade += 1  # CO2-3.5 step 1 (CO2-EX-19)
    if s.options.get("auction", False):
        push(s, Bid(s.start, 0, -1, -1), Supply())  # CO2-17.2.1: replaces passing the tile
    else:
        s.start = (s.start + 1) % s.num_players  # CO2-3.5 step 3: to the player on the left
        push(s, Supply())  # CO2-3.2: the next decade opens with its Supply phase
