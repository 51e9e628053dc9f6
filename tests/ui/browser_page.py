"""What the browser holds, read from the page and compared with the game: figures, and the board's layout."""
from __future__ import annotations

import html
import json
import math
import re
from typing import Any

READ_FIGURE = """(root, where = '.ccg-board') => {
  const gd = root.querySelector(where + ' .js-plotly-plot');
  if (!gd || !gd.data) return null;
  const v = (x) => (x === undefined ? null : x);
  const arr = (x) => (x === undefined || x === null ? null : Array.from(x));
  return {
    data: gd.data.map(t => ({type: v(t.type), name: v(t.name), x: arr(t.x), y: arr(t.y), text: v(t.text),
                             hovertext: v(t.hovertext), customdata: v(t.customdata),
                             header: t.header ? v(t.header.values) : null, cells: t.cells ? v(t.cells.values) : null})),
    annotations: (gd.layout.annotations || []).map(a => ({text: v(a.text), x: v(a.x), y: v(a.y)})),
    shapes: (gd.layout.shapes || []).map(s => ({type: v(s.type), x0: v(s.x0), x1: v(s.x1), y0: v(s.y0), y1: v(s.y1)})),
    title: gd.layout.title ? v(gd.layout.title.text) : null,
  };
}"""

TRACE_KEYS = ("type", "name", "x", "y", "text", "hovertext", "customdata")

READ_TABLE_TEXTS = """(root) => {
  // the texts Plotly drew in each table trace of the board (one per header or body cell, spaces dropped:
  // a wrapped cell is split into lines), by trace index
  const gd = root.querySelector('.ccg-board .js-plotly-plot');
  const out = {};
  if (!gd || !gd._fullData) return out;
  gd._fullData.forEach((t, i) => {
    if (t.type !== 'table') return;
    const texts = [];
    for (const g of gd.querySelectorAll('g.table')) if (g.__data__ && String(g.__data__.key).startsWith(t.uid))
      g.querySelectorAll('text').forEach(x => texts.push(x.textContent.replace(/\\s+/g, '')));
    out[i] = texts.sort();
  });
  return out;
}"""


def _cell_text(value: Any) -> str:
    """A table cell as Plotly draws it, spaces dropped: tags removed, entities read."""
    text = re.sub(r"<br\s*/?>", " ", str(value), flags=re.I)
    return "".join(html.unescape(re.sub(r"<[^>]+>", "", text)).split())


def expected_table_texts(figure) -> dict[str, list[str]]:
    """Every table trace's header and body cells as READ_TABLE_TEXTS reads them, by trace index."""
    out = {}
    for i, t in enumerate(figure.data):
        if t.type == "table":
            header = list(t.header.values or ())
            cells = [c for column in (t.cells.values or ()) for c in column]
            out[str(i)] = sorted(_cell_text(v) for v in header + cells)
    return out


def table_text_differences(seen: dict, expected: dict) -> list[str]:
    """The table cells drawn differently from the kernel's figure (blank, cut or moved texts)."""
    out = []
    for i, want in expected.items():
        got = seen.get(i, [])
        missing = [w for w in want if w and w not in got]
        if sorted(got) != want:
            out.append(f"table trace {i}: drawn {len(got)} texts, expected {len(want)}; not drawn: {missing[:8]}")
    return out


def _plain(value: Any) -> Any:
    return value.tolist() if hasattr(value, "tolist") else str(value)


def expected_figure(state, seat, location: str | None = None, width: int | None = None) -> dict:
    """The Table's board — ``ccg.plot.board(state, seat)`` (laid out for ``width``) with the legal targets and
    the clicked ``location`` ringed — as the browser receives it (JSON-normalised), in READ_FIGURE's shape."""
    from ccg.ui.board import board_figure

    return figure_summary(board_figure(state, seat, location, highlight=True, width=width))


