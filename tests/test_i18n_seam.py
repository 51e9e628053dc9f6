"""The language layer names no game: ``ccg/i18n`` holds gettext, catalogs and formats, and each game declares
its own words on its ``GameSpec`` (``glossary``), so a game added by its own package alone is titled, named and
has its rules' sections titled like the built-in ones. Read from the syntax tree: no string in ``ccg/i18n``
(docstrings aside) holds a game's name or one of its rule prefixes."""
from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import ccg
from ccg.core import get_spec

I18N = Path(ccg.__file__).resolve().parent / "i18n"


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the nodes that are a module's, class's or function's docstring."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
                out.add(id(first.value))
    return out


def game_words(games: list[str]) -> list[tuple[str, re.Pattern[str]]]:
    """For each game: its name (any case, as a word) and each of its rule prefixes (as a word, as written)."""
    words = []
    for game in games:
        words.append((game, re.compile(rf"(?<![A-Za-z0-9_]){re.escape(game)}(?![A-Za-z0-9_])", re.IGNORECASE)))
        for prefix in get_spec(game).rule_prefixes:
            words.append((prefix, re.compile(rf"(?<![A-Za-z0-9_]){re.escape(prefix)}(?![A-Za-z0-9_])")))
    return words


def named_games(source: str, path: str, words: list[tuple[str, re.Pattern[str]]]) -> list[str]:
    """``path:line: 'word' in 'string'`` for every string constant of ``source`` outside docstrings that holds a
    game's name or rule prefix (the literal parts of f-strings included)."""
    tree = ast.parse(source, path)
    skip = _docstrings(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
            found += [f"{path}:{node.lineno}: {word!r} in {node.value!r}" for word, pattern in words
                      if pattern.search(node.value)]
    return found


@pytest.fixture(scope="module")
def words() -> list[tuple[str, re.Pattern[str]]]:
    games = ccg.list_games()
    assert {"co2", "chicago_express", "catan"} <= set(games)
    return game_words(games)


def test_the_language_layer_names_no_game_nor_rule_prefix(words):
    files = sorted(I18N.rglob("*.py"))
    assert len(files) >= 5  # catalogs, context, formatting, languages, scan …
    found = [hit for path in files for hit in named_games(path.read_text(encoding="utf-8"), str(path), words)]
    assert found == []


def test_the_check_finds_a_game_named_in_a_string_but_not_in_a_docstring(words):
    source = '''"""Names for co2 and catan (a docstring: allowed)."""
TABLE = {"co2": {"game": "CO2"}}
PATTERN = r"^(CO2|CE|CAT|OIL)-\\d+"
def title(game):
    """chicago_express too."""
    return f"{game} (Chicago_Express)"
OK = "coal, the oil price, a catalogue, 5 CEP"
'''
    found = sorted((int(hit.split(":")[1]), hit.split(" ")[1]) for hit in named_games(source, "m.py", words))
    assert found == [(2, "'CO2'"), (2, "'co2'"), (2, "'co2'"),  # the key "co2"; "CO2": the name and the prefix
                     (3, "'CAT'"), (3, "'CE'"), (3, "'CO2'"), (3, "'OIL'"), (3, "'co2'"),
                     (6, "'chicago_express'")]


def test_a_game_that_declares_no_words_keeps_its_english_title_and_says_what_is_missing():
    """The toy game (tests/toy_game.py) declares no glossary: its spec's title everywhere, clear errors."""
    from ccg.core import game_title, kinds, rule_title, term
    from ccg.i18n import lang

    assert get_spec("toy").glossary is None and kinds("toy") == ()
    with lang("cs"):
        assert game_title("toy") == "Toy hidden pig"
    with pytest.raises(ValueError, match="toy has no names of kind 'card'; kinds: \\[\\]"):
        term("toy", "card", "pig")
    with pytest.raises(ValueError, match="no game declares the rule prefix 'TOY'"):
        rule_title("TOY-1.2")
