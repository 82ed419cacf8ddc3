//! Issue 36, item 1: the README's default-set figures went stale (91 jobs and 13 families
//! when `make suite` generated 103 and 14). `scripts/readme-figures.py` writes them from the
//! last `make suite`; this test fails when the section and the shipped suite disagree on
//! the families and jobs.

use std::path::Path;
use std::process::Command;

const BEGIN: &str = "<!-- default-set figures: begin";
const END: &str = "<!-- default-set figures: end -->";

/// The number before `word` in `text` (`103 jobs`), after `after`.
fn number_before(text: &str, after: &str, word: &str) -> Option<usize> {
    let from = text.find(after)? + after.len();
    text[from..]
        .split_whitespace()
        .collect::<Vec<_>>()
        .windows(2)
        .find_map(|w| (w[1].trim_end_matches([',', ')', '.']) == word).then(|| w[0].parse().ok()).flatten())
}

#[test]
fn the_readme_figures_agree_with_the_shipped_suite_on_families_and_jobs() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("README.md")).expect("the README");
    let start = readme.find(BEGIN).expect("the README marks its default-set figures");
    let end = readme.find(END).expect("and their end");
    let section = &readme[start..end];

    let checked = Command::new(env!("CARGO_BIN_EXE_qbfgames"))
        .current_dir(root)
        .args(["suite", "check", "suite/default.toml"])
        .output()
        .expect("qbfgames runs");
    let line = String::from_utf8_lossy(&checked.stdout).into_owned();
    let suite_families = number_before(&line, "is valid:", "families").expect("suite check counts families");
    let suite_jobs = number_before(&line, "is valid:", "jobs").expect("suite check counts jobs");

    let listed_jobs = number_before(section, "of the suite's", "jobs").expect("the section names the suite's jobs");
    let listed_families = number_before(section, "of its", "families").expect("the section names the suite's families");
    assert_eq!((listed_families, listed_jobs), (suite_families, suite_jobs), "the suite changed since the run");
    let generated = number_before(section, "generates", "of").expect("the section counts the generated jobs");
    assert!(generated <= suite_jobs, "{generated} generated of {suite_jobs}");

    // The first table of the section: one row per family, then the total.
    let rows: Vec<Vec<&str>> = section
        .lines()
        .skip_while(|l| !l.starts_with("| family | jobs |"))
        .skip(2)
        .take_while(|l| l.starts_with("| "))
        .map(|l| l.trim_matches('|').split('|').map(str::trim).collect())
        .collect();
    let (total, families) = rows.split_last().expect("a hardness table with a total");
    assert_eq!(total[0], "**total**", "{total:?}");
    assert_eq!(families.len(), suite_families, "one row per family of the suite: {families:?}");
    assert_eq!(total[1].parse::<usize>().ok(), Some(generated), "the table's jobs are the generated ones");
    let summed: usize = families.iter().filter_map(|r| r[1].parse::<usize>().ok()).sum();
    assert_eq!(summed, generated, "the families' jobs add up to the total");
}
