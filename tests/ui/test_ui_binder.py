"""The Binder configuration cannot rot: repo2docker's own detection picks the Python declared in
binder/runtime.txt, binder/requirements.txt resolves for that Python and covers every notebook's imports,
the README's badges follow the one repository setting, and (in `make fuzz`) a fresh virtualenv from the
requirements plus binder/postBuild runs a notebook top to bottom."""
from __future__ import annotations

import ast
import importlib.metadata
import importlib.util
import json
import os
import re
import subprocess
import sys
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK = ROOT / "notebooks" / "00_tour.ipynb"
REQUIREMENTS = ROOT / "binder" / "requirements.txt"

pytestmark = pytest.mark.slow
# Building an environment from the pinned requirements (pip downloads and installs the whole stack) takes
# minutes: those two checks run in `make fuzz`; `make test` keeps the pins, their coverage and the badges.
fresh_environment = pytest.mark.fuzz


def _norm(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def pinned() -> dict[str, str]:
    """name -> version of every line of binder/requirements.txt."""
    lines = [ln.split("#")[0].strip() for ln in REQUIREMENTS.read_text().splitlines()]
    return {_norm(ln.split("==")[0]): ln.split("==")[1] for ln in lines if ln}


def notebook_imports() -> dict[str, set[str]]:
    """top-level module -> the notebooks and apps that import it."""
    found: dict[str, set[str]] = {}
    for path in sorted([*ROOT.glob("notebooks/*.ipynb"), *ROOT.glob("widgets/*.ipynb")]):
        for cell in json.loads(path.read_text())["cells"]:
            if cell["cell_type"] != "code":
                continue
            source = "".join(cell["source"])
            tree = ast.parse("\n".join(ln for ln in source.splitlines() if not ln.lstrip().startswith(("%", "!"))))
            for node in ast.walk(tree):
                names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                         else [node.module] if isinstance(node, ast.ImportFrom) and node.module and not node.level
                         else [])
                for name in names:
                    found.setdefault(name.split(".")[0], set()).add(path.name)
    return found


