//! Issue 18, "Inputs that cannot hurt": seeded mutations of the shipped files of every input
//! format (bits flipped, truncated, lines deleted and duplicated, deep nesting, huge
//! numbers, invalid UTF-8) go through the library readers in-process. None may panic or
//! take longer than the time bound, and every error names a file and a line. Inputs that
//! once crashed a reader are pinned under `tests/fixtures/fuzz/FORMAT/`, named after the bug.
//!
//! `cargo test --test tests fuzz_corpus:: -- --nocapture` prints the count per format.

use crate::fuzz;

use std::fs;
use std::path::{Path, PathBuf};
use std::time::Duration;

use fuzz::check::{check, located, Verdict, TIME_BOUND};
use fuzz::formats::{self, Format, Input};
use fuzz::mutate::Mutator;

const MUTANTS_PER_FORMAT: usize = 2_000;

/// What is wrong with the outcome of one input, if anything.
fn fault(input: &Input, verdict: &Verdict, time: Duration) -> Option<String> {
    match verdict {
        Verdict::Panicked(message) => Some(format!("panicked: {message}")),
        _ if time > TIME_BOUND => Some(format!("took {time:?}")),
        Verdict::Rejected(message) if !located(message, input) => Some(format!("error without file:line: {message}")),
        _ => None,
    }
}

/// The mutator's seed for a format: its name's bytes, so that each format has its own
/// sequence and adding a format changes no other.
fn seed_of(name: &str) -> u64 {
    name.bytes().fold(0, |h, b| h.wrapping_mul(31).wrapping_add(u64::from(b)))
}

#[test]
fn mutants_of_every_format_are_read_without_panics_or_hangs_and_their_errors_are_located() {
    let failed = Path::new(env!("CARGO_TARGET_TMPDIR")).join("fuzz-failures");
    let mut faults = Vec::new();
    let mut total = 0;
    println!("{:<14} {:>7} {:>9} {:>9} {:>11}", "format", "inputs", "accepted", "rejected", "slowest ms");
    for format in formats::all() {
        let mut mutator = Mutator::new(seed_of(format.name), format.nesting);
        let (mut accepted, mut rejected, mut slowest) = (0, 0, Duration::ZERO);
        for i in 0..MUTANTS_PER_FORMAT {
            let seed = &format.seeds[i % format.seeds.len()];
            let (mutation, bytes) = mutator.mutate(&seed.bytes);
            let input = Input { bytes, ..seed.clone() };
            let checked = check(&format, &input);
            slowest = slowest.max(checked.time);
            match &checked.verdict {
                Verdict::Accepted => accepted += 1,
                Verdict::Rejected(_) => rejected += 1,
                Verdict::Panicked(_) => {}
            }
            if let Some(why) = fault(&input, &checked.verdict, checked.time) {
                let kept = failed.join(format!("{}-{i}", format.name));
                fs::create_dir_all(&failed).expect("mkdir");
                fs::write(&kept, &input.bytes).expect("keeping the input");
                faults.push(format!(
                    "{} mutant {i} of {} ({mutation:?}, kept as {}): {why}",
                    format.name,
                    seed.name,
                    kept.display()
                ));
            }
        }
        total += MUTANTS_PER_FORMAT;
        println!(
            "{:<14} {:>7} {:>9} {:>9} {:>11}",
            format.name,
            MUTANTS_PER_FORMAT,
            accepted,
            rejected,
            slowest.as_millis()
        );
    }
    println!("{total} inputs, {} faults", faults.len());
    assert!(total >= 20_000, "{total} inputs");
    assert!(faults.is_empty(), "{} faults:\n{}", faults.len(), faults.join("\n"));
}

/// A fixture read as `format`, with the partner of the format's first seed; its name is its
/// path in the repository.
fn fixture(format: &Format, path: &Path) -> Input {
    let name = path.strip_prefix(formats::repo()).expect("inside the repository").display().to_string();
    Input { name, bytes: fs::read(path).expect("a fixture"), partner: format.seeds[0].partner.clone() }
}

fn fixtures() -> PathBuf {
    formats::repo().join("tests/fixtures/fuzz")
}

#[test]
fn the_inputs_that_once_crashed_or_stalled_a_reader_are_read_in_time() {
    let mut read = 0;
    for format in formats::all() {
        let Ok(entries) = fs::read_dir(fixtures().join(format.name)) else { continue };
        for entry in entries {
            let path = entry.expect("a directory entry").path();
            let input = fixture(&format, &path);
            let checked = check(&format, &input);
            assert!(fault(&input, &checked.verdict, checked.time).is_none(), "{}", input.name);
            read += 1;
        }
    }
    assert!(read > 0, "no fixture under {}", fixtures().display());
}

/// The crashes issue 18 reports, as fixtures, with a part of the error each must now end
/// in (`None`: read fine).
const CRASHES: [(&str, Option<&str>); 7] = [
    ("gdl/no-role-in-an-empty-file-panicked-encode.kif", Some("the game declares no role")),
    ("gdl/no-role-in-one-fact-panicked-encode.kif", Some("the game declares no role")),
    ("gdl/no-role-in-two-random-bytes-panicked-encode.kif", Some("the game declares no role")),
    ("gdl/terms-nested-20000-deep-overflowed-the-stack.kif", Some("lists nested more than 256 deep")),
    ("bddl-problem/goal-nested-50000-deep-overflowed-the-stack.ig", None),
    ("qcir/output-1000000000-allocated-16-gb.qcir", Some("`1000000000` would be variable 1000000000")),
    ("qcir/output-300000000-allocated-4.6-gb.qcir", Some("`300000000` would be variable 300000000")),
];

#[test]
fn the_crashes_of_issue_18_end_in_their_located_errors() {
    let formats = formats::all();
    for (name, says) in CRASHES {
        let format = formats.iter().find(|f| name.starts_with(&format!("{}/", f.name))).expect("a format's fixture");
        let input = fixture(format, &fixtures().join(name));
        let checked = check(format, &input);
        assert_eq!(fault(&input, &checked.verdict, checked.time), None, "{name}");
        match (says, &checked.verdict) {
            (None, Verdict::Accepted) => {}
            (Some(part), Verdict::Rejected(message)) if message.contains(part) => {}
            (_, Verdict::Rejected(message)) => panic!("{name}: {message}"),
            _ => panic!("{name}: read, but {says:?} was expected"),
        }
    }
}
