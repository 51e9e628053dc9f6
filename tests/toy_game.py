"""A tiny game with hidden cards and dice, registered only in the tests.

It exercises every corner of the core protocol (hidden information, chance,
determinization) independently of the real games.
"""
from __future__ import annotations

from ccg.core import Action, GameSpec, GameState, RuleParam, register, require, resolve_rules
from ccg.core import validate as v

ROLL = Action("roll")
HOLD = Action("hold")
RULES = {"target": RuleParam(20, "points to end the game", lo=5, hi=100)}


class ToyState(GameState):
    game = "toy"
    hidden_information = True
    __slots__ = ("banked", "turn_total", "cards", "deck", "to_move", "target", "over")

    @property
    def current_player(self):
        return None if self.over else self.to_move

    def _legal_actions(self):
        if self.over:
            return []
        return [ROLL, HOLD] if self.turn_total else [ROLL]

    def _apply(self, action):
        if action.kind == "roll":
            d = self.rng.die(6)
            if d == 1:
                self.turn_total = 0
                self.to_move = (self.to_move + 1) % self.num_players
            else:
                self.turn_total += d
        else:
            self.banked[self.to_move] += self.turn_total
            self.turn_total = 0
            if self.banked[self.to_move] >= self.target:
                self.over = True
            else:
                self.to_move = (self.to_move + 1) % self.num_players

    def _copy(self):
        new = ToyState.__new__(ToyState)
        new.banked = self.banked[:]
        new.turn_total = self.turn_total
        new.cards = self.cards[:]
        new.deck = self.deck[:]
        new.to_move = self.to_move
        new.target = self.target
        new.over = self.over
        return new

    def is_terminal(self):
        return self.over

    def scores(self):
        return [b + c for b, c in zip(self.banked, self.cards)]

    def winners(self):
        if not self.over:
            return []
        s = self.scores()
        return [p for p, v in enumerate(s) if v == max(s)]

    def _state_dict(self):
        return {"banked": self.banked[:], "turn_total": self.turn_total, "cards": self.cards[:],
                "deck": self.deck[:], "to_move": self.to_move, "over": self.over}

    def _observe(self, seat):
        d = self._state_dict()
        d["cards"] = [c if p == seat else None for p, c in enumerate(self.cards)]
        d["deck"] = len(self.deck)
        return d

    def _resample_hidden(self, seat, rng):
        unseen = sorted([c for p, c in enumerate(self.cards) if p != seat] + self.deck)
        rng.shuffle(unseen)
        for p in range(self.num_players):
            if p != seat:
                self.cards[p] = unseen.pop()
        self.deck = unseen

    @classmethod
    def _from_state_dict(cls, d, num_players, options):
        s = _blank(num_players, 0, options)
        v.as_dict(d, "state", ["banked", "turn_total", "cards", "deck", "to_move", "over"])
        s.banked = v.int_list(d["banked"], "banked", num_players, lo=0)
        s.turn_total = v.as_int(d["turn_total"], "turn_total", lo=0)
        s.cards = v.int_list(d["cards"], "cards", num_players, 1, 9)
        s.deck = v.int_list(d["deck"], "deck", lo=1, hi=9)
        s.to_move = v.as_int(d["to_move"], "to_move", 0, num_players - 1)
        s.over = v.as_bool(d["over"], "over")
        return s

    def check_invariants(self):
        require(len(self.banked) == self.num_players, "banked", "one bank per seat")
        require(len(self.cards) == self.num_players, "cards", "one card per seat")
        require(sorted(self.cards + self.deck) == list(range(1, 10)), "cards", "cards must be 1..9 once each")
        require(0 <= self.to_move < self.num_players, "to_move", "not a seat")
        require(self.turn_total >= 0, "turn_total", "negative")
        require(all(b >= 0 for b in self.banked), "banked", "negative")

    def _why_illegal(self, action):
        if action == HOLD and not self.turn_total:
            return "nothing to hold yet: roll first"
        return None

    def _parse(self, text):
        return {"roll": ROLL, "hold": HOLD}.get(text)

    def __str__(self):
        return f"toy: banked {self.banked}, turn {self.turn_total}, seat {self.current_player}"


def _blank(players, seed, options):
    s = ToyState.__new__(ToyState)
    s._init_base(players, seed, options)
    s.target = resolve_rules(RULES, options.get("rules"))["target"]
    return s


def create(players, seed, options):
    s = _blank(players, seed, options)
    deck = list(range(1, 10))
    s.rng.shuffle(deck)
    s.cards = [deck.pop() for _ in range(players)]
    s.deck = deck
    s.banked = [0] * players
    s.turn_total = 0
    s.to_move = 0
    s.over = False
    return s


from ccg.core.rules import OptionSpec  # noqa: E402

SPEC = GameSpec(
    name="toy", title="Toy hidden pig", state_class=ToyState, create=create,
    min_players=2, max_players=4, default_players=2,
    options={"rules": OptionSpec(None, "rule overrides", check=lambda r: (resolve_rules(RULES, r), r)[1])},
    rules=RULES,
    conformance_configs=({"players": 2}, {"players": 4, "rules": {"target": 30}}),
    # whose turn it is: "play to the next turn" plays until the dice pass to another seat
    milestones=lambda s: {"turn": s.to_move},
    benchmark_configs=({"players": 3},),
)

# A game registers itself: importing this module is all it takes (no edit in ccg.core).
register(SPEC)
