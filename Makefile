# qbfgames — two commands do everything: `make suite` and `make test`.
CARGO ?= cargo
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: all build suite test bench solvers clean verify-bddl verify-gdl verify-positional chromium test-report test-slurm

all: build

build:
	$(CARGO) build --release

# The main job: generate the default suite, run the default solvers over it (DepQBF and
# CAQE, each with and without Bloqqer), package it for submission, and write the report.
SUITE ?= suite/default.toml
OUT ?= out/default
QBFGAMES := target/release/qbfgames

suite: build solvers
	$(QBFGAMES) generate $(SUITE) --out $(OUT)
	$(QBFGAMES) manifest verify $(OUT)
	$(QBFGAMES) run $(OUT) --solvers depqbf,caqe --preprocessors none,bloqqer --timeout 10 --memory 4G --jobs 2
	$(QBFGAMES) package $(OUT) -o $(OUT).tar.xz
	$(QBFGAMES) report $(OUT)
	@echo "suite: instances and manifest in $(OUT), results in $(OUT)/results.csv, report in $(OUT)/report, package $(OUT).tar.xz"

# Solvers and preprocessors of suite/solvers.toml: DepQBF (Debian), pyqbf's solvers in
# .venv, Bloqqer built into tools/ (idempotent; prints what it did).
solvers:
	bash scripts/install-solvers.sh

# All tests; installs what they need first.
test: solvers chromium
	$(CARGO) test --workspace

# Headless Chromium for the test that opens the HTML report (Debian's package; idempotent).
chromium:
	@command -v chromium >/dev/null || { $(SUDO) apt-get update && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y --no-install-recommends chromium; }

# The report tests alone: golden files of every format and plot, and the HTML in Chromium.
test-report: chromium
	$(CARGO) test -p reports
	$(CARGO) test --test report_cli

# The Slurm backend on a real Slurm on this machine: installs slurm-wlm and munge if
# missing (and DepQBF), starts the daemons, runs, kills and resubmits array tasks, stops the daemons
# (scripts/test-slurm.sh; needs root or sudo). Not part of `make test`.
test-slurm:
	bash scripts/test-slurm.sh

# Speed figures (printed, not asserted).
bench:
	$(CARGO) bench -p generators --bench formula
	$(CARGO) bench -p generators --bench bddl
	$(CARGO) bench -p generators --bench gdl
	$(CARGO) bench -p generators --bench positional
	$(CARGO) bench -p harness --bench overhead
	$(CARGO) bench -p generators --bench clause_forms
	$(CARGO) bench -p qbfgames --bench generate

# The critical depths of the BDDL paper's Table 2, by the reference solver (60 s per entry).
verify-bddl: build
	scripts/verify-bddl.sh

# Reproduces Table 2 of He, Saffidine, Thielscher (AAMAS 2024) on our GDL games: the
# reference player on every row, DepQBF on the GD/SD instances (see benches/gdl_table2.rs).
verify-gdl: solvers
	$(CARGO) bench -p generators --bench gdl_table2 -- --timeout 60

# Published positional-game figures too slow for `make test`: Hex critical depths up to
# 5×5 (Table 7) by the reference solver, and DepQBF at d-2 / d (one minute each).
verify-positional: solvers
	$(CARGO) bench -p generators --bench positional_verify

clean:
	$(CARGO) clean
