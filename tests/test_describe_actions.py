"""Every move in words: ``state.describe_action`` for every legal action of every game, and rule help.

Whole random games of every game in every conformance configuration: at every step EVERY legal action has a
description that is a sentence (not its notation), says what it does (the words its kind must use), ends with
a rule id that ``docs/rules/`` defines, and differs from the descriptions of the other legal actions there.
Then exact descriptions of typical moves from set-up positions, secrets, bad input, and ``ccg.rules_text``.
"""
from __future__ import annotations

import importlib.util
import random
import re
from pathlib import Path

import pytest

import ccg
from ccg.core import Action, IllegalActionError, UnknownRuleError, rule_ids, rulebook, rules_text
from ccg.core.describe import FALLBACK_NOTE
from ccg.core.registry import get_spec

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("co2", "chicago_express", "catan")
SEEDS = {"co2": (1, 2), "chicago_express": (1, 2), "catan": (1,)}

# the words a description of each action kind must contain (any one of them): what the move does
DOES = {
    "co2": {
        "propose": ("Propose",), "install": ("Install",), "build": ("Build",), "scientist": ("Move a scientist",),
        "to": ("scientist",), "buy": ("Buy 1 CEP",), "sell": ("Sell 1 CEP",), "lobby": ("Play lobby card",),
        "claim": ("Claim UN goal",), "sellgoal": ("company goal",), "end": ("End your turn",),
        "take": ("income",), "pay": ("Pay",), "paywithvp": ("VP",), "exp": ("expertise",),
        "study": ("expertise",), "cepto": ("CEP",), "keep": ("Keep", "Take your displaced scientist"),
        "hire": ("Hire",), "reward": ("reward",), "bid": ("Bid",), "pass": ("Pass",),
        "start": ("start player",), "region": ("starting projects",), "space": ("starting",),
        "goal": ("company goal",),
    },
    "chicago_express": {
        "auction": ("Auction",), "build": ("Build track",), "develop": ("Develop",), "forgo": ("Forgo",),
        "bid": ("Bid $",), "pass": ("Pass",), "place": ("train on",), "stop": ("Stop building",),
    },
    "catan": {
        "settle": ("settlement",), "road": ("road",), "city": ("to a city",), "metro": ("metropolis",),
        "buy": ("development card",), "play": ("Play",), "roll": ("Roll the dice",), "discard": ("Discard",),
        "robber": ("Move the robber",), "trade": ("Trade",), "propose": ("trade offer",), "give": ("you give",),
        "ask": ("you ask for",), "offer": ("offer",), "cancel": ("Withdraw",), "accept": ("Accept",),
        "reject": ("Turn down",), "choose": ("Trade with seat",), "convert": ("Convert 1 oil",),
        "sequester": ("Sequester",), "end": ("End your turn",), "pass": ("Build nothing",),
    },
}


def _check_position(state, ids: frozenset[str], seen: set[str]) -> None:
    texts: dict[str, str] = {}
    for action in state.legal_actions():
        d = state.describe_action_parts(action)
        notation = str(action)
        where = f"{state.game} ply {state.ply}: {notation!r} -> {str(d)!r}"
        assert d.described and d.notation == notation, where
        assert d.rule in ids, f"{where}: rule {d.rule} is not defined in docs/rules"
        assert str(d) == state.describe_action(action) == f"{d.text} ({d.rule})", where
        assert d.text[0].isupper() and len(d.text.split()) >= 3, f"{where}: not a sentence"
        assert d.text.lower() != notation.lower() and notation not in (d.text, str(d)), where
        assert not re.search(r"\((?:CO2|CE|CAT|OIL)-", d.text), f"{where}: the rule id belongs at the end only"
        words = DOES[state.game][action.kind]
        assert any(w in d.text for w in words), f"{where}: should say {' or '.join(words)}"
        assert d.text not in texts, f"{where}: same words as {texts.get(d.text)!r}"
        texts[d.text] = notation
        seen.add(f"{action.kind} {d.rule}")


