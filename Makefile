# qbfgames — two commands do everything: `make suite` and `make test`.
CARGO ?= cargo
# bash with pipefail: a step whose output `tee` keeps in OUT still fails the target.
SHELL := /bin/bash
.SHELLFLAGS := -o pipefail -c
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: all build install install-files lint suite readme-figures check-predictions test test-large bench solvers clean verify close-open verify-positional verify-geography verify-kayles chromium test-report test-slurm certify tune-headline gallery-headline gdl-decomposition-doc

all: build

build:
	$(CARGO) build --release

# Installs qbfgames under PREFIX: PREFIX/bin/qbfgames, the shipped suites, game models and
# solvers configuration under PREFIX/share/qbfgames/suite, the solvers `make solvers` built
# under PREFIX/share/qbfgames/tools/bin (the configuration names them there), shell
# completions and man pages. The installed binary works from any directory.
PREFIX ?= $(HOME)/.local
BIN ?= target/release/qbfgames
install: build solvers install-files

install-files:
	install -d $(PREFIX)/bin $(PREFIX)/share/qbfgames/tools/bin
	install -m 755 $(BIN) $(PREFIX)/bin/qbfgames
	rm -rf $(PREFIX)/share/qbfgames/suite
	cp -R suite $(PREFIX)/share/qbfgames/suite
	cp tools/bin/* $(PREFIX)/share/qbfgames/tools/bin/
	install -d $(PREFIX)/share/bash-completion/completions $(PREFIX)/share/zsh/site-functions $(PREFIX)/share/fish/vendor_completions.d $(PREFIX)/share/man/man1
	$(PREFIX)/bin/qbfgames completions bash > $(PREFIX)/share/bash-completion/completions/qbfgames
	$(PREFIX)/bin/qbfgames completions zsh > $(PREFIX)/share/zsh/site-functions/_qbfgames
	$(PREFIX)/bin/qbfgames completions fish > $(PREFIX)/share/fish/vendor_completions.d/qbfgames.fish
	$(PREFIX)/bin/qbfgames man --out $(PREFIX)/share/man/man1 > /dev/null

# The main job: generate the default suite, its ladders climbed with DepQBF at the
# calibration limit and continued with rungs predicted from their growth up to the
# competition limit; calibrate it on this machine (DepQBF and CAQE, each with and without
# Bloqqer, on the QDIMACS track, and Qute on the QCIR track; CALIBRATION_LIMIT CPU seconds
# per cell for the preprocessor and the solver
# together; the predicted rungs are not run; `run` re-runs the cells a busy machine
# starved, and `select` refuses any still starved, naming the run that re-runs them);
# select a first set; escalate the frontier at longer limits within FRONTIER_BUDGET;
# select a balanced set, classed against COMPETITION_LIMIT by measured or predicted times
# (SELECT: what the set must meet; an unmet request fails the target and says what is
# missing); package it for submission, check the package as an organiser would, and write
# the report. BACKEND=slurm PROFILE=FILE runs the matrix as Slurm job arrays.
SUITE ?= suite/default.toml
OUT ?= out/default
QBFGAMES := target/release/qbfgames
CALIBRATION_LIMIT ?= 10
COMPETITION_LIMIT ?= 900
BACKEND ?= local
PROFILE ?=
# The escalation after the calibration pass (`qbfgames frontier`): the frontier of every
# ladder, and the rungs the first selection wants, run at FRONTIER_LIMITS in turn (CPU
# seconds, up to the competition limit) within FRONTIER_BUDGET CPU seconds in all (12.5
# minutes of two cores, so that `make suite` and CI keep their time; raise it on Slurm).
# With 1,200 the last run measured 13 jobs at 60 s or more, 12 of them selected (13%).
FRONTIER_BUDGET ?= 1500
FRONTIER_LIMITS ?= 60,300,$(COMPETITION_LIMIT)
SELECT ?= --per-family 6 --min-per-family 2 --families 12 --true-share 0.35..0.65 --unsolved-by-some 0.25
RUN_BACKEND := $(if $(filter slurm,$(BACKEND)),--backend slurm $(if $(PROFILE),--profile $(PROFILE)),)
# On this machine each configuration stops on a depth series at its first timeout (the
# deeper rungs' cells are recorded `skipped`); a Slurm array runs every cell.
RUN_STOP := $(if $(filter slurm,$(BACKEND)),$(RUN_BACKEND),--stop-series)

suite: build solvers
	@mkdir -p $(dir $(OUT)) && echo "start $$(date +%s)" > $(OUT).times
	$(QBFGAMES) generate $(SUITE) --out $(OUT) --calibration-limit $(CALIBRATION_LIMIT) --competition-limit $(COMPETITION_LIMIT) $(RUN_BACKEND)
	@echo "generate $$(date +%s)" >> $(OUT).times
	$(QBFGAMES) manifest verify $(OUT)
	$(QBFGAMES) run $(OUT) --solvers depqbf,caqe,qute-qcir --preprocessors none,bloqqer --timeout $(CALIBRATION_LIMIT) --memory 4G $(RUN_STOP)
	@echo "run $$(date +%s)" >> $(OUT).times
	$(QBFGAMES) select $(OUT) $(SELECT) --competition-limit $(COMPETITION_LIMIT) > $(OUT)/select-calibration.txt
	$(QBFGAMES) frontier $(OUT) --budget $(FRONTIER_BUDGET) --limits $(FRONTIER_LIMITS) --competition-limit $(COMPETITION_LIMIT) --memory 4G $(RUN_BACKEND) | tee $(OUT)/frontier.txt
	@echo "frontier $$(date +%s)" >> $(OUT).times
	$(QBFGAMES) select $(OUT) $(SELECT) --competition-limit $(COMPETITION_LIMIT) | tee $(OUT)/select.txt
	$(QBFGAMES) package $(OUT) -o $(OUT).tar.xz
	$(QBFGAMES) package --check $(OUT).tar.xz
	$(QBFGAMES) report $(OUT)
	@echo "end $$(date +%s)" >> $(OUT).times
	@echo "suite: instances and manifest in $(OUT), results in $(OUT)/results.csv, selection in $(OUT)/selection.csv, report in $(OUT)/report, package $(OUT).tar.xz; step times in $(OUT).times"

# The predictions of the last `make suite` checked: CHECK_COUNT predicted jobs, spread over
# every predicted time, run with their predicted configuration at CHECK_LIMIT CPU seconds,
# predicted beside measured, agreement by distance.
CHECK_LIMIT ?= 600
CHECK_COUNT ?= 10
check-predictions: build solvers
	$(QBFGAMES) calibrate $(OUT) --check-predictions --timeout $(CHECK_LIMIT) --count $(CHECK_COUNT) --jobs 2

# The README's default-set figures, rewritten from the last `make suite` (its OUT and
# OUT.times); `tests/readme_figures.rs` checks them against the shipped suite.
readme-figures:
	python3 scripts/readme-figures.py --out $(OUT) --suite $(SUITE) --qbfgames $(QBFGAMES)

# Solvers and preprocessors of suite/solvers.toml: DepQBF (Debian), pyqbf's solvers in
# .venv, Bloqqer built into tools/ (idempotent; prints what it did).
solvers:
	bash scripts/install-solvers.sh

# Formatting, clippy and the API docs, every warning an error (CI runs this before the tests).
lint:
	$(CARGO) fmt --all --check
	$(CARGO) clippy --workspace --all-targets -- -D warnings
	RUSTDOCFLAGS=-Dwarnings $(CARGO) doc --workspace --no-deps

# All tests; installs what they need first.
test: solvers chromium
	$(CARGO) test --workspace

# The large GDL games (suite/games/gdl/large/): grounding on demand agrees with full
# grounding, and the size estimates bound the formulas. A few minutes in a release build;
# not part of `make test`.
test-large:
	$(CARGO) test --release -p game-gdl --test gdl_demand -- --ignored
	$(CARGO) test --release -p game-registry --test size_estimate -- --ignored

# Headless Chromium and its WebDriver for the tests that open and drive the HTML report
# (Debian's packages; idempotent).
chromium:
	@{ command -v chromium && command -v chromedriver; } >/dev/null || { $(SUDO) apt-get update && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y --no-install-recommends chromium chromium-driver; }

# The report tests alone: golden files of every format and plot, and the HTML in Chromium.
test-report: chromium
	$(CARGO) test -p reports
	$(CARGO) test --test tests -- report_cli:: report_browser::

# The Slurm backend on a real Slurm on this machine: installs slurm-wlm and munge if
# missing (and DepQBF), starts the daemons, runs, kills and resubmits array tasks, stops the daemons
# (scripts/test-slurm.sh; needs root or sudo). Not part of `make test`.
test-slurm:
	bash scripts/test-slurm.sh

# Speed figures (printed, not asserted).
bench:
	$(CARGO) bench -p qbf --bench formula
	$(CARGO) bench -p game-bddl --bench bddl
	$(CARGO) bench -p game-gdl --bench gdl
	$(CARGO) bench -p game-gdl --bench grounding
	$(CARGO) bench -p game-gdl --bench decomposition
	$(CARGO) bench -p game-geography --bench geography
	$(CARGO) bench -p game-positional --bench positional
	$(CARGO) bench -p harness --bench overhead
	$(CARGO) bench -p game-bddl --bench clause_forms
	$(CARGO) bench -p qbfgames --bench generate
	$(MAKE) tune-headline
	$(MAKE) gallery-headline

# The decomposition table of docs/gdl.md, from a run of the decomposition bench (every
# GDL game of suite/games/gdl at depth 4, ours with and without rule decomposition beside
# gringo; needs clingo in .venv: `make solvers`).
gdl-decomposition-doc: solvers
	$(CARGO) bench -p game-gdl --bench decomposition | tee target/decomposition-bench.txt
	python3 scripts/gdl-decomposition-doc.py target/decomposition-bench.txt docs/gdl.md

# The headline of docs/encodings.md: the lifted encoding's gate placements on Connect
# (DepQBF, CAQE, with and without Bloqqer, 60 s CPU), PAR-2 and ratios to the default.
# Results are kept in out/tune/tune, so a second `make bench` only prints them.
tune-headline: build solvers
	$(QBFGAMES) tune suite/tune.toml --family connect --variant polarity.innermost,polarity.earliest --solvers depqbf,caqe --preprocessors none,bloqqer --timeout 60 --jobs 2

# The headline of issue 38: the eleven GDL instances of a peer's QBF Gallery 2026 set
# (suite/gallery-peer.toml) with the encodings `encode gdl` chooses by default, Bloqqer then
# CAQE and DepQBF, 60 s CPU, one run at a time; PAR-2 printed beside the peer's published
# figures (suite/published/gallery-peer.csv). Results are kept in out/tune/gallery-peer.
gallery-headline: build solvers
	$(QBFGAMES) tune suite/gallery-peer.toml --vary encoding=gdl-auto --solvers caqe,depqbf --preprocessors bloqqer --timeout 60 --wall-timeout 600 --jobs 1
	@echo "The peer's published figures (not measured here; Bloqqer then the solver, 60 s CPU):"
	@grep -v '^#' suite/published/gallery-peer.csv | tr ',' '\t'

# Re-checks every published table of suite/published/ (the papers' critical depths, sizes,
# counts and times) with real solvers and the reference solvers, cheapest runs first, each
# table within VERIFY_BUDGET; prints published beside ours and writes out/verify/*/verify.md.
# Exits non-zero when a reached value differs from the paper (and is not an explained,
# recorded difference).
VERIFY_BUDGET ?= 3m
verify: build solvers
	$(QBFGAMES) verify suite/published/*.toml --budget $(VERIFY_BUDGET) --jobs 2

# The entries the published tables left open, closed (docs/open-entries.md): on every
# shipped table, the reference player with climbing limits finds the critical depth, no
# win in the whole game, or a lower bound, and DepQBF certifies what it can at the
# deciding depths (each attempt capped, at 2, 8 and 30 s in turn up to CLOSE_CERTIFY CPU
# seconds, the cheapest rows first). Each table gets CLOSE_BUDGET (tables
# without open entries take none); the re-check itself is skipped (--budget 0s). Writes
# out/verify/*/closed.csv and regenerates docs/open-entries.md from them, with the wall
# time of the whole target. BACKEND=slurm PROFILE=FILE: the reference runs on Slurm.
CLOSE_BUDGET ?= 7m
CLOSE_CERTIFY ?= 30
CLOSE_OUT ?= out/verify
close-open: build solvers
	@mkdir -p $(CLOSE_OUT) && echo "$$(date +%s)" > $(CLOSE_OUT)/close-open.start
	$(QBFGAMES) verify suite/published/*.toml --budget 0s --close --close-budget $(CLOSE_BUDGET) --certify $(CLOSE_CERTIFY) --jobs 2 --out $(CLOSE_OUT) $(RUN_BACKEND) > $(CLOSE_OUT)/close-open.md
	bash scripts/open-entries.sh $(CLOSE_OUT) "make close-open CLOSE_BUDGET=$(CLOSE_BUDGET) CLOSE_CERTIFY=$(CLOSE_CERTIFY)" > docs/open-entries.md
	@echo "close-open: out/verify/*/closed.csv, docs/open-entries.md"

