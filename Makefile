# ccg — set-up and everyday commands. Every target creates .venv on first use.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

.PHONY: lab lint test test-fast golden fuzz bench apps browser postgres classroom binder-links clean catalogs i18n-update

# As root (a container), Jupyter needs --allow-root, and listens on every interface so the host's
# browser can reach it; otherwise it stays on localhost.
ROOT_USER  := $(filter 0,$(shell id -u))
LAB_ARGS   ?= $(if $(ROOT_USER),--allow-root --no-browser --ServerApp.ip=0.0.0.0)
APPS_PORT  ?= 8866
APPS_ARGS  ?= $(if $(ROOT_USER),--Voila.ip=0.0.0.0)

# setup.py and build_native.py compile the strategists with mypyc (a few minutes): a change to one of their
# compiled sources (build_native.COMPILED) rebuilds them (until then ccg runs that source, ccg/core/native.py)
NATIVE_SOURCES := $(addprefix ccg/core/,state.py shuffle.py) $(addprefix ccg/games/co2/,state.py flow.py turn.py decisions.py economy.py \
	scientists.py summits.py operations.py expertise.py supply.py actions.py scoring.py variants.py) \
	$(addprefix ccg/games/co2/strategy/,position.py forecast.py values.py planner.py) \
	$(addprefix ccg/games/chicago_express/strategy/,clock.py position.py search.py routes.py values.py planner.py) \
	$(addprefix ccg/games/catan/strategy/,position.py values.py oil.py opening.py tactics.py trading.py planner.py)

$(STAMP): pyproject.toml setup.py build_native.py $(NATIVE_SOURCES)
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[lab,test,dask,classroom,rl]'
	touch $(STAMP)

## make lab: install everything and open JupyterLab on notebooks/ (as root too)
lab: $(STAMP) catalogs
	JUPYTER_PATH=$(CURDIR)/share/jupyter $(VENV)/bin/jupyter lab $(LAB_ARGS) notebooks/

## make lint: ruff (the rule set in pyproject.toml) over everything, mypy over ccg (bodies of unannotated
# functions checked too; strict on ccg/core and ccg/agents; see [tool.mypy] in pyproject.toml), and the
# layering contract (import-linter: imports point down core <- games <- agents/plot <- analysis/env <- ui <-
# classroom <- cli; see [tool.importlinter] in pyproject.toml)
lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/mypy
	$(VENV)/bin/lint-imports

## make test: lint, then every test but the long runs (marker fuzz), notebooks included (nbval;
# notebooks/learning needs the `learn` extra: make bench)
# Notebooks run in a second pass with --dist loadfile: every cell of a notebook must run
# in the same kernel, so a notebook may not be split across xdist workers.
# --dist loadgroup: the browser tests run in one xdist worker (one browser module's JupyterLab, Voila and
# Chromium at a time, beside the other tests), and modules with costly module fixtures keep them on one worker
# (marker xdist_group; tests/conftest.py makes the groups work under pytest 9)
test: $(STAMP) lint browser postgres catalogs
	$(PY) -m pytest -n 2 --dist loadgroup -p no:cacheprovider -m "not fuzz" tests
	$(PY) -m pytest -n 2 --dist loadfile -p no:cacheprovider --nbval-lax --nbval-current-env notebooks \
	  --ignore=notebooks/learning

## make browser: Debian's chromium for the end-to-end app test (Playwright drives it; no browser download) and
# Debian's Noto CJK fonts (the Traditional Chinese pages are checked to render in a real CJK font)
browser:
	@(command -v chromium >/dev/null 2>&1 && fc-list 2>/dev/null | grep -q "Noto Sans CJK") \
	  || (apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium fonts-noto-cjk) \
	  || echo "chromium or fonts-noto-cjk could not be installed: the browser tests will skip or fail"

## make postgres: Debian's PostgreSQL server binaries for the classroom store tests (each test run starts its own
# throw-away server on loopback; nothing is left running)
postgres:
	@ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1 || command -v pg_ctl >/dev/null 2>&1 \
	  || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends postgresql) \
	  || echo "postgresql could not be installed: the PostgreSQL store tests will skip"

