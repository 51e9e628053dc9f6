"""Loading a saved CO2 position: every field and every task checked against what the rules code relies on.

A position that loads must play: card ids are range- and uniqueness-checked, every list has its
length, every index its range, and the task stack (``flow``) must have a shape that play can
produce — a backbone task at the bottom that keeps the game going, a decision on top with at
least one legal action, and each task's arguments valid for the state it will run in. The
conservation laws live in ``Co2State.check_invariants`` (run here too).
"""
from __future__ import annotations

from ccg.core import validate as v

from . import flow
from .board import GREEN0
from .decisions import auction_value
from .state import LIST_FIELDS, NESTED_FIELDS, SCALAR_FIELDS
from .turn_order import check_turn_order

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


def load(data, n: int, options):
    """A Co2State from a saved ``state`` dict, or InvalidPositionError naming the first bad field."""
    from .setup import blank

    s = blank(n, 0, options)
    C, R = s.C, s.R
    v.as_dict(data, "state", LIST_FIELDS + NESTED_FIELDS + SCALAR_FIELDS + ("tasks", "traj"))
    _scalars(s, data, n)
    ints = v.int_list
    s.coins = ints(data["coins"], "coins", n, 0, MAX_COINS)
    s.vp = ints(data["vp"], "vp", n, -MAX_VP, MAX_VP)
    s.res = ints(data["res"], "res", n, 0, R["resources.total"])
    s.cep = ints(data["cep"], "cep", n, 0, R["cep.total"])
    s.exp = ints(data["exp"], "exp", 5 * n, 0, max(C.track_max))
    s.sci = ints(data["sci"], "sci", 4 * n, -2, 100 + 4 * C.summit_spaces - 1)
    for i, loc in enumerate(s.sci):
        if 18 <= loc < 100:
            raise v._fail(f"sci[{i}]", f"must be -2 (not hired), -1 (hand), a project 0..17 or a summit slot, got {loc}")
    dealt = [c for c in sorted(C.goals) if n not in C.goals[c][3]]  # CO2-2.15
    s.goal = _distinct(ints(data["goal"], "goal", n), "goal", dealt)
    s.goal_st = ints(data["goal_st"], "goal_st", n, 0, 2)
    spaces = sum(C.spaces)
    s.space_kind = ints(data["space_kind"], "space_kind", spaces, -1, GREEN0 + 4)
    s.space_owner = ints(data["space_owner"], "space_owner", spaces, -1, n - 1)
    s.reg_cep = ints(data["reg_cep"], "reg_cep", 6, 0)
    s.reg_res = ints(data["reg_res"], "reg_res", 6, 0, R["resources.total"])
    s.ctrl = ints(data["ctrl"], "ctrl", 6, -1, n - 1)
    s.agenda = _distinct(ints(data["agenda"], "agenda", 6), "agenda", range(len(C.agendas)))
    s.proj = ints(data["proj"], "proj", 18, -1, 4)
    s.inst = ints(data["inst"], "inst", 18, 0, 1)
    s.occ = ints(data["occ"], "occ", 18, -1, n - 1)
    summit = ints(data["summit"], "summit", C.summit_spaces, -1, len(C.summits) - 1)
    _distinct([t for t in summit if t >= 0], "summit", range(len(C.summits)))
    s.summit = summit
    s.sslot = ints(data["sslot"], "sslot", 4 * C.summit_spaces, -1, n - 1)
    s.stack = ints(data["stack"], "stack", 5, 0)
    for src in range(5):
        if s.stack[src] > len(C.plants[src]):
            raise v._fail(f"stack[{src}]", f"must be at most {len(C.plants[src])}")
    s.psupply = ints(data["psupply"], "psupply", 5, 0, C.projects_per_source)
    s.fossil_stack = ints(data["fossil_stack"], "fossil_stack", None, 0, 2)
    s.summit_stack = _distinct(ints(data["summit_stack"], "summit_stack"), "summit_stack", range(len(C.summits)))
    if set(s.summit_stack) & set(summit):
        raise v._fail("summit_stack", "holds a summit tile that is on the board")
    s.events = _distinct(ints(data["events"], "events"), "events", sorted(C.events))
    s.un_display = _distinct(ints(data["un_display"], "un_display"), "un_display", sorted(C.un_goals))
    s.un_deck = _distinct(ints(data["un_deck"], "un_deck"), "un_deck", sorted(C.un_goals))
    s.lobby_deck = ints(data["lobby_deck"], "lobby_deck", None, 1, 26)
    s.lobby_played = ints(data["lobby_played"], "lobby_played", None, 1, 26)
    s.tf = _turn_flags(data["tf"])
    s.fossil_out = ints(data["fossil_out"], "fossil_out", 3, 0)
    for f in NESTED_FIELDS:
        rows = v.as_list(data[f], f, n)
        setattr(s, f, [ints(r, f"{f}[{i}]") for i, r in enumerate(rows)])
    for p in range(n):
        for f in ("lobby", "packs"):
            for c in getattr(s, f)[p]:
                v.as_int(c, f"{f}[{p}]", 1, 26)
        _distinct(s.un_won[p], f"un_won[{p}]", sorted(C.un_goals))
    un = s.un_display + s.un_deck + sum(s.un_won, [])
    if len(set(un)) != len(un):
        raise v._fail("un_won", "a UN goal is in two places (display, deck, won)")
    s.traj = _trajectory(data["traj"], n)
    s.tasks = _tasks(s, data["tasks"], n)
    check_turn_order(s)  # CO2-5.1: the active player follows from the start player and the turns played
    try:
        s.check_invariants()
    except (AssertionError, IndexError, KeyError, ValueError, TypeError) as e:
        raise v._fail("state", f"inconsistent position ({e})") from None
    if not s.over and not flow.legal(s):
        raise v._fail("tasks", f"the decision {s.tasks[-1][0]!r} on top has no legal action")
    return s


