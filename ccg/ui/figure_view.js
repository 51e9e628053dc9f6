// Front end of ccg.ui.figure_view.FigureView: draws the whole figure the kernel holds, every time.
//
// The kernel's state is one synced string, `figure_json` (the complete Plotly figure). Every change
// is drawn with Plotly.react, which diffs against what is on screen; a page that connects late (Voila,
// a reloaded JupyterLab tab) reads the current string, so it can never show an older board.
//
// plotly.js comes from the kernel once per page (the copy bundled with plotly.py, sent as text in the
// message on request: no binary frame, which Voila mis-reads from pages on the v0 protocol) and is shared by every FigureView on the page.
//
// Hooks for browser tests: the host element carries `data-ccg-pending` while a received figure is
// still being drawn (or waits for the view to be laid out on the page), and `data-ccg-revision` (the kernel's revision number) once it is on screen.

const SHARED = "__ccgPlotly";

// One plotly.js per page. The first view asks its kernel for it; a view that finds the request still
// unanswered after a few seconds asks too (the first view may have been closed before the answer came).
function loadPlotly(model) {
  let shared = globalThis[SHARED];
  if (!shared) {
    shared = globalThis[SHARED] = { asked: false, done: false };
    shared.promise = new Promise((resolve, reject) => { shared.resolve = resolve; shared.reject = reject; });
  }
  if (!shared.done) {
    const onMessage = async (msg) => {
      if (!msg || msg.event !== "plotly-js" || typeof msg.source !== "string" || shared.done) return;
      shared.done = true;
      model.off("msg:custom", onMessage);
      const url = URL.createObjectURL(new Blob([msg.source], { type: "text/javascript" }));
      try {
        await import(/* webpackIgnore: true */ url); // the UMD bundle sets window.Plotly
        shared.resolve(window.Plotly);
      } catch (error) {
        shared.reject(error);
      } finally {
        URL.revokeObjectURL(url);
      }
    };
    const ask = () => {
      if (shared.done) return;
      model.on("msg:custom", onMessage);
      model.send({ event: "need-plotly" });
    };
    if (shared.asked) setTimeout(ask, 3000);
    else ask();
    shared.asked = true;
  }
  return shared.promise;
}

function render({ model, el }) {
  const frame = document.createElement("div"); // sized to the scaled figure
  const plot = document.createElement("div"); // the Plotly graph div, drawn at the figure's own size
  frame.className = "ccg-figure-frame";
  plot.className = "ccg-figure";
  frame.appendChild(plot);
  el.appendChild(frame);
  let Plotly = null;
  let drawn = 0; // revisions asked for
  let size = null; // the figure's own width and height (null: it follows the container)
  let wired = false;
  let alive = true;
  let waiting = false; // a figure arrived while the view was not on screen: drawn once it is
  let payload = null; // the last figure received: {revision, figure, narrow?, min_scale?}
  let variant = "figure"; // which of its layouts is on screen: "figure" or "narrow"

  // the room to the px below (clientWidth rounds a fractional width up half the time: a board a fraction
  // of a pixel wider than its box would reach under the panel beside it)
  const roomOf = () => Math.floor(el.getBoundingClientRect().width);

  // A board that would be scaled below min_scale (its texts under the smallest readable size) is drawn in
  // its narrow layout instead, when the kernel sent one.
  const pick = () => {
    if (!payload || !payload.narrow) return "figure";
    const width = (payload.figure.layout || {}).width;
    const room = roomOf();
    return width && room && room < width * payload.min_scale ? "narrow" : "figure";
  };

  // Plotly measures text while it draws (a table wraps any cell text holding a space by measuring
  // its words). Drawn into a detached or hidden element every measure is 0 and those texts come out
  // blank until the next redraw; so a figure is drawn only once the view is laid out on the page.
  const onScreen = () => el.isConnected && el.getClientRects().length > 0;

  // A wide board in a narrow notebook is scaled down as a picture (fonts included), never cropped:
  // Plotly maps pointer positions through CSS transforms, so hover and click keep working.
  const fit = () => {
    if (!size) {
      plot.style.transform = plot.style.width = plot.style.height = "";
      frame.style.width = frame.style.height = "";
      if (Plotly && plot.layout) Plotly.Plots.resize(plot);
      return;
    }
    const room = roomOf() || size.width;
    const scale = Math.min(1, room / size.width);
    plot.style.width = `${size.width}px`; // the graph div keeps the figure's size; only its picture is scaled
    plot.style.height = `${size.height}px`;
    plot.style.transformOrigin = "0 0";
    plot.style.transform = scale < 1 ? `scale(${scale})` : "";
    frame.style.width = `${Math.floor(size.width * scale)}px`;
    frame.style.height = `${Math.ceil(size.height * scale)}px`;
    frame.style.overflow = "hidden";
    el.dataset.ccgScale = scale.toFixed(4);
    // Plotly caches the page-to-plot transform when it draws; refresh it when the scale changes
    const full = plot._fullLayout;
    if (full && typeof full._calcInverseTransform === "function") full._calcInverseTransform(plot);
  };

  const draw = async () => {
    const revision = ++drawn;
    const text = model.get("figure_json");
    el.dataset.ccgPending = "1";
    try {
      if (!text) {
        waiting = false;
        payload = null;
        if (Plotly) Plotly.purge(plot);
        size = null;
      } else {
        const got = (payload = JSON.parse(text));
        Plotly = Plotly || (await loadPlotly(model));
        if (!alive || revision !== drawn) return; // a newer figure arrived meanwhile: draw that one
        if (!onScreen()) {
          waiting = true; // the ResizeObserver calls draw() when the view is laid out
          return;
        }
        waiting = false;
        variant = pick();
        const shown = got[variant];
        const layout = shown.layout || {};
        size = layout.width && layout.height ? { width: layout.width, height: layout.height } : null;
        fit();
        el.dataset.ccgVariant = variant;
        await Plotly.react(plot, shown.data || [], layout, {
          displaylogo: false, responsive: !size, modeBarButtonsToRemove: ["select2d", "lasso2d"],
        });
        if (!wired) {
          plot.on("plotly_click", (event) => {
            const point = event && event.points && event.points[0];
            if (point && typeof point.pointNumber === "number") {
              model.send({ event: "click", trace: point.curveNumber, point: point.pointNumber });
            }
          });
          wired = true;
        }
        el.dataset.ccgRevision = String(got.revision);
      }
    } catch (error) {
      el.dataset.ccgError = String(error);
      console.error("ccg FigureView:", error);
    } finally {
      if (revision === drawn && !waiting) delete el.dataset.ccgPending;
    }
  };

  const resized = new ResizeObserver(() => {
    if ((waiting && onScreen()) || (payload && !waiting && pick() !== variant)) draw();
    else fit();
  });
  resized.observe(el);
  model.on("change:figure_json", draw);
  draw();
  return () => {
    alive = false;
    resized.disconnect();
    model.off("change:figure_json", draw);
    if (Plotly) Plotly.purge(plot);
  };
}

export default { render };
