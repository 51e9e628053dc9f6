"""The game names a UI looks up: one for every id the engines use, English equal to the rules' and the
data's names, translated with the rulebooks' own terms."""
from __future__ import annotations

import csv
import json
import pkgutil
import re
from pathlib import Path

import pytest

from ccg.core import game_title, get_spec, kinds, rule_title, term
from ccg.games.catan.data import DEV_TYPES, GOODS, TERRAINS
from ccg.games.chicago_express.actions import METERS
from ccg.games.chicago_express.board import COMPANIES
from ccg.games.co2.data import (
    DEFAULT_PATH,
    FOSSILS,
    GRANTS,
    PRESETS,
    REGION_IDS,
    SOURCE_NAMES,
    SOURCES,
    load_components,
)
from ccg.i18n import lang

ROOT = Path(__file__).resolve().parents[2]
CE_BOARD = json.loads((ROOT / "ccg/games/chicago_express/data/board.json").read_text(encoding="utf-8"))
GAMES = ("co2", "chicago_express", "catan")
TERMS = {game: get_spec(game).glossary.terms for game in GAMES}  # each game's own glossary.py


def test_every_game_of_ccg_declares_its_words():
    """Each game's glossary.py, on its spec: a translated title, names of its things, titles of its rules' sections
    (for every prefix it declares)."""
    import ccg.games

    assert sorted(GAMES) == sorted(m.name for m in pkgutil.iter_modules(ccg.games.__path__) if m.ispkg)
    for game in GAMES:
        spec = get_spec(game)
        assert spec.glossary.title is not None and spec.glossary.terms
        assert {rule.split("-")[0] for rule in spec.glossary.rule_titles} == set(spec.rule_prefixes)


@pytest.mark.parametrize("game, kind, ids", [
    ("co2", "region", REGION_IDS), ("co2", "source", SOURCES), ("co2", "fossil", FOSSILS),
    ("co2", "grant", GRANTS), ("co2", "preset", PRESETS),
    ("co2", "summit", [name for name, _ in load_components(DEFAULT_PATH).summits]),
    ("chicago_express", "company", COMPANIES), ("chicago_express", "action", METERS),
    ("chicago_express", "terrain", sorted({h["terrain"] for h in CE_BOARD["hexes"].values()})),
    ("chicago_express", "city", sorted({h["name"] for h in CE_BOARD["hexes"].values() if h.get("name")})),
    ("catan", "resource", GOODS), ("catan", "terrain", TERRAINS), ("catan", "devcard", DEV_TYPES),
])
def test_there_is_a_name_for_every_id_the_engine_uses(game, kind, ids):
    assert sorted(TERMS[game][kind]) == sorted(ids)


def test_the_english_names_are_the_ones_the_code_and_data_show():
    assert [term("co2", "source", s) for s in SOURCES] == list(SOURCE_NAMES)
    components = load_components(DEFAULT_PATH)
    assert [term("co2", "region", r) for r in components.regions] == list(components.region_names)
    assert [term("chicago_express", "city", n) for n in TERMS["chicago_express"]["city"]] == list(
        TERMS["chicago_express"]["city"])
    import ccg

    for game in TERMS:
        assert game_title(game) == ccg.describe(game)["title"]


@pytest.mark.parametrize("code, game, kind, key, expected", [
    # the Czech CO2 rulebook
    ("cs", "co2", "source", "reforestation", "Zalesnění"), ("cs", "co2", "term", "cep", "EP"),
    ("cs", "co2", "term", "expertise", "Odbornost"), ("cs", "co2", "action", "install", "Instalace projektu"),
    # the Czech Chicago Express rulebook
    ("cs", "chicago_express", "action", "auction", "Dražba"), ("cs", "chicago_express", "term", "house", "Domeček"),
    ("cs", "chicago_express", "term", "minimum_bid", "Vyvolávací cena"),
    ("cs", "chicago_express", "city", "Philadelphia", "Philadelphie"),
    # the Polish Oil Springs rulebook
    ("pl", "catan", "term", "oil_spring", "Pole naftowe"), ("pl", "catan", "piece", "metropolis", "Metropolia"),
    ("pl", "catan", "term", "champion", "Czempion Środowiska"), ("pl", "catan", "devcard", "plenty", "Wynalazek"),
    ("pl", "catan", "resource", "ore", "Kamień"),
    # the Chinese CO2 summary
    ("zh_Hant", "co2", "source", "fusion", "冷融核"), ("zh_Hant", "co2", "term", "lobby_card", "議案卡"),
    ("zh_Hant", "co2", "term", "free_step", "副行動"), ("zh_Hant", "co2", "region", "africa", "非洲"),
])
def test_the_rulebooks_own_terms(code, game, kind, key, expected):
    with lang(code):
        assert term(game, kind, key) == expected


