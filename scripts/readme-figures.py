#!/usr/bin/env python3
"""Rewrites the README's default-set figures from the last `make suite`.

The section between the markers `<!-- default-set figures: begin ... -->` and
`<!-- default-set figures: end -->` is written from what the run left (never by hand):
the suite's own count of families and jobs (`qbfgames suite check`), the manifest, the
calibration results, the selection, and the step times `make suite` records in OUT.times.
A run that generated but did not finish its calibration gives the generation figures only,
and says so. After a whole run, it also rewrites the section between
`<!-- this run's figures: begin ... -->` and `<!-- this run's figures: end -->` of
docs/selection.md: the backtests the final `select` printed (OUT/select.txt) and the
escalation's runs by limit (OUT/frontier.txt, results.csv).

    python3 scripts/readme-figures.py [--out out/default] [--readme README.md]
        [--selection-doc docs/selection.md] [--suite suite/default.toml]
        [--qbfgames target/release/qbfgames]

`tests/readme_figures.rs` fails when the section and the shipped suite disagree on the
families and jobs.
"""

import argparse
import csv
import re
import statistics
import subprocess
import sys
from collections import Counter, defaultdict
from pathlib import Path

BEGIN = "<!-- default-set figures: begin (scripts/readme-figures.py writes this section from the last `make suite`; do not edit by hand) -->"
END = "<!-- default-set figures: end -->"
CLASSES = ["trivial", "easy", "medium", "hard", "unsolved", "bounded"]
KINDS = {"bddl": "BDDL", "gdl": "GDL", "gttt": "COR+", "hex": "COR+", "pg": "COR+", "geography": "geography"}


