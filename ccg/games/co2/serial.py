"""A CO2 position as a dict and back: the saved fields, and every check a loaded position must pass.

Saving writes the state's fields as they are (``state_dict``). Loading (``load``) checks every field
and every task against what the rules code relies on. A position that loads must play: card ids
are range- and uniqueness-checked, every list has its length, every index its range, and the task
stack (``tasks.py``, ``flow.py``) must have a shape that play can
produce — a backbone task at the bottom that keeps the game going, a decision on top with at
least one legal action, and each task's arguments valid for the state it will run in. The
conservation laws live in ``Co2State.check_invariants`` (run here too).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ccg.core import validate

from . import flow
from .decisions import DECISIONS
from .economy import GREEN0
from .flags import FLAG_RANGES
from .operations import last_decade, rounds
from .tasks import TASKS
from .turn_order import check_turn_order
from .variants import auction_value

if TYPE_CHECKING:
    from .state import Co2State

# the saved fields (``Co2State.__slots__`` holds them, plus the bound data and the task stack), by attribute name
LIST_FIELDS = ("coins", "vp", "resources", "cep", "expertise", "scientists", "goal", "goal_status", "space_kind",
               "space_owner", "region_cep", "region_resources", "controller", "agenda", "projects", "installed",
               "occupant", "summit", "summit_slots", "plants_built", "project_supply", "fossil_stack", "summit_stack",
               "events", "un_display", "un_deck", "lobby_deck", "lobby_played", "turn_flags", "fossil_out")
NESTED_FIELDS = ("lobby", "packs", "un_won")
SCALAR_FIELDS = ("decade", "round", "turns", "start", "active", "ppm", "ppm_peak", "market", "price",
                 "bank_cep", "supply_resources", "over", "lost")
# The position format keeps its short keys (saved positions are long-lived): the key of each attribute whose
# name differs. Positions, observations, the observation tensor and position errors use the keys.
SAVED_KEY = {
    "resources": "res", "expertise": "exp", "scientists": "sci", "goal_status": "goal_st", "region_cep": "reg_cep",
    "region_resources": "reg_res", "controller": "ctrl", "projects": "proj", "installed": "inst", "occupant": "occ",
    "summit_slots": "sslot", "plants_built": "stack", "project_supply": "psupply", "turn_flags": "tf",
    "supply_resources": "supply_res", "trajectory_rows": "traj",
}
SAVED_KEYS = tuple(SAVED_KEY.get(f, f) for f in LIST_FIELDS + NESTED_FIELDS + SCALAR_FIELDS) + ("tasks", "traj")

MAX_COINS = 10_000  # far above any game; bounds the bid actions a position can ask for
MAX_VP = 10_000
MAX_TASKS = 200

# the task stack: the bottom task keeps the game going (each pushes its successors); only there
BOTTOM = frozenset({"turn", "after_turn", "ops_start", "supply", "supply_end", "final_vp"})
# decisions that may wait below another (batched by the flow); every other decision is on top
DEFERRED_DECISIONS = frozenset({"income", "goal_choice", "draft", "summit_pick", "auction_start"})
# automatic tasks run at once when pushed on top: a saved position never holds them
NEVER_SAVED = frozenset({"begin_turn", "ops_end", "fossil_pay", "displace", "research", "proj_exp", "final"})

# argument kinds of each task (after the kind and the seat field)
TASK_ARGS = {
    "turn": ("seat",), "income": ("seat", "amount"), "paycep_choose": ("seat",), "forced": ("seat",),
    "exp_any": ("seat",), "summit_pick": ("seat", "summit"), "study": ("seat",), "cepto": ("seat",),
    "displaced": ("seat", "source"), "sci_to": ("seat", "from", "sci_context"),
    "research_choose": ("seat", "research_context"), "lobby_pick": ("seat", "choice_card"),
    "bid": ("seat", "bidder", "bid", "seat_or_none"), "auction_pay": ("seat", "amount_due"),
    "auction_start": ("seat",), "draft": ("seat",), "solo_region": ("seat",),
    "solo_space": ("seat", "region", "source"), "goal_choice": ("seat", "goal_vp"),
    "ops_start": ("none",), "after_turn": ("none",), "summits": ("none",), "supply": ("none",),
    "decay": ("none",), "energy": ("none", "next_region"), "event": ("none",), "supply_end": ("none",),
    "gain": ("seat", "source", "steps"), "cep_bonus": ("seat",), "any_exp": ("seat",),
    "control": ("seat", "region"), "leave": ("seat", "project"), "retproj": ("none", "project"),
    "install_done": ("seat", "project"), "paycep": ("seat",), "summit_close": ("none", "summit"),
    "draft_pass": ("none",), "solo_place": ("none", "source_mask", "region", "flag"), "final_vp": ("none",),
}


def state_dict(s: Co2State) -> dict:
    """The saved form of a position: every field copied, tasks as lists."""
    key = SAVED_KEY.get
    d = {key(f, f): getattr(s, f)[:] for f in LIST_FIELDS}
    for f in NESTED_FIELDS:
        d[f] = [h[:] for h in getattr(s, f)]
    for f in SCALAR_FIELDS:
        d[key(f, f)] = getattr(s, f)
    d["tasks"] = [[t.kind, *t] for t in s.tasks]
    d["traj"] = [t[:] for t in s.trajectory_rows]
    return d


def load(cls, data, n: int, options):
    """A ``cls`` (Co2State) from a saved ``state`` dict, or InvalidPositionError naming the first bad field."""
    s = cls.blank(n, 0, options)
    validate.as_dict(data, "state", SAVED_KEYS)
    _scalars(s, data, n)
    _players(s, data, n)
    _board(s, data, n)
    _summits(s, data, n)
    _supplies(s, data)
    _decks(s, data)
    _hands(s, data, n)
    s.trajectory_rows = _trajectory(data["traj"], n)
    s.tasks = _tasks(s, data["tasks"], n)
    check_turn_order(s)  # CO2-5.1: the active player follows from the start player and the turns played
    s.check_invariants()
    if not s.over and not flow.legal(s):
        raise validate._fail("tasks", f"the decision {s.tasks[-1].kind!r} on top has no legal action")
    return s


def _players(s: Co2State, data, n: int) -> None:
    """Each player's coins, VP, resources, CEP, expertise, scientists and goal card."""
    components, ints = s.components, validate.int_list
    s.coins = ints(data["coins"], "coins", n, 0, MAX_COINS)
    s.vp = ints(data["vp"], "vp", n, -MAX_VP, MAX_VP)
    s.resources = ints(data["res"], "res", n, 0, s.rules["resources.total"])
    s.cep = ints(data["cep"], "cep", n, 0, s.rules["cep.total"])
    s.expertise = ints(data["exp"], "exp", 5 * n, 0, max(components.track_max))
    s.scientists = ints(data["sci"], "sci", 4 * n, -2, 100 + 4 * components.summit_spaces - 1)
    for i, loc in enumerate(s.scientists):
        if 18 <= loc < 100:
            raise validate._fail(f"sci[{i}]",
                                 f"must be -2 (not hired), -1 (hand), a project 0..17 or a summit slot, got {loc}")
    dealt = [c for c in sorted(components.goals) if n not in components.goals[c][3]]  # CO2-2.15
    s.goal = _distinct(ints(data["goal"], "goal", n), "goal", dealt)
    s.goal_status = ints(data["goal_st"], "goal_st", n, 0, 2)


