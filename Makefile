# qbfgames — two commands do everything: `make suite` and `make test`.
CARGO ?= cargo
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: all build suite test bench solvers clean verify-bddl verify-gdl test-slurm

all: build

build:
	$(CARGO) build --release

# The main job: generate the default suite, run the default solvers over it (DepQBF and
# CAQE, each with and without Bloqqer), and package it for submission.
SUITE ?= suite/default.toml
OUT ?= out/default
QBFGAMES := target/release/qbfgames

suite: build solvers
	$(QBFGAMES) generate $(SUITE) --out $(OUT)
	$(QBFGAMES) manifest verify $(OUT)
	$(QBFGAMES) run $(OUT) --solvers depqbf,caqe --preprocessors none,bloqqer --timeout 10 --memory 4G --jobs 2
	$(QBFGAMES) package $(OUT) -o $(OUT).tar.xz
	@echo "suite: instances and manifest in $(OUT), results in $(OUT)/results.csv, package $(OUT).tar.xz"

# Solvers and preprocessors of suite/solvers.toml: DepQBF (Debian), pyqbf's solvers in
# .venv, Bloqqer built into tools/ (idempotent; prints what it did).
solvers:
	bash scripts/install-solvers.sh

# All tests; installs what they need first.
test: solvers
	$(CARGO) test --workspace

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
	$(CARGO) bench -p harness --bench overhead

# The critical depths of the BDDL paper's Table 2, by the reference solver (60 s per entry).
verify-bddl: build
	scripts/verify-bddl.sh

# Reproduces Table 2 of He, Saffidine, Thielscher (AAMAS 2024) on our GDL games: the
# reference player on every row, DepQBF on the GD/SD instances (see benches/gdl_table2.rs).
verify-gdl: solvers
	$(CARGO) bench -p generators --bench gdl_table2 -- --timeout 60

clean:
	$(CARGO) clean
