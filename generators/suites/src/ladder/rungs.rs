//! The ladders among a suite's jobs ([`split`]): the jobs of a family that differ only in
//! the ladder's parameter, each job at its rung ([`rung`]) of one ladder ([`key`]).

use std::collections::BTreeMap;

use crate::expand::Job;
use crate::resolve::{params_string, Family, Ladder, Over, Param};

/// The value of the ladder's parameter at `job`: its rung.
pub fn rung(ladder: &Ladder, job: &Job) -> String {
    match &ladder.over {
        Over::Depth => job.depth.to_string(),
        Over::Key(k) => job.params.get(k).map(Param::to_string).unwrap_or_default(),
    }
}

/// The ladder `job` is on: its job key without the family, with the growing
/// parameter (and the paths made from it) as `*`, e.g. `board=4;shape=tic/d=*/corplus`.
pub fn key(ladder: &Ladder, job: &Job) -> String {
    let mut params = job.params.clone();
    let mut depth = job.depth.to_string();
    match &ladder.over {
        Over::Depth => depth = "*".to_string(),
        Over::Key(k) => {
            for key in std::iter::once(k).chain(&ladder.derived) {
                if let Some(v) = params.get_mut(key) {
                    *v = Param::Str("*".to_string());
                }
            }
        }
    }
    format!("{}/d={depth}/{}", params_string(&params), job.encoding.name())
}

/// One ladder of a suite: the jobs of a family that differ only in the ladder's
/// parameter, rung by rung.
#[derive(Clone, Debug)]
pub struct Rungs<'a> {
    pub family: &'a Family,
    pub ladder: &'a Ladder,
    /// [`key()`] of its jobs.
    pub key: String,
    /// One job per rung, lowest first.
    pub jobs: Vec<Job<'a>>,
}

impl Rungs<'_> {
    /// The rung values, in order.
    pub fn values(&self) -> Vec<String> {
        self.jobs.iter().map(|j| rung(self.ladder, j)).collect()
    }
}

/// Splits a suite's jobs (in [`expand`](crate::expand()) order) into the jobs outside
/// ladders and the ladders, each in the order of its first job.
pub fn split(jobs: Vec<Job<'_>>) -> (Vec<Job<'_>>, Vec<Rungs<'_>>) {
    let mut plain = Vec::new();
    let mut ladders: Vec<Rungs<'_>> = Vec::new();
    let mut index: BTreeMap<(String, String), usize> = BTreeMap::new();
    for job in jobs {
        let Some(ladder) = job.family.ladder.as_ref() else {
            plain.push(job);
            continue;
        };
        let key = key(ladder, &job);
        let i = *index.entry((job.family.name.clone(), key.clone())).or_insert_with(|| {
            ladders.push(Rungs { family: job.family, ladder, key, jobs: Vec::new() });
            ladders.len() - 1
        });
        ladders[i].jobs.push(job);
    }
    (plain, ladders)
}