@pytest.mark.parametrize("game", GAMES)
def test_every_legal_action_of_whole_games_is_described_with_a_rule(game: str) -> None:
    spec = get_spec(game)
    ids = rule_ids()
    seen: set[str] = set()
    for config in spec.conformance_configs:
        for seed in SEEDS[game]:
            state = ccg.new_game(game, seed=seed, **config)
            rng = random.Random(seed)
            for _ in range(spec.max_actions):
                if state.is_terminal():
                    break
                _check_position(state, ids, seen)
                state.apply(rng.choice(state.legal_actions()))
            assert state.is_terminal(), f"{game} {config} seed {seed} did not finish"
    kinds = {s.split()[0] for s in seen}
    # the walk reached the moves of every phase of play, not only the set-up (sanity of the sample)
    assert len(kinds) >= 0.7 * len(DOES[game]), sorted(set(DOES[game]) - kinds)


def test_every_rule_id_a_describe_module_names_is_defined() -> None:
    """Also the rare branches random play may miss (a forced purchase, a lobby reward, the final goal)."""
    ids = rule_ids()
    for game in GAMES:
        source = (ROOT / "ccg" / "games" / game / "describe.py").read_text(encoding="utf-8")
        cited = set(re.findall(r'"(' + rulebook.RULE_ID + r')"', source))
        assert len(cited) >= 8, game
        assert sorted(cited - ids) == [], f"{game}/describe.py cites ids docs/rules does not define"
        for rule in cited:
            assert rules_text(rule).startswith(rule)


# ---- exact descriptions from set-up positions -----------------------------------------------------------
def test_co2_descriptions_from_the_first_turn() -> None:
    s = ccg.new_game("co2", players=4, seed=1)
    p = s.current_player
    r = s.components.regions.index("namerica")
    assert s.components.region_names[r] == "North America"
    assert s.region_cep[r] == 4  # the money grant pays the region's CEP (CO2-6.1.3.1)
    assert s.describe_action("propose solar namerica money") == (
        "Propose a Solar project in North America, on the money space, for its grant: $4 (CO2-6.1.1)")
    assert s.describe_action("propose solar namerica research") == (
        "Propose a Solar project in North America, on the research cooperation space, for its grant: hire or move "
        "a scientist (CO2-6.1.1)")
    assert s.price == 3
    assert s.describe_action("buy") == "Buy 1 CEP at the market for $3 (CO2-7.2.3)"
    s.apply("propose solar namerica research")
    assert [str(a) for a in s.legal_actions()][:1] == ["hire"] and s.current_player == p
    assert s.describe_action("hire") == ("Hire a scientist from the hiring pool into your hand (CO2-6.1.3.3)")
    assert s.describe_action("scientist hand") == (
        "Move a scientist for the research cooperation grant: choose the one in your hand (CO2-6.1.3.3)")
    s.apply("scientist hand")
    assert s.describe_action("to namerica.research") == (
        "Move your scientist from your hand to the Solar project on North America's research cooperation space "
        "(CO2-8.3.1)")
    s.apply("to namerica.research")
    assert s.describe_action("end") == "End your turn: project expertise and full summits are scored now (CO2-5.4)"
    s.apply("end")
    assert s.current_player != p and s.occupant[r * 3 + 2] == p  # the next seat; p's scientist is on the project
    assert s.describe_action("install namerica research") == (
        "Install the Solar project on North America's research cooperation space: pay 1 CEP, get 3 resources; "
        f"seat {p}'s scientist there is displaced and they get $1 (CO2-6.2.4.2)")


def test_co2_a_build_says_what_it_costs_and_gains_and_the_move_does_it() -> None:
    """A description is a promise: the build that replaces a fossil plant lowers CO2, costs and scores as said."""
    checked = 0
    for seed in range(20):
        s = ccg.new_game("co2", players=4, seed=seed)
        rng = random.Random(seed)
        while not s.is_terminal() and not checked:
            for a in s.legal_actions():
                text = s.describe_action(a)
                m = re.search(r"replacing its (coal|oil|gas) plant so CO2 falls by (\d+) ppm: pay \$(\d+) and "
                              r"(\d+) resources?, gain (\d+) VP", text)
                if a.kind == "build" and m:
                    p, after = s.current_player, s.child(a)
                    assert after.ppm == s.ppm - int(m[2]) == s.ppm - s.rules[f"ppm.{m[1]}"]
                    fee = re.search(r"displaced and they get \$(\d+)", text)
                    paid = int(m[3]) + (int(fee[1]) if fee else 0)
                    assert after.coins[p] == s.coins[p] - paid and after.resources[p] == s.resources[p] - int(m[4])
                    assert after.vp[p] == s.vp[p] + int(m[5])
                    checked += 1
                    break
            else:
                s.apply(rng.choice(s.legal_actions()))
        if checked:
            break
    assert checked, "no build replacing a fossil plant in 20 random games"


