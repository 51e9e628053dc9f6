"""CO2's moves in words: ``describe(state, action) -> (sentence, rule id)`` (ccg/core/describe.py).

The same notation can mean different things in different decisions (``keep`` a displaced scientist or a
drafted card, ``pay hand`` for an installation or an auction bid, ``exp <source>`` from a bonus or a
summit), so the sentence is chosen by the decision on top of the task stack (``decisions.DECISIONS``).
Names are the rulebook's: regions, sources (CO2-0.2), grant spaces (CO2-6.1.3), summits by their tiles.
The sentences are gettext messages (context ``co2``) in the current language (:mod:`ccg.i18n`), whole
sentences with named placeholders; names (regions, sources, summits …) come from :func:`ccg.core.glossary.term`.
"""
from __future__ import annotations

from typing import Any, Callable

from ccg.core import Action
from ccg.core.glossary import term
from ccg.i18n import format_money, npgettext, pgettext
from ccg.i18n import lazy_pgettext as _p

from . import economy
from .data import GRANTS, SOURCES
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

# CO2-6.2.4: the installation reward of each source, in CO2-0.2 order
INSTALL_REWARDS = (_p("co2", "2 CEP from the market"), _p("co2", "3 resources"), _p("co2", "$5 and 1 resource"),
                   _p("co2", "$3, 1 resource and 1 CEP from the market"), _p("co2", "$5 and 1 CEP from the market"))
INSTALL_RULES = ("CO2-6.2.4.1", "CO2-6.2.4.2", "CO2-6.2.4.3", "CO2-6.2.4.4", "CO2-6.2.4.5")
REWARD_WORDS = {"resource1": _p("co2", "take 1 resource"), "cep1": _p("co2", "take 1 CEP from the market"),
                "move": _p("co2", "move a scientist")}
REWARD_COINS = {"coins2": 2, "coins3": 3}
SECONDARY_WORDS = {"resource": _p("co2", "take 1 resource"), "cep": _p("co2", "take 1 CEP from the market"),
                   "scientist": _p("co2", "hire or move a scientist")}
MAIN_RULES = {"propose_region": "CO2-12.1.5.1", "propose_grant": "CO2-12.1.5.2", "install": "CO2-12.1.5.3",
              "build": "CO2-12.1.5.4", "summit": "CO2-12.1.5.5", "buy": "CO2-12.1.5.6", "sell": "CO2-12.1.5.7"}
# why a scientist moves (scientists.ScientistTo.context) -> the rule that grants the move
MOVE_RULES = {RESEARCH_GRANT: "CO2-6.1.3.3", LOBBY_SECONDARY: "CO2-12.1.4", LOBBY_MOVE: "CO2-12.1.5.2",
              OWN_DISPLACED: "CO2-8.5"}


# ---- names ---------------------------------------------------------------------------------------
def region_name(s, region_id: str) -> str:
    return term("co2", "region", region_id)


def source_name(source_id: str) -> str:
    return term("co2", "source", source_id)


def source_of(index: int) -> str:
    """A source by its index in CO2-0.2 order."""
    return term("co2", "source", SOURCES[index])


def grant_name(grant: str) -> str:
    """A grant space in running text: ``money``, ``resources``, ``research cooperation`` (CO2-6.1.3)."""
    return term("co2", "grant", grant).lower()


def take_coins(coins: int) -> str:
    return pgettext("co2", "take {sum}").format(sum=format_money(coins))


def reward_words(reward: str) -> str:
    return take_coins(REWARD_COINS[reward]) if reward in REWARD_COINS else str(REWARD_WORDS[reward])


def either(words: list[str]) -> str:
    """``take $3 or take 1 resource``: alternatives, the last joined by "or"."""
    text = words[0]
    for word in words[1:]:
        text = pgettext("co2", "{first} or {second}").format(first=text, second=word)
    return text


def vp(n: int) -> str:
    return npgettext("co2", "{vp} VP", "{vp} VP", n).format(vp=n)


def space_words(s, region_id: str, grant: str) -> str:
    """``the <Source> project on <Region>'s <grant> space``, or the empty space when no project is there."""
    ps = s.components.regions.index(region_id) * 3 + GRANTS.index(grant)
    src = s.projects[ps]
    names = {"region": region_name(s, region_id), "kind": grant_name(grant)}
    if src >= 0:
        return pgettext("co2", "the {source} project on {region}'s {kind} space").format(source=source_of(src), **names)
    return pgettext("co2", "the empty project space, {region}'s {kind} space").format(**names)


