//! Closing the entries a published table left open (`qbfgames verify --close`): for each
//! row whose outcome the paper did not decide (`open`, `refuted`, `at-least`), the exact
//! critical depth, no win in the whole game (at its last ply), or a lower bound "no win up
//! to D" with the budget it took.
//!
//! The reference player decides (one [`Search`] per entry); its limits climb the
//! [`RUNGS`], every open entry getting a rung before any gets the next, within the first
//! part of the budget ([`REFERENCE_SHARE`]). The instances at the entries' deciding depths
//! are certified by a QBF solver (each depth [`Certified`] or not) under climbing CPU
//! limits too (`certification`): after the first rung, the entries it settled exactly (a
//! critical depth, no win in the whole game) get the first limit, so that the cheap
//! certifications do not wait for the hard searches; when the search ends, every entry
//! (lower bounds too) gets every limit in turn within the rest of the budget. Each
//! certified verdict must be the reference player's answer: a disagreement is an error of
//! the entry, never a result. [`output`] writes `closed.csv` and the section of
//! `verify.md`.

mod certification;
mod entry;
mod options;
pub mod output;
mod probe;
mod search;

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use contract::Verdict;
use harness::{run_pool, Limits};
use suites::Depth;

use super::table::{format_number, Claim, Measure, Published, Table, Target};
use certification::{Certification, Key};
pub use certification::{Certified, PASS_LIMITS_S};
pub use entry::{Closed, Entry};
pub use options::CloseOptions;
pub use output::ClosedTable;
use probe::{NoAnswer, Prober};
pub use search::{Answer, Last, Search, Settled, Step};

/// The reference player's limits, climbed in turn: CPU seconds and memory (capped by
/// `--memory`; 0 there means none).
pub const RUNGS: [(f64, u64); 4] = [(2.0, 1 << 30), (20.0, 2 << 30), (120.0, 4 << 30), (900.0, 8 << 30)];

/// The share of the budget the reference player's search may take when the entries are
/// also certified; certification has the rest and what the search left.
pub const REFERENCE_SHARE: f64 = 0.5;

/// The open entries of `table`: one per row whose outcome cell the paper left open, at
/// the depth of its first such cell.
pub fn open_entries(table: &Table) -> Vec<Entry> {
    let open = |p: &Published| matches!(p, Published::Outcome(Claim::Open | Claim::Refuted | Claim::AtLeast));
    table
        .rows
        .iter()
        .filter_map(|row| {
            let cell = row.cells.iter().find(|c| c.measure == Measure::Outcome && open(&c.published))?;
            let Target::Instance(inst) = &cell.target else { return None };
            let Depth::Plies(ours) = inst.depth else { return None };
            let shown = inst.shown_depth.unwrap_or(ours);
            Some(Entry {
                row: row.label.clone(),
                published: format!("{} at {shown}", cell.published),
                inst: inst.clone(),
                offset: ours.saturating_sub(shown),
                search: Search::new(ours),
                failed: None,
                certified: BTreeMap::new(),
                disagreement: None,
                seconds: 0.0,
                reached: None,
            })
        })
        .collect()
}

/// Closes the open entries of `table`; `progress` gets a line per answer.
pub fn close(table: &Table, opts: &CloseOptions, progress: &mut dyn FnMut(String)) -> Closed {
    let start = Instant::now();
    let mut entries = open_entries(table);
    let share = if opts.certifier.is_some() { REFERENCE_SHARE } else { 1.0 };
    let reference_deadline = start + opts.budget.mul_f64(share);
    let prober = Prober { table, executor: opts.executor, encoders: opts.encoders, last_ply: opts.last_ply };
    let mut certification = opts.certifier.map(|c| Certification::new(table, opts, c, start + opts.budget));
    let limits = Certification::limits(opts.certify.timeout_s);
    for rung in 0..RUNGS.len() {
        let active: Vec<usize> = (0..entries.len())
            .filter(|&i| entries[i].failed.is_none() && entries[i].search.next(rung) != Step::Stop)
            .collect();
        if active.is_empty() || Instant::now() >= reference_deadline {
            break;
        }
        let before: Vec<Entry> = active.iter().map(|&i| entries[i].clone()).collect();
        let outcome: Result<(), std::convert::Infallible> = run_pool(
            opts.climbers,
            active.len(),
            |k| {
                let mut entry = before[k].clone();
                climb(&prober, &mut entry, rung, opts.memory, reference_deadline);
                entry
            },
            |k, entry| {
                progress(format!("{}: {} ({})", entry.row, describe(&entry), rung_name(rung, opts.memory)));
                entries[active[k]] = entry;
                Ok(())
            },
        );
        if let Err(never) = outcome {
            match never {}
        }
        // The entries the first rung settled get the cheapest certifications at once; the
        // larger limits wait until the search ends, not to take its time.
        if let (0, Some(c)) = (rung, &mut certification) {
            let settled: Vec<&Entry> = entries.iter().filter(|e| e.search.settled_exactly()).collect();
            certify_pass(table, c, &settled, limits[0], progress);
        }
    }
    if let Some(mut c) = certification {
        let all: Vec<&Entry> = entries.iter().collect();
        for &limit in &limits {
            certify_pass(table, &mut c, &all, limit, progress);
        }
        record(&c, &mut entries, progress);
    }
    Closed { entries, seconds: start.elapsed().as_secs_f64(), budget: opts.budget }
}

