#!/usr/bin/env python3
"""Downloads one pinned source distribution from PyPI and checks its SHA-256.

Usage: fetch-pypi-sdist.py NAME VERSION SHA256 DEST_DIR

`pip download --no-binary` cannot be used for pyqbf: pip prepares the metadata of a source
distribution by building it, and pyqbf's build backend (cmeel) has no metadata hook, so pip
would compile every bundled solver (including CAQE with cargo) just to read a version number.
This script asks the simple index pip is configured with (PEP 691 JSON) for the file, as pip
does, and downloads only it.
"""
import hashlib
import json
import os
import subprocess
import sys
import urllib.request


def index_url() -> str:
    """The simple index pip itself uses: PIP_INDEX_URL, pip's configuration, or pip's default."""
    url = os.environ.get("PIP_INDEX_URL", "")
    if not url:
        got = subprocess.run([sys.executable, "-m", "pip", "config", "get", "global.index-url"], capture_output=True, text=True)
        url = got.stdout.strip() if got.returncode == 0 else ""
    if not url:
        from pip._internal.models.index import PyPI

        url = PyPI.simple_url
    return url.rstrip("/")


def main() -> int:
    name, version, sha256, dest = sys.argv[1:5]
    filename = f"{name}-{version}.tar.gz"
    target = os.path.join(dest, filename)
    if os.path.exists(target) and digest(target) == sha256:
        return 0
    request = urllib.request.Request(
        f"{index_url()}/{name}/",
        headers={"Accept": "application/vnd.pypi.simple.v1+json"},
    )
    with urllib.request.urlopen(request, timeout=120) as response:
        index = json.load(response)
    files = [f for f in index["files"] if f["filename"] == filename]
    if not files:
        print(f"error: PyPI has no {filename}", file=sys.stderr)
        return 1
    os.makedirs(dest, exist_ok=True)
    partial = target + ".part"
    urllib.request.urlretrieve(files[0]["url"], partial)
    got = digest(partial)
    if got != sha256:
        os.remove(partial)
        print(f"error: {filename} has SHA-256 {got}, expected {sha256}", file=sys.stderr)
        return 1
    os.replace(partial, target)
    return 0


def digest(path: str) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


if __name__ == "__main__":
    sys.exit(main())
