"""The catalogs: complete, not fuzzy, placeholders intact, in step with the code, compiled faithfully, and
using the glossaries' terms."""
from __future__ import annotations

import csv
import os
import re
import tomllib
from fnmatch import fnmatch
from gettext import c2py
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po
from babel.support import Translations

from ccg.i18n import AVAILABLE, SOURCE, catalogs

ROOT = Path(__file__).resolve().parents[2]
LANGS = [code for code in AVAILABLE if code != SOURCE]
# the keywords of `make i18n-update` (Makefile BABEL_KEYWORDS plus Babel's defaults)
KEYWORDS = {
    "_": None, "gettext": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2), "npgettext": ((1, "c"), 2, 3),
    "N_": None, "lazy_gettext": None, "lazy_ngettext": (1, 2), "lazy_pgettext": ((1, "c"), 2), "_p": ((1, "c"), 2),
    "NP_": ((1, "c"), 2),
}
PLACEHOLDER = re.compile(r"%\([A-Za-z_]\w*\)[sdifr]|%[sdifr]|\{[A-Za-z_]\w*(?:![rsa])?(?::[^{}]*)?\}|\{\d*\}")


def _ids(msg) -> tuple[str, ...]:
    return msg.id if isinstance(msg.id, tuple) else (msg.id,)


def _strings(msg) -> tuple[str, ...]:
    return msg.string if isinstance(msg.string, tuple) else (msg.string,)


def _messages(code: str):
    return [m for m in catalogs.read_catalog(code) if m.id]


def _key(msg) -> tuple[str | None, str]:
    return (msg.context, _ids(msg)[0])


@pytest.fixture(scope="module")
def template():
    with open(catalogs.LOCALE_DIR / "ccg.pot", "rb") as f:
        return {_key(m): m for m in read_po(f) if m.id}


@pytest.mark.parametrize("code", LANGS)
def test_every_message_is_translated_and_none_is_fuzzy(code):
    cat = catalogs.read_catalog(code)
    assert not cat.fuzzy, f"{code}: the catalog header is marked fuzzy"
    bad = [f"{_key(m)}: {'fuzzy' if m.fuzzy else 'untranslated'}" for m in _messages(code)
           if m.fuzzy or not all(s.strip() for s in _strings(m))]
    assert not bad, f"{code}:\n" + "\n".join(bad)


@pytest.mark.parametrize("code", LANGS)
def test_placeholders_are_the_same_in_every_translation(code):
    bad = []
    for m in _messages(code):
        wanted = sorted(PLACEHOLDER.findall(_ids(m)[0]))
        assert all(sorted(PLACEHOLDER.findall(i)) == wanted for i in _ids(m)), f"source forms differ: {m.id}"
        for s in _strings(m):
            if sorted(PLACEHOLDER.findall(s)) != wanted:
                bad.append(f"{_key(m)}: {s!r} has {sorted(PLACEHOLDER.findall(s))}, the source {wanted}")
    assert not bad, f"{code}:\n" + "\n".join(bad)


@pytest.mark.parametrize("code", LANGS)
def test_babel_finds_no_error_in_the_catalog(code):
    """What `pybabel compile` (``make catalogs``) checks: e.g. a message Babel takes for python-format ("95 % i…"
    reads as a ``% i`` conversion) whose translation lacks that conversion fails to compile."""
    errors = [f"{_key(m)}: {[str(e) for e in errs]}" for m, errs in catalogs.read_catalog(code).check()]
    assert not errors, f"{code}:\n" + "\n".join(errors)


@pytest.mark.parametrize("code", LANGS)
def test_plural_messages_have_every_form_of_the_language(code):
    forms = catalogs.read_catalog(code).num_plurals
    assert forms == {"cs": 3, "pl": 3, "zh_Hant": 1}[code]
    for m in _messages(code):
        if m.pluralizable:
            assert len(_strings(m)) == forms, f"{code}: {_key(m)} has {len(_strings(m))} forms, the language {forms}"