def test_co2_lobby_cards_and_draft_read_from_the_components() -> None:
    s = ccg.new_game("co2", players=2, seed=1, draft=True)
    pick = s.legal_actions()[0]
    assert str(pick) == "keep 3" and s.components.lobby[3]["main"] == "propose_region"
    assert s.components.region_names[s.components.lobby[3]["region"]] == "Europe"
    assert s.describe_action(pick) == (
        "Keep lobby card 3 (main: +$3 for proposing in Europe; secondary: take 1 CEP from the market) and pass "
        "the rest on (CO2-2.18.1)")
    # the other seat reads the pick as secret, as in notation_seen_by; the picker reads it whole
    other = 1 - s.current_player
    hidden = s.describe_action_parts(pick, seat=other)
    assert str(hidden) == "Keep one lobby card of the draft pack and pass the rest on (CO2-2.18.1)"
    assert hidden.notation == s.notation_seen_by(pick, s.current_player, other) == "keep ?"
    assert "3" not in hidden.text
    assert s.describe_action(pick, seat=s.current_player) == s.describe_action(pick)


def test_co2_decisions_random_play_rarely_reaches_are_described() -> None:
    """The forced CEP purchase, lobby card 12's choice and the end-of-game goal choice, set up by hand."""
    from ccg.games.co2.tasks import Forced, GoalChoice, LobbyPick

    base = ccg.new_game("co2", players=4, seed=1)
    p = base.current_player
    expected = {
        Forced(p): {"sellgoal": "Discard your company goal for $8 (CO2-12.2.2)",
                    "paywithvp": "Pay the missing coins for the CEP with VP (1 VP per coin) and buy it at the "
                                 "market (CO2-4.3.6)"},
        LobbyPick(p, 12): {"reward coins3": "Take the reward of lobby card 12: take $3 (CO2-12.1.5.3)",
                           "reward resource1": "Take the reward of lobby card 12: take 1 resource (CO2-12.1.5.3)"},
        GoalChoice(p, 9): {"goal score": "Score your company goal for 9 VP (CO2-15.3.1)",
                           "goal coins": "Exchange your company goal for $8 instead of scoring it (CO2-15.3.1)"},
    }
    for task, texts in expected.items():
        s = base.clone()
        s.tasks.append(task)
        s.mark_edited()
        assert {str(a): s.describe_action(a) for a in s.legal_actions()} == texts


def test_chicago_express_descriptions_from_the_opening() -> None:
    s = ccg.new_game("chicago_express", players=4, seed=1)
    assert s.describe_action("bid 7") == (
        "Bid $7 for the opening auction's PRR share, the minimum is $7; the winner pays into PRR's treasury "
        "(CE-3.3)")
    assert s.describe_action("pass") == (
        "Pass: drop out of the bidding for the opening auction's PRR share for good (CE-3.3)")
    s.apply("bid 7")
    assert s.describe_action("bid 8") == (
        "Bid $8 for the opening auction's PRR share, the smallest raise over the highest bid of $7; the winner "
        "pays into PRR's treasury (CE-3.3)")
    for _ in range(3):
        s.apply("pass")
    while s.phase != 1:  # the other three opening auctions: the opener takes each at its minimum
        s.apply(s.legal_actions()[1])
        for _ in range(3):
            s.apply("pass")
    mover = s.mover
    assert s.shares_held(mover, 0) == 1  # the PRR buyer moves first (CE-3.7) and may build for PRR
    assert s.describe_action("build PRR") == (
        f"Build track for PRR: place up to 3 of its trains, paid from its treasury of ${s.treasury[0]} (CE-6.1)")
    assert s.describe_action("forgo development") == (
        "Forgo the Development action: its pointer moves on, nothing else happens (CE-4.4)")
    assert s.describe_action("auction NYC") == (
        f"Auction an NYC share: you bid first, at least ${s.minimum_price(2)}; the money goes to NYC's treasury "
        "(CE-5.1)")
    s.apply("build PRR")
    place = next(a for a in s.legal_actions() if a.kind == "place")
    from ccg.games.chicago_express.board import BOARD
    h = BOARD.index[place.args[1]]
    assert s.describe_action(place).startswith("Place a PRR train on ")
    assert BOARD.ids[h] in s.describe_action(place) and s.describe_action(place).endswith("(CE-6.14)")
    assert s.describe_action("stop") == (
        "Stop building for PRR without placing a train, which forgoes the action (CE-6.2)")


