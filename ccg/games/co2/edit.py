"""Editing a CO2 position by name (``ccg.edit(state)``): coins, VP, resources, CEP, expertise, plants, events.

Resources given to a player or a region come from the common supply, CEP from the bank (CO2-7.2);
a green plant built comes from its source's stack (CO2-6.3), a fossil plant from the fossil stack
(CO2-2.10), and CO2 (ppm) follows the fossil plants on the board (CO2-2.11, CO2-6.3.6) — unless the
supply or bank is set by hand too. A green plant built decides the region's control as in play
(CO2-11.2, CO2-11.3); set ``region(...).controller`` afterwards to choose it by hand. Regions are named by id or name (``"africa"``, ``"North America"``),
sources by name (``"solar"``); see ``ccg.board_of(state)``.

Chance set-ups: ``next_event("africa")`` puts that region's event card face up as the next to strike
(CO2-4.4); ``next_fossil("coal")`` makes the next fossil tile drawn (CO2-4.3) coal.

>>> import ccg
>>> s = ccg.new_game("co2", players=3, seed=4)
>>> e = s.edit()
>>> e.build_plant("africa", "solar", owner=0); e.build_plant("africa", "solar", owner=1)
>>> e.plants("africa")
[('oil', None), ('solar', 0), ('solar', 1)]
>>> e.player(1).resources += 2           # from the supply
>>> e.region("europe").cep -= 1          # back to the bank
>>> e.next_event("asia")
>>> t = e.commit()
>>> ccg.board_of(t).event_regions[t.to_dict()["state"]["events"][0]], t.to_dict()["state"]["stack"][1]
('asia', 2)
>>> e = t.edit(); e.player(2).coins = -3; e.commit()
Traceback (most recent call last):
...
ccg.core.errors.InvalidPositionError: the edited position is invalid: player 2's coins would be -3
"""
from __future__ import annotations

from functools import partial
from typing import Any, Callable

from ccg.core import resolve_rules
from ccg.core.edit import Counts, PositionEditor, choose, whole
from ccg.core.errors import InvalidPositionError

from .board_map import components_of
from .data import FOSSILS, SOURCES
from .params import RULES

GREEN0 = 3  # the position's code of a green plant of source k is 3 + k; 0..2 are coal, oil, gas


class Player:
    """One seat: ``coins``, ``vp``, ``resources`` (from the supply), ``cep`` (from the bank) and
    ``expertise`` by source (CO2-9)."""

    def __init__(self, editor: "Editor", seat: int) -> None:
        self._e, self.seat = editor, seat
        d = editor.data
        self.expertise = Counts(SOURCES, lambda k: d["exp"][seat * 5 + SOURCES.index(k)],
                                lambda k, v: d["exp"].__setitem__(seat * 5 + SOURCES.index(k), v),
                                f"player {seat}'s expertise")

    def _set(self, field: str, value: int, pool: str | None, what: str) -> None:
        value = whole(value, f"player {self.seat}'s {what}")
        row = self._e.data[field]
        if pool:
            self._e.take(pool, value - row[self.seat])
        row[self.seat] = value

    coins = property(lambda self: self._e.data["coins"][self.seat],
                     lambda self, v: self._set("coins", v, None, "coins"), doc="Coins (money has no bank total).")
    vp = property(lambda self: self._e.data["vp"][self.seat],
                  lambda self, v: self._set("vp", v, None, "VP"), doc="Victory points (may be negative, CO2-4.4.2).")
    resources = property(lambda self: self._e.data["res"][self.seat],
                         lambda self, v: self._set("res", v, "supply", "resources"),
                         doc="Resources in hand, from the common supply.")
    cep = property(lambda self: self._e.data["cep"][self.seat],
                   lambda self, v: self._set("cep", v, "bank", "CEP"), doc="Carbon emission permits, from the bank.")


class Region:
    """One region: ``cep`` (from the bank), ``resources`` (from the supply), ``controller`` (a seat or None)."""

    def __init__(self, editor: "Editor", index: int) -> None:
        self._e, self._r = editor, index
        self.id = editor._C.regions[index]

    def _set(self, field: str, value: int, pool: str) -> None:
        value = whole(value, f"{self.id}'s {field}")
        row = self._e.data[field]
        self._e.take(pool, value - row[self._r])
        row[self._r] = value

    cep = property(lambda self: self._e.data["reg_cep"][self._r], lambda self, v: self._set("reg_cep", v, "bank"))
    resources = property(lambda self: self._e.data["reg_res"][self._r],
                         lambda self, v: self._set("reg_res", v, "supply"))

    @property
    def controller(self) -> int | None:
        c = self._e.data["ctrl"][self._r]
        return None if c < 0 else c

    @controller.setter
    def controller(self, seat: int | None) -> None:
        self._e.data["ctrl"][self._r] = -1 if seat is None else self._e._seat(seat)


