"""Agents are fair by construction: ``act`` is handed a seat view, and a seat view gives nothing hidden away.

A seat view (``state.determinize(seat, seed)``) carries a fresh seed and a history as the seat saw it, so
replaying ``view.history()`` from ``view.seed`` does not rebuild the real hands, deck order or dice. Every
agent — ours and a user's — is handed such a view by :class:`ccg.agents.Agent`; only an agent that declares
``referee = True`` sees the real state. The cheaters below try the replay and read private fields; they learn
nothing: their moves are the same in positions that differ only in what their seat cannot see.
"""
from __future__ import annotations

import hashlib

import pytest

import ccg
from ccg.agents import Agent, make_agent
from ccg.core import IllegalActionError, Rng
from ccg.games.co2 import economy

# (label, game, options): every game with hidden information, and CO2 with its secret draft picks (CO2-2.18.1)
HIDDEN = [("co2", "co2", {}), ("co2+draft", "co2", {"draft": True}), ("catan", "catan", {}),
          ("catan+oil_springs", "catan", {"scenario": "oil_springs"})]


def played(game: str, options: dict, seed: int, plies: int):
    """A position after ``plies`` random moves of a seeded game (sooner if it ends)."""
    state = ccg.new_game(game, seed=seed, **options)
    rng = Rng(seed)
    while not state.is_terminal() and state.ply < plies:
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    return state


def twin_worlds(real, seat: int) -> list:
    """``real`` and two real states (not views) that differ from it only in what ``seat`` cannot see:
    other hands, deck orders, the seed and the generator (so the future dice)."""
    worlds = [real]
    for k in (1, 2):
        other = real.determinize(seat, 7_000 + k)
        other._view_seat = None  # a referee's real state, as if the game had dealt it
        other._history = real._history  # the same moves were played
        worlds.append(other)
    for w in worlds[1:]:
        assert w.observation(seat) == real.observation(seat)
    assert any(w._state_dict() != real._state_dict() for w in worlds[1:]), "nothing hidden differed"
    return worlds


class ReplayingAgent(Agent):
    """Cheats: rebuilds the game from ``view.seed`` and ``view.history()`` and plays by the rebuilt hidden cards."""

    name = "replaying"

    def __init__(self, options: dict | None = None, seed: int = 0) -> None:
        super().__init__(seed)
        self.options = dict(options or {})
        self.rebuilt = None

    def act(self, view):
        game = ccg.new_game(view.game, players=view.num_players, seed=view.seed, **self.options)
        try:
            for move in view.history():
                game.apply(move)
        except IllegalActionError:
            pass  # the replay left the real game: keep what it rebuilt so far
        self.rebuilt = game
        legal = view.legal_actions()
        digest = hashlib.sha256(game.to_json().encode()).digest()
        return legal[digest[0] % len(legal)]


class PrivateFieldsAgent(Agent):
    """Cheats: plays by every private field of what it is handed (hands, decks, generator, seed, history)."""

    name = "private-fields"

    def act(self, state):
        self.handed = state
        legal = state.legal_actions()
        secrets = [state.to_json(), repr(state.rng.state), state.seed, state.history()]
        digest = hashlib.sha256(repr(secrets).encode()).digest()
        return legal[digest[0] % len(legal)]


class RefereeAgent(PrivateFieldsAgent):
    """The same reader, declared a referee: it is handed the real state (the explicit opt-in)."""

    name = "referee"
    referee = True


def positions(game: str, options: dict) -> list:
    """Positions spread over two random games where the seat to move has a choice and something is hidden."""
    out = []
    for seed, plies in ((3, 40), (4, 120), (5, 200)):
        state = played(game, options, seed, plies)
        if not state.is_terminal() and len(state.legal_actions()) > 1:
            out.append(state)
    assert out
    return out