def test_the_template_holds_every_message_the_code_marks(template):
    marked = {(ctx, msg if isinstance(msg, str) else msg[0])
              for _, _, msg, _, ctx in extract_from_dir(str(ROOT / "ccg"), method_map=[("**.py", "python")],
                                                        keywords=KEYWORDS)}
    assert marked, "no message marked for translation in ccg/"
    assert marked == set(template), (
        "run `make i18n-update`: the template misses " + repr(sorted(marked - set(template), key=str)[:10])
        + " and holds stale " + repr(sorted(set(template) - marked, key=str)[:10]))


@pytest.mark.parametrize("code", LANGS)
def test_each_catalog_holds_exactly_the_template_messages(code, template):
    assert {_key(m) for m in _messages(code)} == set(template)
    assert not catalogs.read_catalog(code).obsolete, f"{code}: obsolete (#~) messages left by `pybabel update`"


@pytest.mark.parametrize("code", LANGS)
def test_the_compiled_catalog_says_what_the_po_says(code):
    """The .mo the set-up compiled (as `make catalogs` does) answers every message, each plural form included."""
    mo = catalogs.mo_path(code)
    assert mo.exists() and mo.stat().st_mtime >= catalogs.po_path(code).stat().st_mtime
    with open(mo, "rb") as f:
        compiled = Translations(f, domain=catalogs.DOMAIN)
    po = catalogs.read_catalog(code)
    plural_index = c2py(po.plural_expr)
    for m in _messages(code):
        if m.pluralizable:
            for n in (0, 1, 2, 3, 4, 5, 12, 22, 101):
                got = (compiled.npgettext(m.context, *m.id, n) if m.context else compiled.ngettext(*m.id, n))
                assert got == _strings(m)[plural_index(n)], (code, m.id, n)
        else:
            got = compiled.pgettext(m.context, m.id) if m.context else compiled.gettext(m.id)
            assert got == m.string, (code, m.context, m.id)


def test_a_missing_or_stale_mo_is_not_used(tmp_path, monkeypatch):
    """Without a .mo, or with one older than its .po, the .po is compiled in memory."""
    (tmp_path / "cs" / "LC_MESSAGES").mkdir(parents=True)
    po = tmp_path / "cs" / "LC_MESSAGES" / "ccg.po"
    po.write_bytes(catalogs.po_path("cs").read_bytes())
    monkeypatch.setattr(catalogs, "LOCALE_DIR", tmp_path)
    catalogs.translations.cache_clear()
    try:
        assert catalogs.translations("cs").pgettext("co2", "Africa") == "Afrika"
        stale = catalogs.mo_path("cs")
        stale.write_bytes(b"not a catalog")
        os.utime(stale, (1, 1))  # older than the .po
        catalogs.translations.cache_clear()
        assert catalogs.translations("cs").pgettext("co2", "Africa") == "Afrika"
        assert catalogs.compile_catalogs(only_missing=True, languages=["cs"]) == [stale]
        assert catalogs.compile_catalogs(only_missing=True, languages=["cs"]) == []
        with pytest.raises(FileNotFoundError, match="pl"):
            catalogs.compile_catalogs(languages=["pl"])
    finally:
        catalogs.translations.cache_clear()


def test_the_package_ships_catalogs_and_glossaries():
    patterns = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]["*"]
    for name in ("ccg.po", "ccg.mo", "glossary.tsv", "ccg.pot"):
        assert any(fnmatch(name, p) for p in patterns), f"{name} is not package data"
    assert "*.mo" in (ROOT / ".gitignore").read_text().split()


# ---- glossaries


def glossary(code: str) -> list[dict[str, str]]:
    with open(catalogs.LOCALE_DIR / code / "glossary.tsv", encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f, delimiter="\t", quoting=csv.QUOTE_NONE))


