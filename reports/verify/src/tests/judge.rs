//! What comparing a cell finds.

use std::time::Duration;

use harness::Measurement;

use super::{answered, cell, mock, Fixture};
use crate::Finding;

/// Domino wins at 3 (not earlier); el does not win at any depth.
fn game(label: &str) -> Measurement {
    let wins = label.contains("domino") && label.ends_with("d=3");
    answered(if wins { 10 } else { 20 }, 1.0)
}

const CLAIMS: &str = r#"
[[column]]
name = "depth"
measure = "outcome"
solver = "mock"

[[column]]
name = "reference"
value_of = "depth"
measure = "outcome"
solver = "reference"

[[column]]
name = "time"
measure = "time"
solver = "mock"

[[column]]
name = "slow"
measure = "time"
solver = "other"

[[column]]
name = "true"
measure = "true"
solver = "mock"

[[column]]
name = "solved"
measure = "solved"
solver = "mock"

[[row]]
label = "domino"
point = { shape = "domino" }
depth = 3
values = { depth = "win", time = 4, slow = 10 }

[[row]]
label = "el"
point = { shape = "el" }
depth = 3
values = { depth = "win" }

[[row]]
label = "both"
values = { true = 1, solved = 2 }
"#;

#[test]
fn outcomes_match_or_differ_by_the_answers_of_solvers_and_the_reference_solver() {
    let mut fixture = Fixture::new(CLAIMS);
    let executor = mock(Duration::ZERO, game);
    let verified = fixture.verify(&executor, Duration::from_secs(3600));
    let found = |row, column| (cell(&verified, row, column).ours.clone(), cell(&verified, row, column).finding.clone());
    assert_eq!(found("domino", "depth"), ("win at 3".into(), Finding::Match));
    assert_eq!(found("domino", "reference"), ("win at 3".into(), Finding::Match));
    let differs = Finding::Differs("Black does not win at the published depth".into());
    assert_eq!(found("el", "depth"), ("no win at 3".into(), differs.clone()));
    assert_eq!(found("el", "reference"), ("no win at 3".into(), differs));
    // One true instance of four, all four solved: the count is exact, `solved` a ratio.
    assert_eq!(found("both", "true"), ("1".into(), Finding::Match));
    assert_eq!(found("both", "solved"), ("4".into(), Finding::Ratio("×2.00".into())));
    assert!(verified.differs());
    // The reference solver ran through the executor, without a memory limit.
    let reference: Vec<_> = executor.jobs().into_iter().filter(|j| super::label(j).starts_with("reference")).collect();
    assert_eq!(reference.len(), 4, "domino and el at 3 and one step earlier");
    assert!(reference.iter().all(|j| j.limits.memory == 0 && j.invocation.program.ends_with("qbfgames")));
}

#[test]
fn times_are_ratios_of_ours_to_the_published_and_a_timeout_is_a_bound() {
    let mut fixture = Fixture::new(CLAIMS);
    let executor = mock(Duration::ZERO, |label: &str| match label.starts_with("other") {
        true => Measurement { cpu_killed: true, wall: Duration::from_secs(30), ..Measurement::default() },
        false => game(label),
    });
    let verified = fixture.verify(&executor, Duration::from_secs(3600));
    let time = cell(&verified, "domino", "time");
    assert_eq!((time.published.as_str(), time.ours.as_str()), ("4 s", "1.00 s"));
    assert_eq!(time.finding, Finding::Ratio("×0.25".into()));
    let slow = cell(&verified, "domino", "slow");
    assert_eq!((slow.ours.as_str(), &slow.finding), ("TO (30 s)", &Finding::Ratio("> ×3.00".into())));
}

#[test]
fn an_outcome_not_answered_is_not_reached_never_a_difference() {
    let mut fixture = Fixture::new(CLAIMS);
    let executor = mock(Duration::ZERO, |label: &str| match label.contains(" el ") {
        true => Measurement { cpu_killed: true, ..Measurement::default() },
        false => game(label),
    });
    let verified = fixture.verify(&executor, Duration::from_secs(3600));
    let el = cell(&verified, "el", "depth");
    assert_eq!(el.finding, Finding::NotReached("timeout at 30 s".into()));
    assert_eq!(cell(&verified, "el", "reference").finding, Finding::NotReached("timeout at 30 s".into()));
    // Two of four undecided and one true so far: the paper's one true is not yet settled.
    assert!(
        matches!(&cell(&verified, "both", "true").finding, Finding::NotReached(why) if why.starts_with("2 of 4 undecided"))
    );
    assert!(!verified.differs());
}

/// The clauses of domino at 3: published `PUBLISHED`, explained by a `known` entry
/// recording `OURS`.
const KNOWN: &str = r#"
[[column]]
name = "clauses"
measure = "clauses"

[[row]]
label = "domino"
point = { shape = "domino" }
depth = 3
known = { clauses = { ours = OURS, why = "a test of known differences" } }
values = { clauses = PUBLISHED }
"#;

fn clauses(published: &str, ours: &str) -> Finding {
    let mut fixture = Fixture::new(&KNOWN.replace("PUBLISHED", published).replace("OURS", ours));
    let executor = mock(Duration::ZERO, game);
    let verified = fixture.verify(&executor, Duration::ZERO);
    cell(&verified, "domino", "clauses").finding.clone()
}

#[test]
fn a_known_difference_passes_only_when_ours_is_exactly_the_recorded_value() {
    let wrong = clauses("1", "0");
    assert!(matches!(&wrong, Finding::Differs(why) if why.ends_with("the `known` entry records 0")), "{wrong:?}");
    let mut fixture = Fixture::new(&KNOWN.replace("PUBLISHED", "1").replace("OURS", "0"));
    let verified = fixture.verify(&mock(Duration::ZERO, game), Duration::ZERO);
    let actual = cell(&verified, "domino", "clauses").ours.clone();
    match clauses("1", &actual) {
        Finding::Known(off, why) => {
            assert!(off.starts_with('+') && off.ends_with("(tolerance 0%)"), "{off}");
            assert_eq!(why, "a test of known differences");
        }
        other => panic!("the recorded value is ours: {other:?}"),
    }
    let off_by_one = (actual.parse::<u64>().expect("a count") + 1).to_string();
    assert!(matches!(clauses("1", &off_by_one), Finding::Differs(_)), "one clause off the record");
    assert_eq!(clauses(&actual, &actual), Finding::Differs("matches now; remove the `known` entry".into()));
}
