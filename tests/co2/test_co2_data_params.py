"""Component files (CO2-DATA-01..18) and rule parameters: validation with clear errors."""
from __future__ import annotations

import os
import tomllib

import pytest

import ccg
from ccg.games.co2.data import DEFAULT_PATH, confirmed_constraint_violations, load_components, parse_components


def test_default_components_satisfy_every_confirmed_constraint():
    c = load_components()
    assert confirmed_constraint_violations(c) == []
    # every entry is marked printed / reconstructed with a reason
    assert c.provenance and all(why for _, why in c.provenance.values())
    assert c.plants[0][0].resources == 3  # CO2-EX-09
    assert any((p.coins, p.resources) == (10, 2) for p in c.plants[1])  # CO2-EX-08
    order = [sum(p.vp for p in c.plants[x]) for x in range(5)]
    assert order[0] == max(order)  # reforestation is the most valuable
    # difficulty ranking of the [ZH] summary: reforestation > solar > fusion > biomass > recycling
    cost = [sum(p.coins + 3 * p.resources for p in c.plants[x]) for x in range(5)]
    assert cost[0] >= cost[2] and cost[1] > cost[2] > cost[3] > cost[4]


def _raw():
    with open(DEFAULT_PATH, "rb") as f:
        return tomllib.load(f)


@pytest.mark.parametrize("mutate,message", [
    (lambda d: d["plant"][0].__setitem__("coins", "ten"), r"plant\[0\]\.coins: Expected `int`, got `str`"),
    (lambda d: d["plant"][0].__setitem__("resources", 99), r"plant\[0\]\.resources: Expected `int` <= 30"),
    (lambda d: d["region"][0].pop("demand_spaces"), r"region\[0\]: Object missing required field `demand_spaces`"),
    (lambda d: d["track"][0].__setitem__("income", [0, 1]), r"track\[0\]\.income: must have 11 entries"),
    (lambda d: d["agenda"][0].__setitem__("sources", ["solar", "solar", "fusion"]), r"3 different sources"),
    (lambda d: d["lobby"].pop(), r"lobby: must hold cards 1..26"),
    (lambda d: d["board"].__setitem__("clockwise", ["asia"] * 6), r"each of the 6 regions once"),
    (lambda d: d["plant"][0].__setitem__("colour", "red"), r"plant\[0\]: Object contains unknown field `colour`"),
    (lambda d: d["plant"][0].__setitem__("printed", ["price"]), r"plant\[0\]\.printed\[0\]: must be one of"),
    (lambda d: d["preset"]["normal"].__setitem__("gas", 3), r"exactly 6 fossil plants"),
    (lambda d: d["plant"][0].__setitem__("resources", 11), r"plant\[0\]\.resources: must be at most \d+ \(the reforestation track\)"),
    (lambda d: d["lobby"][0].__setitem__("main", "bribe"), r"lobby\[0\]\.main: Invalid value 'bribe'"),
    (lambda d: d["summit"][0].__setitem__("topics", ["solar"]), r"summit\[0\]\.topics: Expected `array` of length >= 2"),
])
def test_bad_component_data_names_the_field(mutate, message):
    d = _raw()
    mutate(d)
    with pytest.raises(ValueError, match=message):
        parse_components(d, "my_co2.toml")


def test_user_component_file_round_trip(tmp_path):
    text = open(DEFAULT_PATH, encoding="utf-8").read().replace(
        'coins = 10\nresources = 2\nvp = 5', 'coins = 10\nresources = 2\nvp = 7')
    p = tmp_path / "my_co2.toml"
    p.write_text(text, encoding="utf-8")
    s = ccg.new_game("co2", players=3, seed=1, components=str(p))
    assert s.components.plants[1][1].vp == 7
    again = ccg.load_state(s.to_json())
    assert again.components.plants[1][1].vp == 7
    bad = tmp_path / "broken.toml"
    bad.write_text("format = [", encoding="utf-8")
    with pytest.raises(ValueError, match="broken.toml: not valid TOML"):
        ccg.new_game("co2", components=str(bad))
    with pytest.raises(ValueError, match="option .components.: cannot open"):
        ccg.new_game("co2", components=str(tmp_path / "missing.toml"))
    with pytest.raises(ValueError, match="path to a TOML file"):
        ccg.new_game("co2", components=42)
    assert os.path.exists(DEFAULT_PATH)