## make catalogs: compile the translations (ccg/locale/<lang>/LC_MESSAGES/ccg.po → ccg.mo, not kept in git)
LOCALE_DIR     := ccg/locale
CATALOG_PO     := $(wildcard $(LOCALE_DIR)/*/LC_MESSAGES/ccg.po)
CATALOG_MO     := $(CATALOG_PO:.po=.mo)
BABEL_KEYWORDS := -k lazy_gettext -k lazy_ngettext:1,2 -k lazy_pgettext:1c,2 -k _p:1c,2 -k NP_:1c,2
catalogs: $(CATALOG_MO)

$(LOCALE_DIR)/%/LC_MESSAGES/ccg.mo: $(LOCALE_DIR)/%/LC_MESSAGES/ccg.po | $(STAMP)
	$(VENV)/bin/pybabel compile --statistics -D ccg -l $* -i $< -o $@

## make i18n-update: extract the package's messages into ccg/locale/ccg.pot and merge them into every
# language's .po (new messages arrive untranslated, changed ones fuzzy: tests/test_i18n_catalogs.py fails
# until a translator has done them)
i18n-update: $(STAMP)
	$(VENV)/bin/pybabel extract -F babel.cfg $(BABEL_KEYWORDS) --add-comments=TRANSLATORS: --project=ccg \
	  --copyright-holder="ccg authors" --width=120 -o $(LOCALE_DIR)/ccg.pot ccg
	$(VENV)/bin/pybabel update -D ccg -i $(LOCALE_DIR)/ccg.pot -d $(LOCALE_DIR) --width=120 --ignore-obsolete

## make test-fast: the unit tests only, without notebooks and the browser tests
test-fast: $(STAMP) catalogs
	$(PY) -m pytest -n 2 -x -q -m "not browser and not fuzz" tests

## make golden: rewrite the readable golden playthroughs in tests/golden/ after a deliberate change of rules,
# random stream or position format (review the diff: every other change must leave them as they are)
golden: $(STAMP)
	$(PY) tests/golden.py

## make fuzz: the unit tests with fresh random Hypothesis examples (CI uses a fixed, derandomized set), more
# random games per configuration, and the long runs (marker fuzz: the long fuzzing runs, and a fresh Binder
# environment built from binder/requirements.txt that runs the tour and serves the apps)
fuzz: $(STAMP)
	HYPOTHESIS_PROFILE=explore CCG_CONFORMANCE_GAMES=12 $(PY) -m pytest -n 2 -p no:cacheprovider -q tests

## make bench: throughput figures for every game, the environments' step cost, and the learning example
# (MaskablePPO against random play: installs the `learn` extra, torch included; see BENCHMARKS.md)
bench: $(STAMP)
	$(PY) benchmarks/run.py
	$(PY) benchmarks/env_speed.py
	$(PY) -m pip install --quiet -e '.[learn]'
	$(PY) benchmarks/learn_maskable_ppo.py
	$(PY) -m pytest -p no:cacheprovider --nbval-lax --nbval-current-env notebooks/learning

## make apps: serve the analysts' what-if lab with Voila at http://localhost:8866/ (classes: make classroom;
# with ccg's offline Voila template, share/jupyter/voila/templates/ccg, which `pip install .` also installs)
apps: $(STAMP) catalogs
	@echo "What-if lab: http://localhost:$(APPS_PORT)/voila/render/what_if_lab.ipynb"
	JUPYTER_PATH=$(CURDIR)/share/jupyter $(VENV)/bin/voila --no-browser --port=$(APPS_PORT) $(APPS_ARGS) widgets/

## make classroom: serve a whole class from the store in classroom-data/: one Starlette/uvicorn process (students'
# pages, teacher's dashboard, bots) at http://localhost:8866/ (as root, a container: on every interface)
CLASSROOM_DIR  ?= classroom-data
CLASSROOM_ARGS ?= $(if $(ROOT_USER),--host 0.0.0.0)
classroom: $(STAMP) catalogs
	$(VENV)/bin/ccg classroom serve --dir $(CLASSROOM_DIR) $(CLASSROOM_ARGS)

## make binder-links: rewrite README's Binder badges from binder/repository (owner/name)
binder-links:
	$(PYTHON) binder/links.py

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache $(CATALOG_MO)
