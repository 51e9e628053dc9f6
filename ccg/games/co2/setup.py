"""Setup (CO2-2) and the preset / solo / draft variants' starting positions (CO2-17)."""
from __future__ import annotations

from ccg.core import resolve_rules

from .board import EMPTY
from .data import components_from_data, load_components, require_printed_facts
from .params import RULES, check_rule_values
from .state import Co2State
from .tables import tables


def blank(players: int, seed: int, options: dict) -> Co2State:
    """A state with data and rule values bound, no position yet."""
    s = Co2State.__new__(Co2State)
    s._init_base(players, seed, options)
    data = options.get("components")
    s.C = load_components() if data is None else components_from_data(data)
    require_printed_facts(s.C, options.get("unprinted_components", False))
    s.T = tables(s.C)
    off, o = [], 0
    for k in s.C.spaces:
        off.append(o)
        o += k
    s.C_off = tuple(off)
    s.R = resolve_rules(RULES, options.get("rules"))
    check_rule_values(s.R)
    return s


def create(players: int, seed: int, options: dict) -> Co2State:
    """A new game (CO2-2): every random draw comes from the state's own generator."""
    variant = options.get("variant", "random")
    auction = options.get("auction", False)
    draft = options.get("draft", False)
    if players == 1 and (auction or draft):
        raise ValueError("the first-player auction and the lobby draft need 2 or more players")
    s = blank(players, seed, options)
    C, R, rng, n = s.C, s.R, s.rng, players
    need = sum(k - 1 for k in C.spaces) + R["market.cep_start"] + n * R["cep.player_start"]
    if need > R["cep.total"]:
        raise ValueError(f"rule 'cep.total' is {R['cep.total']}, but setup needs {need} CEP")
    s.start = rng.below(n)  # CO2-2.2
    s.active = s.start
    s.coins = [0] * n
    for k in range(n):  # CO2-2.3.3: 3, 4, 4, 5, 5 from the start player clockwise
        s.coins[(s.start + k) % n] = R[f"coins.start.{k + 1}"]
    s.vp = [0] * n
    s.res = [0] * n  # CO2-2.1: players start with no resources
    s.cep = [R["cep.player_start"]] * n  # CO2-2.3.4
    s.exp = [0] * (5 * n)
    s.sci = [-1, -2, -2, -2] * n  # CO2-2.3.2: 1 in hand, 3 in the hiring pool
    s.decade, s.round, s.turns = 1, 1, 0
    # CO2-2.8 summits: 2-topic tiles on the board, the rest face down
    two = [i for i, (_, t) in enumerate(C.summits) if len(t) == 2]
    rng.shuffle(two)
    s.summit = two[:C.summit_spaces]
    rest = two[C.summit_spaces:] + [i for i, (_, t) in enumerate(C.summits) if len(t) > 2]
    rng.shuffle(rest)
    s.summit_stack = rest
    s.sslot = [-1] * (4 * C.summit_spaces)
    # CO2-2.9 agendas
    ag = list(range(len(C.agendas)))
    rng.shuffle(ag)
    s.agenda = ag[:6]
    # CO2-2.10 fossil plants (CO2-17.1 presets)
    stack = [0] * C.fossils[0] + [1] * C.fossils[1] + [2] * C.fossils[2]
    s.fossil_out = [0, 0, 0]
    if variant == "random":
        rng.shuffle(stack)
        first = [stack.pop() for _ in range(6)]
    else:
        coal, oil, gas, remove_gas = C.presets[variant]
        first = [0] * coal + [1] * oil + [2] * gas
        rng.shuffle(first)  # CO2-17.1.0: placed at random, one per region
        for f in first:
            stack.remove(f)
        for _ in range(remove_gas):  # CO2-17.1.4 Extreme only
            stack.remove(2)
        s.fossil_out[2] = remove_gas
        rng.shuffle(stack)
    s.fossil_stack = stack
    total = sum(C.spaces)
    s.space_kind = [EMPTY] * total
    s.space_owner = [EMPTY] * total
    ppm = (R["ppm.coal"], R["ppm.oil"], R["ppm.gas"])
    s.ppm = 0
    for r in range(6):
        s.space_kind[s.C_off[r]] = first[r]
        s.ppm += ppm[first[r]]  # CO2-2.11
    s.ppm_peak = s.ppm
    s.reg_cep = [k - 1 for k in C.spaces]  # CO2-2.12
    s.reg_res = [0] * 6
    s.ctrl = [-1] * 6
    s.market = R["market.cep_start"]  # CO2-2.13
    s.price = R["market.price_start"]
    s.bank_cep = R["cep.total"] - sum(s.reg_cep) - s.market - sum(s.cep)  # CO2-2.14
    s.supply_res = R["resources.total"]
    s.proj = [-1] * 18
    s.inst = [0] * 18
    s.occ = [-1] * 18
    s.stack = [0] * 5
    s.psupply = [C.projects_per_source] * 5
    # CO2-2.15 company goals by player count
    goals = [c for c in sorted(C.goals) if n not in C.goals[c][3]]
    rng.shuffle(goals)
    s.goal = goals[:n]
    s.goal_st = [0] * n
    # CO2-2.16 UN goals (solo: a face-down deck, CO2-17.3.2)
    un = sorted(C.un_goals)
    rng.shuffle(un)
    if n == 1:
        s.un_display, s.un_deck = [], un
    else:
        k = R["un.displayed_2p"] if n == 2 else R["un.displayed"]
        s.un_display, s.un_deck = sorted(un[:k]), []
    s.un_won = [[] for _ in range(n)]
    # CO2-2.17 events: current + preview face up, the rest face down
    ev = sorted(C.events)
    rng.shuffle(ev)
    s.events = ev
    # CO2-2.18 lobby
    lob = list(range(1, 27))
    rng.shuffle(lob)
    k = R["lobby.hand"]
    s.lobby = [sorted(lob[p * k:(p + 1) * k]) for p in range(n)]
    s.lobby_deck = lob[n * k:]
    s.lobby_played = []
    s.packs = [[] for _ in range(n)]
    s.tf = [0] * 12
    s.over = False
    s.lost = False
    s.traj = []
    from . import flow
    flow.snapshot(s, 0)
    s.tasks = []
    if draft:  # CO2-2.18.1: every hand becomes a pack to draft from
        s.packs = s.lobby
        s.lobby = [[] for _ in range(n)]
        s.tasks = [("ops_start", -1), ("draft_pass", -1)] + [("draft", p) for p in reversed(range(n))]
    elif n == 1:  # CO2-17.3.3 solo starting projects
        s.tasks = [("ops_start", -1), ("solo_region", 0)]
    else:
        s.tasks = [("ops_start", -1)]
    flow.run(s)
    return s
