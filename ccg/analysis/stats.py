"""Confidence intervals for win rates."""
from __future__ import annotations

import math

Z95 = 1.959963984540054


def wilson(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a proportion: ``wins`` successes (may be fractional) in ``n`` trials.

    Shared wins count as fractions (1/k for a k-way tie), so ``wins`` may be
    fractional; the interval then treats p̂ = wins / n as a binomial proportion,
    which is slightly conservative because a fractional outcome has less
    variance than a 0/1 one. n = 0 gives (0, 1).
    """
    if n <= 0:
        return 0.0, 1.0
    p = wins / n
    z2 = z * z
    denom = 1.0 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z * math.sqrt(max(0.0, p * (1 - p) / n + z2 / (4 * n * n))) / denom
    lo, hi = centre - half, centre + half
    return (0.0 if lo < 1e-12 else lo), (1.0 if hi > 1 - 1e-12 else hi)


def proportions(df, by, column: str, z: float = Z95):
    """Share of rows where ``column`` is true, per group of ``by``, with Wilson intervals.

    >>> proportions(sweep_df, ["rules.ppm.coal", "rules.ppm.lose"], "planet_lost")

    Returns a DataFrame with the ``by`` columns, ``games``, ``count``,
    ``share``, ``ci_low`` and ``ci_high``.
    """
    import pandas as pd  # wilson() is used without pandas (the classroom, the estimates)

    by = [by] if isinstance(by, str) else list(by)
    if column not in df.columns:
        raise ValueError(f"no column {column!r}; columns are {', '.join(map(str, df.columns))}")
    rows = []
    for key, group in df.groupby(by, sort=True):
        key = key if isinstance(key, tuple) else (key,)
        n = len(group)
        count = float(group[column].astype(float).sum())
        lo, hi = wilson(count, n, z)
        rows.append({**dict(zip(by, key)), "games": n, "count": count, "share": count / n if n else float("nan"),
                     "ci_low": lo, "ci_high": hi})
    return pd.DataFrame(rows)
