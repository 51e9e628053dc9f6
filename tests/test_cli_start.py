"""The command line builds its parser without the heavy parts: ``ccg --help`` (and a command's ``--help``) loads
neither the classroom (SQLAlchemy, Starlette, uvicorn) nor the analysis (pandas); they load when a command runs."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

HEAVY = ("sqlalchemy", "starlette", "uvicorn", "pandas", "ccg.classroom", "ccg.analysis")

PROBE = """
import contextlib, io, json, sys
from ccg.cli import main
with contextlib.redirect_stdout(io.StringIO()) as out:
    status = main(sys.argv[1:])
print(json.dumps({"status": status, "stdout": out.getvalue(), "modules": sorted(sys.modules)}))
"""


def _run(*argv: str) -> dict:
    done = subprocess.run([sys.executable, "-c", PROBE, *argv], capture_output=True, text=True, check=True)
    return json.loads(done.stdout.splitlines()[-1])


@pytest.mark.parametrize("argv", [("--help",), ("classroom", "--help"), ("simulate", "--help")])
def test_help_loads_no_heavy_part(argv):
    result = _run(*argv)
    assert result["status"] == 0 and "usage: ccg" in result["stdout"]
    loaded = [m for m in result["modules"] if any(m == h or m.startswith(h + ".") for h in HEAVY)]
    assert loaded == []


def test_the_classroom_loads_when_its_command_runs(tmp_path):
    result = _run("classroom", "tables", "--dir", str(tmp_path))
    assert result["status"] == 0 and "no tables yet" in result["stdout"]
    assert "sqlalchemy" in result["modules"] and "ccg.classroom.store" in result["modules"]
