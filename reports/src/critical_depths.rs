//! The critical-depth table: per game (family and parameters), the smallest depth at which
//! the first player wins, as in Shaik and van de Pol's Table 2 and He, Saffidine and
//! Thielscher's Table 2.
//!
//! A depth's answer comes from every source the run folder has: the manifest's expected
//! answer (the reference solver, a published table, a checked certificate: its
//! `expected_by`) and the (correct) answer of any configuration on any encoding of it. The
//! `source` column names what the entry rests on. A game's entry is, like the papers'
//! typography:
//! - **bold** `d`, "win": the smallest depth answered true, and the depth below it (`d − 1`,
//!   or `d − 2`: the first player moves every other ply) was tested and answered false;
//! - **bold** `≤ d`, "win at d, smaller depths not tested": the smallest depth answered
//!   true, but no depth just below it was answered false, so the game may be won earlier
//!   (a suite that tests only depth 9, or 5, 7 and 9);
//! - plain `d`, "no win up to d": every tested depth was answered false; `d` is the largest;
//! - *italic* `d`, "refuted up to d": no depth true, some unanswered; `d` is the largest
//!   depth answered false.
//!
//! Departure from the papers: their plain entries mean that the depth covers the whole
//! game; the manifest does not say how long a game can last, so here plain means that the
//! suite's whole depth range was refuted. A suite whose largest depth is the game's length
//! gives the papers' reading. Depths written as `model` (set by the model file) are left out.
//!
//! ## References
//! - I. Shaik, J. van de Pol. *Concise QBF Encodings for Games on a Grid*. SAT 2023, Table 2.
//! - Y. He, A. Saffidine, M. Thielscher. Solving Two-Player Games with QBF Solvers in General
//!   Game Playing. AAMAS 2024, Table 2.

use std::collections::BTreeMap;

use contract::Verdict;

use super::input::{Answer, RunData};
use super::label;
use super::matrix::{job_key, Matrix};
use super::section::{Mark, Section};
use super::table::Table;

/// What the sources said at one depth.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct DepthAnswer {
    true_: bool,
    false_: bool,
    /// The sources that answered (`reference`, `solvers`, …), sorted.
    sources: std::collections::BTreeSet<String>,
}

/// The critical-depth table.
pub fn critical_depths(data: &RunData, matrix: &Matrix) -> Section {
    let mut games: BTreeMap<(String, String), BTreeMap<u32, DepthAnswer>> = BTreeMap::new();
    for row in data.instances.values() {
        let Some(depth) = row.depth.plies() else { continue };
        let answer = games.entry((row.family.clone(), row.params.clone())).or_default().entry(depth).or_default();
        if let Some(expected) = row.expected {
            match expected {
                Verdict::True => answer.true_ = true,
                Verdict::False => answer.false_ = true,
            }
            answer
                .sources
                .extend(row.expected_by.split('+').filter(|s| !s.is_empty() && *s != "none").map(String::from));
        }
        for cell in matrix.jobs.get(job_key(row)).into_iter().flat_map(|job| job.cells.values()) {
            match cell.answer {
                Answer::True => answer.true_ = true,
                Answer::False => answer.false_ = true,
                Answer::Wrong | Answer::Unsolved | Answer::Starved => continue,
            }
            answer.sources.insert("solvers".into());
        }
    }
    let mut table = Table::new(&["family", "game", "depths", "result", ">depth", "source"]);
    let mut marks = BTreeMap::new();
    for ((family, params), depths) in games {
        let tested = depth_list(depths.keys().copied());
        let (result, depth, mark, sources) = entry(&depths);
        if let Some(mark) = mark {
            marks.insert((table.rows.len(), 4), mark);
        }
        table.push_row(vec![family, label::short(&params), tested, result, depth, sources]);
    }
    let mut section = Section::new(
        "critical-depth",
        "Critical depths",
        "Bold: smallest depth with a win for the first player, the depth below it lost; bold ≤ d: won at d, smaller depths not tested (or not answered), so the win may come earlier; plain: no win at any tested depth; italic: largest refuted depth, larger depths unanswered. Answers come from the manifest (reference solver, published tables, certificates) and from the solvers' correct answers; source names those the entry rests on.",
        table,
    );
    section.marks = marks;
    section
}

type Entry = (String, String, Option<Mark>, String);

