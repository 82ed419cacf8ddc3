#!/usr/bin/env python3
"""Writes the decomposition table of docs/gdl.md from the output of
`cargo bench -p game-gdl --bench decomposition` (a tab-separated table and its summary,
saved by `make gdl-decomposition-doc`), so that the figures in the docs come from a run.

usage: gdl-decomposition-doc.py BENCH_OUTPUT DOC
"""

import sys
from pathlib import Path

BEGIN = "<!-- decomposition figures: begin (scripts/gdl-decomposition-doc.py writes this section from `make gdl-decomposition-doc`; do not edit by hand) -->"
END = "<!-- decomposition figures: end -->"

# The rows the docs show: the rule shapes issue 48 is about (piece games on 8x8 boards,
# capture counts, frame rules, paths) and two classic games beside them.
ROWS = ["breakthrough-8x8", "othello-8x8", "kalah-6x4", "skirmish-4x4", "skirmish-8x8", "snake-8x8", "pathrace-8x8"]


def number(text):
    try:
        return f"{int(text):,}"
    except ValueError:
        return text


def ours(row, side):
    """Rule bodies, clauses and seconds with the encoding; or why there are none."""
    rules, total, clauses, mb = row[f"{side} rules"], row[f"{side} +GE s"], row[f"{side} clauses"], row[f"{side} MB"]
    if rules == "-":
        return f"{row[f'{side} s']} ({mb} MB)"
    if clauses == "-":
        return f"{number(rules)} / – / {total} ({mb} MB)"
    return f"{number(rules)} / {number(clauses)} / {total} s, {mb} MB"


def gringo(row, side):
    if f"{side} rules" not in row:
        return "–"
    rules, s = row[f"{side} rules"], row[f"{side} s"]
    return f"{number(rules)} / {s}" + (" s" if s[:1].isdigit() else "")


def main():
    bench, doc = Path(sys.argv[1]), Path(sys.argv[2])
    lines = bench.read_text().splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("game\t"))
    header = lines[start].split("\t")
    table = {}
    summary = []
    for line in lines[start + 1 :]:
        if not line.strip():
            continue
        cells = line.split("\t")
        if len(cells) == len(header):
            table[cells[0]] = dict(zip(header, cells))
        else:
            summary.append(line)
    title = lines[0] if lines else ""
    out = [
        BEGIN,
        "",
        f"From the last `make gdl-decomposition-doc` on this machine ({title.rstrip('.')}):",
        "",
        "| game | as written: bodies / clauses / s | decomposed: bodies / clauses / s | gringo: rules / s | gringo split: rules / s |",
        "|---|---:|---:|---:|---:|",
    ]
    for name in ROWS:
        row = table.get(name)
        if row is None:
            continue
        out.append(
            f"| {name} | {ours(row, 'written')} | {ours(row, 'split')} | {gringo(row, 'gringo')} | {gringo(row, 'gringo split')} |"
        )
    out += ["", *[f"{line}." if not line.endswith(".") else line for line in summary], "", END]
    text = doc.read_text()
    begin, end = text.index(BEGIN), text.index(END) + len(END)
    doc.write_text(text[:begin] + "\n".join(out) + text[end:])
    print(f"{doc}: decomposition figures from {bench}")


if __name__ == "__main__":
    main()
