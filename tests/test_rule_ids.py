"""Every numbered rule is findable: cited by its id in ``ccg/`` or listed, with why, as not cited.

A rule id is defined in ``docs/rules/<game>.md`` where it opens a bold marker (``**CO2-10.4**``).
It counts as cited when the exact id appears in the package's code or data (``CO2-10.4.1`` does
not cite ``CO2-10.4``). Ids the code does not cite are listed in the document's section
``## Rules not cited in code`` as ``- `ID` — why`` (a glossary entry, a rule realised by a data
file, a rule the engine does not need to model, ...).
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from ccg.core import get_spec, list_games, rule_ids

ROOT = Path(__file__).resolve().parents[1]
DOCS = sorted(p for p in (ROOT / "docs" / "rules").glob("*.md") if p.name != "README.md")
# the prefixes every game declares (``GameSpec.rule_prefixes``): a new game's prefix needs no edit here
PREFIXES = sorted({p for name in list_games() for p in get_spec(name).rule_prefixes}, key=lambda p: (-len(p), p))
ANY_PREFIX = "(?:" + "|".join(map(re.escape, PREFIXES)) + ")"
RULE_ID = ANY_PREFIX + r"-(?:[0-9]+|[A-Z]+)(?:[.-][0-9A-Za-z]+)*"
DEFINED = re.compile(r"\*\*(" + RULE_ID + r")")
NOT_CITED_HEADING = "## Rules not cited in code"
LISTED = re.compile(r"^- `(" + RULE_ID + r")` — (\S.*)$", re.M)
RANGE = re.compile(r"\b" + ANY_PREFIX + r"-[0-9]+(?:\.[0-9]+)*-[0-9]+\b")
CODE_SUFFIXES = {".py", ".toml", ".json"}


def _code() -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in sorted((ROOT / "ccg").rglob("*"))
                     if p.suffix in CODE_SUFFIXES and p.is_file())


def _defined(text: str) -> list[str]:
    return sorted({m.rstrip(".") for m in DEFINED.findall(text)})


def _cited(rule_id: str, code: str) -> bool:
    return re.search(re.escape(rule_id) + r"(?![0-9A-Za-z]|[.-][0-9A-Za-z])", code) is not None


def _not_cited_section(text: str) -> dict[str, str]:
    if NOT_CITED_HEADING not in text:
        return {}
    section = text.split(NOT_CITED_HEADING, 1)[1].split("\n## ", 1)[0]
    return dict(LISTED.findall(section))


@pytest.fixture(scope="module")
def code() -> str:
    return _code()


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: p.stem)
def test_every_rule_is_cited_or_listed_with_why(doc: Path, code: str) -> None:
    text = doc.read_text(encoding="utf-8")
    defined = _defined(text)
    assert defined, f"{doc.name} defines no rule ids"
    listed = _not_cited_section(text)
    missing = [i for i in defined if not _cited(i, code) and i not in listed]
    assert not missing, (f"{len(missing)} of {len(defined)} rule ids of {doc.name} are neither cited in ccg/ "
                         f"nor listed under '{NOT_CITED_HEADING}': {missing}")
    stale = sorted(i for i in listed if _cited(i, code))
    assert not stale, f"{doc.name} lists as not cited ids that ccg/ cites: {stale}"
    unknown = sorted(set(listed) - set(defined))
    assert not unknown, f"{doc.name} lists ids it never defines: {unknown}"


def test_code_writes_rule_ids_out_never_as_ranges(code: str) -> None:
    ranges = sorted(set(RANGE.findall(code)))
    assert not ranges, f"rule-id ranges hide ids from grep, write each id out: {ranges}"


def test_every_rule_of_the_digests_has_a_prefix_a_game_declares() -> None:
    found = {i.split("-", 1)[0] for i in rule_ids()}
    assert found and found <= set(PREFIXES), f"ids with prefixes no GameSpec declares: {sorted(found - set(PREFIXES))}"
    for name in list_games():
        for prefix in get_spec(name).rule_prefixes:
            assert any(i.startswith(prefix + "-") for i in rule_ids(name)), f"{name}: no rule {prefix}-… is defined"


def test_the_checker_tells_cited_from_uncited() -> None:
    assert _cited("CO2-10.4", "see CO2-10.4: scoring")
    assert _cited("CO2-10.4", "(CO2-10.4).")
    assert not _cited("CO2-10.4", "CO2-10.4.1 only")
    assert not _cited("CO2-10.4", "CO2-10.45")
    assert _defined("- **CE-3.1 Order.** x **CO2-10.4** y") == ["CE-3.1", "CO2-10.4"]
    assert RANGE.findall("CO2-10.3-5 and CO2-DATA-01") == ["CO2-10.3-5"]
    section = f"{NOT_CITED_HEADING}\n\n- `CO2-1.1` — a glossary entry\n\n## Next\n- `CO2-1.2` — no"
    assert _not_cited_section(section) == {"CO2-1.1": "a glossary entry"}
