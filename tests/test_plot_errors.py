"""A failing board drawing is reported as what it is; only a game without a view falls back to text."""
from __future__ import annotations

import dataclasses
import sys

import pytest

import ccg
import ccg.plot
from ccg.core import get_spec, register
from ccg.ui.table import board_figure


@pytest.fixture
def broken_toy_view(tmp_path, monkeypatch):
    """The toy game declares a board drawing (``SPEC.plot``) that imports a module that is not installed."""
    (tmp_path / "toy_broken_view.py").write_text("import a_dependency_that_is_not_installed\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "toy_broken_view", raising=False)
    original = get_spec("toy")
    register(dataclasses.replace(original, plot="toy_broken_view"))
    yield
    register(original)


@pytest.fixture
def no_toy_view():
    """The toy game as tests/toy_game.py declares it: no board drawing (other tests may have given it one)."""
    original = get_spec("toy")
    register(dataclasses.replace(original, plot=None))
    yield
    register(original)


def test_a_broken_view_module_is_not_called_missing(broken_toy_view):
    s = ccg.new_game("toy", seed=1)
    with pytest.raises(ModuleNotFoundError, match="a_dependency_that_is_not_installed"):
        ccg.plot.board(s)
    with pytest.raises(ModuleNotFoundError):
        s._repr_mimebundle_()
    with pytest.raises(ModuleNotFoundError):
        board_figure(s)


def test_a_game_without_a_view_falls_back_to_text(no_toy_view):
    s = ccg.new_game("toy", seed=1)
    with pytest.raises(ccg.plot.NoBoardDrawing, match="no board drawing for game 'toy': its GameSpec declares no plot module"):
        ccg.plot.board(s)
    assert issubclass(ccg.plot.NoBoardDrawing, ValueError)
    bundle = s._repr_mimebundle_()
    assert bundle["text/plain"] == str(s) and "<pre>" in bundle["text/html"]
    assert board_figure(s).layout.annotations  # the Table shows the text summary
