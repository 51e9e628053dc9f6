"""Choosing the language: ccg.set_language, the per-context ``lang`` block (threads, asyncio tasks),
lazy strings, and a browser's Accept-Language."""
from __future__ import annotations

import asyncio
import threading

import pytest

import ccg
from ccg.core import term
from ccg.i18n import (
    AVAILABLE,
    UnknownLanguageError,
    _,
    choose_language,
    get_language,
    html_lang,
    lang,
    language_names,
    lazy_pgettext,
    negotiate,
    ngettext,
    normalize,
    parse_accept_language,
    pgettext,
)


def test_english_is_the_default_and_the_source():
    assert get_language() == "en"
    assert pgettext("co2", "Africa") == "Africa"
    assert _("a message no catalog has") == "a message no catalog has"


def test_set_language_is_exported_and_sets_the_process_default():
    assert ccg.set_language("pl") == "pl"
    assert get_language() == "pl"
    assert term("catan", "resource", "oil") == "Ropa"
    assert ccg.set_language("zh-TW") == "zh_Hant"
    assert term("co2", "source", "fusion") == "冷融核"


@pytest.mark.parametrize("bad", ["de", "klingon", "", "zh-CN", "zh_Hans", None, 3])
def test_an_unknown_language_is_refused_with_the_available_ones_and_changes_nothing(bad):
    ccg.set_language("cs")
    with pytest.raises(UnknownLanguageError) as e:
        ccg.set_language(bad)
    for code in AVAILABLE:
        assert code in str(e.value)
    assert "čeština" in str(e.value) and "polski" in str(e.value)
    assert get_language() == "cs"
    if bad is not None:  # lang(None) keeps the current language
        with pytest.raises(UnknownLanguageError):
            with lang(bad):
                pass
    assert get_language() == "cs"


@pytest.mark.parametrize("code, expected", [
    ("cs", "cs"), ("cs-CZ", "cs"), ("CS_cz", "cs"), ("pl_PL", "pl"), ("en-GB", "en"), ("en_US", "en"),
    ("zh_Hant", "zh_Hant"), ("zh-Hant-HK", "zh_Hant"), ("zh-TW", "zh_Hant"), ("zh_HK", "zh_Hant"),
])
def test_common_spellings_of_a_language_are_accepted(code, expected):
    assert normalize(code) == expected


def test_a_lang_block_overrides_the_default_and_nests():
    ccg.set_language("pl")
    with lang("cs") as code:
        assert code == "cs" and term("co2", "region", "samerica") == "Jižní Amerika"
        with lang("zh_Hant"):
            assert term("co2", "region", "samerica") == "南美洲"
        with lang(None):  # keeps the current one
            assert get_language() == "cs"
        assert get_language() == "cs"
    assert get_language() == "pl"


def test_a_lang_block_is_left_in_its_language_even_when_an_error_leaves_it():
    with pytest.raises(RuntimeError):
        with lang("cs"):
            raise RuntimeError("boom")
    assert get_language() == "en"


