"""The environments follow their libraries' conventions: ids registered on ``import ccg``, ``rgb_array`` frames
a video wrapper records, PettingZoo's classic wrapper stack and class metadata, a flat Box observation SuperSuit
accepts, normalised observations whose bounds hold over whole games, ``turn_based_aec_to_parallel``,
``action_masks()`` through Gymnasium's wrappers, and a loop that plays OpenSpiel's ISMCTSBot."""
from __future__ import annotations

import subprocess
import sys
import warnings

import gymnasium as gym
import numpy as np
import pytest
from pettingzoo.utils import conversions, wrappers

import ccg
from ccg.core import IllegalActionError
from ccg.env import gym_env, pettingzoo_env
from ccg.env.pettingzoo_aec import env_class, raw_env
from ccg.env.raster import figure_to_array

GAMES = [("chicago_express", 2), ("co2", 2), ("catan", 3)]


def test_ids_are_registered_by_importing_ccg_alone():
    code = ("import sys, ccg, gymnasium as gym\n"
            "assert 'ccg.env.gym_single' not in sys.modules\n"
            "env = gym.make('ccg/co2-v0', players=2, opponents='random')\n"
            "obs, info = env.reset(seed=1)\n"
            "print(type(env.unwrapped).__name__, obs.shape[0] == env.unwrapped.encoding.tensor_size)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split() == ["CcgGymEnv", "True"]


@pytest.mark.parametrize("game,players", GAMES)
def test_rgb_array_is_an_image_of_the_board(game, players):
    env = gym_env(game, players=players, opponents="random", render_mode="rgb_array", seed=1)
    env.reset(seed=1)
    first = env.render()
    assert first.dtype == np.uint8 and first.ndim == 3 and first.shape[2] == 3 and first.shape[1] == 640
    assert len(np.unique(first.reshape(-1, 3), axis=0)) > 8  # a drawing, not a blank page
    for _ in range(5):
        if env.state.is_terminal():
            break
        env.step(int(np.flatnonzero(env.action_masks())[0]))
        assert env.render().shape == first.shape  # one frame size per environment (video writers need it)
    from ccg.env.rendering import frame

    assert frame(env.state, 0, width=320, height=200).shape == (200, 320, 3)
    pz = pettingzoo_env(game, players=players, render_mode="rgb_array")
    pz.reset(seed=1)
    assert pz.render().shape[2] == 3


def test_raster_draws_what_the_figure_holds():
    """A red filled square and a blue marker land where their coordinates say."""
    fig = {"data": [{"type": "scatter", "x": [0, 1, 1, 0, 0], "y": [0, 0, 1, 1, 0], "fill": "toself",
                     "fillcolor": "rgb(255,0,0)", "mode": "lines", "line": {"color": "rgb(255,0,0)"}},
                    {"type": "scatter", "x": [3], "y": [3], "mode": "markers",
                     "marker": {"color": "#0000ff", "size": 20}}],
           "layout": {"width": 400, "height": 400, "margin": {"l": 0, "r": 0, "t": 0, "b": 0},
                      "xaxis": {"range": [0, 4]}, "yaxis": {"range": [0, 4]}}}
    img = figure_to_array(fig)
    assert img.shape == (400, 400, 3)
    assert tuple(img[350, 50]) == (255, 0, 0)  # inside the square (x 0.5, y 0.5)
    assert tuple(img[100, 300]) == (0, 0, 255)  # the marker at (3, 3)
    assert tuple(img[100, 100]) == (255, 255, 255)  # nothing at (1, 3)


def test_raster_draws_bars_on_categorical_axes():
    """Bars start at 0 and end at their value; text categories sit at 0, 1, … in order of appearance (Plotly's
    horizontal bars put the first at the bottom), as a board drawing with a bar chart draws them."""
    frame = {"width": 400, "height": 400, "margin": {"l": 0, "r": 0, "t": 0, "b": 0}}
    across = {"data": [{"type": "bar", "orientation": "h", "x": [2, 4], "y": ["a", "b"],
                        "marker": {"color": ["#ff0000", "#00ff00"]}}], "layout": dict(frame, xaxis={"range": [0, 4]})}
    img = figure_to_array(across)
    assert tuple(img[300, 100]) == (255, 0, 0) and tuple(img[300, 300]) == (255, 255, 255)  # "a": 0 to 2
    assert tuple(img[100, 300]) == (0, 255, 0)  # "b": 0 to 4
    upright = {"data": [{"type": "bar", "x": ["p", "q"], "y": [1, 3], "marker": {"color": "#0000ff"}}],
               "layout": dict(frame, yaxis={"range": [0, 4]})}
    img = figure_to_array(upright)
    assert tuple(img[350, 100]) == (0, 0, 255) and tuple(img[250, 100]) == (255, 255, 255)  # "p": up to 1
    assert tuple(img[150, 300]) == (0, 0, 255)  # "q": up to 3


def test_record_video_writes_a_recording(tmp_path):
    pytest.importorskip("moviepy", reason="moviepy is in the rl extra (Gymnasium's RecordVideo needs it)")
    env = gym.make("ccg/chicago_express-v0", players=2, opponents="random", render_mode="rgb_array", max_steps=4)
    env = gym.wrappers.RecordVideo(env, str(tmp_path), episode_trigger=lambda k: True, disable_logger=True)
    env.reset(seed=3)
    done = False
    while not done:
        mask = env.get_wrapper_attr("action_masks")()
        _, _, term, trunc, _ = env.step(int(np.flatnonzero(mask)[0]))
        done = term or trunc
    env.close()
    videos = list(tmp_path.glob("*.mp4"))
    assert len(videos) == 1 and videos[0].stat().st_size > 1000


def test_pettingzoo_env_has_the_classic_wrapper_stack_and_raw_env_has_none():
    env = pettingzoo_env("co2", players=3, seed=2)
    layers = []
    while hasattr(env, "env"):
        layers.append(type(env))
        env = env.env
    assert layers == [wrappers.OrderEnforcingWrapper, wrappers.AssertOutOfBoundsWrapper,
                      wrappers.TerminateIllegalWrapper]
    assert type(env) is env_class("co2") and type(raw_env("co2", players=3)) is env_class("co2")
    assert env_class("co2").metadata["name"] == "ccg_co2_v0" and "name" not in vars(raw_env("co2", players=2))
    assert env_class("catan").metadata["name"] == "ccg_catan_v0"


def test_an_illegal_index_ends_the_game_in_env_and_raises_in_raw_env():
    env = pettingzoo_env("co2", players=3)
    env.reset(seed=2)
    mover = env.agent_selection
    illegal = int(np.flatnonzero(env.observe(mover)["action_mask"] == 0)[0])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # PettingZoo's "illegal move made" notice
        env.step(illegal)
    assert all(env.terminations.values())
    assert env.rewards[mover] == -1.0 and all(r == 0 for a, r in env.rewards.items() if a != mover)
    raw = raw_env("co2", players=3)
    raw.reset(seed=2)
    before = raw.state.to_json()
    with pytest.raises(IllegalActionError):
        raw.step(illegal)
    assert raw.state.to_json() == before


def _masked_random_game(env, rng, check):
    """Play one whole game with random legal indices; ``check(obs, agent)`` on every observation."""
    for agent in env.agent_iter():
        obs, _, term, trunc, info = env.last()
        check(obs, agent)
        if term or trunc:
            env.step(None)
            continue
        mask = info["action_mask"] if isinstance(obs, np.ndarray) else obs["action_mask"]
        env.step(int(rng.choice(np.flatnonzero(mask))))


@pytest.mark.parametrize("game,players", GAMES)
@pytest.mark.parametrize("normalize", [False, True], ids=["raw", "normalized"])
def test_observations_stay_inside_their_space_over_whole_games(game, players, normalize):
    env = pettingzoo_env(game, players=players, observation_format="box", normalize=normalize, wrapped=False)
    rng = np.random.default_rng(5)
    seen = []

    def check(obs, agent):
        space = env.observation_space(agent)
        assert isinstance(obs, np.ndarray) and space.contains(obs), (agent, obs.min(), obs.max())
        seen.append(obs)

    for seed in (1, 2):
        env.reset(seed=seed)
        _masked_random_game(env, rng, check)
    values = np.concatenate(seen)
    if normalize:
        assert env.observation_space("player_0").high.max() == 1.0
        raw = np.concatenate([raw_env(game, players=players).encoding.observation_tensor(
            ccg.new_game(game, players=players, seed=1), 0)])
        assert raw.max() > 1 and 0 < np.abs(values).max() <= 1  # raw numbers above 1 were scaled, not dropped
    assert len(np.unique(values)) > 3


def test_normalized_keeps_zero_one_entries_and_the_order_of_numbers():
    env = raw_env("co2", players=3)
    enc = env.encoding
    x = enc.observation_tensor(ccg.new_game("co2", players=3, seed=4), 1)
    y = enc.normalized(x)
    assert np.array_equal(y[enc.binary], x[enc.binary]) and set(np.unique(x[enc.binary])) <= {0.0, 1.0}
    order = np.argsort(x[~enc.binary], kind="stable")
    assert np.all(np.diff(y[~enc.binary][order]) >= 0) and np.all(np.sign(y) == np.sign(x))


def test_supersuit_and_box_learners_take_the_box_format():
    supersuit = pytest.importorskip("supersuit", reason="supersuit is in the rl extra")
    env = pettingzoo_env("chicago_express", players=2, observation_format="box", normalize=True)
    wrapped = supersuit.dtype_v0(supersuit.flatten_v0(env), np.float64)
    wrapped.reset(seed=1)
    obs, _, _, _, info = wrapped.last()
    assert obs.dtype == np.float64 and obs.ndim == 1 and info["action_mask"].any()
    assert isinstance(wrapped.observation_space("player_0"), gym.spaces.Box)
    wrapped.step(int(np.flatnonzero(info["action_mask"])[0]))


def test_turn_based_aec_to_parallel_plays_a_whole_game():
    par = conversions.turn_based_aec_to_parallel(pettingzoo_env("chicago_express", players=2, wrapped=False))
    observations, infos = par.reset(seed=4)
    rng = np.random.default_rng(4)
    rewards_total = dict.fromkeys(par.possible_agents, 0.0)
    steps = 0
    while par.agents:
        actions = {a: (int(rng.choice(np.flatnonzero(observations[a]["action_mask"])))
                       if observations[a]["action_mask"].any() else 0) for a in par.agents}
        observations, rewards, terms, truncs, infos = par.step(actions)
        for a, r in rewards.items():
            rewards_total[a] += r
        steps += 1
    assert steps > 20 and sum(rewards_total.values()) == pytest.approx(1.0)


def test_action_masks_through_gymnasiums_wrappers():
    env = gym.make("ccg/catan-v0", players=3, opponents="random")
    env = gym.wrappers.RecordEpisodeStatistics(env)
    obs, info = env.reset(seed=2)
    assert not hasattr(env, "action_masks")  # Gymnasium 1.x wrappers do not forward attributes
    mask = env.get_wrapper_attr("action_masks")()
    assert np.array_equal(mask, env.unwrapped.action_masks()) and np.array_equal(mask, info["action_mask"])
    _, _, _, _, info = env.step(int(np.flatnonzero(mask)[0]))
    assert np.array_equal(info["action_mask"], env.unwrapped.action_masks())


def test_ismcts_plays_whole_games_with_the_documented_loop():
    pyspiel = pytest.importorskip("pyspiel")
    from open_spiel.python.algorithms import evaluate_bots, ismcts, mcts

    from ccg.env import openspiel

    game = pyspiel.load_game("python_ccg_co2", {"players": 1, "seed": 1})
    rs = np.random.RandomState(1)
    bots = [ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rs), 2.0, 2, random_state=rs)]
    with pytest.raises(Exception, match="RestartAt"):  # OpenSpiel's own loop cannot drive it
        evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rs)
    state = game.new_initial_state()
    returns = openspiel.play(state, bots, rs)
    assert state.is_terminal() and returns == state.returns() and len(state.history()) > 30
    with pytest.raises(ValueError, match="one bot per player"):
        openspiel.play(game.new_initial_state(), bots * 2, rs)


def test_vector_env_steps_a_batch_of_games_with_their_masks():
    from ccg.env import vector_env

    envs = vector_env("chicago_express", num_envs=3, players=2, opponents="random")
    obs, _ = envs.reset(seed=7)
    single = gym_env("chicago_express", players=2, opponents="random")
    first, _ = single.reset(seed=8)  # sub-environment i is seeded seed + i
    assert obs.shape == (3, single.encoding.tensor_size) and np.array_equal(obs[1], first)
    rng = np.random.default_rng(7)
    finished = 0
    for _ in range(300):
        masks = envs.action_masks()
        assert masks.shape == (3, single.encoding.num_actions)
        live = masks.any(axis=1)
        actions = np.array([rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in masks])
        obs, rewards, terminated, truncated, infos = envs.step(actions)
        assert obs.shape[0] == 3 and not infos.get("invalid_action", np.zeros(3, bool))[live].any()
        finished += int(terminated.sum())
    assert finished >= 3  # games end and restart inside the batch
    with pytest.raises(ValueError):
        vector_env("chicago_express", num_envs=0)
