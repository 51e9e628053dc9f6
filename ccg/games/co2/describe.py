"""CO2's moves in words: ``describe(state, action) -> (sentence, rule id)`` (ccg/core/describe.py).

The same notation can mean different things in different decisions (``keep`` a displaced scientist or a
drafted card, ``pay hand`` for an installation or an auction bid, ``exp <source>`` from a bonus or a
summit), so the sentence is chosen by the decision on top of the task stack (``decisions.DECISIONS``).
Names are the rulebook's: regions, sources (CO2-0.2), grant spaces (CO2-6.1.3), summits by their tiles.
"""
from __future__ import annotations

from ccg.core import Action

from . import board
from .data import GRANTS, SOURCE_NAMES, SOURCES
from .scientists import (
    FREE_STEP,
    HAND,
    LOBBY_MOVE,
    LOBBY_SECONDARY,
    OWN_DISPLACED,
    RESEARCH_GRANT,
    SUMMIT_SLOT0,
    parse_location,
)

GRANT_WORDS = {"money": "money", "resources": "resources", "research": "research cooperation"}
# CO2-6.2.4: the installation reward of each source, in CO2-0.2 order
INSTALL_REWARDS = ("2 CEP from the market", "3 resources", "$5 and 1 resource",
                   "$3, 1 resource and 1 CEP from the market", "$5 and 1 CEP from the market")
INSTALL_RULES = ("CO2-6.2.4.1", "CO2-6.2.4.2", "CO2-6.2.4.3", "CO2-6.2.4.4", "CO2-6.2.4.5")
FOSSIL_WORDS = ("coal", "oil", "gas")
REWARD_WORDS = {"coins2": "take $2", "coins3": "take $3", "resource1": "take 1 resource",
                "cep1": "take 1 CEP from the market", "move": "move a scientist"}
SECONDARY_WORDS = {"resource": "take 1 resource", "coins": "take ${coins}", "cep": "take 1 CEP from the market",
                   "scientist": "hire or move a scientist"}
MAIN_RULES = {"propose_region": "CO2-12.1.5.1", "propose_grant": "CO2-12.1.5.2", "install": "CO2-12.1.5.3",
              "build": "CO2-12.1.5.4", "summit": "CO2-12.1.5.5", "buy": "CO2-12.1.5.6", "sell": "CO2-12.1.5.7"}
# why a scientist moves (scientists.ScientistTo.context) -> the rule that grants the move
MOVE_RULES = {RESEARCH_GRANT: "CO2-6.1.3.3", LOBBY_SECONDARY: "CO2-12.1.4", LOBBY_MOVE: "CO2-12.1.5.2",
              OWN_DISPLACED: "CO2-8.5"}
MOVE_WHY = {RESEARCH_GRANT: "research cooperation grant", LOBBY_SECONDARY: "lobby card", LOBBY_MOVE: "lobby card"}


# ---- names ---------------------------------------------------------------------------------------
def region_name(s, region_id: str) -> str:
    c = s.components
    return c.region_names[c.regions.index(region_id)]


def source_name(source_id: str) -> str:
    return SOURCE_NAMES[SOURCES.index(source_id)]


def space_words(s, region_id: str, grant: str) -> str:
    """``the <Source> project on <Region>'s <grant> space``, or the empty space when no project is there."""
    ps = s.components.regions.index(region_id) * 3 + GRANTS.index(grant)
    src = s.proj[ps]
    where = f"{region_name(s, region_id)}'s {GRANT_WORDS[grant]} space"
    return f"the {SOURCE_NAMES[src]} project on {where}" if src >= 0 else f"the empty project space, {where}"


