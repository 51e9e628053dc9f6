"""CO2's debrief metrics (``SPEC.debrief``; the protocol is in ccg/analysis/debrief.py): did the class save the
planet, and who free-rode?

CEP paid (CO2-13.4): a seat pays the bank 1 CEP for each project it installs (CO2-6.2.3, rule ``install.cep``)
and 1 CEP for each new fossil plant in a region it controls (CO2-4.3.5a, CO2-4.3.5b). Documented choice:
auction bids paid in CEP (CO2-17.2.4) are not counted.
"""
from __future__ import annotations

from typing import Any

from ccg.core.errors import InvalidPositionError
from ccg.core.positions import replay
from ccg.core.registry import new_game
from ccg.i18n import NP_

from .economy import GREEN0
from .hooks import trajectory_frame
from .state import Co2State

SEAT_METRICS = {"vp": "VP at the end (CO2-15)", "cep_paid": "CEP paid to the bank over the game (CO2-13.4)"}
GAME_METRICS = {"planet_lost": "the planet was lost: everyone loses (CO2-14.3)",
                "final_ppm": "CO₂ in the atmosphere at the end (ppm)"}
# the titles and line names are translated by the classroom in the game's catalog context (NP_ marks them)
PATH = ("ppm", NP_("co2", "CO₂ (ppm)"))
SHARE = ("planet_lost", NP_("co2", "Planet lost"))
SCATTER = ("cep_paid", "vp", NP_("co2", "Who free-rode? VP gained against CEP paid (CO2-13.4)"))


def seat_metrics(record: dict[str, Any], state: Co2State) -> list[dict[str, Any]]:
    """VP and CEP paid of every seat of the finished game ``state`` (replayed from ``record``)."""
    paid = cep_paid(record)
    return [{"vp": state.vp[p], "cep_paid": paid[p]} for p in range(state.num_players)]


def game_metrics(state: Co2State) -> dict[str, Any]:
    return {"planet_lost": state.lost, "final_ppm": state.ppm}


def path(state: Co2State) -> list[tuple[str, float]]:
    """The ppm at setup, at the end of each decade and at the end (or now)."""
    frame = trajectory_frame(state)
    return [(str(at), int(ppm)) for at, ppm in zip(frame["at"], frame["ppm"])]


def path_lines(state: Co2State) -> dict[str, float]:
    """The lines drawn across the path: where catastrophes start (CO2-0.5, CO2-4.4) and the planet is lost (CO2-14.3)."""
    return {NP_("co2", "planet lost"): state.rules["ppm.lose"], NP_("co2", "catastrophes"): state.rules["ppm.catastrophe"]}


def _fossils_by_region(s: Co2State) -> list[int]:
    return [sum(1 for k in s.space_kind[s.first_space[r]:s.first_space[r] + s.components.spaces[r]] if 0 <= k < GREEN0)
            for r in range(len(s.components.spaces))]


def cep_paid(record: dict[str, Any]) -> list[int]:
    """CEP each seat paid to the bank over a CO2 game (see the module docstring for what counts).

    A record of another game raises ValueError; a malformed one InvalidPositionError (a ValueError) naming
    the field or the action that is wrong."""
    if not isinstance(record, dict) or record.get("game") != "co2":
        game = record.get("game") if isinstance(record, dict) else record
        raise ValueError(f"cep_paid: CEP exist in CO2 only, not in {game!r}")
    replay(record)  # the whole record checked first: its header, then every action legal in its turn
    state = new_game("co2", players=record["players"], seed=record["seed"], **record["options"])
    if not isinstance(state, Co2State):
        raise TypeError(f"new_game('co2') made a {type(state).__name__}, not a Co2State")
    paid = [0] * state.num_players
    for i, text in enumerate(record["actions"]):
        mover = state.current_player
        if mover is None:
            raise InvalidPositionError(f"invalid record: action {i + 1} ({text!r}) comes after the end of the game")
        ctrl = state.controller[:]
        before = _fossils_by_region(state)
        action = state.parse_action(text)
        state.apply(action)
        if action.kind == "install":  # CO2-6.2.3
            paid[mover] += state.rules["install.cep"]
        for r, (was, now) in enumerate(zip(before, _fossils_by_region(state))):
            if now > was and ctrl[r] >= 0:  # CO2-4.3.5a: the controller pays for each new fossil plant
                paid[ctrl[r]] += now - was
    return paid
