"""The Table's tabs — Play, History, Inspect, Position (What if? is in ``whatif_panel.py``) — and its status line.

A panel is one tab of the control panel: ``title``, ``box`` (the tab's widget), ``wire(table)``
(connect its widgets to the Table's methods, through ``table.guard``) and ``refresh(view)``
(redraw from ``view.controller``; the table calls it after every change, inside ``redrawing()``
so the widgets' own observers stay quiet). A panel is built and redrawn from the view alone
(:class:`ccg.ui.view.TableView`); only ``wire`` needs the Table's controls. Panels hold widgets only: what a click does is a
method of :class:`ccg.ui.controller.TableController`, called through the Table.
"""
from __future__ import annotations

import html
import json
from typing import TYPE_CHECKING, Any

import ipywidgets as W

from ..agents.base import Agent, agent_names
from ..agents.levels import level_presets
from ..agents.strategist import persona_presets
from ..core.glossary import game_title
from ..core.rulebook import UnknownRuleError, rules_text
from ..i18n import N_, _, ngettext, pgettext
from ..plot import seat_colours, seat_names
from . import inspect as insp
from .board import FigureSlot
from .progress import progress_figure, progress_frame, progress_spec
from .rule_help import link_rules
from .seating import HUMAN, seat_kind_text
from .words import rule_of

if TYPE_CHECKING:
    from .controller import TableController
    from .table import Table
    from .view import TableView


class Panel:
    """A tab of the Table's control panel (see the module docstring). Subclasses set ``title`` and ``box``."""

    title = ""
    box: W.Widget

    def wire(self, table: Table) -> None:
        """Connect the panel's widgets to the table (called once, after every panel is built)."""

    def refresh(self, table: TableView) -> None:
        """Redraw the panel from ``table.controller``."""


def status_html(c: TableController) -> str:
    """The status line: the game, the move number, who is to move (or the result), the tree's size, the message."""
    s = c.state
    if s.is_terminal():
        won = s.winners()
        who = ", ".join(_("seat {seat}").format(seat=p) for p in won) if won else _("nobody")
        turn = _("game over — winner: {who}; scores {scores}").format(who=who, scores=s.scores())
    else:
        turn = _("seat {seat} to move ({kind})").format(seat=s.current_player,
                                                        kind=c.seat_kind_text(c.seat_to_move()))
    note = f" — <span class='ccg-message'>{link_rules(html.escape(c.message))}</span>" if c.message else ""
    size = len(c.tree)
    why_word = html.escape(_("why?"))
    why = "".join(f"<details class='ccg-why'><summary>{why_word} ({html.escape(c.who(node.seat))})"
                  f"</summary>{html.escape(reason)}</details>" for node, reason in c.step_reasons())
    positions = ngettext("{count} position in the tree", "{count} positions in the tree", size).format(count=size)
    move = _("move {ply}").format(ply=s.ply)
    return (f"<b>{html.escape(game_title(s.game))}</b> · {html.escape(move)}"
            f" · {html.escape(turn)} · {html.escape(positions)}{note}{why}")


def seat_menu_choices(game: str) -> list[Any]:
    """What a seat's menu offers: human, every agent name, the strategist's levels (1 easiest … 5 strongest)
    and the game's strategist personas."""
    return [HUMAN, *agent_names(), *level_presets(), *persona_presets(game)]


