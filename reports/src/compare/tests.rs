//! The comparison of two runs, on fixtures.

use contract::manifest::Row;

use super::super::fixtures::{record, row};
use super::super::section::Mark;
use super::*;

/// Jobs `j1`…`j7` (one file each, `i1`…`i7`), expected answers unknown but for `j1`.
fn rows() -> Vec<Row> {
    let mut rows: Vec<Row> = (1..=7).map(|i| row(&format!("i{i}"), &format!("j{i}"), None)).collect();
    rows[0].expected = Some(Verdict::False);
    rows
}

fn pair<'c>(c: &'c Comparison, job: &str) -> &'c Pair {
    c.pairs.iter().find(|p| p.job == job).unwrap_or_else(|| panic!("no pair of {job}"))
}

fn text(c: &Comparison) -> String {
    let mut out = Vec::new();
    c.write_text(&mut out).expect("writing to memory");
    String::from_utf8(out).expect("UTF-8")
}

/// One pair per category: j1 conflict, j2 A only, j3 B only, j4 B much slower, j5 B
/// faster, j6 similar, j7 neither; j8 is a job of B's run only.
fn both() -> (RunData, RunData) {
    let a = RunData::new(
        rows(),
        vec![
            record("i1", "s", "false", 0.5),
            record("i2", "s", "true", 2.0),
            record("i3", "s", "timeout", 10.0),
            record("i4", "s", "true", 1.0),
            record("i5", "s", "false", 9.0),
            record("i6", "s", "true", 0.01),
            record("i7", "s", "memout", 3.0),
        ],
    );
    let mut b_rows = rows();
    b_rows.push(row("i8", "j8", None));
    let b = RunData::new(
        b_rows,
        vec![
            record("i1", "s", "true", 0.1),
            record("i2", "s", "error", 0.2),
            record("i3", "s", "false", 4.0),
            record("i4", "s", "true", 8.0),
            record("i5", "s", "false", 1.0),
            record("i6", "s", "true", 0.5),
            record("i7", "s", "timeout", 10.0),
            record("i8", "s", "true", 1.0),
        ],
    );
    (a, b)
}

#[test]
fn every_pair_falls_in_its_category() {
    let (a, b) = both();
    let c = Comparison::new(&a, &b).expect("pairs in common");
    let categories: Vec<(&str, Category)> = c.pairs.iter().map(|p| (p.job.as_str(), p.category)).collect();
    assert_eq!(
        categories,
        [
            ("j1", Category::Conflict),
            ("j2", Category::SolvedByA),
            ("j3", Category::SolvedByB),
            ("j4", Category::Slower),
            ("j5", Category::Faster),
            ("j6", Category::Similar),
            ("j7", Category::Neither),
            ("j8", Category::OnlyInB),
        ]
    );
    assert_eq!(c.conflicts(), 1);
    assert_eq!(pair(&c, "j4").ratio(), Some(8.0));
    assert_eq!(pair(&c, "j6").ratio().map(|r| r.round()), Some(50.0), "a large ratio under a second is noise");
    assert_eq!(c.jobs_only_in_b, ["j8"]);
    assert!(c.jobs_only_in_a.is_empty() && c.configurations_only_in_a.is_empty());
}

#[test]
fn a_liar_the_checks_already_judged_wrong_is_still_a_conflict() {
    // j1 is expected false: B's `true` is judged wrong when the data is read, but it
    // is the answer B gave, and it contradicts A.
    let (a, b) = both();
    let liar = b.records.iter().find(|r| r.instance == "i1").expect("B's record of i1");
    assert_eq!(liar.status, Status::Wrong, "RunData judges the answer");
    let c = Comparison::new(&a, &b).expect("pairs in common");
    let j1 = pair(&c, "j1");
    assert_eq!(j1.category, Category::Conflict);
    assert_eq!(
        j1.conflict_line().as_deref(),
        Some(
            "CONFLICT: job j1, configuration none+s: A says false in 0.50 s, B says true in 0.10 s (judged \
             wrong); the manifest expects false"
        )
    );
}

#[test]
fn conflicts_are_listed_first_then_one_sided_answers_then_the_largest_ratios() {
    let (a, b) = both();
    let c = Comparison::new(&a, &b).expect("pairs in common");
    let section = c.section();
    let listed: Vec<(&str, &str)> = section.table.rows.iter().map(|r| (r[0].as_str(), r[1].as_str())).collect();
    assert_eq!(
        listed,
        [
            ("CONFLICT", "j1"),
            ("A only", "j2"),
            ("B only", "j3"),
            ("B faster", "j5"),
            ("B slower", "j4"),
            ("only in B", "j8")
        ],
        "9× faster before 8× slower; similar and neither are not listed"
    );
    assert_eq!(section.marks.get(&(0, 0)), Some(&Mark::Bold), "the conflict in bold");
    let out = text(&c);
    assert!(out.starts_with("CONFLICT: job j1, configuration none+s:"), "{out}");
    assert!(out.trim_end().ends_with("a solver, a preprocessor or an encoding is unsound"), "{out}");
    assert!(out.contains("error: 1 conflict(s) in 7 pair(s)"), "{out}");
    assert!(out.contains("note: 1 job(s) only in B: j8"), "{out}");
}