def rows(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def duration(seconds):
    seconds = round(seconds)
    minutes, s = divmod(seconds, 60)
    return f"{minutes} min {s} s" if minutes else f"{s} s"


def thousands(n):
    return f"{n:,}"


def listed(qbfgames, suite):
    """The suite's own count of families and jobs, from `qbfgames suite check`."""
    line = subprocess.run([qbfgames, "suite", "check", suite], check=True, capture_output=True, text=True).stdout
    found = re.search(r"(\d+) families, (\d+) jobs", line)
    if not found:
        sys.exit(f"error: `qbfgames suite check {suite}` printed no counts: {line}")
    return int(found.group(1)), int(found.group(2))


def times(path):
    """Seconds per step from OUT.times (`step unix-seconds` lines, `start` first)."""
    if not Path(path).is_file():
        sys.exit(f"error: {path}: no such file\n  help: run `make suite` (it records its step times there)")
    stamps = {}
    for line in Path(path).read_text().split("\n"):
        if line.strip():
            step, at = line.split()
            stamps[step] = int(at)
    missing = [s for s in ["start", "generate"] if s not in stamps]
    if missing:
        sys.exit(f"error: {path} has no {', '.join(missing)} line(s)\n  help: run `make suite` (it writes the file)")
    return stamps


def generated_only(out, suite_families, suite_jobs, stamps):
    """The section of a `make suite` that generated but did not finish its calibration."""
    manifest = rows(out / "manifest.csv")
    jobs = {r["job"]: r["family"] for r in manifest}
    per_family = Counter(jobs.values())
    table = ["| family | jobs |", "|---|---:|"]
    table += [f"| {family} | {n} |" for family, n in sorted(per_family.items())]
    table.append(f"| **total** | {len(jobs)} |")
    return [
        BEGIN,
        "",
        f"The last `make suite` here generates {len(jobs)} of the suite's {suite_jobs} jobs (a ladder stops at "
        f"its first rungs out of reach) of {len(per_family)} of its {suite_families} families, with their "
        f"reference answers, in {duration(stamps['generate'] - stamps['start'])} on two cores. Its calibration "
        "run did not finish, so this section has no calibration figures yet: `make suite`, then "
        "`make readme-figures`, adds the run's times, the hardness table `select` prints and the selection.",
        "",
        *table,
        "",
        END,
    ]


def seconds(value):
    return float(value) if value not in ("", None) else None


def took(r):
    """A run's CPU time, the preprocessor's included."""
    return float(r["cpu_s"] or 0) + float(r.get("pre_cpu_s") or 0)


def answered(r):
    return r["status"] in ("true", "false")


def ran_out(r):
    return r["status"] in ("timeout", "memout")


def by_limit(results):
    """The calibration limit (the least limit of the records), and the runs at longer limits."""
    limit = min((float(r["timeout_s"]) for r in results), default=0.0)
    return limit, [r for r in results if float(r["timeout_s"]) > limit]


def hardness(m):
    """The best configuration's CPU seconds: measured, else predicted (and whether predicted)."""
    best = seconds(m["best_s"])
    if best is not None:
        return best, False
    predicted = seconds(m.get("predicted_s"))
    return predicted, predicted is not None


def peer_rows(out, selection, competition):
    """Our figures beside the peer's frontier instances (suite/published/gallery-peer-frontier.csv)."""
    published = Path(__file__).resolve().parent.parent / "suite/published/gallery-peer-frontier.csv"
    lines = [l for l in published.read_text().split("\n") if l and not l.startswith("#")]
    peer = defaultdict(dict)
    for r in csv.DictReader(lines):
        peer[(r["game"], r["board"], r["depth"])][r["solver"]] = r["peer_s"]
    ours = {}
    for m in selection:
        game = re.search(r"game=games/gdl/([a-z0-9-]+?)-(\d+x\d+)\.kif", m["params"])
        if game:
            ours.setdefault((game.group(1), game.group(2)), []).append(m)
    out_rows = []
    for (game, board, depth), solvers in sorted(peer.items()):
        figures = ", ".join(f"{s} {t} s" for s, t in sorted(solvers.items()))
        members = ours.get((game, board), [])
        label = f"{game} {board}" + (f" d{depth}" if depth else "")
        if not members:
            out_rows.append(f"| {label} | {figures} | not in the default suite |")
            continue
        deepest = max(int(m["depth"]) for m in members)
        at = [m for m in members if depth and int(m["depth"]) == int(depth)]
        if not at:
            # The peer's depth is not generated (past the ladder's last rung, or no depth given):
            # our deepest rung of the same board instead.
            at = [m for m in members if int(m["depth"]) == deepest]
        m = at[0]
        t, predicted = hardness(m)
        floor = seconds(m.get("floor_s")) or 0.0
        if t is None and floor > 0:
            ours_text = f"d{m['depth']}: > {floor:,.0f} s measured ({m['basis']}: hardness beyond unknown)"
        elif t is None:
            ours_text = f"d{m['depth']}: no configuration solved it at {float(m['limit_s']):g} s, no prediction"
        elif predicted:
            ours_text = f"d{m['depth']}: {t:,.0f} s **predicted** ({m['predicted_config']}), class {m['class']} at {competition:g} s"
        else:
            ours_text = f"d{m['depth']}: {t:,.2f} s measured, class {m['class']} at {competition:g} s"
        out_rows.append(f"| {label} | {figures} | {ours_text} |")
    return out_rows


def section(out, suite_families, suite_jobs, stamps):
    manifest = rows(out / "manifest.csv")
    results = rows(out / "results.csv")
    selection = rows(out / "selection.csv")
    jobs = {r["job"]: r for r in manifest}
    models = {r["family"]: r["game"] for r in manifest}
    limit, checks = by_limit(results)
    competition = float(selection[0]["competition_s"]) if selection else 900.0
    instance_job = {r["id"]: r["job"] for r in manifest}
    long_runs = set()
    for r in checks:
        if (answered(r) and took(r) >= 60) or (ran_out(r) and float(r["timeout_s"]) >= 60):
            long_runs.add(instance_job.get(r["instance"], ""))
    results = [r for r in results if float(r["timeout_s"]) == limit]
    statuses = Counter(r["status"] for r in results)
    per_family = defaultdict(list)
    for s in selection:
        per_family[s["family"]].append(s)
    ladders = rows(out / "ladders.csv") if (out / "ladders.csv").is_file() else []
    predicted_rungs = sum(1 for r in ladders if r["status"] == "predicted")

    def count(members, test):
        return sum(1 for m in members if test(m))

    def predicted(m):
        return m["best_s"] == "" and m.get("predicted_s", "") != ""

    def unsolved_by_some(m):
        return int(m["solved"]) < int(m["runs"]) or int(m["runs"]) == 0

    def selected(m):
        return m["selected"] == "true"

    header = ["family", "jobs", *CLASSES, "predicted", "unknown answer", "selected", "true", "false", "unsolved by some"]
    table = ["| " + " | ".join(header) + " |", "|---|" + "---:|" * (len(header) - 1)]
    for family, members in [*sorted(per_family.items()), ("total", selection)]:
        cells = [len(members), *(count(members, lambda m, c=c: m["class"] == c) for c in CLASSES)]
        cells.append(count(members, predicted))
        cells.append(count(members, lambda m: m["expected"] == "unknown"))
        cells.append(count(members, selected))
        cells.append(count(members, lambda m: selected(m) and m["expected"] == "true"))
        cells.append(count(members, lambda m: selected(m) and m["expected"] == "false"))
        cells.append(count(members, lambda m: selected(m) and unsolved_by_some(m)))
        name = f"**{family}**" if family == "total" else family
        table.append("| " + " | ".join([name, *map(str, cells)]) + " |")

    chosen = [m for m in selection if selected(m)]
    n = max(1, len(chosen))
    chosen_jobs = {m["job"] for m in chosen}
    trivial_chosen = count(chosen, lambda m: m["class"] == "trivial")
    true_n = count(chosen, lambda m: m["expected"] == "true")
    false_n = count(chosen, lambda m: m["expected"] == "false")
    unknown_n = count(chosen, lambda m: m["expected"] == "unknown")
    at_60 = count(chosen, lambda m: m["job"] in long_runs)
    at_60_predicted = count(chosen, lambda m: m["job"] not in long_runs and predicted(m) and hardness(m)[0] >= 60)
    past_measured = count(chosen, lambda m: m["job"] in long_runs and float(m["slowest_s"] or 0) > competition and not predicted(m))
    past = count(chosen, lambda m: float(m["slowest_s"] or 0) > competition)
    bases = Counter(m["basis"] for m in chosen)
    chosen_predicted = count(chosen, predicted)
    formats = Counter(r["format"] for r in manifest if r["job"] in chosen_jobs and r["format"] in ("qdimacs", "qcir"))
    sized = [r for r in manifest if r["job"] in chosen_jobs and r["format"] == "qdimacs"]
    median_vars = round(statistics.median(int(r["vars"]) for r in sized)) if sized else 0
    median_clauses = round(statistics.median(int(r["clauses"]) for r in sized)) if sized else 0
    largest_vars = max((int(r["vars"]) for r in sized), default=0)
    kinds = Counter(KINDS.get(model, model) for model in models.values())
    kind_list = ", ".join(f"{k} {n}" for k, n in sorted(kinds.items()))
    families = len(models)
    ran = stamps["run"] - stamps["generate"]
    escalated = stamps["frontier"] - stamps["run"] if "frontier" in stamps else None
    pct = lambda k: f"{100 * k / n:.0f}%"
    return [
        BEGIN,
        "",
        f"`make suite` on two cores (measured: {duration(stamps['end'] - stamps['start'])} from a clean `out/`: "
        f"generating {len(jobs)} jobs with their reference answers and climbing the depth ladders "
        f"{duration(stamps['generate'] - stamps['start'])}, the calibration run {duration(ran)}, "
        + (f"the frontier's escalation {duration(escalated)} ({len(checks)} runs at longer limits), " if escalated is not None else "")
        + f"{len(results) - statuses.get('skipped', 0)} runs of which {statuses.get('timeout', 0)} reached the {limit:g} s CPU limit, "
        f"{statuses.get('starved', 0)} starved, and {statuses.get('skipped', 0)} cells not run because their "
        "configuration had run out of the limit on a shallower rung of the same series, `run --stop-series`) "
        f"generates {len(jobs)} of the suite's {suite_jobs} jobs "
        f"of {families} of its {suite_families} families ({predicted_rungs} of them rungs a ladder predicted "
        "past its calibration, not run), calibrates them with DepQBF and CAQE, each with and without Bloqqer, "
        f"at the calibration limit of {limit:g} s CPU, classes them against the competition limit of "
        f"{competition:g} s CPU by measured or predicted times, and selects {len(chosen)} "
        "(the hardness table `select` prints, as in the archive's README; `predicted` counts the jobs "
        "whose class rests on a predicted time"
        + (
            f"; the selection also uses the {len(checks)} runs at longer limits (the frontier's escalation, and `make check-predictions` where it ran) at "
            + ", ".join(f"{t:g} s" for t in sorted({float(r['timeout_s']) for r in checks}))
            + " CPU, which measured some predicted jobs"
            if checks
            else ""
        )
        + "):",
        "",
        *table,
        "",
        f"| the selected set | qbfgames default set (limits: calibration {limit:g} s, competition {competition:g} s) |",
        "|---|---|",
        f"| families | {families} ({kind_list}) |",
        f"| instances | {len(chosen)} formulas, "
        + ", ".join(f"{'QDIMACS 1.1' if f == 'qdimacs' else 'QCIR-G14' if f == 'qcir' else f} ({k})" for f, k in sorted(formats.items()))
        + " |",
        f"| measured at 60 s or more (a run that answered after 60 s, or ran out of a limit of 60 s or more) | {at_60} of {len(chosen)} ({pct(at_60)}); {at_60_predicted} more predicted at 60 s or more |",
        f"| past {competition:g} s for at least one configuration, measured or validly predicted | {past} of {len(chosen)} ({pct(past)}; {past_measured} measured) |",
        f"| classed by a measured time : a predicted one : a bound | {bases.get('measured', 0)} : {bases.get('predicted', 0)} : {bases.get('bounded', 0)} |",
        f"| trivial (every configuration under 1 s) | {trivial_chosen} of {len(chosen)} |",
        f"| true : false : unknown | {true_n} : {false_n} : {unknown_n} ({100 * true_n / max(1, true_n + false_n):.0f}% of the known answers true; {pct(unknown_n)} unknown) |",
        f"| median size (QDIMACS) | {thousands(median_vars)} variables, {thousands(median_clauses)} clauses (largest {thousands(largest_vars)} variables) |",
        "",
        f"Beside the frontier of a peer's QBF Gallery 2026 set (GDL games, Bloqqer then solver, 1,800 s CPU; "
        "`suite/published/gallery-peer-frontier.csv`, as issue 34 quotes it): the same game and board in our "
        "selection data, at the peer's depth where our ladder generated it, else at our deepest rung. A "
        "**predicted** figure is a prediction from the ladder's growth, not a measurement.",
        "",
        "| game | peer (measured by the peer) | qbfgames default set |",
        "|---|---|---|",
        *peer_rows(out, selection, competition),
        "",
        END,
    ]


DOC_BEGIN = "<!-- this run's figures: begin (scripts/readme-figures.py writes this section from the last `make suite`; do not edit by hand) -->"
DOC_END = "<!-- this run's figures: end -->"
FRONTIER_CMD = "qbfgames frontier DIR --budget FRONTIER_BUDGET --limits FRONTIER_LIMITS"


def backtest_block(out):
    """The backtests the final `select` printed (OUT/select.txt), up to its hardness table."""
    path = out / "select.txt"
    if not path.is_file():
        return []
    lines = path.read_text().splitlines()
    block = []
    for line in lines:
        if line.startswith("hardness at the competition limit"):
            break
        block.append(line)
    while block and not block[-1].strip():
        block.pop()
    return block


def frontier_rows(out):
    """The escalation's runs (the records at limits past the calibration), by limit."""
    _, longer = by_limit(rows(out / "results.csv"))
    at = defaultdict(list)
    for r in longer:
        at[float(r["timeout_s"])].append(r)
    table = ["| limit (CPU s) | runs | answered | ran out | CPU s spent | answered after 60 s or more |", "|---:|---:|---:|---:|---:|---:|"]
    for t, runs in sorted(at.items()):
        done = [took(r) for r in runs if answered(r)]
        spent = sum(took(r) for r in runs)
        table.append(f"| {t:g} | {len(runs)} | {len(done)} | {sum(map(ran_out, runs))} | {spent:,.0f} | {sum(1 for x in done if x >= 60)} |")
    return table


def selection_doc(out):
    frontier = out / "frontier.txt"
    summary = [line for line in frontier.read_text().splitlines() if line.startswith("frontier:")] if frontier.is_file() else []
    lines = [DOC_BEGIN, "", "The final `select` of the last `make suite` printed these backtests:", "", "```text", *backtest_block(out), "```", ""]
    if summary:
        lines += [f"The escalation (`{FRONTIER_CMD}`) ended with: {summary[-1].removeprefix('frontier: ')}.", ""]
    lines += [*frontier_rows(out), "", DOC_END]
    return lines


def replace_section(path, begin, end, lines):
    text = path.read_text()
    start, stop = text.find(begin), text.find(end)
    if start < 0 or stop < start:
        sys.exit(f"error: {path}: no section between `{begin}` and `{end}`\n  help: put the two marker lines where the figures go")
    written = path.with_name(f".{path.name}.figures")
    written.write_text(text[:start] + "\n".join(lines) + text[stop + len(end):])
    written.replace(path)


def main():
    args = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    args.add_argument("--out", default="out/default", help="the folder `make suite` wrote (default out/default)")
    args.add_argument("--readme", default="README.md")
    args.add_argument("--selection-doc", default="docs/selection.md", help="the document whose run figures are rewritten")
    args.add_argument("--suite", default="suite/default.toml")
    args.add_argument("--qbfgames", default="target/release/qbfgames")
    a = args.parse_args()
    out = Path(a.out)
    if not (out / "manifest.csv").is_file():
        sys.exit(f"error: {out / 'manifest.csv'}: no such file\n  help: run `make suite` first (OUT={out})")
    suite_families, suite_jobs = listed(a.qbfgames, a.suite)
    stamps = times(f"{out}.times")
    calibrated = all((out / f).is_file() for f in ["results.csv", "selection.csv"]) and "end" in stamps
    if calibrated:
        lines = section(out, suite_families, suite_jobs, stamps)
    else:
        lines = generated_only(out, suite_families, suite_jobs, stamps)
    readme = Path(a.readme)
    replace_section(readme, BEGIN, END, lines)
    print(f"{readme}: default-set figures from {out}")
    if calibrated:
        doc = Path(a.selection_doc)
        replace_section(doc, DOC_BEGIN, DOC_END, selection_doc(out))
        print(f"{doc}: this run's backtests and escalation from {out}")


if __name__ == "__main__":
    main()
