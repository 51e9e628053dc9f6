"""The running estimate of a batch of games: win shares and yes/no outcome rates with 95 % intervals.

Rows are added one game at a time (in game order); after each the estimate knows whether its
*headline* interval is as narrow as asked, so a progressive run (:mod:`ccg.analysis.progressive`)
can stop. The headline is a seat's win share (``headline=2``), a yes/no outcome column's rate
(``headline="planet_lost"``) or, by default, every seat's win share (the widest interval counts).
Intervals are Wilson's (:func:`ccg.analysis.stats.wilson`); shared wins count 1/k for a k-way tie.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

import pandas as pd

from .stats import wilson

DEFAULT_PRECISION = 0.10  # ± on the headline outcome (half the 95 % interval's width)
MIN_GAMES = 10  # never stop on fewer games: a lucky streak gives narrow-looking intervals


@dataclass(frozen=True)
class Share:
    """A share of games with its 95 % Wilson interval."""

    name: str
    count: float
    games: int
    low: float
    high: float

    @property
    def share(self) -> float:
        return self.count / self.games if self.games else float("nan")

    @property
    def half_width(self) -> float:
        """The ± of the interval: half its width."""
        return (self.high - self.low) / 2


def check_precision(precision: Any) -> float | None:
    """None (no target) or a number in (0, 0.5]: the ± wanted on the headline outcome."""
    if precision is None:
        return None
    if isinstance(precision, bool) or not isinstance(precision, (int, float)) or not 0 < precision <= 0.5:
        raise ValueError(f"precision must be a number above 0 and at most 0.5 (the ± of a 95 % interval on a "
                         f"share, e.g. 0.1), got {precision!r}")
    return float(precision)


def check_headline(headline: Any, players: int) -> int | str | None:
    """None (every seat's win share), a seat number, or the name of a yes/no outcome column."""
    if headline is None or isinstance(headline, str) and headline:
        return headline
    if isinstance(headline, int) and not isinstance(headline, bool) and 0 <= headline < players:
        return headline
    raise ValueError(f"headline must be a seat (0..{players - 1}), the name of a yes/no outcome column, "
                     f"or None (every seat's win share), got {headline!r}")


class RunningEstimate:
    """Counts of wins and yes/no outcomes over the games added so far."""

    def __init__(self, players: int, headline: int | str | None = None) -> None:
        self.players = players
        self.headline = check_headline(headline, players)
        self.games = 0
        self.wins = [0.0] * players
        self.nobody = 0.0
        self.flags: dict[str, list[int]] = {}  # column -> [true count, games that filled it]

    def add(self, row: Mapping[str, Any]) -> None:
        """Count one finished game (a row of ``ccg.simulate``)."""
        self.games += 1
        won = row.get("winners") or ()
        if won:
            for p in won:
                self.wins[p] += 1.0 / len(won)
        else:
            self.nobody += 1.0
        for key, value in row.items():
            if isinstance(value, bool) and key != "truncated":
                counts = self.flags.setdefault(key, [0, 0])
                counts[0] += int(value)
                counts[1] += 1

    def win_shares(self) -> list[Share]:
        """Each seat's share of wins, then 'nobody' (no winner or unfinished)."""
        out = [self._share(f"seat {p}", w, self.games) for p, w in enumerate(self.wins)]
        return out + [self._share("nobody", self.nobody, self.games)]

    def outcome_rates(self) -> list[Share]:
        """The share of games where each yes/no outcome of the game (``SPEC.outcome``) was true."""
        return [self._share(k, c, n) for k, (c, n) in self.flags.items()]

    @staticmethod
    def _share(name: str, count: float, games: int) -> Share:
        lo, hi = wilson(count, games)
        return Share(name, count, games, lo, hi)

    def headline_half_width(self) -> float:
        """The ± of the headline interval (1.0 before any game; the widest seat's when the headline is every seat)."""
        if self.games == 0:
            return 1.0
        if self.headline is None:
            return max(s.half_width for s in self.win_shares()[: self.players])
        if isinstance(self.headline, int):
            return self.win_shares()[self.headline].half_width
        if self.headline not in self.flags:
            raise ValueError(f"headline {self.headline!r} is not a yes/no outcome of this game; yes/no outcomes: "
                             f"{', '.join(self.flags) or 'none'}")
        return self._share(self.headline, *self.flags[self.headline]).half_width

    def precise(self, precision: float | None, min_games: int = MIN_GAMES) -> bool:
        """At least ``min_games`` games and the headline's ± at most ``precision`` (never with no target)."""
        return precision is not None and self.games >= min_games and self.headline_half_width() <= precision

    def frame(self) -> pd.DataFrame:
        """One row per win share and yes/no outcome: what, share, ci_low, ci_high, games."""
        rows = [{"what": f"wins: {s.name}", "share": s.share, "ci_low": s.low, "ci_high": s.high, "games": s.games}
                for s in self.win_shares()]
        rows += [{"what": s.name, "share": s.share, "ci_low": s.low, "ci_high": s.high, "games": s.games}
                 for s in self.outcome_rates()]
        return pd.DataFrame(rows, columns=["what", "share", "ci_low", "ci_high", "games"])

    def describe(self) -> str:
        """One line for a progress bar: games, each seat's win share ± its interval."""
        parts = [f"{s.name} {s.share:.2f}±{s.half_width:.2f}" for s in self.win_shares()[: self.players]]
        return f"{self.games} games: " + ", ".join(parts)
