"""The move descriptions in every language: whole random games where every legal action, described inside
``with lang(code):``, is a translated sentence with the English one's rule id, and exact texts of typical moves."""
from __future__ import annotations

import random
import re

import pytest

import ccg
from ccg.core.registry import get_spec
from ccg.i18n import AVAILABLE, SOURCE, lang

LANGS = [code for code in AVAILABLE if code != SOURCE]
GAMES = ("co2", "chicago_express", "catan")
SEEDS = (1, 2)
# what a translation must not keep: a placeholder, a %-format or a doubled brace left unfilled
LEFTOVER = re.compile(r"[{}]|%\(|%[sd]\b")


def _walk(game: str, seed: int, config: dict):
    """The positions of one whole random game (seeded), each before its move."""
    state = ccg.new_game(game, seed=seed, **config)
    rng = random.Random(seed)
    for _ in range(get_spec(game).max_actions):
        if state.is_terminal():
            return
        yield state
        state.apply(rng.choice(state.legal_actions()))
    raise AssertionError(f"{game} {config} seed {seed} did not finish")


@pytest.mark.parametrize("game", GAMES)
def test_every_legal_action_of_whole_games_is_described_in_every_language(game: str) -> None:
    spec = get_spec(game)
    configs = spec.conformance_configs[:2]
    kinds: dict[str, set[str]] = {code: set() for code in LANGS}
    for config in configs:
        for seed in SEEDS[: 1 if game == "catan" else 2]:
            for state in _walk(game, seed, config):
                actions = state.legal_actions()
                english = [state.describe_action_parts(a) for a in actions]
                for code in LANGS:
                    with lang(code):
                        texts = [state.describe_action_parts(a) for a in actions]
                    seen: dict[str, str] = {}
                    for a, en, tr in zip(actions, english, texts):
                        where = f"{code} {game} ply {state.ply} {str(a)!r}: {tr.text!r}"
                        assert tr.text.strip() and tr.rule == en.rule and tr.notation == en.notation, where
                        assert tr.text != en.text, f"{where} is the English sentence"
                        assert not LEFTOVER.search(tr.text), f"{where} keeps a placeholder"
                        assert tr.text not in seen, f"{where}: the same words as {seen[tr.text]!r}"
                        seen[tr.text] = str(a)
                        kinds[code].add(a.kind)
    for code in LANGS:  # the walk reached most kinds of move (the sample is not just the set-up)
        assert len(kinds[code]) >= 5, (code, sorted(kinds[code]))


def test_the_description_follows_the_current_language_and_english_stays_the_default() -> None:
    s = ccg.new_game("chicago_express", players=4, seed=1)
    english = s.describe_action("bid 7")
    ccg.set_language("cs")
    try:
        assert s.describe_action("bid 7").startswith("Nabídni 7\xa0$")
        with lang("zh_Hant"):
            assert s.describe_action("bid 7").startswith("為開局拍賣的PRR公司股份出價$7")
    finally:
        ccg.set_language("en")
    assert s.describe_action("bid 7") == english


# ---- exact texts of typical moves


def _in(code: str, state, action) -> str:
    with lang(code):
        return state.describe_action(action)


def test_chicago_express_typical_moves_in_every_language() -> None:
    s = ccg.new_game("chicago_express", players=4, seed=1)
    assert {code: _in(code, s, "bid 7") for code in LANGS} == {
        "cs": "Nabídni 7\xa0$ za akcii společnosti PRR v úvodní dražbě, minimum je 7\xa0$; vítěz platí do hotovosti "
              "společnosti PRR (CE-3.3)",
        "pl": "Zaoferuj 7\xa0$ za akcję spółki PRR w licytacji otwierającej, minimum to 7\xa0$; zwycięzca płaci do "
              "skarbca spółki PRR (CE-3.3)",
        "zh_Hant": "為開局拍賣的PRR公司股份出價$7，最低為$7；得標者付款至PRR的公司資金 (CE-3.3)",
    }
    s.apply("bid 7")
    for _ in range(3):
        s.apply("pass")
    while s.phase != 1:  # the other opening auctions: the opener takes each at its minimum
        s.apply(s.legal_actions()[1])
        for _ in range(3):
            s.apply("pass")
    treasury = s.treasury[0]
    assert {code: _in(code, s, "build PRR") for code in LANGS} == {
        "cs": f"Stav trať pro společnost PRR: umísti až 3 její lokomotivy, placené z její hotovosti ({treasury}\xa0$) "
              "(CE-6.1)",
        "pl": f"Budowa torów dla spółki PRR: postaw do 3 jej lokomotyw, opłaconych ze skarbca spółki ({treasury}\xa0$) "
              "(CE-6.1)",
        "zh_Hant": f"為PRR公司鋪設鐵路：最多放置3輛火車，費用由公司資金（${treasury}）支付 (CE-6.1)",
    }
    assert _in("cs", s, "forgo development") == (
        "Vzdej se akce „Rozvoj“: její ručička se posune dál, nic dalšího se nestane (CE-4.4)")
    assert _in("pl", s, "auction NYC").startswith("Wystaw na licytację akcję spółki NYC: oferujesz pierwszy")
    s.apply("build PRR")
    assert _in("cs", s, "stop") == "Ukonči stavbu pro společnost PRR bez umístění lokomotivy, čímž se vzdáváš akce (CE-6.2)"
    assert _in("zh_Hant", s, "stop") == "不放置火車即結束為PRR公司的建設，即放棄此行動 (CE-6.2)"


