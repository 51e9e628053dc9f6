"""Helpers for the Chicago Express tests: set positions up directly, consistently."""
from __future__ import annotations

import ccg
from ccg.core.edit import PositionEditor
from ccg.games.chicago_express.board import BOARD, COMPANIES
from ccg.games.chicago_express.build import hex_income

PRR, BO, NYC, CO, WAB = range(5)
H = BOARD.index  # hex id -> index


def new(players: int = 4, seed: int = 1, **rules):
    return ccg.new_game("chicago_express", players=players, seed=seed, **({"rules": rules} if rules else {}))


def after_openings(players: int = 4, seed: int = 1, **rules):
    """All four opening auctions passed: the banker (seat 0) holds one share of each eastern company free."""
    s = new(players, seed, **rules)
    while s.phase == 0:
        s.apply("pass")
    s.check_invariants()
    return s


def set_income(s, c: int, value: int) -> None:
    """Set a company's income, keeping the from-scratch income check consistent."""
    s.income_base[c] += value - s.income[c]
    s.income[c] = value


def give_share(s, seat: int, c: int, n: int = 1) -> None:
    s.add_share(seat, c, n)
    s.shares_left[c] -= n


def take_share(s, seat: int, c: int, n: int = 1) -> None:
    s.add_share(seat, c, -n)
    s.shares_left[c] += n


def put(s, c: int, hex_id: str, gain_income: bool = True) -> None:
    """Place a train of company c on hex_id directly (no cost), with its CE-7 income."""
    h = H[hex_id]
    bit = 1 << h
    s.hex_companies[h] |= 1 << c
    s.network[c] |= bit
    s.adjacent[c] |= BOARD.nb_mask[h]
    s.train_mask |= bit
    s.trains_left[c] -= 1
    if gain_income:
        s.income[c] += hex_income(s, h)
    else:
        s.income_base[c] -= hex_income(s, h)


def path(s, c: int, *hexes: str) -> None:
    for h in hexes:
        put(s, c, h)


def fund(s, c: int, amount: int) -> None:
    """Give company c money as if paid by seat 0 (keeps money conserved)."""
    s.cash[0] -= amount
    s.treasury[c] += amount


def add_house(s, hex_id: str) -> None:
    """A house placed earlier (income of companies present adjusted as CE-8.7 would)."""
    h = H[hex_id]
    s.house_mask |= 1 << h
    s.house_supply -= 1
    for c in range(5):
        if s.hex_companies[h] >> c & 1:
            s.income[c] += BOARD.house[h]


def refresh(s) -> None:
    s.mark_edited()
    s.check_invariants()


def names(actions) -> list[str]:
    return [str(a) for a in actions]


__all__ = ["PRR", "BO", "NYC", "CO", "WAB", "H", "BOARD", "COMPANIES", "new", "after_openings", "set_income",
           "give_share", "take_share", "put", "path", "fund", "add_house", "refresh", "names"]


def route(s, c: int | str, target: str, via: str | None = None) -> list[str]:
    """A shortest list of hexes company c may build on from its network to ``target`` (inclusive),
    avoiding other start hexes (CE-6.5) and forests/mountains someone already holds (CE-6.8); read from the
    position (a state, or an editor with the trains laid so far) and the public board map only."""
    name = c if isinstance(c, str) else COMPANIES[c]
    trains = s.data["trains"] if isinstance(s, PositionEditor) else s.to_dict()["state"]["trains"]
    if via is not None:
        first = _route(trains, name, via)
        return first + _route({**trains, name: trains[name] + first}, name, target)
    return _route(trains, name, target)


def _route(trains: dict, name: str, target: str) -> list[str]:
    b = ccg.board_of("chicago_express")
    eastern = {co.start for co in b.companies.values() if b.hexes[co.start].terrain == "start"}
    held = {h for hexes in trains.values() for h in hexes if b.hexes[h].terrain in ("forest", "mountain")}
    blocked = (eastern - {b.companies[name].start}) | held
    net = set(trains[name])
    prev: dict[str, str] = {}
    frontier = [h for h in b.hex_ids if h in net]  # board order, as the engine's bit masks
    seen = set(frontier)
    while frontier and target not in seen:
        nxt = []
        for h in frontier:
            for j in b.hexes[h].neighbours:
                if j in seen or j in blocked:
                    continue
                seen.add(j)
                prev[j] = h
                nxt.append(j)
        frontier = nxt
    out = []
    h = target
    while h not in net:
        out.append(h)
        h = prev[h]
    return out[::-1]
