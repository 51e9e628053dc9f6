"""Editing a Catan (and Oil Springs) position by name (``ccg.edit(state)``): hands, buildings, roads, oil, chance.

Resource cards given to a player come from the bank (CAT-1.4), development cards from the deck,
oil from the supply (OIL-3.2), metropolises from their pool (OIL-6.5); taking them away returns
them — unless the source is set by hand too (``e.bank[...]``). Piece counts, harbour access and
road lengths follow the pieces (the loader recomputes them); Longest Road, Largest Army and the
Champion of the Environment follow the roads, knights and sequestered oil as in play (CAT-10.3,
CAT-10.4, OIL-9.5). Intersections are ``N…``, paths
``E…``, hexes ``H…`` (see ``ccg.board_of(state)``).

Chance set-ups, honoured by the seeded game:

* ``next_roll(7)``: the next dice roll (CAT-5). The state's generator is moved to a state whose next
  draw is a roll of that sum; the roll is the game's next draw unless a steal (CAT-6.4) or an Oil
  Springs disaster (OIL-8.2) is drawn first, so building, trading and ending turns in between keep it.
* ``next_dev_card("knight")``: the card the next ``buy dev`` draws (CAT-8.6; the deck is reordered).
* ``next_disaster_roll(7)`` (Oil Springs): the roll of the next disaster phase (OIL-8.2); 7 floods the
  coasts (OIL-8.4). With ``disaster_pending(seat)`` the disaster is played when the turn ends (OIL-8.1).

>>> import ccg
>>> s = ccg.new_game("catan", players=4, seed=2, layout="beginner")
>>> while s.legal_actions()[0].kind != "roll":   # play the set-up rounds
...     s.apply(s.legal_actions()[0])
>>> e = s.edit()
>>> e.build("N30", 0, "city"); e.road("E40", 0)
>>> e.player(0).hand.update(grain=2, ore=3)          # from the bank
>>> e.next_roll(8)
>>> t = e.commit()
>>> t.to_dict()["state"]["bank"][3], t.replayable
(15, False)
>>> t.apply("roll"); t.to_dict()["state"]["dice"]
8
>>> e = t.edit(); e.build("N3", 1); e.commit()
Traceback (most recent call last):
...
ccg.core.errors.InvalidPositionError: the edited position is invalid: the building on N0 is next to the one on N3 (distance rule, CAT-8.3); the building on N3 is next to the one on N7 (distance rule, CAT-8.3)
"""
from __future__ import annotations

from functools import partial
from typing import Any, Callable

from ccg.core.edit import Counts, PositionEditor, choose, seek_draws, whole
from ccg.core.errors import InvalidPositionError
from ccg.core.rng import Rng

from .board_map import board_map
from .chance import _SUMS
from .data import DEV_TYPES, RESOURCES, board_kind
from .roads import award_longest_road
from .state import CatanState

LEVELS = {"settlement": 1, "city": 2, "metropolis": 3}
_LEVEL_NAMES = {v: k for k, v in LEVELS.items()}


class Player:
    """One seat: ``hand`` (resource cards), ``dev_cards`` (unplayed), ``knights`` (played, CAT-9.3),
    and in Oil Springs ``oil`` (held) and ``sequestered`` (OIL-9)."""

    def __init__(self, editor: "Editor", seat: int) -> None:
        self._e, self.seat = editor, seat
        d = editor.data
        self.hand = Counts(RESOURCES, lambda r: d["hand"][seat * 5 + RESOURCES.index(r)],
                           lambda r, v: editor._move("hand", seat, RESOURCES.index(r), v, f"bank:{r}"),
                           f"player {seat}'s hand")
        self.dev_cards = Counts(DEV_TYPES, lambda t: d["dev"][seat * 5 + DEV_TYPES.index(t)],
                                lambda t, v: editor._move("dev", seat, DEV_TYPES.index(t), v, f"deck:{t}"),
                                f"player {seat}'s development cards")

    def _scalar(self, field: str, value: int, pool: str | None) -> None:
        value = whole(value, f"player {self.seat}'s {field}")
        row = self._e.data[field]
        if pool:
            self._e.take(pool, value - row[self.seat])
        row[self.seat] = value

    @property
    def knights(self) -> int:
        return self._e.data["knights"][self.seat]

    @knights.setter
    def knights(self, value: int) -> None:
        self._scalar("knights", value, "deck:knight")

    @property
    def oil(self) -> int:
        return self._e.data["oil"][self.seat]

    @oil.setter
    def oil(self, value: int) -> None:
        self._e._need_oil("oil")
        self._scalar("oil", value, "supply")

    @property
    def sequestered(self) -> int:
        return self._e.data["seq"][self.seat]

    @sequestered.setter
    def sequestered(self, value: int) -> None:
        self._e._need_oil("sequestered oil")
        self._scalar("seq", value, "supply")


