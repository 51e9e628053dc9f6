"""The repository holds the product only: small notebooks without saved widget state, no machine
paths, Binder links generated from their one setting."""
from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOK_MAX_BYTES = 200_000
NOTEBOOKS = sorted([*ROOT.glob("notebooks/*.ipynb"), *ROOT.glob("widgets/*.ipynb")])
# a literal path of one machine: a home, the workplace, a fixed temporary file
MACHINE_PATH = re.compile(r"""(/work/|/root/|/home/[a-z_][a-z0-9_-]*/|["'`]/tmp/)""")


def tracked_files() -> list[Path]:
    try:
        out = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
        files = [ROOT / line for line in out.splitlines()]
    except (OSError, subprocess.CalledProcessError):  # not a git checkout (an unpacked sdist): walk the tree
        files = [p for p in ROOT.rglob("*") if ".venv" not in p.parts and ".git" not in p.parts]
    return [p for p in files if p.is_file() and p.suffix in {".py", ".md", ".ipynb", ".toml", ".txt", ".json", ".cfg"}]


def test_there_are_notebooks_to_check():
    assert len(NOTEBOOKS) >= 8


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebooks_are_stored_small_and_without_widget_state(path):
    size = path.stat().st_size
    assert size <= NOTEBOOK_MAX_BYTES, f"{path.name} is {size} bytes (limit {NOTEBOOK_MAX_BYTES}): strip its outputs"
    nb = json.loads(path.read_text())
    assert "widgets" not in nb.get("metadata", {}), f"{path.name} carries saved widget state"
    for i, cell in enumerate(nb["cells"]):
        if cell["cell_type"] != "code":
            continue
        source = "".join(cell["source"])
        checked = "NBVAL_CHECK_OUTPUT" in source or "nbval-check-output" in cell.get("metadata", {}).get("tags", [])
        if cell.get("outputs") and not checked:
            pytest.fail(f"{path.name} cell {i} keeps outputs nbval never compares (mark it or strip it)")
        if cell.get("outputs") and cell.get("execution_count") is None:  # nbval: "unrun reference cell"
            pytest.fail(f"{path.name} cell {i} keeps outputs but no execution count")


def test_no_machine_paths_in_the_repository():
    found = []
    for path in tracked_files():
        if path.resolve() == Path(__file__).resolve():
            continue
        for n, line in enumerate(path.read_text(errors="replace").splitlines(), 1):
            if MACHINE_PATH.search(line):
                found.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()[:100]}")
    assert not found, "machine-specific paths:\n" + "\n".join(found[:20])



# a reference to an issue of a tracker the repository does not hold ("issue 12", "issue #11", "issues 5-7")
TRACKER_REFERENCE = re.compile(r"\bissues? #?\d+", re.IGNORECASE)


def test_no_references_to_an_outside_tracker():
    found = []
    for path in tracked_files():
        if path.resolve() == Path(__file__).resolve():
            continue
        for n, line in enumerate(path.read_text(errors="replace").splitlines(), 1):
            if TRACKER_REFERENCE.search(line):
                found.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()[:100]}")
    assert not found, "references to an outside tracker (say what the reference meant instead):\n" + "\n".join(found[:20])


def test_every_benchmark_script_is_documented_or_used():
    """A benchmark script is named in BENCHMARKS.md or the Makefile (with its command), or is a part of one that
    is: imported by it, or naming it in its own docstring as the script that drives it."""
    scripts = {p.stem: p.read_text() for p in (ROOT / "benchmarks").glob("*.py")}
    named = (ROOT / "BENCHMARKS.md").read_text() + (ROOT / "Makefile").read_text()
    documented = {s for s in scripts if f"{s}.py" in named}
    changed = True
    while changed:
        changed = False
        for stem, text in scripts.items():
            if stem in documented:
                continue
            imported = any(re.search(rf"^\s*(from {stem} import|import {stem}\b)", scripts[d], re.MULTILINE)
                           for d in documented)
            docstring = text.split('"""')[1] if text.count('"""') >= 2 else ""
            driven = any(f"{d}.py" in docstring for d in documented)
            if imported or driven:
                documented.add(stem)
                changed = True
    assert set(scripts) - documented == set(), "benchmark scripts nobody documents or uses (name their command in " \
                                               "BENCHMARKS.md, or remove them)"


def _function_level_imports(path: Path) -> list[tuple[int, int]]:
    """(first, last) line of each run of import statements inside a function body."""
    import ast

    lines = sorted({(n.lineno, n.end_lineno or n.lineno)
                    for fn in ast.walk(ast.parse(path.read_text()))
                    if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef))
                    for n in ast.walk(fn) if isinstance(n, (ast.Import, ast.ImportFrom))})
    runs: list[tuple[int, int]] = []
    for first, last in lines:
        if runs and first - runs[-1][1] <= 1:
            runs[-1] = (runs[-1][0], max(last, runs[-1][1]))
        else:
            runs.append((first, last))
    return runs


_MARKERS = re.compile(r"noqa(:\s*[A-Z]+[0-9]+(\s*,\s*[A-Z]+[0-9]+)*)?|pragma:[^#]*|type:\s*ignore(\[[^\]]*\])?", re.IGNORECASE)


def _reasons(path: Path) -> dict[int, str]:
    """{line: its comment's words}, without the tool markers (``noqa``, ``pragma``, ``type: ignore``): a
    comment that is only a marker gives no reason."""
    import io
    import tokenize

    out = {}
    for tok in tokenize.generate_tokens(io.StringIO(path.read_text()).readline):
        if tok.type == tokenize.COMMENT:
            words = _MARKERS.sub("", tok.string.lstrip("#"))
            if re.search(r"[A-Za-z]{3,}", words):
                out[tok.start[0]] = tok.line.strip()
    return out


def test_function_level_imports_say_why():
    """Imports sit at the top of a module; one inside a function (an optional or heavy library, a circle that
    stays) says why in a comment on its lines or on a comment line just above (a comment that is only
    ``noqa`` / ``pragma`` / ``type: ignore`` says nothing). The layering itself is checked by import-linter
    (``make lint``)."""
    found = []
    for path in sorted((ROOT / "ccg").rglob("*.py")):
        lines = path.read_text().splitlines()
        reasons = _reasons(path)
        for first, last in _function_level_imports(path):
            above = reasons.get(first - 1, "")
            if not any(n in reasons for n in range(first, last + 1)) and not above.startswith("#"):
                found.append(f"{path.relative_to(ROOT)}:{first}: {lines[first - 1].strip()}")
    assert not found, "function-level imports without a reason:\n" + "\n".join(found)
