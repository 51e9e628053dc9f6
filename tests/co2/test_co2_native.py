"""The CO2 strategist compiled with mypyc (build_native.py, ccg/core/native.py): used when fresh, same moves."""
from __future__ import annotations

import hashlib
import importlib.machinery
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import ccg.games.co2.strategy as strategy
from ccg.core import native

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
import build_native  # noqa: E402  (the build step, at the repository's root)

FOLDER = Path(strategy.__file__).resolve().parent
EXTENSION = importlib.machinery.EXTENSION_SUFFIXES[0]

PLAY = """
import json, sys
import ccg
import ccg.games.co2.strategy as strategy
from ccg.agents import make_agent
moves = []
for seed, players in ((501, 4), (502, 3)):
    state = ccg.new_game("co2", players=players, seed=seed)
    agents = [make_agent("strategist:cooperation=0.6", 7 * seed + p) for p in range(players)]
    while not state.is_terminal():
        action = agents[state.current_player].act(state)
        moves.append(str(action))
        state.apply(action)
print(json.dumps({"native": strategy.NATIVE, "moves": moves}))
"""


def run(script: str, pure_python: bool):
    """What ``script`` prints (JSON) in a fresh Python, with the compiled strategist or its sources."""
    env = {k: v for k, v in os.environ.items() if k != native.PURE_PYTHON_VARIABLE}
    if pure_python:
        env[native.PURE_PYTHON_VARIABLE] = "1"
    out = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True,
                         timeout=600)
    assert out.returncode == 0, out.stderr[-3000:]
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_the_installed_strategist_is_the_compiled_one():
    """`make` compiles it; a source edited since the build runs as source until the next `make`."""
    assert strategy.NATIVE, ("the CO2 strategist runs from its sources: the mypyc build is missing or older than "
                             "a source (rebuild it with `make lab` / `make test`, which reinstall ccg)")
    for module in build_native.COMPILED:
        assert sys.modules[f"ccg.games.co2.strategy.{module}"].__file__.endswith(EXTENSION)


def test_compiled_and_source_strategists_play_the_same_moves():
    compiled, source = run(PLAY, pure_python=False), run(PLAY, pure_python=True)
    assert compiled["native"] is True and source["native"] is False
    assert len(source["moves"]) > 400  # two whole games
    assert compiled["moves"] == source["moves"]


def test_explain_terms_are_the_same_compiled_and_from_source():
    """The valuation's terms (what ``explain`` shows) agree to the last bit, not only the move."""
    script = """
import json, ccg
from ccg.agents import make_agent
state = ccg.new_game("co2", players=4, seed=77)
agents = [make_agent("strategist", p) for p in range(4)]
for _ in range(60):
    state.apply(agents[state.current_player].act(state))
planner = make_agent("strategist", 0).planner("co2")
print(json.dumps([(str(a), t) for a, t in planner.explain_options(state, state.current_player)[1]]))
"""
    outputs = [run(script, pure_python=pure) for pure in (False, True)]
    assert outputs[0] and outputs[0] == outputs[1]


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


def test_the_record_names_what_the_build_compiled():
    """The build's record: every compiled module's source hash as it is now (else NATIVE would be False); the
    build and the import agree on the record's name and on the switch to pure Python."""
    assert (build_native.RECORD, build_native.PURE_PYTHON_VARIABLE) == (native.RECORD, native.PURE_PYTHON_VARIABLE)
    data = json.loads((FOLDER / native.RECORD).read_text())
    assert sorted(data["sources"]) == native.compiled_modules(FOLDER) == sorted(build_native.COMPILED)
    for module, digest in data["sources"].items():
        assert hashlib.sha256((FOLDER / f"{module}.py").read_bytes()).hexdigest() == digest
