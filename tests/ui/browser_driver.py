"""A driver that clicks through a Table in a page and checks, after every click, that the page shows the game.

How a test knows which position the kernel meant to show: every Table in the page has a *shadow* — the
same Table built in the test process with the same arguments and driven by the same clicks. Engines and
agents are seeded, so the shadow reaches the same positions. After each click the driver waits until the
page's status line (``.ccg-status``: game, move number, seat to move, size of the tree, message) and
action list (``.ccg-actions``) equal the shadow's and the board has drawn the shadow's figure number
(``data-ccg-revision``, nothing ``data-ccg-pending``), then requires the page's move log (``.ccg-log``)
to equal the shadow's — the same moves from the same start, so the same position — and compares the
figure the browser holds (the Plotly div's ``data`` and ``layout``) trace by trace and annotation by
annotation with ``ccg.plot.board(state, seat)`` computed here.

The CSS hooks used here are documented in ``ccg/ui/README.md``.
"""
from __future__ import annotations

import time
from typing import Callable

from browser_env import TIMEOUT_MS
from browser_page import (
    READ_FIGURE,
    READ_TABLE_TEXTS,
    differences,
    expected_figure,
    expected_table_texts,
    figure_summary,
    shown_text_of,
    table_text_differences,
    text_of,
)

import ccg
from ccg.ui import Table, location_of

SETTLED = """([index, status, revision, actions]) => {
  // truthy (the page's state and figure) once status and action list are the expected ones and the board
  // has drawn the kernel's figure number `revision` (the shadow sent as many figures as the kernel)
  const root = document.querySelectorAll('.ccg-table')[index];
  if (!root) return false;
  const s = root.querySelector('.ccg-status');
  if (!s || s.innerText.replace(/\\s+/g, ' ').trim() !== status) return false;
  const plot = root.querySelector('.ccg-board .js-plotly-plot');
  if (!plot || !plot.data || root.querySelector('.ccg-board [data-ccg-pending]')) return false;
  const drawn = root.querySelector('.ccg-board [data-ccg-revision]');
  if (drawn && revision !== null && drawn.dataset.ccgRevision !== String(revision)) return false;
  const listed = Array.from(root.querySelectorAll('.ccg-actions select option')).map(o => o.textContent.replace(/\\s+/g, ' ').trim());
  if (listed.length !== actions.length || listed.some((a, i) => a !== actions[i])) return false;
  const error = root.querySelector('.ccg-board [data-ccg-error]');
  return {
    log: (root.querySelector('.ccg-log') || {}).textContent || '',
    actions: Array.from(root.querySelectorAll('.ccg-actions select option')).map(o => o.textContent),
    error: error ? error.dataset.ccgError : null,
    variant: drawn ? drawn.dataset.ccgVariant || 'figure' : 'figure',
    figure: (""" + READ_FIGURE + """)(root),
    texts: (""" + READ_TABLE_TEXTS + """)(root),
  };
}"""

PAGE_STATE = """(index) => { const root = document.querySelectorAll('.ccg-table')[index] || document.body; return {
  status: (root.querySelector('.ccg-status') || {}).innerText || '',
  revision: (root.querySelector('.ccg-board [data-ccg-revision]') || {dataset: {}}).dataset.ccgRevision || null,
  actions: Array.from(root.querySelectorAll('.ccg-actions select option')).map(o => o.textContent),
  error: (root.querySelector('.ccg-board [data-ccg-error]') || {dataset: {}}).dataset.ccgError || null,
}; }"""