def figure_summary(figure) -> dict:
    """A Plotly figure as the browser receives it (JSON-normalised), in READ_FIGURE's shape."""
    fig = json.loads(json.dumps(figure.to_plotly_json(), default=_plain))
    layout = fig["layout"]

    def trace(t: dict) -> dict:
        out = {k: t.get(k) for k in TRACE_KEYS}
        out["header"] = (t.get("header") or {}).get("values")
        out["cells"] = (t.get("cells") or {}).get("values")
        return out

    title = layout.get("title")
    return {
        "data": [trace(t) for t in fig["data"]],
        "annotations": [{k: a.get(k) for k in ("text", "x", "y")} for a in layout.get("annotations", [])],
        "shapes": [{k: s.get(k) for k in ("type", "x0", "x1", "y0", "y1")} for s in layout.get("shapes", [])],
        "title": title.get("text") if isinstance(title, dict) else title,
    }


def differences(seen: dict | None, expected: dict, limit: int = 8) -> list[str]:
    """Where the browser's figure differs from the expected one (empty: equal), trace by trace, item by item."""
    if seen is None:
        return ["the page holds no board figure"]
    out: list[str] = []
    if len(seen["data"]) != len(expected["data"]):
        out.append(f"{len(seen['data'])} traces in the browser, {len(expected['data'])} expected")
    for i, (a, b) in enumerate(zip(seen["data"], expected["data"])):
        for key in b:
            if a.get(key) != b[key]:
                got, want = a.get(key), b[key]
                count = f" ({len(got) if isinstance(got, list) else '-'} points, {len(want) if isinstance(want, list) else '-'} expected)"
                out.append(f"trace {i} ({b.get('name')}) {key}{count if key in ('x', 'y', 'customdata') else ''}: "
                           f"{str(got)[:120]} != {str(want)[:120]}")
    for key in ("annotations", "shapes"):
        if len(seen[key]) != len(expected[key]):
            out.append(f"{len(seen[key])} {key} in the browser, {len(expected[key])} expected")
        for i, (a, b) in enumerate(zip(seen[key], expected[key])):
            if a != b:
                out.append(f"{key[:-1]} {i}: {a} != {b}")
    if seen["title"] != expected["title"]:
        out.append(f"title: {seen['title']!r} != {expected['title']!r}")
    return out[:limit] + ([f"… {len(out) - limit} more"] if len(out) > limit else [])


