"""Test helpers for the UI: a tiny board drawing for the toy game, a toy variant whose actions have locations,
and a counter of whole-position serialisations.

The toy game (tests/toy_game.py) has no board; ``install()`` registers it again with this module as its
board drawing (``SPEC.plot``) so ``ccg.plot.board`` works for it, and registers ``toy_where`` — the
toy game with ``Action.where`` filled in (roll touches "die", hold touches "bank<seat>").
"""
from __future__ import annotations

import dataclasses

import plotly.graph_objects as go
import toy_game

from ccg.core import Action, GameSpec, GameState, registry


def board(state, seat=None, **kwargs):
    n = state.num_players
    obs = state.observation(seat)["state"] if seat is not None else state.to_dict()["state"]
    fig = go.Figure()
    fig.add_trace(go.Scatter(
        x=list(range(n)), y=[0] * n, mode="markers+text", name="banks",
        marker=dict(size=[20 + 2 * b for b in obs["banked"]]),
        text=[f"seat {p}: {b}" for p, b in enumerate(obs["banked"])],
        customdata=[f"bank{p}" for p in range(n)],
    ))
    fig.add_trace(go.Scatter(x=[n / 2], y=[1], mode="markers+text", name="die",
                             text=[f"turn total {obs['turn_total']}"], customdata=[["die", obs["turn_total"]]]))
    fig.update_layout(title=f"toy, move {state.ply}", height=250, width=400)
    return fig


class WhereState(toy_game.ToyState):
    game = "toy_where"
    __slots__ = ()

    def _legal_actions(self):
        if self.over:
            return []
        roll = Action("roll", (), ("die",))
        hold = Action("hold", (), (f"bank{self.to_move}",))
        return [roll, hold] if self.turn_total else [roll]

    def _copy(self):
        new = WhereState.__new__(WhereState)
        for k in toy_game.ToyState.__slots__:
            setattr(new, k, getattr(self, k))
        new.banked, new.cards, new.deck = self.banked[:], self.cards[:], self.deck[:]
        return new

    @classmethod
    def _from_state_dict(cls, d, num_players, options):
        base = toy_game.ToyState._from_state_dict(d, num_players, options)
        new = WhereState.__new__(WhereState)
        new._init_base(num_players, 0, options)
        for k in toy_game.ToyState.__slots__:
            setattr(new, k, getattr(base, k))
        return new

    def _parse(self, text):
        return {a.kind: a for a in self._legal_actions()}.get(text)


def _create(players, seed, options):
    base = toy_game.create(players, seed, options)
    new = WhereState.__new__(WhereState)
    new._init_base(players, seed, options)
    for k in toy_game.ToyState.__slots__:
        setattr(new, k, getattr(base, k))
    new.rng.state = base.rng.state
    return new


SPEC = GameSpec(
    name="toy_where", title="Toy pig with locations", state_class=WhereState, create=_create,
    min_players=2, max_players=4, default_players=2, options=toy_game.SPEC.options, rules=toy_game.RULES,
    outcome=lambda s: {"long_game": s.ply > 30, "total_banked": sum(s.banked)},
    plot=__name__,
)


def install() -> None:
    registry.register(dataclasses.replace(toy_game.SPEC, plot=__name__), toy_game.__name__)
    registry.register("toy_where", __name__)


def count_serialisation(monkeypatch, cls: type) -> list[str]:
    """Record (in the returned list) every call that serialises a whole position of ``cls``:
    ``to_dict``, ``to_json``, ``_full_dict`` and the game's ``_state_dict``."""
    calls: list[str] = []
    for owner, name in ((GameState, "to_dict"), (GameState, "to_json"), (GameState, "_full_dict"), (cls, "_state_dict")):
        original = getattr(owner, name)

        def counted(self, *args, _original=original, _name=name, **kwargs):
            calls.append(_name)
            return _original(self, *args, **kwargs)

        monkeypatch.setattr(owner, name, counted)
    return calls
