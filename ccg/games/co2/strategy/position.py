"""Reading the position for the strategist: every read of the engine's terse internals lives here.

The engine stores a CO2 position in flat lists (``s.expertise[p * 5 + source]``, project spaces
``0..17`` = region * 3 + grant, scientist locations -2 pool / -1 hand / 0..17 project / 100+
summit slot, ``s.tasks`` a stack of task records). The strategist reads them only
through the functions below, named in the rulebook's terms, so a later rename of the
engine touches this one module. Nothing here mutates the state.
"""
from __future__ import annotations

from ..data import GRANTS, SOURCES
from ..economy import GREEN0, cep_sources, goal_value  # noqa: F401  (re-exported rule helpers)
from ..economy import income_of as _income_of
from ..flags import TurnFlag
from ..operations import last_decade, rounds
from ..state import Co2State

POOL, HAND = -2, -1
SUMMIT0 = 100
MONEY, RESOURCES, RESEARCH = 0, 1, 2  # grant printed on a project space (CO2-6.1.3)
REGIONS = 6
PROJECT_SPACES = 18
SUPPLY_TASKS = frozenset(("supply", "income", "decay", "energy", "fossil_pay", "paycep", "forced", "event",
                          "supply_end"))


# ---- time (CO2-3) ----------------------------------------------------------------------------------
def decade(s: Co2State) -> int:
    return s.decade


def final_decade(s: Co2State) -> int:
    """The last decade of the game (CO2-3.1)."""
    return last_decade(s)


def rounds_per_decade(s: Co2State) -> int:
    """Rounds of an Operations phase (CO2-3.3)."""
    return rounds(s)


def supply_pending(s: Co2State) -> bool:
    """True while this decade's Supply phase (CO2-4) has not finished its energy supply."""
    for t in s.tasks:
        if t.kind in SUPPLY_TASKS:
            return True
    return False


def own_turns_left(s: Co2State, p: int) -> int:
    """Turns seat p still plays if the game runs to its last decade, the current one included."""
    return own_turns(s, p)[0]


def own_turns(s: Co2State, p: int) -> tuple[int, int]:
    """(``own_turns_left``, ``total_turns``): both at once, as the valuation asks for both every time."""
    n = s.num_players
    per = rounds(s)
    final = last_decade(s)
    later = per * (final - s.decade)
    if supply_pending(s):
        return later + per, per * final
    pos = (p - s.start) % n
    this_round = 1 if pos >= s.turns else 0
    return later + (per - s.round) + this_round, per * final


def turns_before_next_supply(s: Co2State) -> int:
    """Turns of the table still to come in this Operations phase after the current one (0 while the
    Supply phase runs): the last chances to build before the next 500 ppm check (CO2-14.3)."""
    if supply_pending(s):
        return 0
    n = s.num_players
    return n * (rounds(s) - s.round) + max(0, n - s.turns - 1)


def action_open(s: Co2State, p: int) -> bool:
    """Seat p is in its turn and has not taken its action yet (CO2-5.2): it can still build now."""
    return s.current_player == p and decision(s) == "turn" and not s.turn_flags[TurnFlag.ACTION_TAKEN]


def total_turns(s: Co2State) -> int:
    return rounds(s) * last_decade(s)


def decision(s: Co2State) -> str:
    """The kind of decision waiting (``turn``, ``income``, ``study``, ...)."""
    return s.tasks[-1].kind if s.tasks else ""


def income_offered(s: Co2State) -> int:
    """The income being split in an ``income`` decision (CO2-4.2.4)."""
    return s.tasks[-1].amount  # type: ignore[attr-defined]  # an income task (the others have none)


# ---- the players' holdings -----------------------------------------------------------------------------
def vp(s: Co2State, p: int) -> int:
    return s.vp[p]


def coins(s: Co2State, p: int) -> int:
    return s.coins[p]


def resources(s: Co2State, p: int) -> int:
    return s.resources[p]


def cep(s: Co2State, p: int) -> int:
    return s.cep[p]


def seat_holdings(s: Co2State, p: int) -> tuple[int, int, int, int]:
    """Seat p's (VP, coins, resources, CEP in hand) in one read."""
    return s.vp[p], s.coins[p], s.resources[p], s.cep[p]


def holdings(s: Co2State) -> tuple[list[int], list[int], list[int]]:
    """Every seat's VP, coins and resources, by seat (read-only)."""
    return s.vp, s.coins, s.resources


def expertise(s: Co2State, p: int) -> list[int]:
    """Seat p's expertise in the five sources, canonical order (CO2-0.2)."""
    return s.expertise[p * 5:p * 5 + 5]


def scientists(s: Co2State, p: int) -> list[int]:
    """Where seat p's four scientists are (POOL, HAND, a project space, or SUMMIT0 + slot)."""
    return s.scientists[4 * p:4 * p + 4]


def goal_open(s: Co2State, p: int) -> bool:
    """Seat p still holds its company goal (neither scored nor sold, CO2-12.2.2)."""
    return s.goal_status[p] == 0


def company_goal_value(s: Co2State, p: int) -> int:
    """VP the goal would score if the game ended now (CO2-12.2.3)."""
    return goal_value(s, p)


def company_goal_card(s: Co2State, p: int) -> tuple[str, int, int]:
    """Seat p's company goal as (kind, VP each, cap) (CO2-12.2.3); only the seat's own view holds the real card."""
    kind, each, cap, _ = s.components.goals[s.goal[p]]
    return kind, each, cap


def income(s: Co2State, p: int) -> int:
    """Seat p's income (CO2-9.4.1, ``economy.income_of``)."""
    return _income_of(s, p)


def un_goals_won(s: Co2State, p: int) -> int:
    return len(s.un_won[p])


