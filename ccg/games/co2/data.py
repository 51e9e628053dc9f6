"""Component data: load and validate a CO2 component file (TOML, stdlib ``tomllib``).

``load_components(path)`` returns an immutable :class:`Components`; the default file ships beside
this module. The file's format is ``ComponentFile`` (msgspec structs: types, ranges, names, no unknown
fields); ``parse_components`` adds the rules relating fields (CO2-DATA-01 … CO2-DATA-18). Every error is a
``ValueError`` naming the file and the field path.

The ``components`` option of a game holds the validated *data* (the TOML file's tables as JSON),
never a path: ``read_components_file`` turns a user's file into that data once, in ``new_game``,
and a saved position carries the data itself, so loading a position opens no file.
"""
from __future__ import annotations

import json
import os
import tomllib
from dataclasses import dataclass
from typing import Annotated, Any, Callable, Literal, Mapping, get_args

import msgspec
from msgspec import Meta

from ccg.core.files import check_depth, read_text_file
from ccg.core.schema import convert, field_error

# the names a component file may use; the tuples keep the engine's canonical order (CO2-0.2)
Source = Literal["reforestation", "solar", "fusion", "biomass", "recycling"]
Fossil = Literal["coal", "oil", "gas"]
Grant = Literal["money", "resources", "research"]
RegionId = Literal["africa", "asia", "europe", "namerica", "oceania", "samerica"]
BonusKind = Literal["resource", "regional_cep", "any", "reforestation", "solar", "fusion", "biomass", "recycling"]
LobbyMain = Literal["propose_region", "propose_grant", "install", "build", "summit", "buy", "sell"]
Secondary = Literal["resource", "coins", "cep", "scientist"]
Reward = Literal["coins2", "coins3", "resource1", "cep1", "move"]
GoalKind = Literal["regions_controlled", "regions_with_plant", "un_goals", "plants_after_first",
                   "cep_in_hand", "highest_expertise", "plant_sources"]
SOURCES: tuple[str, ...] = get_args(Source)
SOURCE_NAMES = ("Reforestation", "Solar", "Cold Fusion", "Biomass", "Recycling")
FOSSILS: tuple[str, ...] = get_args(Fossil)
GRANTS: tuple[str, ...] = get_args(Grant)
REGION_IDS: tuple[str, ...] = get_args(RegionId)
BONUS_KINDS: tuple[str, ...] = get_args(BonusKind)
LOBBY_MAINS: tuple[str, ...] = get_args(LobbyMain)
SECONDARY: tuple[str, ...] = get_args(Secondary)
REWARDS: tuple[str, ...] = get_args(Reward)
GOAL_KINDS: tuple[str, ...] = get_args(GoalKind)
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