class PlayPanel(Panel):
    """The legal actions (narrowed by a board click or a search), Play, Bot move, Play on, the seats."""

    title = N_("Play")

    def __init__(self, table: TableView) -> None:
        c = table.controller
        self.search = W.Text(placeholder=_("search actions…"), layout=W.Layout(width="98%"), continuous_update=True)
        self.where = W.HTML()
        self.show_all = W.Button(description=_("show all"), layout=W.Layout(width="90px"))
        self.actions = W.Select(options=[], rows=10, layout=W.Layout(width="98%")).add_class("ccg-actions")
        self.play_button = W.Button(description=_("Play"), button_style="primary",
                                    layout=W.Layout(width="110px")).add_class("ccg-play")
        self.bot_button = W.Button(description=_("Bot move"), layout=W.Layout(width="110px")).add_class("ccg-bot")
        self.until = W.Dropdown(options=c.until_options(), layout=W.Layout(width="200px")).add_class("ccg-until-mode")
        self.until_n = W.BoundedIntText(value=10, min=1, max=100_000, layout=W.Layout(width="80px")).add_class("ccg-until-n")
        self.until_button = W.Button(description=_("Play on"), layout=W.Layout(width="auto", min_width="100px")).add_class(
            "ccg-until")  # a translation may be longer ("Graj dalej"): the button grows, never cuts it
        self.undo_button = W.Button(description=_("Undo"), tooltip=_("back to your previous decision"),
                                    layout=W.Layout(width="90px")).add_class("ccg-undo")
        self.notation = W.Checkbox(value=False, description=_("notation"), indent=False,
                                   layout=W.Layout(width="100px")).add_class("ccg-notation")
        self.turn = W.HTML().add_class("ccg-turn")
        self.rule = W.HTML().add_class("ccg-rule")  # the selected move: its notation and the rule that allows it
        choices = seat_menu_choices(c.state.game)  # the persona ends, so a teacher can seat "a selfish player"
        self.seat_boxes = []
        for p, spec in enumerate(c.seating.initial):
            opts = list(choices)
            if isinstance(spec, Agent) or (isinstance(spec, type) and issubclass(spec, Agent)):
                opts.append(spec)
            elif isinstance(spec, str) and spec.strip().lower() not in opts:  # a named persona: "strategist:…=0.8"
                opts.append(spec.strip().lower())
            box = W.Dropdown(options=[(seat_kind_text(o), o) for o in opts],
                             value=c.seating.specs[p], description=_("seat {seat}").format(seat=p), layout=W.Layout(width="230px"))
            box.disabled = not c.teacher  # seats are chosen when the game starts (a bot's hand stays hidden)
            self.seat_boxes.append(box)
        self.shown: list[Any] = []  # the actions listed
        self.box = W.VBox([
            self.turn, self.search, W.HBox([self.where, self.show_all, self.notation]), self.actions,
            self.rule, W.HBox([self.play_button, self.bot_button, self.undo_button]),
            W.HBox([self.until, self.until_n, self.until_button]),
            W.HTML("<b>" + html.escape(_("seats")) + "</b>"), *self.seat_boxes,
        ])

    def wire(self, table: Table) -> None:
        guard = table.guard
        self.play_button.on_click(guard(lambda _: self._play_selected(table)))
        self.bot_button.on_click(guard(lambda _: table.bot_move()))
        self.until_button.on_click(guard(lambda _: table.play_until(self.until.value, self.until_n.value)))
        self.show_all.on_click(guard(lambda _: table.select_location(None)))
        self.undo_button.on_click(guard(lambda _: table.undo()))
        self.notation.observe(guard(lambda _: self.refresh_actions(table), quiet=True), "value")
        self.actions.observe(guard(lambda _: self.refresh_rule(table)), "value")
        self.search.observe(guard(lambda _: self.refresh_actions(table)), "value")
        for p, box in enumerate(self.seat_boxes):
            box.observe(guard(lambda change, p=p: table.change_seat(p, change["new"]), quiet=True), "value")

    def _play_selected(self, table: Table) -> None:
        action = self.actions.value
        if action is None:
            if len(self.shown) != 1:
                raise ValueError(_("Select an action first."))
            action = self.shown[0]
        table.play(action)

    def refresh(self, table: TableView) -> None:
        self.refresh_actions(table)
        self.refresh_seats(table)

    def refresh_seats(self, table: TableView) -> None:
        """Each seat's menu shows its seat (a refused change is undone here)."""
        with table.redrawing():
            for box, spec in zip(self.seat_boxes, table.controller.seating.specs):
                if box.value != spec:
                    box.value = spec

    def refresh_actions(self, table: TableView) -> None:
        c = table.controller
        with table.redrawing():
            shown = c.shown_actions(self.search.value)
            if c.location is not None:
                self.where.value = _("actions at {location}").format(location=f"<b>{html.escape(c.location)}</b>")
            else:
                n = len(c.state.legal_actions())
                self.where.value = html.escape(ngettext("{count} legal action", "{count} legal actions", n).format(count=n))
            self.shown = shown
            self.actions.options = [(c.action_label(a, self.notation.value), a) for a in shown]
            self.actions.value = shown[0] if len(shown) == 1 else None
        self.refresh_rule(table)
        s = c.state
        over = s.is_terminal()
        yours = c.human_to_move()  # a bot's moves are the bot's: no Play, no list to pick from
        self.play_button.disabled = not yours or not shown
        self.actions.disabled = not yours
        self.bot_button.disabled = over
        self.until_button.disabled = over
        self.undo_button.disabled = not any(n.seat in c.seating.human_seats() for n in c.tree.cursor.path())
        if over:
            self.turn.value = "<b>" + html.escape(_("The game is over.")) + "</b>"
        elif yours:
            self.turn.value = "<b>" + html.escape(_("Your move")) + f"</b> — {html.escape(c.who(s.current_player))}"
        else:
            self.turn.value = ("<b>" + html.escape(_("{who} is to move").format(who=c.who(s.current_player))) + "</b> — "
                               + html.escape(_("Bot move or Play on lets it play")))


    def refresh_rule(self, table: TableView) -> None:
        """Under the list: the selected move in words, its notation, and the text of each rule it cites."""
        action = self.actions.value
        if action is None:
            self.rule.value = ""
            return
        c = table.controller
        words = c.action_label(action)
        rule = rule_of(c.state, action)
        try:
            text = rules_text(rule) if rule else ""
        except (UnknownRuleError, FileNotFoundError):
            text = ""
        rules = f"<div class='ccg-rule-text'>{html.escape(text)}</div>" if text else ""
        self.rule.value = (f"<div style='font-size:12px;line-height:1.3;max-height:110px;overflow-y:auto'>"
                           f"{html.escape(words)} <code>{html.escape(str(action))}</code>{rules}</div>")


