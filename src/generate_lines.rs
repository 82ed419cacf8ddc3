//! `generate`'s progress when standard error is not a terminal (a CI log, `tee`): a line
//! when a family's last job is done, and one per ladder rung, each with the time since
//! the start.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Mutex;
use std::time::Instant;

use suites::ladder::Rungs;
use suites::Job;

pub struct FamilyLines {
    start: Instant,
    /// Per family of plain jobs: (jobs written, jobs).
    families: Mutex<BTreeMap<String, (usize, usize)>>,
    ladders: BTreeSet<String>,
}

impl FamilyLines {
    pub fn new(plain: &[Job], ladders: &[Rungs]) -> FamilyLines {
        let mut families = BTreeMap::new();
        for job in plain {
            families.entry(job.family.name.clone()).or_insert((0, 0)).1 += 1;
        }
        let ladders = ladders.iter().map(|l| l.family.name.clone()).collect();
        FamilyLines { start: Instant::now(), families: Mutex::new(families), ladders }
    }

    /// The line to print when the job `key` (`family/…`) is written, if any.
    pub fn finished(&self, key: &str) -> Option<String> {
        let family = key.split('/').next()?;
        let at = self.start.elapsed().as_secs_f64();
        if self.ladders.contains(family) {
            return Some(format!("[{at:.1} s] ladder rung {key}"));
        }
        let mut families = self.families.lock().ok()?;
        let (done, jobs) = families.get_mut(family)?;
        *done += 1;
        (*done == *jobs).then(|| format!("[{at:.1} s] family {family}: {jobs} job(s) done"))
    }
}