# ---- the file format (see components.toml): msgspec checks types, ranges, names and unknown fields ----
class _Entry(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """A printed component: ``printed`` lists which of its fields are printed; ``why`` says where the rest
    comes from (docs/co2_components.md)."""

    printed: list[str]
    why: str


class _Board(_Entry):
    clockwise: Annotated[list[RegionId], Meta(min_length=6, max_length=6)]
    grants: Annotated[list[Grant], Meta(min_length=3, max_length=3)]
    summit_spaces: Annotated[int, Meta(ge=1, le=6)]


class _Region(_Entry):
    id: RegionId
    name: str
    demand_spaces: Annotated[int, Meta(ge=1, le=8)]


class _Fossils(_Entry):
    coal: Annotated[int, Meta(ge=0, le=30)]
    oil: Annotated[int, Meta(ge=0, le=30)]
    gas: Annotated[int, Meta(ge=0, le=30)]


class _Preset(_Entry):
    coal: Annotated[int, Meta(ge=0, le=6)]
    oil: Annotated[int, Meta(ge=0, le=6)]
    gas: Annotated[int, Meta(ge=0, le=6)]
    remove_gas: Annotated[int, Meta(ge=0, le=30)]


class _Presets(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    beginner: _Preset
    normal: _Preset
    expert: _Preset
    extreme: _Preset


class _Bonus(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    at: Annotated[int, Meta(ge=1, le=30)]
    gain: BonusKind


class _Track(_Entry):
    source: Source
    max: Annotated[int, Meta(ge=1, le=30)]
    build_icon: Annotated[int, Meta(ge=0, le=30)]
    income: list[Annotated[int, Meta(ge=0, le=50)]]
    bonuses: list[_Bonus]


class _Plant(_Entry):
    source: Source
    coins: Annotated[int, Meta(ge=0, le=60)]
    resources: Annotated[int, Meta(ge=0, le=30)]
    vp: Annotated[int, Meta(ge=0, le=60)]


class _Projects(_Entry):
    per_source: Annotated[int, Meta(ge=1, le=18)]


class _Agenda(_Entry):
    sources: Annotated[list[Source], Meta(min_length=3, max_length=3)]


class _Summit(_Entry):
    name: str
    topics: Annotated[list[Source], Meta(min_length=2, max_length=4)]


class _Lobby(_Entry, tag_field="main"):
    """A lobby card (CO2-12.1): its main action (the tag) decides which other fields it prints."""

    card: Annotated[int, Meta(ge=1, le=26)]
    secondary: Secondary


class _ProposeRegion(_Lobby, tag="propose_region"):
    region: RegionId


class _ProposeGrant(_Lobby, tag="propose_grant"):
    grant: Grant
    reward: Annotated[list[Reward], Meta(min_length=1, max_length=2)]


class _Install(_Lobby, tag="install"):
    source: Source
    reward: Annotated[list[Reward], Meta(min_length=1, max_length=2)]


class _Build(_Lobby, tag="build"):
    source: Source


class _SummitCard(_Lobby, tag="summit"):
    source: Source


class _Buy(_Lobby, tag="buy"):
    pass


class _Sell(_Lobby, tag="sell"):
    pass


_LobbyCard = _ProposeRegion | _ProposeGrant | _Install | _Build | _SummitCard | _Buy | _Sell


class _CompanyGoal(_Entry):
    card: Annotated[int, Meta(ge=27, le=33)]
    kind: GoalKind
    vp_each: Annotated[int, Meta(ge=0, le=20)]
    cap: Annotated[int, Meta(ge=0, le=100)]
    remove_for: list[Annotated[int, Meta(ge=1, le=5)]]


class _UnGoal(_Entry):
    card: Annotated[int, Meta(ge=34, le=46)]
    sources: Annotated[list[Source], Meta(min_length=1, max_length=5)]
    vp: Annotated[int, Meta(ge=0, le=30)]


class _Event(_Entry):
    card: Annotated[int, Meta(ge=47, le=52)]
    region: RegionId


class ComponentFile(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """A component file as written (``components.toml``), checked field by field by msgspec."""

    format: Literal["ccg-co2-components"]
    version: Literal[1]
    board: _Board
    region: Annotated[list[_Region], Meta(min_length=6, max_length=6)]
    fossil: _Fossils
    preset: _Presets
    track: Annotated[list[_Track], Meta(min_length=5, max_length=5)]
    plant: list[_Plant]
    projects: _Projects
    agenda: Annotated[list[_Agenda], Meta(min_length=6)]
    summit: list[_Summit]
    lobby: list[_LobbyCard]
    company_goal: list[_CompanyGoal]
    un_goal: list[_UnGoal]
    event: Annotated[list[_Event], Meta(min_length=6, max_length=6)]


def _fields(entry: msgspec.Struct) -> set[str]:
    names = set(entry.__struct_fields__) - {"printed", "why"}
    tag = entry.__struct_config__.tag_field
    return names | ({tag} if tag else set())


class _Reader:
    """The checks that relate several fields (the file's format itself is ``ComponentFile``)."""

    def __init__(self, name: str) -> None:
        self.what = f"option 'components': {os.path.basename(name)}"
        self.provenance: dict[str, tuple[tuple[str, ...], str]] = {}

    def fail(self, field: str, problem: str) -> ValueError:
        return field_error(self.what, field, problem)

    def entry(self, e: _Entry, field: str) -> None:
        """Record the provenance of a printed component; ``printed`` names only its own fields."""
        allowed = _fields(e)
        for i, name in enumerate(e.printed):
            if name not in allowed:
                raise self.fail(f"{field}.printed[{i}]", f"must be one of {sorted(allowed)}, got {name!r}")
        self.provenance[field] = (tuple(e.printed), e.why)

    def distinct(self, items: list, field: str, problem: str) -> None:
        if len(set(items)) != len(items):
            raise self.fail(field, problem)

    def card_set(self, cards: list[int], field: str, first: int, last: int) -> None:
        """Each card ``first``..``last`` exactly once."""
        for i, n in enumerate(cards):
            if n in cards[:i]:
                raise self.fail(f"{field}[{i}].card", f"card {n} appears twice")
        missing = sorted(set(range(first, last + 1)) - set(cards))
        if missing:
            raise self.fail(field, f"must hold cards {first}..{last} once each, missing {missing}")


def parse_components(raw: Mapping, path: str = "data") -> Components:
    """Validate a parsed component table (see components.toml for the format): the format by msgspec
    (``ComponentFile``), then the rules relating fields (``CROSS_FIELD_CHECKS``, CO2-DATA-01 … CO2-DATA-18)."""
    rd = _Reader(path)
    f = convert(raw, ComponentFile, rd.what)
    for check in CROSS_FIELD_CHECKS:
        check(f, rd)
    return _components(f, path, rd.provenance)


# ---- the checks relating fields: each raises naming the field path, and records its entries' provenance ----
def _check_board(f: ComponentFile, rd: _Reader) -> None:
    """CO2-DATA-01: the clockwise order names each region once; CO2-DATA-02: the grants in the engine's order."""
    rd.distinct(f.board.clockwise, "board.clockwise", "must name each of the 6 regions once")
    if tuple(f.board.grants) != GRANTS:
        raise rd.fail("board.grants", f"must be the three grants in the engine's order {list(GRANTS)}")
    rd.entry(f.board, "board")


def _check_regions(f: ComponentFile, rd: _Reader) -> None:
    """CO2-DATA-01: one entry per region."""
    seen: set[str] = set()
    for i, r in enumerate(f.region):
        if r.id in seen:
            raise rd.fail(f"region[{i}].id", f"{r.id!r} appears twice")
        seen.add(r.id)
        rd.entry(r, f"region[{i}]")


def _check_presets(f: ComponentFile, rd: _Reader) -> None:
    """CO2-17.1: each preset places 6 fossil plants, one per region, from the tiles there are (with the gas
    tiles Extreme removes, CO2-17.1.4)."""
    fossils = _fossil_counts(f)
    rd.entry(f.fossil, "fossil")
    for name in PRESETS:
        p: _Preset = getattr(f.preset, name)
        placed = p.coal + p.oil + p.gas
        if placed != 6:
            raise rd.fail(f"preset.{name}", f"must place exactly 6 fossil plants (one per region), got {placed}")
        for k, (have, want) in enumerate(zip(fossils, (p.coal, p.oil, p.gas + p.remove_gas))):
            if want > have:
                raise rd.fail(f"preset.{name}", f"needs {want} {FOSSILS[k]} tiles but fossil.{FOSSILS[k]} is {have}")
        rd.entry(p, f"preset.{name}")


def _check_tracks(f: ComponentFile, rd: _Reader) -> None:
    """CO2-DATA-04 … CO2-DATA-07: one track per source; build icon and bonuses on the track; an income per
    space, 0 on the first (no disc, no income: CO2-4.2 note)."""
    seen: set[str] = set()
    for i, t in enumerate(f.track):
        field = f"track[{i}]"
        if t.source in seen:
            raise rd.fail(f"{field}.source", f"{t.source!r} has two tracks")
        seen.add(t.source)
        if t.build_icon > t.max:
            raise rd.fail(f"{field}.build_icon", f"must be at most the track's max {t.max}")
        if len(t.income) != t.max + 1:
            raise rd.fail(f"{field}.income", f"must have {t.max + 1} entries, got {len(t.income)}")
        if t.income[0] != 0:
            raise rd.fail(f"{field}.income[0]", "must be 0 (no disc, no income: CO2-4.2 note)")
        for k, b in enumerate(t.bonuses):
            if b.at > t.max:
                raise rd.fail(f"{field}.bonuses[{k}].at", f"must be at most the track's max {t.max}")
        rd.entry(t, field)


def _check_plants(f: ComponentFile, rd: _Reader) -> None:
    """CO2-DATA-08: a plant needs at most its track's maximum expertise; every source has plant tiles."""
    track_max = {t.source: t.max for t in f.track}
    for i, pl in enumerate(f.plant):
        if pl.resources > track_max[pl.source]:
            raise rd.fail(f"plant[{i}].resources", f"must be at most {track_max[pl.source]} (the {pl.source} track)")
        rd.entry(pl, f"plant[{i}]")
    for source in SOURCES:
        if not any(pl.source == source for pl in f.plant):
            raise rd.fail("plant", f"no {source} plant tiles")
    rd.entry(f.projects, "projects")


def _check_agendas(f: ComponentFile, rd: _Reader) -> None:
    """CO2-DATA-10: an agenda tile lists 3 different sources."""
    for i, a in enumerate(f.agenda):
        rd.distinct(a.sources, f"agenda[{i}].sources", "must list 3 different sources")
        rd.entry(a, f"agenda[{i}]")


def _check_summits(f: ComponentFile, rd: _Reader) -> None:
    """CO2-DATA-11: a summit tile's topics are different sources; CO2-2.8: enough two-topic tiles for the board."""
    for i, sm in enumerate(f.summit):
        rd.distinct(sm.topics, f"summit[{i}].topics", "topics must be different sources")
        rd.entry(sm, f"summit[{i}]")
    if sum(1 for sm in f.summit if len(sm.topics) == 2) < f.board.summit_spaces:
        raise rd.fail("summit", f"needs at least {f.board.summit_spaces} two-topic tiles for the board (CO2-2.8)")


def _check_lobby(f: ComponentFile, rd: _Reader) -> None:
    """CO2-1.11, CO2-DATA-12: lobby cards 01-26, each once."""
    rd.card_set([c.card for c in f.lobby], "lobby", 1, 26)
    for i, c in enumerate(f.lobby):
        rd.entry(c, f"lobby[{i}]")


def _check_company_goals(f: ComponentFile, rd: _Reader) -> None:
    """CO2-DATA-14: company goals 27-33, each once; CO2-2.15: enough left for every player count to deal one each."""
    rd.card_set([g.card for g in f.company_goal], "company_goal", 27, 33)
    for i, g in enumerate(f.company_goal):
        rd.entry(g, f"company_goal[{i}]")
    for n in range(1, 6):
        if sum(1 for g in f.company_goal if n not in g.remove_for) < n:
            raise rd.fail("company_goal", f"too many cards removed for {n} players to deal one each")


def _check_un_goals(f: ComponentFile, rd: _Reader) -> None:
    """CO2-DATA-13: UN goals 34-46, each once."""
    rd.card_set([u.card for u in f.un_goal], "un_goal", 34, 46)
    for i, u in enumerate(f.un_goal):
        rd.entry(u, f"un_goal[{i}]")


def _check_events(f: ComponentFile, rd: _Reader) -> None:
    """CO2-DATA-15: events 47-52, each once."""
    rd.card_set([e.card for e in f.event], "event", 47, 52)
    for i, e in enumerate(f.event):
        rd.entry(e, f"event[{i}]")


# in the file's order: the first broken rule is the one reported
CROSS_FIELD_CHECKS: tuple[Callable[[ComponentFile, _Reader], None], ...] = (
    _check_board, _check_regions, _check_presets, _check_tracks, _check_plants, _check_agendas, _check_summits,
    _check_lobby, _check_company_goals, _check_un_goals, _check_events,
)


# ---- the engine's tables, from a checked file ----
def _components(f: ComponentFile, path: str, provenance: dict) -> Components:
    order = tuple(f.board.clockwise)
    by_id = {r.id: r for r in f.region}
    track = _tracks_by_source(f)
    return Components(
        path=path, regions=order, region_names=tuple(by_id[r].name for r in order),
        spaces=tuple(by_id[r].demand_spaces for r in order), summit_spaces=f.board.summit_spaces,
        fossils=_fossil_counts(f), presets=_presets(f), track_max=tuple(t.max for t in track),
        build_icon=tuple(t.build_icon for t in track), income=tuple(tuple(t.income) for t in track),
        bonuses=tuple(_bonuses(t) for t in track), plants=_plant_stacks(f),
        projects_per_source=f.projects.per_source,
        agendas=tuple(tuple(SOURCES.index(x) for x in a.sources) for a in f.agenda),
        summits=tuple((sm.name, tuple(SOURCES.index(x) for x in sm.topics)) for sm in f.summit),
        lobby={c.card: _lobby_card(c, order) for c in f.lobby},
        goals={g.card: (g.kind, g.vp_each, g.cap, tuple(g.remove_for)) for g in f.company_goal},
        un_goals={u.card: (tuple(SOURCES.index(x) for x in u.sources), u.vp) for u in f.un_goal},
        events={e.card: order.index(e.region) for e in f.event}, provenance=provenance,
    )


def _fossil_counts(f: ComponentFile) -> tuple[int, int, int]:
    return (f.fossil.coal, f.fossil.oil, f.fossil.gas)


def _presets(f: ComponentFile) -> dict:
    """name -> (coal, oil, gas, remove_gas) (CO2-17.1)."""
    presets = {}
    for name in PRESETS:
        p: _Preset = getattr(f.preset, name)
        presets[name] = (p.coal, p.oil, p.gas, p.remove_gas)
    return presets


def _tracks_by_source(f: ComponentFile) -> list[_Track]:
    by_source: dict[str, _Track] = {t.source: t for t in f.track}
    return [by_source[s] for s in SOURCES]


def _bonuses(t: _Track) -> tuple[tuple[str, ...], ...]:
    """CO2-DATA-06: the gains at each value of a track."""
    return tuple(tuple(b.gain for b in t.bonuses if b.at == v) for v in range(t.max + 1))


def _plant_stacks(f: ComponentFile) -> tuple[tuple[Plant, ...], ...]:
    """CO2-2.7: each source's plant stack, lowest cost on top; ties keep the file's order (CO2-DATA-08)."""
    stacks: list[list[Plant]] = [[] for _ in SOURCES]
    for pl in f.plant:
        s = SOURCES.index(pl.source)
        stacks[s].append(Plant(s, pl.coins, pl.resources, pl.vp))
    return tuple(tuple(sorted(stack, key=lambda tile: tile.resources)) for stack in stacks)


def _lobby_card(c: _LobbyCard, order: tuple[str, ...]) -> dict:
    """CO2-DATA-12: a lobby card's main action, secondary effect and the fields its action prints (-1 / ())."""
    return {
        "main": c.__struct_config__.tag, "secondary": c.secondary,
        "region": order.index(c.region) if isinstance(c, _ProposeRegion) else -1,
        "grant": GRANTS.index(c.grant) if isinstance(c, _ProposeGrant) else -1,
        "source": SOURCES.index(c.source) if isinstance(c, (_Install, _Build, _SummitCard)) else -1,
        "reward": tuple(c.reward) if isinstance(c, (_ProposeGrant, _Install)) else (),
    }


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
