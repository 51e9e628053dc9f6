// Front end of ccg.ui.rule_help.RuleHelp: a click on a `.ccg-rule-link` of the same `.ccg-table` asks the
// kernel for that rule (sets `rule`); the kernel's answer (`text`, or `error`, for the rule `answered`) is shown.
// The box carries `data-ccg-rule` (the rule whose text it shows) once the answer has arrived.

function render({ model, el }) {
  const box = document.createElement("div");
  box.className = "ccg-rule-help-box";
  el.appendChild(box);
  let asked = null; // the rule a click here asked for

  const draw = () => {
    const rule = model.get("rule"), text = model.get("text"), error = model.get("error");
    box.replaceChildren();
    delete el.dataset.ccgRule;
    if (!rule || model.get("answered") !== rule || (!text && !error)) return; // the kernel has not answered yet
    const head = document.createElement("div");
    head.className = "ccg-rule-help-head";
    const title = document.createElement("b");
    title.textContent = rule;
    const close = document.createElement("span");
    close.className = "ccg-rule-help-close";
    close.setAttribute("role", "button");
    close.title = "close the rule";
    close.textContent = "✕";
    close.onclick = () => { model.set("rule", ""); model.save_changes(); };
    head.append(title, close);
    const body = document.createElement("div");
    body.className = error ? "ccg-rule-help-error" : "ccg-rule-help-text";
    body.textContent = error || text;
    box.append(head, body);
    el.dataset.ccgRule = rule;
    if (asked === rule) { // shown after a click on this page: bring it into view (it sits under the tabs)
      asked = null;
      el.scrollIntoView({ block: "nearest" });
    }
  };

  const onClick = (event) => {
    const link = event.target.closest && event.target.closest(".ccg-rule-link");
    if (!link) return;
    const table = el.closest(".ccg-table");
    if (!table || link.closest(".ccg-table") !== table) return;
    event.preventDefault();
    event.stopPropagation();
    const rule = link.dataset.rule;
    asked = rule;
    if (model.get("rule") === rule) return draw();
    model.set("rule", rule);
    model.save_changes();
  };
  const onKey = (event) => { if (event.key === "Enter" || event.key === " ") onClick(event); };

  document.addEventListener("click", onClick, true);
  document.addEventListener("keydown", onKey, true);
  model.on("change:text", draw);
  model.on("change:error", draw);
  model.on("change:rule", draw);
  model.on("change:answered", draw);
  draw();
  return () => {
    document.removeEventListener("click", onClick, true);
    document.removeEventListener("keydown", onKey, true);
    model.off("change:text", draw);
    model.off("change:error", draw);
    model.off("change:rule", draw);
    model.off("change:answered", draw);
  };
}

export default { render };
