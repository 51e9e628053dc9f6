"""Component data: load and validate a CO2 component file (TOML, stdlib ``tomllib``).

``load_components(path)`` returns an immutable :class:`Components`; the default file ships beside
this module. Every field is validated with a clear ``ValueError`` naming the file and the field
(CO2-DATA-01 … CO2-DATA-18).

The ``components`` option of a game holds the validated *data* (the TOML file's tables as JSON),
never a path: ``read_components_file`` turns a user's file into that data once, in ``new_game``,
and a saved position carries the data itself, so loading a position opens no file.
"""
from __future__ import annotations

import json
import os
import tomllib
from dataclasses import dataclass
from typing import Any, Mapping

from ccg.core.files import check_depth, read_text_file

SOURCES = ("reforestation", "solar", "fusion", "biomass", "recycling")  # CO2-0.2 canonical order
SOURCE_NAMES = ("Reforestation", "Solar", "Cold Fusion", "Biomass", "Recycling")
FOSSILS = ("coal", "oil", "gas")
GRANTS = ("money", "resources", "research")
REGION_IDS = ("africa", "asia", "europe", "namerica", "oceania", "samerica")
BONUS_KINDS = ("resource", "regional_cep", "any") + SOURCES
LOBBY_MAINS = ("propose_region", "propose_grant", "install", "build", "summit", "buy", "sell")
SECONDARY = ("resource", "coins", "cep", "scientist")
REWARDS = ("coins2", "coins3", "resource1", "cep1", "move")
GOAL_KINDS = ("regions_controlled", "regions_with_plant", "un_goals", "plants_after_first",
              "cep_in_hand", "highest_expertise", "plant_sources")
PRESETS = ("beginner", "normal", "expert", "extreme")
DEFAULT_PATH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "components.toml")
MAX_FILE_BYTES = 1_000_000  # the shipped file is about 40 kB


@dataclass(frozen=True)
class Plant:
    source: int
    coins: int
    resources: int
    vp: int


@dataclass(frozen=True)
class Components:
    """All component data, with regions indexed in clockwise board order."""

    path: str                           # the file's name, or "components" for data from a position
    regions: tuple[str, ...]            # ids, clockwise
    region_names: tuple[str, ...]
    spaces: tuple[int, ...]             # demand spaces per region
    summit_spaces: int
    fossils: tuple[int, int, int]       # coal, oil, gas tile counts
    presets: dict                       # name -> (coal, oil, gas, remove_gas)
    track_max: tuple[int, ...]
    build_icon: tuple[int, ...]
    income: tuple[tuple[int, ...], ...]  # [source][value]
    bonuses: tuple[tuple[tuple[str, ...], ...], ...]  # [source][value] -> gains
    plants: tuple[tuple[Plant, ...], ...]  # [source] stack, top first
    projects_per_source: int
    agendas: tuple[tuple[int, ...], ...]
    summits: tuple[tuple[str, tuple[int, ...]], ...]
    lobby: dict                         # card -> dict(main, region, grant, source, reward, secondary)
    goals: dict                         # card -> (kind, vp_each, cap, remove_for)
    un_goals: dict                      # card -> (sources tuple, vp)
    events: dict                        # card -> region index
    provenance: dict                    # entry label -> (printed fields, why)


class _Check:
    def __init__(self, path: str):
        self.path = path

    def fail(self, field: str, problem: str) -> ValueError:
        return ValueError(f"option 'components': {os.path.basename(self.path)}: {field}: {problem}")

    def get(self, d: dict, key: str, field: str) -> Any:
        if not isinstance(d, dict):
            raise self.fail(field, "must be a table")
        if key not in d:
            raise self.fail(f"{field}.{key}", "missing")
        return d[key]

    def int(self, v: Any, field: str, lo: int | None = None, hi: int | None = None) -> int:
        if type(v) is not int:
            raise self.fail(field, f"must be a whole number, got {v!r}")
        if lo is not None and v < lo:
            raise self.fail(field, f"must be at least {lo}, got {v}")
        if hi is not None and v > hi:
            raise self.fail(field, f"must be at most {hi}, got {v}")
        return v

    def str(self, v: Any, field: str, choices=None) -> str:
        if type(v) is not str:
            raise self.fail(field, f"must be text, got {v!r}")
        if choices is not None and v not in choices:
            raise self.fail(field, f"must be one of {list(choices)}, got {v!r}")
        return v

    def list(self, v: Any, field: str, length: int | None = None) -> list:
        if type(v) is not list:
            raise self.fail(field, f"must be a list, got {type(v).__name__}")
        if length is not None and len(v) != length:
            raise self.fail(field, f"must have {length} entries, got {len(v)}")
        return v

    def keys(self, d: Any, field: str, allowed: tuple) -> dict:
        if not isinstance(d, dict):
            raise self.fail(field, "must be a table")
        extra = [k for k in d if k not in allowed]
        if extra:
            raise self.fail(field, f"unknown field(s) {extra}; allowed: {list(allowed)}")
        return d

    def prov(self, d: dict, field: str, allowed: tuple, prov: dict) -> None:
        printed = self.list(self.get(d, "printed", field), f"{field}.printed")
        for i, p in enumerate(printed):
            self.str(p, f"{field}.printed[{i}]", allowed)
        why = self.str(self.get(d, "why", field), f"{field}.why")
        prov[field] = (tuple(printed), why)


