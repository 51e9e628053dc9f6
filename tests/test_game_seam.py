"""The seam: a game plugs in by its own package alone and appears in every generic layer.

The test-only toy game (tests/toy_game.py) registers itself with ``register(SPEC)`` when imported
(conftest imports it); nothing in ccg names it.
"""
from __future__ import annotations

import ast
import dataclasses
import importlib.util
import json
import os
import pkgutil
import re
import subprocess
import sys
from pathlib import Path

import pytest
from conformance import configurations, random_game

import ccg
import ccg.games
from ccg.core import game_module, get_spec, list_games, register

ROOT = Path(__file__).resolve().parents[1]
TESTS = Path(__file__).resolve().parent


def load_benchmark_runner():
    spec = importlib.util.spec_from_file_location("benchmarks_run", ROOT / "benchmarks" / "run.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_toy_game_registered_itself_and_is_listed():
    assert "toy" in list_games()
    assert game_module("toy") == "toy_game"
    assert get_spec("toy").name == "toy"


def test_every_game_package_of_ccg_games_is_found_by_its_package_alone():
    packages = sorted(i.name for i in pkgutil.iter_modules(ccg.games.__path__) if i.ispkg)
    assert packages == ["catan", "chicago_express", "co2"]
    for name in packages:
        assert name in list_games()
        assert game_module(name) == f"ccg.games.{name}"
        assert get_spec(name).name == name


def test_the_toy_game_runs_in_the_conformance_suite():
    assert [cfg for name, cfg in configurations() if name == "toy"] == list(get_spec("toy").conformance_configs)


def test_benchmarks_measure_what_each_spec_declares():
    configs = load_benchmark_runner().configurations()
    assert ("toy", {"players": 3}) in configs
    for name in list_games():
        spec = get_spec(name)
        declared = spec.benchmark_configs or spec.conformance_configs
        assert [cfg for game, cfg in configs if game == name] == [dict(c) for c in declared]


def test_the_tables_milestones_come_from_the_spec():
    from ccg.ui import Table

    t = Table("toy", seats=["human", "human"], seed=3, autoplay=False)
    assert ("to the next turn", "key:turn") in t.until.options
    seat = t.state.current_player
    played = t.play_until("key:turn")
    assert played > 0 and t.state.current_player != seat


@pytest.mark.parametrize("name", list_games())
def test_milestones_are_scalars_that_move_during_a_game(name):
    milestones = get_spec(name).milestones
    if milestones is None:
        pytest.skip(f"{name} declares no milestones (SPEC.milestones is None)")
    seen: dict[str, set] = {}

    def visit(state, legal, action):
        for key, value in milestones(state).items():
            assert isinstance(value, (int, str)) and not isinstance(value, bool), (key, value)
            seen.setdefault(key, set()).add(value)

    cfg = dict(get_spec(name).conformance_configs[0])
    random_game(name, cfg, seed=3, visit=visit)
    assert seen and all(len(values) > 1 for values in seen.values()), seen


def test_registering_a_spec_whose_name_differs_from_its_entry_is_refused():
    register("toy_misnamed", "toy_game")  # the module's SPEC is named "toy"
    try:
        with pytest.raises(ValueError, match="SPEC.name 'toy'"):
            get_spec("toy_misnamed")
    finally:
        register("toy_misnamed", "no_such_module_anywhere")  # stays unlisted: its module is not found
    assert "toy_misnamed" not in list_games()


def test_a_game_in_another_distribution_plugs_in_by_its_entry_point(tmp_path):
    """An installed package declaring ``[project.entry-points."ccg.games"]`` is found without any import."""
    dist = tmp_path / "ccg_toy_plugin-1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: ccg-toy-plugin\nVersion: 1.0\n")
    (dist / "entry_points.txt").write_text("[ccg.games]\ntoy = toy_game\n")
    script = (
        "import json, ccg\n"
        "before = ccg.list_games()\n"
        "s = ccg.new_game('toy', seed=1)\n"
        "print(json.dumps([before, s.game]))\n"
    )
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(tmp_path), str(TESTS)]))
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, timeout=120,
                         cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    before, game = json.loads(out.stdout)
    assert before == ["catan", "chicago_express", "co2", "toy"] and game == "toy"