def _board(s: Co2State, data, n: int) -> None:
    """The spaces, the regions (CEP, resources, controller, agenda) and the project slots."""
    components, ints = s.components, validate.int_list
    spaces = sum(components.spaces)
    s.space_kind = ints(data["space_kind"], "space_kind", spaces, -1, GREEN0 + 4)
    s.space_owner = ints(data["space_owner"], "space_owner", spaces, -1, n - 1)
    s.region_cep = ints(data["reg_cep"], "reg_cep", 6, 0)
    s.region_resources = ints(data["reg_res"], "reg_res", 6, 0, s.rules["resources.total"])
    s.controller = ints(data["ctrl"], "ctrl", 6, -1, n - 1)
    s.agenda = _distinct(ints(data["agenda"], "agenda", 6), "agenda", range(len(components.agendas)))
    s.projects = ints(data["proj"], "proj", 18, -1, 4)
    s.installed = ints(data["inst"], "inst", 18, 0, 1)
    s.occupant = ints(data["occ"], "occ", 18, -1, n - 1)


def _summits(s: Co2State, data, n: int) -> None:
    """The summit tiles on the board (each at most once) and their slots."""
    components, ints = s.components, validate.int_list
    summit = ints(data["summit"], "summit", components.summit_spaces, -1, len(components.summits) - 1)
    _distinct([t for t in summit if t >= 0], "summit", range(len(components.summits)))
    s.summit = summit
    s.summit_slots = ints(data["sslot"], "sslot", 4 * components.summit_spaces, -1, n - 1)


