"""The flow of play: the task stack runs its automatic tasks at once until a decision waits.

Each automatic task kind has its rule in the module of its phase: the Operations phase
(``operations``), the Supply phase (``supply``), a turn's steps (``turn``), expertise
(``expertise``), scientists (``scientists``), summits (``summits``), final scoring
(``scoring``) and the variants (``variants``). The decisions are in ``decisions.DECISIONS``.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from . import economy, expertise, operations, scientists, scoring, summits, supply, turn, variants
from .decisions import DECISIONS

if TYPE_CHECKING:
    from .state import Co2State

AUTO = {
    "ops_start": operations.ops_start, "begin_turn": operations.begin_turn, "after_turn": operations.after_turn,
    "ops_end": operations.ops_end,
    "supply": supply.supply, "decay": supply.decay, "energy": supply.energy, "fossil_pay": supply.fossil_pay,
    "event": supply.event, "supply_end": supply.supply_end,
    "paycep": economy.pay_one_cep, "control": economy.check_control_task,
    "gain": expertise.gain, "cep_bonus": expertise.cep_bonus, "any_exp": expertise.any_expertise,
    "displace": scientists.displace, "leave": scientists.leave, "research": scientists.research,
    "proj_exp": scientists.project_expertise,
    "retproj": turn.return_project, "install_done": turn.install_done,
    "summits": summits.end_full_summits, "summit_close": summits.close_summit,
    "draft_pass": variants.draft_pass, "solo_place": variants.solo_place,
    "final": scoring.final_scoring, "final_vp": scoring.final_vp,
}
KINDS = frozenset(DECISIONS) | frozenset(AUTO)


def run(s: Co2State) -> None:
    """Run automatic tasks until a decision waits (or the game is over)."""
    tasks = s.tasks
    while tasks:
        handler = AUTO.get(tasks[-1].kind)
        if handler is None:
            return
        handler(s, tasks.pop())


def legal(s: Co2State) -> list:
    """The legal actions of the decision on top."""
    task = s.tasks[-1]
    return DECISIONS[task.kind].legal(s, task)


def apply(s: Co2State, action) -> None:
    """Play ``action`` for the decision on top, then run what follows."""
    task = s.tasks[-1]
    DECISIONS[task.kind].apply(s, task, action)
    run(s)