def test_rule_parameters_validate_ranges():
    s = ccg.new_game("co2", seed=1, rules={"ppm.coal": 50, "market.price_start": 4, "decades": 3})
    assert s.rules["ppm.coal"] == 50 and s.price == 4
    with pytest.raises(ValueError, match="ppm.coal.*at most"):
        ccg.new_game("co2", rules={"ppm.coal": 10_000})
    with pytest.raises(ValueError, match="unknown rule"):
        ccg.new_game("co2", rules={"ppm.cole": 50})
    with pytest.raises(ValueError, match="price_start"):
        ccg.new_game("co2", rules={"market.price_start": 9})
    with pytest.raises(ValueError, match="whole number"):
        ccg.new_game("co2", rules={"decades": 2.5})
    with pytest.raises(ValueError, match="catastrophe"):
        ccg.new_game("co2", rules={"ppm.catastrophe": 600})


def test_options_validate():
    with pytest.raises(ValueError, match="variant"):
        ccg.new_game("co2", variant="easy")
    with pytest.raises(ValueError, match="2 or more players"):
        ccg.new_game("co2", players=1, auction=True)
    with pytest.raises(ValueError, match="true or false"):
        ccg.new_game("co2", draft="yes")
    with pytest.raises(ValueError, match="1–5 players"):
        ccg.new_game("co2", players=6)
    d = ccg.describe("co2")
    assert "ppm.coal" in d["rules"] and d["rules"]["ppm.lose"]["default"] == 500


def test_decades_rule_shortens_the_game():
    s = ccg.new_game("co2", players=2, seed=3, rules={"decades": 2, "ppm.coal": 0, "ppm.oil": 0, "ppm.gas": 0})
    from ccg.core import Rng
    r = Rng(1)
    while not s.is_terminal():
        a = s.legal_actions()
        s.apply(a[r.below(len(a))])
    assert s.decade == 2 and not s.lost and s.winners()


def _cheapest_reforestation_needs_two(tmp_path):
    """A file breaking a confirmed printed fact: the cheapest reforestation tile set to 2 resources (CO2-EX-09)."""
    d = _raw()
    d["plant"][0]["resources"] = 2
    d["track"][0]["build_icon"] = 2
    comp = parse_components(d, "my_co2.toml")  # every field is well-formed: only a printed fact is broken
    assert comp.plants[0][0].resources == 2 and comp.build_icon[0] == 2
    return d


def test_components_breaking_a_printed_fact_are_refused_naming_it(tmp_path):
    """CO2-EX-09 (the cheapest reforestation needs expertise 3): new_game refuses the data, naming the fact."""
    from ccg.games.co2.data import UnprintedComponentsError

    d = _cheapest_reforestation_needs_two(tmp_path)
    with pytest.raises(UnprintedComponentsError, match=r"cheapest reforestation tile needs expertise 3 \(CO2-EX-09\)"):
        ccg.new_game("co2", players=3, seed=1, components=d)
    with pytest.raises(ValueError, match="unprinted_components=True"):
        ccg.new_game("co2", players=3, seed=1, components=d)


def test_unprinted_components_load_on_purpose_and_their_positions_round_trip(tmp_path):
    """The explicit option unprinted_components=True plays such data; a saved position keeps the option, and
    the same position without it is refused on load."""
    import json

    d = _cheapest_reforestation_needs_two(tmp_path)
    s = ccg.new_game("co2", players=3, seed=1, components=d, unprinted_components=True)
    assert s.components.plants[0][0].resources == 2 and confirmed_constraint_violations(s.components)
    assert ccg.load_state(s.to_json()).components.plants[0][0].resources == 2
    saved = json.loads(s.to_json())
    saved["options"].pop("unprinted_components")
    with pytest.raises(ValueError, match=r"CO2-EX-09"):
        ccg.load_state(json.dumps(saved))
    with pytest.raises(ValueError, match="must be true or false"):
        ccg.new_game("co2", players=3, seed=1, components=d, unprinted_components="yes")