@pytest.mark.parametrize("code", LANGS)
def test_a_glossary_row_names_its_game_term_translation_and_source(code):
    rows = glossary(code)
    assert len(rows) >= 100
    for r in rows:
        assert set(r) == {"game", "term", "translation", "where"}, r
        assert r["game"] in ("co2", "chicago_express", "catan"), r
        assert r["term"].strip() and r["translation"].strip() and r["where"].strip(), r
    keys = [(r["game"], r["term"].lower()) for r in rows]
    assert len(keys) == len(set(keys)), "a term appears twice"


def test_every_language_has_a_glossary_row_for_the_same_terms():
    terms = {code: [(r["game"], r["term"]) for r in glossary(code)] for code in LANGS}
    assert terms["cs"] == terms["pl"] == terms["zh_Hant"]


def _stem(word: str) -> str:
    """A crude stem for Czech and Polish, whose endings change with case and number: a word without its last
    two letters (three in words longer than six: naukowiec → naukowcy), never shorter than three."""
    return word[: max(3, len(word) - (3 if len(word) > 6 else 2))] if len(word) > 3 else word


def uses_term(translation: str, term: str, code: str) -> bool:
    """Whether a translated message holds a glossary translation (by word stems in Czech and Polish)."""
    text = translation.lower()
    if code.startswith("zh"):
        return term.lower() in text
    return all(_stem(w) in text for w in term.lower().split())


def glossary_misses(code: str, messages) -> list[str]:
    """Messages whose source names a glossary term (longest terms first) and whose translation lacks its
    translation. A message's context (the game) picks the game's terms; a message without one is checked
    against the terms every game translates alike."""
    rows = glossary(code)
    misses = []
    for m in messages:
        source = _ids(m)[0]
        games = {m.context} if m.context else {r["game"] for r in rows}
        candidates = sorted((r for r in rows if r["game"] in games), key=lambda r: -len(r["term"]))
        if not m.context:  # only terms every game names, and translates alike ("share" is Chicago Express's only)
            alike: dict[str, set[str]] = {}
            named: dict[str, set[str]] = {}
            for r in rows:
                alike.setdefault(r["term"].lower(), set()).add(r["translation"])
                named.setdefault(r["term"].lower(), set()).add(r["game"])
            every = {r["game"] for r in rows}
            candidates = [r for r in candidates
                          if len(alike[r["term"].lower()]) == 1 and named[r["term"].lower()] == every]
        free = PLACEHOLDER.sub(lambda x: "\0" * len(x.group()), source)  # "{region}" names no term: it is a value
        for r in candidates:
            pattern = re.compile(r"\b" + re.escape(r["term"]) + r"(s|es)?\b", re.IGNORECASE)
            if pattern.search(free):
                free = pattern.sub(lambda x: "\0" * len(x.group()), free)
                for s in _strings(m):
                    if not uses_term(PLACEHOLDER.sub(" ", s), r["translation"], code):
                        misses.append(f"{_key(m)}: {s!r} lacks {r['translation']!r} ({r['term']!r})")
    return misses


@pytest.mark.parametrize("code", LANGS)
def test_the_catalog_uses_the_glossary_terms(code):
    misses = glossary_misses(code, _messages(code))
    assert not misses, f"{code}:\n" + "\n".join(misses)


def test_the_glossary_check_catches_a_translation_off_the_glossary():
    from babel.messages.catalog import Message

    wrong = [Message("Install a project", "Montáž projektu", context="co2"),
             Message("Scientist", "Badatel", context="co2"),
             Message("Oil spring", "Naftový vrt", context="catan")]
    right = [Message("Build a power plant", "Stavba elektrárny", context="co2"),
             Message("Scientists", "Vědci", context="co2")]
    assert len(glossary_misses("cs", wrong)) == 3
    assert glossary_misses("cs", right) == []
    assert glossary_misses("zh_Hant", [Message("Oil spring", "石油泉", context="catan")])