def load_components(path: str | os.PathLike | None = None) -> Components:
    """Read and validate a component file; ``None`` is the shipped default."""
    if path is None:
        global _DEFAULT
        if _DEFAULT is None:
            _DEFAULT = parse_components(_read_toml(DEFAULT_PATH), DEFAULT_PATH)
        return _DEFAULT
    return components_from_data(read_components_file(path), os.path.basename(os.fspath(path)))


def read_components_file(path: str | os.PathLike) -> dict:
    """The validated data of a user's component file (what the ``components`` option stores)."""
    raw = _read_toml(path)
    parse_components(raw, os.path.basename(os.fspath(path)))
    return _canonical(raw)


def components_data(value: Any, name: str = "data") -> dict:
    """Validated, canonical component data from a dict (e.g. a saved position's ``components``)."""
    if not isinstance(value, Mapping):
        raise ValueError(f"option 'components': component data must be an object, got {type(value).__name__}")
    check_depth(value, "option 'components'", 8)
    data = _canonical(value)
    key = json.dumps(data, sort_keys=True)
    if key not in _CACHE:
        _remember(key, parse_components(data, name))
    return data


def components_from_data(data: Mapping, name: str = "data") -> Components:
    """The Components of validated data (cached: games with the same data share one object)."""
    last = _LAST.get("data")
    if last is not None and last[0] is data:  # the same (frozen) options object: no re-encoding
        return last[1]
    key = json.dumps(data, sort_keys=True)
    comp = _CACHE.get(key)
    if comp is None:
        comp = _remember(key, parse_components(_canonical(data), name))
    _LAST["data"] = (data, comp)
    return comp


def _read_toml(path: str | os.PathLike) -> dict:
    name = os.path.basename(os.fspath(path)) if isinstance(path, (str, os.PathLike)) else "components"
    text = read_text_file(path, "components", MAX_FILE_BYTES)
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise ValueError(f"option 'components': {name}: not valid TOML: {e}") from None
    except RecursionError:
        raise ValueError(f"option 'components': {name}: nested too deeply") from None


def _canonical(raw: Mapping) -> dict:
    """A plain JSON copy (TOML dates or other non-JSON values are refused)."""
    try:
        return json.loads(json.dumps(raw))
    except (TypeError, ValueError, RecursionError) as e:
        raise ValueError(f"option 'components': not JSON data ({e})") from None


def _remember(key: str, comp: Components) -> Components:
    if len(_CACHE) > 64:  # many different component sets in one process: forget the oldest
        _CACHE.pop(next(iter(_CACHE)))
    _CACHE[key] = comp
    return comp


_DEFAULT: Components | None = None
_CACHE: dict[str, Components] = {}
_LAST: dict[str, tuple] = {}


