"""The CO2 game state: flat lists in __slots__, a task stack for the flow of play.

Flow: ``tasks`` is a stack of small tuples. Automatic tasks run at once
(``flow.run``); a decision task (kind in ``flow.DECISIONS``) waits for the
seat named in its second field. ``current_player`` is that seat.
"""
from __future__ import annotations

from ccg.core import GameState, Rng

from . import flow, serial
from .board import GREEN0
from .data import FOSSILS, SOURCES
from .serial import LIST_FIELDS, NESTED_FIELDS, SCALAR_FIELDS

# tf (turn flags) indices
TF_MAIN, TF_MOVED, TF_MARKET, TF_CARD, TF_PRICE, TF_REFILL, TF_PREG, TF_PGRANT, TF_INST, TF_SUMMIT, TF_BOUGHT, TF_SOLD = range(12)


class Co2State(GameState):
    game = "co2"
    hidden_information = True
    __slots__ = ("C", "C_off", "R", "T", "tasks", "traj") + LIST_FIELDS + NESTED_FIELDS + SCALAR_FIELDS

    # ---- protocol hooks -------------------------------------------------------------------
    @property
    def current_player(self):
        if self.over:
            return None
        return self.tasks[-1][1]

    def _legal_actions(self):
        if self.over:
            return []
        return flow.legal(self)

    def _apply(self, action):
        flow.apply(self, action)

    def _why_illegal(self, action):
        return flow.why_illegal(self, action)

    def _parse(self, text):
        parts = text.split()
        if not parts:
            return None
        from ccg.core import Action
        return Action(parts[0], tuple(int(x) if x.lstrip("-").isdigit() else x for x in parts[1:]))

    def _secret_action(self, action):
        return action.kind == "keep" and bool(action.args)  # CO2-2.18.1: a draft pick is not shown to the others

    def is_terminal(self):
        return self.over

    def scores(self):
        return list(self.vp)

    def winners(self):
        from .scoring import winners
        return winners(self)

    def _copy(self):
        # written out field by field: this runs once per MCTS node, and getattr/setattr loops cost 3x
        # (tests/co2/test_co2_spec.py checks that every slot is copied)
        new = Co2State.__new__(Co2State)
        new.C = self.C
        new.T = self.T
        new.C_off = self.C_off
        new.R = self.R
        new.tasks = self.tasks[:]
        new.traj = self.traj[:]
        new.coins = self.coins[:]
        new.vp = self.vp[:]
        new.res = self.res[:]
        new.cep = self.cep[:]
        new.exp = self.exp[:]
        new.sci = self.sci[:]
        new.goal = self.goal[:]
        new.goal_st = self.goal_st[:]
        new.space_kind = self.space_kind[:]
        new.space_owner = self.space_owner[:]
        new.reg_cep = self.reg_cep[:]
        new.reg_res = self.reg_res[:]
        new.ctrl = self.ctrl[:]
        new.agenda = self.agenda[:]
        new.proj = self.proj[:]
        new.inst = self.inst[:]
        new.occ = self.occ[:]
        new.summit = self.summit[:]
        new.sslot = self.sslot[:]
        new.stack = self.stack[:]
        new.psupply = self.psupply[:]
        new.fossil_stack = self.fossil_stack[:]
        new.summit_stack = self.summit_stack[:]
        new.events = self.events[:]
        new.un_display = self.un_display[:]
        new.un_deck = self.un_deck[:]
        new.lobby_deck = self.lobby_deck[:]
        new.lobby_played = self.lobby_played[:]
        new.tf = self.tf[:]
        new.fossil_out = self.fossil_out[:]
        new.lobby = [h[:] for h in self.lobby]
        new.packs = [h[:] for h in self.packs]
        new.un_won = [h[:] for h in self.un_won]
        new.decade = self.decade
        new.round = self.round
        new.turns = self.turns
        new.start = self.start
        new.active = self.active
        new.ppm = self.ppm
        new.ppm_peak = self.ppm_peak
        new.market = self.market
        new.price = self.price
        new.bank_cep = self.bank_cep
        new.supply_res = self.supply_res
        new.over = self.over
        new.lost = self.lost
        return new

    # ---- positions -----------------------------------------------------------------------
    def _state_dict(self):
        return serial.state_dict(self)

    @classmethod
    def _from_state_dict(cls, data, num_players, options):
        return serial.load(data, num_players, options)

    # ---- hidden information (CO2-12.2, CO2-2.17/18) ----------------------------------------
    def _observe(self, seat):
        d = self._state_dict()
        n = self.num_players
        d["lobby"] = [h if p == seat else len(h) for p, h in enumerate(d["lobby"])]
        d["packs"] = [h if p == seat else len(h) for p, h in enumerate(d["packs"])]
        d["goal"] = [g if p == seat else None for p, g in enumerate(d["goal"])]
        d["lobby_deck"] = len(self.lobby_deck)
        d["fossil_stack"] = sorted(self.fossil_stack)  # contents are public, order is not
        d["summit_stack"] = len(self.summit_stack)
        d["events"] = self.events[:2] + [len(self.events) - 2] if len(self.events) > 2 else self.events[:]
        d["un_deck"] = len(self.un_deck)
        # un_won stays public: a UN goal is claimed from the face-up display in front of everyone
        # (CO2-12.3.1), so which cards a player holds face down (CO2-12.3.2) is known to all
        # a pending final goal choice carries the goal's VP, which would hint at a secret card
        d["tasks"] = [t if t[0] != "goal_choice" or t[1] == seat else [t[0], t[1], None] for t in d["tasks"]]
        assert n == len(d["lobby"])
        return d

    def _resample_hidden(self, seat, rng: Rng):
        n = self.num_players
        # lobby cards of the others and the face-down deck
        pool = []
        for p in range(n):
            if p != seat:
                pool += self.lobby[p] + self.packs[p]
        pool += self.lobby_deck
        pool.sort()  # the shuffle must not depend on who really holds what
        rng.shuffle(pool)
        for p in range(n):
            if p != seat:
                k, m = len(self.lobby[p]), len(self.packs[p])
                self.lobby[p] = pool[:k]
                self.packs[p] = pool[k:k + m]
                pool = pool[k + m:]
        self.lobby_deck = pool
        # company goals: any card of this player count except the seat's own
        avail = [c for c in sorted(self.C.goals) if n not in self.C.goals[c][3] and c != self.goal[seat]]
        rng.shuffle(avail)
        for p in range(n):
            if p != seat:
                self.goal[p] = avail.pop()
        for deck in (self.fossil_stack, self.summit_stack, self.un_deck):
            deck.sort()  # forget the real order before drawing a new one
            rng.shuffle(deck)
        rest = sorted(self.events[2:])
        rng.shuffle(rest)
        self.events[2:] = rest

    # ---- invariants ------------------------------------------------------------------------
    def check_invariants(self):
        n = self.num_players
        R, C = self.R, self.C
        for f in ("coins", "res", "cep", "goal", "goal_st"):
            assert len(getattr(self, f)) == n, f
        assert len(self.exp) == 5 * n and len(self.sci) == 4 * n
        assert all(x >= 0 for x in self.coins), "coins negative"
        assert all(x >= 0 for x in self.res), "resources negative"
        assert all(x >= 0 for x in self.cep), "CEP negative"
        assert self.market >= 0 and self.bank_cep >= 0
        assert self.bank_cep + self.market + sum(self.cep) + sum(self.reg_cep) == R["cep.total"], "CEP not conserved"
        assert self.supply_res >= 0 and self.supply_res + sum(self.res) + sum(self.reg_res) == R["resources.total"], \
            "resources not conserved"
        assert R["market.price_min"] <= self.price <= R["market.price_max"]
        for r in range(6):
            assert 0 <= self.reg_cep[r] <= C.spaces[r], "regional CEP limit (CO2-6.3.7)"
            assert self.reg_res[r] >= 0
            assert -1 <= self.ctrl[r] < n
        # ppm consistent with the fossil plants on the board (CO2-2.11, 4.3.4, 6.3.6)
        ppm = (R["ppm.coal"], R["ppm.oil"], R["ppm.gas"])
        assert self.ppm == sum(ppm[k] for k in self.space_kind if 0 <= k < 3), "ppm != fossil plants on board"
        assert self.ppm_peak >= self.ppm
        for f in range(3):
            total = sum(1 for k in self.space_kind if k == f) + self.fossil_stack.count(f) + self.fossil_out[f]
            assert total == C.fossils[f], f"{FOSSILS[f]} tiles not conserved"
        # green plants: built tiles = stack position; filled spaces form a run from the left
        for src in range(5):
            assert self.space_kind.count(GREEN0 + src) == self.stack[src] <= len(C.plants[src])
            assert self.psupply[src] + self.proj.count(src) == C.projects_per_source, "project tiles not conserved"
        # CO2-2.10, CO2-4.3.2, CO2-4.3.3: demand space d is filled in decade d (a fossil plant unless a green
        # plant is there) while fossil tiles are left; during a Supply phase decade d's own spaces may still wait
        placed = self.decade - 1 if self.tasks and self.tasks[0][0] in ("supply", "supply_end") else self.decade
        for r in range(6):
            o = self.C_off[r]
            ks = self.space_kind[o:o + C.spaces[r]]
            seen_empty = False
            for k in ks:
                if k == -1:
                    seen_empty = True
                else:
                    assert not seen_empty, "demand spaces must fill from the left"
            if self.fossil_stack:
                assert -1 not in ks[:placed], f"{C.regions[r]}: a demand space of an earlier decade is empty"
        for i, k in enumerate(self.space_kind):
            assert (self.space_owner[i] >= 0) == (k >= GREEN0), "green plants have owners, fossils none"
        # CO2-11.1.2: only the agenda's sources have projects or plants in a region
        for r in range(6):
            agenda = C.agendas[self.agenda[r]]
            o = self.C_off[r]
            assert all(k < GREEN0 or k - GREEN0 in agenda for k in self.space_kind[o:o + C.spaces[r]]), \
                "a green plant of a source the region's agenda does not list (CO2-11.1.2)"
            for ps in range(3 * r, 3 * r + 3):
                assert self.proj[ps] < 0 or self.proj[ps] in agenda, \
                    "a project of a source the region's agenda does not list (CO2-11.1.2)"
                assert self.proj[ps] >= 0 or not self.inst[ps], "an installed project without a tile (CO2-6.2.4)"
        # scientists
        occ = [-1] * 18
        slots = [-1] * len(self.sslot)
        for i, loc in enumerate(self.sci):
            p = i // 4
            if 0 <= loc < 18:
                assert occ[loc] == -1 and self.proj[loc] >= 0, "one scientist per project"
                occ[loc] = p
            elif loc >= 100:
                assert slots[loc - 100] == -1
                slots[loc - 100] = p
            else:
                assert loc in (-1, -2)
        assert occ == self.occ, "project occupancy out of sync"
        assert slots == self.sslot, "summit slots out of sync"
        for p in range(n):
            assert sum(1 for loc in self.sci[4 * p:4 * p + 4] if loc != -2) <= R["scientists.max"]
        for sp, t in enumerate(self.summit):
            k = len(C.summits[t][1]) if t >= 0 else 0
            assert all(x == -1 for x in self.sslot[sp * 4 + k:sp * 4 + 4]), "scientist on a missing topic slot"
        # cards
        cards = sorted(sum(self.lobby, []) + sum(self.packs, []) + self.lobby_deck + self.lobby_played)
        assert cards == list(range(1, 27)), "lobby cards not conserved"
        assert len(set(self.goal)) == n
        for p in range(n):
            assert 0 <= self.exp[p * 5] and all(0 <= self.exp[p * 5 + s] <= C.track_max[s] for s in range(5))
        assert 1 <= self.decade

    def __str__(self):
        from .text import describe
        return describe(self)

    def trajectory(self):
        """The per-decade trajectory as a pandas DataFrame (see ``ccg.games.co2.trajectory_frame``)."""
        from .scoring import trajectory_frame
        return trajectory_frame(self)


_ = SOURCES
