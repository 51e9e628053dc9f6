"""The position of a Carbon Budget game and its rules (CB-1 to CB-6), on the ccg protocol (``ccg.core.GameState``)."""
from __future__ import annotations

from typing import Any

from ccg.core import Action, GameState, Rng, position_error, resolve_rules
from ccg.core import validate as v

from .rules import CARDS, DECK, HAND, RULES, build_emissions, build_vp

KINDS = ("build", "abate")
FIELDS = ("hands", "deck", "abated", "built", "vp", "emitted", "budget", "to_move", "round", "shocks", "over", "lost")


class CarbonBudgetState(GameState):
    game = "carbon_budget"
    hidden_information = True  # CB-1.3: hands and the deck; CB-4.1: abated cards
    __slots__ = ("rules",) + FIELDS

    rules: dict[str, Any]
    hands: list[list[str]]   # per seat, sorted (CB-1.3: secret)
    deck: list[str]          # face down, the top card last (CB-2.2)
    abated: list[list[str]]  # per seat, sorted (CB-4.1: secret)
    built: list[list[str]]   # per seat, in the order built (public)
    vp: list[int]
    emitted: list[int]       # units each seat took from the budget (CB-3.1)
    budget: int
    to_move: int
    round: int
    shocks: int              # climate shocks so far (CB-5.1)
    over: bool
    lost: bool               # CB-6.1: the budget ran out, everyone loses

    # ---- the protocol's hooks
    @property
    def current_player(self) -> int | None:
        return None if self.over else self.to_move

    def _legal_actions(self) -> list[Action]:
        """A turn (CB-2): build or abate with one card of the hand."""
        if self.over:
            return []
        hand = sorted(set(self.hands[self.to_move]))
        return [Action(kind, (card,), (card,)) for kind in KINDS for card in hand]  # CB-2.1; where: the card

    def _apply(self, action: Action) -> None:
        seat, card = self.to_move, action.args[0]
        self.hands[seat].remove(card)
        if action.kind == "build":
            self.vp[seat] += build_vp(card)  # CB-3.1, CB-3.2
            self.emitted[seat] += build_emissions(card)
            self.budget -= build_emissions(card)
            self.built[seat].append(card)
        else:  # CB-4.1
            self.abated[seat].append(card)
            self.abated[seat].sort()
            self.budget += 1
        if self.budget < 0:  # CB-6.1
            self.over = self.lost = True
            return
        if self.deck:  # CB-2.2
            self.hands[seat].append(self.deck.pop())
            self.hands[seat].sort()
        self._pass_turn(seat)

    def _pass_turn(self, seat: int) -> None:
        if not any(self.hands):  # CB-6.2
            self.over = True
            return
        nxt = seat
        while True:
            nxt = (nxt + 1) % self.num_players
            if nxt == 0:
                self._end_round()
                if self.over:
                    return
            if self.hands[nxt]:  # CB-2.3: an empty hand is skipped
                self.to_move = nxt
                return

    def _end_round(self) -> None:
        """CB-5.1: a die at the end of each round; on a 6 a climate shock takes from the budget."""
        self.round += 1
        if self.rng.die(6) == 6:
            self.shocks += 1
            self.budget -= self.rules["shock"]
            if self.budget < 0:  # CB-6.1
                self.over = self.lost = True

    def _copy(self) -> CarbonBudgetState:
        new = CarbonBudgetState.__new__(CarbonBudgetState)
        new.rules = self.rules  # resolved once, never changed
        new.hands = [h[:] for h in self.hands]
        new.deck = self.deck[:]
        new.abated = [a[:] for a in self.abated]
        new.built = [b[:] for b in self.built]
        new.vp = self.vp[:]
        new.emitted = self.emitted[:]
        new.budget, new.to_move, new.round, new.shocks = self.budget, self.to_move, self.round, self.shocks
        new.over, new.lost = self.over, self.lost
        return new

    def is_terminal(self) -> bool:
        return self.over

    def scores(self) -> list[float]:
        return [float(x) for x in self.vp]

    def winners(self) -> list[int]:
        if not self.over or self.lost:  # CB-6.1: everyone loses
            return []
        best = max(self.vp)
        return [p for p, x in enumerate(self.vp) if x == best]  # CB-6.2

    # ---- positions in and out
    def _state_dict(self) -> dict[str, Any]:
        return {"hands": [h[:] for h in self.hands], "deck": self.deck[:], "abated": [a[:] for a in self.abated],
                "built": [b[:] for b in self.built], "vp": self.vp[:], "emitted": self.emitted[:],
                "budget": self.budget, "to_move": self.to_move, "round": self.round, "shocks": self.shocks,
                "over": self.over, "lost": self.lost}

    def _observe(self, seat: int) -> dict[str, Any]:
        d = self._state_dict()
        d["hands"] = [h if p == seat else None for p, h in enumerate(d["hands"])]
        d["hand_sizes"] = [len(h) for h in self.hands]
        d["deck"] = len(self.deck)
        d["abated"] = [a if p == seat else None for p, a in enumerate(d["abated"])]
        d["abated_counts"] = [len(a) for a in self.abated]
        return d

    def _resample_hidden(self, seat: int, rng: Rng) -> None:
        """Deal everything ``seat`` cannot see (others' hands and abated cards, the deck) afresh from the
        cards it cannot account for, keeping every count it was shown."""
        unseen = sorted([c for p in range(self.num_players) if p != seat for c in self.hands[p] + self.abated[p]]
                        + self.deck)
        rng.shuffle(unseen)
        for p in range(self.num_players):
            if p != seat:
                self.hands[p] = sorted(unseen.pop() for _ in range(len(self.hands[p])))
                self.abated[p] = sorted(unseen.pop() for _ in range(len(self.abated[p])))
        self.deck = unseen

    @classmethod
    def _from_state_dict(cls, d: dict[str, Any], num_players: int, options: dict[str, Any]) -> CarbonBudgetState:
        s = _blank(num_players, 0, options)
        v.as_dict(d, "state", FIELDS)
        s.hands = [v.str_list(h, f"hands[{p}]", choices=CARDS) for p, h in enumerate(v.as_list(d["hands"], "hands", num_players))]
        s.deck = v.str_list(d["deck"], "deck", choices=CARDS)
        s.abated = [v.str_list(a, f"abated[{p}]", choices=CARDS)
                    for p, a in enumerate(v.as_list(d["abated"], "abated", num_players))]
        s.built = [v.str_list(b, f"built[{p}]", choices=CARDS)
                   for p, b in enumerate(v.as_list(d["built"], "built", num_players))]
        s.vp = v.int_list(d["vp"], "vp", num_players, lo=0)
        s.emitted = v.int_list(d["emitted"], "emitted", num_players, lo=0)
        s.budget = v.as_int(d["budget"], "budget", lo=-100, hi=1000)
        s.to_move = v.as_int(d["to_move"], "to_move", 0, num_players - 1)
        s.round = v.as_int(d["round"], "round", lo=0)
        s.shocks = v.as_int(d["shocks"], "shocks", lo=0, hi=s.round)
        s.over = v.as_bool(d["over"], "over")
        s.lost = v.as_bool(d["lost"], "lost")
        return s

    def check_invariants(self) -> None:
        """What every position obeys; the loader runs it on every position it reads, so these are explicit
        checks (they hold under ``python -O`` too), each naming the field that breaks them."""
        n = self.num_players
        for name in ("hands", "abated", "built", "vp", "emitted"):
            _require(len(getattr(self, name)) == n, name, f"one entry per seat ({n})")
        every = sorted([c for p in range(n) for c in self.hands[p] + self.abated[p] + self.built[p]] + self.deck)
        _require(every == sorted(DECK), "hands/deck/abated/built", "the 24 cards of CB-1.1, each once")
        _require(all(len(h) <= HAND for h in self.hands), "hands", "a hand holds at most 3 cards (CB-1.3)")
        _require(all(h == sorted(h) for h in self.hands), "hands", "each hand is kept sorted")
        _require(all(a == sorted(a) for a in self.abated), "abated", "each abatement pile is kept sorted")
        _require(self.vp == [sum(build_vp(c) for c in b) for b in self.built], "vp", "the VP of the cards built (CB-3)")
        _require(self.emitted == [sum(build_emissions(c) for c in b) for b in self.built], "emitted",
                 "the strengths of the fossil cards built (CB-3.1)")
        account = (self.rules["budget"] - sum(self.emitted) + sum(len(a) for a in self.abated)
                   - self.shocks * self.rules["shock"])
        _require(self.budget == account, "budget", f"start - emitted + abated - shocks = {account} (CB-1.2, CB-3, CB-4, CB-5)")
        _require(self.lost == (self.over and self.budget < 0), "lost", "lost exactly when the budget ran out (CB-6.1)")
        if not self.over:
            _require(bool(self.hands[self.to_move]), "to_move", "the seat to move holds a card (CB-2.3)")
            _require(any(self.hands), "over", "a game with every hand empty is over (CB-6.2)")

    # ---- readable refusals and notation
    def _why_illegal(self, action: Action) -> str | None:
        if action.kind in KINDS and len(action.args) == 1 and action.args[0] in CARDS:
            return f"seat {self.to_move} holds no {action.args[0]}: its hand is {', '.join(self.hands[self.to_move])}"
        return None

    def _parse(self, text: str) -> Action | None:
        parts = text.split()
        if len(parts) == 2 and parts[0] in KINDS:
            return Action(parts[0], (parts[1].upper(),))
        return None

    def __str__(self) -> str:
        who = "over" + (" (budget exceeded: everyone loses)" if self.lost else "") if self.over else f"seat {self.to_move} to play"
        return f"Carbon Budget: budget {self.budget}, VP {self.vp}, round {self.round}, {who}"


def _require(ok: bool, field: str, problem: str) -> None:
    if not ok:
        raise position_error(field, problem)


def _blank(players: int, seed: int, options: dict[str, Any]) -> CarbonBudgetState:
    s = CarbonBudgetState.__new__(CarbonBudgetState)
    s._init_base(players, seed, options)
    s.rules = resolve_rules(RULES, options.get("rules"))
    return s


def create(players: int, seed: int, options: dict[str, Any]) -> CarbonBudgetState:
    """CB-1: shuffle the deck, deal 3 cards to each seat, the budget at its start; seat 0 begins (CB-1.4)."""
    s = _blank(players, seed, options)
    deck = list(DECK)
    s.rng.shuffle(deck)
    s.hands = [sorted(deck.pop() for _ in range(HAND)) for _ in range(players)]
    s.deck = deck
    s.abated = [[] for _ in range(players)]
    s.built = [[] for _ in range(players)]
    s.vp = [0] * players
    s.emitted = [0] * players
    s.budget = s.rules["budget"]
    s.to_move = s.round = s.shocks = 0
    s.over = s.lost = False
    return s
