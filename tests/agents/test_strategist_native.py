"""The strategists compiled with mypyc (build_native.py, ccg/core/native.py): used when fresh, same moves."""
from __future__ import annotations

import hashlib
import importlib
import importlib.machinery
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from ccg.core import native

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
import build_native  # noqa: E402  (the build step, at the repository's root)

EXTENSION = importlib.machinery.EXTENSION_SUFFIXES[0]
PACKAGES = sorted(build_native.COMPILED)

# whole games of every compiled strategist, personas that take different paths through the plans
PLAY = """
import importlib, json, sys
import ccg
from ccg.agents import make_agent
game, options, personas = sys.argv[1], json.loads(sys.argv[2]), sys.argv[3].split(",")
strategy = importlib.import_module(f"ccg.games.{game}.strategy")
moves = []
for seed, players in ((501, 4), (502, 3)):
    state = ccg.new_game(game, players=players, seed=seed, **options)
    agents = [make_agent(personas[p % len(personas)], 7 * seed + p) for p in range(players)]
    while not state.is_terminal():
        action = agents[state.current_player].act(state)
        moves.append(str(action))
        state.apply(action)
print(json.dumps({"native": strategy.NATIVE, "moves": moves}))
"""
GAMES = [
    ("co2", {}, "strategist:cooperation=0.6,strategist:cooperation=0,strategist:cooperation=1", 400),
    ("chicago_express", {}, "strategist,strategist:investor=0,strategist:investor=1", 200),
    ("catan", {}, "strategist", 400),
    ("catan", {"scenario": "oil_springs"}, "strategist,strategist:sequester=0,strategist:sequester=1", 400),
]


