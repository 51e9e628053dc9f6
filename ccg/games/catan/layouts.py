"""Board layouts: the fixed maps, a user's own layout, and the seeded variable setup.

A layout is plain JSON-able data::

    {"name": str, "source": str, "reconstructed": bool,
     "hexes": [{"q": int, "r": int, "terrain": "forest"|…|"desert",
                "number": int|None, "spring": None|"numbered"|"overlay"}, …],
     "harbours": [{"q": int, "r": int, "side": "NE"|"E"|"SE"|"SW"|"W"|"NW",
                   "type": "3:1"|"lumber"|…}, …],
     "robber": [q, r] | None}

``validate_layout`` checks every field (the format with msgspec, ``LayoutData``; then positions, number
tokens, springs and harbours) and returns the canonical form (the
form stored in options, records and saved positions). A layout file named in
``new_game(layout=path)`` is read once there (a regular file, size- and
depth-checked); options and positions keep the data, so loading a position
opens no file.
"""
from __future__ import annotations

import copy
import itertools
import os
from collections.abc import Mapping
from typing import Annotated, Any, Literal

import msgspec

from ccg.core.files import loads_json, read_text_file
from ccg.core.frozen import freeze, thaw
from ccg.core.rng import Rng
from ccg.core.schema import convert, field_error

from .data import PIPS, HarbourType, Side, Terrain, board_kind, components
from .geometry import geometry_for, spiral

MAX_FILE_BYTES = 200_000  # a 6-player layout file is about 5 kB


def read_layout_file(path: Any) -> dict:
    """The canonical layout of a user's JSON layout file (``new_game(layout=path)``)."""
    text = read_text_file(path, "layout", MAX_FILE_BYTES)
    return validate_layout(loads_json(text, f"option 'layout': {os.path.basename(os.fspath(path))}", 8))


