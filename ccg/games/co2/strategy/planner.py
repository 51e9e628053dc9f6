"""The CO2 strategist's move choice: each candidate followed to the end of its own sub-decisions.

A turn in the engine is a sequence of small actions (the action, then free steps, then
``end``); some open a follow-up decision of the same seat (a research grant's scientist
move, a displaced scientist's choice, the project studied at the end of the turn). Each
candidate is played on a copy and those follow-ups are settled by the same evaluation, so a
candidate is judged by where it really leads; the evaluation (``value.Valuer``) carries
the plan beyond the turn. Proposals are many (every free project space × every source its
agenda accepts), so only the few that fit the plan best are played out.
"""
from __future__ import annotations

from collections.abc import Iterator

from ccg.core import Rng

from . import position as rd
from .values import Valuer, Weights

SETTLE_DEPTH = 3  # follow-up decisions of the same seat played out per candidate


class Co2Planner:
    """``choose(state, seat, rng)``: the legal action whose settled outcome the valuer rates best."""

    def __init__(self, weights: Weights, cooperation: float, proposals: int = 6) -> None:
        self.valuer = Valuer(weights, cooperation)
        self.proposals = proposals

    def choose(self, state, seat: int, rng: Rng):
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        best, best_value = [], float("-inf")
        for action, _, v in self._weighed(state, seat):  # each settled position let go as soon as it is valued
            if v > best_value + 1e-9:
                best, best_value = [action], v
            elif v >= best_value - 1e-9:
                best.append(action)
        return best[rng.below(len(best))] if len(best) > 1 else best[0]

    def options(self, state, seat: int) -> list:
        """``[(action, settled position, value)]`` for every candidate the choice weighs."""
        return list(self._weighed(state, seat))

    def _weighed(self, state, seat: int) -> Iterator[tuple]:
        """``(action, settled position, value)`` for every candidate the choice weighs, one at a time: ``choose``
        keeps no settled position, so each is freed at once rather than left for the garbage collector (whose
        full collections grow costlier the more objects outlive a young collection)."""
        legal = state.legal_actions()
        candidates = self._prune(state, seat, legal) if rd.decision(state) == "turn" else legal
        utility = self.valuer.utility
        for action in candidates:
            settled, value = self._settle(state.child(action), seat, SETTLE_DEPTH)
            yield action, settled, utility(settled, seat) if value is None else value

    def explain_options(self, state, seat: int) -> tuple[str, list]:
        """For ``explain``: the unit and ``[(action, {term: value})]`` of every weighed candidate, each
        valued where its own follow-up decisions lead."""
        return "VP", [(a, self.valuer.terms(settled, seat)) for a, settled, _ in self.options(state, seat)]

    def value(self, state, seat: int) -> float:
        """One seat's entry of :meth:`values`."""
        return self.valuer.utility(state, seat)

    def values(self, state) -> list[float]:
        """Every seat's utility of ``state`` (own VP-to-be, rivalry and the planet as this planner
        weighs them): the leaf value of ``mcts:value=strategist``."""
        return [self.valuer.utility(state, p) for p in range(state.num_players)]

    # ---- playing a candidate out -----------------------------------------------------------
    def _settle(self, s, seat: int, depth: int) -> tuple:
        """The candidate's position after this seat's own follow-up decisions are settled, and its
        utility when the settling already computed it (else None)."""
        utility = self.valuer.utility
        value = None
        while depth > 0 and not s.is_terminal() and s.current_player == seat and rd.decision(s) != "turn":
            legal = s.legal_actions()
            if len(legal) == 1:
                s.apply(legal[0])
                value = None
                continue
            best, best_value = None, float("-inf")
            last = len(legal) - 1
            for i, a in enumerate(legal):
                if i < last:
                    child = s.child(a)
                else:
                    # s is this candidate's own copy (made by options or by an earlier step here) and is
                    # not read after its last follow-up: that one is played on s itself, one copy fewer
                    child = s
                    child.apply(a)
                v = utility(child, seat)
                if v > best_value:
                    best, best_value = child, v
            s, value = best, best_value
            depth -= 1
        return s, value

    def _prune(self, s, seat: int, legal: list) -> list:
        """All non-proposal actions, and the proposals that fit the plan best (CO2-6.1)."""
        proposals = [a for a in legal if a.kind == "propose"]
        if len(proposals) <= self.proposals:
            return legal
        rest = [a for a in legal if a.kind != "propose"]
        exp, built = rd.expertise(s, seat), rd.built_sources(s, seat)
        scored = sorted(((self._proposal_fit(s, a, exp, built), i) for i, a in enumerate(proposals)), reverse=True)
        return rest + [proposals[i] for _, i in scored[:self.proposals]]

    def _proposal_fit(self, s, action, exp: list[int], built: int) -> float:
        """A quick prior for a proposal: its grant now plus how near its source is to a licence
        (discounted per point of expertise missing as the plan discounts it, ``licence_step``);
        ``exp`` and ``built`` are the seat's expertise and built sources."""
        src, r, g = rd.proposal(s, action)
        tile = rd.next_plant(s, src)
        fit = 0.0 if tile is None else 3.0 * self.valuer.w.licence_step ** max(0, tile.resources - exp[src])
        if tile is not None and not built >> src & 1:
            fit += self.valuer.w.new_source  # a source the seat has not built yet (CO2-12.3.2)
        if g == rd.MONEY:
            fit += 0.5 * max(1, rd.region_cep(s, r))
        elif g == rd.RESOURCES:
            fit += 2.0
        else:
            fit += 1.0
        return fit
