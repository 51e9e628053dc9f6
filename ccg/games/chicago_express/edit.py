"""Editing a Chicago Express position by name (``ccg.edit(state)``): cash, shares, trains, houses, industry, meters.

Money comes from and goes to the bank (``bank_paid_out`` / ``bank_received`` follow, CE-1.3), a
share given to a player is one of the company's unsold shares, a train placed is one of the
company's trains left, a house comes from the supply; a company's income follows its trains, the
houses and the industry values (CE-7, CE-8), unless its income is set by hand — then its base
follows instead. Chicago Express draws nothing by chance after the set-up (the opening auctions
decide the start player), so it has no chance set-ups.

>>> import ccg
>>> s = ccg.new_game("chicago_express", players=4, seed=1)
>>> e = s.edit()
>>> e.player(1).shares["PRR"] = 1           # one of PRR's unsold shares
>>> e.company("PRR").trains = ["R5", "Q5", "P4", "O4"]   # O4 is a city (income 1)
>>> e.houses = ["O4"]                         # from the house supply (+1 more)
>>> t = e.commit()
>>> d = t.to_dict()["state"]
>>> d["shares_left"][0], d["trains_left"][0], d["house_supply"], d["income"][0] - s.to_dict()["state"]["income"][0]
(2, 16, 19, 2)
>>> e = t.edit(); e.player(2).cash = -3; e.commit()
Traceback (most recent call last):
...
ccg.core.errors.InvalidPositionError: the edited position is invalid: player 2's cash would be -3
"""
from __future__ import annotations

from typing import Any

from ccg.core import resolve_rules
from ccg.core.edit import Counts, PositionEditor, choose, whole
from ccg.core.errors import InvalidPositionError

from .board_map import board_map
from .params import RULES

BOARD = board_map()
COMPANY_NAMES = tuple(BOARD.companies)
INDUSTRY_NAMES = tuple(BOARD.industries)
METERS = ("auction", "build", "development")  # the three action meters (CE-4.2), in the position's order
_ORDER = {h: i for i, h in enumerate(BOARD.hex_ids)}


class Player:
    """One seat: ``cash`` (from the bank) and ``shares`` by company name (from the unsold shares)."""

    def __init__(self, editor: "Editor", seat: int) -> None:
        self._e, self.seat = editor, seat
        self.shares = Counts(COMPANY_NAMES, lambda c: editor.data["shares"][seat][editor._c(c)],
                             lambda c, v: editor._set_share(seat, c, v), f"player {seat}'s shares")

    @property
    def cash(self) -> int:
        return self._e.data["cash"][self.seat]

    @cash.setter
    def cash(self, value: int) -> None:
        value = whole(value, f"player {self.seat}'s cash")
        d = self._e.data["cash"]
        self._e.take("bank", value - d[self.seat])
        d[self.seat] = value


class Company:
    """One railroad: ``treasury`` (from the bank), ``trains`` (hex ids; from its trains left),
    ``income`` (follows the map unless set), ``unsold_shares`` (set it to fix the pool by hand)."""

    def __init__(self, editor: "Editor", name: str) -> None:
        self._e, self.name = editor, name
        self._i = COMPANY_NAMES.index(name)

    @property
    def treasury(self) -> int:
        return self._e.data["treasury"][self._i]

    @treasury.setter
    def treasury(self, value: int) -> None:
        value = whole(value, f"{self.name}'s treasury")
        d = self._e.data["treasury"]
        self._e.take("bank", value - d[self._i])
        d[self._i] = value

    @property
    def trains(self) -> list[str]:
        return list(self._e.data["trains"][self.name])

    @trains.setter
    def trains(self, hexes: list[str]) -> None:
        new = self._e._hex_list(hexes, f"{self.name}'s trains")
        self._e.take(f"trains:{self.name}", len(new) - len(self._e.data["trains"][self.name]))
        self._e.data["trains"][self.name] = new

    @property
    def income(self) -> int:
        return self._e.data["income"][self._i]

    @income.setter
    def income(self, value: int) -> None:
        self._e.data["income"][self._i] = whole(value, f"{self.name}'s income")
        self._e.set_explicitly(f"income:{self.name}")

    @property
    def unsold_shares(self) -> int:
        return self._e.data["shares_left"][self._i]

    @unsold_shares.setter
    def unsold_shares(self, value: int) -> None:
        self._e.data["shares_left"][self._i] = whole(value, f"{self.name}'s unsold shares")
        self._e.set_explicitly(f"shares:{self.name}")