class _Limits:
    """The numbers the named checks compare with, from the state's rule values (CAT-1.4, CAT-1.7, OIL-1)."""

    def __init__(self, state: Any) -> None:
        r = state.rules
        self.oil = state.oil_springs
        self.oil_limit, self.oil_tokens, self.metros = state.oil_limit, state.oil_tokens, state.oil_metropolises
        self.disaster_at, self.la_min, self.champ_min = r["oil.disaster_at"], r["largest_army_min"], r["oil.champion_min"]
        self.max_settle, self.max_city, self.max_roads = r["settlements"], r["cities"], r["roads"]
        self.bank_size = board_kind(state.num_players)["bank"]


class Editor(PositionEditor):
    """Named fields of a Catan position (see the module docstring); ``commit()`` checks and loads."""

    def __init__(self, state: Any) -> None:
        super().__init__(state)
        self._params = _Limits(state)
        self._board = board_map(state)
        self.bank = Counts(RESOURCES, lambda r: self.data["bank"][RESOURCES.index(r)], self._set_bank, "the bank")
        self._wanted: dict[str, Callable[[Rng], bool]] = {}
        self._short = ""

    # ---- players and pieces ---------------------------------------------------------------------
    def player(self, seat: int) -> Player:
        """Seat ``seat`` (0..players-1)."""
        return Player(self, self._seat(seat))

    def build(self, node: str, seat: int, kind: str = "settlement") -> None:
        """Put ``seat``'s settlement, city or metropolis (Oil Springs) on intersection ``node``."""
        x = self._index(node, self._board.nodes, "intersection")
        level = LEVELS[choose(kind, tuple(LEVELS), "a building")]
        if level == 3:
            self._need_oil("a metropolis")
        d = self.data
        self.take("metropolis", (level == 3) - (d["node_level"][x] == 3))
        d["node_owner"][x] = self._seat(seat)
        d["node_level"][x] = level

    def remove_building(self, node: str) -> None:
        """Clear intersection ``node`` (its piece returns to its owner's supply)."""
        x = self._index(node, self._board.nodes, "intersection")
        d = self.data
        self.take("metropolis", -(d["node_level"][x] == 3))
        d["node_owner"][x], d["node_level"][x] = -1, 0

    def road(self, edge: str, seat: int | None) -> None:
        """Put ``seat``'s road on path ``edge`` (None removes the road there)."""
        e = self._index(edge, self._board.edges, "path")
        self.data["edge_owner"][e] = -1 if seat is None else self._seat(seat)

    def buildings(self) -> dict[str, tuple[int, str]]:
        """Every building now: intersection -> (seat, "settlement" | "city" | "metropolis")."""
        d = self.data
        return {f"N{x}": (o, _LEVEL_NAMES[d["node_level"][x]]) for x, o in enumerate(d["node_owner"]) if o >= 0}

    @property
    def robber(self) -> str | None:
        r = self.data["robber"]
        return None if r < 0 else f"H{r}"

    @robber.setter
    def robber(self, hex_id: str) -> None:
        self.data["robber"] = self._index(hex_id, self._board.hexes, "hex")

    @property
    def oil_supply(self) -> int:
        return self.data["supply"]

    @oil_supply.setter
    def oil_supply(self, value: int) -> None:
        self._need_oil("the oil supply")
        self.data["supply"] = whole(value, "the oil supply")
        self.set_explicitly("supply")

    def disaster_pending(self, trigger: int) -> None:
        """Oil Springs: the disaster marker is full (OIL-7.3), triggered by ``trigger``; the disaster phase
        follows when the active player ends the turn (OIL-8.1)."""
        self._need_oil("a disaster")
        d = self.data
        d["marker"], d["pending"], d["trigger"] = self._params.disaster_at, True, self._seat(trigger)

    # ---- chance set-ups ---------------------------------------------------------------------------
    def flood_when_turn_ends(self) -> None:
        """Oil Springs: a disaster is pending, triggered by the active player, and its roll is 7: the coasts
        flood (OIL-8.4) when the active player ends the turn (OIL-8.1)."""
        self.disaster_pending(self.data["active"])
        self.next_disaster_roll(7)

    def next_roll(self, total: int) -> None:
        """The next dice roll is ``total`` (2..12): see the module docstring for when it holds."""
        total = self._total(total, "the next roll")
        draws = set(_SUMS[total])
        self._wanted["roll"] = lambda r: r.below(36) in draws  # turn.roll: one draw of 36 (ccg/games/catan/chance.py)

    def next_disaster_roll(self, total: int) -> None:
        """Oil Springs: the next disaster phase rolls ``total`` (7: coastal flooding, OIL-8.4)."""
        self._need_oil("a disaster roll")
        total = self._total(total, "the next disaster roll")
        self._wanted["disaster"] = lambda r: r.die() + r.die() == total  # oil.disaster_phase: two dice

    def next_dev_card(self, kind: str) -> None:
        """The next development card bought is of ``kind`` (knight, vp, roadbuilding, plenty, monopoly)."""
        t = DEV_TYPES.index(choose(kind, DEV_TYPES, "a development card"))
        deck = self.data["deck"]
        if t not in deck:
            raise InvalidPositionError(f"the deck holds no {DEV_TYPES[t]} card")
        i = max(k for k, c in enumerate(deck) if c == t)
        deck[i], deck[-1] = deck[-1], deck[i]  # a purchase takes the last card (devcards.buy)

    # ---- forms ------------------------------------------------------------------------------------
    def seat_fields(self) -> tuple[str, ...]:
        oil = ("oil", "sequestered") if self._params.oil else ()
        return tuple(f"hand.{r}" for r in RESOURCES) + tuple(f"dev_cards.{t}" for t in DEV_TYPES) + oil

    def chance_setups(self) -> dict[str, Callable[[], None]]:
        out: dict[str, Callable[[], None]] = {}
        for total in range(2, 13):
            out[f"next roll: {total}"] = partial(self.next_roll, total)
        for t in DEV_TYPES:
            if DEV_TYPES.index(t) in self.data["deck"]:
                out[f"next development card: {t}"] = partial(self.next_dev_card, t)
        if self._params.oil and not self.data["over"]:
            out["a flood when this turn ends (disaster roll 7)"] = self.flood_when_turn_ends
            for total in (2, 3, 4, 5, 6, 8, 9, 10, 11, 12):
                out[f"next disaster roll: {total}"] = partial(self.next_disaster_roll, total)
        return out

    # ---- helpers ----------------------------------------------------------------------------------
    def _seat(self, seat: Any) -> int:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
            raise InvalidPositionError(f"seat must be 0..{self.players - 1}, got {seat!r}")
        return seat

    @staticmethod
    def _index(name: Any, known: Any, what: str) -> int:
        if not isinstance(name, str) or name.upper() not in known:
            raise InvalidPositionError(f"{name!r} is not a{'n' if what[0] in 'aei' else ''} {what} of this board")
        return int(name[1:])

    @staticmethod
    def _total(total: Any, what: str) -> int:
        if isinstance(total, bool) or not isinstance(total, int) or not 2 <= total <= 12:
            raise InvalidPositionError(f"{what} must be a total of two dice, 2..12, got {total!r}")
        return total

    def _need_oil(self, what: str) -> None:
        if not self._params.oil:
            raise InvalidPositionError(f"{what} exists only in the Oil Springs scenario")

    def _move(self, field: str, seat: int, i: int, value: int, pool: str) -> None:
        row = self.data[field]
        self.take(pool, value - row[seat * 5 + i])
        row[seat * 5 + i] = value

    def _set_bank(self, r: str, value: int) -> None:
        self.data["bank"][RESOURCES.index(r)] = value
        self.set_explicitly(f"bank:{r}")

    # ---- commit -------------------------------------------------------------------------------------
    def _settle(self) -> None:
        d = self.data
        self._short = ""
        for i, r in enumerate(RESOURCES):
            if self.follows(f"bank:{r}"):
                d["bank"][i] -= self._taken.get(f"bank:{r}", 0)
        for t, name in enumerate(DEV_TYPES):
            k = self._taken.get(f"deck:{name}", 0)
            for _ in range(max(k, 0)):  # taken from the bottom of the deck, the top stays as it is
                if t in d["deck"]:
                    d["deck"].remove(t)
                else:
                    self._short = f"the deck has no {name} card left to give"
            d["deck"][:0] = [t] * max(-k, 0)
        if self.follows("supply"):
            d["supply"] -= self._taken.get("supply", 0)
        d["metro_pool"] -= self._taken.get("metropolis", 0)
        self._award_cards()
        self._full["rng"] = self._seek(self._full["rng"])

    def _award_cards(self) -> None:
        """Longest Road (CAT-10.3), Largest Army (CAT-10.4) and the Champion (OIL-9.5) follow the edited
        roads, knights and sequestered oil, decided as in play: the holder keeps a card while nobody beats it."""
        d = self.data
        try:  # the loader's own recount of the pieces (road lengths); a broken edit is reported by commit
            trial = CatanState._from_state_dict(d, self.players, self._original.options)
        except (InvalidPositionError, KeyError, TypeError, ValueError, IndexError):
            return
        award_longest_road(trial)
        d["lr"] = trial.longest_road_holder
        for card, counts, least in (("la", d["knights"], self._params.la_min), ("champ", d["seq"], self._params.champ_min)):
            h, best = d[card], max(counts)
            if h >= 0 and counts[h] >= least and counts[h] == best:
                continue  # the holder still qualifies and nobody has more
            top = [p for p, k in enumerate(counts) if k == best]
            d[card] = top[0] if best >= least and len(top) == 1 else -1

    def _seek(self, rng: int) -> int:
        if not self._wanted:
            return rng
        d = self.data
        # the order of the draws: a pending disaster after the roll is played before the next roll (OIL-8.1)
        order = ["roll", "disaster"] if d["phase"] in ("pre_roll", "setup_settlement", "setup_road") else \
            ["disaster", "roll"]
        tests = [self._wanted[k] for k in order if k in self._wanted]
        return seek_draws(rng, lambda r: all(t(r) for t in tests))

    def _facts(self) -> list[str]:
        d, n, P, out = self.data, self.players, self._params, []
        if self._short:
            out.append(self._short)
        for p in range(n):
            for i, r in enumerate(RESOURCES):
                if d["hand"][p * 5 + i] < 0:
                    out.append(f"player {p}'s {r} would be {d['hand'][p * 5 + i]}")
            for i, name in enumerate(DEV_TYPES):
                if d["dev"][p * 5 + i] < 0:
                    out.append(f"player {p}'s {name} cards would be {d['dev'][p * 5 + i]}")
            for field, what in (("knights", "played knights"), ("oil", "oil"), ("seq", "sequestered oil")):
                if d[field][p] < 0:
                    out.append(f"player {p}'s {what} would be {d[field][p]}")
            if P.oil and d["oil"][p] > P.oil_limit:
                out.append(f"player {p} would hold {d['oil'][p]} oil, above the limit of {P.oil_limit} (OIL-3.3)")
        for i, r in enumerate(RESOURCES):
            held = sum(d["hand"][p * 5 + i] for p in range(n))
            if d["bank"][i] < 0 or held + d["bank"][i] != P.bank_size:
                out.append(f"there are {P.bank_size} {r} cards in all, but players would hold {held} "
                           f"and the bank {d['bank'][i]}")
        for p in range(n):
            mine = [lv for o, lv in zip(d["node_owner"], d["node_level"]) if o == p]
            for what, count, limit in (("settlements", mine.count(1), P.max_settle),
                                       ("cities", len(mine) - mine.count(1), P.max_city),
                                       ("roads", d["edge_owner"].count(p), P.max_roads)):
                if count > limit:
                    out.append(f"player {p} would have {count} {what} but owns only {limit} pieces")
        for x, o in enumerate(d["node_owner"]):
            if o >= 0:
                close = [y for y in self._board.nodes[f"N{x}"].neighbours
                         if int(y[1:]) > x and d["node_owner"][int(y[1:])] >= 0]
                if close:
                    out.append(f"the building on N{x} is next to the one on {close[0]} (distance rule, CAT-8.3)")
        if P.oil:
            total = d["supply"] + sum(d["oil"]) + sum(d["seq"]) + d["removed"]
            if d["supply"] < 0 or total != P.oil_tokens:
                out.append(f"there are {P.oil_tokens} oil tokens in all, but players would hold {sum(d['oil'])}, "
                           f"{sum(d['seq'])} sequestered, {d['removed']} removed and {d['supply']} in the supply")
            if d["metro_pool"] < 0:
                out.append(f"there are only {P.metros} metropolis tokens")
        return out


__all__ = ["Editor", "Player", "LEVELS"]
