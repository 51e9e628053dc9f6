"""A source check that user-facing strings go through gettext.

:func:`untranslated` reads a module with ``ast`` and reports the string literals (and f-strings) that
reach a user without a gettext call around them: the text of widgets (``HTML("…")``, ``Button(description=…)``),
the labels, titles, hover texts and legends passed by keyword (``description=``, ``title=``,
``placeholder=``, ``tooltip=``, ``label=``, ``hovertemplate=``, ``name=`` …) or assigned to such an
attribute (``status.value = "…"``), and the arguments of functions a module uses to show text
(``text_calls``, e.g. its ``notify``). A literal inside
``_()``, ``gettext``, ``pgettext``, ``ngettext`` (or their lazy forms) is translated; text without letters
(``"—"``, ``"<br>"``, ``"%"``) is not prose and is ignored; so is a line marked ``# i18n: not prose``.

:func:`hidden_from_extraction` finds gettext calls written inside an f-string's braces
(``f"<b>{_('Aim')}</b>"``): Babel's extractor does not read inside f-strings, so their messages never reach
the catalogs and stay English.

A module whose every sentence is for a user (the move descriptions) is scanned with ``every_literal``:
then any literal of two words or more (separated by spaces) is shown text, except docstrings, exception messages (``raise``),
dictionary keys, subscripts and the operands of comparisons; single words are taken for ids
(``"propose"``, ``"CO2-6.1"``).
"""
from __future__ import annotations

import ast
import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

GETTEXT_CALLS = frozenset({
    "_", "gettext", "ngettext", "pgettext", "npgettext", "lazy_gettext", "lazy_ngettext", "lazy_pgettext",
    "_p", "N_", "NP_", "term", "game_title",
})
# widgets whose first positional argument is shown text
TEXT_WIDGETS = frozenset({"HTML", "HTMLMath", "Label", "Button", "ToggleButton", "Markdown", "Text", "Textarea"})
# keyword arguments whose value a user reads
TEXT_KEYWORDS = frozenset({
    "description", "placeholder", "tooltip", "title", "label", "text", "hovertext", "hovertemplate", "name",
    "button_style_text", "value_html", "header", "caption", "message", "legend_title_text", "title_text",
})
NOT_PROSE = "# i18n: not prose"
_TAG = re.compile(r"<[^>]*>|&[a-z]+;|&#\d+;|\{[^}]*\}|%\([^)]*\)[sdif]|%[sdif]")
_WORD = re.compile(r"[^\W\d_]{2,}")


@dataclass(frozen=True)
class Finding:
    path: str
    line: int
    text: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: untranslated user-facing text {self.text!r}"


def _name(func: ast.expr) -> str | None:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return None