def text_of(markup: str) -> str:
    """What a browser's textContent holds for a small HTML fragment (tags dropped, entities and spaces normalised)."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", "", markup)).split())


def shown_text_of(markup: str) -> str:
    """What a browser's innerText shows for a small HTML fragment: as :func:`text_of`, but a closed ``<details>``
    shows only its ``<summary>`` (a bot's "why?"), on a line of its own."""
    return text_of(re.sub(r"<details\b[^>]*>\s*<summary>(.*?)</summary>.*?</details>", r" \1 ", markup, flags=re.S))


# ---------------------------------------------------------------------------------------------- layout
FITTED = """async () => {
  // true once every board is drawn at the scale its current room gives (after the page has relaid out)
  for (let i = 0; i < 2; i++) await new Promise(r => requestAnimationFrame(r));
  return Array.from(document.querySelectorAll('.ccg-board .ccg-figure-frame')).every(frame => {
    const plot = frame.firstElementChild, host = frame.parentElement;
    const width = plot && plot._fullLayout && plot.layout && plot.layout.width;
    if (!width) return true;
    const scale = Math.min(1, host.clientWidth / width);
    return Math.abs(frame.getBoundingClientRect().width - Math.floor(width * scale)) <= 1;
  });
}"""

MEASURE = """([index, parts]) => {
  // for one target (scatter/table traces and annotations of the board): its box on the page once scrolled
  // into view, whether it lies inside the viewport, and what the topmost element is at sample points
  const root = document.querySelectorAll('.ccg-table')[index];
  const gd = root.querySelector('.ccg-board .js-plotly-plot');
  const elements = [];
  for (const [kind, i] of parts) {
    if (kind === 'annotation') {
      const a = gd.querySelector(`g.annotation[data-index="${i}"]`);
      if (a) elements.push(a);
    } else if (gd._fullData[i].type === 'table') {
      const uid = gd._fullData[i].uid;
      for (const g of gd.querySelectorAll('g.table')) if (g.__data__ && String(g.__data__.key).startsWith(uid)) elements.push(g);
    } else {
      for (const g of gd.querySelectorAll('g.trace')) if (g.__data__ && g.__data__[0] && g.__data__[0].trace.index === i) elements.push(g);
    }
  }
  if (!elements.length) return null;
  const box = () => {
    const rs = elements.map(e => e.getBoundingClientRect()).filter(r => r.width || r.height);
    return {left: Math.min(...rs.map(r => r.left)), top: Math.min(...rs.map(r => r.top)),
            right: Math.max(...rs.map(r => r.right)), bottom: Math.max(...rs.map(r => r.bottom))};
  };
  let b = box();
  const probe = document.createElement('div');  // scroll the target's centre into view (any scrolling ancestor)
  const frame = gd.parentElement, f = frame.getBoundingClientRect();
  frame.style.position = 'relative';
  Object.assign(probe.style, {position: 'absolute', width: '1px', height: '1px',
                              left: ((b.left + b.right) / 2 - f.left) + 'px', top: ((b.top + b.bottom) / 2 - f.top) + 'px'});
  frame.appendChild(probe);
  probe.scrollIntoView({block: 'center', inline: 'nearest'});
  probe.remove();
  b = box();
  const samples = [[0.5, 0.5], [0.2, 0.2], [0.8, 0.2], [0.2, 0.8], [0.8, 0.8]].map(([u, v]) => {
    const x = b.left + u * (b.right - b.left), y = b.top + v * (b.bottom - b.top);
    const hit = document.elementFromPoint(x, y);
    return hit && gd.contains(hit) ? null : `${Math.round(x)},${Math.round(y)}: ${hit ? (hit.className.baseVal ?? hit.className) : 'outside the page'}`;
  }).filter(Boolean);
  const panel = root.querySelector('.ccg-panel').getBoundingClientRect();
  const board = frame.getBoundingClientRect();
  const overlap = Math.max(0, Math.min(panel.right, board.right) - Math.max(panel.left, board.left))
                * Math.max(0, Math.min(panel.bottom, board.bottom) - Math.max(panel.top, board.top));
  return {box: b, width: innerWidth, height: innerHeight, covered: samples, overlap,
          board: {left: board.left, right: board.right}, scale: Number(frame.parentElement.dataset.ccgScale || 1)};
}"""


def layout_targets(fig) -> dict[str, list[tuple[str, int]]]:
    """What must stay visible on a board: CO2's gauge, market and player table; every game's tables."""
    data = fig.data
    notes = list(fig.layout.annotations or ())
    names = {getattr(t, "name", None): k for k, t in enumerate(data)}
    out: dict[str, list[tuple[str, int]]] = {}
    if "co2-gauge" in names:
        def note(prefix: str) -> int:
            return next(i for i, a in enumerate(notes) if (a.text or "").startswith(prefix))
        out["CO2 gauge"] = [("trace", names["co2-gauge"]), ("annotation", note("<b>CO2 ppm"))]
        out["CEP market"] = [("trace", names["co2-market"]), ("annotation", note("<b>Market"))]
        first, last = note("<b>player</b>"), note("<b>company goal</b>")
        rows = [i for i, a in enumerate(notes) if i > last and a.x is not None and a.y is not None
                and a.x >= notes[first].x and a.y < notes[first].y and a.y > notes[first].y - 4]
        out["player table"] = [("annotation", first), ("annotation", last)] + [("annotation", i) for i in rows]
    for k, t in enumerate(data):
        if t.type == "table":
            out[f"table {getattr(t, 'uid', k)}"] = [("trace", k)]
    if "harbours" in names:
        out["harbours"] = [("trace", names["harbours"])]
    return out


NAME_WIDTHS = """([index, uid]) => {
  // every text of one board trace with its drawn width, in the board's own (unscaled) pixels
  const gd = document.querySelectorAll('.ccg-table')[index].querySelector('.ccg-board .js-plotly-plot');
  const xa = gd._fullLayout.xaxis, perUnit = xa._length / Math.abs(xa.range[1] - xa.range[0]);
  const i = gd._fullData.findIndex(t => t.uid === uid);
  const out = [];
  for (const g of gd.querySelectorAll('g.trace'))
    if (g.__data__ && g.__data__[0] && g.__data__[0].trace.index === i)
      g.querySelectorAll('text').forEach(t => out.push([t.textContent, t.getBBox().width / perUnit]));
  return out;
}"""


def names_outside_their_hexes(page, index: int, fig, label: str) -> list[str]:
    """Chicago Express: a city name wider than its hex at the height it is drawn (in map units, as drawn)."""
    if not any(getattr(t, "uid", None) == "ce-names" for t in fig.data):
        return []
    from ccg.plot.chicago_express import NAME_DROP, R
    corner = 0.97 * R  # the drawn hex's circumradius (flat-topped)
    room = 2 * (corner - NAME_DROP / math.sqrt(3))  # its width at the name's height
    widths = page.evaluate(NAME_WIDTHS, [index, "ce-names"])
    if not widths:
        return [f"{label}: the city names are not drawn"]
    return [f"{label}: {name!r} is {width:.2f} map units wide, its hex {room:.2f} there"
            for name, width in widths if width > room]


PANEL_PLACE = """(index) => {
  // where the control panel sits against the board, and the smallest text drawn on the board (px on screen)
  const root = document.querySelectorAll('.ccg-table')[index];
  const panel = root.querySelector('.ccg-panel').getBoundingClientRect();
  const frame = root.querySelector('.ccg-board .ccg-figure-frame').getBoundingClientRect();
  const gd = root.querySelector('.ccg-board .js-plotly-plot');
  let smallest = Infinity;
  gd.querySelectorAll('text').forEach(t => {
    if (!t.textContent.trim()) return;
    const size = t.getBoundingClientRect().height;
    if (size > 0) smallest = Math.min(smallest, parseFloat(getComputedStyle(t).fontSize) * frame.width / gd._fullLayout.width);
  });
  return {beside: panel.left >= frame.right - 1 && panel.top < frame.bottom, window: innerWidth,
          scale: frame.width / gd._fullLayout.width, smallest};
}"""


def panel_place(page, index: int) -> dict:
    """Is the panel beside the board; the board's scale and its smallest text on screen (px)."""
    return page.evaluate(PANEL_PLACE, index)


def check_layout(page, index: int, fig, label: str, beside: bool = False) -> list[str]:
    """Problems with one Table's layout at the page's current size (empty: none).

    With ``beside`` the control panel must sit beside the board, not under it."""
    problems = names_outside_their_hexes(page, index, fig, label)
    place = panel_place(page, index)
    if beside and not place["beside"]:
        problems.append(f"{label}: the control panel is not beside the board at {place['window']} px")
    for name, parts in layout_targets(fig).items():
        m = page.evaluate(MEASURE, [index, [list(p) for p in parts]])
        if m is None:
            problems.append(f"{label}: {name} is not drawn")
            continue
        b = m["box"]
        if b["left"] < -1 or b["right"] > m["width"] + 1:
            problems.append(f"{label}: {name} reaches outside the viewport horizontally ({b['left']:.0f}–{b['right']:.0f} of {m['width']})")
        if b["bottom"] - b["top"] <= m["height"] and (b["top"] < -1 or b["bottom"] > m["height"] + 1):
            problems.append(f"{label}: {name} cannot be brought inside the viewport ({b['top']:.0f}–{b['bottom']:.0f} of {m['height']})")
        if m["covered"]:
            problems.append(f"{label}: {name} is covered at {m['covered']}")
        if m["overlap"] > 0:
            problems.append(f"{label}: the control panel overlaps the board ({m['overlap']:.0f} px²)")
        if m["board"]["right"] > m["width"] + 1:
            problems.append(f"{label}: the board reaches past the right edge ({m['board']['right']:.0f} > {m['width']})")
    return problems
