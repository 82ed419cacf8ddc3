# qbfgames — two commands do everything: `make suite` and `make test`.
CARGO ?= cargo
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: all build suite test bench solvers clean verify-positional

all: build

build:
	$(CARGO) build --release

# The main job. Generation, runs and reports join this target as their issues land.
suite: build solvers
	@echo "qbfgames built: target/release/qbfgames (see README for the commands)"

# Default solvers: DepQBF from Debian (idempotent; prints what it did).
solvers:
	@if command -v depqbf >/dev/null 2>&1; then \
		echo "solvers: depqbf present ($$(depqbf --version 2>&1 | head -n1))"; \
	else \
		echo "solvers: installing depqbf (Debian package)"; \
		$(SUDO) apt-get update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq depqbf; \
	fi

# All tests; installs what they need first.
test: solvers
	$(CARGO) test --workspace

# Speed figures (printed, not asserted).
bench:
	$(CARGO) bench -p generators --bench formula
	$(CARGO) bench -p generators --bench positional

# Published positional-game figures too slow for `make test`: Hex critical depths up to
# 5×5 (Table 7) by the reference solver, and DepQBF at d-2 / d (one minute each).
verify-positional: solvers
	$(CARGO) bench -p generators --bench positional_verify

clean:
	$(CARGO) clean
