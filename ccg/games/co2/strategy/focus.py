"""A balance check of the reconstructed component data by simulation.

``FocusPolicy(source)`` is a simple scripted player that specialises in one
green source: it puts scientists on that source's projects, proposes and
installs them, and builds whenever it can (its own source first). Pitting
focus players against each other (seats rotated) shows whether one source
dominates. ``python -m ccg.games.co2.strategy.focus`` prints the table used in
docs/co2_components.md.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, cast

from ccg.core import Rng, new_game

from ..data import SOURCES
from ..tasks import GoalChoice, Income

if TYPE_CHECKING:
    from ..state import Co2State


class FocusPolicy:
    def __init__(self, source: int, seed: int = 0) -> None:
        self.src = source
        self.name = SOURCES[source]
        self.rng = Rng(seed)

    def act(self, s: Co2State):
        acts = s.legal_actions()
        kind = s.tasks[-1].kind
        mine = SOURCES[self.src]
        if kind == "turn":
            builds = [a for a in acts if a.kind == "build"]
            if builds:
                own = [a for a in builds if a.args[0] == mine]
                return (own or builds)[0]
            for k in ("install", "propose"):
                own = [a for a in acts if a.kind == k and (k == "install" or a.args[0] == mine)]
                if k == "install":
                    own = [a for a in own if s.projects[_ps(s, a)] == self.src] or own
                if own and not (k == "install" and s.cep[s.tasks[-1].seat] == 0):  # the seat deciding
                    if k == "propose":
                        pref = [a for a in own if a.args[2] == "research"] or own
                        return pref[0]
                    return own[0]
            sci = [a for a in acts if a.kind == "scientist" and a.args[0] == "hand"]
            if sci:
                return sci[0]
            if any(a.kind == "end" for a in acts):
                return next(a for a in acts if a.kind == "end")
            return acts[self.rng.below(len(acts))]
        if kind == "sci_to":
            own = [a for a in acts if a.args[0] != "hand" and "." in a.args[0] and not a.args[0].startswith("s")
                   and s.projects[_loc(s, a.args[0])] == self.src]
            return (own or acts)[0]
        top = s.tasks[-1]
        if isinstance(top, Income):
            total = top.amount
            want = total // 2 if s.decade >= 3 else total
            return next(a for a in acts if a.args[0] == want)
        if kind in ("exp_any", "summit_pick", "study"):
            own = [a for a in acts if a.args[0] == mine]
            return (own or acts)[0]
        if kind == "research_choose":
            return next((a for a in acts if a.kind == "hire"), acts[0])
        if isinstance(top, GoalChoice):
            return acts[0] if top.goal_vp >= 4 else acts[1]
        return acts[self.rng.below(len(acts))]


def _ps(s: Co2State, a):
    return s.components.regions.index(a.args[0]) * 3 + ("money", "resources", "research").index(a.args[1])


def _loc(s: Co2State, text):
    r, g = text.split(".")
    return s.components.regions.index(r) * 3 + ("money", "resources", "research").index(g)


def run(n_games: int = 100, players: int = 4, seed: int = 1, rules: dict | None = None, variant: str = "random"):
    """One row per (game, seat): the seat's source focus, VP, whether it won, plants built."""
    rows = []
    for g in range(n_games):
        s = cast("Co2State", new_game("co2", players=players, seed=seed + g, rules=rules or {}, variant=variant))
        focus = [(g + k) % 5 for k in range(players)]
        pol = [FocusPolicy(f, seed + g * 10 + k) for k, f in enumerate(focus)]
        while (seat := s.current_player) is not None:
            s.apply(pol[seat].act(s))
        won = s.winners()
        for p in range(players):
            rows.append({"game": g, "seat": p, "focus": SOURCES[focus[p]], "vp": s.vp[p],
                         "won": (p in won) / max(1, len(won)), "plants": s.space_owner.count(p),
                         "lost_planet": s.lost, "final_ppm": s.ppm, "peak_ppm": s.ppm_peak,
                         "decade": s.decade})
    return rows


def main() -> None:  # pragma: no cover - a report for the docs
    import pandas as pd  # for this report only: the bots that use the focus policy never load pandas

    for label, rules in (("default rules", None), ("no pollution loss (ppm.lose = 5000)", {"ppm.lose": 5000})):
        df = pd.DataFrame(run(100, rules=rules))
        print(f"\n== {label}: planet lost in {df.groupby('game').lost_planet.first().mean():.0%} of games, "
              f"mean final ppm {df.groupby('game').final_ppm.first().mean():.0f}")
        print(df.groupby("focus")[["vp", "won", "plants"]].mean().round(2).to_string())


if __name__ == "__main__":  # pragma: no cover
    main()
