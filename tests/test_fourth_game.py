"""A fourth game in its own distribution: ``examples/carbon_budget``, installed with pip, plugs in through its
``ccg.games`` entry point alone and plays in the conformance suite, ``ccg.simulate``, the board drawing, the move
descriptions, the rules help, the secrets and debrief declarations, a headless Table, a classroom lesson
(the server in-process: students join and play, the teacher watches, creates tables, prints the lesson and
draws the debrief) and the environments (Gymnasium's env checker, PettingZoo's api and seed tests, OpenSpiel's
random simulation).

The distribution is built and installed once (``pip install --no-deps --no-build-isolation --no-index
--target``, offline), then a fresh interpreter with that folder on its path does everything and reports JSON.
Nothing in ccg names the game, and this process never imports it.
"""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import ccg
import ccg.testing

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "carbon_budget"
# one xdist worker for the module: its module fixtures (the installed distribution, the lesson) are built once
pytestmark = pytest.mark.xdist_group("fourth_game")

SCRIPT = r"""
import json
import ccg, ccg.plot, ccg.testing
from ccg.analysis.debrief import game_table, seat_table, share_table
from ccg.core import get_spec, rule_ids
from ccg.core.secrets import move_seen_by, seat_secrets

out = {"games": ccg.list_games(), "conformance_cases": len(ccg.testing.cases(["carbon_budget"]))}

df = ccg.simulate("carbon_budget", players=3, n_games=30, agents=["random"] * 3, seed=1)
out["simulate"] = {"rows": len(df), "columns": sorted(df.columns), "exceeded": int(df["budget_exceeded"].sum()),
                   "truncated": int(df["truncated"].sum())}
from ccg.analysis.labels import to_csv
from ccg.env.fields import documented_games, markdown, sizes_table
out["csv_header"] = to_csv(df, "carbon_budget").splitlines()[0].split(",")
out["fields"] = {"page": markdown(["carbon_budget"]), "sizes": sizes_table(["carbon_budget"]),
                 "ccg_docs": documented_games()}

s = ccg.new_game("carbon_budget", players=3, seed=2)
fig = ccg.plot.board(s, seat=0)
out["board"] = {"hand": list(fig.data[-1].customdata), "hands": s.hands, "title": fig.layout.title.text,
                "seat_name": ccg.plot.seat_name("carbon_budget", 1)}
out["describe"] = [s.describe_action(a) for a in s.legal_actions()]
out["describe_seat_1"] = [s.describe_action(a, seat=1) for a in s.legal_actions()]
out["rules_text"] = ccg.rules_text("CB-4.1")
out["rule_ids"] = sorted(rule_ids("carbon_budget"))
from ccg.core import game_title, rule_title, term
from ccg.i18n import lang
from ccg.ui.rule_help import RuleHelp, link_rules
rule_help = RuleHelp()
out["rule_links"] = link_rules(out["describe"][-1])  # a move's rule id opens the rule help
with lang("cs"):  # its glossary is English (no catalogs of its own); a built-in game's is translated
    rule_help.show("CB-4.1")
    out["rule_help_cs"] = {"CB-4.1": rule_help.text, "CE-5.2": ccg.rules_text("CE-5.2")}
    out["words_cs"] = [game_title("carbon_budget"), rule_title("CB-3.2"), term("carbon_budget", "term", "budget")]
out["secrets"] = seat_secrets(s, 0)
out["log"] = [move_seen_by("carbon_budget", "abate F2", 0, seat) for seat in (None, 0, 1)]

class Game:
    def __init__(self, label, state):
        self.label, self.source, self.state, self.record = label, "bots", state, state.record()
games = []
for seed in range(12):
    g = ccg.new_game("carbon_budget", players=3, seed=seed)
    while not g.is_terminal():
        g.apply(g.legal_actions()[0])
    games.append(Game(f"g{seed}", g))
out["debrief"] = {"seats": sorted(seat_table(games).columns), "games": sorted(game_table(games).columns),
                  "share": share_table(games).to_dict("records")}

from ccg.ui import Table
t = Table("carbon_budget", seats=["human", "random"], players=2, seed=3)
first = str(t.state.legal_actions()[0])
to_move = t.state.current_player
t.play(first)
out["table"] = {"to_move": to_move, "first": first, "history": t.state.history(), "title": get_spec("carbon_budget").title}
print(json.dumps(out))
"""