def location_words(s, loc: int) -> str:
    """A scientist's location (CO2-8.2) in words."""
    if loc == HAND:
        return pgettext("co2", "your hand")
    if loc < SUMMIT_SLOT0:
        c = s.components
        return space_words(s, c.regions[loc // 3], GRANTS[loc % 3])
    sp, j = divmod(loc - SUMMIT_SLOT0, 4)
    name, topics = s.components.summits[s.summit[sp]]
    return pgettext("co2", "the {source} seat of the {summit} summit").format(
        source=source_of(topics[j]), summit=term("co2", "summit", name))


def lobby_words(s, card: int) -> str:
    """What lobby ``card`` does: its main condition and effect, and its secondary effect (CO2-12.1.2)."""
    e = s.components.lobby[card]
    return pgettext("co2", "main: {main}; secondary: {secondary}").format(
        main=main_words(s, card), secondary=secondary_words(s, e["secondary"]))


def main_words(s, card: int) -> str:
    """The main lobby of ``card``: its effect for the activity it needs this turn (CO2-12.1.3)."""
    e = s.components.lobby[card]
    m, rules = e["main"], s.rules
    if m == "propose_region":
        return pgettext("co2", "+{sum} for proposing in {region}").format(
            sum=format_money(rules["lobby.propose_coins"]), region=region_name(s, s.components.regions[e["region"]]))
    if m == "propose_grant":
        return pgettext("co2", "{rewards} for proposing on a {kind} space").format(
            rewards=either([reward_words(r) for r in e["reward"]]), kind=grant_name(GRANTS[e["grant"]]))
    if m == "install":
        return pgettext("co2", "{rewards} for installing a {source} project").format(
            rewards=either([reward_words(r) for r in e["reward"]]), source=source_of(e["source"]))
    if m == "build":
        return pgettext("co2", "{sum} off building a {source} plant").format(
            sum=format_money(rules["lobby.build_discount"]), source=source_of(e["source"]))
    if m == "summit":
        return pgettext("co2", "+1 {source} expertise for sending a scientist to a summit on {source}").format(
            source=source_of(e["source"]))
    if m == "buy":
        return pgettext("co2", "+{vp} for buying a CEP").format(vp=vp(rules["lobby.buy_vp"]))
    return pgettext("co2", "+{sum} for selling a CEP").format(sum=format_money(rules["lobby.sell_coins"]))


def secondary_words(s, part: str) -> str:
    return take_coins(s.rules["lobby.secondary_coins"]) if part == "coins" else str(SECONDARY_WORDS[part])


def displaced(text: str, seat: int, coins: int) -> str:
    """``text`` and that ``seat``'s scientist on the space is displaced, paid ``coins`` (CO2-8.4)."""
    return pgettext("co2", "{text}; seat {seat}'s scientist there is displaced and they get {sum}").format(
        text=text, seat=seat, sum=format_money(coins))


# ---- the turn (CO2-5) ----------------------------------------------------------------------------
def propose(s, a: Action) -> tuple[str, str]:
    src, region, grant = a.args
    r = s.components.regions.index(region)
    if grant == "money":
        grant_gets = format_money(max(s.region_cep[r], s.rules["grant.money_min"]))
    elif grant == "resources":
        n = s.rules["grant.resources"]
        grant_gets = npgettext("co2", "{count} resource", "{count} resources", n).format(count=n)
    else:
        grant_gets = str(SECONDARY_WORDS["scientist"])
    text = pgettext("co2", "Propose a {source} project in {region}, on the {kind} space, for its grant: {gets}")
    return (text.format(source=source_name(src), region=region_name(s, region), kind=grant_name(grant),
                        gets=grant_gets), "CO2-6.1.1")


def install(s, a: Action) -> tuple[str, str]:
    region, grant = a.args
    ps = s.components.regions.index(region) * 3 + GRANTS.index(grant)
    src, owner, p = s.projects[ps], s.occupant[ps], s.current_player
    text = pgettext("co2", "Install {space}: pay {cep} CEP, get {reward}").format(
        space=space_words(s, region, grant), cep=s.rules["install.cep"], reward=INSTALL_REWARDS[src])
    if owner not in (-1, p):
        text = displaced(text, owner, s.rules["displace.coins"])
    return text, INSTALL_RULES[src]


def build(s, a: Action) -> tuple[str, str]:
    src_id, region, grant = a.args[:3]
    c, p = s.components, s.current_player
    src, r = SOURCES.index(src_id), c.regions.index(region)
    ps = r * 3 + GRANTS.index(grant)
    tile = c.plants[src][s.plants_built[src]]
    coins = tile.coins if len(a.args) == 3 else max(0, tile.coins - s.rules["lobby.build_discount"])
    need = tile.resources - (1 if tile.resources > 0 and s.region_resources[r] > 0 else 0)  # CO2-6.3.4
    o = s.first_space[r]
    kinds = s.space_kind[o:o + c.spaces[r]]
    # CO2-6.3.5 step 2: the leftmost empty demand space, else the leftmost fossil plant is replaced (CO2-6.3.6)
    fossil = -1 if -1 in kinds else next(k for k in kinds if 0 <= k < economy.GREEN0)
    if fossil < 0:
        text = npgettext("co2",
                         "Build a {source} plant in {region}, from the installed project on its {kind} space: pay "
                         "{sum} and {count} resource, gain {vp} and +1 {source} expertise",
                         "Build a {source} plant in {region}, from the installed project on its {kind} space: pay "
                         "{sum} and {count} resources, gain {vp} and +1 {source} expertise", need)
        ppm, fossil_name = 0, ""
    else:
        text = npgettext("co2",
                         "Build a {source} plant in {region}, from the installed project on its {kind} space, "
                         "replacing its {fossil} plant so CO2 falls by {ppm} ppm: pay {sum} and {count} resource, "
                         "gain {vp} and +1 {source} expertise",
                         "Build a {source} plant in {region}, from the installed project on its {kind} space, "
                         "replacing its {fossil} plant so CO2 falls by {ppm} ppm: pay {sum} and {count} resources, "
                         "gain {vp} and +1 {source} expertise", need)
        fuel = ("coal", "oil", "gas")[fossil]
        ppm, fossil_name = s.rules[f"ppm.{fuel}"], term("co2", "fossil", fuel).lower()
    text = text.format(source=source_of(src), region=region_name(s, region), kind=grant_name(grant),
                       fossil=fossil_name, ppm=ppm, sum=format_money(coins), count=need, vp=vp(tile.vp))
    if s.occupant[ps] not in (-1, p):
        text = displaced(text, s.occupant[ps], s.rules["displace.coins"])
    if len(a.args) == 4:
        text = pgettext("co2", "{text}, playing lobby card {card} for {sum} off").format(
            text=text, card=a.args[3], sum=format_money(s.rules["lobby.build_discount"]))
        return text, "CO2-12.1.5.4"
    return text, "CO2-6.3.5"


def lobby(s, a: Action) -> tuple[str, str]:
    card, part = a.args
    if part == "main":
        return (pgettext("co2", "Play lobby card {card} for its main effect: {effect}").format(
            card=card, effect=main_words(s, card)), MAIN_RULES[s.components.lobby[card]["main"]])
    return (pgettext("co2", "Play lobby card {card} for its secondary effect: {effect}").format(
        card=card, effect=secondary_words(s, part)), "CO2-12.1.4")


def turn(s, task, a: Action) -> tuple[str, str]:
    k = a.kind
    if k == "propose":
        return propose(s, a)
    if k == "install":
        return install(s, a)
    if k == "build":
        return build(s, a)
    if k == "scientist":
        if a.args[0] == "hand":
            return pgettext("co2", "Move a scientist as your free step: choose the one in your hand"), "CO2-7.1"
        return (pgettext("co2", "Move a scientist as your free step: choose the one on {place}").format(
            place=location_words(s, parse_location(s, a.args[0]))), "CO2-7.1")
    if k == "buy":
        return pgettext("co2", "Buy 1 CEP at the market for {price}").format(price=format_money(s.price)), "CO2-7.2.3"
    if k == "sell":
        if s.price > s.rules["market.price_min"]:
            text = pgettext("co2", "Sell 1 CEP at the market for {price}; the price then drops by 1")
        else:
            text = pgettext("co2", "Sell 1 CEP at the market for {price}")
        return text.format(price=format_money(s.price)), "CO2-7.2.5"
    if k == "lobby":
        return lobby(s, a)
    if k == "claim":
        u = a.args[0]
        sources, points = s.components.un_goals[u]
        needs = pgettext("co2", ", ").join(source_of(x) for x in sources)
        return (pgettext("co2", "Claim UN goal {goal} (plants of {sources}) for {vp}, paying 1 resource").format(
            goal=u, sources=needs, vp=vp(points)), "CO2-12.3.2")
    if k == "sellgoal":
        return sell_goal(s)
    if k == "end":
        return pgettext("co2", "End your turn: project expertise and full summits are scored now"), "CO2-5.4"
    raise ValueError(f"CO2 has no turn action {a}")


def sell_goal(s) -> tuple[str, str]:
    return (pgettext("co2", "Discard your company goal for {sum}").format(
        sum=format_money(s.rules["goal.discard_coins"])), "CO2-12.2.2")


# ---- decisions inside a phase (decisions.DECISIONS) --------------------------------------------
def decision(s, task, a: Action) -> tuple[str, str]:
    """Words and rule id of action ``a`` in the decision ``task`` (the table ``DECISION_WORDS``, by task kind)."""
    if a.kind == "sellgoal":
        return sell_goal(s)
    words = DECISION_WORDS.get(task.kind)
    if words is None:
        raise ValueError(f"CO2 has no description for {a} in a {task.kind!r} decision")
    return words(s, task, a)


def _income(s, task, a: Action) -> tuple[str, str]:
    coins = a.args[0]
    return (pgettext("co2", "Take your income of {amount} as {sum} and {vp}").format(
        amount=task.amount, sum=format_money(coins), vp=vp(task.amount - coins)), "CO2-4.2.4")


def _pay_cep_choice(s, task, a: Action) -> tuple[str, str]:
    return pay_cep_words(s, a.args[0]), "CO2-11.5.1"


def _forced_purchase(s, task, a: Action) -> tuple[str, str]:
    return (pgettext("co2", "Pay the missing coins for the CEP with VP (1 VP per coin) and buy it at the market"),
            "CO2-4.3.6")


def _expertise_any(s, task, a: Action) -> tuple[str, str]:
    return (pgettext("co2", "Expertise bonus: +1 {source} expertise, your choice of source").format(
        source=source_name(a.args[0])), "CO2-9.3.4")


def _summit_pick(s, task, a: Action) -> tuple[str, str]:
    name = term("co2", "summit", s.components.summits[s.summit[task.summit]][0])
    return (pgettext("co2", "Gain +1 {source} expertise from the {summit} summit").format(
        source=source_name(a.args[0]), summit=name), "CO2-10.4.2")


def _study(s, task, a: Action) -> tuple[str, str]:
    return (pgettext("co2", "Gain +1 {source} expertise for your scientist's project work").format(
        source=source_name(a.args[0])), "CO2-5.4.1")


def _cep_to_region(s, task, a: Action) -> tuple[str, str]:
    return (pgettext("co2", "Expertise bonus: put 1 CEP from the market on {region}").format(
        region=region_name(s, a.args[0])), "CO2-9.3.3")


def _displaced(s, task, a: Action) -> tuple[str, str]:
    if a.kind == "keep":
        return (pgettext("co2", "Take your displaced scientist back to hand and gain +1 {source} expertise").format(
            source=source_of(task.source)), "CO2-8.4.2")
    return (pgettext("co2", "Send your displaced scientist to {place}").format(
        place=location_words(s, parse_location(s, a.args[0]))), "CO2-8.4.2")


def _lobby_pick(s, task, a: Action) -> tuple[str, str]:
    return (pgettext("co2", "Take the reward of lobby card {card}: {reward}").format(
        card=task.card, reward=reward_words(a.args[0])), "CO2-12.1.5.3")


def _bid(s, task, a: Action) -> tuple[str, str]:
    if a.kind == "pass":
        return pgettext("co2", "Pass in the start-player auction"), "CO2-17.2.2"
    return pgettext("co2", "Bid {amount} for the start player tile").format(amount=a.args[0]), "CO2-17.2.2"


def _auction_pay(s, task, a: Action) -> tuple[str, str]:
    return auction_pay(s, task, a.args[0]), "CO2-17.2.4"


def _auction_start(s, task, a: Action) -> tuple[str, str]:
    if a.args[0] == s.current_player:
        return pgettext("co2", "Make yourself the start player for this decade"), "CO2-17.2.3"
    return (pgettext("co2", "Make seat {seat} the start player for this decade").format(seat=a.args[0]),
            "CO2-17.2.3")


def _draft(s, task, a: Action) -> tuple[str, str]:
    card = a.args[0]
    return (pgettext("co2", "Keep lobby card {card} ({effects}) and pass the rest on").format(
        card=card, effects=lobby_words(s, card)), "CO2-2.18.1")


def _solo_region(s, task, a: Action) -> tuple[str, str]:
    return (pgettext("co2", "Start placing the five starting projects in {region}").format(
        region=region_name(s, a.args[0])), "CO2-17.3.3")


def _solo_space(s, task, a: Action) -> tuple[str, str]:
    region = s.components.regions[task.region]
    return (pgettext("co2", "Put the starting {source} project in {region} on the {kind} space (no grant)").format(
        source=source_of(task.source), region=region_name(s, region), kind=grant_name(a.args[0])), "CO2-17.3.3")


def _goal_choice(s, task, a: Action) -> tuple[str, str]:
    if a.args[0] == "score":
        return pgettext("co2", "Score your company goal for {vp}").format(vp=vp(task.goal_vp)), "CO2-15.3.1"
    return (pgettext("co2", "Exchange your company goal for {sum} instead of scoring it").format(
        sum=format_money(s.rules["goal.discard_coins"])), "CO2-15.3.1")


def research_choose(s, task, a: Action) -> tuple[str, str]:
    """Hiring, or which scientist moves, for a research cooperation grant or a lobby card (CO2-6.1.3.3, CO2-12.1)."""
    rule = MOVE_RULES[task.context]
    if a.kind == "hire":
        return pgettext("co2", "Hire a scientist from the hiring pool into your hand"), rule
    grant = task.context == RESEARCH_GRANT
    if a.args[0] == "hand":
        if grant:
            return pgettext("co2", "Move a scientist for the research cooperation grant: choose the one in your hand"), rule
        return pgettext("co2", "Move a scientist for the lobby card: choose the one in your hand"), rule
    text = (pgettext("co2", "Move a scientist for the research cooperation grant: choose the one on {place}") if grant
            else pgettext("co2", "Move a scientist for the lobby card: choose the one on {place}"))
    return text.format(place=location_words(s, parse_location(s, a.args[0]))), rule


def auction_pay(s, task, what: str) -> str:
    """One payment toward a won start-player bid (CO2-17.2.4; no change given, CO2-17.2.5)."""
    due = task.amount_due
    if what == "coin":
        return pgettext("co2", "Pay 1 coin toward your winning bid, {due} still due").format(due=due)
    if what == "resource":
        return pgettext("co2", "Pay 1 resource, worth 2, toward your winning bid, {due} still due").format(due=due)
    price = format_money(s.price)
    if what == "hand":
        return pgettext("co2", "Pay 1 CEP, worth {price}, toward your winning bid from your hand, {due} still due").format(
            price=price, due=due)
    return pgettext("co2", "Pay 1 CEP, worth {price}, toward your winning bid from the pile of {region}, which you "
                           "control, {due} still due").format(price=price, region=region_name(s, what), due=due)


def pay_cep_words(s, source: str) -> str:
    if source == "hand":
        return pgettext("co2", "Pay the CEP from your hand")
    return pgettext("co2", "Pay the CEP from the pile of {region}, which you control").format(
        region=region_name(s, source))


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
        return (pgettext("co2", "Move your scientist from {origin} to {target}").format(
            origin=location_words(s, origin), target=location_words(s, to)), rule)
    return (pgettext("co2", "Your scientist must leave the plant you built: move it to {target}").format(
        target=location_words(s, to)), "CO2-8.5")


def describe(s, a: Action) -> tuple[str, str]:
    """``a`` (legal in ``s``) in words, and the rule that allows it."""
    task = s.tasks[-1]
    if task.kind == "turn":
        return turn(s, task, a)
    return decision(s, task, a)


def describe_secret(s, a: Action) -> tuple[str, str]:
    """A draft pick as the other seats read it: which card stays secret (CO2-2.18.1)."""
    return pgettext("co2", "Keep one lobby card of the draft pack and pass the rest on"), "CO2-2.18.1"


# the words of each decision's actions, by task kind (decisions.DECISIONS)
DECISION_WORDS: dict[str, Callable[[Any, Any, Action], tuple[str, str]]] = {
    "income": _income, "paycep_choose": _pay_cep_choice, "forced": _forced_purchase, "exp_any": _expertise_any,
    "summit_pick": _summit_pick, "study": _study, "cepto": _cep_to_region, "displaced": _displaced,
    "sci_to": move_words, "research_choose": research_choose, "lobby_pick": _lobby_pick, "bid": _bid,
    "auction_pay": _auction_pay, "auction_start": _auction_start, "draft": _draft, "solo_region": _solo_region,
    "solo_space": _solo_space, "goal_choice": _goal_choice,
}