def _scalars(s, data, n: int) -> None:
    for f in ("over", "lost"):
        setattr(s, f, v.as_bool(data[f], f))
    if s.lost and not s.over:
        raise v._fail("lost", "a lost game is over (CO2-14.3)")
    R = s.R
    s.decade = v.as_int(data["decade"], "decade", 1, flow.last_decade(s))
    s.round = v.as_int(data["round"], "round", 1, flow.rounds(s) + 1)
    s.turns = v.as_int(data["turns"], "turns", 0, n - 1)
    s.start = v.as_int(data["start"], "start", 0, n - 1)
    s.active = v.as_int(data["active"], "active", 0, n - 1)
    worst = max(R["ppm.coal"], R["ppm.oil"], R["ppm.gas"]) * sum(s.C.fossils)
    s.ppm = v.as_int(data["ppm"], "ppm", 0, worst)
    s.ppm_peak = v.as_int(data["ppm_peak"], "ppm_peak", 0, worst)
    s.market = v.as_int(data["market"], "market", 0, R["cep.total"])
    s.price = v.as_int(data["price"], "price", R["market.price_min"], R["market.price_max"])
    s.bank_cep = v.as_int(data["bank_cep"], "bank_cep", 0, R["cep.total"])
    s.supply_res = v.as_int(data["supply_res"], "supply_res", 0, R["resources.total"])


def _distinct(items: list, field: str, allowed) -> list:
    allowed = set(allowed)
    for i, x in enumerate(items):
        if x not in allowed:
            raise v._fail(f"{field}[{i}]", f"{x} is not a valid card or tile here")
    if len(set(items)) != len(items):
        raise v._fail(field, "lists a card or tile twice")
    return items


_TF_RANGES = ((0, 1), (0, 1), (0, 2), (0, 1), (0, 1), (0, 1), (-1, 5), (-1, 2), (-1, 4), (0, 31), (0, 1), (0, 1))