@pytest.fixture(scope="module")
def work(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("fourth_game")


def _env(installed: Path) -> dict[str, str]:
    return dict(os.environ, PYTHONPATH=os.pathsep.join([str(installed), str(ROOT)]))


@pytest.fixture(scope="module")
def installed(work: Path) -> Path:
    """examples/carbon_budget built and installed into a folder of its own (the source copied first, so the
    build leaves nothing in the repository)."""
    source = work / "src"
    shutil.copytree(EXAMPLE, source, ignore=shutil.ignore_patterns("build", "*.egg-info", "__pycache__"))
    target = work / "site"
    done = subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "--no-build-isolation", "--no-index",
                           "--quiet", "--target", str(target), str(source)],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    return target


@pytest.fixture(scope="module")
def report(installed: Path) -> dict:
    done = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True, env=_env(installed),
                          timeout=600, cwd=installed.parent)
    assert done.returncode == 0, done.stderr[-5000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_the_game_is_installed_as_a_distribution_with_its_entry_point(installed: Path):
    (info,) = installed.glob("ccg_carbon_budget-*.dist-info")
    assert "[ccg.games]\ncarbon_budget = carbon_budget" in (info / "entry_points.txt").read_text()
    assert (installed / "carbon_budget" / "rules.md").is_file()  # its rules digest ships as package data


def test_it_is_found_by_its_entry_point_and_its_own_tests_pass_the_conformance_suite(installed: Path, work: Path,
                                                                                     report: dict):
    """The game's own tests (examples/carbon_budget/tests): ``ccg.testing`` parametrised over its cases, its
    rule ids all cited, one test per rule; run with pytest where the game is installed."""
    assert "carbon_budget" in report["games"] and "carbon_budget" not in ccg.list_games()
    cases = report["conformance_cases"]
    assert cases == 2 * len(ccg.testing.CHECKS)  # its two configurations
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests"],
                          capture_output=True, text=True, env=_env(installed), timeout=900, cwd=work / "src")
    assert done.returncode == 0, done.stdout[-5000:]
    passed = re.search(r"(\d+) passed", done.stdout)
    assert passed and int(passed[1]) >= cases + 8 and "failed" not in done.stdout and "skipped" not in done.stdout


def test_simulate_plays_it_with_its_outcome_columns(report: dict):
    sim = report["simulate"]
    assert sim["rows"] == 30 and sim["truncated"] == 0
    assert {"budget_exceeded", "budget_left", "shocks", "emitted", "score_0", "winners"} <= set(sim["columns"])
    assert 0 < sim["exceeded"] < 30  # random play both keeps and breaks the budget (CB-6.1)


def test_its_outcome_columns_read_in_its_own_words_in_a_downloaded_table(report: dict):
    header = report["csv_header"]
    assert {"carbon budget exceeded", "budget left (units)", "shocks drawn", "units emitted"} <= set(header)
    assert "budget_exceeded" not in header and "score: seat 0" in header


def test_its_observation_tensor_is_documented_field_by_field_from_its_declaration(report: dict):
    """``python -m ccg.env.fields`` prints its declared configuration (``SPEC.documented_configs``); ccg's own
    pages stay ccg's games."""
    page, sizes = report["fields"]["page"], report["fields"]["sizes"]
    assert "## Carbon Budget, 3 players" in page and "`carbon_budget`, players=3:" in page
    assert [row.split("|")[2].strip() for row in sizes.splitlines()[2:]] == ["2", "3", "4"]  # CB-1.1: 2-4 players
    assert "carbon_budget" not in report["fields"]["ccg_docs"] and report["fields"]["ccg_docs"]


def test_its_board_drawing_is_drawn_through_ccg_plot_for_a_seat(report: dict):
    board = report["board"]
    assert board["hand"] == board["hands"][0]  # seat 0's own cards, clickable by their id
    assert board["title"].startswith("Carbon Budget — round 0") and board["seat_name"] == "Blue"


def test_its_moves_are_described_with_its_own_rule_ids(report: dict):
    assert report["describe"] and all(d.endswith(("(CB-3.1)", "(CB-3.2)", "(CB-4.1)")) for d in report["describe"])
    assert any(d.startswith("Abate with your ") for d in report["describe"])
    hidden = [d for d in report["describe_seat_1"] if "Abate" in d]
    assert hidden and all(d == "Abate with a secret card: the budget gains 1 unit (CB-4.1)" for d in hidden)
    assert report["rules_text"].startswith("CB-4.1 Abate")
    assert "CB-6.1" in report["rule_ids"] and all(i.startswith("CB-") for i in report["rule_ids"])


