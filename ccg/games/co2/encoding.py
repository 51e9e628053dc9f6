"""CO2's action universe and observation tensor (see ccg/core/encoding.py, docs/environments.md).

The universe depends on the configuration through the player count n and the component file (its
regions in clockwise order, summit spaces S, lobby cards, UN goals); with the shipped components it
has 6 regions, 18 project spaces and S = 3. Blocks, in this order (sources in CO2-0.2 order
reforestation, solar, fusion, biomass, recycling; grants money, resources, research; a project
space ``<region>.<grant>``; a summit slot ``s<k>.<source>``):

==========  ===================  ==============================================================
block       count                notation
==========  ===================  ==============================================================
fixed       10                   buy, sell, sellgoal, paywithvp, end, hire, keep, pass, goal score,
                                 goal coins
propose     5·6·3                propose <source> <region> <grant> (CO2-6.1)
install     18                   install <region> <grant> (CO2-6.2)
build       5·18 + cards·18      build <source> <region> <grant> [<lobby card 15-19>] (CO2-6.3, CO2-12.1.5.4)
scientist   19                   scientist hand | scientist <space> (CO2-8)
to          19 + 5·S             to hand | to <space> | to s<k>.<source> (CO2-8.3)
lobby       2 per card           lobby <card> main, lobby <card> <secondary> (CO2-12.1)
claim       UN goals             claim <goal> (CO2-12.3.2)
take        0..I                 take <coins> (CO2-4.2.4; I = income.scale × the income tracks' top values)
pay         2 + 1 + 6            pay coin, pay resource, pay hand, pay <region> (CO2-6.2.3, CO2-17.2.5)
exp, study  5 + 5                exp <source>, study <source>
cepto       6                    cepto <region>
keep card   lobby cards          keep <card> (the lobby draft, CO2-2.18.1)
reward      5                    reward coins2 | coins3 | resource1 | cep1 | move
bid         0..MAX_BID           bid <x> (CO2-17.2)
start       n                    start <seat>
solo        6 + 3                region <region>, space <grant> (CO2-17.3.3)
==========  ===================  ==============================================================

Bids above ``MAX_BID`` are outside the universe (the legal mask leaves them out; ``pass`` stays).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ccg.core.encoding import (
    Counts,
    Custom,
    Each,
    Encoding,
    Maybe,
    MultiHot,
    Num,
    OneHot,
    Padded,
    Schema,
    Vec,
)

from .data import GRANTS, REWARDS, SOURCES
from .economy import GREEN0
from .tasks import TASKS

if TYPE_CHECKING:
    from .state import Co2State

MAX_BID = 200  # random play never offered more than 100
TOP_TASKS = 12  # the task stack is encoded from the top; random play never stacked more than 9
TASK_KINDS = tuple(sorted(TASKS))


def _spaces(components) -> list[str]:
    return [f"{r}.{g}" for r in components.regions for g in GRANTS]


def _slots(components) -> list[str]:
    return [f"s{k + 1}.{src}" for k in range(components.summit_spaces) for src in SOURCES]


def max_income(s: Co2State) -> int:
    return s.rules["income.scale"] * sum(max(track) for track in s.components.income)


def action_universe(s: Co2State) -> list[str]:
    components, n = s.components, s.num_players
    out = ["buy", "sell", "sellgoal", "paywithvp", "end", "hire", "keep", "pass", "goal score", "goal coins"]
    out += [f"propose {src} {r} {g}" for src in SOURCES for r in components.regions for g in GRANTS]
    out += [f"install {r} {g}" for r in components.regions for g in GRANTS]
    out += [f"build {src} {r} {g}" for src in SOURCES for r in components.regions for g in GRANTS]
    cards = sorted(components.lobby)
    out += [f"build {SOURCES[components.lobby[c]['source']]} {r} {g} {c}"
            for c in cards if components.lobby[c]["main"] == "build" for r in components.regions for g in GRANTS]
    out += ["scientist hand"] + [f"scientist {p}" for p in _spaces(components)]
    out += ["to hand"] + [f"to {p}" for p in _spaces(components)] + [f"to {x}" for x in _slots(components)]
    for c in cards:
        out += [f"lobby {c} main", f"lobby {c} {components.lobby[c]['secondary']}"]
    out += [f"claim {u}" for u in sorted(components.un_goals)]
    out += [f"take {c}" for c in range(max_income(s) + 1)]
    out += ["pay coin", "pay resource", "pay hand"] + [f"pay {r}" for r in components.regions]
    out += [f"exp {src}" for src in SOURCES] + [f"study {src}" for src in SOURCES]
    out += [f"cepto {r}" for r in components.regions]
    out += [f"keep {c}" for c in cards]
    out += [f"reward {r}" for r in REWARDS]
    out += [f"bid {x}" for x in range(MAX_BID + 1)]
    out += [f"start {q}" for q in range(n)]
    out += [f"region {r}" for r in components.regions] + [f"space {g}" for g in GRANTS]
    return out


# ---- the observation tensor ----------------------------------------------------------------------------
def _hand(cards: list):
    """A lobby hand or draft pack: the seat's own cards, or only their count for the others."""
    index = {c: i for i, c in enumerate(cards)}

    def write(value) -> list[float]:
        if isinstance(value, int):
            return [float(value), 1.0] + [0.0] * len(cards)
        block = [0.0] * len(cards)
        for c in value:
            block[index[c]] = 1.0
        return [float(len(value)), 0.0] + block

    return Custom(len(cards) + 2, write, "count, 1 if hidden, then the cards (multi-hot)")


