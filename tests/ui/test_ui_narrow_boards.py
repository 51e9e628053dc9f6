"""The boards' narrow layouts: drawn where the board would be scaled below a readable size beside the panel.

A narrow layout keeps every trace in the same order with the same points, locations and hover texts (clicks map
alike, nothing leaves the hover), and no text under the game's MIN_TEXT; FigureView sends it with the figure.
"""
from __future__ import annotations

import importlib
import json
import random
import re

import plotly.graph_objects as go
import pytest

import ccg
from ccg.plot.chicago_express import board_name
from ccg.ui.board import READABLE_PX, board_figure, board_figures
from ccg.ui.figure_view import FigureView

GAMES = [("co2", {}), ("chicago_express", {}), ("catan", {"scenario": "oil_springs"}), ("catan", {})]


def _played(game: str, options: dict, moves: int = 40, seed: int = 3):
    state = ccg.new_game(game, players=4, seed=seed, **options)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_terminal():
            break
        state = state.child(rng.choice(state.legal_actions()))
    return state


def _font_sizes(value, key: str = "") -> list[float]:
    """Every font size set anywhere in a plain figure (trace text, tables, annotations, title, legend, hover)."""
    found: list[float] = []
    if isinstance(value, dict):
        for k, v in value.items():
            if k == "size" and key in ("font", "textfont") and not isinstance(v, (dict, list)):
                found.append(float(v))
            elif k == "size" and key in ("font", "textfont") and isinstance(v, list):
                found += [float(x) for x in v]
            else:
                found += _font_sizes(v, k)
    elif isinstance(value, list):
        for v in value:
            found += _font_sizes(v, key)
    return found


def _inline_sizes(fig_json: str) -> list[float]:
    return [float(x) for x in re.findall(r"font-size:\s*([0-9.]+)px", fig_json)]


@pytest.mark.parametrize("game,options", GAMES, ids=["co2", "chicago_express", "catan_oil", "catan"])
@pytest.mark.parametrize("seat", [None, 1])
def test_the_narrow_layout_is_narrow_readable_and_loses_nothing(game, options, seat):
    state = _played(game, options)
    module = importlib.import_module(f"ccg.plot.{game}")
    width = ccg.plot.narrow_width(game)
    assert width == module.NARROW_WIDTH
    full = ccg.plot.board(state, seat=seat)
    narrow = ccg.plot.board(state, seat=seat, width=width)
    assert narrow.layout.width == width < full.layout.width
    plain = json.loads(json.dumps(narrow.to_plotly_json(), default=lambda v: v.tolist()))
    sizes = _font_sizes(plain) + _inline_sizes(json.dumps(plain))
    assert sizes and min(sizes) >= module.MIN_TEXT, sorted(sizes)[:5]
    # the same traces, in order, with the same locations (clicks) and hover texts (nothing leaves the hover)
    assert [t.uid for t in narrow.data] == [t.uid for t in full.data]
    for a, b in zip(full.data, narrow.data):
        assert getattr(a, "customdata", None) == getattr(b, "customdata", None) or \
            list(a.customdata) == list(b.customdata), a.uid
        if getattr(a, "hovertext", None) is not None:
            assert list(a.hovertext) == list(b.hovertext), a.uid
        if a.type == "table":  # every heading and value still shown (Catan's narrow table is turned)
            cells = {str(x) for col in a.cells.values for x in col} | {str(h) for h in a.header.values}
            shown = {str(x) for col in b.cells.values for x in col} | {str(h) for h in b.header.values}
            assert cells <= shown, (a.uid, cells - shown)
    # every annotation and title of the full board is in the narrow one
    assert sorted(str(n.text) for n in full.layout.annotations) == sorted(str(n.text) for n in narrow.layout.annotations)


def test_a_city_name_cut_on_the_narrow_map_stays_whole_in_the_hover():
    state = _played("chicago_express", {})
    narrow = ccg.plot.board(state, width=ccg.plot.narrow_width("chicago_express"))
    names = next(t for t in narrow.data if t.uid == "ce-names").text
    hover = " ".join(next(t for t in narrow.data if t.uid == "ce-values").hovertext)
    board = ccg.board_of(state)
    cut = 0
    for h in board.hexes.values():
        if h.name:
            assert board_name(h.name, narrow=True) in names and len(board_name(h.name, narrow=True)) <= 5
            assert h.name in hover
            cut += board_name(h.name, narrow=True) != h.name
    assert cut >= 3  # Philadelphia, Pittsburgh, Baltimore, … are cut on the narrow map


def test_board_figures_send_the_narrow_layout_with_its_readable_scale():
    state = _played("co2", {})
    fig, narrow, min_scale = board_figures(state, 0, None, highlight=True)
    assert narrow is not None and narrow.layout.width == ccg.plot.narrow_width("co2")
    assert min_scale == pytest.approx(READABLE_PX / importlib.import_module("ccg.plot.co2").MIN_TEXT)
    rings = [t.uid for t in narrow.data if t.uid in ("ccg-targets", "ccg-clicked")]
    assert rings == [t.uid for t in fig.data if t.uid in ("ccg-targets", "ccg-clicked")]  # highlights on both
    view = FigureView()
    view.show(fig, narrow, min_scale)
    payload = json.loads(view.figure_json)
    assert payload["narrow"]["layout"]["width"] == narrow.layout.width and payload["min_scale"] == min_scale
    assert view.narrow is narrow and view.figure is fig
    with pytest.raises(ValueError, match="traces"):
        view.show(fig, go.Figure(board_figure(state, 0, None, width=600).data[1:]), min_scale)
    assert json.loads(view.figure_json)["revision"] == payload["revision"]  # the bad pair changed nothing


def test_a_board_drawing_without_a_narrow_layout_is_only_scaled(monkeypatch):
    state = _played("catan", {})
    monkeypatch.delattr(importlib.import_module("ccg.plot.catan"), "NARROW_WIDTH")
    assert ccg.plot.narrow_width("catan") is None
    fig, narrow, min_scale = board_figures(state, None)
    assert narrow is None and min_scale == 0.0
    view = FigureView()
    view.show(fig)
    assert "narrow" not in json.loads(view.figure_json)


def test_a_table_sends_the_narrow_layout_with_every_redraw():
    from ccg.ui import Table

    t = Table("chicago_express", seats=["human"], players=4, seed=1)
    first = t.board.widget.revision
    payload = json.loads(t.board.widget.figure_json)
    assert payload["narrow"]["layout"]["width"] == ccg.plot.narrow_width("chicago_express")
    assert payload["min_scale"] == pytest.approx(1.0)
    t.play(t.state.legal_actions()[0])
    assert t.board.widget.revision > first and "narrow" in json.loads(t.board.widget.figure_json)
