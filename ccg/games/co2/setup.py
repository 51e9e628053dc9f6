"""Setup (CO2-2) and the preset / solo / draft variants' starting positions (CO2-17)."""
from __future__ import annotations

from . import flow
from .economy import EMPTY
from .hooks import snapshot
from .state import Co2State
from .tasks import Draft, DraftPass, OpsStart, SoloRegion


def create(players: int, seed: int, options: dict) -> Co2State:
    """A new game (CO2-2): every random draw comes from the state's own generator."""
    variant = options.get("variant", "random")
    auction = options.get("auction", False)
    draft = options.get("draft", False)
    if players == 1 and (auction or draft):
        raise ValueError("the first-player auction and the lobby draft need 2 or more players")
    s = Co2State.blank(players, seed, options)
    components, rng, n = s.components, s.rng, players
    need = sum(k - 1 for k in components.spaces) + s.rules["market.cep_start"] + n * s.rules["cep.player_start"]
    if need > s.rules["cep.total"]:
        raise ValueError(f"rule 'cep.total' is {s.rules['cep.total']}, but setup needs {need} CEP")
    s.start = rng.below(n)  # CO2-2.2: the start player tile (CO2-1.13) is ``s.start``
    s.active = s.start
    s.coins = [0] * n
    # CO2-2.3: what each player takes; CO2-2.3.3: 3, 4, 4, 5, 5 coins from the start player clockwise
    # (solo: the start player's 3 coins, CO2-17.3.4)
    for k in range(n):
        s.coins[(s.start + k) % n] = s.rules[f"coins.start.{k + 1}"]
    s.vp = [0] * n  # CO2-2.4: every score starts at 0
    s.resources = [0] * n  # CO2-2.1: players start with no resources
    s.cep = [s.rules["cep.player_start"]] * n  # CO2-2.3.4
    s.expertise = [0] * (5 * n)  # CO2-9.1.1: one value per seat and source; CO2-9.1.2, CO2-2.4: from 0
    s.scientists = [-1, -2, -2, -2] * n  # CO2-1.2: 4 scientists per colour; CO2-2.3.2: 1 in hand, 3 in the hiring pool
    s.decade, s.round, s.turns = 1, 1, 0  # CO2-2.5: the decade and round markers
    # CO2-2.8 summits: 2-topic tiles on the board, the rest face down
    two = [i for i, (_, t) in enumerate(components.summits) if len(t) == 2]
    rng.shuffle(two)
    s.summit = two[:components.summit_spaces]
    rest = two[components.summit_spaces:] + [i for i, (_, t) in enumerate(components.summits) if len(t) > 2]
    rng.shuffle(rest)
    s.summit_stack = rest
    s.summit_slots = [-1] * (4 * components.summit_spaces)
    # CO2-2.9 agendas
    ag = list(range(len(components.agendas)))
    rng.shuffle(ag)
    s.agenda = ag[:6]
    # CO2-2.10 fossil plants (CO2-17.1 presets)
    stack = [0] * components.fossils[0] + [1] * components.fossils[1] + [2] * components.fossils[2]
    s.fossil_out = [0, 0, 0]
    if variant == "random":
        rng.shuffle(stack)
        first = [stack.pop() for _ in range(6)]
    else:
        coal, oil, gas, remove_gas = components.presets[variant]
        first = [0] * coal + [1] * oil + [2] * gas
        rng.shuffle(first)  # CO2-17.1.0: placed at random, one per region
        for f in first:
            stack.remove(f)
        for _ in range(remove_gas):  # CO2-17.1.4 Extreme only
            stack.remove(2)
        s.fossil_out[2] = remove_gas
        rng.shuffle(stack)
    s.fossil_stack = stack
    total = sum(components.spaces)
    s.space_kind = [EMPTY] * total
    s.space_owner = [EMPTY] * total
    ppm = (s.rules["ppm.coal"], s.rules["ppm.oil"], s.rules["ppm.gas"])
    s.ppm = 0
    for r in range(6):
        s.space_kind[s.first_space[r]] = first[r]
        s.ppm += ppm[first[r]]  # CO2-2.11
    s.ppm_peak = s.ppm
    s.region_cep = [k - 1 for k in components.spaces]  # CO2-2.12
    s.region_resources = [0] * 6
    s.controller = [-1] * 6
    s.market = s.rules["market.cep_start"]  # CO2-2.13
    s.price = s.rules["market.price_start"]
    s.bank_cep = s.rules["cep.total"] - sum(s.region_cep) - s.market - sum(s.cep)  # CO2-2.14
    s.supply_resources = s.rules["resources.total"]
    s.projects = [-1] * 18
    s.installed = [0] * 18
    s.occupant = [-1] * 18
    s.plants_built = [0] * 5
    s.project_supply = [components.projects_per_source] * 5  # CO2-2.6: the project supply, by source
    # CO2-2.15 company goals by player count, one secret goal each (CO2-12.2.1): the component file lists the
    # player counts a goal is removed for (CO2-2.15.1, CO2-2.15.2, CO2-2.15.3, CO2-2.15.4; solo CO2-17.3.1)
    goals = [c for c in sorted(components.goals) if n not in components.goals[c][3]]
    rng.shuffle(goals)
    s.goal = goals[:n]
    s.goal_status = [0] * n
    # CO2-2.16 UN goals (solo: a face-down deck, CO2-17.3.2)
    un = sorted(components.un_goals)
    rng.shuffle(un)
    if n == 1:
        s.un_display, s.un_deck = [], un
    else:
        k = s.rules["un.displayed_2p"] if n == 2 else s.rules["un.displayed"]
        s.un_display, s.un_deck = sorted(un[:k]), []
    s.un_won = [[] for _ in range(n)]
    # CO2-2.17 events: current + preview face up, the rest face down
    ev = sorted(components.events)
    rng.shuffle(ev)
    s.events = ev
    # CO2-2.18 lobby
    lob = list(range(1, 27))
    rng.shuffle(lob)
    k = s.rules["lobby.hand"]
    s.lobby = [sorted(lob[p * k:(p + 1) * k]) for p in range(n)]
    s.lobby_deck = lob[n * k:]
    s.lobby_played = []
    s.packs = [[] for _ in range(n)]
    s.turn_flags = [0] * 12
    s.over = False
    s.lost = False
    s.trajectory_rows = []
    snapshot(s, 0)
    s.tasks = []
    if draft:  # CO2-2.18.1: every hand becomes a pack to draft from
        s.packs = s.lobby
        s.lobby = [[] for _ in range(n)]
        s.tasks = [OpsStart(), DraftPass()] + [Draft(p) for p in reversed(range(n))]
    elif n == 1:  # CO2-17.3.3 solo starting projects
        s.tasks = [OpsStart(), SoloRegion(0)]
    else:
        s.tasks = [OpsStart()]  # CO2-3.2: decade 1 skips the Supply phase
    flow.run(s)
    return s