def _supplies(s: Co2State, data) -> None:
    """The power plants built, the project supply, the fossil and summit stacks."""
    components, ints = s.components, validate.int_list
    s.plants_built = ints(data["stack"], "stack", 5, 0)
    for src in range(5):
        if s.plants_built[src] > len(components.plants[src]):
            raise validate._fail(f"stack[{src}]", f"must be at most {len(components.plants[src])}")
    s.project_supply = ints(data["psupply"], "psupply", 5, 0, components.projects_per_source)
    s.fossil_stack = ints(data["fossil_stack"], "fossil_stack", None, 0, 2)
    s.summit_stack = _distinct(ints(data["summit_stack"], "summit_stack"), "summit_stack",
                               range(len(components.summits)))
    if set(s.summit_stack) & set(s.summit):
        raise validate._fail("summit_stack", "holds a summit tile that is on the board")


def _decks(s: Co2State, data) -> None:
    """The event deck, the UN goal display and deck, the lobby cards, the turn flags and fossils out."""
    components, ints = s.components, validate.int_list
    s.events = _distinct(ints(data["events"], "events"), "events", sorted(components.events))
    s.un_display = _distinct(ints(data["un_display"], "un_display"), "un_display", sorted(components.un_goals))
    s.un_deck = _distinct(ints(data["un_deck"], "un_deck"), "un_deck", sorted(components.un_goals))
    s.lobby_deck = ints(data["lobby_deck"], "lobby_deck", None, 1, 26)
    s.lobby_played = ints(data["lobby_played"], "lobby_played", None, 1, 26)
    s.turn_flags = _turn_flags(data["tf"])
    s.fossil_out = ints(data["fossil_out"], "fossil_out", 3, 0)


def _hands(s: Co2State, data, n: int) -> None:
    """Each player's lobby cards, card packs and UN goals won; a UN goal is in one place only."""
    ints = validate.int_list
    for f in NESTED_FIELDS:
        rows = validate.as_list(data[f], f, n)
        setattr(s, f, [ints(r, f"{f}[{i}]") for i, r in enumerate(rows)])
    for p in range(n):
        for f in ("lobby", "packs"):
            for c in getattr(s, f)[p]:
                validate.as_int(c, f"{f}[{p}]", 1, 26)
        _distinct(s.un_won[p], f"un_won[{p}]", sorted(s.components.un_goals))
    un = s.un_display + s.un_deck + sum(s.un_won, [])
    if len(set(un)) != len(un):
        raise validate._fail("un_won", "a UN goal is in two places (display, deck, won)")


def _scalars(s: Co2State, data, n: int) -> None:
    for f in ("over", "lost"):
        setattr(s, f, validate.as_bool(data[f], f))
    if s.lost and not s.over:
        raise validate._fail("lost", "a lost game is over (CO2-14.3)")
    s.decade = validate.as_int(data["decade"], "decade", 1, last_decade(s))
    s.round = validate.as_int(data["round"], "round", 1, rounds(s) + 1)
    s.turns = validate.as_int(data["turns"], "turns", 0, n - 1)
    s.start = validate.as_int(data["start"], "start", 0, n - 1)
    s.active = validate.as_int(data["active"], "active", 0, n - 1)
    worst = max(s.rules["ppm.coal"], s.rules["ppm.oil"], s.rules["ppm.gas"]) * sum(s.components.fossils)
    s.ppm = validate.as_int(data["ppm"], "ppm", 0, worst)
    s.ppm_peak = validate.as_int(data["ppm_peak"], "ppm_peak", 0, worst)
    s.market = validate.as_int(data["market"], "market", 0, s.rules["cep.total"])
    s.price = validate.as_int(data["price"], "price", s.rules["market.price_min"], s.rules["market.price_max"])
    s.bank_cep = validate.as_int(data["bank_cep"], "bank_cep", 0, s.rules["cep.total"])
    s.supply_resources = validate.as_int(data["supply_res"], "supply_res", 0, s.rules["resources.total"])


