"""The agents' evaluation of Catan positions (ccg/games/catan/hooks.py)."""
from __future__ import annotations

import ccg
from ccg.core.rng import Rng
from ccg.games.catan import SPEC
from ccg.games.catan.data import PIPS
from ccg.games.catan.hooks import production_values


def hex_by_hex_production(s, p: int) -> float:
    """Reference: walk every numbered hex not under the robber (CAT-5.2, CAT-6.5) and count p's buildings."""
    total = 0
    for h in range(s.board.n_hex):
        if s.numbers[h] and h != s.robber:
            total += sum(PIPS[s.numbers[h]] * s.node_level[x] for x in s.board.hex_nodes[h] if s.node_owner[x] == p)
    return total / 36.0


def test_production_values_match_a_hex_by_hex_count_through_whole_games():
    for seed, options in ((4, {}), (5, {"scenario": "oil_springs"})):
        s = ccg.new_game("catan", players=4, seed=seed, **options)
        rng = Rng(seed)
        robbed_building = False
        while not s.is_terminal():
            assert production_values(s) == [hex_by_hex_production(s, p) for p in range(4)]
            robbed_building |= any(s.node_owner[x] >= 0 for x in s.board.hex_nodes[s.robber]) if s.robber >= 0 else False
            legal = s.legal_actions()
            s.apply(legal[rng.below(len(legal))])
        assert robbed_building  # the robber exclusion was exercised


def test_heuristic_rates_the_winner_of_a_finished_game_highest():
    s = ccg.new_game("catan", players=4, seed=6)
    rng = Rng(6)
    while not s.is_terminal():
        legal = s.legal_actions()
        s.apply(legal[rng.below(len(legal))])
    values = SPEC.heuristics(s)
    assert max(range(4), key=values.__getitem__) == s.winner
