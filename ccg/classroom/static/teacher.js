// The teacher's dashboard: the overview the server sends, and the teacher's requests as JSON messages.
(function () {
  "use strict";
  const $ = (sel) => document.querySelector(sel);
  const T = JSON.parse(document.getElementById("ccg-texts").textContent);  // this page's texts, translated
  let ws = null, retry = 500, lastTables = [];

  function status(text) {
    const s = $(".ccg-status");
    s.textContent = text || ""; s.hidden = !text;
    document.body.dataset.store = text ? "reconnecting" : "ok";
  }
  function say(text, bad) {
    const s = $(".ccg-say");
    s.textContent = text; s.classList.toggle("ccg-bad", !!bad);
  }
  function send(msg) {
    if (ws && ws.readyState === WebSocket.OPEN) { ws.send(JSON.stringify(msg)); return true; }
    say(T.not_sent, true); return false;
  }
  function connect() {
    const proto = location.protocol === "https:" ? "wss://" : "ws://";
    ws = new WebSocket(proto + location.host + "/ws/teacher?page_lang=" + encodeURIComponent(document.documentElement.dataset.lang));
    ws.onopen = () => { retry = 500; status(""); };
    ws.onmessage = (ev) => receive(JSON.parse(ev.data));
    ws.onclose = () => { status(T.reconnecting); setTimeout(connect, retry); retry = Math.min(retry * 2, 5000); };
  }
  function plot(div, fig) {
    Plotly.react(div, fig.data || [], fig.layout || {}, { displayModeBar: false, responsive: true });
  }
  function receive(msg) {
    if (msg.type === "overview") {
      $(".ccg-overview").innerHTML = msg.html;  // built and escaped by the server (ccg.classroom.dashboard)
      lastTables = msg.tables;
      if (msg.codes !== null) { $(".ccg-codes").innerHTML = msg.codes; }
      $(".ccg-bots").textContent = T.bots.replace("{state}", msg.bots);
      const sel = $(".ccg-lesson"), keep = sel.value;
      const want = [""].concat(msg.lessons);
      const have = Array.from(sel.options).map((o) => o.value);
      if (want.join("\u0000") !== have.join("\u0000")) {
        sel.innerHTML = "";
        for (const l of want) {
          const o = document.createElement("option");
          o.value = l; o.textContent = l === "" ? T.all_lessons : l; sel.appendChild(o);
        }
        sel.value = want.includes(keep) ? keep : "";
      }
      filterRows();
      document.body.dataset.tables = String(msg.tables.length);
    } else if (msg.type === "said") { say(msg.text, msg.error); }
    else if (msg.type === "status") { status(msg.store === "ok" ? "" : T.reconnecting); }
    else if (msg.type === "reveal") {
      $(".ccg-reveal-text").innerHTML = msg.html || "<i>" + T.secrets_hidden.replace(/</g, "&lt;") + "</i>";
      const div = $(".ccg-reveal-board");
      if (msg.board) { $(".ccg-reveal-box").open = true; plot(div, msg.board); }
      else { Plotly.purge(div); div.innerHTML = ""; }
    } else if (msg.type === "debrief") {
      $(".ccg-debrief-text").innerHTML = msg.html;
      const box = $(".ccg-debrief-figures");
      box.innerHTML = "";
      for (const fig of msg.figures) { const d = document.createElement("div"); box.appendChild(d); plot(d, fig); }
    }
  }
  function lesson() { return $(".ccg-lesson").value; }
  function filterRows() {
    const l = lesson();
    const byId = {};
    for (const t of lastTables) byId[t.id] = t;
    for (const row of document.querySelectorAll(".ccg-table-row")) {
      const t = byId[row.dataset.table];
      row.hidden = !!l && !!t && t.lesson !== l;
    }
  }
  document.addEventListener("DOMContentLoaded", () => {
    $(".ccg-pause").addEventListener("click", () => send({ type: "pause", paused: true, lesson: lesson() || null }));
    $(".ccg-resume").addEventListener("click", () => send({ type: "pause", paused: false, lesson: lesson() || null }));
    $(".ccg-lesson").addEventListener("change", filterRows);
    $(".ccg-show-codes").addEventListener("click", () => send({ type: "codes", show: true }));
    $(".ccg-hide-codes").addEventListener("click", () => {
      send({ type: "codes", show: false });
      $(".ccg-codes").innerHTML = "";
      const i = document.createElement("i"); i.textContent = T.codes_hidden; $(".ccg-codes").appendChild(i);
    });
    $(".ccg-hide-reveal").addEventListener("click", () => send({ type: "reveal", table: null }));
    $(".ccg-debrief").addEventListener("click", () => send({ type: "debrief", lesson: lesson() || null }));
    $(".ccg-material").addEventListener("click", (ev) => {
      ev.preventDefault();
      window.open("/teacher/print?lesson=" + encodeURIComponent(lesson()), "_blank", "noopener");
    });
    $(".ccg-create-form").addEventListener("submit", (ev) => {
      ev.preventDefault();
      const f = new FormData(ev.target), msg = { type: "create" };
      for (const [k, v] of f.entries()) msg[k] = v;
      for (const k of ["tables", "players", "students", "seed"]) msg[k] = parseInt(msg[k], 10);
      send(msg);
    });
    document.body.addEventListener("click", (ev) => {
      const b = ev.target.closest("button[data-act]");
      if (!b) return;
      const table = parseInt(b.dataset.table, 10), act = b.dataset.act;
      if (act === "pause-one") send({ type: "pause", paused: true, table: table });
      else if (act === "resume-one") send({ type: "pause", paused: false, table: table });
      else if (act === "reveal") send({ type: "reveal", table: table });
      else if (act === "restart") { if (confirm(T.confirm_restart)) send({ type: "restart", table: table }); }
      else if (act === "delete") { if (confirm(T.confirm_delete)) send({ type: "delete", table: table }); }
      else if (act === "reseat") {
        const kind = prompt(T.ask_reseat, "strategist");
        if (kind) send({ type: "reseat", table: table, seat: parseInt(b.dataset.seat, 10), kind: kind });
      }
    });
    connect();
  });
})();
