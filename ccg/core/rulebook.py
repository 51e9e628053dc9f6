"""Rule help: the text of a numbered rule (``CO2-6.1.1``, ``CE-5.4``, ``CAT-8.3``, ``OIL-6.2``) from the digests.

The digests are ``docs/rules/*.md`` in the repository, the one copy that is edited. An installed package
carries them as package data, ``ccg/_rules/*.md``, copied there at build time by ``build_rules.py``
(``[tool.setuptools.cmdclass]`` in pyproject.toml), so the text is the same in a wheel and in a checkout.
At run time the package data is read if present, else the checkout's ``docs/rules``. A game installed outside
ccg keeps its own digest as package data and names it on its ``GameSpec`` (``rules_digest``), with the
prefixes of its ids (``rule_prefixes``): :func:`rule_ids` of that game and :func:`rules_text` read it.

A rule is defined where its id opens a bold marker in a list item (``- **CO2-6.1.1** …``: the item with
everything indented under it, its sub-rules and notes included), a heading (``### CO2-6.1 Propose a
project``: the section up to the next heading of the same or a higher level), or the first cell of a table
row (``| CO2-6.2.4.1 | Reforestation | 2 CEP … |``: the row read against the table's header).

The digests are English, and so is a rule's text in every language; in another language than English the
text is headed by the translated title of the section that holds the rule (:func:`rule_title`, from the
glossary of the game that declares the id's prefix).
"""
from __future__ import annotations

import difflib
import importlib.resources
import re
import sys
from collections.abc import Iterator
from functools import lru_cache
from pathlib import Path

from ccg.i18n import SOURCE, get_language

from .registry import GameSpec, game_module, get_spec, list_games

__all__ = ["RULE_ID", "UnknownRuleError", "declared_rule_ids", "rule_ids", "rule_title", "rules_dir", "rules_text"]

# a game's own prefix (CO2, CE, CAT, OIL, … a new game brings its own), then numbers or a capital word
RULE_ID = r"[A-Z][A-Z0-9]*-(?:[0-9]+|[A-Z]+)(?:[.-][0-9A-Za-z]+)*"
_ITEM = re.compile(r"^(?P<indent>\s*)(?:[-*]|\d+\.) \*\*(?P<id>" + RULE_ID + r")")
_HEADING = re.compile(r"^(?P<level>#+) (?P<id>" + RULE_ID + r")\b")
_ROW = re.compile(r"^\| *(?P<id>" + RULE_ID + r") *\|")
_ANY_HEADING = re.compile(r"^(#+) ")
# an id a section title can name: a prefix, then section numbers
_NUMBERED_ID = re.compile(r"(?P<prefix>[A-Z][A-Z0-9]*)-[0-9]+(?:\.[0-9]+)*")

PACKAGE_RULES = Path(__file__).resolve().parents[1] / "_rules"  # ccg/_rules in an installed package
SOURCE_RULES = Path(__file__).resolve().parents[2] / "docs" / "rules"  # a checkout


class UnknownRuleError(KeyError):
    """No digest defines this rule id."""

    def __str__(self) -> str:  # KeyError would print the message with quotes
        return str(self.args[0])


def rules_dir() -> Path:
    """Where the digests are read from: the package data if installed with it, else the checkout's docs."""
    if PACKAGE_RULES.is_dir() and any(PACKAGE_RULES.glob("*.md")):
        return PACKAGE_RULES
    if SOURCE_RULES.is_dir():
        return SOURCE_RULES
    raise FileNotFoundError(f"the rules digests are neither installed ({PACKAGE_RULES}) nor in a checkout "
                            f"({SOURCE_RULES}): reinstall ccg")


def rules_text(rule_id: str) -> str:
    """The text of rule ``rule_id`` in its digest (markdown emphasis removed), its sub-rules and notes included.

    >>> rules_text("CE-5.2").startswith("CE-5.2 Minimum price.")
    True

    In another language than English the first line is the translated title of the rule's section
    (``Dražba`` above ``CE-5.2 Minimum price. …`` in Czech); the rule's own text stays English.
    An id no digest defines raises :class:`UnknownRuleError` (a ``KeyError``) naming the closest ids. An id
    whose prefix a game installed outside ccg declares is looked up in that game's own digest.
    """
    if not isinstance(rule_id, str):
        raise UnknownRuleError(f"a rule id is text such as 'CO2-6.1.1', got {rule_id!r}")
    key = rule_id.strip().rstrip(".")
    rules = _rules(rules_dir())
    if key not in rules:
        rules = {**rules, **_outside_rules(key.split("-", 1)[0])}
    if key in rules:
        return _titled(key, rules[key])
    close = difflib.get_close_matches(key, list(rules), n=3, cutoff=0.8)
    hint = f" Closest: {', '.join(close)}." if close else ""
    raise UnknownRuleError(f"no rules digest (docs/rules/*.md) defines the rule {rule_id!r}.{hint}")


def _titled(rule_id: str, text: str) -> str:
    """``text`` under the translated title of its section, in a language other than English."""
    if get_language() == SOURCE:
        return text
    try:
        title = rule_title(rule_id)
    except ValueError:  # an id outside the titled sections (engine notes, board data)
        return text
    return f"{title}\n{text}"


