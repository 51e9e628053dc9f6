"""The guides stay honest: ccg/games/README.md names every GameSpec field and GameState hook, ccg/ui/README.md
every module of ccg/ui, ccg/plot/README.md the view contract's names."""
from __future__ import annotations

import ast
import dataclasses
import re
from pathlib import Path

from ccg.core import GameSpec, GameState
from ccg.core import state as state_module

ROOT = Path(__file__).resolve().parents[2]


def _hooks() -> list[str]:
    """The hooks listed in ccg/core/state.py's docstring (each line of the list opens with its names), read from
    the source: the module may run compiled (build_native.py), which keeps no docstring of its own."""
    source = Path(state_module.__file__).with_name("state.py").read_text(encoding="utf-8")
    listing = ast.get_docstring(ast.parse(source)).split("Hooks a game implements", 1)[1]
    names = []
    for line in listing.splitlines():
        m = re.match(r"^    ([A-Za-z_].*?)(?:\s{2,}|$)", line)
        if m:
            names += [n.strip() for n in re.sub(r"\([^)]*\)", "", m.group(1)).split(",")]
    return names


def test_the_hook_list_is_the_base_class_s():
    hooks = _hooks()
    assert {"current_player", "_legal_actions", "_apply", "_observe", "_resample_hidden", "_secret_action"} <= set(hooks)
    assert all(hasattr(GameState, h) for h in hooks), [h for h in hooks if not hasattr(GameState, h)]


def test_the_guide_to_adding_a_game_names_every_hook_and_spec_field():
    guide = (ROOT / "ccg" / "games" / "README.md").read_text(encoding="utf-8")
    fields = [f.name for f in dataclasses.fields(GameSpec)]
    missing = [f for f in fields if f"`{f}`" not in guide and f"`{f}," not in guide and f" {f}`" not in guide]
    assert not missing, f"ccg/games/README.md does not describe GameSpec field(s) {missing}"
    missing = [h for h in _hooks() if h not in guide]
    assert not missing, f"ccg/games/README.md does not describe GameState hook(s) {missing}"
    for path in re.findall(r"`((?:tests|ccg|docs)/[\w/.]+\.(?:py|md))`", guide):
        if "<" not in path:
            assert (ROOT / path).exists(), f"ccg/games/README.md names {path}, which does not exist"


def test_the_ui_guide_lists_every_module_and_the_plot_guide_the_view_contract():
    ui = (ROOT / "ccg" / "ui" / "README.md").read_text(encoding="utf-8")
    modules = sorted(p.name for p in (ROOT / "ccg" / "ui").glob("*.py") if p.name != "__init__.py")
    assert [m for m in modules if f"`{m}`" not in ui] == []
    plot = (ROOT / "ccg" / "plot" / "README.md").read_text(encoding="utf-8")
    for name in ("board(state, seat=None", "customdata", "Action.where", "NonFiniteFigureError", "NoBoardDrawing",
                 "data-ccg-revision", "figure_summary"):
        assert name in plot, name
