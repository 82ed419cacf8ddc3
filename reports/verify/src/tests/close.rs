//! Closing open entries with a scripted reference player and a scripted certifier: el
//! (shown "open at 3") wins first at 5 on a board full after 9 plies; domino, in a game
//! scripted without a win, is no win at its last ply.

use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Duration;

use certify::{Certifier, Certify, Outcome};
use contract::Verdict;
use harness::mock::MockExecutor;
use harness::{Invocation, Job, Measurement};
use suites::builder::Encoders;

use super::{answered, label, Fixture};
use crate::close::{close, CloseOptions, Closed, ClosedTable, Settled};

const OPEN: &str = r#"
[[column]]
name = "depth"
measure = "outcome"
solver = "mock"

[[row]]
label = "el"
point = { shape = "el" }
depth = 3
values = { depth = "open" }

[[row]]
label = "domino"
point = { shape = "domino" }
depth = 3
values = { depth = "refuted" }
"#;

/// The reference player: el wins from depth 5 on, domino never; both games end at 9.
fn reference(job: &Job) -> Measurement {
    if job.invocation.args.iter().any(|a| a == "--last-ply") {
        return Measurement { stdout: b"ends 9: the board is full\n".to_vec(), ..answered(0, 0.1) };
    }
    let l = label(job);
    let depth: u32 = l.rsplit("d=").next().and_then(|d| d.parse().ok()).unwrap_or(0);
    answered(if l.contains(" el ") && depth >= 5 { 10 } else { 20 }, 0.1)
}

/// Certifies by the file's header comment: true where the reference says win, except
/// where `lie` names the depth.
struct Scripted {
    lie: Option<u32>,
    asked: Mutex<Vec<String>>,
}

impl Certifier for Scripted {
    fn certify(&self, file: &Path, _: &Certify, _: &Path) -> std::io::Result<Outcome> {
        let text = std::fs::read_to_string(file)?;
        let key = text.lines().find_map(|l| l.split("shape=").nth(1)).unwrap_or_default().to_string();
        let depth: u32 = key.split('/').nth(1).and_then(|d| d.trim_start_matches("d=").parse().ok()).unwrap_or(0);
        let wins = key.starts_with("el") && depth >= 5;
        self.asked.lock().map_err(|_| std::io::Error::other("poisoned"))?.push(key);
        let said = if self.lie == Some(depth) { !wins } else { wins };
        Ok(Outcome::Certified(if said { Verdict::True } else { Verdict::False }))
    }
}

fn run(fixture: &Fixture, certifier: Option<&dyn Certifier>) -> Closed {
    let out = fixture.dir.path().join("out");
    let encoders = Encoders {
        child: Invocation { program: PathBuf::from("/qbfgames"), args: vec!["reference".into()], ..Default::default() },
    };
    let last_ply = Invocation {
        program: PathBuf::from("/qbfgames"),
        args: vec!["reference".into(), "--last-ply".into()],
        ..Default::default()
    };
    let executor = MockExecutor::new(Duration::ZERO, reference);
    let opts = CloseOptions {
        encoders: &encoders,
        executor: &executor,
        last_ply: &last_ply,
        certifier,
        certify: Certify::with_timeout(10.0),
        out: &out,
        budget: Duration::from_secs(600),
        memory: 0,
        climbers: 1,
        jobs: 1,
    };
    close(&fixture.table, &opts, &mut |_| ())
}

#[test]
fn an_open_entry_gets_its_critical_depth_and_a_refuted_one_the_whole_game() {
    let fixture = Fixture::new(OPEN);
    let closed = run(&fixture, None);
    let [el, domino] = &closed.entries[..] else { panic!("two open entries, not {}", closed.entries.len()) };
    assert_eq!(el.search.settled(), Settled::WinAt(5));
    assert_eq!(el.deciding(), [4, 5]);
    assert_eq!(el.published, "open at 3");
    assert_eq!(domino.search.settled(), Settled::NoWin(9));
    assert_eq!(domino.published, "refuted at 3");
    let table = ClosedTable::new(&closed);
    let rows: Vec<Vec<String>> = table.grid.rows.iter().map(|r| r[..4].to_vec()).collect();
    assert_eq!(rows, [["el", "open at 3", "win at 5", "9"], ["domino", "refuted at 3", "no win", "9"]]);
    assert!(table.section.contains("- el: the board is full"), "{}", table.section);
    assert!(!closed.disagrees());
}

#[test]
fn certified_verdicts_at_both_deciding_depths_are_evidence() {
    let fixture = Fixture::new(OPEN);
    let certifier = Scripted { lie: None, asked: Mutex::new(Vec::new()) };
    let closed = run(&fixture, Some(&certifier));
    assert!(closed.entries.iter().all(|e| e.certified_at_deciding()));
    let mut asked = certifier.asked.into_inner().unwrap_or_default();
    asked.sort();
    assert_eq!(asked.len(), 3, "{asked:?}");
    let evidence = crate::close::output::evidence(&closed.entries[0]);
    assert!(evidence.contains("QBF certified: false at 4"), "{evidence}");
    assert!(evidence.contains("true at 5"), "{evidence}");
}