def _distinct(items: list, field: str, allowed) -> list:
    allowed = set(allowed)
    for i, x in enumerate(items):
        if x not in allowed:
            raise validate._fail(f"{field}[{i}]", f"{x} is not a valid card or tile here")
    if len(set(items)) != len(items):
        raise validate._fail(field, "lists a card or tile twice")
    return items


def _turn_flags(value) -> list[int]:
    tf = validate.int_list(value, "tf", len(FLAG_RANGES))
    for i, (x, (lo, hi)) in enumerate(zip(tf, FLAG_RANGES)):
        validate.as_int(x, f"tf[{i}]", lo, hi)
    return tf


def _trajectory(value, n: int) -> list[list[int]]:
    rows = validate.as_list(value, "traj", max_length=30)
    if not rows:
        raise validate._fail("traj", "needs at least the setup row")
    out = [validate.int_list(r, f"traj[{i}]", 5 + 2 * n) for i, r in enumerate(rows)]
    if out[0][0] != 0:
        raise validate._fail("traj[0][0]", "the first row is the setup (decade 0)")
    return out


def _tasks(s: Co2State, value, n: int) -> list:
    rows = validate.as_list(value, "tasks", max_length=MAX_TASKS)
    tasks = []
    for i, t in enumerate(rows):
        t = validate.as_list(t, f"tasks[{i}]")
        if not t or not isinstance(t[0], str) or t[0] not in TASK_ARGS:
            known = "never saved" if t and t[0] in NEVER_SAVED else "unknown"
            raise validate._fail(f"tasks[{i}]", f"{known} task {t[:1]!r}")
        kinds = TASK_ARGS[t[0]]
        if len(t) != 1 + len(kinds):
            raise validate._fail(f"tasks[{i}]",
                                 f"task {t[0]!r} takes {len(kinds)} values after its name, got {len(t) - 1}")
        for k, (x, kind) in enumerate(zip(t[1:], kinds)):
            _arg(s, x, kind, f"tasks[{i}][{k + 1}]", n)
        tasks.append(TASKS[t[0]](*t[1:]))
    if s.over:
        if tasks:
            raise validate._fail("tasks", "a finished game has no tasks left")
        return tasks
    if not tasks or tasks[-1].kind not in DECISIONS:
        raise validate._fail("tasks", "a running game must wait on a decision")
    if tasks[0].kind not in BOTTOM:
        raise validate._fail("tasks[0]", f"the bottom task must keep the game going (one of {sorted(BOTTOM)})")
    for i, t in enumerate(tasks):
        field = f"tasks[{i}]"
        if i and t.kind in BOTTOM:
            raise validate._fail(field, f"{t.kind!r} can only be the bottom task")
        if t.kind in DECISIONS and i < len(tasks) - 1 and i and t.kind not in DEFERRED_DECISIONS:
            raise validate._fail(field, f"the decision {t.kind!r} must be on top")
        _task_fits(s, tasks, i, field, n)
    if any(s.packs) and not any(t.kind == "draft" for t in tasks):
        raise validate._fail("packs", "draft packs are empty outside the lobby draft (CO2-2.18.1)")
    return tasks


# Integer task arguments by kind: fixed ranges here, the game-dependent ones in _arg_bounds
_FIXED_BOUNDS = {
    "none": (-1, -1), "region": (0, 5), "next_region": (0, 6), "project": (0, 17), "from": (-1, 17),
    "source": (0, 4), "source_mask": (0, 31), "flag": (0, 1), "steps": (1, 30), "sci_context": (0, 4),
    "research_context": (1, 3), "choice_card": (1, 26), "bid": (-1, MAX_COINS), "amount_due": (1, MAX_COINS),
}


def _arg_bounds(s: Co2State, kind: str, n: int) -> tuple[int, int]:
    """The [lo, hi] range of a task argument of ``kind`` in this game."""
    if kind in _FIXED_BOUNDS:
        return _FIXED_BOUNDS[kind]
    components = s.components
    if kind in ("seat", "bidder"):
        return 0, n - 1
    if kind == "seat_or_none":
        return -1, n - 1
    if kind == "summit":
        return 0, components.summit_spaces - 1
    if kind == "amount":
        return 0, 5 * max(max(row) for row in components.income) * s.rules["income.scale"]
    if kind == "goal_vp":
        return 0, max(g[2] for g in components.goals.values())
    raise KeyError(f"no bounds for the task argument kind {kind!r}")  # pragma: no cover - a typo in TASK_ARGS