POINT_ON_PAGE = """([index, k, j, probe]) => {
  const root = document.querySelectorAll('.ccg-table')[index];
  const gd = root.querySelector('.ccg-board .js-plotly-plot');
  const t = gd._fullData[k];
  const axis = (id, letter) => gd._fullLayout[letter + 'axis' + id.slice(1)];
  const xa = axis(t.xaxis, 'x'), ya = axis(t.yaxis, 'y');
  const px = xa._offset + xa.c2p(t.x[j]), py = ya._offset + ya.c2p(t.y[j]);
  if (probe) {  // bring the point into view (every scrolling ancestor), then measure
    const frame = gd.parentElement;
    const mark = document.createElement('div');
    const scale = gd.getBoundingClientRect().width / gd._fullLayout.width;
    frame.style.position = 'relative';
    Object.assign(mark.style, {position: 'absolute', left: px * scale + 'px', top: py * scale + 'px', width: '1px', height: '1px'});
    frame.appendChild(mark);
    mark.scrollIntoView({block: 'center', inline: 'nearest'});
    mark.remove();
  }
  const r = gd.getBoundingClientRect();
  const scale = r.width / gd._fullLayout.width;
  return [r.left + px * scale, r.top + py * scale];
}"""

READ_CHART_REVISION = """(index) => { const root = document.querySelectorAll('.ccg-table')[index];
  const c = root.querySelector('.ccg-whatif-chart [data-ccg-revision]'); return c ? c.dataset.ccgRevision : null; }"""

PROGRESS_AT_LEAST = """([index, n]) => { const root = document.querySelectorAll('.ccg-table')[index];
  const note = root.querySelector('.ccg-whatif-note').innerText; const m = note.match(/^(\\d+) of (\\d+) games?/);
  return m && Number(m[1]) >= n && Number(m[1]) < Number(m[2]) ? note : false; }"""

WHAT_IF_DONE = """([index, asked, before]) => {
  // the run has ended (its note says so) and the chart drawn since holds its games
  const root = document.querySelectorAll('.ccg-table')[index];
  const note = root.querySelector('.ccg-whatif-note').innerText.trim();
  const m = note.match(/^(\\d+) of (\\d+) games?( \\((stopped|±[0-9.]+ reached)\\))?$/);
  if (!m || Number(m[2]) !== asked || (Number(m[1]) < asked && !m[3])) return false;
  const view = root.querySelector('.ccg-whatif-chart [data-ccg-revision]');
  if (!view || view.dataset.ccgRevision === before || root.querySelector('.ccg-whatif-chart [data-ccg-pending]')) return false;
  if (root.querySelector('button.ccg-whatif').disabled) return false;
  const error = root.querySelector('.ccg-whatif-chart [data-ccg-error]');
  return {note, played: Number(m[1]), error: error ? error.dataset.ccgError : null,
          figure: (""" + READ_FIGURE + """)(root, '.ccg-whatif-chart')};
}"""

SELECTION_SHOWN = """([index, notation]) => {
  // the help under the action list names the selected move's notation: the kernel has the selection
  const code = document.querySelectorAll('.ccg-table')[index].querySelector('.ccg-rule code');
  return !!code && code.textContent === notation;
}"""

BOARD_CHANGED = """([index, before]) => {
  const board = document.querySelectorAll('.ccg-table')[index].querySelector('.ccg-board [data-ccg-revision]');
  return !!board && (board.dataset.ccgRevision !== before || board.dataset.ccgPending === '1');
}"""

HOVERED = """(index) => { const root = document.querySelectorAll('.ccg-table')[index]; const gd = root.querySelector('.ccg-board .js-plotly-plot');
  return (gd._hoverdata || []).map(p => [p.curveNumber, p.pointNumber]); }"""


def option_value(options, label: str) -> str:
    """The value attribute of the <option> showing ``label`` (ipywidgets writes labels with no-break spaces)."""
    values = options.evaluate_all(
        "(os, label) => os.filter(o => o.textContent.replace(/\\s+/g, ' ').trim() === label).map(o => o.value)", label)
    assert values, f"no option {label!r}"
    return values[0]


def _norm(text: str) -> str:
    return " ".join(text.replace("\xa0", " ").split())


