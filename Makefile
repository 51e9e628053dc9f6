# ccg — set-up and everyday commands. Every target creates .venv on first use.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

.PHONY: lab test test-fast fuzz bench apps browser binder-links clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[lab,test,dask,rl]'
	touch $(STAMP)

## make lab: install everything and open JupyterLab on notebooks/
lab: $(STAMP)
	$(VENV)/bin/jupyter lab notebooks/

## make test: every test, notebooks included (nbval)
# Notebooks run in a second pass with --dist loadfile: every cell of a notebook must run
# in the same kernel, so a notebook may not be split across xdist workers.
test: $(STAMP) browser
	$(PY) -m pytest -n 2 -p no:cacheprovider tests
	$(PY) -m pytest -n 2 --dist loadfile -p no:cacheprovider --nbval-lax --nbval-current-env notebooks

## make browser: Debian's chromium for the end-to-end app test (Playwright drives it; no browser download)
browser:
	@command -v chromium >/dev/null 2>&1 || (apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium) \
	  || echo "chromium could not be installed: tests/ui/test_ui_browser.py will skip"

## make test-fast: the unit tests only, without notebooks
test-fast: $(STAMP)
	$(PY) -m pytest -n 2 -x -q tests

## make fuzz: the unit tests with fresh random Hypothesis examples (CI uses a fixed, derandomized set)
fuzz: $(STAMP)
	HYPOTHESIS_PROFILE=explore $(PY) -m pytest -n 2 -p no:cacheprovider -q tests

## make bench: throughput figures for every game (see BENCHMARKS.md)
bench: $(STAMP)
	$(PY) benchmarks/run.py

## make apps: serve the classroom apps with Voila
apps: $(STAMP)
	$(VENV)/bin/voila --no-browser widgets/

## make binder-links: rewrite README's Binder badges from binder/repository (owner/name)
binder-links:
	$(PYTHON) binder/links.py

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache
