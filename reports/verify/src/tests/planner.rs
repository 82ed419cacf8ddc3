//! The order of the runs and the budget.

use std::time::Duration;

use super::{answered, cell, label, mock, Fixture};
use crate::Finding;

/// An exact claim (domino, a win at 3: runs at 2 and 3), two times (el at 1 and 3, the
/// one at 3 published as faster) and an open row (el at 3 by the other solver).
const CLASSES: &str = r#"
[[column]]
name = "depth"
measure = "outcome"
solver = "mock"

[[column]]
name = "time"
measure = "time"
solver = "mock"

[[column]]
name = "open"
measure = "outcome"
solver = "other"

[[row]]
label = "domino"
point = { shape = "domino" }
depth = 3
values = { depth = "win" }

[[row]]
label = "el 1"
point = { shape = "el" }
depth = 1
values = { time = 100 }

[[row]]
label = "el 3"
point = { shape = "el" }
depth = 3
values = { time = 1, open = "open" }
"#;

#[test]
fn exact_claims_run_first_then_times_then_open_rows_each_cheapest_first() {
    let mut fixture = Fixture::new(CLASSES);
    let executor = mock(Duration::ZERO, |_| answered(20, 0.5));
    fixture.verify(&executor, Duration::from_secs(3600));
    let order: Vec<String> = executor.jobs().iter().map(label).collect();
    assert_eq!(
        order,
        [
            // Exact claims (a win at 3, no win one step earlier), the smaller instance first.
            "mock domino d=2",
            "mock domino d=3",
            // Times: the published 1 s before the published 100 s, though larger.
            "mock el d=3",
            "mock el d=1",
            // Open rows last.
            "other el d=3",
        ]
    );
}

#[test]
fn with_budget_to_spare_every_run_gets_the_tables_limit_and_memory() {
    let mut fixture = Fixture::new(CLASSES);
    let executor = mock(Duration::ZERO, |_| answered(20, 0.5));
    let verified = fixture.verify(&executor, Duration::from_secs(3600));
    let jobs = executor.jobs();
    assert_eq!(jobs.len(), 5);
    assert!(jobs.iter().all(|j| j.limits.cpu == Duration::from_secs(30) && j.limits.memory == 1 << 30));
    assert_eq!((verified.runs, verified.not_run), (5, 0));
}

#[test]
fn a_run_starts_only_while_the_budget_lasts_and_gets_what_is_left() {
    let mut fixture = Fixture::new(CLASSES);
    let budget = Duration::from_millis(1500);
    let executor = mock(Duration::from_millis(600), |_| answered(20, 0.5));
    let verified = fixture.verify(&executor, budget);
    let limits: Vec<Duration> = executor.jobs().iter().map(|j| j.limits.cpu).collect();
    assert!(!limits.is_empty() && limits.len() < 5, "{limits:?}");
    assert!(limits.iter().all(|&l| l <= budget), "a limit above what is left: {limits:?}");
    assert!(limits.windows(2).all(|w| w[1] + Duration::from_millis(500) < w[0]), "{limits:?}");
    assert_eq!((verified.runs, verified.not_run), (limits.len(), 5 - limits.len()));
    // The open row's run is last, so it is the one surely not started.
    assert_eq!(cell(&verified, "el 3", "open").finding, Finding::NotReached("the budget of 1 s was spent".into()));
}

#[test]
fn without_budget_nothing_runs_and_every_claim_is_not_reached() {
    let mut fixture = Fixture::new(CLASSES);
    let executor = mock(Duration::ZERO, |_| answered(10, 0.5));
    let verified = fixture.verify(&executor, Duration::ZERO);
    assert!(executor.jobs().is_empty());
    for (row, column) in [("domino", "depth"), ("el 1", "time"), ("el 3", "open")] {
        assert_eq!(
            cell(&verified, row, column).finding,
            Finding::NotReached("the budget of 0 s was spent".into()),
            "{row}/{column}"
        );
    }
}