# ---------------------------------------------------------------------- what each GameSpec declares
def test_board_drawings_and_seat_names_come_from_the_spec():
    import ccg.plot

    for name in ("co2", "chicago_express", "catan"):
        assert get_spec(name).plot == f"ccg.plot.{name}"
        module = ccg.plot.board_module(name)
        names = getattr(module, "SEAT_NAMES", None) or getattr(module, "PLAYER_NAMES", None)
        if names:
            assert ccg.plot.seat_name(name, 1) == names[1]
        assert ccg.plot.seat_name(name, 99) == "seat 99"
    # a game that declares no board drawing (the toy game may have been given one by the UI tests' plot module)
    from ccg.core import registry

    register(dataclasses.replace(get_spec("toy"), name="toy_without_board", plot=None))
    try:
        assert ccg.plot.board_module("toy_without_board") is None
        assert ccg.plot.seat_colour("toy_without_board", 0) == ccg.plot.DEFAULT_COLOUR
    finally:  # known to this test only
        registry._MODULES.pop("toy_without_board", None)
        registry._SPECS.pop("toy_without_board", None)


def test_openspiel_parameters_follow_the_declared_file_options():
    pytest.importorskip("pyspiel", reason="open-spiel is in the rl extra")
    from ccg.env.openspiel import ccg_arguments, parameter_specification

    assert "components" not in parameter_specification("co2")  # CO2 declares it names a file: never a parameter
    assert parameter_specification("catan")["layout"] == ""
    assert ccg_arguments("catan", {"layout": "variable"})[2] == {"layout": "variable"}
    with pytest.raises(ValueError, match="layout must be one of beginner, variable"):
        ccg_arguments("catan", {"layout": "/etc/passwd"})


@pytest.mark.parametrize("name,cfg", [("co2", {"players": 4, "draft": True}), ("catan", {"players": 4}),
                                      ("chicago_express", {"players": 3}), ("toy", {"players": 3})])
def test_a_seats_page_shows_the_secrets_and_gauge_its_game_declares(name, cfg):
    """The classroom names no game: a seat's secrets are ``SPEC.secret_view`` (or the generic reading), its
    gauge ``SPEC.gauge``, the words of its lesson ``SPEC.lesson``."""
    from ccg.classroom.lessons import lesson_for
    from ccg.classroom.views import seat_view
    from ccg.core.secrets import seat_secrets

    state = ccg.new_game(name, seed=5, **cfg)
    for _ in range(60):
        if state.is_terminal():
            break
        state.apply(state.legal_actions()[0])
    spec = get_spec(name)
    view = seat_view(state, 1)
    assert list(view.secrets) == seat_secrets(state, 1)
    assert bool(view.secrets) == state.hidden_information  # CO2 goal and lobby, a Catan hand, the toy's cards
    gauge = spec.gauge(state, 1) if spec.gauge else None
    assert view.gauge == (gauge.as_dict() if gauge else None) and (gauge is not None) == (name == "co2")
    lesson = lesson_for(name)
    assert (lesson.title == spec.title) == (spec.lesson is None)  # a game without a lesson: the generic one


GENERIC_LAYERS = ("ui", "analysis", "env", "classroom")  # every module of these packages names no game
GENERIC_MODULES = ("plot/__init__.py",)  # the board view dispatcher (ccg/plot/<game>.py are the games' own views)