def parse_components(raw: Mapping, path: str = "data") -> Components:
    """Validate a parsed component table (see components.toml for the format)."""
    c = _Check(path)
    prov: dict = {}
    c.keys(raw, "file", ("format", "version", "board", "region", "fossil", "preset", "track", "plant",
                         "projects", "agenda", "summit", "lobby", "company_goal", "un_goal", "event"))
    if raw.get("format") != "ccg-co2-components":
        raise c.fail("format", f"must be 'ccg-co2-components', got {raw.get('format')!r}")
    c.int(c.get(raw, "version", "file"), "version", 1, 1)

    board = c.keys(c.get(raw, "board", "file"), "board", ("clockwise", "grants", "summit_spaces", "printed", "why"))
    order = c.list(c.get(board, "clockwise", "board"), "board.clockwise", 6)
    for i, r in enumerate(order):
        c.str(r, f"board.clockwise[{i}]", REGION_IDS)
    if len(set(order)) != 6:
        raise c.fail("board.clockwise", "must name each of the 6 regions once")
    grants = c.list(c.get(board, "grants", "board"), "board.grants", 3)
    for i, g in enumerate(grants):
        c.str(g, f"board.grants[{i}]", GRANTS)
    if sorted(grants) != sorted(GRANTS):
        raise c.fail("board.grants", f"must be the three grants {list(GRANTS)} in some order")
    if list(grants) != list(GRANTS):
        raise c.fail("board.grants", f"the engine expects the order {list(GRANTS)}")
    summit_spaces = c.int(c.get(board, "summit_spaces", "board"), "board.summit_spaces", 1, 6)
    c.prov(board, "board", ("clockwise", "grants", "summit_spaces"), prov)

    regions = c.list(c.get(raw, "region", "file"), "region", 6)
    by_id = {}
    for i, r in enumerate(regions):
        f = f"region[{i}]"
        c.keys(r, f, ("id", "name", "demand_spaces", "printed", "why"))
        rid = c.str(c.get(r, "id", f), f + ".id", REGION_IDS)
        if rid in by_id:
            raise c.fail(f + ".id", f"{rid!r} appears twice")
        by_id[rid] = (c.str(c.get(r, "name", f), f + ".name"),
                      c.int(c.get(r, "demand_spaces", f), f + ".demand_spaces", 1, 8))
        c.prov(r, f, ("id", "name", "demand_spaces"), prov)

    fossil = c.keys(c.get(raw, "fossil", "file"), "fossil", FOSSILS + ("printed", "why"))
    fossils = tuple(c.int(c.get(fossil, k, "fossil"), f"fossil.{k}", 0, 30) for k in FOSSILS)
    c.prov(fossil, "fossil", FOSSILS, prov)
    presets = {}
    ptab = c.keys(c.get(raw, "preset", "file"), "preset", PRESETS)
    for name in PRESETS:
        p = c.keys(c.get(ptab, name, "preset"), f"preset.{name}", FOSSILS + ("remove_gas", "printed", "why"))
        vals = tuple(c.int(c.get(p, k, f"preset.{name}"), f"preset.{name}.{k}", 0, 6) for k in FOSSILS)
        if sum(vals) != 6:
            raise c.fail(f"preset.{name}", f"must place exactly 6 fossil plants (one per region), got {sum(vals)}")
        rg = c.int(c.get(p, "remove_gas", f"preset.{name}"), f"preset.{name}.remove_gas", 0, 30)
        for k, (have, need) in enumerate(zip(fossils, vals)):
            extra = rg if k == 2 else 0
            if need + extra > have:
                raise c.fail(f"preset.{name}", f"needs {need + extra} {FOSSILS[k]} tiles but fossil.{FOSSILS[k]} is {have}")
        presets[name] = vals + (rg,)
        c.prov(p, f"preset.{name}", FOSSILS + ("remove_gas",), prov)

    tracks = c.list(c.get(raw, "track", "file"), "track", 5)
    tmax = [0] * 5
    icon = [0] * 5
    income: list = [None] * 5
    bonus: list = [None] * 5
    for i, t in enumerate(tracks):
        f = f"track[{i}]"
        c.keys(t, f, ("source", "max", "build_icon", "income", "bonuses", "printed", "why"))
        s = SOURCES.index(c.str(c.get(t, "source", f), f + ".source", SOURCES))
        if income[s] is not None:
            raise c.fail(f + ".source", f"{SOURCES[s]!r} has two tracks")
        m = tmax[s] = c.int(c.get(t, "max", f), f + ".max", 1, 30)
        icon[s] = c.int(c.get(t, "build_icon", f), f + ".build_icon", 0, m)
        inc = c.list(c.get(t, "income", f), f + ".income", m + 1)
        income[s] = tuple(c.int(v, f"{f}.income[{k}]", 0, 50) for k, v in enumerate(inc))
        if income[s][0] != 0:
            raise c.fail(f + ".income[0]", "must be 0 (no disc, no income: CO2-4.2 note)")
        per = [[] for _ in range(m + 1)]
        for k, b in enumerate(c.list(c.get(t, "bonuses", f), f + ".bonuses")):
            bf = f"{f}.bonuses[{k}]"
            c.keys(b, bf, ("at", "gain"))
            at = c.int(c.get(b, "at", bf), bf + ".at", 1, m)
            per[at].append(c.str(c.get(b, "gain", bf), bf + ".gain", BONUS_KINDS))
        bonus[s] = tuple(tuple(x) for x in per)
        c.prov(t, f, ("source", "max", "build_icon", "income", "bonuses"), prov)

    plants_raw = c.list(c.get(raw, "plant", "file"), "plant")
    stacks: list = [[] for _ in range(5)]
    for i, p in enumerate(plants_raw):
        f = f"plant[{i}]"
        c.keys(p, f, ("source", "coins", "resources", "vp", "printed", "why"))
        s = SOURCES.index(c.str(c.get(p, "source", f), f + ".source", SOURCES))
        res = c.int(c.get(p, "resources", f), f + ".resources", 0, tmax[s])
        stacks[s].append(Plant(s, c.int(c.get(p, "coins", f), f + ".coins", 0, 60), res,
                               c.int(c.get(p, "vp", f), f + ".vp", 0, 60)))
        c.prov(p, f, ("source", "coins", "resources", "vp"), prov)
    for s in range(5):
        if not stacks[s]:
            raise c.fail("plant", f"no {SOURCES[s]} plant tiles")
        # CO2-2.7: lowest resource cost on top; ties keep the file's order (stable sort)
        stacks[s].sort(key=lambda pl: pl.resources)

    proj = c.keys(c.get(raw, "projects", "file"), "projects", ("per_source", "printed", "why"))
    per_source = c.int(c.get(proj, "per_source", "projects"), "projects.per_source", 1, 18)
    c.prov(proj, "projects", ("per_source",), prov)

    agendas = []
    ag = c.list(c.get(raw, "agenda", "file"), "agenda")
    if len(ag) < 6:
        raise c.fail("agenda", f"needs at least 6 tiles (one per region), got {len(ag)}")
    for i, a in enumerate(ag):
        f = f"agenda[{i}]"
        c.keys(a, f, ("sources", "printed", "why"))
        srcs = c.list(c.get(a, "sources", f), f + ".sources", 3)
        idx = tuple(SOURCES.index(c.str(x, f"{f}.sources[{k}]", SOURCES)) for k, x in enumerate(srcs))
        if len(set(idx)) != 3:
            raise c.fail(f + ".sources", "must list 3 different sources")
        agendas.append(idx)
        c.prov(a, f, ("sources",), prov)

    summits = []
    for i, sm in enumerate(c.list(c.get(raw, "summit", "file"), "summit")):
        f = f"summit[{i}]"
        c.keys(sm, f, ("name", "topics", "printed", "why"))
        name = c.str(c.get(sm, "name", f), f + ".name")
        tp = c.list(c.get(sm, "topics", f), f + ".topics")
        if not 2 <= len(tp) <= 4:
            raise c.fail(f + ".topics", f"must have 2, 3 or 4 topics, got {len(tp)}")
        idx = tuple(SOURCES.index(c.str(x, f"{f}.topics[{k}]", SOURCES)) for k, x in enumerate(tp))
        if len(set(idx)) != len(idx):
            raise c.fail(f + ".topics", "topics must be different sources")
        summits.append((name, idx))
        c.prov(sm, f, ("name", "topics"), prov)
    if sum(1 for _, t in summits if len(t) == 2) < summit_spaces:
        raise c.fail("summit", f"needs at least {summit_spaces} two-topic tiles for the board (CO2-2.8)")

    lobby = {}
    for i, card in enumerate(c.list(c.get(raw, "lobby", "file"), "lobby")):
        f = f"lobby[{i}]"
        c.keys(card, f, ("card", "main", "region", "grant", "source", "reward", "secondary", "printed", "why"))
        n = c.int(c.get(card, "card", f), f + ".card", 1, 26)
        if n in lobby:
            raise c.fail(f + ".card", f"card {n} appears twice")
        main = c.str(c.get(card, "main", f), f + ".main", LOBBY_MAINS)
        entry = {"main": main, "region": -1, "grant": -1, "source": -1, "reward": (),
                 "secondary": c.str(c.get(card, "secondary", f), f + ".secondary", SECONDARY)}
        need = {"propose_region": ("region",), "propose_grant": ("grant", "reward"), "install": ("source", "reward"),
                "build": ("source",), "summit": ("source",), "buy": (), "sell": ()}[main]
        for k in ("region", "grant", "source", "reward"):
            if k in need and k not in card:
                raise c.fail(f"{f}.{k}", f"missing (needed by main = {main!r})")
            if k not in need and k in card:
                raise c.fail(f"{f}.{k}", f"not used by main = {main!r}")
        if "region" in card:
            entry["region"] = order.index(c.str(card["region"], f + ".region", REGION_IDS))
        if "grant" in card:
            entry["grant"] = GRANTS.index(c.str(card["grant"], f + ".grant", GRANTS))
        if "source" in card:
            entry["source"] = SOURCES.index(c.str(card["source"], f + ".source", SOURCES))
        if "reward" in card:
            rw = c.list(card["reward"], f + ".reward")
            if not 1 <= len(rw) <= 2:
                raise c.fail(f + ".reward", "must list 1 reward, or 2 to choose from")
            entry["reward"] = tuple(c.str(x, f"{f}.reward[{k}]", REWARDS) for k, x in enumerate(rw))
        lobby[n] = entry
        c.prov(card, f, ("card", "main", "region", "grant", "source", "reward", "secondary"), prov)
    if sorted(lobby) != list(range(1, 27)):  # CO2-1.11: lobby cards 01-26
        raise c.fail("lobby", f"must hold cards 1..26 once each, missing {sorted(set(range(1, 27)) - set(lobby))}")

    goals = {}
    for i, g in enumerate(c.list(c.get(raw, "company_goal", "file"), "company_goal")):
        f = f"company_goal[{i}]"
        c.keys(g, f, ("card", "kind", "vp_each", "cap", "remove_for", "printed", "why"))
        n = c.int(c.get(g, "card", f), f + ".card", 27, 33)
        rf = c.list(c.get(g, "remove_for", f), f + ".remove_for")
        goals[n] = (c.str(c.get(g, "kind", f), f + ".kind", GOAL_KINDS),
                    c.int(c.get(g, "vp_each", f), f + ".vp_each", 0, 20),
                    c.int(c.get(g, "cap", f), f + ".cap", 0, 100),
                    tuple(c.int(x, f"{f}.remove_for[{k}]", 1, 5) for k, x in enumerate(rf)))
        c.prov(g, f, ("card", "kind", "vp_each", "cap", "remove_for"), prov)
    if sorted(goals) != list(range(27, 34)):
        raise c.fail("company_goal", "must hold cards 27..33 once each")
    for n in range(1, 6):
        if sum(1 for g in goals.values() if n not in g[3]) < n:
            raise c.fail("company_goal", f"too many cards removed for {n} players to deal one each")

    un = {}
    for i, u in enumerate(c.list(c.get(raw, "un_goal", "file"), "un_goal")):
        f = f"un_goal[{i}]"
        c.keys(u, f, ("card", "sources", "vp", "printed", "why"))
        n = c.int(c.get(u, "card", f), f + ".card", 34, 46)
        if n in un:
            raise c.fail(f + ".card", f"card {n} appears twice")
        srcs = c.list(c.get(u, "sources", f), f + ".sources")
        if not 1 <= len(srcs) <= 5:
            raise c.fail(f + ".sources", "must list 1 to 5 sources")
        idx = tuple(SOURCES.index(c.str(x, f"{f}.sources[{k}]", SOURCES)) for k, x in enumerate(srcs))
        un[n] = (idx, c.int(c.get(u, "vp", f), f + ".vp", 0, 30))
        c.prov(u, f, ("card", "sources", "vp"), prov)
    if sorted(un) != list(range(34, 47)):
        raise c.fail("un_goal", "must hold cards 34..46 once each")

    events = {}
    for i, e in enumerate(c.list(c.get(raw, "event", "file"), "event", 6)):
        f = f"event[{i}]"
        c.keys(e, f, ("card", "region", "printed", "why"))
        n = c.int(c.get(e, "card", f), f + ".card", 47, 52)
        if n in events:
            raise c.fail(f + ".card", f"card {n} appears twice")
        events[n] = order.index(c.str(c.get(e, "region", f), f + ".region", REGION_IDS))
        c.prov(e, f, ("card", "region"), prov)

    return Components(
        path=path, regions=tuple(order), region_names=tuple(by_id[r][0] for r in order),
        spaces=tuple(by_id[r][1] for r in order), summit_spaces=summit_spaces, fossils=fossils, presets=presets,
        track_max=tuple(tmax), build_icon=tuple(icon), income=tuple(income), bonuses=tuple(bonus),
        plants=tuple(tuple(s) for s in stacks), projects_per_source=per_source, agendas=tuple(agendas),
        summits=tuple(summits), lobby=lobby, goals=goals, un_goals=un, events=events, provenance=prov,
    )


