# qbfgames — two commands do everything: `make suite` and `make test`.
CARGO ?= cargo
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: all build suite test bench solvers clean

all: build

build:
	$(CARGO) build --release

# The main job. Generation, runs and reports join this target as their issues land.
suite: build solvers
	@echo "qbfgames built: target/release/qbfgames (see README for the commands)"

# Solvers and preprocessors of suite/solvers.toml: DepQBF (Debian), pyqbf's solvers in
# .venv, Bloqqer built into tools/ (idempotent; prints what it did).
solvers:
	bash scripts/install-solvers.sh

# All tests; installs what they need first.
test: solvers
	$(CARGO) test --workspace

# Speed figures (printed, not asserted).
bench:
	$(CARGO) bench -p generators --bench formula
	$(CARGO) bench -p harness --bench overhead

clean:
	$(CARGO) clean