# Geography at every round limit: DepQBF and CAQE on both encodings against the reference
# solver, ≥ 300 random graphs of at most 14 nodes, both variants and rules: about 16,500 formulas, each through DepQBF and CAQE (over 25 min).
verify-geography: solvers
	$(CARGO) test -p game-geography --test geography -- --ignored

# Node Kayles at every ply limit: DepQBF and CAQE on both encodings against the reference
# player, 336 random graphs of at most 14 vertices (over 50 min on two cores; `make test`
# checks the same graphs at sampled ply limits).
verify-kayles: solvers
	$(CARGO) test -p game-kayles --test kayles -- --ignored

# Certified answers of the generated set (docs/certify.md): every DepQBF answer with its
# Q-resolution proof checked and its certificate verified; certified cells are recorded
# under their own key beside the suite's run. Long: not part of `make test` or CI.
certify: build solvers
	$(QBFGAMES) run $(OUT) --solvers depqbf --preprocessors none --certify --timeout 60 --memory 8G --sat-timeout 600

# Semantic checks too slow for `make test`: DepQBF against the reference solver on the 96
# GTTT 4×4 games at depths 9–16, and Figure 2's open position by the reference solver.
verify-positional: solvers
	$(CARGO) bench -p game-positional --bench positional_verify

clean:
	$(CARGO) clean
