"""The Table's "What if?" tab: seeded continuations from the cursor, streamed into a chart as they finish.

The games come from :mod:`ccg.ui.whatif`; which position, seat and agents they start from from
``TableController.what_if_request``. In a live kernel the games run on the warm process pool
(:mod:`ccg.analysis.pool`, started in the background when the tab is first opened, once per kernel;
on the user's Dask client after ``ccg.analysis.use_client(client)``) and the chart — win
shares and yes/no outcome rates with their 95 % intervals — is redrawn as they finish, so the
first estimate shows after the first games and the intervals narrow as more come in. The run ends
by itself once the headline (the viewing seat's win share; every seat's for the referee) is within
the ± asked (0: play every game), at the games cap, or at Stop, which keeps the games finished.
Agents defined in the notebook cannot go to worker processes: those runs use a thread of the
kernel. Without an event loop (scripts, tests) a run plays at once, in this process.
"""
from __future__ import annotations

import asyncio
import base64
import html
import time
import traceback
from typing import TYPE_CHECKING, Any, Sequence

import ipywidgets as W
import pandas as pd

from ..agents.base import DEFAULT_AGENT, agent_names
from ..agents.strategist import persona_presets
from ..analysis import labels
from ..analysis import pool as warm
from ..analysis.estimate import DEFAULT_PRECISION
from ..analysis.progressive import Partial, Progressive
from ..i18n import N_, _, format_number, format_percent, ngettext
from . import inspect as insp
from .board import FigureSlot
from .panels import Panel
from .seating import seat_kind_text
from .whatif import WhatIfRequest, continuations, outcome_figure, result_frame, summary_table, what_if

if TYPE_CHECKING:
    from .table import Table
    from .view import TableView

REDRAW_S = 0.4  # at most this often the chart is sent again while games stream in


def _games_done(done: int, total: int) -> str:
    return ngettext("{done} of {total} game", "{done} of {total} games", total).format(done=done, total=total)


def in_kernel() -> bool:
    """True inside a Jupyter kernel (where a run can go on in the background)."""
    try:
        from IPython import get_ipython  # comes with ipywidgets, but only a kernel has a shell
    except ImportError:  # pragma: no cover - IPython comes with ipywidgets
        return False
    shell = get_ipython()
    return shell is not None and getattr(shell, "kernel", None) is not None


