"""ccg.edit / state.edit and ccg.board_of: named edits, conserved totals, named errors, chance set-ups."""
from __future__ import annotations

import dataclasses
import doctest
import importlib
import json

import pytest

import ccg

# every game's editor and board map (SPEC.edit, SPEC.board_map) has doctests; so has the generic part
DOCTESTED = ["ccg.core.edit"] + [module for g in ccg.list_games() for module in
                                 (ccg.core.get_spec(g).edit, ccg.core.get_spec(g).board_map) if module]


@pytest.mark.parametrize("module", DOCTESTED)
def test_doctests(module):
    result = doctest.testmod(importlib.import_module(module), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0


def _played(game, n=40, seed=1, **kw):
    s = ccg.new_game(game, seed=seed, **kw)
    for _ in range(n):
        if s.is_terminal():
            break
        s.apply(s.legal_actions()[0])
    return s


def _to_pre_roll(s):
    while s.legal_actions()[0].kind != "roll":
        s.apply(s.legal_actions()[0])
    return s


# ---- the original is untouched, the result is marked edited -------------------------------------
@pytest.mark.parametrize("game,edit", [
    ("chicago_express", lambda e: setattr(e.player(0), "cash", e.player(0).cash + 5)),
    ("catan", lambda e: e.player(1).hand.update(ore=e.player(1).hand["ore"] + 1)),
    ("co2", lambda e: setattr(e.player(2), "vp", 7)),
])
def test_commit_gives_an_edited_copy(game, edit):
    s = _played(game)
    before = s.to_json()
    e = s.edit()
    edit(e)
    t = e.commit()
    assert s.to_json() == before and s.replayable
    assert t is not s and not t.replayable and t.to_json() != before
    with pytest.raises(ValueError, match="edited"):
        t.record()
    t.check_invariants()
    assert t.legal_actions()
    with pytest.raises(ccg.InvalidPositionError, match="already committed"):
        e.commit()


def test_a_rejected_edit_changes_nothing():
    s = _played("co2")
    before = s.to_json()
    e = ccg.edit(s)
    e.player(0).coins = -3
    e.player(1).resources += 1
    with pytest.raises(ccg.InvalidPositionError, match="player 0's coins would be -3"):
        e.commit()
    assert s.to_json() == before
    e.player(0).coins = 3  # fixed: the retry applies the resource move once
    t = e.commit()
    assert t.to_dict()["state"]["supply_res"] == s.to_dict()["state"]["supply_res"] - 1


# ---- conserved totals follow their natural source, unless both sides are set ---------------------
def test_chicago_express_money_shares_and_houses_follow():
    s = _played("chicago_express", 30)
    d0 = s.to_dict()["state"]
    e = s.edit()
    e.player(1).cash += 12
    e.player(2).cash -= 4
    e.player(3).shares["NYC"] = d0["shares"][3][2] + 1
    e.company("PRR").trains = sorted(set(e.company("PRR").trains) | {"R5", "Q5", "P4", "O4"})
    e.houses = ["O4"]  # a house needs a train there (CE-8.2)
    d = e.commit().to_dict()["state"]
    assert d["bank_paid_out"] == d0["bank_paid_out"] + 8
    assert d["shares_left"][2] == d0["shares_left"][2] - 1
    assert d["house_supply"] == d0["house_supply"] - 1


def test_chicago_express_both_sides_set_must_agree():
    s = _played("chicago_express", 30)
    e = s.edit()
    e.player(0).cash += 10
    e.bank_paid_out = e.bank_paid_out + 3  # set by hand: no longer follows
    with pytest.raises(ccg.InvalidPositionError, match=r"players and treasuries would hold .* bank's account"):
        e.commit()
    e = s.edit()
    e.player(0).cash += 10
    e.bank_paid_out = e.bank_paid_out + 10
    assert e.commit().to_dict()["state"]["cash"][0] == s.to_dict()["state"]["cash"][0] + 10


def test_chicago_express_income_follows_trains_or_sets_its_base():
    s = ccg.new_game("chicago_express", players=3, seed=2)
    e = s.edit()
    e.company("PRR").trains = ["R5", "Q5", "P4", "O4"]  # O4: a city of income 1 (CE-7.1)
    t = e.commit()
    assert t.to_dict()["state"]["income"][0] == s.to_dict()["state"]["income"][0] + 1
    e = t.edit()
    e.company("PRR").income = 20
    d = e.commit().to_dict()["state"]
    assert d["income"][0] == 20 and d["income_base"][0] == 19


def test_chicago_express_shares_beyond_the_company_are_named():
    s = ccg.new_game("chicago_express", players=3, seed=2)
    e = s.edit()
    e.player(0).shares["PRR"] = 4
    with pytest.raises(ccg.InvalidPositionError, match="PRR has 3 shares in all, but players would hold 4"):
        e.commit()


def test_catan_cards_come_from_the_bank_and_the_deck():
    s = _to_pre_roll(ccg.new_game("catan", players=3, seed=5))
    d0 = s.to_dict()["state"]
    e = s.edit()
    e.player(2).hand["ore"] += 2
    e.player(0).dev_cards["knight"] += 1
    t = e.commit()
    d = t.to_dict()["state"]
    assert d["bank"][4] == d0["bank"][4] - 2
    assert d["deck"].count(0) == d0["deck"].count(0) - 1 and d["deck"][-3:] == d0["deck"][-3:]
    e = t.edit()
    e.bank["ore"] += 1
    with pytest.raises(ccg.InvalidPositionError, match="ore cards in all, but players would hold"):
        e.commit()


def test_catan_metropolis_and_oil_follow_their_pools():
    s = _to_pre_roll(ccg.new_game("catan", players=4, seed=6, scenario="oil_springs"))
    d0 = s.to_dict()["state"]
    node = next(f"N{x}" for x, o in enumerate(d0["node_owner"]) if o == 1)
    e = s.edit()
    e.build(node, 1, "metropolis")
    e.player(1).oil = 3
    d = e.commit().to_dict()["state"]
    assert d["metro_pool"] == d0["metro_pool"] - 1
    assert d["supply"] == d0["supply"] - (3 - d0["oil"][1])


def test_co2_plants_come_from_their_stacks_and_ppm_follows():
    s = ccg.new_game("co2", players=3, seed=4)
    d0 = s.to_dict()["state"]
    b = ccg.board_of(s)
    e = s.edit()
    e.build_plant("africa", "solar", owner=0)
    e.build_plant("africa", "solar", owner=1)
    e.build_plant("africa", "biomass", owner=2)  # every space taken: replaces the oil plant (CO2-6.3.6)
    t = e.commit()
    d = t.to_dict()["state"]
    assert d["stack"][1] == d0["stack"][1] + 2 and d["stack"][3] == d0["stack"][3] + 1
    assert d["ppm"] == d0["ppm"] - b.ppm_per_plant["oil"]
    assert [p.kind for p in ccg.board_of(t).regions["africa"].plants] == ["biomass", "solar", "solar"]
    e = t.edit()
    with pytest.raises(ccg.InvalidPositionError, match="every demand space of africa holds a green plant"):
        e.build_plant("africa", "solar", owner=0)
    e.build_fossil_plant("asia", "coal")
    assert e.commit().to_dict()["state"]["ppm"] == d["ppm"] + b.ppm_per_plant["coal"]


def test_co2_cep_conservation_is_named():
    s = ccg.new_game("co2", players=3, seed=4)
    e = s.edit()
    e.player(0).cep += 2
    e.bank_cep = e.bank_cep  # set explicitly: no longer pays for the player's CEP
    with pytest.raises(ccg.InvalidPositionError, match=r"the bank would have \d+ CEP, but the game has \d+ in all"):
        e.commit()


def test_unknown_names_are_rejected_with_the_choices():
    with pytest.raises(ccg.InvalidPositionError, match="a company must be one of PRR"):
        ccg.new_game("chicago_express", seed=1).edit().company("Santa Fe")
    with pytest.raises(KeyError, match="counts lumber, brick"):
        ccg.new_game("catan", seed=1).edit().player(0).hand["wood"] = 1
    with pytest.raises(ccg.InvalidPositionError, match="a region must be one of"):
        ccg.new_game("co2", seed=1).edit().region("atlantis")
    with pytest.raises(ccg.InvalidPositionError, match="only in the Oil Springs"):
        ccg.new_game("catan", seed=1).edit().next_disaster_roll(7)


# ---- chance set-ups that the seeded game honours ---------------------------------------------------
@pytest.mark.parametrize("total", [2, 7, 12])
def test_catan_next_roll_is_rolled(total):
    s = _to_pre_roll(ccg.new_game("catan", players=4, seed=total))
    e = s.edit()
    e.next_roll(total)
    t = e.commit()
    t.apply("roll")
    assert t.to_dict()["state"]["dice"] == total


def test_catan_next_roll_survives_actions_that_draw_nothing():
    s = _to_pre_roll(ccg.new_game("catan", players=4, seed=8))
    s.apply("roll")
    while s.to_dict()["state"]["phase"] != "main":  # a 7 was rolled: discard and move the robber first
        s.apply(s.legal_actions()[0])
    e = s.edit()
    e.next_roll(7)
    t = e.commit()
    t.apply("end")  # the next player's turn: the roll is still the generator's next draw
    assert "roll" in map(str, t.legal_actions())
    t.apply("roll")
    assert t.to_dict()["state"]["dice"] == 7


def test_catan_next_dev_card_is_bought():
    s = _to_pre_roll(ccg.new_game("catan", players=3, seed=9))
    s.apply("roll")
    while s.to_dict()["state"]["phase"] != "main":
        s.apply(s.legal_actions()[0])
    seat = s.current_player
    e = s.edit()
    e.player(seat).hand.update(wool=1, grain=1, ore=1)
    e.next_dev_card("monopoly")
    t = e.commit()
    t.apply("buy dev")
    assert t.to_dict()["state"]["dev"][seat * 5 + 4] == s.to_dict()["state"]["dev"][seat * 5 + 4] + 1


def test_oil_springs_flood_now():
    """OIL-8.1, OIL-8.3, OIL-8.4: a pending disaster rolled as 7 floods the coast when the turn ends."""
    s = _to_pre_roll(ccg.new_game("catan", players=4, seed=11, scenario="oil_springs"))
    s.apply("roll")
    while s.to_dict()["state"]["phase"] != "main":
        s.apply(s.legal_actions()[0])
    b = ccg.board_of(s)
    d0 = s.to_dict()["state"]
    coastal = [x for x, o in enumerate(d0["node_owner"]) if o >= 0 and b.nodes[f"N{x}"].coastal]
    assert coastal, "the set-up placed no building on the coast; pick another seed"
    e = s.edit()
    e.disaster_pending(trigger=s.current_player)
    e.next_disaster_roll(7)
    t = e.commit()
    t.apply("end")
    d = t.to_dict()["state"]
    assert d["floods"] == d0["floods"] + 1 and d["last_disaster"][0] == 7
    assert all(d["node_owner"][x] < 0 for x in coastal if d0["node_level"][x] == 1)


def test_co2_next_event_strikes_that_region():
    s = _played("co2", 10, seed=3)
    e = s.edit()
    e.next_event("oceania")
    t = e.commit()
    card = t.to_dict()["state"]["events"][0]
    assert ccg.board_of(t).event_regions[card] == "oceania"
    n = len(t.to_dict()["state"]["events"])
    while len(t.to_dict()["state"]["events"]) == n:
        t.apply(t.legal_actions()[0])
    assert card not in t.to_dict()["state"]["events"]


def test_co2_next_fossil_is_drawn():
    s = ccg.new_game("co2", players=3, seed=4)
    e = s.edit()
    e.next_fossil("gas")
    st = e.commit().to_dict()["state"]["fossil_stack"]
    assert st[-1] == 2 and sorted(st) == sorted(s.to_dict()["state"]["fossil_stack"])


# ---- board maps -------------------------------------------------------------------------------------
@pytest.mark.parametrize("game", ["chicago_express", "catan", "co2"])
def test_board_maps_are_read_only(game):
    for b in (ccg.board_of(game), ccg.board_of(_played(game, 5))):
        with pytest.raises(dataclasses.FrozenInstanceError):
            b.hexes = {} if hasattr(b, "hexes") else None  # type: ignore[misc]
        mapping = b.regions if game == "co2" else b.hexes
        with pytest.raises(TypeError):
            mapping["x"] = None


def test_catan_board_map_matches_adjacency():
    b = ccg.board_of(ccg.new_game("catan", players=4, seed=1))
    for node in b.nodes.values():
        for e in node.edges:
            assert node.id in b.edges[e].nodes
        for m in node.neighbours:
            assert node.id in b.nodes[m].neighbours
    assert any(n.coastal for n in b.nodes.values()) and not all(n.coastal for n in b.nodes.values())
    for h in b.harbours:
        assert all(b.nodes[n].harbour == h.type and b.nodes[n].coastal for n in h.nodes)


# ---- loaders name the field -----------------------------------------------------------------------
def test_non_canonical_fields_are_named():
    s = ccg.new_game("chicago_express", players=3, seed=1)
    d = s.to_dict()
    d["state"]["trains"]["PRR"] = ["R5", "Q5"]  # board order is Q5, R5 (column, then row)
    d["state"]["trains_left"][0] -= 1
    with pytest.raises(ccg.InvalidPositionError, match=r"trains\.PRR"):
        ccg.load_state(json.dumps(d))


def test_catan_longest_road_and_largest_army_follow_the_edit():
    """CAT-10.3, CAT-10.4: the cards go to whoever the edited roads and knights make them belong to."""
    s = ccg.new_game("catan", players=3, seed=12)
    bots = [ccg.agents.make_agent("random", seed=p) for p in range(3)]
    while s.legal_actions()[0].kind != "roll":  # a random set-up spreads the buildings
        s.apply(bots[s.current_player].act(s))
    b = ccg.board_of(s)
    d0 = s.to_dict()["state"]

    def walk(seat, path):  # a simple path of five roads (free or the seat's) through empty intersections
        if len(path) == 6:
            return path
        for edge in b.nodes[path[-1]].edges:
            nxt = next(m for m in b.edges[edge].nodes if m != path[-1])
            if d0["edge_owner"][int(edge[1:])] in (-1, seat) and d0["node_owner"][int(nxt[1:])] < 0 \
                    and nxt not in path:
                found = walk(seat, path + [nxt])
                if found:
                    return found
        return None

    seat, nodes = next((o, p) for x, o in enumerate(d0["node_owner"]) if o >= 0 for p in [walk(o, [f"N{x}"])] if p)
    e = s.edit()
    for a, c in zip(nodes, nodes[1:]):
        e.road(next(x for x in b.nodes[a].edges if c in b.edges[x].nodes), seat)
    e.player((seat + 1) % 3).knights = 3
    d = e.commit().to_dict()["state"]
    assert d["lr"] == seat and d["la"] == (seat + 1) % 3


def test_co2_control_follows_the_plants_as_in_play():
    """CO2-11.2, CO2-11.3: the editor decides control as the engine's check_control does."""
    from ccg.games.co2.economy import check_control

    s = ccg.new_game("co2", players=3, seed=4)
    assert ccg.board_of(s).regions["africa"].agenda == ("biomass", "recycling", "solar")
    e = s.edit()
    e.build_plant("africa", "solar", owner=0)
    assert e.region("africa").controller == 0  # nobody controlled it (CO2-11.2)
    first = e.commit()
    e = first.edit()
    e.build_plant("africa", "biomass", owner=1)  # one source each: biomass comes first on the agenda (CO2-11.3.2)
    assert e.region("africa").controller == 1
    d = e.commit().to_dict()["state"]
    engine = first.clone()  # the engine's own rule on the same plants
    i = list(ccg.board_of(s).regions).index("africa")
    engine.space_kind[:], engine.space_owner[:] = d["space_kind"], d["space_owner"]
    check_control(engine, i, 1)
    assert engine.controller[i] == d["ctrl"][i] == 1


@pytest.mark.parametrize("game,edit,message", [
    ("chicago_express", lambda e: e.player(1).shares.update({"PRR": -1}), "player 1's PRR shares would be -1"),
    ("catan", lambda e: setattr(e.player(2), "oil", 9), "player 2 would hold 9 oil, above the limit of 4"),
    ("catan", lambda e: e.player(0).dev_cards.update(monopoly=-1), "player 0's monopoly cards would be -1"),
    ("co2", lambda e: e.player(1).expertise.update(solar=11), "player 1's solar expertise would be 11"),
])
def test_broken_facts_are_named_in_words(game, edit, message):
    s = ccg.new_game(game, seed=2, **({"scenario": "oil_springs"} if game == "catan" else {}))
    e = s.edit()
    edit(e)
    with pytest.raises(ccg.InvalidPositionError, match=message):
        e.commit()