def test_its_declared_words_head_its_rules_in_the_rule_help_as_a_built_in_games_do(report: dict):
    """``SPEC.glossary``: in another language than English the rule help heads a rule with the title of its
    section, from the glossary of the game whose ``rule_prefixes`` hold the id (Carbon Budget's are English)."""
    assert f"data-rule='{report['describe'][-1][-7:-1]}'" in report["rule_links"]  # "(CB-4.1)" is a link
    help_cs = report["rule_help_cs"]
    assert help_cs["CB-4.1"].startswith("Abate\nCB-4.1 Abate: lay any card")
    assert help_cs["CE-5.2"].startswith("Akce dražba\nCE-5.2 Minimum price.")  # Chicago Express, in Czech
    assert report["words_cs"] == ["Carbon Budget", "Build", "Carbon budget"]


def test_its_secrets_and_secret_moves_are_declared(report: dict):
    (hand_label, hand), (abated_label, abated) = report["secrets"]
    assert hand_label == "Your hand (secret)" and len(hand.split("\n")) == 3 and abated == "none"
    assert report["log"] == ["abate F2", "abate F2", "abate ?"]


def test_its_debrief_metrics_make_the_generic_tables(report: dict):
    debrief = report["debrief"]
    assert {"vp", "emitted", "score", "won"} <= set(debrief["seats"])
    assert {"budget_exceeded", "budget_left", "winners"} <= set(debrief["games"])
    (row,) = debrief["share"]
    assert row["games"] == 12 and row["ci_low"] <= row["share"] <= row["ci_high"]


def test_a_headless_table_seats_it_and_plays_a_move(report: dict):
    table = report["table"]
    assert table["to_move"] == 0 and table["history"][0] == table["first"]
    assert table["first"].split()[0] in ("build", "abate")
    assert table["title"] == "Carbon Budget"


OPTIMISED = r"""
import json
import ccg
from ccg.core import InvalidPositionError

s = ccg.new_game("carbon_budget", players=2, seed=1)
d = json.loads(s.to_json())
d["state"]["deck"].append(d["state"]["deck"][0])  # a 25th card
try:
    ccg.load_state(json.dumps(d))
except InvalidPositionError as e:
    print(str(e))
"""


