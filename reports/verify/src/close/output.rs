//! A closed table laid out: `closed.csv` (`row, published, result, whole_game_plies,
//! evidence, seconds`), the section `verify.md` shows beside the published values, and
//! `closed.md`, the entries with the explanation of each last ply (what
//! `docs/open-entries.md` is made of). Depths are the paper's (without Black's opening
//! pass in second-player rows).

use std::path::Path;

use contract::write_atomically;
use reports::Table as Grid;
use suites::LastPly;

use super::super::error::Error;
use super::super::table::format_number;
use super::certification::Certified;
use super::entry::{Closed, Entry};
use super::search::{Last, Settled};

/// The columns of `closed.csv`.
pub const COLUMNS: [&str; 6] = ["row", "published", "result", "whole_game_plies", "evidence", "seconds"];

/// `win at D`, `no win`, `no win up to D`, or why the entry is not closed.
pub fn result(e: &Entry) -> String {
    if let Some(why) = &e.disagreement {
        return format!("error: the reference player and the certified QBF verdict disagree {why}");
    }
    let shown = |d: u32| d - e.offset;
    match e.search.settled() {
        Settled::WinAt(d) => format!("win at {}", shown(d)),
        Settled::NoWin(_) => "no win".to_string(),
        Settled::NoWinUpTo(d) => format!("no win up to {}", shown(d)),
        Settled::Nothing => match &e.failed {
            Some(why) => format!("not closed: {why}"),
            None => "not closed: no run finished within the budget".to_string(),
        },
    }
}

/// The last ply as the paper counts it, `unbounded`, or empty when not known.
fn whole_game(e: &Entry) -> String {
    match &e.search.last {
        Last::Known(LastPly::Ends { ply, .. }) => (ply - e.offset).to_string(),
        Last::Known(LastPly::Unbounded { .. }) => "unbounded".to_string(),
        _ => String::new(),
    }
}

/// The reference player's answers at the deciding depths, what stopped deeper runs, and
/// the QBF solver's certified verdicts.
pub fn evidence(e: &Entry) -> String {
    let shown = |d: u32| d - e.offset;
    let mut parts = Vec::new();
    let answers: Vec<String> = e
        .deciding()
        .iter()
        .filter_map(|d| e.search.answers.get(d).map(|a| (d, a)))
        .map(|(d, a)| format!("{} at {} ({:.2} s)", if a.wins { "win" } else { "no win" }, shown(*d), a.seconds))
        .collect();
    if !answers.is_empty() {
        parts.push(format!("reference: {}", answers.join(", ")));
    }
    if !matches!(e.search.settled(), Settled::WinAt(_) | Settled::NoWin(_)) {
        if let Some((d, (_, why))) = e.search.failed.iter().next_back() {
            parts.push(format!("depth {} not decided within {why}", shown(*d)));
        }
        if let Some((cpu, mem)) = e.reached {
            parts.push(format!("budget reached: {} s, {} per run", format_number(cpu), harness::format_memory(mem)));
        }
    }
    let certified: Vec<String> = e
        .deciding()
        .iter()
        .map(|d| match e.certified.get(d) {
            Some(Certified::Verdict(v, s)) => format!("{v} at {} ({s:.1} s)", shown(*d)),
            Some(Certified::Not(why)) => format!("not at {}: {why}", shown(*d)),
            None => format!("not at {}: not tried", shown(*d)),
        })
        .collect();
    if !e.certified.is_empty() {
        parts.push(format!("QBF certified: {}", certified.join(", ")));
    }
    parts.join("; ")
}

/// The closed entries of one table, as the user reads them.
pub struct ClosedTable {
    pub grid: Grid,
    /// The Markdown section of `verify.md`: the grid, why each last ply is the game's
    /// last, and a summary.
    pub section: String,
    pub summary: String,
}

impl ClosedTable {
    pub fn new(closed: &Closed) -> ClosedTable {
        let mut grid = Grid::new(&COLUMNS);
        for e in &closed.entries {
            grid.push_row(vec![
                e.row.clone(),
                e.published.clone(),
                result(e),
                whole_game(e),
                evidence(e),
                format!("{:.2}", e.seconds),
            ]);
        }
        let count = |f: fn(&Entry) -> bool| closed.entries.iter().filter(|e| f(e)).count();
        let summary = format!(
            "{} open entries: {} closed ({} critical depths, {} no win in the whole game, {} lower bounds past the paper's depth), {} certified by a QBF solver at every deciding depth, {} disagreements; budget {} s, {:.0} s",
            closed.entries.len(),
            count(Entry::closed),
            count(|e| matches!(e.search.settled(), Settled::WinAt(_)) && e.disagreement.is_none()),
            count(|e| matches!(e.search.settled(), Settled::NoWin(_)) && e.disagreement.is_none()),
            count(|e| e.closed() && matches!(e.search.settled(), Settled::NoWinUpTo(_))),
            count(|e| e.closed() && e.certified_at_deciding()),
            count(|e| e.disagreement.is_some()),
            closed.budget.as_secs(),
            closed.seconds
        );
        let mut section = String::from("### Open entries closed\n\n");
        let mut md = Vec::new();
        // Writing into a Vec cannot fail.
        let _ = reports::write_markdown(&mut md, &grid);
        section.push_str(&String::from_utf8_lossy(&md));
        section.push_str("\nThe last plies:\n");
        for e in &closed.entries {
            if let Last::Known(last) = &e.search.last {
                let why = match last {
                    LastPly::Ends { why, .. } | LastPly::Unbounded { why } => why,
                };
                let pass = if e.offset > 0 { " (our instance counts Black's opening pass)" } else { "" };
                section.push_str(&format!("- {}: {}{pass}\n", e.row, why));
            }
        }
        section.push_str(&format!("\n{summary}\n"));
        ClosedTable { grid, section, summary }
    }

    /// Writes `closed.csv` and `closed.md` into `dir`.
    pub fn write(&self, dir: &Path) -> Result<(), Error> {
        write_atomically(&dir.join("closed.csv"), |w| reports::write_csv(w, &self.grid)).map_err(Error::Write)?;
        write_atomically(&dir.join("closed.md"), |w| w.write_all(self.section.as_bytes())).map_err(Error::Write)
    }
}
