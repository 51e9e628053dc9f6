"""The boards say what a reader needs: names, producers, and what the numbers mean."""
from __future__ import annotations

import re

import ccg
from ccg.plot.chicago_express import board_name


def company_name(c: int) -> str:
    return list(ccg.board_of("chicago_express").companies)[c]


def _trace(fig, uid):
    return next(t for t in fig.data if t.uid == uid)


def test_chicago_express_names_its_cities_and_start_companies():
    s = ccg.new_game("chicago_express", players=4, seed=1)
    b = ccg.board_of(s)
    fig = ccg.plot.board(s)
    names = " ".join(_trace(fig, "ce-names").text)
    for i, h in enumerate(b.hexes.values()):  # the traces list the hexes in board order
        if h.name:  # every name the data file gives (Chicago, Detroit, Pittsburgh, Wheeling, New York …)
            assert board_name(h.name) in names and len(board_name(h.name)) <= 8  # long ones shortened to fit
            assert h.name in _trace(fig, "ce-values").hovertext[i]  # whole in the hover
    for c, company in enumerate(b.companies):
        start = b.hex_ids.index(b.companies[company].start)
        assert f"start hex of {company}" in _trace(fig, "ce-values").hovertext[start]
        outline = _trace(fig, f"ce-start-{c}")
        assert company in outline.name and outline.showlegend is not False
    assert {"NYC", "PRR", "B&O", "C&O"} <= {re.sub("<[^>]+>", "", t) for t in _trace(fig, "ce-start-names").text}
    assert fig.layout.width and fig.layout.height  # drawn at its own size; a narrow notebook scales it whole


def test_chicago_express_tables_have_whole_headers_and_trains_are_counted():
    s = ccg.new_game("chicago_express", players=4, seed=1)
    fig = ccg.plot.board(s)
    headers = _trace(fig, "ce-table-companies").header.values
    assert {"treasury", "company"} <= {h.lower() for h in headers}  # the rulebook's names (ccg.core.glossary.term)
    for c in range(4):
        trains = _trace(fig, f"ce-trains-{c}")
        assert f"({len(s.to_dict()['state']['trains'][company_name(c)])} on the map)" in trains.name
        xs = [x for x in trains.x if x is not None]
        assert max(xs) - min(xs) >= 0.25  # a train is a quarter of a hex wide at least (was 0.24)


def test_oil_spring_hexes_are_labelled_oil_by_oil_2_3():
    s = ccg.new_game("catan", players=4, seed=1, scenario="oil_springs")
    fig = ccg.plot.board(s)
    labels = [x.lower() for x in _trace(fig, "catan-terrain-names").text]  # names by ccg.core.glossary.term: "Oil"
    hover = [x.lower() for x in _trace(fig, "catan-hexes").hovertext]
    hexes = list(ccg.board_of(s).hexes.values())  # H0, H1, … as the traces list them
    springs = [h for h, x in enumerate(hexes) if x.spring]
    assert springs
    for h in range(len(hexes)):
        if h in springs:
            assert "oil" in labels[h] and "lumber" not in labels[h] and "wool" not in labels[h]
            assert "oil-2.3" in hover[h] and "→ lumber" not in hover[h] and "→ wool" not in hover[h]
        else:
            assert "oil" not in labels[h]


def test_co2_explains_cep_scientists_and_negative_vp():
    e = ccg.new_game("co2", players=4, seed=1).edit()
    e.player(2).vp = -3  # VP may be negative (CO2-0.7); the view must not hide it
    s = e.commit()
    fig = ccg.plot.board(s)
    notes = list(fig.layout.annotations)
    region = next(a for a in notes if (a.text or "").startswith("CEP "))
    assert "CO2-6.3.7" in region.hovertext
    header = next(a for a in notes if a.text == "<b>scient.</b>")
    assert "in hand" in header.hovertext and "on the board" in header.hovertext
    vp = next(a for a in notes if a.text == "-3")
    assert "CO2-0.7" in vp.hovertext and vp.font.color == "#c0392b"
    key = " ".join(a.text for a in notes)
    assert "CEP 4/5 in a region" in key and "VP below zero" in key
