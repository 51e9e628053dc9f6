// A student's page: joins with the code on the card, shows what the server sends for this seat, sends moves.
// Everything shown comes from the server, built from this seat's observation; the page keeps nothing else.
(function () {
  "use strict";
  const $ = (sel) => document.querySelector(sel);
  const T = JSON.parse(document.getElementById("ccg-texts").textContent);  // this page's texts, translated
  let ws = null, page = null, code = null, name = null, retry = 500, joined = false;

  function codeFromAddress() {
    const h = decodeURIComponent(location.hash.replace(/^#/, "")).trim();
    return h ? h : null;
  }
  function showForm(error) {
    joined = false;
    $(".ccg-table").hidden = true;
    $(".ccg-join").hidden = false;
    $(".ccg-error").textContent = error || "";
  }
  function status(text) {
    const s = $(".ccg-status");
    s.textContent = text || "";
    s.hidden = !text;
    document.body.dataset.store = text ? "reconnecting" : "ok";
  }
  function send(msg) {
    if (ws && ws.readyState === WebSocket.OPEN) { ws.send(JSON.stringify(msg)); return true; }
    return false;
  }
  function join() {
    if (code) { send({ type: "join", code: code, name: name }); }
    else { showForm(""); }
  }
  function connect() {
    const proto = location.protocol === "https:" ? "wss://" : "ws://";
    ws = new WebSocket(proto + location.host + "/ws/student?page_lang=" + encodeURIComponent(document.documentElement.dataset.lang));
    ws.onopen = () => { retry = 500; status(""); join(); };
    ws.onmessage = (ev) => receive(JSON.parse(ev.data));
    ws.onclose = () => {
      status(T.reconnecting);
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 5000);
    };
  }
  function receive(msg) {
    if (msg.type === "page") { draw(msg); }
    else if (msg.type === "board") { drawBoard(msg); }
    else if (msg.type === "joined") {
      joined = true; name = null;
      $(".ccg-join").hidden = true; $(".ccg-table").hidden = false;
      if (codeFromAddress() !== code) { history.replaceState(null, "", "#" + encodeURIComponent(code)); }
      const root = document.documentElement;  // the table's language, unless this device chose one
      if (msg.lang && msg.lang !== root.dataset.lang && root.dataset.langChosen !== "1") {
        location.replace("?table_lang=" + encodeURIComponent(msg.lang) + location.hash);
      }
    }
    else if (msg.type === "join-error") { code = null; history.replaceState(null, "", location.pathname); showForm(msg.text); }
    else if (msg.type === "left") { code = null; history.replaceState(null, "", location.pathname); showForm(msg.text); }
    else if (msg.type === "said") { $(".ccg-message").textContent = msg.text; }
    else if (msg.type === "status") { status(msg.store === "ok" ? "" : T.reconnecting); }
  }
  function draw(p) {
    const before = page;
    page = p;
    $(".ccg-header").innerHTML = p.header;   // HTML built and escaped by the server (ccg.classroom.views)
    $(".ccg-secrets").innerHTML = p.secrets;
    $(".ccg-scores-panel").innerHTML = p.scores;
    $(".ccg-log-panel").innerHTML = p.log;
    const moved = !before || before.version !== p.version || before.table !== p.table;
    fillActions(moved);
    $(".ccg-move").hidden = !p.your_turn;
    document.body.dataset.version = String(p.version);
    document.body.dataset.table = String(p.table);
    document.body.dataset.seat = String(p.seat);
  }
  function drawBoard(b) {  // the seat's board (ccg.plot.board) follows its page; an older one is dropped
    if (!page || b.version !== page.version || b.table !== page.table) return;
    const fig = b.board || { data: [], layout: {} };
    Plotly.react($(".ccg-board"), fig.data || [], fig.layout || {}, { displayModeBar: false, responsive: true });
    document.body.dataset.board = String(b.version);
  }
  function fillActions(moved) {
    const select = $(".ccg-actions");
    const chosen = moved ? null : select.value;  // a new position clears the choice: no stale click
    const terms = $(".ccg-search").value.toLowerCase().split(/\s+/).filter(Boolean);
    select.innerHTML = "";
    for (const [notation, words] of (page ? page.actions : [])) {
      const hay = (notation + " " + words).toLowerCase();
      if (!terms.every((t) => hay.includes(t))) continue;
      const o = document.createElement("option");
      o.value = notation;
      o.textContent = words === notation ? notation : words + "  [" + notation + "]";
      select.appendChild(o);
    }
    if (chosen !== null) select.value = chosen;
    if (select.options.length === 1) select.selectedIndex = 0;
    $(".ccg-play").disabled = select.options.length === 0;
  }
  document.addEventListener("DOMContentLoaded", () => {
    $(".ccg-join-form").addEventListener("submit", (ev) => {
      ev.preventDefault();
      code = $(".ccg-code-input").value.trim();
      name = $(".ccg-name-input").value.trim() || null;
      $(".ccg-error").textContent = "";
      if (!send({ type: "join", code: code, name: name })) { status(T.reconnecting); }
    });
    $(".ccg-search").addEventListener("input", () => fillActions(false));
    $(".ccg-play").addEventListener("click", () => {
      const action = $(".ccg-actions").value;
      if (!action) { $(".ccg-message").textContent = T.pick_first; return; }
      if (!send({ type: "play", action: action, seen: page ? page.version : null })) {
        $(".ccg-message").textContent = T.not_sent;
      }
    });
    for (const a of document.querySelectorAll(".ccg-langs a")) {  // switching language keeps the seat
      a.addEventListener("click", () => { a.href = "?lang=" + encodeURIComponent(a.dataset.lang) + location.hash; });
    }
    window.addEventListener("hashchange", () => { const c = codeFromAddress(); if (c && c !== code) { code = c; join(); } });
    code = codeFromAddress();
    if (!code) showForm("");
    connect();
  });
})();