class TableDriver:
    """One Table in a page plus its shadow; each method clicks in the page, does the same to the shadow, checks."""

    def __init__(self, page, index: int, shadow: Table, label: str, on_check: Callable[[str], None] | None = None) -> None:
        """The ``index``-th ``.ccg-table`` of the page (looked up afresh each time: an app may replace its table)."""
        self.page, self.index, self.shadow, self.label = page, index, shadow, label
        self.checks = 0
        self.moves = 0  # plies played by the human, bot and play-on steps of the scenario
        self.waited = 0.0  # seconds spent waiting for the page
        self.on_check = on_check
        self.bot_turns = 0  # times the page was seen refusing a human Play on a bot's turn
        self.highlights = {"you can act here": 0, "clicked": 0}  # checks whose board showed the rings
        self.variants = {"figure": 0, "narrow": 0}  # checks whose page drew the board's own / narrow layout

    # -------------------------------------------------------------------- checking
    @property
    def root(self):
        return self.page.locator(".ccg-table").nth(self.index)

    def check(self, what: str) -> None:
        """Wait until the page shows the shadow's position, then require log, actions and figure to be the game's."""
        status = shown_text_of(self.shadow.status.value)
        expected = expected_figure(self.shadow.state, self.shadow.view_seat, self.shadow.location)  # meanwhile the kernel works too
        root = self.index
        revision = getattr(self.shadow.board.widget, "revision", None)
        t0 = time.perf_counter()
        try:
            actions = [_norm(label) for label, _ in self.shadow.actions.options]
            seen = self.page.wait_for_function(SETTLED, arg=[root, status, revision, actions],
                                               timeout=TIMEOUT_MS).json_value()
        except Exception as e:
            page = self.page.evaluate(PAGE_STATE, root)
            raise AssertionError(f"{self.label}, {what}: the page never showed the expected position\n"
                                 f"  page status:     {_norm(page['status'])!r}\n  expected status: {status!r}\n"
                                 f"  page actions: {page['actions'][:6]} …\n  expected: {[o[0] for o in self.shadow.actions.options[:6]]} …\n"
                                 f"  board drawn: figure {page['revision']}, expected {revision}; "
                                 f"board error: {page['error']}\n"
                                 f"  JavaScript errors on the page: {getattr(self.page, 'ccg_errors', [])[:3]}") from e
        self.waited += time.perf_counter() - t0
        assert seen["error"] is None, f"{self.label}, {what}: the board failed to draw: {seen['error']}"
        assert _norm(seen["log"]) == _norm(text_of(self.shadow.log.value)), f"{self.label}, {what}: the move log differs"
        assert [_norm(a) for a in seen["actions"]] == [_norm(label) for label, _ in self.shadow.actions.options], \
            f"{self.label}, {what}: the action list differs"
        shown = self.shadow.board.widget.figure
        if seen["variant"] == "narrow":  # the page drew the board's narrow layout: compare with that
            width = ccg.plot.narrow_width(self.shadow.state.game)
            assert width is not None, f"{self.label}, {what}: the page drew a narrow layout the game does not have"
            expected = expected_figure(self.shadow.state, self.shadow.view_seat, self.shadow.location, width=width)
            shown = self.shadow.board.widget.narrow
        self.variants[seen["variant"]] += 1
        diff = differences(seen["figure"], expected)
        diff += table_text_differences(seen["texts"], expected_table_texts(shown))
        assert not diff, f"{self.label}, {what} (move {self.shadow.state.ply}): the browser's board is not the game's:\n  " \
                         + "\n  ".join(diff)
        self.checks += 1
        names = [t.get("name") for t in seen["figure"]["data"]]
        self.highlights["you can act here"] += "you can act here" in names
        self.highlights["clicked"] += "clicked" in names
        if self.on_check is not None:
            self.on_check(what)

    # -------------------------------------------------------------------- controls
    def tab(self, title: str) -> None:
        tab = self.root.locator(".lm-TabBar-tab", has_text=title).first
        tab.click()
        index = self.shadow.tab_titles.index(title)
        self.shadow.tabs.selected_index = index

    def button(self, css: str, shadow_button) -> None:
        self.root.locator(f"button.{css}").first.click()
        shadow_button.click()

    def play(self, index: int = 0) -> None:
        """Select the index-th listed action and press Play (the shadow does the same).

        On a bot's turn the page must offer no Play (button and list disabled): the bot moves instead.
        """
        if self.shadow.play_button.disabled and not self.shadow.state.is_terminal():
            self.no_human_play()
            self.bot_move()
            return
        options = self.shadow.actions.options
        if not options:
            return
        index = min(index, len(options) - 1)
        self.select_action(index)
        self.shadow.actions.value = options[index][1]
        self.button("ccg-play", self.shadow.play_button)
        self.check(f"play {options[index][0]!r}")

    def select_action(self, index: int, attempts: int = 3) -> None:
        """Select the index-th listed action and wait until the kernel has it: the help under the list shows it.

        Play is pressed only then. ipywidgets holds a widget's value change back while an earlier one of the
        same widget is unanswered, whereas a button click goes out at once, so on a slow kernel a click
        right after a selection can overtake it; a student sees the help appear before pressing Play.
        """
        notation = str(self.shadow.actions.options[index][1])
        select = self.root.locator(".ccg-actions select").first
        for attempt in range(attempts):
            select.select_option(index=index)
            try:
                self.page.wait_for_function(SELECTION_SHOWN, arg=[self.index, notation], timeout=TIMEOUT_MS // attempts)
                return
            except Exception as e:
                if attempt == attempts - 1:
                    page = self.page.evaluate(PAGE_STATE, self.index)
                    raise AssertionError(f"{self.label}: selecting {notation!r} never reached the kernel "
                                         f"(the help under the list never showed it); "
                                         f"status {_norm(page['status'])!r}") from e

    def no_human_play(self) -> None:
        """The page offers no Play now (the shadow says a bot is to move): button and action list disabled."""
        disabled = self.root.locator("button.ccg-play").first.is_disabled()
        listed = self.root.locator(".ccg-actions select").first.is_disabled()
        assert disabled and listed, f"{self.label}: Play (disabled={disabled}) or the list (disabled={listed}) is usable on a bot's turn"
        self.bot_turns += 1

    def bot_move(self) -> None:
        self.button("ccg-bot", self.shadow.bot_button)
        self.check("bot move")

    def play_on(self, n: int) -> None:
        self.root.locator(".ccg-until-mode select").first.select_option(value=self._option_value("N actions"))
        self.shadow.until.value = "n"
        box = self.root.locator(".ccg-until-n input").first
        box.fill(str(n))
        box.press("Enter")
        self.shadow.until_n.value = n
        self.button("ccg-until", self.shadow.until_button)
        self.check(f"play on {n}")

    def play_on_mode(self, mode: str, n: int = 2) -> None:
        """Play on in ``mode`` (a value of the shadow's mode menu) with ``n`` actions; then a human must be to move."""
        label = next(lab for lab, value in self.shadow.until.options if value == mode)
        self.root.locator(".ccg-until-mode select").first.select_option(value=self._option_value(label))
        self.shadow.until.value = mode
        box = self.root.locator(".ccg-until-n input").first
        box.fill(str(n))
        box.press("Enter")
        self.shadow.until_n.value = n
        self.button("ccg-until", self.shadow.until_button)
        self.check(f"play on ({label})")

    def undo(self) -> None:
        self.button("ccg-undo", self.shadow.undo_button)
        self.check("undo")

    def _option_value(self, label: str, css: str = ".ccg-until-mode") -> str:
        return option_value(self.root.locator(f"{css} select option"), label)

    def history(self, css: str, name: str) -> None:
        buttons = {"ccg-back": self.shadow.back_button, "ccg-forward": self.shadow.fwd_button,
                   "ccg-first": self.shadow.first_button, "ccg-last": self.shadow.last_button,
                   "ccg-promote": self.shadow.promote_button, "ccg-main-line": self.shadow.main_button}
        self.button(css, buttons[css])
        self.check(name)

    def jump(self, row: int) -> None:
        """Select a row of the History tab's variation list."""
        self.root.locator(".ccg-tree select").first.select_option(index=row)
        self.shadow.tree_box.value = self.shadow.tree_box.options[row][1]
        self.check(f"jump to tree row {row}")

    def paste(self, code: str) -> None:
        self.root.locator(".ccg-paste textarea").first.fill(code)
        self.shadow.paste.value = code
        self.button("ccg-go-position", self.shadow.paste_button)
        self.check("paste a position")
        if not self.shadow.replace_button.disabled:  # not in the tree: the page asks before replacing it
            self.button("ccg-replace-tree", self.shadow.replace_button)
            self.check("replace the tree with the pasted position")

    def click_board(self, max_moves: int = 60) -> str:
        """Click a board location some (not all) legal actions touch; the list must narrow to exactly those.

        Positions where no action has a board location (an auction) are played on with the bots first.
        """
        for _ in range(max_moves):
            candidates = self._click_candidates()
            for k, j, loc, hits in candidates:
                x, y = self.page.evaluate(POINT_ON_PAGE, [self.index, k, j, True])
                self.page.mouse.move(x - 2, y)
                self.page.mouse.move(x, y)
                hovered = self.page.evaluate(HOVERED, self.index)
                data = self.shadow.board.widget.data
                if not hovered or location_of(data[hovered[0][0]], hovered[0][1]) != loc:
                    continue  # another point lies closer to the pointer here: try the next one
                self._click_until_answered(x, y, k, j)
                self.shadow.select_location(loc)
                self.check(f"click on {loc}")
                assert [str(a) for a in self.shadow.shown_actions()] == [str(a) for a in hits]
                return loc
            if self.shadow.state.is_terminal():
                break
            self.bot_move()
        raise AssertionError(f"{self.label}: no board point could be clicked to narrow the actions")

    def _click_until_answered(self, x: float, y: float, k: int, j: int, attempts: int = 3) -> None:
        """Click the point at (x, y) until the page starts drawing the kernel's answer (a new board).

        A click can fall on a page that moves under the pointer (a line above the board grows as a late
        message arrives); it is then repeated at the point's new place. A repeated click on the spot already
        selected changes nothing in the kernel, so a slow first answer cannot be doubled.
        """
        before = self.page.evaluate(PAGE_STATE, self.index)["revision"]
        for _ in range(attempts):
            self.page.mouse.click(x, y)
            try:
                self.page.wait_for_function(BOARD_CHANGED, arg=[self.index, before], timeout=TIMEOUT_MS // attempts)
                return
            except Exception:
                x, y = self.page.evaluate(POINT_ON_PAGE, [self.index, k, j, True])
                self.page.mouse.move(x, y)

    def _click_candidates(self, limit: int = 12) -> list:
        legal = self.shadow.state.legal_actions()
        out = []
        for k, trace in enumerate(self.shadow.board.widget.data):
            count = len(trace.customdata) if trace.customdata is not None else 0
            for j in range(count):
                loc = location_of(trace, j)
                hits = [a for a in legal if loc is not None and loc in a.where]
                if hits and len(hits) < len(legal) and trace.x is not None and trace.x[j] is not None:
                    out.append((k, j, loc, hits))
                    if len(out) >= limit:
                        return out
        return out

    def what_if(self, games: int, seed: int, agents: list[str] | None = None, stop_after: int | None = None,
                precision: float = 0.0) -> dict:
        """Run a what-if from the page (What if? tab); with ``stop_after``, press Stop after that many progress steps.

        ``precision``: the ± box (0, the default here: every game asked is played).

        Returns the progress notes seen while it ran and the chart the browser holds; the chart must equal
        the shadow's chart of the same games (seeded, so a stopped run equals a shorter one).
        """
        self.tab("What if?")
        box = self.root.locator(".ccg-whatif-games input").first
        box.fill(str(games))
        box.press("Enter")
        seed_box = self.root.locator(".ccg-whatif-seed input").first
        seed_box.fill(str(seed))
        seed_box.press("Enter")
        pm_box = self.root.locator(".ccg-whatif-precision input").first
        pm_box.fill(str(precision))
        pm_box.press("Enter")
        for p, name in enumerate(agents or []):
            self.root.locator(".ccg-whatif-agent select").nth(p).select_option(
                value=option_value(self.root.locator(".ccg-whatif-agent select").nth(p).locator("option"), name))
        limit = self.shadow.wi_games.max
        asked = min(games, limit)
        chart = self.page.evaluate(READ_CHART_REVISION, self.index)
        self.root.locator("button.ccg-whatif").first.click()
        notes = []
        if stop_after is not None:  # progress must move in steps while it runs, not jump 0 → 100 %
            done_so_far = 0
            for _ in range(stop_after):
                notes.append(self.page.wait_for_function(PROGRESS_AT_LEAST, arg=[self.index, done_so_far + 1]).json_value())
                done_so_far = int(notes[-1].split()[0])
            self.root.locator("button.ccg-whatif-stop").first.click()
        done = self.page.wait_for_function(WHAT_IF_DONE, arg=[self.index, asked, chart]).json_value()
        played = done["played"]
        self.shadow.wi_games.value, self.shadow.wi_seed.value = played, seed
        self.shadow.wi_precision.value = 0.0  # the shadow plays exactly the games the page kept
        for box_, name in zip(self.shadow.wi_agents, agents or []):
            box_.value = name
        df = self.shadow.run_what_if()
        diff = differences(done["figure"], figure_summary(self.shadow.wi_chart.figure))
        if stop_after is not None:  # the shadow ran exactly the games played; only the note differs
            diff = [d for d in diff if not d.startswith("title")]
        assert not diff, f"{self.label}: the what-if chart is not the games': " + "; ".join(diff)
        assert done["error"] is None, done["error"]
        return {"notes": notes, "played": played, "asked": asked, "limit": limit, "note": done["note"], "df": df}

    # -------------------------------------------------------------------- the end-to-end scenario
    def scenario(self, moves: int = 32) -> None:
        """First render; ``moves`` human / bot / play-on moves; history; a promoted variation; a paste; a click."""
        self.check("first render")
        steps = [lambda: self.play(0), lambda: self.bot_move(), lambda: self.play(1), lambda: self.play_on(3)]
        for i in range(moves):
            if self.shadow.state.is_terminal():
                break
            before = self.shadow.state.ply
            steps[i % len(steps)]()
            self.moves += self.shadow.state.ply - before
        self.tab("History")
        self.history("ccg-back", "back")
        self.history("ccg-back", "back again")
        self.history("ccg-forward", "forward")
        self.history("ccg-first", "to the start")
        self.history("ccg-last", "to the end of the line")
        self.jump(len(self.shadow.tree_box.options) // 2)
        # a variation: two moves back, a different move than the main line's, then promote it
        self.history("ccg-back", "back for a variation")
        self.history("ccg-back", "back for a variation (2)")
        main_next = self.shadow.tree.cursor.variations[0].move if self.shadow.tree.cursor.variations else None
        self.tab("Play")
        others = [i for i, a in enumerate(self.shadow.shown_actions()) if str(a) != str(main_next)]
        self.play(others[0] if others else 0)
        self.tab("History")
        if not self.shadow.promote_button.disabled:
            self.history("ccg-promote", "promote the variation")
        if not self.shadow.main_button.disabled:
            self.history("ccg-main-line", "make it the main line")
        # paste a position: a fresh game of the same set-up a few moves in
        self.tab("Position")
        start = self.shadow.tree.start
        other = start.clone()
        for _ in range(3):
            if not other.is_terminal():
                other.apply(other.legal_actions()[-1])
        self.paste(ccg.to_position_string(other))
        self.tab("Play")
        self.play(0)
        self.bot_move()
        self.click_board()