class WhatIfPanel(Panel):
    """Games (the cap), ± wanted, seed and an agent per seat; Run and Stop; progress, the chart, a summary, CSV."""

    title = N_("What if?")

    def __init__(self, table: TableView, games: int) -> None:
        c = table.controller
        limit = c.whatif_limit
        style = {"description_width": "initial"}
        self.wi_games = W.BoundedIntText(
            value=min(games, limit), min=1, max=limit, description=_("games"), layout=W.Layout(width="140px"), style=style,
            tooltip=_("the most games a run plays (it stops sooner once the ± is reached)"),
        ).add_class("ccg-whatif-games")
        self.wi_precision = W.BoundedFloatText(
            value=DEFAULT_PRECISION, min=0.0, max=0.5, step=0.01, description="±", layout=W.Layout(width="95px"),
            style=style, tooltip=_("stop once the {level} interval of the win share is this narrow (0: play every game)").format(
                level=format_percent(0.95)),
        ).add_class("ccg-whatif-precision")
        self.wi_seed = W.IntText(value=c.seed, description=_("seed"), layout=W.Layout(width="130px"),
                                 style=style).add_class("ccg-whatif-seed")
        choices = [*agent_names(), *persona_presets(c.state.game)]
        self.wi_agents = [W.Dropdown(options=[(seat_kind_text(a), a) for a in choices], value=DEFAULT_AGENT, description=_("seat {seat}").format(seat=p)).add_class("ccg-whatif-agent")
                          for p in range(c.state.num_players)]
        self.wi_button = W.Button(description=_("Run what-if"), button_style="info").add_class("ccg-whatif")
        self.wi_stop_button = W.Button(description=_("Stop"), disabled=True, layout=W.Layout(width="70px"),
                                       tooltip=_("stop now: the games finished so far are charted")).add_class("ccg-whatif-stop")
        self.wi_progress = W.IntProgress(value=0, min=0, max=1, layout=W.Layout(width="120px")).add_class("ccg-whatif-progress")
        self.wi_note = W.HTML().add_class("ccg-whatif-note")
        self.wi_slot = FigureSlot(css_class="ccg-whatif-chart")  # the chart appears with the first run
        self.wi_summary = W.HTML(layout=W.Layout(overflow="auto")).add_class("ccg-whatif-summary")
        self.wi_download = W.HTML().add_class("ccg-whatif-csv")
        row = dict(width="100%", overflow="hidden")
        self.box = W.VBox([W.HBox([self.wi_games, self.wi_precision, self.wi_seed], layout=W.Layout(**row)),
                           *self.wi_agents,
                           W.HBox([self.wi_button, self.wi_stop_button, self.wi_progress, self.wi_note],
                                  layout=W.Layout(flex_flow="row wrap", **row)),
                           self.wi_slot.box, self.wi_summary, self.wi_download])
        self._task: asyncio.Task | None = None
        self._run: Progressive | None = None
        self._stop = False
        self._ticked = 0.0
        self._drawn = 0.0
        self.backend = "processes" if in_kernel() else "serial"

    def wire(self, table: Table) -> None:
        self.wi_button.on_click(table.guard(lambda _: self.start(table)))
        self.wi_stop_button.on_click(table.guard(lambda _: self.stop()))
        if self.backend == "processes":
            def opened(change: dict) -> None:
                if 0 <= change["new"] < len(table.tab_titles) and table.tab_titles[change["new"]] == self.title:
                    warm.warm_up()  # the workers start (and import the games) while the user sets up the run

            table.tabs.observe(opened, names="selected_index")

    def request(self, table: Table, n_games: int | None = None, agents: Sequence[Any] | None = None,
                seed: int | None = None) -> WhatIfRequest:
        """The run the controls ask for; an argument given overrides its control."""
        return table.controller.what_if_request(
            self.wi_games.value if n_games is None else n_games,
            [b.value for b in self.wi_agents] if agents is None else agents,
            self.wi_seed.value if seed is None else seed)

    @property
    def precision(self) -> float | None:
        """The ± asked for (None: every game is played)."""
        return float(self.wi_precision.value) or None

    def run(self, table: Table, n_games: int | None = None, agents: Sequence[Any] | None = None,
            seed: int | None = None) -> pd.DataFrame:
        """Run at once (blocking; on the warm pool in a kernel, else in this process) and chart the result.

        Returns the DataFrame (the same games wherever they ran).
        """
        job = self.request(table, n_games, agents, seed)
        self._started(job.n_games)
        try:
            df = None
            if self.backend == "processes":
                try:
                    df = what_if(job.state, job.n_games, agents=job.agents, seed=job.seed, seat=job.seat,
                                 precision=self.precision, progress=self._tick, backend="processes")
                except ValueError as e:
                    if "backend 'processes'" not in str(e):  # agents the workers cannot import: run them here
                        raise
            if df is None:
                df = what_if(job.state, job.n_games, agents=job.agents, seed=job.seed, seat=job.seat,
                             precision=self.precision, progress=self._tick, stop=lambda: self._stop)
        finally:
            self._finished()
        return self._show(table, df, job)

    def start(self, table: Table) -> None:
        """The Run button: in the background with an event loop, else at once."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            self.run(table)
            return
        if self._task is None or self._task.done():
            self._task = loop.create_task(self._run_in_background(table))

    def stop(self) -> None:
        """Stop a running what-if now (games in progress are dropped); the games finished are charted."""
        self._stop = True

    def _open(self, job: WhatIfRequest) -> Progressive:
        """The run on the user's Dask client (``ccg.analysis.use_client``) or the warm pool; in a thread of this
        process when its agents cannot travel there."""
        def on(backend: str) -> Progressive:
            return continuations(job.state, job.n_games, agents=job.agents, seed=job.seed, seat=job.seat,
                                 precision=self.precision, backend=backend)

        if warm.user_client() is not None:
            return on("dask")
        if self.backend == "processes":
            try:
                return on("processes")
            except ValueError as e:
                if "backend 'processes'" not in str(e):  # agents the workers cannot import: a thread here
                    raise
        return on("thread")

    async def _run_in_background(self, table: Table) -> None:
        try:
            job = self.request(table)
            self._started(job.n_games)
            self._run = run = self._open(job)
            final: Partial | None = None
            while final is None or not final.finished:
                if self._stop:
                    final = run.stop()
                    break
                partial = run.poll(0)
                if partial is None:
                    await asyncio.sleep(0.05)  # the kernel handles Stop and other clicks meanwhile
                    continue
                final = partial
                self._tick(partial.games, job.n_games)
                if not partial.finished and time.monotonic() - self._drawn >= REDRAW_S:
                    self._draw(partial, job, running=True)
                await asyncio.sleep(0)
            self._show(table, result_frame(final), job)
        except ValueError as e:
            table.say(str(e), error=True)
        except Exception as e:  # a bug: say so where the user looks, keep the traceback for a report
            table.last_error = traceback.format_exc()
            table.say(_("internal error ({error}); see Table.last_error").format(error=f"{type(e).__name__}: {e}"),
                      error=True)
        finally:
            if self._run is not None:
                self._run.close()
                self._run = None
            self._finished()

    def _started(self, n: int) -> None:
        self._stop = False
        self._ticked = 0.0
        self._drawn = 0.0
        self.wi_progress.max = max(n, 1)
        self.wi_progress.value = 0
        self.wi_note.value = html.escape(_games_done(0, n))
        self.wi_button.disabled = True
        self.wi_stop_button.disabled = False

    def _tick(self, done: int, total: int) -> None:
        now = time.monotonic()
        if done == total or now - self._ticked >= 0.1:  # at most ten updates a second
            self._ticked = now
            self.wi_progress.value = done
            self.wi_note.value = html.escape(_games_done(done, total))

    def _finished(self) -> None:
        self.wi_button.disabled = False
        self.wi_stop_button.disabled = True

    def _title(self, job: WhatIfRequest) -> str:
        return _("What if? from move {ply}").format(ply=job.state.ply)

    def _draw(self, partial: Partial, job: WhatIfRequest, running: bool) -> None:
        """The chart of the games so far (while the run goes on)."""
        self._drawn = time.monotonic()
        df = pd.DataFrame(partial.rows)
        self.wi_slot.show(outcome_figure(df, job.state.num_players, title=self._title(job), headline=job.seat,
                                         estimate=partial.estimate, running=running, game=job.state.game))

    def _show(self, table: Table, df: pd.DataFrame, job: WhatIfRequest) -> pd.DataFrame:
        why = df.attrs.get("stopped_by")
        self.wi_progress.value = len(df)
        ending = {"stopped": " " + _("(stopped)"),
                  "precision": " " + _("(±{precision} reached)").format(
                      precision=format_number(self.wi_precision.value, digits=2))}.get(why, "")
        self.wi_note.value = html.escape(_games_done(len(df), job.n_games) + ending)
        self.wi_slot.show(outcome_figure(df, job.state.num_players, title=self._title(job), headline=job.seat,
                                         game=job.state.game))
        self.wi_summary.value = insp.html_table(summary_table(df)) if len(df) else ""
        self.wi_download.value = self._csv_link(df, job) if len(df) else ""
        table.last_what_if = df
        return df

    def _csv_link(self, df: pd.DataFrame, job: WhatIfRequest) -> str:
        """A download link of the games as CSV, with readable column names."""
        text = labels.to_csv(df.drop(columns=[c for c in df.columns if c == "players"]), job.state.game)
        data = base64.b64encode(text.encode("utf-8")).decode("ascii")
        name = html.escape(f"what-if-{job.state.game}-move-{job.state.ply}-seed-{job.seed}.csv")
        return (f"<a class='ccg-whatif-csv-link' download='{name}' href='data:text/csv;charset=utf-8;base64,{data}'>"
                + html.escape(ngettext("⬇ the {count} game as CSV", "⬇ the {count} games as CSV", len(df)).format(
                    count=len(df))) + "</a>")
