//! A verified table laid out for the user: a heading, published beside ours per cell,
//! the numbered explanations of known differences and a summary line; printed by the
//! binary and written as `verify.md` and `verify.csv`.

use std::path::Path;
use std::time::Duration;

use contract::write_atomically;
use reports::Table as Grid;

use super::error::Error;
use super::judge::Finding;
use super::table::{format_number, Table};
use super::Verified;

/// The side-by-side table of one verified table.
pub struct SideBySide {
    /// The table's name, paper and caption, the CSV it was transcribed from and the limits.
    pub heading: String,
    /// `row | column | published | ours | result`.
    pub grid: Grid,
    /// The known differences' explanations, numbered as the result column cites them.
    pub notes: String,
    pub summary: String,
    /// The section of the open entries closed (`verify --close`), after the summary.
    pub closed: Option<String>,
}

impl SideBySide {
    pub fn new(table: &Table, verified: &Verified, budget: Duration) -> SideBySide {
        let mut grid = Grid::new(&["row", "column", "published", "ours", "result"]);
        let mut notes: Vec<&str> = Vec::new();
        for c in &verified.cells {
            let result = match &c.finding {
                Finding::Known(off, why) => {
                    let n = notes.iter().position(|n| n == why).unwrap_or_else(|| {
                        notes.push(why);
                        notes.len() - 1
                    });
                    format!("known difference: {off} [{}]", n + 1)
                }
                other => other.to_string(),
            };
            grid.push_row(vec![c.row.clone(), c.column.clone(), c.published.clone(), c.ours.clone(), result]);
        }
        let notes: String = notes.iter().enumerate().map(|(i, n)| format!("\n[{}] {n}", i + 1)).collect();
        let limits = format!(
            "Each run: {} s CPU (the paper: {}); budget {} s.",
            format_number(table.timeout),
            table.published_timeout.map_or("not stated".to_string(), |s| format!("{} s", format_number(s))),
            budget.as_secs()
        );
        let heading = format!(
            "{}: {}, {}\n\nPublished values: `{}`. {limits}\n",
            table.name,
            table.paper,
            table.table,
            table.csv.display()
        );
        SideBySide { heading, grid, notes, summary: summary(verified), closed: None }
    }

    /// Writes `verify.md` and `verify.csv` into `dir`.
    pub fn write(&self, dir: &Path) -> Result<(), Error> {
        write_atomically(&dir.join("verify.md"), |w| {
            writeln!(w, "## {}", self.heading)?;
            reports::write_markdown(&mut *w, &self.grid)?;
            writeln!(w, "{}\n\n{}", self.notes, self.summary)?;
            match &self.closed {
                Some(section) => write!(w, "\n{section}"),
                None => Ok(()),
            }
        })
        .map_err(Error::Write)?;
        write_atomically(&dir.join("verify.csv"), |w| reports::write_csv(w, &self.grid)).map_err(Error::Write)
    }
}

/// Counts of every finding, the runs made and not started, and the seconds taken.
fn summary(v: &Verified) -> String {
    let count = |f: fn(&Finding) -> bool| v.cells.iter().filter(|c| f(&c.finding)).count();
    format!(
        "{} cells: {} match, {} differ, {} known differences, {} not reached, {} open in the paper, {} ratios; {} runs made, {} not started; {:.0} s",
        v.cells.len(),
        count(|f| *f == Finding::Match),
        count(|f| matches!(f, Finding::Differs(_))),
        count(|f| matches!(f, Finding::Known(..))),
        count(|f| matches!(f, Finding::NotReached(_))),
        count(|f| *f == Finding::Open),
        count(|f| matches!(f, Finding::Ratio(_))),
        v.runs,
        v.not_run,
        v.seconds
    )
}
