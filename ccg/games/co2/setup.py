"""Setup (CO2-2) and the preset / solo / draft variants' starting positions (CO2-17).

``create`` runs one function per set-up step, in the rulebook's order; every random draw comes from the
state's own generator, in that order.
"""
from __future__ import annotations

from . import flow
from .economy import EMPTY
from .hooks import snapshot
from .state import Co2State
from .tasks import Draft, DraftPass, OpsStart, SoloRegion


def create(players: int, seed: int, options: dict) -> Co2State:
    """A new game (CO2-2): every random draw comes from the state's own generator."""
    draft = options.get("draft", False)
    if players == 1 and (options.get("auction", False) or draft):
        raise ValueError("the first-player auction and the lobby draft need 2 or more players")
    s = Co2State.blank(players, seed, options)
    check_cep_supply(s)
    choose_start_player(s)
    give_players_their_pieces(s)
    set_scores_and_markers(s)
    place_summits(s)
    deal_agendas(s)
    place_fossil_plants(s, options.get("variant", "random"))
    fill_regions_and_market(s)
    empty_project_slots(s)
    deal_company_goals(s)
    lay_out_un_goals(s)
    shuffle_events(s)
    deal_lobby_cards(s)
    clear_turn_records(s)
    snapshot(s, 0)
    s.tasks = first_tasks(s, draft)
    flow.run(s)
    return s


def check_cep_supply(s: Co2State) -> None:
    """The CEP setup hands out (regions, market, players) must fit in ``cep.total``."""
    rules = s.rules
    need = sum(k - 1 for k in s.components.spaces) + rules["market.cep_start"] + s.num_players * rules["cep.player_start"]
    if need > rules["cep.total"]:
        raise ValueError(f"rule 'cep.total' is {rules['cep.total']}, but setup needs {need} CEP")


def choose_start_player(s: Co2State) -> None:
    """CO2-2.2: the start player tile (CO2-1.13) is ``s.start``; the start player acts first."""
    s.start = s.rng.below(s.num_players)
    s.active = s.start


def give_players_their_pieces(s: Co2State) -> None:
    """CO2-2.3: what each player takes: coins (CO2-2.3.3: 3, 4, 4, 5, 5 from the start player clockwise; solo:
    the start player's 3 coins, CO2-17.3.4), CEP (CO2-2.3.4), scientists (CO2-1.2: 4 per colour; CO2-2.3.2:
    1 in hand, 3 in the hiring pool); no resources (CO2-2.1); expertise from 0 (CO2-9.1.1, CO2-9.1.2, CO2-2.4)."""
    n = s.num_players
    s.coins = [0] * n
    for k in range(n):
        s.coins[(s.start + k) % n] = s.rules[f"coins.start.{k + 1}"]
    s.resources = [0] * n
    s.cep = [s.rules["cep.player_start"]] * n
    s.expertise = [0] * (5 * n)
    s.scientists = [-1, -2, -2, -2] * n


def set_scores_and_markers(s: Co2State) -> None:
    """CO2-2.4: every score starts at 0; CO2-2.5: the decade and round markers on their first spaces."""
    s.vp = [0] * s.num_players
    s.decade, s.round, s.turns = 1, 1, 0


def place_summits(s: Co2State) -> None:
    """CO2-2.8: 2-topic summit tiles on the board, the rest face down."""
    components, rng = s.components, s.rng
    two = [i for i, (_, t) in enumerate(components.summits) if len(t) == 2]
    rng.shuffle(two)
    s.summit = two[:components.summit_spaces]
    rest = two[components.summit_spaces:] + [i for i, (_, t) in enumerate(components.summits) if len(t) > 2]
    rng.shuffle(rest)
    s.summit_stack = rest
    s.summit_slots = [-1] * (4 * components.summit_spaces)


def deal_agendas(s: Co2State) -> None:
    """CO2-2.9: one agenda card per region."""
    agendas = list(range(len(s.components.agendas)))
    s.rng.shuffle(agendas)
    s.agenda = agendas[:6]


def place_fossil_plants(s: Co2State, variant: str) -> None:
    """CO2-2.10: a fossil plant in each region's first space, at random or by a preset (CO2-17.1); CO2-2.11:
    their emissions set the CO2 level."""
    components = s.components
    stack = [0] * components.fossils[0] + [1] * components.fossils[1] + [2] * components.fossils[2]
    s.fossil_out = [0, 0, 0]
    first = _random_first_plants(s, stack) if variant == "random" else _preset_first_plants(s, stack, variant)
    s.fossil_stack = stack
    total = sum(components.spaces)
    s.space_kind = [EMPTY] * total
    s.space_owner = [EMPTY] * total
    ppm = (s.rules["ppm.coal"], s.rules["ppm.oil"], s.rules["ppm.gas"])
    s.ppm = 0
    for r in range(6):
        s.space_kind[s.first_space[r]] = first[r]
        s.ppm += ppm[first[r]]
    s.ppm_peak = s.ppm