def test_a_word_is_translated_by_its_game():
    with lang("zh_Hant"):
        assert term("co2", "fossil", "oil") == "燃油"
        assert term("catan", "resource", "oil") == "石油"
    with lang("cs"):
        assert term("chicago_express", "term", "bank") == "Banka"  # the CE rulebook: "z banky"
        assert term("co2", "term", "bank") == "Bank"                # the CO2 rulebook: "Vytvořte bank"


@pytest.mark.parametrize("code", ["cs", "pl", "zh_Hant"])
def test_a_name_left_in_english_is_a_city_or_kept_so_by_the_glossary(code):
    """CO2, CEP, Region, Wabash …: a name may read as in English only where the glossary says the
    language's edition keeps it (or it is a city: of the Chicago Express map, or a CO2 summit's host)."""
    with open(ROOT / "ccg/locale" / code / "glossary.tsv", encoding="utf-8", newline="") as f:
        kept = {(r["game"], r["term"].lower()) for r in csv.DictReader(f, delimiter="\t", quoting=csv.QUOTE_NONE)
                if r["translation"].lower() == r["term"].lower()}
    unexplained = []
    for game, table in TERMS.items():
        for kind, names in table.items():
            for key in names:
                english = term(game, kind, key)
                with lang(code):
                    same = term(game, kind, key) == english
                if same and kind not in ("city", "summit") and (game, english.lower()) not in kept:
                    unexplained.append((game, kind, key))
    assert not unexplained


def test_unknown_names_are_refused_clearly():
    with pytest.raises(ValueError, match="unknown game 'monopoly'.*Known:"):
        term("monopoly", "region", "africa")
    with pytest.raises(ValueError, match="kinds:.*region"):
        term("co2", "regions", "africa")
    with pytest.raises(ValueError, match="known:.*africa"):
        term("co2", "region", "antarctica")
    assert "region" in kinds("co2")


def _doc_headings() -> dict[str, str]:
    """Rule id → heading text of every numbered section of the rules digests."""
    heading = re.compile(r"^#{2,3} ([A-Z][A-Z0-9]*-[0-9.]+) (.+)$")
    found = {}
    for path in (ROOT / "docs" / "rules").glob("*.md"):
        for line in path.read_text(encoding="utf-8").splitlines():
            m = heading.match(line)
            if m:
                found[m.group(1)] = m.group(2)
    return found


@pytest.mark.parametrize("game", GAMES)
def test_rule_titles_are_the_rules_digests_headings(game):
    headings = _doc_headings()
    for rule_id, title in get_spec(game).glossary.rule_titles.items():
        assert rule_id in headings, f"{rule_id} is no section of docs/rules"
        assert headings[rule_id].startswith(str(title)), (rule_id, headings[rule_id], str(title))


def test_a_rule_is_named_by_the_section_that_holds_it():
    assert rule_title("CO2-6.3.7") == "Build a power plant"
    assert rule_title("CO2-4.1") == "Supply phase"
    assert rule_title("OIL-8.4") == "Disaster phase"
    with lang("cs"):
        assert rule_title("CO2-17.3.2") == "Varianta pro jednoho hráče"   # the Czech rulebook's heading
        assert rule_title("CE-9.2") == "Fáze rozdělování dividend"
    with lang("pl"):
        assert rule_title("OIL-9") == "Sekwestracja i Czempion Środowiska"
        assert rule_title("OIL-13.1") == "Zróżnicowane ustawienie początkowe"
    with lang("zh_Hant"):
        assert rule_title("CO2-7") == "副行動"


@pytest.mark.parametrize("bad", ["CO2-0.1", "CAT-13.2", "CE-D.1", "co2-6.1", "CO2 6.1", "", None, "OIL-99", "XYZ-1"])
def test_a_rule_without_a_titled_section_is_refused(bad):
    with pytest.raises(ValueError, match="rule"):
        rule_title(bad)