def game_names_in(path: Path, games: list[str]) -> list[str]:
    """Where the code of ``path`` (its docstrings aside: examples may name a game) names one of ``games``: a string
    that is a game's name or holds its module path (``"ccg.games.<game>…"``), or an import of a game's modules."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
                  and node.body and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}
    modules = re.compile(r"(games|plot)\.(" + "|".join(map(re.escape, games)) + r")\b")
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            if node.value in games or modules.search(node.value):
                found.append(f"{node.lineno}: the string {node.value!r}")
        elif isinstance(node, ast.ImportFrom):
            names = [f"{node.module or ''}.{alias.name}" for alias in node.names]
            if any(modules.search(name) for name in names):
                found.append(f"{node.lineno}: from {node.module} import …")
        elif isinstance(node, ast.Import) and any(modules.search(alias.name) for alias in node.names):
            found.append(f"{node.lineno}: import {', '.join(alias.name for alias in node.names)}")
    return [f"{path.name}:{line}" for line in found]


def test_the_generic_layers_name_no_game():
    """Everything game-specific reaches the Table, the classroom, the environments, the analysis and the board
    dispatcher through the ``GameSpec``: none of their code names a game or imports its modules."""
    games = sorted(i.name for i in pkgutil.iter_modules(ccg.games.__path__) if i.ispkg)
    paths = [path for layer in GENERIC_LAYERS for path in sorted((ROOT / "ccg" / layer).rglob("*.py"))]
    paths += [ROOT / "ccg" / module for module in GENERIC_MODULES]
    found = [f"{path.parent.relative_to(ROOT)}/{line}" for path in paths for line in game_names_in(path, games)]
    assert not found, "\n".join(found)


def test_the_seam_check_finds_a_game_named_in_code(tmp_path):
    """The check above finds each way of naming a game in code, and lets a docstring's example through."""
    games = sorted(i.name for i in pkgutil.iter_modules(ccg.games.__path__) if i.ispkg)
    game = games[0]
    module = tmp_path / "module.py"
    module.write_text(f'''"""An example: Table({game!r})."""
from ccg.games.{game} import hooks
import ccg.plot.{game}


def f(state, name={game!r}):
    """Docstring: {game}."""
    return state.game == {game!r} or __import__("ccg.games.{game}.data")
''', encoding="utf-8")
    found = [line.split(":", 1)[1] for line in game_names_in(module, games)]
    assert [line.split(":")[0] for line in found] == ["2", "3", "6", "8", "8"], found
    module.write_text(f'''"""Table({game!r}) in an example."""\n\n\ndef f(spec):\n    return spec.name\n''', encoding="utf-8")
    assert game_names_in(module, games) == []


def test_the_co2_debrief_metrics_count_what_the_game_did():
    from ccg.games.co2.debrief import cep_paid, game_metrics, seat_metrics

    state = ccg.new_game("co2", players=3, seed=4)
    while not state.is_terminal():
        state.apply(state.legal_actions()[-1])
    record = state.record()
    assert sum(cep_paid(record)) > 0  # what it counts is checked against the bank in tests/classroom
    assert [m["cep_paid"] for m in seat_metrics(record, state)] == cep_paid(record)
    assert game_metrics(state) == {"planet_lost": state.lost, "final_ppm": state.ppm}


def test_a_game_without_a_secret_view_shows_the_fields_only_its_seat_sees():
    from ccg.core.secrets import move_seen_by, seat_secrets

    state = ccg.new_game("toy", players=3, seed=2)  # the toy declares no secret_view: the generic reading
    assert seat_secrets(state, 1) == [("cards", str(state.cards[1]))]
    assert seat_secrets(ccg.new_game("chicago_express", seed=1), 0) == []  # nothing hidden
    with pytest.raises(ValueError, match="seat must be 0..2"):
        seat_secrets(state, 3)
    assert move_seen_by("co2", "keep 14", 0, 1) == "keep ?" and move_seen_by("co2", "keep 14", 0, 0) == "keep 14"
    assert move_seen_by("co2", "keep", 0, 1) == "keep" and move_seen_by("co2", "keep 14", 0, None) == "keep 14"