def test_chicago_express_placements_cost_and_earn_what_they_say() -> None:
    checked = 0
    for seed in (1, 2, 3):
        s = ccg.new_game("chicago_express", players=4, seed=seed)
        rng = random.Random(seed)
        while not s.is_terminal():
            for a in s.legal_actions():
                m = re.search(r"for \$(\d+) from its treasury: (?:income \+(\d+)|no income change)",
                              s.describe_action(a))
                if a.kind == "place" and m:
                    c, after = s.build_company, s.child(a)
                    assert after.treasury[c] == s.treasury[c] - int(m[1])
                    assert after.income[c] == s.income[c] + int(m[2] or 0)
                    checked += 1
            s.apply(rng.choice(s.legal_actions()))
    assert checked > 50


def test_catan_descriptions_name_places_by_the_hexes_they_touch() -> None:
    s = ccg.new_game("catan", players=4, seed=1)
    b = s.board
    settle = s.legal_actions()[0]
    n = int(settle.args[0][1:])
    from ccg.games.catan.data import TERRAINS
    hexes = [f"{TERRAINS[b.terrain[h]]} {b.numbers0[h]}" if b.numbers0[h] else "the desert"
             for h in b.node_hexes[n]]
    text = s.describe_action(settle)
    assert text.startswith(f"Place your first settlement at {settle.args[0]}, on ") and text.endswith("(CAT-3.7)")
    assert all(h in text for h in hexes), (hexes, text)
    s.apply(settle)
    road = s.legal_actions()[0]
    assert s.describe_action(road).startswith(f"Place a road on {road.args[0]}, ")
    assert s.describe_action(road).endswith(", touching your new settlement (CAT-3.7)")
    # an oil springs turn: the oil moves say what they cost on the disaster track (OIL-6.2)
    o = ccg.new_game("catan", players=4, seed=1, scenario="oil_springs")
    while o.phase != 5 or not any(a.kind == "convert" for a in o.legal_actions()):
        acts = o.legal_actions()
        o.apply(next((a for a in acts if a.kind == "end"), acts[0]))
        assert not o.is_terminal()
    convert = next(a for a in o.legal_actions() if a.kind == "convert")
    assert o.describe_action(convert) == (
        f"Convert 1 oil into 2 {convert.args[0]}; the disaster marker moves from {o.marker} to {o.marker + 1} "
        "(OIL-6.2)")
    assert o.describe_action("end") in ("End your turn (CAT-4.4)", "End your turn: the disaster is played now (OIL-8.1)")


# ---- the contract -------------------------------------------------------------------------------------
def test_a_game_without_a_describe_module_gets_the_marked_fallback() -> None:
    s = ccg.new_game("toy", players=2, seed=1)
    d = s.describe_action_parts("roll")
    assert not d.described and d.rule == "" and d.notation == "roll"
    assert str(d) == s.describe_action("roll") == f'Play "roll" ({FALLBACK_NOTE})'