def _turn_flags(value) -> list[int]:
    tf = v.int_list(value, "tf", len(_TF_RANGES))
    for i, (x, (lo, hi)) in enumerate(zip(tf, _TF_RANGES)):
        v.as_int(x, f"tf[{i}]", lo, hi)
    return tf


def _trajectory(value, n: int) -> list[list[int]]:
    rows = v.as_list(value, "traj", max_length=30)
    if not rows:
        raise v._fail("traj", "needs at least the setup row")
    out = [v.int_list(r, f"traj[{i}]", 5 + 2 * n) for i, r in enumerate(rows)]
    if out[0][0] != 0:
        raise v._fail("traj[0][0]", "the first row is the setup (decade 0)")
    return out


def _tasks(s, value, n: int) -> list[tuple]:
    rows = v.as_list(value, "tasks", max_length=MAX_TASKS)
    tasks = []
    for i, t in enumerate(rows):
        t = v.as_list(t, f"tasks[{i}]")
        if not t or not isinstance(t[0], str) or t[0] not in TASK_ARGS:
            known = "never saved" if t and t[0] in NEVER_SAVED else "unknown"
            raise v._fail(f"tasks[{i}]", f"{known} task {t[:1]!r}")
        kinds = TASK_ARGS[t[0]]
        if len(t) != 1 + len(kinds):
            raise v._fail(f"tasks[{i}]", f"task {t[0]!r} takes {len(kinds)} values after its name, got {len(t) - 1}")
        for k, (x, kind) in enumerate(zip(t[1:], kinds)):
            _arg(s, x, kind, f"tasks[{i}][{k + 1}]", n)
        tasks.append(tuple(t))
    if s.over:
        if tasks:
            raise v._fail("tasks", "a finished game has no tasks left")
        return tasks
    if not tasks or tasks[-1][0] not in flow.DECISIONS:
        raise v._fail("tasks", "a running game must wait on a decision")
    if tasks[0][0] not in BOTTOM:
        raise v._fail("tasks[0]", f"the bottom task must keep the game going (one of {sorted(BOTTOM)})")
    for i, t in enumerate(tasks):
        field = f"tasks[{i}]"
        if i and t[0] in BOTTOM:
            raise v._fail(field, f"{t[0]!r} can only be the bottom task")
        if t[0] in flow.DECISIONS and i < len(tasks) - 1 and i and t[0] not in DEFERRED_DECISIONS:
            raise v._fail(field, f"the decision {t[0]!r} must be on top")
        _task_fits(s, tasks, i, field, n)
    if any(s.packs) and not any(t[0] == "draft" for t in tasks):
        raise v._fail("packs", "draft packs are empty outside the lobby draft (CO2-2.18.1)")
    return tasks


# Integer task arguments by kind: fixed ranges here, the game-dependent ones in _arg_bounds
_FIXED_BOUNDS = {
    "none": (-1, -1), "region": (0, 5), "next_region": (0, 6), "project": (0, 17), "from": (-1, 17),
    "source": (0, 4), "source_mask": (0, 31), "flag": (0, 1), "steps": (1, 30), "sci_context": (0, 4),
    "research_context": (1, 3), "choice_card": (1, 26), "bid": (-1, MAX_COINS), "amount_due": (1, MAX_COINS),
}


def _arg_bounds(s, kind: str, n: int) -> tuple[int, int]:
    """The [lo, hi] range of a task argument of ``kind`` in this game."""
    if kind in _FIXED_BOUNDS:
        return _FIXED_BOUNDS[kind]
    C = s.C
    if kind in ("seat", "bidder"):
        return 0, n - 1
    if kind == "seat_or_none":
        return -1, n - 1
    if kind == "summit":
        return 0, C.summit_spaces - 1
    if kind == "amount":
        return 0, 5 * max(max(row) for row in C.income) * s.R["income.scale"]
    if kind == "goal_vp":
        return 0, max(g[2] for g in C.goals.values())
    raise AssertionError(kind)  # pragma: no cover - a typo in TASK_ARGS