#[test]
fn a_certified_verdict_against_the_reference_player_is_an_error_not_a_result() {
    let fixture = Fixture::new(OPEN);
    let certifier = Scripted { lie: Some(4), asked: Mutex::new(Vec::new()) };
    let closed = run(&fixture, Some(&certifier));
    assert!(closed.disagrees());
    let el = &closed.entries[0];
    assert!(!el.closed());
    assert!(crate::close::output::result(el)
        .starts_with("error: the reference player and the certified QBF verdict disagree at depth 4"));
}

/// Certifies the true answer when its limit reaches the instance's cost in CPU seconds
/// (`costs`, by shape and depth; `None`: out of memory at any limit), and records every
/// attempt with its limit.
struct Costly {
    costs: Vec<(&'static str, u32, Option<f64>)>,
    asked: Mutex<Vec<(String, f64)>>,
}

impl Certifier for Costly {
    fn certify(&self, file: &Path, limits: &Certify, _: &Path) -> std::io::Result<Outcome> {
        let text = std::fs::read_to_string(file)?;
        let key = text.lines().find_map(|l| l.split("shape=").nth(1)).unwrap_or_default().to_string();
        let depth: u32 = key.split('/').nth(1).and_then(|d| d.trim_start_matches("d=").parse().ok()).unwrap_or(0);
        let shape = if key.starts_with("el") { "el" } else { "domino" };
        self.asked
            .lock()
            .map_err(|_| std::io::Error::other("poisoned"))?
            .push((format!("{shape} {depth}"), limits.timeout_s));
        let cost = self.costs.iter().find(|(s, d, _)| *s == shape && *d == depth).and_then(|c| c.2);
        Ok(match cost {
            None => Outcome::Failed("out of memory".into()),
            Some(c) if c > limits.timeout_s => Outcome::TimedOut,
            Some(_) => Outcome::Certified(if shape == "el" && depth >= 5 { Verdict::True } else { Verdict::False }),
        })
    }
}

fn asked(certifier: Costly) -> Vec<(String, f64)> {
    let mut asked = certifier.asked.into_inner().unwrap_or_default();
    asked.sort_by(|a, b| a.partial_cmp(b).unwrap_or(std::cmp::Ordering::Equal));
    asked
}

#[test]
fn each_attempt_is_capped_and_only_what_ran_out_of_a_cap_gets_the_next() {
    // Certification limits 2, 8 and 10 s (--certify 10): el's depth 4 certifies at 8 s,
    // domino's last ply at none.
    let fixture = Fixture::new(OPEN);
    let costs = vec![("el", 4, Some(5.0)), ("el", 5, Some(1.0)), ("domino", 9, Some(60.0))];
    let certifier = Costly { costs, asked: Mutex::new(Vec::new()) };
    let closed = run(&fixture, Some(&certifier));
    let [el, domino] = &closed.entries[..] else { panic!("two open entries") };
    assert!(el.certified_at_deciding());
    assert!(!domino.certified_at_deciding());
    assert!(crate::close::output::evidence(domino).ends_with("QBF certified: not at 9: timed out at 10 s"));
    let asked = asked(certifier);
    let want = [("domino 9", 2.0), ("domino 9", 8.0), ("domino 9", 10.0), ("el 4", 2.0), ("el 4", 8.0), ("el 5", 2.0)];
    assert_eq!(asked, want.map(|(k, s)| (k.to_string(), s)));
    let table = ClosedTable::new(&closed);
    assert!(table.summary.contains("1 certified by a QBF solver at every deciding depth"), "{}", table.summary);
}

#[test]
fn a_row_whose_depth_fails_for_good_spends_nothing_more() {
    // el's depth 5 runs out of memory: its depth 4, out of the first cap, is not tried
    // again (the row could not count).
    let fixture = Fixture::new(OPEN);
    let costs = vec![("el", 4, Some(5.0)), ("el", 5, None), ("domino", 9, Some(1.0))];
    let certifier = Costly { costs, asked: Mutex::new(Vec::new()) };
    let closed = run(&fixture, Some(&certifier));
    let [el, domino] = &closed.entries[..] else { panic!("two open entries") };
    assert!(domino.certified_at_deciding());
    assert!(!el.certified_at_deciding());
    let evidence = crate::close::output::evidence(el);
    assert!(evidence.ends_with("QBF certified: not at 4: timed out at 2 s, not at 5: out of memory"), "{evidence}");
    let want = [("domino 9", 2.0), ("el 4", 2.0), ("el 5", 2.0)];
    assert_eq!(asked(certifier), want.map(|(k, s)| (k.to_string(), s)));
}