#[test]
fn the_summary_counts_each_category_per_configuration() {
    let (a, b) = both();
    let mut b = b;
    let mut other = record("i1", "t", "true", 1.0);
    other.key = "other".into();
    b.records.push(other);
    let c = Comparison::new(&a, &b).expect("pairs in common");
    let summary = c.summary();
    let names: Vec<&str> = summary.table.columns.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "configuration",
            "pairs",
            "CONFLICT",
            "A only",
            "B only",
            "B slower",
            "B faster",
            "similar",
            "neither",
            "only in A",
            "only in B"
        ]
    );
    assert_eq!(summary.table.rows[0], ["none+s", "8", "1", "1", "1", "1", "1", "1", "1", "0", "1"]);
    assert_eq!(summary.table.rows[1], ["none+t", "1", "0", "0", "0", "0", "0", "0", "0", "0", "1"]);
    assert_eq!(summary.table.rows[2], ["total", "9", "1", "1", "1", "1", "1", "1", "1", "0", "2"]);
    assert_eq!(c.configurations_only_in_b, ["none+t"]);
    assert!(
        !c.section().table.rows.iter().any(|r| r[2] == "none+t"),
        "a configuration B alone ran is a summary line, not a row per job"
    );
    assert!(text(&c).contains("note: 1 configuration(s) run only in B: none+t"));
}

#[test]
fn jobs_missing_from_one_run_are_counted_and_listed() {
    let a = RunData::new(rows(), (1..=7).map(|i| record(&format!("i{i}"), "s", "true", 1.0)).collect());
    let b = RunData::new(rows()[..2].to_vec(), vec![record("i1", "s", "false", 1.0)]);
    let c = Comparison::new(&a, &b).expect("pairs in common");
    assert_eq!(c.count(Category::OnlyInA), 6, "j2 (in B's manifest, not run) and j3…j7 (not in it)");
    assert_eq!(c.jobs_only_in_a, ["j3", "j4", "j5", "j6", "j7"]);
    let rows = c.section().table.rows;
    assert_eq!(rows.len(), 7, "the conflict and the six pairs B lacks");
    assert_eq!((rows[1][0].as_str(), rows[1][4].as_str()), ("only in A", "no record"));
    let out = text(&c);
    assert!(out.contains("note: 5 job(s) only in A: j3, j4, j5, … (2 more)"), "{out}");
}

#[test]
fn a_job_answered_on_one_file_is_solved_and_its_time_is_the_fastest_answer() {
    let mut manifest = rows();
    manifest.push(row("i1-qcir", "j1", Some(Verdict::False)));
    let a =
        RunData::new(manifest.clone(), vec![record("i1", "s", "timeout", 10.0), record("i1-qcir", "s", "false", 3.0)]);
    let b = RunData::new(manifest, vec![record("i1", "s", "false", 0.5), record("i1-qcir", "s", "false", 0.2)]);
    let c = Comparison::new(&a, &b).expect("pairs in common");
    assert_eq!(c.pairs.len(), 1);
    assert_eq!(c.pairs[0].category, Category::Faster);
    assert_eq!(c.pairs[0].ratio(), Some(0.2 / 3.0));
}

#[test]
fn the_same_run_twice_has_no_difference() {
    let (a, _) = both();
    let c = Comparison::new(&a, &a).expect("pairs in common");
    assert_eq!(c.conflicts(), 0);
    assert!(c.section().table.rows.is_empty());
    let out = text(&c);
    assert!(out.ends_with("no conflicts: 7 job × configuration pair(s) run in both folders agree\n"), "{out}");
}

#[test]
fn folders_without_a_pair_in_common_are_an_error_with_help() {
    let (a, _) = both();
    let other = RunData::new(vec![row("x", "other", None)], vec![record("x", "s", "true", 1.0)]);
    let e = Comparison::new(&a, &other).expect_err("no job in common").to_string();
    assert!(e.starts_with("the two folders have no job in common (A: 7 job(s), B: 1 job(s))"), "{e}");
    assert!(e.contains("\n  help: compare two runs of one suite"), "{e}");
    let unrun = RunData::new(rows(), Vec::new());
    let e = Comparison::new(&a, &unrun).expect_err("nothing ran in B").to_string();
    assert!(e.starts_with("no configuration ran a common job in both folders (A ran: none+s; B ran: nothing)"), "{e}");
    assert!(e.contains("\n  help: run the same configuration in both"), "{e}");
}

#[test]
fn every_pair_is_a_csv_row_with_plain_numbers() {
    let (a, b) = both();
    let c = Comparison::new(&a, &b).expect("pairs in common");
    let table = c.table();
    assert_eq!(table.rows.len(), 8);
    assert_eq!(
        table.rows[0],
        ["j1", "f", "none+s", "CONFLICT", "false", "0.500", "answered", "true", "0.100", "wrong", "", "false"]
    );
    assert_eq!(table.rows[7][4..7], ["", "", "absent"]);
    assert_eq!(table.rows[6][4..10], ["", "3.000", "memout", "", "10.000", "timeout"]);
}