def _literal_text(node: ast.expr) -> str | None:
    """The prose a literal (or an f-string's literal parts) carries, or None if it carries none."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        text = node.value
    elif isinstance(node, ast.JoinedStr):
        text = "".join(v.value for v in node.values if isinstance(v, ast.Constant) and isinstance(v.value, str))
    else:
        return None
    return text if _WORD.search(_TAG.sub(" ", text)) else None


def _shown(node: ast.expr) -> list[ast.expr]:
    """The literals an expression shows: itself, both sides of ``+``/``if``-else, the parts of ``%`` formatting."""
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return _shown(node.left) + _shown(node.right)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod):
        return _shown(node.left)
    if isinstance(node, ast.IfExp):
        return _shown(node.body) + _shown(node.orelse)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in ("format", "join"):
        return _shown(node.func.value)
    return [node]


def _not_shown(tree: ast.AST) -> set[int]:
    """The ids of the nodes ``every_literal`` leaves alone: gettext calls, raises, docstrings, dictionary keys,
    subscripts and comparisons, with everything inside them."""
    skipped: list[ast.AST] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and _name(node.func) in GETTEXT_CALLS or isinstance(node, (ast.Raise, ast.Compare)):
            skipped.append(node)
        elif isinstance(node, ast.Subscript):
            skipped.append(node.slice)
        elif isinstance(node, ast.Dict):
            skipped += [k for k in node.keys if k is not None]
        elif isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                skipped.append(first)
    return {id(inner) for node in skipped for inner in ast.walk(node)}


def untranslated_in_source(source: str, path: str = "<source>", text_calls: frozenset[str] = frozenset(),
                           text_keywords: frozenset[str] = TEXT_KEYWORDS, every_literal: bool = False) -> list[Finding]:
    """The user-facing literals of one module's source that bypass gettext.

    ``text_calls`` names more functions whose positional arguments are shown; ``text_keywords`` replaces
    the keyword (and attribute) names whose values are shown; ``every_literal`` takes every literal of two
    words or more for shown text (see the module's docstring).
    """
    tree = ast.parse(source, filename=path)
    lines = source.splitlines()
    found: list[Finding] = []
    if every_literal:
        skipped = _not_shown(tree)
        inner = {id(v) for node in ast.walk(tree) if isinstance(node, ast.JoinedStr) for v in node.values}
        for node in ast.walk(tree):
            if id(node) in skipped or id(node) in inner or not isinstance(node, (ast.Constant, ast.JoinedStr)):
                continue
            text = _literal_text(node)
            words = [w for w in _TAG.sub(" ", text or "").split() if _WORD.search(w)]
            if text is not None and len(words) >= 2 and NOT_PROSE not in lines[node.lineno - 1]:
                found.append(Finding(path, node.lineno, text))

    def report(node: ast.expr) -> None:
        for lit in _shown(node):
            text = _literal_text(lit)
            if text is not None and NOT_PROSE not in lines[lit.lineno - 1]:
                found.append(Finding(path, lit.lineno, text))

    for node in ast.walk(tree):
        if isinstance(node, (ast.Assign, ast.AugAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(t, ast.Attribute) and (t.attr in text_keywords or t.attr == "value") for t in targets):
                report(node.value)
            continue
        if not isinstance(node, ast.Call) or _name(node.func) in GETTEXT_CALLS:
            continue
        name = _name(node.func)
        if name in TEXT_WIDGETS and node.args:
            report(node.args[0])
        if name in text_calls:
            for arg in node.args:
                report(arg)
        for kw in node.keywords:
            if kw.arg in text_keywords or (name in TEXT_WIDGETS and kw.arg == "value"):
                report(kw.value)
    return sorted(set(found), key=lambda f: (f.path, f.line, f.text))


def untranslated(paths: Iterable[Path | str], text_calls: frozenset[str] = frozenset(),
                 text_keywords: frozenset[str] = TEXT_KEYWORDS, every_literal: bool = False) -> list[Finding]:
    """The user-facing literals of these modules that bypass gettext (see :func:`untranslated_in_source`)."""
    out: list[Finding] = []
    for p in map(Path, paths):
        out += untranslated_in_source(p.read_text(encoding="utf-8"), str(p), text_calls, text_keywords, every_literal)
    return out


def hidden_from_extraction(paths: Iterable[Path | str]) -> list[Finding]:
    """The gettext calls with a literal message inside an f-string's braces, which ``pybabel extract`` misses."""
    found: list[Finding] = []
    for p in map(Path, paths):
        tree = ast.parse(p.read_text(encoding="utf-8"), filename=str(p))
        for node in ast.walk(tree):
            if not isinstance(node, ast.JoinedStr):
                continue
            for call in ast.walk(node):
                if (isinstance(call, ast.Call) and _name(call.func) in GETTEXT_CALLS - {"term", "game_title"}
                        and any(isinstance(a, ast.Constant) and isinstance(a.value, str) for a in call.args)):
                    found.append(Finding(str(p), call.lineno, next(
                        a.value for a in call.args if isinstance(a, ast.Constant) and isinstance(a.value, str))))
    return sorted(set(found), key=lambda f: (f.path, f.line, f.text))