def built_sources(s: Co2State, p: int) -> int:
    """Bitmask of the sources among seat p's green plants (CO2-12.3.2)."""
    m = 0
    owners, kinds = s.space_owner, s.space_kind
    for i in range(len(owners)):  # only green plants have an owner; an index loop: machine integers, compiled
        if owners[i] == p:
            m |= 1 << (kinds[i] - GREEN0)
    return m


def lobby_hand(s: Co2State, p: int) -> list[int]:
    return s.lobby[p]


# ---- market (CO2-7.2) -----------------------------------------------------------------------------------
def cep_price(s: Co2State) -> int:
    return s.price


def cep_price_max(s: Co2State) -> int:
    return s.rules["market.price_max"]


# ---- the board -------------------------------------------------------------------------------------------
def demand_spaces(s: Co2State, r: int) -> int:
    return s.components.spaces[r]


def region_spaces(s: Co2State, r: int) -> list[int]:
    """Space contents of region r left to right: -1 empty, 0 coal, 1 oil, 2 gas, GREEN0 + source."""
    o = s.first_space[r]
    return s.space_kind[o:o + s.components.spaces[r]]


def region_owners(s: Co2State, r: int) -> list[int]:
    o = s.first_space[r]
    return s.space_owner[o:o + s.components.spaces[r]]


def agenda(s: Co2State, r: int) -> tuple[int, ...]:
    """The sources region r's Regional Agenda lists, in priority order (CO2-11.1)."""
    return s.components.agendas[s.agenda[r]]


def controller(s: Co2State, r: int) -> int:
    return s.controller[r]


def controllers(s: Co2State) -> list[int]:
    """The seat controlling each region, -1 for none (CO2-11.5); read-only."""
    return s.controller


def region_cep(s: Co2State, r: int) -> int:
    return s.region_cep[r]


def region_resources(s: Co2State, r: int) -> int:
    return s.region_resources[r]


def project(s: Co2State, ps: int) -> tuple[int, bool, int]:
    """(source or -1, installed, seat of the scientist on it or -1) of project space ps."""
    return s.projects[ps], bool(s.installed[ps]), s.occupant[ps]


def projects(s: Co2State) -> list[int]:
    return s.projects


def installed(s: Co2State) -> list[int]:
    return s.installed


def occupants(s: Co2State) -> list[int]:
    return s.occupant


def project_supply(s: Co2State, src: int) -> int:
    """Project tiles of a source left to propose (CO2-6.1.5)."""
    return s.project_supply[src]


def next_plant(s: Co2State, src: int):
    """The top tile of a green plant stack (CO2-6.3.1): ``.coins``, ``.resources``, ``.vp``; or None."""
    stack = s.components.plants[src]
    k = s.plants_built[src]
    return stack[k] if k < len(stack) else None


def ppm(s: Co2State) -> int:
    return s.ppm


def ppm_peak(s: Co2State) -> int:
    return s.ppm_peak


def ppm_lose(s: Co2State) -> int:
    return s.rules["ppm.lose"]


def ppm_catastrophe(s: Co2State) -> int:
    return s.rules["ppm.catastrophe"]


def fossil_ppm(s: Co2State) -> tuple[int, int, int]:
    """CO2 of a coal, an oil and a gas plant (CO2-0.3, rule parameters)."""
    return s.rules["ppm.coal"], s.rules["ppm.oil"], s.rules["ppm.gas"]


def fossil_stack_mean(s: Co2State) -> float:
    """Mean ppm of the fossil plants still in the (public) stack (CO2-4.3.4)."""
    stack = s.fossil_stack
    if not stack:
        return 0.0
    ppm3 = fossil_ppm(s)
    return (stack.count(0) * ppm3[0] + stack.count(1) * ppm3[1] + stack.count(2) * ppm3[2]) / len(stack)


def event_regions(s: Co2State) -> list[int]:
    """Regions of the face-up event cards: the current one first, then the preview (CO2-2.17)."""
    return [s.components.events[c] for c in s.events[:2]]


def un_display(s: Co2State) -> list[tuple[tuple[int, ...], int]]:
    """The displayed UN goals as (sources needed, VP) (CO2-12.3)."""
    goals = s.components.un_goals
    return [goals[u] for u in s.un_display]


_UN_MASKS: dict = {}


def un_display_masks(s: Co2State) -> list[tuple[int, int]]:
    """The displayed UN goals as (bit mask of the sources needed, VP) (CO2-12.3): a seat with built sources
    ``m`` (``built_sources``) can claim one when ``m & mask == mask``."""
    goals = s.components.un_goals
    hit = _UN_MASKS.get(id(goals))
    if hit is None or hit[0] is not goals:
        if len(_UN_MASKS) > 64:
            _UN_MASKS.clear()
        masks = {u: (sum(1 << x for x in set(need)), gvp) for u, (need, gvp) in goals.items()}
        hit = _UN_MASKS[id(goals)] = (goals, masks)
    masks = hit[1]
    return [masks[u] for u in s.un_display]


def summit_open_topics(s: Co2State) -> list[int]:
    """Sources with an empty slot on a summit on the board (CO2-10.1)."""
    out = []
    for sp, tile in enumerate(s.summit):
        if tile >= 0:
            for j, src in enumerate(s.components.summits[tile][1]):
                if s.summit_slots[sp * 4 + j] == -1:
                    out.append(src)
    return out


def proposal(s: Co2State, action) -> tuple[int, int, int]:
    """(source, region, grant) of a ``propose`` action (CO2-6.1)."""
    src, region, grant = action.args[:3]
    return SOURCES.index(src), s.components.regions.index(region), GRANTS.index(grant)


def project_region(ps: int) -> int:
    return ps // 3


def project_grant(ps: int) -> int:
    return ps % 3