class HistoryPanel(Panel):
    """The move slider, history buttons and the variation list with promote / main line / delete."""

    title = N_("History")

    def __init__(self, table: TableView) -> None:
        self.slider = W.IntSlider(min=0, max=0, value=0, description=_("move"), continuous_update=False,
                                  layout=W.Layout(width="98%")).add_class("ccg-slider")
        # |◀ and ▶| rather than ⏮ ⏭: Debian's default fonts have no glyphs for U+23ED / U+23EE
        self.first_button = W.Button(description="|◀", layout=W.Layout(width="48px"), tooltip=_("start")).add_class("ccg-first")
        self.back_button = W.Button(description="◀", layout=W.Layout(width="48px"), tooltip=_("back")).add_class("ccg-back")
        self.fwd_button = W.Button(description="▶", layout=W.Layout(width="48px"), tooltip=_("forward")).add_class("ccg-forward")
        self.last_button = W.Button(description="▶|", layout=W.Layout(width="48px"), tooltip=_("end of line")).add_class("ccg-last")
        self.tree_box = W.Select(options=[], rows=12, layout=W.Layout(width="98%")).add_class("ccg-tree")
        self.promote_button = W.Button(description=_("promote"), tooltip=_("move this variation up one place")).add_class("ccg-promote")
        self.main_button = W.Button(description=_("make main line")).add_class("ccg-main-line")
        self.delete_button = W.Button(description=_("delete move"), button_style="warning",
                                      tooltip=_("delete this move and everything after it"))
        self.box = W.VBox([
            self.slider, W.HBox([self.first_button, self.back_button, self.fwd_button, self.last_button]),
            W.HTML(_("{variations} (select to jump; ▶ marks the position shown)").format(
                variations="<b>" + html.escape(_("variations")) + "</b>")), self.tree_box,
            W.HBox([self.promote_button, self.main_button]),
            W.HBox([self.delete_button], layout=W.Layout(margin="18px 0 0 0")),  # away from promote: it cuts moves
        ])

    def wire(self, table: Table) -> None:
        guard = table.guard
        self.first_button.on_click(guard(lambda _: table.to_start()))
        self.back_button.on_click(guard(lambda _: table.back()))
        self.fwd_button.on_click(guard(lambda _: table.forward()))
        self.last_button.on_click(guard(lambda _: table.to_end()))
        self.slider.observe(guard(lambda change: table.go_to_move(change["new"]), quiet=True), "value")
        self.tree_box.observe(guard(lambda change: self._jump(table, change["new"]), quiet=True), "value")
        self.promote_button.on_click(guard(lambda _: table.promote()))
        self.main_button.on_click(guard(lambda _: table.promote_to_main()))
        self.delete_button.on_click(guard(lambda _: table.delete()))

    @staticmethod
    def _jump(table: Table, node_id: int | None) -> None:
        if node_id is not None:
            table.go(node_id)

    def refresh(self, table: TableView) -> None:
        c = table.controller
        cursor = c.tree.cursor
        self.slider.max = len(c.tree.line()) - 1
        self.slider.value = cursor.ply
        self.back_button.disabled = self.first_button.disabled = cursor.parent is None
        self.fwd_button.disabled = self.last_button.disabled = not cursor.variations
        self.tree_box.options = c.variation_rows()
        self.tree_box.value = cursor.id
        self.promote_button.disabled = c.branch_node() is None
        self.main_button.disabled = cursor.is_mainline()
        self.delete_button.disabled = cursor.parent is None


