"""Prebuilt Action values per component set, so legal-action lists are cheap to assemble."""
from __future__ import annotations

from ccg.core import Action

from .data import GRANTS, SOURCES

_TABLES: dict[int, "Tables"] = {}


class Tables:
    __slots__ = ("propose", "propose_all", "lobby_info", "install", "build", "build_card", "sci_from", "lobby", "C")

    def __init__(self, C):
        self.C = C
        R = C.regions

        def pw(ps):
            return R[ps // 3], R[ps // 3] + "." + GRANTS[ps % 3]

        # propose[ps][agenda tile] -> list of (source, Action)
        self.propose = []
        self.propose_all = []
        for ps in range(18):
            rr, pp = pw(ps)
            row = []
            for ag in C.agendas:
                row.append([(src, Action("propose", (SOURCES[src], rr, GRANTS[ps % 3]), (rr, pp))) for src in ag])
            self.propose.append(row)
            self.propose_all.append([[a for _, a in pairs] for pairs in row])
        self.install = [Action("install", (pw(ps)[0], GRANTS[ps % 3]), pw(ps)) for ps in range(18)]
        self.build = [[Action("build", (SOURCES[src], pw(ps)[0], GRANTS[ps % 3]), pw(ps) + (f"track.{SOURCES[src]}",))
                       for ps in range(18)] for src in range(5)]
        self.build_card = {}
        for c, e in C.lobby.items():
            if e["main"] == "build":
                src = e["source"]
                for ps in range(18):
                    self.build_card[(src, ps, c)] = Action(
                        "build", (SOURCES[src], pw(ps)[0], GRANTS[ps % 3], c),
                        pw(ps) + (f"track.{SOURCES[src]}", "lobby"))
        self.sci_from = {-1: Action("scientist", ("hand",), ("hand",))}
        for ps in range(18):
            self.sci_from[ps] = Action("scientist", (pw(ps)[1],), pw(ps))
        self.lobby = {}
        # lobby_info[c] = (turn-flag index, value or bit, main Action, secondary Action); index -1 = never
        flag = {"propose_region": 6, "propose_grant": 7, "install": 8, "summit": 9, "buy": 10, "sell": 11, "build": -1}
        self.lobby_info = {}
        for c, e in C.lobby.items():
            m = e["main"]
            val = {"propose_region": e["region"], "propose_grant": e["grant"], "install": e["source"],
                   "summit": 1 << max(e["source"], 0), "buy": 1, "sell": 1, "build": 0}[m]
            self.lobby_info[c] = (flag[m], val, Action("lobby", (c, "main"), ("lobby",)),
                                  Action("lobby", (c, e["secondary"]), ("lobby",)))
            self.lobby[(c, "main")] = Action("lobby", (c, "main"), ("lobby",))
            self.lobby[(c, e["secondary"])] = Action("lobby", (c, e["secondary"]), ("lobby",))


def tables(C) -> Tables:
    t = _TABLES.get(id(C))
    if t is None or t.C is not C:
        t = _TABLES[id(C)] = Tables(C)
    return t