def _links():
    spec = importlib.util.spec_from_file_location("binder_links", ROOT / "binder" / "links.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_requirements_are_pinned_and_postbuild_fails_fast():
    lines = [ln.strip() for ln in REQUIREMENTS.read_text().splitlines()]
    reqs = [ln for ln in lines if ln and not ln.startswith("#")]
    assert reqs and all("==" in r for r in reqs), "every Binder requirement is pinned"
    post = (ROOT / "binder" / "postBuild").read_text().splitlines()
    assert post[0].startswith("#!") and "set -e" in [ln.strip() for ln in post[:4]]
    assert os.access(ROOT / "binder" / "postBuild", os.X_OK)


def test_requirements_cover_every_notebook_and_the_package():
    import tomllib

    pins = pinned()
    dists = importlib.metadata.packages_distributions()
    missing = []
    for module, notebooks in sorted(notebook_imports().items()):
        if module in sys.stdlib_module_names or module == "ccg":
            continue
        names = {_norm(d) for d in dists.get(module, [module])}
        if not names & set(pins):
            missing.append(f"{module} ({', '.join(sorted(notebooks))})")
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    needed = project["dependencies"] + project["optional-dependencies"]["lab"] + project["optional-dependencies"]["rl"]
    for requirement in needed:
        name = _norm(re.split(r"[<>=!~\[; ]", requirement, maxsplit=1)[0])
        if name not in pins:
            missing.append(f"{name} (pyproject.toml)")
    assert not missing, "binder/requirements.txt lacks: " + "; ".join(missing)
    assert {"pettingzoo", "gymnasium", "open-spiel"} <= set(pins)  # notebooks/30_environments.ipynb


def test_readme_badges_follow_the_one_repository_setting():
    links = _links()
    done = subprocess.run([sys.executable, str(ROOT / "binder" / "links.py"), "--check"],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    readme = (ROOT / "README.md").read_text()
    block = readme.split(links.START, 1)[1].split(links.END, 1)[0]
    slug = links.setting()
    if slug is None:
        assert links.NO_REPOSITORY in block and "mybinder.org/v2" not in readme
    else:
        assert block.count(f"mybinder.org/v2/gh/{slug}/HEAD") == len(links.LINKS)
    assert not re.search(r"mybinder\.org/v2/gh/(OWNER|USER|USERNAME)/", readme), "a placeholder badge"


def test_badges_are_built_from_a_github_remote():
    links = _links()
    assert links.remote_slug("https://github.com/climate-games/ccg.git") == "climate-games/ccg"
    assert links.remote_slug("git@github.com:climate-games/ccg.git\n") == "climate-games/ccg"
    assert links.remote_slug("https://gitlab.com/climate-games/ccg.git") is None
    text = f"intro\n{links.START}\nold\n{links.END}\nrest"
    new = links.rewritten(text, "climate-games/ccg")
    assert new.count("https://mybinder.org/v2/gh/climate-games/ccg/HEAD?urlpath=") == len(links.LINKS)
    assert new.startswith("intro\n") and new.endswith("\nrest") and "old" not in new


def _venv(path: Path) -> tuple[Path, dict]:
    venv.EnvBuilder(with_pip=True).create(path)
    bin_dir = path / "bin"
    env = {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}", "VIRTUAL_ENV": str(path),
           "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
    env.pop("PYTHONPATH", None)
    return bin_dir, env


def _run(cmd, env, cwd=ROOT):
    done = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=1500)
    assert done.returncode == 0, f"{cmd} failed:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    return done


@fresh_environment
def test_repo2docker_picks_the_declared_python_and_the_requirements_resolve_for_it(tmp_path):
    bin_dir, env = _venv(tmp_path / "r2d")
    _run([str(bin_dir / "python"), "-m", "pip", "install", "-q", "jupyter-repo2docker"], env)
    done = _run([str(bin_dir / "jupyter-repo2docker"), "--no-build", "--debug", str(ROOT)], env, cwd=tmp_path)
    log = done.stdout + done.stderr
    assert "Python version unspecified" not in log
    picked = re.search(r"environment for python=(\d+\.\d+)", log)
    assert picked, log[-2000:]
    declared = (ROOT / "binder" / "runtime.txt").read_text().strip()
    assert declared == f"python-{picked.group(1)}"
    assert 'pip install --no-cache-dir -r "binder/requirements.txt"' in log  # repo2docker installs the file
    report = tmp_path / "report.json"
    _run([str(bin_dir / "python"), "-m", "pip", "install", "--dry-run", "--ignore-installed", "-q",
          "--target", str(tmp_path / "target"),
          "--python-version", picked.group(1), "--only-binary=:all:", "--report", str(report),
          "-r", str(REQUIREMENTS)], env)
    resolved = {_norm(item["metadata"]["name"]): item["metadata"]["version"]
                for item in json.loads(report.read_text())["install"]}
    assert {name: resolved.get(name) for name in pinned()} == pinned()


@fresh_environment
def test_fresh_binder_environment_runs_the_tour(tmp_path):
    bin_dir, env = _venv(tmp_path / "binder-env")
    _run([str(bin_dir / "python"), "-m", "pip", "install", "-q", "-r", str(REQUIREMENTS)], env)
    _run(["bash", str(ROOT / "binder" / "postBuild")], env)
    code = (
        "import nbformat, nbclient, sys\n"
        f"nb = nbformat.read({str(NOTEBOOK)!r}, as_version=4)\n"
        "nbclient.NotebookClient(nb, timeout=300, kernel_name='python3',"
        f" resources={{'metadata': {{'path': {str(NOTEBOOK.parent)!r}}}}}).execute()\n"
        "import ccg.env, pettingzoo, gymnasium, pyspiel; print('ccg from', ccg.__file__)\n"
    )
    out = _run([str(bin_dir / "python"), "-c", code], env, cwd=tmp_path).stdout  # not the repo root: the installed ccg
    assert str(tmp_path / "binder-env") in out  # the package came from the fresh environment
    _voila_apps_are_offline_and_their_versions_agree(bin_dir, env, tmp_path)


def _voila_apps_are_offline_and_their_versions_agree(bin_dir: Path, env: dict, tmp_path: Path) -> None:
    """The pinned environment's Voila serves each app (with the template ``pip install .`` put in place) without
    a request outside the machine and without the singleton-version warnings of mismatched pins."""
    from browser_env import ARGS, Server, chromium, free_port
    from test_ui_offline import outside

    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is in the test extra")
    env = {k: v for k, v in env.items() if k != "JUPYTER_PATH"}
    for key in ("JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR"):
        env[key] = str(tmp_path / "jupyter" / key.lower())
    port = free_port()
    server = Server([str(bin_dir / "voila"), "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
                     "--ServerApp.port_retries=0", str(ROOT / "widgets")], ROOT, f"http://127.0.0.1:{port}", env=env)
    problems: list[str] = []
    try:
        with sync_api.sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=chromium(), args=ARGS, headless=True)
            context = browser.new_context(service_workers="block")
            context.route("**/*", lambda r: (problems.append(f"outside request {r.request.url}"), r.abort())
                          if outside(r.request.url) else r.continue_())
            for app in sorted(p.name for p in (ROOT / "widgets").glob("*.ipynb")):
                page = context.new_page()
                page.on("console", lambda m, app=app: problems.append(f"{app}: {m.text}")
                        if "Unsatisfied version" in m.text or "No satisfying version" in m.text else None)
                page.goto(f"{server.url}/voila/render/{app}", wait_until="domcontentloaded")
                page.wait_for_function("() => document.querySelector('.ccg-table .ccg-board .js-plotly-plot')",
                                       timeout=240_000)
                page.wait_for_load_state("networkidle")
                page.close()
            browser.close()
    finally:
        log = server.output()
        server.close()
    assert not problems, "\n".join(problems[:20]) + "\n" + log[-2000:]
