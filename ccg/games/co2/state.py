"""The CO2 game state: flat lists in __slots__, a task stack for the flow of play, the protocol hooks.

Flow: ``tasks`` is a stack of small records (``tasks.py``). Automatic tasks run at once
(``flow.run``); a decision task (kind in ``decisions.DECISIONS``) waits for its ``seat``,
the ``current_player``. Besides the saved fields (``serial.py``) a state holds its bound
data: ``components`` (the component set), ``first_space`` (index of each region's first
demand space in ``space_kind``), ``rules`` (the resolved rule parameters, ``params.RULES``)
and ``action_table`` (the prebuilt actions, ``actions.py``).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ccg.core import Action, GameState, Rng, resolve_rules

from . import economy, flow, hooks, invariants, scoring, serial, text
from .actions import action_table
from .data import components_from_data, load_components, require_printed_facts
from .params import RULES, check_rule_values
from .serial import LIST_FIELDS, NESTED_FIELDS, SCALAR_FIELDS
from .tasks import GoalChoice

if TYPE_CHECKING:
    from .actions import ActionTable
    from .data import Components
    from .tasks import Task


# Co2State's own fields: the bound data, the task stack and trajectory, then the saved fields in serial's order
FIELDS = (("components", "first_space", "rules", "action_table", "tasks", "trajectory_rows")
          + LIST_FIELDS + NESTED_FIELDS + SCALAR_FIELDS)


class Co2State(GameState):
    game = "co2"
    hidden_information = True
    # a seat's own decisions read its own lobby cards, draft pack and company goal, the sizes of the face-down
    # decks and the table (CO2-0.6), which its view keeps: only the others' secrets and the decks' order differ
    view_keeps_legal = True
    __slots__ = FIELDS  # (compiled, a native class has its fields without __slots__: FIELDS names them)
    # the fields (saved fields: serial.py; bound data: see the module doc)
    components: Components
    first_space: tuple[int, ...]
    rules: dict[str, Any]
    action_table: ActionTable
    tasks: list[Task]
    trajectory_rows: list[list[int]]  # one row per finished decade (hooks.snapshot; ``trajectory()`` frames them)
    coins: list[int]  # per seat
    vp: list[int]  # per seat (may be negative, CO2-4.4.2)
    resources: list[int]  # technology resources in hand, per seat (CO2-0.1)
    cep: list[int]  # CEP in hand, per seat
    expertise: list[int]  # expertise track value at ``seat * 5 + source`` (CO2-9.1.1)
    # scientists: where scientist k of a seat is, at ``seat * 4 + k``: -2 not hired, -1 hand, 0-17 a project space,
    #   100 + a summit slot (CO2-8)
    scientists: list[int]
    goal: list[int]  # company goal card per seat (secret, CO2-12.2.1)
    goal_status: list[int]  # per seat: 0 held, 1 sold or discarded, 2 scored
    space_kind: list[int]  # per power plant space: -1 empty, 0 coal, 1 oil, 2 gas, GREEN0 + source a green plant
    space_owner: list[int]  # per power plant space: the seat that built it, -1 none
    region_cep: list[int]  # CEP on each region's pile (CO2-2.12)
    region_resources: list[int]  # resources on each region's pile (CO2-4.4.5)
    controller: list[int]  # the seat controlling each region, -1 nobody (CO2-11)
    agenda: list[int]  # each region's agenda tile (CO2-2.9)
    projects: list[int]  # the source of the project tile on project space ``region * 3 + grant``, -1 none (CO2-6.1)
    installed: list[int]  # 1 where the project on that space is installed (CO2-6.2), 0 proposed or empty
    occupant: list[int]  # the seat whose scientist is on that project space, -1 none (CO2-8)
    summit: list[int]  # the summit tile on each summit space, -1 none (CO2-10)
    summit_slots: list[int]  # the seat whose scientist is on the k-th topic of a summit, ``summit * 4 + k`` (CO2-10)
    # plants_built: green plants built per source: the next tile is ``components.plants[source][plants_built[source]]``
    plants_built: list[int]
    project_supply: list[int]  # project tiles left in the supply per source (CO2-2.6)
    fossil_stack: list[int]
    summit_stack: list[int]
    events: list[int]
    un_display: list[int]
    un_deck: list[int]
    lobby_deck: list[int]
    lobby_played: list[int]
    turn_flags: list[int]  # what the active player's turn did so far, indexed by ``flags.TurnFlag``
    fossil_out: list[int]
    lobby: list[list[int]]
    packs: list[list[int]]
    un_won: list[list[int]]
    decade: int
    round: int
    turns: int
    start: int
    active: int
    ppm: int
    ppm_peak: int
    market: int
    price: int
    bank_cep: int
    supply_resources: int  # resources in the common supply
    over: bool
    lost: bool

    @classmethod
    def blank(cls, players: int, seed: int, options: dict) -> "Co2State":
        """A state with data and rule values bound, no position yet."""
        s = cls()
        s._init_base(players, seed, options)
        data = options.get("components")
        s.components = load_components() if data is None else components_from_data(data)
        require_printed_facts(s.components, options.get("unprinted_components", False))
        s.action_table = action_table(s.components)
        first, o = [], 0
        for k in s.components.spaces:
            first.append(o)
            o += k
        s.first_space = tuple(first)
        s.rules = resolve_rules(RULES, options.get("rules"))
        check_rule_values(s.rules)
        return s

    # ---- a seat's pieces ----------------------------------------------------------------------
    def expertise_of(self, seat: int, source: int) -> int:
        """The seat's expertise in a source (CO2-9.1.1), ``source`` indexed as data.SOURCES."""
        return self.expertise[seat * 5 + source]

    def scientists_of(self, seat: int) -> list[int]:
        """Where the seat's four scientists are (see ``scientists``)."""
        return self.scientists[seat * 4:seat * 4 + 4]

    # ---- protocol hooks -------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        if self.over:
            return None
        return self.tasks[-1].seat

    def _legal_actions(self):
        if self.over:
            return []
        return flow.legal(self)

    def _apply(self, action) -> None:
        flow.apply(self, action)

    def _why_illegal(self, action):
        return text.why_illegal(self, action)

    def _parse(self, notation):
        parts = notation.split()
        if not parts:
            return None
        return Action(parts[0], tuple(int(x) if x.lstrip("-").isdigit() else x for x in parts[1:]))

    def _secret_action(self, action):
        return action.kind == "keep" and bool(action.args)  # CO2-2.18.1: a draft pick is not shown to the others

    def is_terminal(self):
        return self.over

    def scores(self):
        return list(self.vp)

    def winners(self):
        return scoring.winners(self)

    def _copy(self) -> "Co2State":
        # the hottest call of a search (once per MCTS node, once per strategist candidate). Compiled by mypyc
        # (build_native.py), Co2State is a native class: each line is a C field's copy. Every saved field
        # (serial.py) is listed (tests/co2/test_co2_spec.py gives every field its own value and checks it)
        new = Co2State()
        new.components = self.components  # the bound data, shared
        new.action_table = self.action_table
        new.first_space = self.first_space
        new.rules = self.rules
        new.tasks = self.tasks.copy()
        new.trajectory_rows = self.trajectory_rows.copy()
        new.coins = self.coins.copy()
        new.vp = self.vp.copy()
        new.resources = self.resources.copy()
        new.cep = self.cep.copy()
        new.expertise = self.expertise.copy()
        new.scientists = self.scientists.copy()
        new.goal = self.goal.copy()
        new.goal_status = self.goal_status.copy()
        new.space_kind = self.space_kind.copy()
        new.space_owner = self.space_owner.copy()
        new.region_cep = self.region_cep.copy()
        new.region_resources = self.region_resources.copy()
        new.controller = self.controller.copy()
        new.agenda = self.agenda.copy()
        new.projects = self.projects.copy()
        new.installed = self.installed.copy()
        new.occupant = self.occupant.copy()
        new.summit = self.summit.copy()
        new.summit_slots = self.summit_slots.copy()
        new.plants_built = self.plants_built.copy()
        new.project_supply = self.project_supply.copy()
        new.fossil_stack = self.fossil_stack.copy()
        new.summit_stack = self.summit_stack.copy()
        new.events = self.events.copy()
        new.un_display = self.un_display.copy()
        new.un_deck = self.un_deck.copy()
        new.lobby_deck = self.lobby_deck.copy()
        new.lobby_played = self.lobby_played.copy()
        new.turn_flags = self.turn_flags.copy()
        new.fossil_out = self.fossil_out.copy()
        new.lobby = [hand.copy() for hand in self.lobby]  # per seat
        new.packs = [hand.copy() for hand in self.packs]  # per seat
        new.un_won = [hand.copy() for hand in self.un_won]  # per seat
        new.decade = self.decade
        new.round = self.round
        new.turns = self.turns
        new.start = self.start
        new.active = self.active
        new.ppm = self.ppm
        new.ppm_peak = self.ppm_peak
        new.market = self.market
        new.price = self.price
        new.bank_cep = self.bank_cep
        new.supply_resources = self.supply_resources
        new.over = self.over
        new.lost = self.lost
        return new

    # ---- positions -----------------------------------------------------------------------
    def _state_dict(self):
        return serial.state_dict(self)

    @classmethod
    def _from_state_dict(cls, data, num_players, options):
        return serial.load(cls, data, num_players, options)

    # ---- hidden information (CO2-12.2, CO2-2.17/18) ----------------------------------------
    def _observe(self, seat):
        d = self._state_dict()
        n = self.num_players
        d["lobby"] = [h if p == seat else len(h) for p, h in enumerate(d["lobby"])]
        d["packs"] = [h if p == seat else len(h) for p, h in enumerate(d["packs"])]
        # company goals are secret (CO2-12.2.1); coins and everything else on the table are public (CO2-0.6)
        d["goal"] = [g if p == seat else None for p, g in enumerate(d["goal"])]
        d["lobby_deck"] = len(self.lobby_deck)
        d["fossil_stack"] = sorted(self.fossil_stack)  # contents are public, order is not
        d["summit_stack"] = len(self.summit_stack)
        d["events"] = self.events[:2] + [len(self.events) - 2] if len(self.events) > 2 else self.events[:]
        d["un_deck"] = len(self.un_deck)
        # un_won stays public: a UN goal is claimed from the face-up display in front of everyone
        # (CO2-12.3.1), so which cards a player holds face down (CO2-12.3.2) is known to all
        # a pending final goal choice carries the goal's VP, which would hint at a secret card
        d["tasks"] = [t if t[0] != "goal_choice" or t[1] == seat else [t[0], t[1], None] for t in d["tasks"]]
        assert n == len(d["lobby"])
        return d

    def _resample_hidden(self, seat, rng: Rng) -> None:
        n = self.num_players
        # lobby cards of the others and the face-down deck
        pool = []
        for p in range(n):
            if p != seat:
                pool += self.lobby[p] + self.packs[p]
        pool += self.lobby_deck
        pool.sort()  # the shuffle must not depend on who really holds what
        rng.shuffle(pool)
        for p in range(n):
            if p != seat:
                k, m = len(self.lobby[p]), len(self.packs[p])
                self.lobby[p] = pool[:k]
                self.packs[p] = pool[k:k + m]
                pool = pool[k + m:]
        self.lobby_deck = pool
        # company goals: any card of this player count except the seat's own
        goals = self.components.goals
        avail = [c for c in sorted(goals) if n not in goals[c][3] and c != self.goal[seat]]
        rng.shuffle(avail)
        for p in range(n):
            if p != seat:
                self.goal[p] = avail.pop()
        # another seat's pending final goal choice (CO2-15.3.1) carries its goal's VP, which the
        # observation masks: the sample carries what the sampled goal scores in this position
        self.tasks = [GoalChoice(t.seat, economy.goal_value(self, t.seat))
                      if t.kind == "goal_choice" and t.seat != seat else t for t in self.tasks]
        for deck in (self.fossil_stack, self.summit_stack, self.un_deck):
            deck.sort()  # forget the real order before drawing a new one
            rng.shuffle(deck)
        rest = sorted(self.events[2:])
        rng.shuffle(rest)
        self.events[2:] = rest

    def check_invariants(self) -> None:
        invariants.check_invariants(self)

    def __str__(self):
        return text.describe(self)

    def trajectory(self):
        """The per-decade trajectory as a pandas DataFrame (see ``ccg.games.co2.trajectory_frame``)."""
        return hooks.trajectory_frame(self)