class Editor(PositionEditor):
    """Named fields of a Chicago Express position (see the module docstring); ``commit()`` checks and loads."""

    def __init__(self, state: Any) -> None:
        super().__init__(state)
        self._rules = resolve_rules(RULES, state.options.get("rules"))
        self.industry = Counts(INDUSTRY_NAMES, lambda k: self.data["industry"][INDUSTRY_NAMES.index(k)],
                               self._set_industry, "industry")
        # how many times each action has been chosen since the last dividend phase (CE-4.2, CE-4.6)
        self.meters = Counts(METERS, lambda k: self.data["meters"][METERS.index(k)],
                             lambda k, v: self.data["meters"].__setitem__(METERS.index(k), v), "meters")

    # ---- named access -------------------------------------------------------------------------
    def player(self, seat: int) -> Player:
        """Seat ``seat`` (0..players-1)."""
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
            raise InvalidPositionError(f"seat must be 0..{self.players - 1}, got {seat!r}")
        return Player(self, seat)

    def company(self, name: str) -> Company:
        """A railroad by name: PRR, B&O, NYC, C&O, Wabash."""
        return Company(self, choose(name, COMPANY_NAMES, "a company"))

    @property
    def houses(self) -> list[str]:
        """Hexes with a house (CE-8); houses placed or removed come from or go back to the supply."""
        return list(self.data["houses"])

    @houses.setter
    def houses(self, hexes: list[str]) -> None:
        new = self._hex_list(hexes, "houses")
        self.take("houses", len(new) - len(self.data["houses"]))
        self.data["houses"] = new

    @property
    def house_supply(self) -> int:
        return self.data["house_supply"]

    @house_supply.setter
    def house_supply(self, value: int) -> None:
        self.data["house_supply"] = whole(value, "the house supply")
        self.set_explicitly("houses")

    @property
    def bank_paid_out(self) -> int:
        """Money the bank has paid in all; set it (or ``bank_received``) to stop it following the edits."""
        return self.data["bank_paid_out"]

    @bank_paid_out.setter
    def bank_paid_out(self, value: int) -> None:
        self.data["bank_paid_out"] = whole(value, "bank_paid_out")
        self.set_explicitly("bank")

    @property
    def bank_received(self) -> int:
        return self.data["bank_received"]

    @bank_received.setter
    def bank_received(self, value: int) -> None:
        self.data["bank_received"] = whole(value, "bank_received")
        self.set_explicitly("bank")

    def seat_fields(self) -> tuple[str, ...]:
        return ("cash",) + tuple(f"shares.{c}" for c in COMPANY_NAMES)

    # ---- helpers ------------------------------------------------------------------------------
    def _c(self, name: str) -> int:
        return COMPANY_NAMES.index(name)

    def _set_share(self, seat: int, company: str, value: int) -> None:
        row = self.data["shares"][seat]
        self.take(f"shares:{company}", value - row[self._c(company)])
        row[self._c(company)] = value

    def _set_industry(self, name: str, value: int) -> None:
        self.data["industry"][INDUSTRY_NAMES.index(name)] = value

    def _hex_list(self, hexes: Any, what: str) -> list[str]:
        if isinstance(hexes, str) or not hasattr(hexes, "__iter__"):
            raise InvalidPositionError(f"{what} must be a list of hex ids, got {hexes!r}")
        out = []
        for h in hexes:
            if h not in _ORDER:
                raise InvalidPositionError(f"{what}: {h!r} is not a hex of the map")
            if h in out:
                raise InvalidPositionError(f"{what}: {h} is listed twice")
            out.append(h)
        return sorted(out, key=_ORDER.__getitem__)  # the position lists hexes in board order

    def _hex_income(self, h: str) -> int:
        x = BOARD.hexes[h]
        if x.terrain in ("city", "mountain"):
            return x.income + ((x.house or 0) if h in self.data["houses"] else 0)
        if x.terrain == "industrial":
            return self.data["industry"][INDUSTRY_NAMES.index(x.industry or "")]
        return 0

    # ---- commit ---------------------------------------------------------------------------------
    def _settle(self) -> None:
        d = self.data
        moved = self._taken.get("bank", 0)
        if self.follows("bank") and moved:
            if moved > 0:
                d["bank_paid_out"] += moved
            else:
                d["bank_received"] -= moved
        for i, c in enumerate(COMPANY_NAMES):
            if self.follows(f"shares:{c}"):
                d["shares_left"][i] -= self._taken.get(f"shares:{c}", 0)
            d["trains_left"][i] -= self._taken.get(f"trains:{c}", 0)
            on_map = sum(self._hex_income(h) for h in d["trains"][c])
            bonus = self._rules["chicago_income"] if c in d["chicago"] else 0
            if self.follows(f"income:{c}"):  # CE-7: income follows the trains' hexes
                d["income"][i] = d["income_base"][i] + on_map + bonus
            else:
                d["income_base"][i] = d["income"][i] - on_map - bonus
        if self.follows("houses"):
            d["house_supply"] -= self._taken.get("houses", 0)

    def _facts(self) -> list[str]:
        d, n, out = self.data, self.players, []
        for p in range(n):
            if d["cash"][p] < 0:
                out.append(f"player {p}'s cash would be {d['cash'][p]}")
            for i, c in enumerate(COMPANY_NAMES):
                if d["shares"][p][i] < 0:
                    out.append(f"player {p}'s {c} shares would be {d['shares'][p][i]}")
        for i, c in enumerate(COMPANY_NAMES):
            total = BOARD.companies[c]
            if d["treasury"][i] < 0:
                out.append(f"{c}'s treasury would be {d['treasury'][i]}")
            held = sum(d["shares"][p][i] for p in range(n))
            if d["shares_left"][i] < 0 or held + d["shares_left"][i] != total.shares:
                out.append(f"{c} has {total.shares} shares in all, but players would hold {held} and "
                           f"{d['shares_left'][i]} would be unsold")
            if d["trains_left"][i] < 0:
                out.append(f"{c} has {total.trains} trains in all, but {len(d['trains'][c])} would be on the map")
        if d["house_supply"] < 0 or d["house_supply"] + len(d["houses"]) != self._rules["houses"]:
            out.append(f"there are {self._rules['houses']} houses in all, but {len(d['houses'])} would be on the "
                       f"map and {d['house_supply']} in the supply")
        start = self._rules[f"cash.{n}"] * n
        money = sum(d["cash"]) + sum(d["treasury"])
        if money != start + d["bank_paid_out"] - d["bank_received"]:
            out.append(f"players and treasuries would hold ${money}, but the bank's account says ${start} at the "
                       f"start + ${d['bank_paid_out']} paid out - ${d['bank_received']} received")
        return out


__all__ = ["Editor", "Player", "Company"]