def seat_names_and_colours(game: str, n: int) -> tuple[list[str], list[str] | None]:
    """How the game's board names and colours its seats ("Blue (seat 0)"), or "seat 0" without colours."""
    names, colours = seat_names(game), seat_colours(game)  # the board view the game declares (SPEC.plot)
    if not names or len(names) < n:
        return [_("seat {seat}").format(seat=p) for p in range(n)], None
    shown = [c if c.lower() not in ("#fafafa", "#ffffff") else "#9a9a9a" for c in colours] if colours else None
    return [_("{name} (seat {seat})").format(name=pgettext("seat colour", names[p]), seat=p) for p in range(n)], shown


class InspectPanel(Panel):
    """Whose view is shown, the players and the position in the rulebook's names, the game so far, the move log.

    The chart is redrawn only while the tab is open (and when it is opened): the table stays quick."""

    title = N_("Inspect")

    def __init__(self, table: TableView) -> None:
        c = table.controller
        self.view = W.Dropdown(description=_("view as"), layout=W.Layout(width="230px"),
                               options=c.seating.view_options(), value=c.seating.view)
        self.players_html = W.HTML(layout=W.Layout(overflow="auto", width="98%"))
        self.globals_html = W.HTML(layout=W.Layout(overflow="auto", width="98%"))
        self.chart = FigureSlot(css_class="ccg-progress")
        self._rows: dict = {}  # (node, seat) -> the charted row (positions already read)
        self.stale = True  # the chart is redrawn when the tab is opened
        self.log = W.HTML().add_class("ccg-log")
        self.box = W.VBox([self.view, W.HTML("<b>" + html.escape(_("players")) + "</b>"), self.players_html,
                           W.HTML("<b>" + html.escape(_("the board")) + "</b>"), self.globals_html, self.chart.box,
                           W.HTML(_("{moves} (a bot's reasons under why?)").format(
                               moves="<b>" + html.escape(_("moves")) + "</b>")),
                           self.log])

    def wire(self, table: Table) -> None:
        self.view.observe(table.guard(lambda change: table.set_view(change["new"]), quiet=True), "value")
        # the chart is drawn while the tab is open (it costs a few tenths of a second): on opening it, draw it
        table.tabs.observe(table.guard(lambda _: self.refresh_chart(table)), "selected_index")

    def shown(self, table: TableView) -> bool:
        """True while the Inspect tab is the one open."""
        return table.tabs.selected_index is not None and table.panels[table.tabs.selected_index] is self

    def refresh(self, table: TableView) -> None:
        c = table.controller
        players, globals_ = insp.tables(c.state, c.view_seat)
        self.players_html.value = insp.html_table(players.T if len(players.columns) > 3 else players)
        self.globals_html.value = insp.html_table(globals_)
        self.log.value = insp.html_log(insp.log_lines(c))
        self.refresh_chart(table)

    def refresh_chart(self, table: TableView) -> None:
        """The chart of the game so far, redrawn only while the tab is open (else when it is next opened)."""
        if not self.shown(table):
            self.stale = True
            return
        self.stale = False
        c = table.controller
        frame = progress_frame(c.tree, c.view_seat, self._rows)
        spec = progress_spec(c.state.game)
        if frame is None or spec is None:
            self.chart.box.layout.display = "none"
        else:
            self.chart.box.layout.display = None
            names, colours = seat_names_and_colours(c.state.game, c.state.num_players)
            self.chart.show(progress_figure(frame, spec, names, colours))