def _events(ids: list):
    index = {e: i for i, e in enumerate(ids)}

    def write(value) -> list[float]:
        shown, rest = (value[:2], value[2]) if len(value) == 3 else (value, 0)
        block = [0.0] * (2 * len(ids))
        for k, e in enumerate(shown):
            block[k * len(ids) + index[e]] = 1.0
        return block + [float(rest)]

    return Custom(2 * len(ids) + 1, write, "the two face-up events (one-hot each), then how many lie face down")


_TASK_SIZE = len(TASK_KINDS) + 8


def _task(value) -> list[float]:
    kind = [0.0] * len(TASK_KINDS)
    kind[TASK_KINDS.index(value[0])] = 1.0
    args = list(value[1:]) + [None] * (4 - len(value) + 1)
    return kind + [0.0 if a is None else float(a) for a in args] + [0.0 if a is None else 1.0 for a in args]


def _tasks(value) -> list[float]:
    """The stack's depth, then its top ``TOP_TASKS`` tasks from the top down (deeper ones are left out)."""
    out = [float(len(value))]
    for t in reversed(value[-TOP_TASKS:]):
        out += _task(t)
    return out + [0.0] * (_TASK_SIZE * (TOP_TASKS - min(len(value), TOP_TASKS)))


def schema(s: Co2State) -> Schema:
    components, n = s.components, s.num_players
    seats = range(n)
    owner = OneHot(range(-1, n), "-1: nobody")
    summit_slots = 4 * components.summit_spaces
    locations = [-2, -1] + list(range(18)) + [100 + k for k in range(summit_slots)]
    cards = sorted(components.lobby)
    un = sorted(components.un_goals)
    decades = s.rules["decades.5p"] if n == 5 else s.rules["decades"]
    return Schema(n, {
        "coins": Vec(n, "coins per seat"), "vp": Vec(n, "VP per seat (may be negative, CO2-4.4.2)"),
        "res": Vec(n, "technology resources in hand per seat (CO2-0.1)"),
        "cep": Vec(n, "CEP in hand per seat"),
        "exp": Vec(5 * n, "expertise per seat and source"),
        "sci": Each(4 * n, OneHot(locations, "location: -2 not hired, -1 hand, 0-17 project space, 100+ summit slot")),
        "goal": Each(n, Maybe(OneHot(sorted(components.goals), "company goal card"), "1: hidden from this seat")),
        "goal_st": Vec(n, "0 held, 1 sold or discarded, 2 scored"),
        "space_kind": Each(len(s.space_kind), OneHot(range(-1, GREEN0 + 5),
                                                     "-1 empty, 0 coal, 1 oil, 2 gas, 3+ green plant by source")),
        "space_owner": Each(len(s.space_owner), owner),
        "reg_cep": Vec(6, "CEP on each region's pile, board order"),
        "reg_res": Vec(6, "resources on each region's pile (CO2-4.4.5)"),
        "ctrl": Each(6, owner),
        "agenda": Each(6, OneHot(range(len(components.agendas)), "agenda tile")),
        "proj": Each(18, OneHot(range(-1, 5), "project tile by source, -1 none")),
        "inst": Vec(18, "1 where the project on that space is installed, 0 proposed or empty"),
        "occ": Each(18, owner),
        "summit": Each(components.summit_spaces, OneHot(range(-1, len(components.summits)), "summit tile, -1 none")),
        "sslot": Each(summit_slots, owner),
        "stack": Vec(5, "green plants built per source"),
        "psupply": Vec(5, "project tiles left per source"),
        "fossil_stack": Counts((0, 1, 2), "coal, oil, gas tiles left (the order is hidden)"),
        "summit_stack": Num("summit tiles face down"),
        "events": _events(sorted(components.events)),
        "un_display": MultiHot(un, "UN goals face up (CO2-12.3)"),
        "un_deck": Num("UN goals face down"),
        "lobby_deck": Num("lobby cards face down"),
        "lobby_played": MultiHot(cards, "lobby cards played (out of the game)"),
        "tf": Vec(12, "this turn's flags: main action done, scientist moved, market visit (1 buy, 2 sell), lobby "
                      "card or UN goal played (CO2-7.3.1), price changed, market refilled (CO2-7.2.5), region and "
                      "grant of this turn's proposal, source installed, summit topics (bits), bought, sold; they "
                      "decide which lobby cards' main actions are offered"),
        "fossil_out": Vec(3, "coal, oil, gas plants taken off the board by green plants"),
        "lobby": Each(n, _hand(cards), "seat"),
        "packs": Each(n, _hand(cards), "seat"),
        "un_won": Each(n, MultiHot(un, "UN goals claimed"), "seat"),
        "decade": Num("the decade, 1 …"), "round": Num("the round in the decade, 1 …"),
        "turns": Num("turns played in this round (CO2-5.1)"),
        "start": OneHot(seats, "the start player"), "active": OneHot(range(-1, n), "the seat whose turn it is, -1 none"),
        "ppm": Num("CO2 in ppm"), "ppm_peak": Num("the highest ppm so far"),
        "market": Num("CEP on the market pile (CO2-7.2.1)"), "price": Num("the market price, 1 … 8 (CO2-7.2.1)"),
        "bank_cep": Num("CEP in the bank"), "supply_res": Num("resources in the common supply"),
        "over": Num("1 when the game has ended"), "lost": Num("1 when the planet is lost (CO2-14.3)"),
        "tasks": Custom(1 + TOP_TASKS * _TASK_SIZE, _tasks,
                        f"the task stack (the top waits for the seat to move): depth, then the top {TOP_TASKS} tasks "
                        "from the top down, each a kind one-hot, 4 arguments and 4 'argument present' flags"),
        "traj": Padded(decades + 2, Vec(5 + 2 * n, "decade, ppm, green, fossil, price, VP per seat, coins per seat"),
                       "one row per finished decade"),
    })


def make_encoding(state) -> Encoding:
    return Encoding(action_universe(state), schema(state), notes=f"bids above {MAX_BID} are outside the universe")