@pytest.mark.parametrize("label, game, options", HIDDEN, ids=[h[0] for h in HIDDEN])
def test_a_seat_view_is_a_function_of_what_the_seat_saw(label, game, options):
    for real in positions(game, options):
        seat = real.current_player
        views = [w.determinize(seat, 99) for w in twin_worlds(real, seat)]
        assert all(v.to_json() == views[0].to_json() for v in views), "a view still depends on hidden information"
        assert views[0].seed == 99 and views[0].view_seat == seat and not views[0].replayable


@pytest.mark.parametrize("label, game, options", HIDDEN, ids=[h[0] for h in HIDDEN])
def test_cheaters_learn_nothing_hidden(label, game, options):
    for k, real in enumerate(positions(game, options)):
        seat = real.current_player
        worlds = twin_worlds(real, seat)
        for cheat in (ReplayingAgent(options, seed=k), PrivateFieldsAgent(seed=k)):
            picks = {str(cheat.spawn(k).act(w)) for w in worlds}
            assert len(picks) == 1, f"{cheat.name} told positions apart that seat {seat} cannot: {picks}"
        replay = ReplayingAgent(options, seed=k)
        replay.act(real)
        assert replay.rebuilt._state_dict() != real._state_dict(), "the replay rebuilt the real position"


@pytest.mark.parametrize("label, game, options", HIDDEN, ids=[h[0] for h in HIDDEN])
def test_a_referee_agent_sees_the_real_state(label, game, options):
    """The opt-in works: a referee is handed the real state itself, the others a view of it."""
    for k, real in enumerate(positions(game, options)):
        referee, player = RefereeAgent(seed=k), PrivateFieldsAgent(seed=k)
        referee.act(real)
        assert referee.handed is real
        player.act(real)
        assert player.handed is not real and player.handed.view_seat == real.current_player
        assert player.handed.seed != real.seed


def test_the_replay_from_the_real_seed_is_what_the_view_prevents():
    """Without the view the replay cheater rebuilds the real position exactly (the leak this closes)."""
    real = played("co2", {}, 4, 120)

    class Unfair(ReplayingAgent):
        referee = True

    cheat = Unfair(seed=1)
    cheat.act(real)
    assert cheat.rebuilt._state_dict() == real._state_dict()


def test_others_secret_moves_are_masked_in_a_views_history():
    real = played("co2", {"draft": True}, 2, 30)
    picks = [(i, h) for i, h in enumerate(real.history()) if h.startswith("keep ")]
    assert len(picks) >= 4, "the draft made no picks"
    for seat in range(real.num_players):
        seen = real.determinize(seat, 1).history()
        assert len(seen) == len(real.history())
        mine = 0
        for i, h in picks:
            if seen[i] == h:
                mine += 1
            else:
                assert seen[i] == "keep ?"
        assert 0 < mine < len(picks), "a seat sees its own picks and only those"
        public = [h for i, h in enumerate(real.history()) if not h.startswith("keep ")]
        assert [h for h in seen if not h.startswith("keep")] == public


class KeepsTheGoal(Agent):
    """A cooperative strategist that, from seat 2 on, never sells its company goal (so it is chosen at the end)."""

    name = "keeps-the-goal"

    def act(self, state):
        action = make_agent("strategist:cooperation=1", self.seed).act(state)
        if action.kind == "sellgoal" and state.current_player >= 2:
            action = next(a for a in state.legal_actions() if a.kind != "sellgoal")
        return action


def test_pending_goal_choices_of_others_are_resampled():
    """CO2-15.3.1: another seat's pending goal choice carries its goal's VP, which its observation masks;
    a view carries what its sampled goal scores instead."""
    state = ccg.new_game("co2", seed=4)
    agents = [KeepsTheGoal(seed=p) for p in range(state.num_players)]
    while not state.is_terminal() and sum(t.kind == "goal_choice" for t in state.tasks) < 2:
        state.apply(agents[state.current_player].act(state))
    pending = [t for t in state.tasks if t.kind == "goal_choice"]
    assert len(pending) >= 2, "the game ended without two pending goal choices"
    seat = pending[-1].seat  # the seat to move: the others' choices are hidden from it
    differed = False
    for k in range(8):
        view = state.determinize(seat, k)
        for t in (t for t in view.tasks if t.kind == "goal_choice" and t.seat != seat):
            assert t.goal_vp == economy.goal_value(view, t.seat)
            differed |= t.goal_vp != next(r.goal_vp for r in pending if r.seat == t.seat) or \
                view.goal[t.seat] != state.goal[t.seat]
    assert differed, "the views kept the real goals"


