//! `manifest verify` with a suite: the manifest must hold a row for every file of every job
//! the suite expands to (the rungs of its ladders as far as `DIR/ladders.csv` records them),
//! and no row of a job the suite does not have. A row deleted from both manifests together
//! with its files is found so, which the files alone cannot show.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use crate::expand::expand;
use crate::ladder::{split, Recorded, FILE as LADDERS};
use crate::resolve::Suite;
use contract::manifest::Row;

/// One line per job (or file of a job) of `suite` that `rows` lack, and per row whose job
/// `suite` does not have. Rows without a job (hand-made manifests) are left alone.
pub fn coverage(suite: &Suite, dir: &Path, rows: &[Row]) -> Vec<String> {
    let (plain, ladders) = split(expand(suite));
    let mut out = Vec::new();
    let every: BTreeSet<String> = plain.iter().chain(ladders.iter().flat_map(|l| &l.jobs)).map(|j| j.key()).collect();
    let mut required: Vec<_> = plain.iter().collect();
    if !ladders.is_empty() {
        match Recorded::read(&dir.join(LADDERS), &ladders) {
            Ok(r) => required.extend(ladders.iter().flat_map(|l| l.jobs.iter().take(r.reach(&l.family.name, &l.key)))),
            Err(e) => out.push(format!(
                "{LADDERS}: cannot tell how far the suite's ladders were generated, so their rungs are not checked: {e}"
            )),
        }
    }
    let mut formats: BTreeMap<&str, BTreeSet<&str>> = BTreeMap::new();
    for row in rows {
        formats.entry(row.job.as_str()).or_default().insert(row.format.as_str());
    }
    for job in required {
        let key = job.key();
        let labels = job.outputs().into_iter().flat_map(|f| f.files().iter().map(|&(label, _)| label));
        let have = formats.get(key.as_str());
        let missing: Vec<&str> = labels.filter(|l| !have.is_some_and(|h| h.contains(l))).collect();
        match have {
            None => out.push(format!(
                "job {key}: in the suite {}, but no manifest row lists it (its rows were deleted); `qbfgames generate` writes them again",
                suite.name
            )),
            Some(_) if !missing.is_empty() => out.push(format!(
                "job {key}: no {} row in the manifest (deleted?); `qbfgames generate` writes it again",
                missing.join(", ")
            )),
            Some(_) => {}
        }
    }
    for (i, row) in rows.iter().enumerate() {
        if !row.job.is_empty() && !every.contains(&row.job) {
            out.push(format!(
                "{} (manifest.csv line {}, job {}): the suite {} has no such job",
                row.path,
                i + 2,
                row.job,
                suite.name
            ));
        }
    }
    out
}