def run(args: list[str], pure_python: bool):
    """What ``python -c args...`` prints last (JSON) in a fresh Python, with the compiled strategists or their
    sources."""
    env = {k: v for k, v in os.environ.items() if k != native.PURE_PYTHON_VARIABLE}
    if pure_python:
        env[native.PURE_PYTHON_VARIABLE] = "1"
    out = subprocess.run([sys.executable, "-c", *args], cwd=ROOT, env=env, capture_output=True, text=True,
                         timeout=600)
    assert out.returncode == 0, out.stderr[-3000:]
    return json.loads(out.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("package", PACKAGES)
def test_the_installed_strategists_are_the_compiled_ones(package):
    """`make` compiles them; a source edited since the build runs as source until the next `make`."""
    strategy = importlib.import_module(package)
    assert strategy.NATIVE, (f"{package} runs from its sources: the mypyc build is missing or older than a "
                             "source (rebuild it with `make lab` / `make test`, which reinstall ccg)")
    for module in build_native.COMPILED[package]:
        assert sys.modules[f"{package}.{module}"].__file__.endswith(EXTENSION)


@pytest.mark.parametrize("game, options, personas, least", GAMES,
                         ids=["co2", "chicago_express", "catan", "oil_springs"])
def test_compiled_and_source_strategists_play_the_same_moves(game, options, personas, least):
    args = [PLAY, game, json.dumps(options), personas]
    compiled, source = run(args, pure_python=False), run(args, pure_python=True)
    assert compiled["native"] is True and source["native"] is False
    assert len(source["moves"]) > least  # two whole games
    assert compiled["moves"] == source["moves"]


@pytest.mark.parametrize("game", ["co2", "chicago_express", "catan"])
def test_explain_terms_are_the_same_compiled_and_from_source(game):
    """The valuation's terms (what ``explain`` shows) agree to the last bit, not only the move."""
    script = """
import json, sys, ccg
from ccg.agents import make_agent
state = ccg.new_game(sys.argv[1], players=4, seed=77)
agents = [make_agent("strategist", p) for p in range(4)]
for _ in range(60):
    state.apply(agents[state.current_player].act(state))
explanation = make_agent("strategist", 0).explain(state)
while len(explanation.alternatives) < 2:  # on to a decision with alternatives to compare
    state.apply(agents[state.current_player].act(state))
    explanation = make_agent("strategist", 0).explain(state)
options = (explanation.chosen, *explanation.alternatives)
print(json.dumps([[o.action, o.value, sorted(o.terms.items())] for o in options]))
"""
    outputs = [run([script, game], pure_python=pure) for pure in (False, True)]
    assert len(outputs[0]) > 2 and outputs[0][0][2] and outputs[0] == outputs[1]


def make_package(root: Path, name: str, source: str) -> Path:
    """A package ``name`` with module ``m`` (``source``) and a fake extension module beside it."""
    folder = root / name
    folder.mkdir()
    (folder / "__init__.py").write_text("")
    (folder / "m.py").write_text(source)
    (folder / f"m{EXTENSION}").write_bytes(b"not a shared library")
    return folder


def record(folder: Path, sources: dict[str, str]) -> None:
    (folder / native.RECORD).write_text(json.dumps({"sources": sources}))


@pytest.fixture
def import_sandbox(tmp_path, monkeypatch):
    monkeypatch.setattr(sys, "meta_path", list(sys.meta_path))
    monkeypatch.setattr(native, "_DECIDED", {})  # what earlier linked packages decided
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delenv(native.PURE_PYTHON_VARIABLE, raising=False)
    yield tmp_path
    for name in [n for n in sys.modules if n.startswith("nativepkg")]:
        del sys.modules[name]


def test_a_build_older_than_its_source_is_not_imported(import_sandbox):
    folder = make_package(import_sandbox, "nativepkg_stale", "WHERE = 'source'\n")
    record(folder, {"m": hashlib.sha256(b"WHERE = 'old source'\n").hexdigest()})
    assert native.use_fresh_build("nativepkg_stale", folder) is False
    module = __import__("nativepkg_stale.m", fromlist=["WHERE"])
    assert module.WHERE == "source" and module.__file__.endswith("m.py")


@pytest.mark.parametrize("content", [None, "", "{", "[]", '{"sources": 3}', '{"sources": {}}',
                                     '{"sources": {"m": "ab", "n": "cd"}}', " " * (native.RECORD_LIMIT + 1)])
def test_a_missing_or_broken_record_means_the_source_runs(import_sandbox, content):
    folder = make_package(import_sandbox, "nativepkg_broken", "WHERE = 'source'\n")
    if content is not None:
        (folder / native.RECORD).write_text(content)
    assert native.use_fresh_build("nativepkg_broken", folder) is False
    assert __import__("nativepkg_broken.m", fromlist=["WHERE"]).WHERE == "source"


def test_a_fresh_build_is_used_unless_pure_python_is_asked_for(import_sandbox, monkeypatch):
    source = "WHERE = 'source'\n"
    folder = make_package(import_sandbox, "nativepkg_fresh", source)
    record(folder, {"m": hashlib.sha256(source.encode()).hexdigest()})
    finders = len(sys.meta_path)
    assert native.use_fresh_build("nativepkg_fresh", folder) is True
    assert len(sys.meta_path) == finders  # Python's own import finds the extension module first
    monkeypatch.setenv(native.PURE_PYTHON_VARIABLE, "1")
    assert native.use_fresh_build("nativepkg_fresh", folder) is False
    assert __import__("nativepkg_fresh.m", fromlist=["WHERE"]).WHERE == "source"


def test_a_package_without_extension_modules_is_left_alone(import_sandbox):
    folder = import_sandbox / "nativepkg_plain"
    folder.mkdir()
    (folder / "m.py").write_text("WHERE = 'source'\n")
    finders = len(sys.meta_path)
    assert native.use_fresh_build("nativepkg_plain", folder) is False
    assert len(sys.meta_path) == finders


def linked_pair(root: Path, stale: str | None) -> tuple[Path, Path]:
    """Packages ``nativepkg_a`` and ``nativepkg_b``, compiled together (their records name each other); the
    source of the one named ``stale`` changed since."""
    folders = []
    for name, other in (("nativepkg_a", "nativepkg_b"), ("nativepkg_b", "nativepkg_a")):
        folder = make_package(root, name, f"WHERE = 'source of {name}'\n")
        built = f"WHERE = 'old source of {name}'\n" if name == stale else (folder / "m.py").read_text()
        (folder / native.RECORD).write_text(json.dumps({"sources": {"m": hashlib.sha256(built.encode()).hexdigest()},
                                                        "linked": [other]}))
        folders.append(folder)
    return folders[0], folders[1]


@pytest.mark.parametrize("stale", ["nativepkg_a", "nativepkg_b"])
@pytest.mark.parametrize("first", ["nativepkg_a", "nativepkg_b"])
def test_linked_packages_run_from_their_sources_together(import_sandbox, stale, first):
    """A compiled module must not meet a source-run version of a class it was compiled against: when one package
    of a shared library is stale, every package linked with it runs from its sources, whichever asks first."""
    folders = dict(zip(("nativepkg_a", "nativepkg_b"), linked_pair(import_sandbox, stale)))
    for name in sorted(folders, key=lambda n: n != first):
        assert native.use_fresh_build(name, folders[name]) is False
    for name in ("nativepkg_a", "nativepkg_b"):
        assert __import__(f"{name}.m", fromlist=["WHERE"]).WHERE == f"source of {name}"


def test_linked_packages_fresh_together_are_used(import_sandbox, monkeypatch):
    a, b = linked_pair(import_sandbox, None)
    finders = len(sys.meta_path)
    assert native.use_fresh_build("nativepkg_a", a) is True
    assert native.use_fresh_build("nativepkg_b", b) is True
    assert len(sys.meta_path) == finders


def test_the_build_links_the_native_state_classes_with_what_is_typed_against_them():
    """GameState, Co2State and the CO2 strategist are one shared library; their records name one another."""
    linked = ("ccg.core", "ccg.games.co2", "ccg.games.co2.strategy")
    assert build_native.LINKED == (linked,)
    assert {build_native.group(p) for p in linked} == {"ccg_co2"}
    for package in linked:
        folder = Path(importlib.import_module(package).__file__).resolve().parent
        data = json.loads((folder / native.RECORD).read_text())
        assert sorted(data["linked"]) == sorted(p for p in linked if p != package)


@pytest.mark.parametrize("package", PACKAGES)
def test_the_record_names_what_the_build_compiled(package):
    """The build's record: every compiled module's source hash as it is now (else NATIVE would be False); the
    build and the import agree on the record's name and on the switch to pure Python."""
    assert (build_native.RECORD, build_native.PURE_PYTHON_VARIABLE) == (native.RECORD, native.PURE_PYTHON_VARIABLE)
    folder = Path(importlib.import_module(package).__file__).resolve().parent
    data = json.loads((folder / native.RECORD).read_text())
    assert sorted(data["sources"]) == native.compiled_modules(folder) == sorted(build_native.COMPILED[package])
    for module, digest in data["sources"].items():
        assert hashlib.sha256((folder / f"{module}.py").read_bytes()).hexdigest() == digest


def test_the_makefile_rebuilds_when_a_compiled_source_changes():
    """The Makefile's NATIVE_SOURCES (what the installation stamp depends on) are exactly the compiled sources."""
    text = (ROOT / "Makefile").read_text().replace("\\\n", " ")
    listed = set()
    for folder, names in re.findall(r"\$\(addprefix ([^,]+),([^)]*)\)", text.split("NATIVE_SOURCES :=", 1)[1]
                                    .split("\n", 1)[0]):
        listed |= {folder + name for name in names.split()}
    assert listed == {str(build_native.source_path(p, m).relative_to(ROOT))
                      for p, modules in build_native.COMPILED.items() for m in modules}