def test_threads_speak_their_own_language_at_the_same_time():
    """One server, two tables: each thread's block holds while the other thread speaks another language."""
    barrier = threading.Barrier(2)
    seen: dict[str, list[str]] = {}

    def table(code: str) -> None:
        with lang(code):
            barrier.wait()
            first = term("chicago_express", "action", "build")
            barrier.wait()
            seen[code] = [first, term("chicago_express", "action", "build")]

    threads = [threading.Thread(target=table, args=(c,)) for c in ("cs", "pl")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert seen == {"cs": ["Stavba trati", "Stavba trati"], "pl": ["Budowa torów", "Budowa torów"]}
    assert get_language() == "en"


def test_asyncio_tasks_speak_their_own_language():
    async def page(code: str, ready: asyncio.Event, other: asyncio.Event) -> list[str]:
        with lang(code):
            out = [term("catan", "term", "champion")]
            ready.set()
            await other.wait()  # the other task is inside its own block now
            out.append(term("catan", "term", "champion"))
            return out

    async def main():
        a, b = asyncio.Event(), asyncio.Event()
        return await asyncio.gather(page("pl", a, b), page("zh_Hant", b, a))

    assert asyncio.run(main()) == [["Czempion Środowiska"] * 2, ["環境守護者"] * 2]


def test_a_new_thread_starts_in_the_process_default():
    ccg.set_language("pl")
    out = []
    with lang("cs"):
        t = threading.Thread(target=lambda: out.append(get_language()))
        t.start()
        t.join()
    assert out == ["pl"]


def test_a_lazy_string_is_translated_each_time_it_is_used():
    label = lazy_pgettext("co2", "Scientist")
    assert str(label) == "Scientist"
    with lang("cs"):
        assert str(label) == "Vědec"
    with lang("zh_Hant"):
        assert f"{label}" == "科學家"


def test_ngettext_follows_the_plural_rules_of_the_language():
    forms = {n: ngettext("%(num)s coin", "%(num)s coins", n) % {"num": n} for n in (1, 2, 5)}
    assert forms == {1: "1 coin", 2: "2 coins", 5: "5 coins"}
    with lang("pl"):
        assert [ngettext("%(num)s coin", "%(num)s coins", n) % {"num": n} for n in (1, 3, 5, 22, 25)] == [
            "1 moneta", "3 monety", "5 monet", "22 monety", "25 monet"]


@pytest.mark.parametrize("header, expected", [
    ("cs-CZ,cs;q=0.9,en;q=0.8", "cs"),
    ("de-DE,de;q=0.9,pl;q=0.5,en;q=0.3", "pl"),      # the first the server has
    ("en;q=0.4, zh-TW;q=0.9", "zh_Hant"),            # order by q, not by position
    ("zh-CN,zh;q=0.9,cs;q=0.1", "cs"),               # Simplified Chinese is not Traditional
    ("zh-Hant-HK", "zh_Hant"),
    ("pl;q=0, cs;q=0.5", "cs"),                       # q=0 means "not this one"
    ("*", "en"), ("", "en"), (None, "en"), ("fr, de", "en"), ("cs;q=abc, pl", "pl"),
])
def test_the_language_a_browser_asks_for(header, expected):
    assert negotiate(header) == expected


def test_negotiate_falls_back_to_the_given_default():
    assert negotiate("fr", default="pl") == "pl"
    with pytest.raises(UnknownLanguageError):
        negotiate("fr", default="fr")


def test_accept_language_is_parsed_in_order_of_preference():
    assert parse_accept_language("da, en-GB;q=0.8, en;q=0.7, *;q=0.1") == ["da", "en-GB", "en"]
    assert parse_accept_language("a;q=0.5, b, c;q=0.5") == ["b", "a", "c"]


def test_a_language_switch_names_each_language_in_itself_and_pages_carry_its_tag():
    assert language_names() == {"en": "English", "cs": "čeština", "pl": "polski", "zh_Hant": "中文 (繁體)"}
    assert [html_lang(c) for c in AVAILABLE] == ["en", "cs", "pl", "zh-Hant"]
    assert html_lang("zh-TW") == "zh-Hant"
    with pytest.raises(UnknownLanguageError):
        html_lang("xx")


def test_a_page_speaks_the_users_choice_then_the_remembered_one_then_the_browsers():
    browser = "pl-PL,pl;q=0.9"
    assert choose_language("cs", "zh_Hant", browser) == "cs"
    assert choose_language(None, "zh_Hant", browser) == "zh_Hant"
    assert choose_language("", None, browser) == "pl"
    assert choose_language(None, "xx", browser) == "pl"         # a stale cookie is passed over
    assert choose_language(None, None, None) == "en"
    assert choose_language(None, None, "fr", default="cs") == "cs"
    with pytest.raises(UnknownLanguageError, match="available"):
        choose_language("xx", "cs", browser)                   # an explicit bad choice is an error