def location_words(s, loc: int) -> str:
    """A scientist's location (CO2-8.2) in words."""
    if loc == HAND:
        return "your hand"
    if loc < SUMMIT_SLOT0:
        c = s.components
        return space_words(s, c.regions[loc // 3], GRANTS[loc % 3])
    sp, j = divmod(loc - SUMMIT_SLOT0, 4)
    name, topics = s.components.summits[s.summit[sp]]
    return f"the {SOURCE_NAMES[topics[j]]} seat of the {name} summit"


def lobby_words(s, card: int) -> str:
    """What lobby ``card`` does: its main condition and effect, and its secondary effect (CO2-12.1.2)."""
    e = s.components.lobby[card]
    return f"main: {main_words(s, card)}; secondary: {secondary_words(s, e['secondary'])}"


def main_words(s, card: int) -> str:
    """The main lobby of ``card``: its effect for the activity it needs this turn (CO2-12.1.3)."""
    e = s.components.lobby[card]
    m, rules = e["main"], s.rules
    if m == "propose_region":
        return f"+${rules['lobby.propose_coins']} for proposing in {s.components.region_names[e['region']]}"
    if m == "propose_grant":
        rewards = " or ".join(REWARD_WORDS[r] for r in e["reward"])
        return f"{rewards} for proposing on a {GRANT_WORDS[GRANTS[e['grant']]]} space"
    if m == "install":
        rewards = " or ".join(REWARD_WORDS[r] for r in e["reward"])
        return f"{rewards} for installing a {SOURCE_NAMES[e['source']]} project"
    if m == "build":
        return f"${rules['lobby.build_discount']} off building a {SOURCE_NAMES[e['source']]} plant"
    if m == "summit":
        source = SOURCE_NAMES[e["source"]]
        return f"+1 {source} expertise for sending a scientist to a summit on {source}"
    if m == "buy":
        return f"+{rules['lobby.buy_vp']} VP for buying a CEP"
    return f"+${rules['lobby.sell_coins']} for selling a CEP"


def secondary_words(s, part: str) -> str:
    return SECONDARY_WORDS[part].replace("{coins}", str(s.rules["lobby.secondary_coins"]))


def seat_words(s, q: int) -> str:
    return "yourself" if q == s.current_player else f"seat {q}"


# ---- the turn (CO2-5) ----------------------------------------------------------------------------
def propose(s, a: Action) -> tuple[str, str]:
    src, region, grant = a.args
    r = s.components.regions.index(region)
    if grant == "money":
        grant_gets = f"${max(s.reg_cep[r], s.rules['grant.money_min'])}"
    elif grant == "resources":
        grant_gets = f"{s.rules['grant.resources']} resources"
    else:
        grant_gets = "hire or move a scientist"
    return (f"Propose a {source_name(src)} project in {region_name(s, region)}, on the {GRANT_WORDS[grant]} "
            f"space, for its grant: {grant_gets}", "CO2-6.1.1")


def install(s, a: Action) -> tuple[str, str]:
    region, grant = a.args
    ps = s.components.regions.index(region) * 3 + GRANTS.index(grant)
    src, owner, p = s.proj[ps], s.occ[ps], s.current_player
    cep = s.rules["install.cep"]
    text = (f"Install {space_words(s, region, grant)}: pay {cep} CEP, get {INSTALL_REWARDS[src]}")
    if owner not in (-1, p):
        text += f"; seat {owner}'s scientist there is displaced and they get ${s.rules['displace.coins']}"
    return text, INSTALL_RULES[src]


def build(s, a: Action) -> tuple[str, str]:
    src_id, region, grant = a.args[:3]
    c, p = s.components, s.current_player
    src, r = SOURCES.index(src_id), c.regions.index(region)
    ps = r * 3 + GRANTS.index(grant)
    tile = c.plants[src][s.stack[src]]
    coins = tile.coins if len(a.args) == 3 else max(0, tile.coins - s.rules["lobby.build_discount"])
    need = tile.resources - (1 if tile.resources > 0 and s.reg_res[r] > 0 else 0)  # CO2-6.3.4
    o = s.first_space[r]
    kinds = s.space_kind[o:o + c.spaces[r]]
    # CO2-6.3.5 step 2: the leftmost empty demand space, else the leftmost fossil plant is replaced (CO2-6.3.6)
    fossil = -1 if -1 in kinds else next(k for k in kinds if 0 <= k < board.GREEN0)
    ppm = (s.rules["ppm.coal"], s.rules["ppm.oil"], s.rules["ppm.gas"])[fossil] if fossil >= 0 else 0
    where = "" if fossil < 0 else f", replacing its {FOSSIL_WORDS[fossil]} plant so CO2 falls by {ppm} ppm"
    text = (f"Build a {SOURCE_NAMES[src]} plant in {region_name(s, region)}, from the installed project on its "
            f"{GRANT_WORDS[grant]} space{where}: pay ${coins} and {need} resource{'s' if need != 1 else ''}, "
            f"gain {tile.vp} VP and +1 {SOURCE_NAMES[src]} expertise")
    if s.occ[ps] not in (-1, p):
        text += f"; seat {s.occ[ps]}'s scientist there is displaced and they get ${s.rules['displace.coins']}"
    if len(a.args) == 4:
        return text + f", playing lobby card {a.args[3]} for ${s.rules['lobby.build_discount']} off", "CO2-12.1.5.4"
    return text, "CO2-6.3.5"


def lobby(s, a: Action) -> tuple[str, str]:
    card, part = a.args
    if part == "main":
        return f"Play lobby card {card} for its main effect: {main_words(s, card)}", \
            MAIN_RULES[s.components.lobby[card]["main"]]
    return f"Play lobby card {card} for its secondary effect: {secondary_words(s, part)}", "CO2-12.1.4"


def turn(s, task, a: Action) -> tuple[str, str]:
    k = a.kind
    if k == "propose":
        return propose(s, a)
    if k == "install":
        return install(s, a)
    if k == "build":
        return build(s, a)
    if k == "scientist":
        origin = "in your hand" if a.args[0] == "hand" else f"on {location_words(s, parse_location(s, a.args[0]))}"
        return f"Move a scientist as your free step: choose the one {origin}", "CO2-7.1"
    if k == "buy":
        return f"Buy 1 CEP at the market for ${s.price}", "CO2-7.2.3"
    if k == "sell":
        drop = "; the price then drops by 1" if s.price > s.rules["market.price_min"] else ""
        return f"Sell 1 CEP at the market for ${s.price}{drop}", "CO2-7.2.5"
    if k == "lobby":
        return lobby(s, a)
    if k == "claim":
        u = a.args[0]
        sources, vp = s.components.un_goals[u]
        needs = ", ".join(SOURCE_NAMES[x] for x in sources)
        return f"Claim UN goal {u} (plants of {needs}) for {vp} VP, paying 1 resource", "CO2-12.3.2"
    if k == "sellgoal":
        return sell_goal(s)
    if k == "end":
        return "End your turn: project expertise and full summits are scored now", "CO2-5.4"
    raise ValueError(f"CO2 has no turn action {a}")


def sell_goal(s) -> tuple[str, str]:
    return f"Discard your company goal for ${s.rules['goal.discard_coins']}", "CO2-12.2.2"


# ---- decisions inside a phase (decisions.DECISIONS) --------------------------------------------
def decision(s, task, a: Action) -> tuple[str, str]:
    kind, k, c = task.kind, a.kind, s.components
    if k == "sellgoal":
        return sell_goal(s)
    if kind == "income":
        coins = a.args[0]
        return f"Take your income of {task.amount} as ${coins} and {task.amount - coins} VP", "CO2-4.2.4"
    if kind == "paycep_choose":
        return pay_cep_words(s, a.args[0]), "CO2-11.5.1"
    if kind == "forced":
        return ("Pay the missing coins for the CEP with VP (1 VP per coin) and buy it at the market",
                "CO2-4.3.6")
    if kind == "exp_any":
        return f"Expertise bonus: +1 {source_name(a.args[0])} expertise, your choice of source", "CO2-9.3.4"
    if kind == "summit_pick":
        name = c.summits[s.summit[task.summit]][0]
        return f"Gain +1 {source_name(a.args[0])} expertise from the {name} summit", "CO2-10.4.2"
    if kind == "study":
        return f"Gain +1 {source_name(a.args[0])} expertise for your scientist's project work", "CO2-5.4.1"
    if kind == "cepto":
        return f"Expertise bonus: put 1 CEP from the market on {region_name(s, a.args[0])}", "CO2-9.3.3"
    if kind == "displaced":
        source = SOURCE_NAMES[task.source]
        if k == "keep":
            return f"Take your displaced scientist back to hand and gain +1 {source} expertise", "CO2-8.4.2"
        return (f"Send your displaced scientist to {location_words(s, parse_location(s, a.args[0]))}",
                "CO2-8.4.2")
    if kind == "sci_to":
        return move_words(s, task, a)
    if kind == "research_choose":
        rule = MOVE_RULES[task.context]
        if k == "hire":
            return "Hire a scientist from the hiring pool into your hand", rule
        origin = "in your hand" if a.args[0] == "hand" else f"on {location_words(s, parse_location(s, a.args[0]))}"
        return f"Move a scientist for the {MOVE_WHY[task.context]}: choose the one {origin}", rule
    if kind == "lobby_pick":
        return f"Take the reward of lobby card {task.card}: {REWARD_WORDS[a.args[0]]}", "CO2-12.1.5.3"
    if kind == "bid":
        if k == "pass":
            return "Pass in the start-player auction", "CO2-17.2.2"
        return f"Bid {a.args[0]} for the start player tile", "CO2-17.2.2"
    if kind == "auction_pay":
        what = a.args[0]
        left = f"{task.amount_due} still due"  # the bid's value left to pay (CO2-17.2.5: no change given)
        if what == "coin":
            return f"Pay 1 coin toward your winning bid, {left}", "CO2-17.2.4"
        if what == "resource":
            return f"Pay 1 resource, worth 2, toward your winning bid, {left}", "CO2-17.2.4"
        return (f"Pay 1 CEP, worth ${s.price}, toward your winning bid "
                f"{pay_cep_words(s, what)[len('Pay the CEP '):]}, {left}", "CO2-17.2.4")
    if kind == "auction_start":
        return f"Make {seat_words(s, a.args[0])} the start player for this decade", "CO2-17.2.3"
    if kind == "draft":
        card = a.args[0]
        return f"Keep lobby card {card} ({lobby_words(s, card)}) and pass the rest on", "CO2-2.18.1"
    if kind == "solo_region":
        return f"Start placing the five starting projects in {region_name(s, a.args[0])}", "CO2-17.3.3"
    if kind == "solo_space":
        region = c.regions[task.region]
        return (f"Put the starting {SOURCE_NAMES[task.source]} project in {region_name(s, region)} on the "
                f"{GRANT_WORDS[a.args[0]]} space (no grant)", "CO2-17.3.3")
    if kind == "goal_choice":
        if a.args[0] == "score":
            return f"Score your company goal for {task.goal_vp} VP", "CO2-15.3.1"
        return f"Exchange your company goal for ${s.rules['goal.discard_coins']} instead of scoring it", \
            "CO2-15.3.1"
    raise ValueError(f"CO2 has no description for {a} in a {kind!r} decision")


def pay_cep_words(s, source: str) -> str:
    if source == "hand":
        return "Pay the CEP from your hand"
    return f"Pay the CEP from the pile of {region_name(s, source)}, which you control"


def move_words(s, task, a: Action) -> tuple[str, str]:
    """Where the scientist goes (CO2-8.3): the rule of that kind of move, or of the move's reason."""
    origin, to = task.origin, parse_location(s, a.args[0])
    if task.context in (FREE_STEP, RESEARCH_GRANT, LOBBY_SECONDARY, LOBBY_MOVE):
        if origin == HAND:
            rule = "CO2-8.3.1"
        elif to == HAND:
            rule = "CO2-8.3.3"
        elif to >= SUMMIT_SLOT0:
            rule = "CO2-8.3.4"
        else:
            rule = "CO2-8.3.2"
        return f"Move your scientist from {location_words(s, origin)} to {location_words(s, to)}", rule
    return f"Your scientist must leave the plant you built: move it to {location_words(s, to)}", "CO2-8.5"


def describe(s, a: Action) -> tuple[str, str]:
    """``a`` (legal in ``s``) in words, and the rule that allows it."""
    task = s.tasks[-1]
    if task.kind == "turn":
        return turn(s, task, a)
    return decision(s, task, a)


def describe_secret(s, a: Action) -> tuple[str, str]:
    """A draft pick as the other seats read it: which card stays secret (CO2-2.18.1)."""
    return "Keep one lobby card of the draft pack and pass the rest on", "CO2-2.18.1"