class Editor(PositionEditor):
    """Named fields of a CO2 position (see the module docstring); ``commit()`` checks and loads."""

    def __init__(self, state: Any) -> None:
        super().__init__(state)
        self._C = components_of(state.options)
        self._R = resolve_rules(RULES, state.options.get("rules"))
        self._offsets = [sum(self._C.spaces[:r]) for r in range(len(self._C.regions))]
        names = {rid: r for r, rid in enumerate(self._C.regions)}
        names.update({name.lower(): r for r, name in enumerate(self._C.region_names)})
        self._region_index = names

    # ---- named access -------------------------------------------------------------------------
    def player(self, seat: int) -> Player:
        """Seat ``seat`` (0..players-1)."""
        return Player(self, self._seat(seat))

    def region(self, name: str) -> Region:
        """A region by id or printed name."""
        return Region(self, self._region(name))

    @property
    def supply_resources(self) -> int:
        """The common resource supply; set it to stop it following the edits."""
        return self.data["supply_res"]

    @supply_resources.setter
    def supply_resources(self, value: int) -> None:
        self.data["supply_res"] = whole(value, "the resource supply")
        self.set_explicitly("supply")

    @property
    def bank_cep(self) -> int:
        """CEP in the bank; set it to stop it following the edits."""
        return self.data["bank_cep"]

    @bank_cep.setter
    def bank_cep(self, value: int) -> None:
        self.data["bank_cep"] = whole(value, "the bank's CEP")
        self.set_explicitly("bank")

    def build_plant(self, region: str, source: str, owner: int) -> None:
        """``owner`` builds a green plant of ``source`` in ``region`` (the top tile of its stack) on the
        leftmost empty demand space, or in place of the leftmost fossil plant (CO2-6.3.6)."""
        r = self._region(region)
        src = SOURCES.index(choose(source, SOURCES, "a source"))
        agenda = self._C.agendas[self.data["agenda"][r]]
        if src not in agenda:
            raise InvalidPositionError(f"{self._C.regions[r]}'s agenda lists {', '.join(SOURCES[k] for k in agenda)}, "
                                       f"not {SOURCES[src]} (CO2-11.1.2)")
        d = self.data
        spaces = range(self._offsets[r], self._offsets[r] + self._C.spaces[r])
        free = [i for i in spaces if d["space_kind"][i] < 0]
        fossil = [i for i in spaces if 0 <= d["space_kind"][i] < GREEN0]
        if not free and not fossil:
            raise InvalidPositionError(f"every demand space of {self._C.regions[r]} holds a green plant (CO2-6.3.8)")
        i = free[0] if free else fossil[0]
        if not free:
            d["fossil_out"][d["space_kind"][i]] += 1  # the replaced fossil plant leaves the game
        d["space_kind"][i], d["space_owner"][i] = GREEN0 + src, self._seat(owner)
        d["stack"][src] += 1
        self._check_control(r, owner)

    def _check_control(self, r: int, b: int) -> None:
        """CO2-11.2: a plant built by b decides control between b and the controller, as in play (CO2-11.3)."""
        d = self.data
        c = d["ctrl"][r]
        if c == b:
            return
        if c == -1:
            d["ctrl"][r] = b
            return
        spaces = range(self._offsets[r], self._offsets[r] + self._C.spaces[r])
        mine = [{d["space_kind"][i] - GREEN0 for i in spaces if d["space_kind"][i] >= GREEN0 and d["space_owner"][i] == p}
                for p in (b, c)]
        agenda = self._C.agendas[d["agenda"][r]]
        if len(mine[0]) != len(mine[1]):  # CO2-11.3.1: more different sources
            d["ctrl"][r] = b if len(mine[0]) > len(mine[1]) else c
            return
        for src in agenda:  # CO2-11.3.2: down the agenda, the first source only one of them has
            if (src in mine[0]) != (src in mine[1]):
                d["ctrl"][r] = b if src in mine[0] else c
                return
        for src in agenda:  # CO2-11.3.3: the same sources: expertise in them, in agenda order
            if src in mine[0] and d["exp"][b * 5 + src] != d["exp"][c * 5 + src]:
                d["ctrl"][r] = b if d["exp"][b * 5 + src] > d["exp"][c * 5 + src] else c
                return
        d["ctrl"][r] = b  # CO2-11.3.4: the builder

    def build_fossil_plant(self, region: str, kind: str) -> None:
        """A fossil plant (coal, oil, gas) from the fossil stack on ``region``'s leftmost empty demand space."""
        r = self._region(region)
        f = FOSSILS.index(choose(kind, FOSSILS, "a fossil plant"))
        d = self.data
        free = [i for i in range(self._offsets[r], self._offsets[r] + self._C.spaces[r]) if d["space_kind"][i] < 0]
        if not free:
            raise InvalidPositionError(f"{self._C.regions[r]} has no empty demand space")
        if f not in d["fossil_stack"]:
            raise InvalidPositionError(f"the fossil stack holds no {FOSSILS[f]} tile")
        d["fossil_stack"].remove(f)  # from the bottom: the top tiles stay as they are
        d["space_kind"][free[0]] = f

    def plants(self, region: str) -> list[tuple[str, int | None] | None]:
        """The demand spaces of ``region`` from the left: (kind, owner) or None if empty."""
        r = self._region(region)
        d = self.data
        out: list[tuple[str, int | None] | None] = []
        for i in range(self._offsets[r], self._offsets[r] + self._C.spaces[r]):
            k = d["space_kind"][i]
            out.append(None if k < 0 else (FOSSILS[k] if k < GREEN0 else SOURCES[k - GREEN0],
                                           d["space_owner"][i] if k >= GREEN0 else None))
        return out

    # ---- chance set-ups ---------------------------------------------------------------------------
    def next_event(self, region: str) -> None:
        """The event card of ``region`` is the next to strike (CO2-4.4): it goes face up on top."""
        r = self._region(region)
        ev = self.data["events"]
        card = [c for c in ev if self._C.events[c] == r]
        if not card:
            raise InvalidPositionError(f"{self._C.regions[r]}'s event card has already been played this game")
        ev.remove(card[0])
        ev.insert(0, card[0])

    def next_fossil(self, kind: str) -> None:
        """The next fossil tile drawn (CO2-4.3) is ``kind`` (coal, oil or gas)."""
        f = FOSSILS.index(choose(kind, FOSSILS, "a fossil plant"))
        st = self.data["fossil_stack"]
        if f not in st:
            raise InvalidPositionError(f"the fossil stack holds no {FOSSILS[f]} tile")
        i = max(k for k, x in enumerate(st) if x == f)
        st[i], st[-1] = st[-1], st[i]  # tiles are drawn from the end (the top)

    # ---- forms ------------------------------------------------------------------------------------
    def seat_fields(self) -> tuple[str, ...]:
        return ("coins", "vp", "resources", "cep") + tuple(f"expertise.{k}" for k in SOURCES)

    def chance_setups(self) -> dict[str, Callable[[], None]]:
        out: dict[str, Callable[[], None]] = {}
        for card in self.data["events"]:
            rid = self._C.regions[self._C.events[card]]
            out[f"next event: {self._C.region_names[self._C.events[card]]}"] = partial(self.next_event, rid)
        for f in FOSSILS:
            if FOSSILS.index(f) in self.data["fossil_stack"]:
                out[f"next fossil plant drawn: {f}"] = partial(self.next_fossil, f)
        return out

    # ---- helpers ----------------------------------------------------------------------------------
    def _seat(self, seat: Any) -> int:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
            raise InvalidPositionError(f"seat must be 0..{self.players - 1}, got {seat!r}")
        return seat

    def _region(self, name: Any) -> int:
        r = self._region_index.get(name.lower()) if isinstance(name, str) else None
        if r is None:
            raise InvalidPositionError(f"a region must be one of {', '.join(self._C.regions)}, got {name!r}")
        return r

    # ---- commit -------------------------------------------------------------------------------------
    def _settle(self) -> None:
        d = self.data
        if self.follows("supply"):
            d["supply_res"] -= self._taken.get("supply", 0)
        if self.follows("bank"):
            d["bank_cep"] -= self._taken.get("bank", 0)
        # CO2-2.11, CO2-6.3.6: CO2 follows the fossil plants on the board
        d["ppm"] = sum(self._R[f"ppm.{FOSSILS[k]}"] for k in d["space_kind"] if 0 <= k < GREEN0)
        d["ppm_peak"] = max(d["ppm_peak"], d["ppm"])

    def _facts(self) -> list[str]:
        d, n, out = self.data, self.players, []
        for p in range(n):
            for field, what in (("coins", "coins"), ("res", "resources"), ("cep", "CEP")):
                if d[field][p] < 0:
                    out.append(f"player {p}'s {what} would be {d[field][p]}")
            for k, src in enumerate(SOURCES):
                x = d["exp"][p * 5 + k]
                if not 0 <= x <= self._C.track_max[k]:
                    out.append(f"player {p}'s {src} expertise would be {x} (the track runs 0..{self._C.track_max[k]})")
        for r, rid in enumerate(self._C.regions):
            if d["reg_res"][r] < 0 or d["reg_cep"][r] < 0:
                out.append(f"{rid}'s resources or CEP would be negative")
            if d["reg_cep"][r] > self._C.spaces[r]:
                out.append(f"{rid} would hold {d['reg_cep'][r]} CEP, above its limit of {self._C.spaces[r]} (CO2-6.3.7)")
        total = self._R["cep.total"]
        held, regional = sum(d["cep"]), sum(d["reg_cep"])
        if d["bank_cep"] < 0 or d["bank_cep"] + d["market"] + held + regional != total:
            out.append(f"the bank would have {d['bank_cep']} CEP, but the game has {total} in all and players hold "
                       f"{held}, regions {regional}, the market {d['market']}")
        total = self._R["resources.total"]
        held, regional = sum(d["res"]), sum(d["reg_res"])
        if d["supply_res"] < 0 or d["supply_res"] + held + regional != total:
            out.append(f"the supply would have {d['supply_res']} resources, but the game has {total} in all and "
                       f"players hold {held}, regions {regional}")
        for k, src in enumerate(SOURCES):
            if d["stack"][k] > len(self._C.plants[k]):
                out.append(f"there are only {len(self._C.plants[k])} {src} plants")
        return out


__all__ = ["Editor", "Player", "Region"]
