"""setuptools' build (configured in pyproject.toml) with the hot modules compiled by mypyc (build_native.py)."""
import sys
from pathlib import Path

from setuptools import setup

sys.path.insert(0, str(Path(__file__).resolve().parent))  # setuptools runs this file without its folder on the path
from build_native import placeholders  # noqa: E402

setup(ext_modules=placeholders())  # compiled by build_native.BuildExt, pyproject.toml's build_ext