def _arg(s, x, kind: str, field: str, n: int) -> None:
    v.as_int(x, field, *_arg_bounds(s, kind, n))
    if kind == "choice_card" and len(s.C.lobby[x]["reward"]) < 2:
        raise v._fail(field, f"lobby card {x} offers no choice of rewards")


def _task_fits(s, tasks: list[tuple], i: int, field: str, n: int) -> None:
    """The state-dependent preconditions of task ``tasks[i]`` (what its handler relies on)."""
    t = tasks[i]
    kind = t[0]
    if kind == "turn" and t[1] != s.active:
        raise v._fail(field, "the turn is the active player's (CO2-5)")
    elif kind == "summit_pick":
        if s.summit[t[2]] < 0 or ("summit_close", -1, t[2]) not in tasks[:i]:
            raise v._fail(field, "a summit pick needs its summit on the board, closed after the picks (CO2-10.4)")
    elif kind == "summit_close" and s.summit[t[2]] < 0:
        raise v._fail(field, "no summit on that space")
    elif kind == "sci_to":
        if t[2] not in s.sci[4 * t[1]:4 * t[1] + 4]:
            raise v._fail(field, f"seat {t[1]} has no scientist there")
    elif kind in ("retproj", "leave"):
        if s.proj[t[2]] < 0 or not s.inst[t[2]]:
            raise v._fail(field, "building needs an installed project there (CO2-6.3)")
    elif kind == "install_done":
        if s.proj[t[2]] < 0 or s.inst[t[2]]:
            raise v._fail(field, "installing needs a project there that is not installed yet (CO2-6.2)")
    elif kind == "bid":
        _, p, k, high, hb = t
        if p != (s.start + k) % n:
            raise v._fail(field, "bids go clockwise from the start player (CO2-17.2)")
        if (k == 0) != (high == -1 and hb == -1) or (k and not 0 <= high <= auction_value(s, hb)):
            raise v._fail(field, "the highest bid must be one its bidder can pay (CO2-17.2.4)")
    elif kind == "auction_pay":
        if t[2] > auction_value(s, t[1]) or i == 0 or tasks[i - 1] != ("auction_start", t[1]):
            raise v._fail(field, "the auction winner pays what it can, then takes the start (CO2-17.2.5)")
    elif kind == "goal_choice" and s.goal_st[t[1]] != 0:
        raise v._fail(field, "only a player still holding the company goal chooses (CO2-15.3.1)")
    elif kind in ("solo_region", "solo_space", "solo_place") and n != 1:
        raise v._fail(field, "the solo set-up needs one player (CO2-17.3.3)")
    elif kind == "solo_space":
        _, _, r, src = t
        if all(s.proj[r * 3 + g] >= 0 for g in range(3)) or not s.psupply[src] \
                or src not in s.C.agendas[s.agenda[r]]:
            raise v._fail(field, "the solo project needs a free space in a region whose agenda lists it")
    elif kind == "draft":
        _draft_fits(s, tasks, i, field, n)


def _draft_fits(s, tasks: list[tuple], i: int, field: str, n: int) -> None:
    """CO2-2.18.1: drafts wait in seat order above a draft_pass, packs equal but for seats done this pass."""
    if tasks[:2] != [("ops_start", -1), ("draft_pass", -1)]:
        raise v._fail(field, "a draft waits above the set-up's draft pass")
    seats = [t[1] for t in tasks[2:]]
    first = seats[-1]
    if seats != list(range(n - 1, first - 1, -1)):
        raise v._fail(field, "drafts go in seat order")
    size = len(s.packs[first])
    if size < 1 or any(len(s.packs[p]) != (size if p >= first else size - 1) for p in range(n)):
        raise v._fail("packs", "every seat still to pick holds a pack of the same size, one card more than the others")