def test_co2_typical_moves_in_every_language() -> None:
    s = ccg.new_game("co2", players=4, seed=1)
    assert {code: _in(code, s, "propose solar namerica money") for code in LANGS} == {
        "cs": "Navrhni projekt Solární energie v regionu Severní Amerika na poli „peníze“ a získej jeho grant: 4\xa0$ "
              "(CO2-6.1.1)",
        "pl": "Zaproponuj projekt Energia słoneczna w regionie Ameryka Północna na polu „pieniądze” i otrzymaj "
              "dotację: 4\xa0$ (CO2-6.1.1)",
        "zh_Hant": "在北美洲地區的「錢」格訂定太陽能計劃，獲得其輔助：$4 (CO2-6.1.1)",
    }
    assert {code: _in(code, s, "buy") for code in LANGS} == {
        "cs": "Kup 1 EP na trhu za 3\xa0$ (CO2-7.2.3)", "pl": "Kup 1 CEP na rynku za 3\xa0$ (CO2-7.2.3)",
        "zh_Hant": "以$3在市場購買1個CEP (CO2-7.2.3)",
    }
    from ccg.games.co2.describe import location_words
    from ccg.games.co2.scientists import SUMMIT_SLOT0

    assert s.components.summits[s.summit[0]][0] == "Berlin"  # summits named in each language's spelling
    with lang("cs"):
        assert location_words(s, SUMMIT_SLOT0) == "místo Studená fúze na summitu Berlín"
    with lang("zh_Hant"):
        assert location_words(s, SUMMIT_SLOT0) == "柏林高峰會的冷融核席位"
    s.apply("propose solar namerica research")
    s.apply("scientist hand")
    assert _in("pl", s, "to namerica.research") == (
        "Przesuń swojego naukowca: twoja ręka → projekt Energia słoneczna na polu „współpraca badawcza” w regionie "
        "Ameryka Północna (CO2-8.3.1)")
    s.apply("to namerica.research")
    s.apply("end")
    assert _in("cs", s, "install namerica research") == (
        "Instaluj projekt Solární energie na poli „výzkumná spolupráce“ v regionu Severní Amerika: zaplať 1 EP, "
        f"získej 3 technické prostředky; vědec hráče {s.occupant[s.components.regions.index('namerica') * 3 + 2]} odtud "
        "je vytlačen a hráč dostane 1\xa0$ (CO2-6.2.4.2)")


def test_co2_plurals_and_secrets_in_every_language() -> None:
    from ccg.games.co2.tasks import GoalChoice

    s = ccg.new_game("co2", players=2, seed=1, draft=True)
    other = 1 - s.current_player
    with lang("zh_Hant"):
        assert str(s.describe_action_parts("keep 3", seat=other)) == "從輪抽牌組保留一張議案卡，其餘傳給下家 (CO2-2.18.1)"
    with lang("cs"):
        assert s.describe_action("keep 3") == (
            "Ponech si kartu Lobby 3 (hlavní: +3\xa0$ za návrh v regionu Evropa; vedlejší: vezmi si 1 EP z trhu) a "
            "zbytek pošli dál (CO2-2.18.1)")
    base = ccg.new_game("co2", players=4, seed=1)
    base.tasks.append(GoalChoice(base.current_player, 9))
    base.mark_edited()
    assert _in("pl", base, "goal score") == "Zapunktuj swój cel firmy za 9 PZ (CO2-15.3.1)"
    assert _in("cs", base, "goal coins") == "Vyměň svůj cíl společnosti za 8\xa0$ místo vyhodnocení (CO2-15.3.1)"