def test_describing_an_illegal_or_malformed_action_is_a_clear_error() -> None:
    s = ccg.new_game("chicago_express", players=4, seed=1)
    with pytest.raises(IllegalActionError, match="minimum"):
        s.describe_action("bid 1")
    with pytest.raises(IllegalActionError, match="not a legal action"):
        s.describe_action("fly to chicago")
    with pytest.raises(IllegalActionError):
        s.describe_action(Action("place", ("PRR", "H5")))
    with pytest.raises(IllegalActionError):
        s.describe_action(42)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="seat"):
        s.describe_action("bid 7", seat=9)
    # an Action built by hand without ``where`` is described as its legal twin
    assert s.describe_action(Action("bid", (7,))) == s.describe_action("bid 7")


def test_a_describe_module_must_give_a_sentence_and_a_rule(monkeypatch) -> None:
    import ccg.games.chicago_express.describe as module

    monkeypatch.setattr(module, "describe", lambda state, action: ("Bid", ""))
    s = ccg.new_game("chicago_express", players=4, seed=1)
    with pytest.raises(ValueError, match="must return"):
        s.describe_action("bid 7")


# ---- rule help --------------------------------------------------------------------------------------
def test_rules_text_reads_items_headings_and_table_rows() -> None:
    item = rules_text("CE-5.2")
    assert item.startswith("CE-5.2 Minimum price.") and "counting the share being auctioned" in item
    assert "**" not in item and "CE-5.3" not in item  # one rule, without markdown emphasis
    parent = rules_text("CO2-2.3")
    assert "CO2-2.3.4 2 CEP." in parent  # a rule's sub-rules and notes belong to it
    assert rules_text("CO2-6.1").startswith("CO2-6.1 Propose a project") and "CO2-6.1.6" in rules_text("CO2-6.1")
    assert "CO2-6.2.1" not in rules_text("CO2-6.1")  # a section ends at the next heading of its level
    assert rules_text("CO2-6.2.4.3") == "CO2-6.2.4.3\nSource: Cold Fusion\nInstallation reward: $5 + 1 resource"
    assert ccg.rules_text is rules_text


def test_an_unknown_rule_id_is_a_clear_error() -> None:
    with pytest.raises(UnknownRuleError, match=r"'CO2-6\.1\.9'.*Closest: CO2-6\.1\."):
        rules_text("CO2-6.1.9")
    with pytest.raises(KeyError, match="CAT-99"):
        rules_text("CAT-99")
    with pytest.raises(UnknownRuleError, match="rule id is text"):
        rules_text(6.1)  # type: ignore[arg-type]


def test_the_build_ships_the_digests_and_an_install_reads_them(tmp_path, monkeypatch) -> None:
    spec = importlib.util.spec_from_file_location("build_rules", ROOT / "build_rules.py")
    assert spec is not None and spec.loader is not None
    build_rules = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build_rules)
    copied = build_rules.copy_rules(ROOT / "docs" / "rules", tmp_path / "ccg" / "_rules")
    assert sorted(p.name for p in copied) == sorted(p.name for p in (ROOT / "docs" / "rules").glob("*.md"))
    source_text = rules_text("OIL-6.2")
    # an installed package reads its package data, not a checkout
    monkeypatch.setattr(rulebook, "PACKAGE_RULES", tmp_path / "ccg" / "_rules")
    monkeypatch.setattr(rulebook, "SOURCE_RULES", tmp_path / "no-checkout")
    assert rulebook.rules_dir() == tmp_path / "ccg" / "_rules"
    assert rules_text("OIL-6.2") == source_text
    (tmp_path / "ccg" / "_rules" / "co2.md").write_text("- **CO2-1.1** changed\n", encoding="utf-8")
    rulebook._rules.cache_clear()
    try:
        assert rules_text("CO2-1.1") == "CO2-1.1 changed"
    finally:
        rulebook._rules.cache_clear()
    with pytest.raises(FileNotFoundError, match="no rules digests"):
        build_rules.copy_rules(tmp_path / "empty", tmp_path / "out")


def test_pyproject_runs_the_copy_at_build_time() -> None:
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert 'build_py = "build_rules.BuildPy"' in text
    manifest = (ROOT / "MANIFEST.in").read_text(encoding="utf-8")
    assert "graft docs/rules" in manifest and "include build_rules.py" in manifest
