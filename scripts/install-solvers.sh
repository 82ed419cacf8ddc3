#!/usr/bin/env bash
# Installs the solvers and preprocessors of suite/solvers.toml. Idempotent; prints what it
# did. Everything installed stays out of git: .venv/ (pyqbf, clingo) and tools/ (links, Bloqqer).
set -euo pipefail
cd "$(dirname "$0")/.."

PYQBF_VERSION=1.1.1.3
PYQBF_SDIST_SHA256=f9e1ecf17886fee620bb396815882ebeca6c29b4c2521270c07ab461b0691da9
CLINGO_VERSION=5.8.0
SUDO=$([ "$(id -u)" = 0 ] || echo sudo)

# DepQBF 5.01 from Debian.
if command -v depqbf >/dev/null 2>&1; then
	echo "solvers: depqbf present ($(depqbf --version 2>&1 | head -n1))"
else
	echo "solvers: installing depqbf (Debian package)"
	$SUDO apt-get update -qq
	$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq depqbf
fi

# pyqbf in a project-local virtualenv; its wheel ships the solver executables.
if [ -x .venv/bin/python3 ] && [ "$(.venv/bin/python3 -c 'import importlib.metadata as m; print(m.version("pyqbf"))' 2>/dev/null)" = "$PYQBF_VERSION" ]; then
	echo "solvers: pyqbf $PYQBF_VERSION present in .venv"
else
	echo "solvers: installing pyqbf $PYQBF_VERSION into .venv"
	python3 -m venv .venv
	.venv/bin/pip install -q "pyqbf==$PYQBF_VERSION"
fi

# clingo (gringo and clasp) in the same virtualenv: the GDL → ASP tests and the grounding
# bench compare our grounder with gringo on the temporal extension of each game.
if [ "$(.venv/bin/python3 -c 'import importlib.metadata as m; print(m.version("clingo"))' 2>/dev/null)" = "$CLINGO_VERSION" ]; then
	echo "solvers: clingo $CLINGO_VERSION present in .venv"
else
	echo "solvers: installing clingo $CLINGO_VERSION into .venv"
	.venv/bin/pip install -q "clingo==$CLINGO_VERSION"
fi

# The executables live under the package's cmeel prefix; .venv/bin only has Python wrappers
# (which cost ~0.75 s per call), so tools/bin links to the real binaries.
prefix="$(.venv/bin/python3 -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')/cmeel.prefix/bin"
mkdir -p tools/bin
for solver in caqe depqbf qfun qute rareqs; do
	ln -sfn "$prefix/pyqbf_$solver" "tools/bin/pyqbf-$solver"
done
echo "solvers: linked tools/bin/pyqbf-{caqe,depqbf,qfun,qute,rareqs}"

# Bloqqer, compiled from the sources inside the pyqbf source distribution.
if [ -x tools/bin/bloqqer ]; then
	echo "solvers: bloqqer present ($(tools/bin/bloqqer -v -n /dev/null 2>&1 | sed -n 2p || true))"
else
	echo "solvers: building bloqqer from the pyqbf $PYQBF_VERSION source distribution"
	python3 scripts/fetch-pypi-sdist.py pyqbf "$PYQBF_VERSION" "$PYQBF_SDIST_SHA256" tools/build
	rm -rf tools/build/bloqqer
	mkdir -p tools/build/bloqqer
	tar -xzf "tools/build/pyqbf-$PYQBF_VERSION.tar.gz" -C tools/build/bloqqer --strip-components=3 "pyqbf-$PYQBF_VERSION/third_party/bloqqer"
	(cd tools/build/bloqqer && gcc -Wall -DNLOG -DNDEBUG -O3 -o bloqqer bloqqer.c blqrcfg.c -w)
	cp tools/build/bloqqer/bloqqer tools/bin/bloqqer
	echo "solvers: bloqqer $(cat tools/build/bloqqer/VERSION_BLOQQER) built into tools/bin/bloqqer"
fi
