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
