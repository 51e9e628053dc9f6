"""Saved positions: the state as JSON-able data and a loader that validates every field."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ccg.core import validate as v
from ccg.core.errors import InvalidPositionError
from ccg.core.frozen import thaw
from ccg.core.positions import differing_fields

from .board import harbour_mask
from .layouts import validate_layout
from .phases import PHASES
from .roads import longest_road

if TYPE_CHECKING:
    from .state import CatanState

FIELDS = (
    "layout", "phase", "active", "cur", "turn", "first", "setup_i", "setup_node", "node_owner", "node_level",
    "edge_owner", "hand", "bank", "dev", "dev_new", "deck", "knights", "discard", "oil", "seq", "numbers",
    "destroyed", "lr", "la", "robber", "dice", "dev_played", "rolled", "built", "free_roads", "offer",
    "accepted", "offers_made", "sbp_left", "supply", "removed", "marker", "metro_pool", "champ", "oil_used", "seq_done",
    "pending", "trigger", "over", "winner", "lost", "pyrrhic", "disasters", "floods", "spring_hits",
    "oil_used_total", "last_disaster",
)
# The position format keeps its short keys (saved positions are long-lived): the state attribute of each key
# whose name differs. Positions, observations, the observation tensor and position errors use the keys.
ATTRIBUTE = {"cur": "seat_to_move", "setup_i": "setup_step", "seq": "sequestered", "lr": "longest_road_holder",
             "la": "largest_army_holder", "sbp_left": "special_build_left", "champ": "champion"}
BOOLS = ("dev_played", "rolled", "built", "oil_used", "seq_done", "pending", "over", "lost")


def state_dict(s: CatanState) -> dict:
    d = {}
    for f in FIELDS:
        if f == "layout":
            d[f] = thaw(s.board.layout)
        elif f == "phase":
            d[f] = PHASES[s.phase]
        elif f == "destroyed":
            d[f] = [list(x) for x in s.destroyed]
        elif f in ("offer", "last_disaster"):
            val = getattr(s, f)
            d[f] = None if val is None else list(val)
        else:
            val = getattr(s, ATTRIBUTE.get(f, f))
            d[f] = val[:] if isinstance(val, list) else val
    return d


def from_state_dict(cls, d, n: int, options: dict):
    """A CatanState from a saved dict, or InvalidPositionError naming the first bad field."""
    from .setup import blank  # setup builds the state, whose module imports this one

    v.as_dict(d, "state", FIELDS)
    s = blank(n, 0, options, _layout(d["layout"]))
    _turn(s, d, n)
    _pieces(s, d, n)
    _cards(s, d, n)
    _numbers(s, d)
    _holders_and_counters(s, d, n)
    _trade_offer(s, d, n)
    _last_disaster(s, d["last_disaster"], n)
    recompute_derived(s)
    return s


def _layout(data) -> dict:
    """The map, valid and in canonical form (the form saving writes)."""
    try:
        layout = validate_layout(data)
    except ValueError as e:
        raise InvalidPositionError(f"invalid position: layout: {e}") from None
    if layout != data:
        raise InvalidPositionError(f"invalid position: layout is not in canonical form: "
                                   f"{differing_fields(data, layout, 'layout')}")
    return layout


def _turn(s: CatanState, d: dict, n: int) -> None:
    """The phase, the active and first players, the seat to move, the turn and the setup step (CAT-3, CAT-4)."""
    s.phase = PHASES.index(v.as_str(d["phase"], "phase", PHASES))
    for f in ("active", "first"):
        setattr(s, f, v.as_int(d[f], f, 0, n - 1))
    s.seat_to_move = v.as_int(d["cur"], "cur", -1, n - 1)
    s.turn = v.as_int(d["turn"], "turn", 0)
    s.setup_step = v.as_int(d["setup_i"], "setup_i", 0, 2 * n)
    s.setup_node = v.as_int(d["setup_node"], "setup_node", -1, s.board.n_node - 1)


def _pieces(s: CatanState, d: dict, n: int) -> None:
    """Who owns each intersection (and at what level) and each path."""
    b = s.board
    s.node_owner = v.int_list(d["node_owner"], "node_owner", b.n_node, -1, n - 1)
    s.node_level = v.int_list(d["node_level"], "node_level", b.n_node, 0, 3)
    s.edge_owner = v.int_list(d["edge_owner"], "edge_owner", b.n_edge, -1, n - 1)


def _cards(s: CatanState, d: dict, n: int) -> None:
    """Hands, the bank, development cards (held, new, the deck), knights played, discards owed, oil."""
    s.hand = v.int_list(d["hand"], "hand", 5 * n, 0)
    s.bank = v.int_list(d["bank"], "bank", 5, 0)
    s.dev = v.int_list(d["dev"], "dev", 5 * n, 0)
    s.dev_new = v.int_list(d["dev_new"], "dev_new", 5, 0)
    s.deck = v.int_list(d["deck"], "deck", None, 0, 4)
    s.knights = v.int_list(d["knights"], "knights", n, 0)
    s.discard = v.int_list(d["discard"], "discard", n, 0)
    s.oil = v.int_list(d["oil"], "oil", n, 0)
    s.sequestered = v.int_list(d["seq"], "seq", n, 0)


def _numbers(s: CatanState, d: dict) -> None:
    """The number tokens on the hexes, and those destroyed by disasters (hex, number; OIL-8)."""
    b = s.board
    s.numbers = v.int_list(d["numbers"], "numbers", b.n_hex, 0, 12)
    des = v.as_list(d["destroyed"], "destroyed")
    s.destroyed = []
    for i, x in enumerate(des):
        v.int_list(x, f"destroyed[{i}]", 2)
        s.destroyed.append([v.as_int(x[0], f"destroyed[{i}][0]", 0, b.n_hex - 1),
                            v.as_int(x[1], f"destroyed[{i}][1]", 2, 12)])


def _holders_and_counters(s: CatanState, d: dict, n: int) -> None:
    """Seats holding a title or ending the game, the robber, the dice, the flags and the counters."""
    for f in ("lr", "la", "champ", "trigger", "winner", "pyrrhic"):
        setattr(s, ATTRIBUTE.get(f, f), v.as_int(d[f], f, -1, n - 1))
    s.robber = v.as_int(d["robber"], "robber", -1, s.board.n_hex - 1)
    s.dice = v.as_int(d["dice"], "dice", 0, 12)
    for f in BOOLS:
        setattr(s, f, v.as_bool(d[f], f))
    for f in ("free_roads", "offers_made", "sbp_left", "supply", "removed", "marker", "metro_pool", "disasters",
              "floods", "spring_hits", "oil_used_total"):
        setattr(s, ATTRIBUTE.get(f, f), v.as_int(d[f], f, 0))


def _trade_offer(s: CatanState, d: dict, n: int) -> None:
    """CAT-7.2: the offer on the table: the goods given (lumber … ore, oil), then the goods asked for (checked
    against hands by the invariants); the seats that accepted, as bits."""
    off = d["offer"]
    s.offer = None if off is None else tuple(v.int_list(off, "offer", 12, 0, 10 ** 4))
    s.accepted = v.as_int(d["accepted"], "accepted", 0, (1 << n) - 1)


def _last_disaster(s: CatanState, ld, n: int) -> None:
    """The last disaster (number rolled, hex hit or -1, seat hit or -1), or null (OIL-8)."""
    if ld is not None:
        v.int_list(ld, "last_disaster", 3)
        v.as_int(ld[0], "last_disaster[0]", 2, 12)
        v.as_int(ld[1], "last_disaster[1]", -1, s.board.n_hex - 1)
        v.as_int(ld[2], "last_disaster[2]", -1, n - 1)
        ld = list(ld)
    s.last_disaster = ld


def recompute_derived(s: CatanState) -> None:
    """Counts, harbour access and road lengths from the pieces on the board (used by the loader)."""
    n = s.num_players
    s.spots = None
    s.roads_built = [0] * n
    s.settlements_built = [0] * n
    s.cities_built = [0] * n
    s.metropolises_built = [0] * n
    for o in s.edge_owner:
        if o >= 0:
            s.roads_built[o] += 1
    for x, o in enumerate(s.node_owner):
        if o >= 0:
            lv = s.node_level[x]
            if lv == 1:
                s.settlements_built[o] += 1
            else:
                s.cities_built[o] += 1
                if lv == 3:
                    s.metropolises_built[o] += 1
    s.harbour_access = [harbour_mask(s, p) for p in range(n)]
    s.road_len = [longest_road(s, p) for p in range(n)]