class UnprintedComponentsError(ValueError):
    """Component data that breaks a confirmed printed fact (docs/co2_components.md), loaded without
    ``unprinted_components=True``."""


def require_printed_facts(comp: Components, allow_unprinted: bool = False) -> None:
    """Refuse component data that breaks a confirmed printed fact, naming each fact broken.

    ``allow_unprinted`` (the game option ``unprinted_components=True``) loads such data on purpose, for
    experiments with components the printed game does not have.
    """
    if allow_unprinted:
        return
    broken = confirmed_constraint_violations(comp)
    if broken:
        raise UnprintedComponentsError(
            f"option 'components': {comp.path} breaks printed facts of CO2: {'; '.join(broken)}. To play with "
            "deliberately unprinted components, pass unprinted_components=True")


def confirmed_constraint_violations(comp: Components) -> list[str]:
    """The confirmed facts of data/co2/README.md that ``comp`` breaks (empty list = all hold)."""
    out = []
    want = {"africa": 3, "asia": 6, "europe": 5, "namerica": 5, "oceania": 4, "samerica": 4}
    for r, n in zip(comp.regions, comp.spaces):
        if want[r] != n:
            out.append(f"{r} must have {want[r]} demand spaces (CO2-0.4), has {n}")
    if comp.fossils != (10, 10, 10):
        out.append("10 coal, 10 oil and 10 gas tiles (CO2-1.8)")
    if [len(s) for s in comp.plants] != [5] * 5:
        out.append("5 green plant tiles per source (CO2-1.7)")
    if not any(p.coins == 10 and p.resources == 2 for p in comp.plants[1]):
        out.append("one solar tile costs $10 + 2 resources (CO2-EX-08)")
    if comp.plants[0][0].resources != 3 or comp.build_icon[0] != 3:
        out.append("the cheapest reforestation tile needs expertise 3 (CO2-EX-09)")
    for s in range(5):
        if comp.build_icon[s] != comp.plants[s][0].resources:
            out.append(f"{SOURCES[s]} build icon must mark the cheapest tile's resource number (CO2-9.4.2)")
    vps = [sum(p.vp for p in comp.plants[s]) for s in range(5)]
    if vps[0] != max(vps):
        out.append("reforestation must be the most valuable source")
    if comp.projects_per_source * 5 != 30:
        out.append("30 project tiles (CO2-1.6)")
    if len(comp.agendas) != 8:
        out.append("8 regional agenda tiles (CO2-1.9)")
    if len(comp.summits) != 18:
        out.append("18 summit tiles (CO2-1.10)")
    removes = {n: tuple(sorted(c for c, g in comp.goals.items() if n in g[3])) for n in range(1, 6)}
    if removes != {1: (27, 30, 32, 33), 2: (28, 30, 33), 3: (30,), 4: (), 5: ()}:
        out.append(f"company goals removed by player count (CO2-2.15), got {removes}")
    if comp.presets != {"beginner": (1, 1, 4, 0), "normal": (2, 2, 2, 0), "expert": (4, 1, 1, 0),
                        "extreme": (6, 0, 0, 6)}:
        out.append("preset fossil plants (CO2-17.1)")
    if comp.lobby[12]["source"] != 3 or len(comp.lobby[12]["reward"]) != 2:
        out.append("lobby card 12 is Biomass with a choice of two rewards (CO2-12.1.5.3)")
    if sorted(comp.events.values()) != list(range(6)):
        out.append("one event card per region (CO2-12.4.1)")
    return out