def rule_title(rule_id: str) -> str:
    """The title of the section holding a rule (``CO2-6.3.7`` → the title of ``CO2-6.3``) in the current
    language, from the ``glossary`` of the game whose ``rule_prefixes`` hold the id's prefix.

    A malformed id, a prefix no game declares or an id outside every titled section raises ``ValueError``.
    """
    m = _NUMBERED_ID.fullmatch(rule_id) if isinstance(rule_id, str) else None
    if m is None:
        raise ValueError(f"a rule id is a game's prefix and section numbers, such as 'CO2-6.3.7', got {rule_id!r}")
    declared = False
    for spec in _declaring(m["prefix"]):  # the games are read one by one: the first titled section ends the search
        declared = True
        title = spec.glossary.section_title(rule_id) if spec.glossary else None
        if title is not None:
            return title
    if not declared:
        raise ValueError(f"no game declares the rule prefix {m['prefix']!r} (GameSpec.rule_prefixes) of {rule_id!r}")
    raise ValueError(f"no titled section holds rule {rule_id!r}")


def _declaring(prefix: str) -> Iterator[GameSpec]:
    """The games whose ``rule_prefixes`` hold ``prefix``, the games already imported first (a game is imported
    to read its spec only when those do not end the search)."""
    for name in sorted(list_games(), key=lambda game: game_module(game) not in sys.modules):
        try:
            spec = get_spec(name)
        except Exception:  # noqa: BLE001 - a game that does not load declares nothing here
            continue
        if prefix in spec.rule_prefixes:
            yield spec


def rule_ids(game: str | None = None) -> frozenset[str]:
    """Every rule id ccg's digests define, or (``game``) the ids of that game's digest with one of its
    ``rule_prefixes`` (all of its digest's ids if it declares none)."""
    if game is None:
        return frozenset(_rules(rules_dir()))
    spec = get_spec(game)
    ids = _digest(spec.rules_digest) if spec.rules_digest else _rules(rules_dir())
    prefixes = tuple(p + "-" for p in spec.rule_prefixes)
    return frozenset(i for i in ids if not prefixes or i.startswith(prefixes))


def declared_rule_ids(prefix: str) -> frozenset[str]:
    """The ids of prefix ``prefix`` that the digests of the games declaring it define (a game outside ccg: its
    own digest); none if no game declares it."""
    return frozenset(i for spec in _declaring(prefix) for i in rule_ids(spec.name) if i.startswith(prefix + "-"))


def _outside_rules(prefix: str) -> dict[str, str]:
    """The rules of the digests of games outside ccg that declare ``prefix`` (importing only those games)."""
    out: dict[str, str] = {}
    for spec in _declaring(prefix):
        if spec.rules_digest:
            out.update(_digest(spec.rules_digest))
    return out


@lru_cache(maxsize=16)
def _digest(resource: str) -> dict[str, str]:
    """The rules of a digest kept as package data, named ``"package:path/in/package.md"``."""
    package, _, path = resource.partition(":")
    if not package or not path:
        raise ValueError(f"a rules digest is named 'package:path/in/package.md', got {resource!r}")
    text = importlib.resources.files(package).joinpath(path).read_text(encoding="utf-8")
    return _parse_rules(text)


@lru_cache(maxsize=2)
def _rules(folder: Path) -> dict[str, str]:
    return _parse_rules(*(path.read_text(encoding="utf-8") for path in sorted(folder.glob("*.md"))))


def _parse_rules(*texts: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for text in texts:
        for rule_id, body in _parse(text.splitlines()):
            out.setdefault(rule_id, body)  # the first definition of an id is its text
    return out


def _parse(lines: list[str]) -> list[tuple[str, str]]:
    found: list[tuple[str, str]] = []
    for i, line in enumerate(lines):
        m = _ITEM.match(line)
        if m:
            found.append((m["id"], _clean(_item(lines, i, len(m["indent"])))))
            continue
        m = _HEADING.match(line)
        if m:
            found.append((m["id"], _clean(_section(lines, i, len(m["level"])))))
            continue
        m = _ROW.match(line)
        if m:
            found.append((m["id"], _clean(_row(lines, i))))
    return found


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def _item(lines: list[str], i: int, indent: int) -> list[str]:
    """A list item: its line and every following line indented deeper (blank lines inside included)."""
    out = [lines[i].strip()[2:] if lines[i].lstrip()[:2] in ("- ", "* ") else lines[i].strip()]
    for line in lines[i + 1:]:
        if line.strip() and _indent(line) <= indent:
            break
        out.append(line[indent:].rstrip())
    return out


def _section(lines: list[str], i: int, level: int) -> list[str]:
    out = [lines[i].lstrip("#").strip()]
    for line in lines[i + 1:]:
        m = _ANY_HEADING.match(line)
        if m and len(m[1]) <= level:
            break
        out.append(line.rstrip())
    return out


def _row(lines: list[str], i: int) -> list[str]:
    """A table row as ``header: cell`` lines, the header being the table's first row."""
    start = i
    while start > 0 and lines[start - 1].startswith("|"):
        start -= 1
    header = _cells(lines[start])
    cells = _cells(lines[i])
    return [cells[0]] + [f"{h}: {c}" for h, c in zip(header[1:], cells[1:])]


def _cells(line: str) -> list[str]:
    return [c.strip() for c in line.strip().strip("|").split("|")]


def _clean(lines: list[str]) -> str:
    text = "\n".join(lines).strip()
    text = re.sub(r"\n{3,}", "\n\n", text)
    return text.replace("**", "")