def test_its_position_checks_run_under_python_O(installed: Path):
    """The loader's checks are explicit (``position_error``), not ``assert``: they hold with ``python -O``."""
    done = subprocess.run([sys.executable, "-O", "-c", OPTIMISED], capture_output=True, text=True,
                          env=_env(installed), timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    assert "the 24 cards of CB-1.1, each once" in done.stdout


# ---------------------------------------------------------------------- the classroom
CLASSROOM = r"""
import json, sys, tempfile
from classroom_server import Page, served, teacher_cookie
from ccg.classroom import open_store
from ccg.classroom.demo import play_demo_lesson
from ccg.classroom.printables import write_lesson
from ccg.classroom.teacher import debrief_message

folder = tempfile.mkdtemp()
store = open_store(folder + "/store")
table = store.create_table("carbon_budget", ["student", "student", "random"], seed=4, lesson="9C")
out = {}
import httpx
with served(store) as base:
    cookie = teacher_cookie(base, store.teacher_key())
    out["form"] = httpx.get(base + "/teacher", headers={"Cookie": cookie}).text
with served(store) as base, Page(base, "/ws/teacher", cookie=cookie) as teacher, Page(base) as ann, Page(base) as bo:
    teacher.kind("overview")
    teacher.send(type="create", game="carbon_budget", tables=2, players=3, students=1, lesson="9E")
    out["created"] = [teacher.kind("said")["text"], [t.game for t in store.tables(lesson="9E")]]
    mine = ann.join(table.seats[0].code, "Ann")
    theirs = bo.join(table.seats[1].code, "Bo")
    out["ann"] = {k: mine[k] for k in ("header", "secrets", "scores", "your_turn", "actions", "version")}
    out["ann_board_title"] = ann.kind("board")["board"]["layout"]["title"]["text"]
    out["bo"] = {k: theirs[k] for k in ("secrets", "your_turn", "actions")}
    move = next(a for a, _ in mine["actions"] if a.startswith("abate "))
    ann.send(type="play", action=move, seen=mine["version"])
    out["move"] = move
    out["said"] = ann.kind("said")["text"]
    out["ann_log"] = ann.page(version=1)["log"]
    out["bo_after"] = {k: v for k, v in bo.page(version=1).items() if k in ("log", "your_turn", "actions", "scores")}
    row = teacher.until(lambda m: m.get("type") == "overview" and "(Bo)" in m["html"])
    out["overview"] = row["html"]
    teacher.send(type="reveal", table=table.id)
    out["reveal"] = teacher.until(lambda m: m.get("type") == "reveal" and m.get("table") == table.id)["html"]
out["stored"] = store.moves(table.id)[0].action

files = write_lesson(store, "9C", folder + "/print", base_url="http://10.0.0.5:8866")
out["printed"] = {p.rsplit("/", 1)[-1]: open(p).read() for p in map(str, files)}

import contextlib, io
from ccg.cli import main
with contextlib.redirect_stdout(io.StringIO()) as said:
    code = main(["classroom", "new", "--dir", folder + "/cli", "--game", "carbon_budget", "--players", "3",
                 "--students", "2", "--lesson", "9F"])
cli_store = open_store(folder + "/cli")
out["cli"] = [code, [(t.game, [s.kind for s in t.seats]) for t in cli_store.tables(lesson="9F")]]

ids = play_demo_lesson(store, lesson="9D", tables=2, students=1, players=3, game="carbon_budget")
debrief = json.loads(debrief_message(store, "9D"))
out["debrief"] = {"tables": len(ids), "html": debrief["html"],
                  "figures": [f["layout"]["title"]["text"] for f in debrief["figures"]]}
print(json.dumps(out))
"""


@pytest.fixture(scope="module")
def lesson(installed: Path) -> dict:
    """A lesson of the fourth game in the classroom server (served in-process by the classroom tests' helper):
    two students join, one plays a secret move, the teacher watches and reveals; printables; a debrief."""
    env = _env(installed)
    env["PYTHONPATH"] = os.pathsep.join([env["PYTHONPATH"], str(ROOT / "tests" / "classroom")])
    done = subprocess.run([sys.executable, "-c", CLASSROOM], capture_output=True, text=True, env=env, timeout=600,
                          cwd=installed.parent)
    assert done.returncode == 0, done.stderr[-5000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_a_student_joins_its_classroom_table_and_sees_its_own_hand_and_the_gauge(lesson: dict):
    ann, bo = lesson["ann"], lesson["bo"]
    assert ann["your_turn"] and not bo["your_turn"] and bo["actions"] == []
    assert "Carbon Budget" in ann["header"] and "<b>Amber</b>" in ann["header"]  # SPEC.glossary's title; its board drawing's seat names
    assert "Your hand (secret)" in ann["secrets"] and "Your hand (secret)" in bo["secrets"]
    assert "Carbon budget used (units)" in ann["scores"]  # SPEC.gauge
    kinds = {a.split()[0] for a, _words in ann["actions"]}
    assert kinds == {"build", "abate"} and all(words.endswith(")") for _a, words in ann["actions"])  # its own words
    assert lesson["ann_board_title"].startswith("Carbon Budget — round 0")  # its board drawing, for the seat


def test_a_students_secret_move_reaches_the_others_without_its_card_and_the_teacher_with_it(lesson: dict):
    move = lesson["move"]
    assert lesson["said"].startswith("You played") and lesson["stored"] == move
    assert f"Amber (you): {move}" in lesson["ann_log"]
    after = lesson["bo_after"]
    assert after["your_turn"] and after["actions"]
    assert "Amber: abate ?" in after["log"] and move not in after["log"]  # SPEC.secret_moves (CB-4.1)
    assert "(Bo)" in lesson["overview"] and "Budget used" in lesson["overview"]  # the teacher sees the turn pass
    assert f"Amber: {move}" in lesson["reveal"] and "Your hand (secret)" in lesson["reveal"]


def test_the_teacher_creates_its_tables_from_the_dashboard(lesson: dict):
    assert "<option value='carbon_budget'>Carbon Budget</option>" in lesson["form"]  # every installed game
    said, games = lesson["created"]
    assert said.startswith("created 2 tables") and games == ["carbon_budget"] * 2


def test_ccg_classroom_new_sets_up_its_tables(lesson: dict):
    code, tables = lesson["cli"]
    assert code == 0 and tables == [["carbon_budget", ["student", "student", "strategist"]]]  # JSON: lists


def test_its_lesson_material_is_the_games_own(lesson: dict):
    printed = lesson["printed"]
    plan = next(text for name, text in printed.items() if name.endswith("plan.html"))
    cards = next(text for name, text in printed.items() if name.endswith("role-cards.html"))
    assert "Carbon Budget — who spends the shared budget?" in plan
    assert "carbon budget falls below 0 everyone loses" in cards and "Your hand of 3 project cards" in cards


def test_its_classroom_debrief_draws_what_its_debrief_module_declares(lesson: dict):
    debrief = lesson["debrief"]
    assert debrief["tables"] == 2 and debrief["html"].count("<li>") == 2
    assert "budget_exceeded" in debrief["html"] and "budget_left" in debrief["html"]
    assert debrief["figures"] == ["Budget exceeded (share of games, Wilson interval 95%)",
                                  "Who took from the budget? VP against units taken (CB-3.1)"]  # SHARE, SCATTER


# ---------------------------------------------------------------------- the environments
ENVIRONMENTS = r"""
import json, warnings
import gymnasium as gym
import pyspiel
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

import ccg
import ccg.env.openspiel as osp
from ccg.core.encoding import encoding_for
from ccg.env import pettingzoo_env, vector_env

out = {"gym_ids": sorted(i for i in gym.registry if i.startswith("ccg/")), "openspiel": osp.GAMES}
enc = encoding_for(ccg.new_game("carbon_budget", players=3, seed=1))
out["encoding"] = {"actions": enc.num_actions, "tensor": enc.tensor_size, "first": enc.actions[:2]}
for players in (2, 4):
    env = gym.make("ccg/carbon_budget-v0", players=players, seat=players - 1, seed=2, opponents="random")
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the checker's warnings count as failures, as for the built-in games
        check_env(env.unwrapped)
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="Observation")
        api_test(pettingzoo_env("carbon_budget", players=players, seed=1), num_cycles=25)
        seed_test(lambda: pettingzoo_env("carbon_budget", players=players), num_cycles=25)
    game = pyspiel.load_game("python_ccg_carbon_budget", {"players": players, "seed": players})
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)
frame = gym.make("ccg/carbon_budget-v0", players=3, seed=1, render_mode="rgb_array")
frame.reset(seed=1)
image = frame.render()
out["frame"] = {"shape": list(image.shape), "inked": float((image < 200).any(axis=2).mean())}
game = pyspiel.load_game("python_ccg_carbon_budget", {"players": 3, "seed": 3, "rule.budget": 20})
state = game.new_initial_state()
while not state.is_chance_node():
    state.apply_action(state.legal_actions()[0])
out["chance"] = [[state.action_to_string(a), p] for a, p in state.chance_outcomes()]
out["type"] = [str(game.get_type().chance_mode), str(game.get_type().information), game.num_distinct_actions()]
envs = vector_env("carbon_budget", num_envs=2, players=2, opponents="random")
obs, info = envs.reset(seed=1)
out["vector"] = list(obs["observation"].shape) if isinstance(obs, dict) else list(obs.shape)
envs.close()
print(json.dumps(out))
"""


@pytest.fixture(scope="module")
def environments(installed: Path) -> dict:
    done = subprocess.run([sys.executable, "-c", ENVIRONMENTS], capture_output=True, text=True,
                          env=_env(installed), timeout=900, cwd=installed.parent)
    assert done.returncode == 0, done.stderr[-5000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_its_environments_are_registered_from_its_encoding(environments: dict):
    assert "ccg/carbon_budget-v0" in environments["gym_ids"] and "python_ccg_carbon_budget" in environments["openspiel"]
    enc = environments["encoding"]
    assert enc["actions"] == 16 and enc["first"] == ["build F1", "build F2"]  # CB-2.1 over the cards of CB-1.1
    assert enc["tensor"] > 0


def test_it_passes_the_gymnasium_pettingzoo_and_openspiel_checks_and_draws_frames(environments: dict):
    """The checks ran in the script (an error there fails the fixture): Gymnasium's env checker, PettingZoo's
    api and seed tests, OpenSpiel's random simulation with serialization, at both player-count extremes."""
    assert environments["type"] == ["ChanceMode.EXPLICIT_STOCHASTIC", "Information.IMPERFECT_INFORMATION", 16]
    (none, p_none), (shock, p_shock) = environments["chance"]  # CB-5.1: a 6 on a die
    assert (none, shock) == ("no shock", "climate shock") and abs(p_shock - 1 / 6) < 1e-9 and abs(p_none - 5 / 6) < 1e-9
    assert environments["frame"]["shape"] == [360, 640, 3] and environments["frame"]["inked"] > 0.02
    assert environments["vector"][0] == 2