fn entry(depths: &BTreeMap<u32, DepthAnswer>) -> Entry {
    let sources = |range: &mut dyn Iterator<Item = &DepthAnswer>| {
        let all: std::collections::BTreeSet<&str> = range.flat_map(|a| a.sources.iter().map(String::as_str)).collect();
        all.into_iter().collect::<Vec<_>>().join("+")
    };
    if depths.values().any(|a| a.true_ && a.false_) {
        let bad: Vec<String> = depths.iter().filter(|(_, a)| a.true_ && a.false_).map(|(d, _)| d.to_string()).collect();
        let from = sources(&mut depths.values().filter(|a| a.true_ && a.false_));
        return (format!("conflict at {}", bad.join(",")), "-".into(), None, from);
    }
    if let Some((&d, win)) = depths.iter().find(|(_, a)| a.true_) {
        let open: Vec<String> = depths.range(..d).filter(|(_, a)| !a.false_).map(|(d, _)| d.to_string()).collect();
        let lost_below = depths.range(d.saturating_sub(2)..d).next_back().is_some_and(|(_, a)| a.false_);
        let (result, depth) = match (open.is_empty(), lost_below) {
            (true, true) => ("win".to_string(), d.to_string()),
            (true, false) => (format!("win at {d}, smaller depths not tested"), format!("≤ {d}")),
            (false, _) => (format!("win (unanswered below: {})", open.join(",")), format!("≤ {d}")),
        };
        return (result, depth, Some(Mark::Bold), sources(&mut std::iter::once(win)));
    }
    let refuted = depths.iter().filter(|(_, a)| a.false_).map(|(&d, _)| d).max();
    let from = sources(&mut depths.values());
    match refuted {
        Some(d) if depths.values().all(|a| a.false_) => (format!("no win up to {d}"), d.to_string(), None, from),
        Some(d) => (format!("refuted up to {d}"), d.to_string(), Some(Mark::Italic), from),
        None => ("unknown".into(), "-".into(), None, from),
    }
}

/// `1-5,7` style list of depths.
fn depth_list(depths: impl Iterator<Item = u32>) -> String {
    let mut runs: Vec<(u32, u32)> = Vec::new();
    for d in depths {
        match runs.last_mut() {
            Some((_, end)) if *end + 1 == d => *end = d,
            _ => runs.push((d, d)),
        }
    }
    runs.iter().map(|&(a, b)| if a == b { a.to_string() } else { format!("{a}-{b}") }).collect::<Vec<_>>().join(",")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answers(list: &[(u32, bool, bool)]) -> BTreeMap<u32, DepthAnswer> {
        let solvers = || ["solvers".to_string()].into_iter().collect();
        list.iter().map(|&(d, t, f)| (d, DepthAnswer { true_: t, false_: f, sources: solvers() })).collect()
    }

    #[test]
    fn entries_follow_the_papers_typography() {
        assert_eq!(
            entry(&answers(&[(1, false, true), (3, true, false), (5, true, false)])),
            ("win".into(), "3".into(), Some(Mark::Bold), "solvers".into())
        );
        assert_eq!(entry(&answers(&[(1, false, false), (3, true, false)])).0, "win (unanswered below: 1)");
        assert_eq!(entry(&answers(&[(1, false, false), (3, true, false)])).1, "≤ 3");
        assert_eq!(entry(&answers(&[(2, false, true), (3, true, false)])).1, "3");
        assert_eq!(entry(&answers(&[(1, false, true), (5, true, false)])).1, "≤ 5", "3 not tested");
    }

    /// Issue 36, item 7: hex hein_13_5x5 tested at depth 9 only, knightthrough 4×4 at 5,
    /// 7 and 9, were shown as won at exactly 9 and 5.
    #[test]
    fn a_win_with_no_smaller_depth_tested_is_shown_as_at_most() {
        assert_eq!(
            entry(&answers(&[(9, true, false)])),
            ("win at 9, smaller depths not tested".into(), "≤ 9".into(), Some(Mark::Bold), "solvers".into())
        );
        assert_eq!(entry(&answers(&[(5, true, false), (7, true, false), (9, true, false)])).1, "≤ 5");
        assert_eq!(entry(&answers(&[(1, false, true), (3, false, true)])).0, "no win up to 3");
        assert_eq!(entry(&answers(&[(1, false, true), (3, false, false)])).0, "refuted up to 1");
        assert_eq!(entry(&answers(&[(1, false, false)])).1, "-");
        assert_eq!(entry(&answers(&[(1, true, true)])).0, "conflict at 1");
        assert_eq!(depth_list([1, 2, 3, 5, 7, 8].into_iter()), "1-3,5,7-8");
    }
}
