"""The Table's "What if?" tab: seeded continuations from the cursor, their progress, chart and summary.

The games themselves come from :mod:`ccg.ui.whatif`; which position, seat and agents they start
from from ``TableController.what_if_request``. In a live kernel a run goes in slices of about 50 ms
between messages, so Stop (and the rest of the table) keeps working.
"""
from __future__ import annotations

import asyncio
import time
import traceback
from typing import TYPE_CHECKING, Any, Sequence

import ipywidgets as W
import pandas as pd

from ..agents.base import DEFAULT_AGENT, agent_names
from ..agents.strategist import persona_presets
from . import inspect as insp
from .board import FigureSlot
from .panels import Panel
from .whatif import WhatIfRequest, iter_what_if, outcome_figure, summary_table, what_if

if TYPE_CHECKING:
    from .table import Table


class WhatIfPanel(Panel):
    """Games, seed and an agent per seat; Run and Stop; a progress bar, the outcome chart and a summary table."""

    title = "What if?"

    def __init__(self, table: Table, games: int) -> None:
        c = table.controller
        limit = c.whatif_limit
        self.wi_games = W.BoundedIntText(value=min(games, limit), min=1, max=limit, description="games").add_class("ccg-whatif-games")
        self.wi_seed = W.IntText(value=c.seed, description="seed").add_class("ccg-whatif-seed")
        choices = [*agent_names(), *persona_presets(c.state.game)]
        self.wi_agents = [W.Dropdown(options=choices, value=DEFAULT_AGENT, description=f"seat {p}").add_class("ccg-whatif-agent")
                          for p in range(c.state.num_players)]
        self.wi_button = W.Button(description="Run what-if", button_style="info").add_class("ccg-whatif")
        self.wi_stop_button = W.Button(description="Stop", disabled=True, layout=W.Layout(width="70px"),
                                       tooltip="stop now: the games finished so far are charted").add_class("ccg-whatif-stop")
        self.wi_progress = W.IntProgress(value=0, min=0, max=1, layout=W.Layout(width="140px")).add_class("ccg-whatif-progress")
        self.wi_note = W.HTML().add_class("ccg-whatif-note")
        self.wi_slot = FigureSlot(css_class="ccg-whatif-chart")  # the chart appears with the first run
        self.wi_summary = W.HTML(layout=W.Layout(overflow="auto")).add_class("ccg-whatif-summary")
        self.box = W.VBox([W.HBox([self.wi_games, self.wi_seed]), *self.wi_agents,
                           W.HBox([self.wi_button, self.wi_stop_button, self.wi_progress, self.wi_note]),
                           self.wi_slot.box, self.wi_summary])
        self._task: asyncio.Task | None = None
        self._stop = False
        self._ticked = 0.0

    def wire(self, table: Table) -> None:
        self.wi_button.on_click(table.guard(lambda _: self.start(table)))
        self.wi_stop_button.on_click(table.guard(lambda _: self.stop()))

    def request(self, table: Table, n_games: int | None = None, agents: Sequence[Any] | None = None,
                seed: int | None = None) -> WhatIfRequest:
        """The run the controls ask for; an argument given overrides its control."""
        return table.controller.what_if_request(
            self.wi_games.value if n_games is None else n_games,
            [b.value for b in self.wi_agents] if agents is None else agents,
            self.wi_seed.value if seed is None else seed)

    def run(self, table: Table, n_games: int | None = None, agents: Sequence[Any] | None = None,
            seed: int | None = None) -> pd.DataFrame:
        """Run at once (blocking) and chart the result; returns the DataFrame."""
        job = self.request(table, n_games, agents, seed)
        self._started(job.n_games)
        try:
            df = what_if(job.state, job.n_games, agents=job.agents, seed=job.seed, seat=job.seat,
                         progress=self._tick, stop=lambda: self._stop)
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
        """Stop a running what-if at its next move (the game in progress is dropped); the games finished are charted."""
        self._stop = True

    async def _run_in_background(self, table: Table) -> None:
        try:
            job = self.request(table)
            self._started(job.n_games)
            rows: list[dict] = []
            paused = time.monotonic()
            for row in iter_what_if(job.state, job.n_games, agents=job.agents, seed=job.seed, seat=job.seat):
                if row is not None:
                    rows.append(row)
                    self._tick(len(rows), job.n_games)
                if self._stop:
                    break
                if time.monotonic() - paused > 0.05:  # let the kernel handle Stop and other clicks
                    await asyncio.sleep(0)
                    paused = time.monotonic()
            df = pd.DataFrame(rows)
            df.attrs["stopped"] = len(rows) < job.n_games
            self._show(table, df, job)
        except ValueError as e:
            table.say(str(e), error=True)
        except Exception as e:  # a bug: say so where the user looks, keep the traceback for a report
            table.last_error = traceback.format_exc()
            table.say(f"internal error ({type(e).__name__}: {e}); see Table.last_error", error=True)
        finally:
            self._finished()

    def _started(self, n: int) -> None:
        self._stop = False
        self._ticked = 0.0
        self.wi_progress.max = max(n, 1)
        self.wi_progress.value = 0
        self.wi_note.value = f"0 of {n} games"
        self.wi_button.disabled = True
        self.wi_stop_button.disabled = False

    def _tick(self, done: int, total: int) -> None:
        now = time.monotonic()
        if done == total or now - self._ticked >= 0.1:  # at most ten updates a second
            self._ticked = now
            self.wi_progress.value = done
            self.wi_note.value = f"{done} of {total} games"

    def _finished(self) -> None:
        self.wi_button.disabled = False
        self.wi_stop_button.disabled = True

    def _show(self, table: Table, df: pd.DataFrame, job: WhatIfRequest) -> pd.DataFrame:
        stopped = bool(df.attrs.get("stopped"))
        self.wi_progress.value = len(df)
        self.wi_note.value = f"{len(df)} of {job.n_games} games" + (" (stopped)" if stopped else "")
        self.wi_slot.show(outcome_figure(df, job.state.num_players, title=f"What if? from move {job.state.ply}"))
        self.wi_summary.value = insp.html_table(summary_table(df)) if len(df) else ""
        table.last_what_if = df
        return df