def _random_first_plants(s: Co2State, stack: list[int]) -> list[int]:
    """CO2-2.10: shuffle the fossil plants and draw one per region (``stack`` keeps the rest)."""
    s.rng.shuffle(stack)
    return [stack.pop() for _ in range(6)]


def _preset_first_plants(s: Co2State, stack: list[int], variant: str) -> list[int]:
    """CO2-17.1: the preset's plants, placed at random one per region (CO2-17.1.0); Extreme removes gas plants
    from the game (CO2-17.1.4). ``stack`` keeps the rest, shuffled."""
    coal, oil, gas, remove_gas = s.components.presets[variant]
    first = [0] * coal + [1] * oil + [2] * gas
    s.rng.shuffle(first)
    for f in first:
        stack.remove(f)
    for _ in range(remove_gas):
        stack.remove(2)
    s.fossil_out[2] = remove_gas
    s.rng.shuffle(stack)
    return first


def fill_regions_and_market(s: Co2State) -> None:
    """CO2-2.12: CEP on each region; CO2-2.13: the carbon market; CO2-2.14: the rest of the CEP in the bank,
    the resources in the supply."""
    s.region_cep = [k - 1 for k in s.components.spaces]
    s.region_resources = [0] * 6
    s.controller = [-1] * 6
    s.market = s.rules["market.cep_start"]
    s.price = s.rules["market.price_start"]
    s.bank_cep = s.rules["cep.total"] - sum(s.region_cep) - s.market - sum(s.cep)
    s.supply_resources = s.rules["resources.total"]


def empty_project_slots(s: Co2State) -> None:
    """No project on the board yet; CO2-2.6: the project supply, by source."""
    s.projects = [-1] * 18
    s.installed = [0] * 18
    s.occupant = [-1] * 18
    s.plants_built = [0] * 5
    s.project_supply = [s.components.projects_per_source] * 5


def deal_company_goals(s: Co2State) -> None:
    """CO2-2.15: company goals by player count, one secret goal each (CO2-12.2.1): the component file lists the
    player counts a goal is removed for (CO2-2.15.1, CO2-2.15.2, CO2-2.15.3, CO2-2.15.4; solo CO2-17.3.1)."""
    n, goals_of = s.num_players, s.components.goals
    goals = [c for c in sorted(goals_of) if n not in goals_of[c][3]]
    s.rng.shuffle(goals)
    s.goal = goals[:n]
    s.goal_status = [0] * n


def lay_out_un_goals(s: Co2State) -> None:
    """CO2-2.16: UN goals face up (solo: a face-down deck, CO2-17.3.2)."""
    n = s.num_players
    un = sorted(s.components.un_goals)
    s.rng.shuffle(un)
    if n == 1:
        s.un_display, s.un_deck = [], un
    else:
        k = s.rules["un.displayed_2p"] if n == 2 else s.rules["un.displayed"]
        s.un_display, s.un_deck = sorted(un[:k]), []
    s.un_won = [[] for _ in range(n)]


def shuffle_events(s: Co2State) -> None:
    """CO2-2.17: the event deck; the current event and the preview face up, the rest face down."""
    events = sorted(s.components.events)
    s.rng.shuffle(events)
    s.events = events


def deal_lobby_cards(s: Co2State) -> None:
    """CO2-2.18: each player's hand of lobby cards; the rest form the deck."""
    n, k = s.num_players, s.rules["lobby.hand"]
    lobby = list(range(1, 27))
    s.rng.shuffle(lobby)
    s.lobby = [sorted(lobby[p * k:(p + 1) * k]) for p in range(n)]
    s.lobby_deck = lobby[n * k:]
    s.lobby_played = []
    s.packs = [[] for _ in range(n)]


def clear_turn_records(s: Co2State) -> None:
    """Nothing played yet: no turn flags, the game neither over nor lost, an empty trajectory."""
    s.turn_flags = [0] * 12
    s.over = False
    s.lost = False
    s.trajectory_rows = []


def first_tasks(s: Co2State, draft: bool) -> list:
    """The task stack the game starts from: the lobby draft (CO2-2.18.1: every hand becomes a pack), the solo
    starting projects (CO2-17.3.3), or the first operations phase (CO2-3.2: decade 1 skips the Supply phase)."""
    n = s.num_players
    if draft:
        s.packs = s.lobby
        s.lobby = [[] for _ in range(n)]
        return [OpsStart(), DraftPass()] + [Draft(p) for p in reversed(range(n))]
    if n == 1:
        return [OpsStart(), SoloRegion(0)]
    return [OpsStart()]