class Recorder(Agent):
    """Records what it is handed: (the view's seat, the seat to move, whether it holds the real state)."""

    name = "recorder"
    seen: list = []

    def act(self, state):
        Recorder.seen.append((state.view_seat, state.current_player))
        return state.legal_actions()[0]


@pytest.mark.parametrize("where", ["simulate", "table"])
def test_runners_hand_agents_a_view(where):
    """simulate and the Table (like sweep, tournament, the classroom and the environments, which call
    ``act`` too) never hand an agent the real state."""
    Recorder.seen = []
    if where == "simulate":
        with pytest.warns(RuntimeWarning, match="safety net"):  # 40 moves, not a whole game
            ccg.simulate("co2", agents=[Recorder] * 4, n_games=1, seed=3, max_actions=40)
    else:
        from ccg.ui.controller import TableController

        table = TableController("co2", seats=[Recorder] * 4, seed=3, autoplay=False)
        for _ in range(10):
            table.bot_move()
    assert len(Recorder.seen) >= 10 and all(v == p for v, p in Recorder.seen)


def test_a_loaded_positions_secret_moves_are_masked_for_every_seat():
    """A saved position keeps its history as text without who played each move: a view masks every
    secret move in it, the seat's own included (nobody can tell whose it was)."""
    real = played("co2", {"draft": True}, 2, 30)
    loaded = ccg.load_state(real.to_json())
    picks = [i for i, h in enumerate(loaded.history()) if h.startswith("keep ")]
    assert picks
    for seat in range(loaded.num_players):
        seen = loaded.determinize(seat, 3).history()
        assert all(seen[i] == "keep ?" for i in picks)
        assert [h for h in seen if not h.startswith("keep")] == [h for h in loaded.history() if not h.startswith("keep")]


def test_a_random_player_is_handed_its_own_options_and_nothing_else():
    """RandomAgent reads only the seat to move's legal actions: it is handed those alone (no state, seed or
    history to replay), and two positions that differ only in hidden cards get the same move."""
    from ccg.agents import RandomAgent

    class Recording(RandomAgent):
        def act(self, state):
            self.handed = state
            return super().act(state)

    state = ccg.new_game("co2", players=4, seed=3)
    for _ in range(30):
        state.apply(state.legal_actions()[0])
    agent = Recording(seed=5)
    action = agent.act(state)
    assert action in state.legal_actions()
    assert not isinstance(agent.handed, ccg.GameState)
    for private in ("seed", "history", "observation", "to_dict", "_rng", "clone"):
        assert not hasattr(agent.handed, private), private
    seat = state.current_player
    other = state.determinize(seat, 99)  # the same to this seat, other hidden cards
    assert RandomAgent(seed=7).act(state) == RandomAgent(seed=7).act(other)


def test_a_strategist_plays_a_lone_legal_action_without_a_view_and_its_later_views_are_unchanged(monkeypatch):
    """A seat's own legal actions are what it may know: when there is one, the strategist plays it without a
    seat view being built (``forced_without_view``), and its view stream advances as if one had been, so the
    views of its later decisions — and its games — are the same either way."""
    state = ccg.new_game("co2", players=4, seed=3)
    while len(state.legal_actions()) != 1:
        state.apply(state.legal_actions()[0])
    built = []
    real = type(state).determinize
    monkeypatch.setattr(type(state), "determinize", lambda self, seat, seed: built.append(seed) or real(self, seat, seed))
    agent, twin = make_agent("strategist", 5), make_agent("strategist", 5)
    assert agent.act(state) == state.legal_actions()[0]
    assert built == []
    twin.seat_view(state)  # what handing it a view costs the stream
    assert len(built) == 1
    assert agent._next_view_seed() == twin._next_view_seed()