/// Each entry's deciding depths, as the certification's keys.
fn rows(entries: &[&Entry]) -> Vec<Vec<Key>> {
    entries.iter().map(|e| e.deciding().into_iter().map(|d| (e.inst.clone(), d)).collect()).collect()
}

/// One certification pass under `limit` CPU seconds over `entries`' deciding depths.
fn certify_pass(
    table: &Table,
    certification: &mut Certification,
    entries: &[&Entry],
    limit: f64,
    progress: &mut dyn FnMut(String),
) {
    let started = certification.pass(&rows(entries), limit);
    if started > 0 {
        progress(format!("{}: {started} certifications under {} s each", table.name, format_number(limit)));
    }
}

/// The entry's search at `rung` until it stops, a run fails, or the deadline passes.
fn climb(prober: &Prober, entry: &mut Entry, rung: usize, memory: u64, deadline: Instant) {
    let (cpu, mem) = RUNGS[rung];
    let mem = if memory == 0 { mem } else { mem.min(memory) };
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        if left < Duration::from_millis(200) {
            return;
        }
        let step = entry.search.next(rung);
        let limits = Limits::new(Duration::from_secs_f64(cpu).min(left), mem);
        let began = Instant::now();
        let result = match step {
            Step::Stop => return,
            Step::LastPly => {
                prober.last_ply(&entry.inst, limits).map(|(last, _)| entry.search.last = Last::Known(last))
            }
            Step::Depth(d) => prober.answer(&entry.inst, d, limits).map(|a| {
                entry.search.answers.insert(d, a);
            }),
        };
        entry.seconds += began.elapsed().as_secs_f64();
        let cpu_s = limits.cpu.as_secs_f64();
        if !entry.reached.is_some_and(|(most, _)| most >= cpu_s) {
            entry.reached = Some((cpu_s, mem));
        }
        match (result, step) {
            (Ok(()), _) => {}
            (Err(NoAnswer::Limits(_)), Step::LastPly) => entry.search.last = Last::Failed(rung),
            (Err(NoAnswer::Limits(why)), Step::Depth(d)) => {
                entry.search.failed.insert(d, (rung, why));
            }
            (Err(NoAnswer::Failed(why)), _) => {
                entry.failed = Some(why);
                return;
            }
            (Err(_), Step::Stop) => return,
        }
    }
}

/// Records what certification found at every entry's deciding depths and checks each
/// certified verdict against the reference player's answer.
fn record(certification: &Certification, entries: &mut [Entry], progress: &mut dyn FnMut(String)) {
    let results = certification.results(&rows(&entries.iter().collect::<Vec<_>>()));
    for e in entries.iter_mut() {
        for d in e.deciding() {
            let Some(c) = results.get(&(e.inst.clone(), d)) else { continue };
            if let Certified::Verdict(v, seconds) = c {
                e.seconds += seconds;
                let reference = e.search.answers.get(&d).map(|a| a.wins);
                if reference != Some(*v == Verdict::True) {
                    e.disagreement = Some(format!(
                        "at depth {}: the certified QBF verdict is {v}, the reference player's answer {}",
                        d - e.offset,
                        reference.map_or("missing".to_string(), |w| if w { "win" } else { "no win" }.to_string())
                    ));
                }
            }
            e.certified.insert(d, c.clone());
        }
        progress(format!("{}: {}", e.row, describe(e)));
    }
}

/// One line on what the entry found so far.
fn describe(e: &Entry) -> String {
    output::result(e)
}

fn rung_name(rung: usize, memory: u64) -> String {
    let (cpu, mem) = RUNGS[rung];
    let mem = if memory == 0 { mem } else { mem.min(memory) };
    format!("runs up to {} s, {}", cpu, harness::format_memory(mem))
}
