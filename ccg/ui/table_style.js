// Front end of ccg.ui.table_style.TableStyle: the Table's style sheet, and list options that wrap between words.
//
// ipywidgets writes each space of an option's label as a no-break space; here the ones between two words
// become ordinary spaces again (leading ones, an indentation, stay), whenever the table's lists change.

const BETWEEN_WORDS = /(\S)\u00a0(?=\S)/g;

function render({ model, el }) {
  const style = document.createElement("style");
  style.textContent = model.get("css");
  el.appendChild(style);
  let table = null;
  let alive = true;

  const unbreak = () => {
    if (!table) return;
    for (const option of table.querySelectorAll("select option")) {
      const text = option.textContent;
      if (text.includes("\u00a0")) {
        const wrapped = text.replace(BETWEEN_WORDS, "$1 ");
        if (wrapped !== text) option.textContent = wrapped;
      }
    }
  };
  const observer = new MutationObserver(unbreak);
  const start = () => {
    if (!alive) return;
    table = el.closest(".ccg-table");
    if (!table) return requestAnimationFrame(start); // not on the page yet
    unbreak();
    observer.observe(table, { subtree: true, childList: true, characterData: true });
  };
  start();
  const restyle = () => { style.textContent = model.get("css"); };
  model.on("change:css", restyle);
  return () => {
    alive = false;
    observer.disconnect();
    model.off("change:css", restyle);
  };
}

export default { render };