def test_catan_typical_moves_in_every_language() -> None:
    s = ccg.new_game("catan", players=4, seed=1)
    settle = s.legal_actions()[0]
    node = settle.args[0]
    english = s.describe_action(settle)  # "Place your first settlement at N0, on mountains 10, at a 3:1 harbour"
    assert english == f"Place your first settlement at {node}, on mountains 10, at a 3:1 harbour (CAT-3.7)"
    assert {code: _in(code, s, settle) for code in LANGS} == {
        "cs": f"Polož svou první osadu na {node} (hory 10), u přístavu 3:1 (CAT-3.7)",
        "pl": f"Połóż swoją pierwszą osadę na {node} (góry 10), przy porcie 3:1 (CAT-3.7)",
        "zh_Hant": f"將你的第一個村莊放在{node}（山脈 10），位於3:1港口 (CAT-3.7)",
    }
    o = ccg.new_game("catan", players=4, seed=1, scenario="oil_springs")
    while o.phase != 5 or not any(a.kind == "convert" for a in o.legal_actions()):
        acts = o.legal_actions()
        o.apply(next((a for a in acts if a.kind == "end"), acts[0]))
    convert = next(a for a in o.legal_actions() if a.kind == "convert" and len(a.args) == 1)
    assert convert.args == ("lumber",), convert  # this seed's first conversion
    m = o.marker
    assert {code: _in(code, o, convert) for code in LANGS} == {
        "cs": f"Přeměň 1 ropu na 2× dřevo; ukazatel katastrof se posune z {m} na {m + 1} (OIL-6.2)",
        "pl": f"Zamień 1 ropę na 2× drewno; znacznik katastrofy przesuwa się z {m} na {m + 1} (OIL-6.2)",
        "zh_Hant": f"將1個石油轉換為2個木材；災難標記從{m}移到{m + 1} (OIL-6.2)",
    }
    s.apply(settle)
    road = s.legal_actions()[0]
    assert _in("cs", s, road) == f"Polož silnici na {road.args[0]} (pobřeží: hory 10), u své nové osady (CAT-3.7)"
    assert _in("pl", s, road) == f"Połóż drogę na {road.args[0]} (wybrzeże: góry 10), przy swojej nowej osadzie (CAT-3.7)"
    assert _in("zh_Hant", o, "end") in ("結束你的回合 (CAT-4.4)", "結束你的回合：現在結算災難 (OIL-8.1)")


def test_the_fallback_and_a_secret_without_its_own_words_are_translated(monkeypatch) -> None:
    toy = ccg.new_game("toy", players=2, seed=1)
    with lang("pl"):
        d = toy.describe_action_parts("roll")
    assert d.text == "Zagraj „roll” (bez opisu: ta gra nie deklaruje modułu opisów)" and not d.described
    import ccg.games.co2.describe as module

    monkeypatch.delattr(module, "describe_secret")
    s = ccg.new_game("co2", players=2, seed=1, draft=True)
    with lang("cs"):
        hidden = s.describe_action_parts("keep 3", seat=1 - s.current_player)
    assert str(hidden) == "Tajná volba, kterou vidí jen hráč, který ji činí (CO2-2.18.1)"


def test_rule_help_is_headed_by_the_translated_section_title_and_its_text_stays_english() -> None:
    from ccg.core import rule_ids, rules_text

    english = rules_text("CE-5.2")
    assert english.startswith("CE-5.2 Minimum price.")
    with lang("cs"):
        assert rules_text("CE-5.2") == "Akce dražba\n" + english
    build = rules_text("CO2-6.3.5")
    with lang("zh_Hant"):
        assert rules_text("CO2-6.3.5") == "建造電廠\n" + build
    untitled = "CO2-0.2"  # the digest's conventions: no section title a player reads
    assert untitled in rule_ids()
    conventions = rules_text(untitled)
    with lang("pl"):
        assert rules_text(untitled) == conventions
        assert rules_text("OIL-6.2").startswith("Używanie ropy\nOIL-6.2 ")
