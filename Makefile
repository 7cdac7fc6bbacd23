# dominolab: `make lab` opens JupyterLab on the first tutorial, `make test` runs everything.
# Both create .venv themselves on a machine with Python 3.11+ and nothing else.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-stamp

.PHONY: install lab test lint bench bench-clicks voila handouts lite serve-lite images outputs messages clean

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11) and "dominolab needs Python 3.11 or newer")'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[lab,test]"
	@touch $(STAMP)

# JupyterLab's settings for this venv (its application settings, under the user's own): no news
# fetched from the internet, no check for updates, and no prompt asking about either — a
# classroom may be offline, and nothing leaves the machine unasked
LAB_OVERRIDES := $(VENV)/share/jupyter/lab/settings/overrides.json
$(LAB_OVERRIDES): dominolab/templates/lab/overrides.json $(STAMP)
	@mkdir -p $(dir $@)
	cp $< $@

install: $(STAMP) $(LAB_OVERRIDES)

# JupyterLab refuses to start as root without --allow-root (containers, lab machines run as root)
AS_ROOT := $(shell [ "$$(id -u)" = 0 ] && echo --allow-root)
FIRST   := tutorials/01-tiles-hands-and-the-line.ipynb

# the server is rooted at the repository, so the index's links to notebooks/ and docs/ work
# (its config keeps closed pages' websocket tracebacks out of the terminal: see the file)
LAB_CONFIG := dominolab/templates/lab/jupyter_server_config.py
lab: $(STAMP) $(LAB_OVERRIDES)
	$(BIN)/jupyter lab $(AS_ROOT) --config=$(LAB_CONFIG) --ServerApp.root_dir="$(CURDIR)" --LabApp.default_url=/lab/tree/$(FIRST)

# the classroom demo without code; voila.json (read from here) culls the kernels of closed pages
voila: $(STAMP)
	$(BIN)/voila notebooks/classroom-demo.ipynb

# the teacher's kit as PDFs in handouts/ (Chromium prints them: apt-get install chromium);
# SEED=2 prints another set of puzzles; LANG=es prints it in Spanish (a LANG dominolab does not
# speak, like C.UTF-8, prints English)
SEED ?= 1
HANDOUTS_LANG = $(if $(filter es%,$(LANG)),es,en)
handouts: $(STAMP)
	$(BIN)/dominolab --lang $(HANDOUTS_LANG) handouts --out handouts --seed $(SEED)

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

# the browser tests of the JupyterLite site need it built (npm fetches Pyodide's core);
# the tests run on WORKERS processes (pytest-xdist; conftest.py keeps each notebook whole on one);
# the report ends with the 25 slowest (where the suite's time goes)
WORKERS ?= 2
test: lint
	@if command -v npm >/dev/null; then $(MAKE) --no-print-directory lite; \
	else echo "npm not found: the JupyterLite site is not built, and its browser tests are skipped"; fi
	$(BIN)/python -m pytest -n $(WORKERS) --durations=25

bench: $(STAMP)
	$(BIN)/python benchmarks/bench_board.py
	$(BIN)/python benchmarks/bench_games.py
	$(BIN)/python benchmarks/bench_floor.py

bench-clicks: $(STAMP)
	$(BIN)/python benchmarks/bench_clicks.py

# the course as an offline JupyterLite site in _site/ (npm and PyPI at build time, nothing at run time)
LITE := .venv-lite
$(LITE)/.stamp: lite/requirements.txt
	$(PYTHON) -m venv $(LITE)
	$(LITE)/bin/python -m pip install --quiet --upgrade pip
	$(LITE)/bin/python -m pip install --quiet -r lite/requirements.txt
	@touch $@

lite: $(LITE)/.stamp
	$(LITE)/bin/python lite/build.py

serve-lite:
	@test -f _site/index.html || { echo "no site yet: make lite"; exit 1; }
	$(PYTHON) -m http.server 8000 --bind 127.0.0.1 --directory _site

# the README's pictures (kaleido draws them with the machine's Chromium)
images: $(STAMP)
	$(BIN)/python -m pip install --quiet -e ".[docs]"
	$(BIN)/python docs/make_images.py

# the words in every language: extract the sentences of dominolab/words.py (the only module
# that writes them), merge them into each catalogue (dominolab/locale/*/LC_MESSAGES/dominolab.po:
# translate what is new or marked fuzzy there), compile the .mo files dominolab reads
BABEL_KEYWORDS := --no-default-keywords -k _ -k _n:1,2
messages: $(STAMP)
	@mkdir -p build
	$(BIN)/pybabel extract $(BABEL_KEYWORDS) --no-location --sort-output --project dominolab \
		-o build/dominolab.pot dominolab/words.py
	$(BIN)/pybabel update -D dominolab -i build/dominolab.pot -d dominolab/locale -w 110 --ignore-obsolete
	$(BIN)/pybabel compile -D dominolab -d dominolab/locale --statistics

# run every notebook and store its outputs (after a change that changes what they print)
outputs: $(STAMP)
	$(BIN)/python docs/store_outputs.py tutorials/*.ipynb notebooks/*.ipynb

clean:
	rm -rf $(VENV) $(LITE) _site build/lite .pytest_cache .mypy_cache .ruff_cache .hypothesis
