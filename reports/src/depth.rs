//! The critical-depth table: per game (family and parameters), the smallest depth at which
//! the first player wins, as in Shaik and van de Pol's Table 2 and He, Saffidine and
//! Thielscher's Table 2.
//!
//! A depth's answer is the (correct) answer of any configuration on any encoding of it. A
//! game's entry is, like the papers' typography:
//! - **bold** `d`, "win": the smallest depth answered true;
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

use super::input::{Answer, RunData};
use super::matrix::Matrix;
use super::section::{Mark, Section};
use super::table::Table;

/// What the configurations said at one depth.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
struct DepthAnswer {
    true_: bool,
    false_: bool,
}

/// The critical-depth table.
pub fn critical_depths(data: &RunData, matrix: &Matrix) -> Section {
    let mut games: BTreeMap<(String, String), BTreeMap<u32, DepthAnswer>> = BTreeMap::new();
    for row in data.instances.values() {
        let (Some(depth), Some(job)) = (row.depth.plies(), matrix.jobs.get(&row.job)) else { continue };
        let answer = games.entry((row.family.clone(), row.params.clone())).or_default().entry(depth).or_default();
        for cell in job.cells.values() {
            match cell.answer {
                Answer::True => answer.true_ = true,
                Answer::False => answer.false_ = true,
                Answer::Wrong | Answer::Unsolved | Answer::Starved => {}
            }
        }
    }
    let mut table = Table::new(&["family", "params", "depths", "result", ">depth"]);
    let mut marks = BTreeMap::new();
    for ((family, params), depths) in games {
        let tested = depth_list(depths.keys().copied());
        let (result, depth, mark) = entry(&depths);
        if let Some(mark) = mark {
            marks.insert((table.rows.len(), 4), mark);
        }
        table.push_row(vec![family, params, tested, result, depth]);
    }
    let mut section = Section::new(
        "critical-depth",
        "Critical depths",
        "Bold: smallest depth with a win for the first player; plain: no win at any tested depth; italic: largest refuted depth, larger depths unanswered.",
        table,
    );
    section.marks = marks;
    section
}

fn entry(depths: &BTreeMap<u32, DepthAnswer>) -> (String, String, Option<Mark>) {
    if depths.values().any(|a| a.true_ && a.false_) {
        let bad: Vec<String> = depths.iter().filter(|(_, a)| a.true_ && a.false_).map(|(d, _)| d.to_string()).collect();
        return (format!("conflict at {}", bad.join(",")), "-".into(), None);
    }
    if let Some((&d, _)) = depths.iter().find(|(_, a)| a.true_) {
        let open: Vec<String> = depths.range(..d).filter(|(_, a)| !a.false_).map(|(d, _)| d.to_string()).collect();
        let result =
            if open.is_empty() { "win".to_string() } else { format!("win (unanswered below: {})", open.join(",")) };
        return (result, d.to_string(), Some(Mark::Bold));
    }
    let refuted = depths.iter().filter(|(_, a)| a.false_).map(|(&d, _)| d).max();
    match refuted {
        Some(d) if depths.values().all(|a| a.false_) => (format!("no win up to {d}"), d.to_string(), None),
        Some(d) => (format!("refuted up to {d}"), d.to_string(), Some(Mark::Italic)),
        None => ("unknown".into(), "-".into(), None),
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
        list.iter().map(|&(d, t, f)| (d, DepthAnswer { true_: t, false_: f })).collect()
    }

    #[test]
    fn entries_follow_the_papers_typography() {
        assert_eq!(
            entry(&answers(&[(1, false, true), (3, true, false), (5, true, false)])),
            ("win".into(), "3".into(), Some(Mark::Bold))
        );
        assert_eq!(entry(&answers(&[(1, false, false), (3, true, false)])).0, "win (unanswered below: 1)");
        assert_eq!(entry(&answers(&[(1, false, true), (3, false, true)])), ("no win up to 3".into(), "3".into(), None));
        assert_eq!(
            entry(&answers(&[(1, false, true), (3, false, false)])),
            ("refuted up to 1".into(), "1".into(), Some(Mark::Italic))
        );
        assert_eq!(entry(&answers(&[(1, false, false)])), ("unknown".into(), "-".into(), None));
        assert_eq!(entry(&answers(&[(1, true, true)])).0, "conflict at 1");
        assert_eq!(depth_list([1, 2, 3, 5, 7, 8].into_iter()), "1-3,5,7-8");
    }
}