class _Hex(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    q: int
    r: int
    terrain: Terrain
    number: int | None = None
    spring: Literal["numbered", "overlay"] | None = None


class _Harbour(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    q: int
    r: int
    side: Side
    type: HarbourType


class LayoutData(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """A layout as written (the module doc); msgspec checks the types and names of every field."""

    hexes: Annotated[list[_Hex], msgspec.Meta(min_length=1, max_length=60)]
    harbours: list[_Harbour] = msgspec.field(default_factory=list)
    robber: tuple[int, int] | None = None
    name: str = "custom"
    source: str = ""
    reconstructed: bool = False


_WHAT = "invalid Catan layout"


def _err(field: str, problem: str) -> ValueError:
    return field_error(_WHAT, field, problem)


def _check_hex(h: _Hex, f: str) -> None:
    """A hex's number token and oil spring (CAT-1.2, CAT-3.3, OIL-2.2)."""
    if h.number is not None and h.number not in PIPS:
        raise _err(f + ".number", f"must be 2-6 or 8-12, got {h.number}")
    if h.terrain == "desert" and h.number is not None and h.spring != "numbered":
        raise _err(f + ".number", "a desert has no number unless it carries a numbered oil spring")
    if h.spring == "numbered" and (h.terrain != "desert" or h.number is None):
        raise _err(f + ".spring", "a numbered oil spring lies on a desert and prints a number")
    if h.spring == "overlay" and (h.terrain == "desert" or h.number is None):
        raise _err(f + ".spring", "an overlay oil spring covers a numbered terrain hex")
    if h.terrain != "desert" and h.number is None:
        raise _err(f + ".number", f"a {h.terrain} hex needs a number token")


def validate_layout(data: Any) -> dict:
    """The canonical layout dict (layout data, never a path), or a ValueError naming the bad field."""
    if isinstance(data, Mapping) and not isinstance(data, dict):
        data = dict(data)
    layout = convert(data, LayoutData, _WHAT)
    seen: set[tuple[int, int]] = set()
    for i, h in enumerate(layout.hexes):
        if (h.q, h.r) in seen:
            raise _err(f"hexes[{i}]", f"position ({h.q}, {h.r}) appears twice")
        seen.add((h.q, h.r))
        _check_hex(h, f"hexes[{i}]")
    geo = geometry_for(seen)
    used_nodes: set[int] = set()
    for i, hb in enumerate(layout.harbours):
        f = f"harbours[{i}]"
        if (hb.q, hb.r) not in seen:
            raise _err(f, f"({hb.q}, {hb.r}) is not a land hex")
        e = geo.side_edge(hb.q, hb.r, hb.side)
        if not geo.edge_coastal[e]:
            raise _err(f, f"side {hb.side} of ({hb.q}, {hb.r}) is not on the coast")
        nodes = geo.edge_nodes[e]
        if used_nodes & set(nodes):
            raise _err(f, "shares an intersection with another harbour")
        used_nodes.update(nodes)
    if layout.robber is not None and tuple(layout.robber) not in seen:
        raise _err("robber", f"{tuple(layout.robber)} is not a land hex")
    return {"name": layout.name, "source": layout.source, "reconstructed": layout.reconstructed,
            "hexes": [msgspec.structs.asdict(h) for h in layout.hexes],
            "harbours": [msgspec.structs.asdict(hb) for hb in layout.harbours],
            "robber": None if layout.robber is None else list(layout.robber)}


_NAMED: dict = {}


def named_layout(name: str) -> dict:
    """A shipped fixed layout ('beginner' or 'oil_springs'), canonical form (shared and read-only)."""
    got = _NAMED.get(name)
    if got is None:
        got = _NAMED[name] = freeze(validate_layout(copy.deepcopy(components()["layouts"][name])))
    return got


# ---- variable setup (CAT-3.2, CAT-3.3, CAT-12.6) -----------------------------------------
def variable_layout(players: int, rng: Rng, clockwise: bool = False, robber_on_desert: bool = True,
                    random_numbers: bool = False) -> dict:
    """A seeded variable board: shuffled terrain and harbours, tokens laid in spiral letter order
    (or, with ``random_numbers``, the almanac variant of CAT-3.3: tokens at random, no two red
    numbers 6/8 adjacent)."""
    kind = board_kind(players)
    positions = [tuple(p) for p in kind["positions"]]
    geo = geometry_for(positions)
    terrains = [t for t, n in kind["terrain_counts"].items() for _ in range(n)]
    rng.shuffle(terrains)
    terr = {geo.hexes[i]: terrains[i] for i in range(len(geo.hexes))}
    corners = geo.corner_hexes()
    start = corners[rng.below(len(corners))]
    tokens = list(kind["tokens"])
    numbers: dict = {}
    k = 0
    for h in spiral(geo, start, clockwise):
        pos = geo.hexes[h]
        if terr[pos] == "desert":
            numbers[pos] = None
        else:
            numbers[pos] = tokens[k]
            k += 1
    if random_numbers:
        _random_numbers(geo, terr, numbers, tokens, rng)
    types = list(kind["harbour_types"])
    rng.shuffle(types)
    harbours = [{"q": q, "r": r, "side": s, "type": t} for (q, r, s), t in zip(kind["harbour_slots"], types)]
    desert = next((list(p) for p in geo.hexes if terr[p] == "desert"), None)
    layout = {
        "name": "variable",
        "source": "seeded variable setup, CAT-3.2/CAT-3.3" + (" (5-6 data reconstructed, CAT-13.7)" if players >= 5 else ""),
        "reconstructed": players >= 5,
        "hexes": [{"q": p[0], "r": p[1], "terrain": terr[p], "number": numbers[p], "spring": None} for p in geo.hexes],
        "harbours": harbours,
        "robber": desert if robber_on_desert else None,  # CAT-3.4: on the desert (OIL-13.1: off the board)
    }
    return layout


def _random_numbers(geo, terr, numbers: dict, tokens: list, rng: Rng) -> None:
    """CAT-3.3 almanac variant: shuffle the tokens until no two 6/8 tokens touch (seeded)."""
    spots = [geo.hexes[h] for h in range(len(geo.hexes)) if terr[geo.hexes[h]] != "desert"]
    index = geo.hex_index
    for _ in range(10_000):
        rng.shuffle(tokens)
        placed = dict(zip(spots, tokens))
        red = {index[p] for p, n in placed.items() if n in (6, 8)}
        if all(m not in red for h in red for m in geo.hex_nbrs[h]):
            numbers.update(placed)
            return
    raise ValueError("could not place the red numbers apart on this board")


# ---- Oil Springs variable setup (OIL-13) ------------------------------------------------------
def place_oil_springs(layout: dict, rng: Rng) -> dict:
    """Put the oil springs on a variable board (OIL-13.2, OIL-13.3, OIL-13.4, OIL-13.5, OIL-13.6, OIL-13.7, notes A22, A23, A25): a numbered spring on
    each desert, overlays on one pasture and one forest, so 3 springs with 3-4 players and 4 with 5-6 (OIL-1.3)."""
    layout = thaw(layout)
    hexes = layout["hexes"]
    geo = geometry_for([(h["q"], h["r"]) for h in hexes])
    at = {(h["q"], h["r"]): h for h in hexes}
    H = [at[p] for p in geo.hexes]  # in geometry order
    springs: list[int] = []
    _numbered_desert_springs(H, geo, springs)
    _overlay_spring(H, geo, springs, "pasture", True, rng)   # OIL-13.3: second most probable pasture
    _overlay_spring(H, geo, springs, "forest", False, rng)   # OIL-13.4 (A22): second least probable forest
    layout["hexes"] = [{k: h[k] for k in ("q", "r", "terrain", "number", "spring")} for h in H]
    layout["robber"] = None  # OIL-13.1: the robber starts off the board
    layout["source"] += "; oil springs placed by OIL-13"
    return layout


def _numbered_desert_springs(H: list[dict], geo: Any, springs: list[int]) -> None:
    """OIL-13.2, OIL-13.7: numbered desert springs, printed number not on a neighbour if possible; with one
    desert (3-4 players) either numbered tile may be chosen ("wybierz numer, który nie graniczy z
    pustynią"), the first in the tile list on a tie."""
    desert_numbers = components()["oil_spring_tiles"]["desert_numbers"]
    deserts = [i for i, h in enumerate(H) if h["terrain"] == "desert"]
    best: tuple[int, tuple[int, ...]] = (len(deserts) + 1, ())
    for perm in itertools.permutations(desert_numbers, min(len(deserts), len(desert_numbers))):
        bad = sum(perm[j] in {H[n]["number"] for n in geo.hex_nbrs[d]} for j, d in enumerate(deserts))
        if bad < best[0]:
            best = (bad, perm)
    for j, d in enumerate(deserts):
        H[d]["number"] = best[1][j]
        H[d]["spring"] = "numbered"
        springs.append(d)


def _overlay_spring(H: list[dict], geo: Any, springs: list[int], terrain: str, second_from_top: bool,
                    rng: Rng) -> None:
    """An overlay spring on a numbered ``terrain`` hex of the second probability class from the top (or the
    bottom), away from the other springs (OIL-13.5; A23: distinct probability classes; A25 when none is)."""
    cands = [i for i, h in enumerate(H) if h["terrain"] == terrain and h["spring"] is None and h["number"]]
    if not cands:
        return
    classes = sorted({PIPS[H[i]["number"]] for i in cands}, reverse=second_from_top)
    cls = classes[1] if len(classes) >= 2 else classes[0]
    members = [i for i in cands if PIPS[H[i]["number"]] == cls]

    def adjacent_to_spring(i: int) -> bool:
        return any(n in springs for n in geo.hex_nbrs[i])

    free = [i for i in members if not adjacent_to_spring(i)]
    if free:
        chosen = free[rng.below(len(free))] if len(free) > 1 else free[0]
    else:
        # A25: move the chosen token to a non-adjacent hex, same terrain first
        src = members[0]
        others = [i for i in cands if i != src and not adjacent_to_spring(i)]
        if others:
            dst = min(others, key=lambda i: (geo.hex_distance(i, src), i))
            H[src]["number"], H[dst]["number"] = H[dst]["number"], H[src]["number"]
            chosen = dst
        else:
            # no same-terrain hex away from the springs: a token swap with another terrain cannot
            # move a pasture/forest spring, and OIL-13.6 forbids moving terrain: accept adjacency
            chosen = src
    H[chosen]["spring"] = "overlay"
    springs.append(chosen)


def place_oil_springs_56(layout: dict, rng: Rng) -> dict:
    """OIL-11.3 (note A20) on a user's 5-6 layout without springs (the printed 5-6 map is not shipped).

    (a) both deserts get numbered springs (tiles by OIL-13.2's neighbour rule); (b) a forest numbered 10
    trades places, with its token, with a hex of the west side (the westernmost hex of a row, drawn by the
    seed; none if it already stands there); (c) likewise a pasture numbered 4 with the east side; (d) the
    overlay springs go on that forest and pasture. The robber starts off the board.
    """
    layout = thaw(layout)
    H = layout["hexes"]
    deserts = [h for h in H if h["terrain"] == "desert"]
    if len(deserts) != 2:
        raise ValueError("OIL-11.3: a 5-6 Oil Springs layout without springs needs exactly 2 deserts")
    at = {(h["q"], h["r"]): h for h in H}
    rows: dict = {}
    for h in H:
        rows.setdefault(h["r"], []).append(h)
    west = [min(r, key=lambda h: h["q"]) for _, r in sorted(rows.items())]
    east = [max(r, key=lambda h: h["q"]) for _, r in sorted(rows.items())]
    tiles = components()["oil_spring_tiles"]["desert_numbers"]

    def nbr_numbers(h):
        return {at[(h["q"] + dq, h["r"] + dr)]["number"] for dq, dr in ((1, 0), (-1, 0), (1, -1), (0, -1), (0, 1),
                                                                       (-1, 1)) if (h["q"] + dq, h["r"] + dr) in at}

    best = min(itertools.permutations(tiles, 2),
               key=lambda perm: sum(perm[j] in nbr_numbers(d) for j, d in enumerate(deserts)))
    for j, d in enumerate(deserts):
        d["number"], d["spring"] = best[j], "numbered"
    for terrain, number, side in (("forest", 10, west), ("pasture", 4, east)):
        found = [h for h in H if h["terrain"] == terrain and h["number"] == number]
        if not found:
            raise ValueError(f"OIL-11.3: the 5-6 Oil Springs setup needs a {terrain} numbered {number}")
        here = [h for h in found if h in side]
        if here:
            target = here[0]
        else:
            src = found[0]
            spots = [h for h in side if h["spring"] is None]
            target = spots[rng.below(len(spots))]
            for k in ("terrain", "number"):  # A20: swap the hexes together with their tokens
                src[k], target[k] = target[k], src[k]
        target["spring"] = "overlay"
    layout["robber"] = None
    layout["source"] = (layout.get("source") or "") + "; oil springs placed by OIL-11.3"
    return layout


def resolve_layout(option: Any, players: int, scenario: str | None, rng: Rng, clockwise: bool,
                   random_numbers: bool = False) -> dict:
    """The concrete layout of a new game from the ``layout`` option (drawing from ``rng`` if variable).

    CAT-3.1: the beginner map or the variable setup; with the scenario, its own starting map (OIL-2.1, the
    springs of OIL-2.2 included) or the variable setup with springs by OIL-13."""
    oil = scenario == "oil_springs"
    if option is None:
        option = "beginner" if players <= 4 else "variable"
    if option == "beginner":
        if players >= 5:
            raise ValueError(
                "no fixed 5-6 player map is available (CAT-13.7, OIL-16.3): use layout='variable' "
                "or pass your own layout"
            )
        return named_layout("oil_springs" if oil else "beginner")
    if option == "variable":
        layout = variable_layout(players, rng, clockwise, robber_on_desert=not oil, random_numbers=random_numbers)
        return place_oil_springs(layout, rng) if oil else layout
    layout = validate_layout(option)
    if oil and not any(h["spring"] for h in layout["hexes"]):
        if players >= 5:
            return validate_layout(place_oil_springs_56(layout, rng))  # OIL-11.3
        raise ValueError("an Oil Springs game needs a layout with oil springs (hexes with 'spring')")
    if not oil and any(h["spring"] for h in layout["hexes"]):
        raise ValueError("this layout has oil springs: play it with scenario='oil_springs'")
    return layout


def check_layout_option(value: Any) -> Any:
    """OptionSpec check (new_game): keep the names, read a file once, canonicalise layout data."""
    if value is None or value in ("beginner", "variable"):
        return value
    if isinstance(value, (str, os.PathLike)):
        return read_layout_file(value)
    return validate_layout(value)


def check_saved_layout_option(value: Any) -> Any:
    """OptionSpec check for saved positions and records: the names or layout data, never a path."""
    if value is None or value in ("beginner", "variable"):
        return value
    if isinstance(value, (str, os.PathLike)):
        raise ValueError("option 'layout': a saved position carries the layout itself, never a file path; "
                         f"got {str(value)[:40]!r}")
    return validate_layout(value)