COPY_BUTTON = """<button class="ccg-copy-position jupyter-button" title="{title}"
 onclick="(function(b){{const t=b.closest('.ccg-table').querySelector('.ccg-position input');
 const done=()=>{{b.dataset.ccgCopied=String(t.value.length);b.textContent={copied};setTimeout(()=>{{b.textContent={copy}}},1500);}};
 t.select();if(navigator.clipboard&&window.isSecureContext){{navigator.clipboard.writeText(t.value).then(done,
 ()=>{{document.execCommand('copy');done();}});}}else{{document.execCommand('copy');done();}}}})(this)">{label}</button>"""


def copy_button() -> str:
    """The Copy button of the Position tab, its label and tooltip in the current language."""
    def js(text: str) -> str:  # a JavaScript string literal inside a double-quoted HTML attribute
        return html.escape(json.dumps(text), quote=True)

    return COPY_BUTTON.format(title=html.escape(_("copy the position string to the clipboard"), quote=True),
                              copied=js(_("Copied")), copy=js(_("Copy")), label=html.escape(_("Copy")))


class PositionPanel(Panel):
    """The position string of the view (the full one for a teacher too) with a Copy button, and a box to paste one.

    A pasted position outside the move tree replaces the tree only after "Replace the tree"; the
    replaced tree stays reachable with "Previous tree".
    """

    title = N_("Position")

    def __init__(self, table: TableView) -> None:
        self.position_label = W.HTML()
        self.position = W.Text(description=_("position"), layout=W.Layout(width="98%")).add_class("ccg-position")
        self.copy = W.HTML(copy_button())
        self.full_position = W.Text(description=_("full"), layout=W.Layout(width="98%")).add_class("ccg-full-position")
        self.paste = W.Textarea(placeholder=_("paste a position string here"), layout=W.Layout(width="98%")).add_class("ccg-paste")
        self.paste_button = W.Button(description=_("Go to position")).add_class("ccg-go-position")
        self.replace_button = W.Button(description=_("Replace the tree"), button_style="warning",
                                       tooltip=_("start a new move tree at the pasted position")).add_class("ccg-replace-tree")
        self.previous_button = W.Button(description=_("Previous tree"),
                                        tooltip=_("back to the move tree a pasted position replaced")).add_class("ccg-previous-tree")
        teacher_only = [W.HTML(html.escape(_("Full position (teacher only: every hand and the dice to come):"))),
                        self.full_position] if table.controller.teacher else []
        self.box = W.VBox([self.position_label, self.position, self.copy, *teacher_only, self.paste,
                           W.HBox([self.paste_button, self.replace_button, self.previous_button])])

    def wire(self, table: Table) -> None:
        self.paste_button.on_click(table.guard(lambda _: table.load_position(self.paste.value)))
        self.replace_button.on_click(table.guard(lambda _: table.replace_tree()))
        self.previous_button.on_click(table.guard(lambda _: table.restore_previous_tree()))

    def refresh(self, table: TableView) -> None:
        c = table.controller
        seat = c.view_seat
        self.position.value = c.position_string
        self.position_label.value = html.escape(  # quote=False: "Seat 0's view" stays as written
            _("Copy this string to share the full position:") if seat is None else
            _("Seat {seat}'s view of the position (what seat {seat} may see: no hidden cards of others, "
              "no dice to come, no move history):").format(seat=seat), quote=False)
        if c.teacher:
            self.full_position.value = c.full_position_string
        self.replace_button.disabled = c.pending_position is None
        self.previous_button.disabled = not c.previous_trees
