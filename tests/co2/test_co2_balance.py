"""The reconstructed component data: no single-source strategy dominates absurdly (seeded, deterministic)."""
from __future__ import annotations

import pandas as pd

from ccg.games.co2.strategy.focus import run


def test_no_source_strategy_dominates():
    df = pd.DataFrame(run(20, players=4, seed=11, rules={"ppm.lose": 5000}))
    by = df.groupby("focus")
    vp = by.vp.mean()
    assert (vp > 0.75 * vp.mean()).all() and (vp < 1.25 * vp.mean()).all(), vp.to_dict()
    wins = by.won.mean()
    assert wins.max() < 0.6, wins.to_dict()  # a fair share is 0.25
    assert (by.plants.mean() >= 1).all()  # every source gets built