def _arg(s: Co2State, x, kind: str, field: str, n: int) -> None:
    validate.as_int(x, field, *_arg_bounds(s, kind, n))
    if kind == "choice_card" and len(s.components.lobby[x]["reward"]) < 2:
        raise validate._fail(field, f"lobby card {x} offers no choice of rewards")


def _is(task, kind: str, *values) -> bool:
    return task.kind == kind and tuple(task) == values


def _task_fits(s: Co2State, tasks: list, i: int, field: str, n: int) -> None:
    """The state-dependent preconditions of task ``tasks[i]`` (what its handler relies on)."""
    t = tasks[i]
    kind = t.kind
    if kind == "turn" and t.seat != s.active:
        raise validate._fail(field, "the turn is the active player's (CO2-5)")
    elif kind == "summit_pick":
        if s.summit[t.summit] < 0 or not any(_is(u, "summit_close", -1, t.summit) for u in tasks[:i]):
            raise validate._fail(field,
                                 "a summit pick needs its summit on the board, closed after the picks (CO2-10.4)")
    elif kind == "summit_close" and s.summit[t.summit] < 0:
        raise validate._fail(field, "no summit on that space")
    elif kind == "sci_to":
        if t.origin not in s.scientists_of(t.seat):
            raise validate._fail(field, f"seat {t.seat} has no scientist there")
    elif kind in ("retproj", "leave"):
        if s.projects[t.project] < 0 or not s.installed[t.project]:
            raise validate._fail(field, "building needs an installed project there (CO2-6.3)")
    elif kind == "install_done":
        if s.projects[t.project] < 0 or s.installed[t.project]:
            raise validate._fail(field, "installing needs a project there that is not installed yet (CO2-6.2)")
    elif kind == "bid":
        k, high, high_bidder = t.bids_made, t.high_bid, t.high_bidder
        if t.seat != (s.start + k) % n:
            raise validate._fail(field, "bids go clockwise from the start player (CO2-17.2)")
        if (k == 0) != (high == -1 and high_bidder == -1) or (k and not 0 <= high <= auction_value(s, high_bidder)):
            raise validate._fail(field, "the highest bid must be one its bidder can pay (CO2-17.2.4)")
    elif kind == "auction_pay":
        if t.amount_due > auction_value(s, t.seat) or i == 0 or not _is(tasks[i - 1], "auction_start", t.seat):
            raise validate._fail(field, "the auction winner pays what it can, then takes the start (CO2-17.2.5)")
    elif kind == "goal_choice" and s.goal_status[t.seat] != 0:
        raise validate._fail(field, "only a player still holding the company goal chooses (CO2-15.3.1)")
    elif kind in ("solo_region", "solo_space", "solo_place") and n != 1:
        raise validate._fail(field, "the solo set-up needs one player (CO2-17.3.3)")
    elif kind == "solo_space":
        r, src = t.region, t.source
        if all(s.projects[r * 3 + g] >= 0 for g in range(3)) or not s.project_supply[src] \
                or src not in s.components.agendas[s.agenda[r]]:
            raise validate._fail(field, "the solo project needs a free space in a region whose agenda lists it")
    elif kind == "draft":
        _draft_fits(s, tasks, i, field, n)


def _draft_fits(s: Co2State, tasks: list, i: int, field: str, n: int) -> None:
    """CO2-2.18.1: drafts wait in seat order above a draft_pass, packs equal but for seats done this pass."""
    if len(tasks) < 2 or not (_is(tasks[0], "ops_start", -1) and _is(tasks[1], "draft_pass", -1)):
        raise validate._fail(field, "a draft waits above the set-up's draft pass")
    seats = [t.seat for t in tasks[2:]]
    first = seats[-1]
    if seats != list(range(n - 1, first - 1, -1)):
        raise validate._fail(field, "drafts go in seat order")
    size = len(s.packs[first])
    if size < 1 or any(len(s.packs[p]) != (size if p >= first else size - 1) for p in range(n)):
        raise validate._fail("packs",
                             "every seat still to pick holds a pack of the same size, one card more than the others")
