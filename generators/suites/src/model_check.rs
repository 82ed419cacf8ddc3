//! Every model file a suite names, read and checked before anything is generated: `suite
//! check` says a suite is valid only when its models load, and `generate` writes nothing
//! until they do. Also what loads but is probably not what the user meant: a BDDL game
//! whose depth goes past a full board (see `game_bddl::Game::past_full_board`), a Node
//! Kayles ply limit past the ply by which every game on its graph is decided. The same
//! warning about one grid point at several depths or encodings is said once.

use std::collections::BTreeSet;

use contract::Depth;

use crate::expand::Job;
use crate::generate::GenError;
use crate::schema::Encoding;
use crate::{expand, params_string, Param, Suite};

/// Jobs whose model loads, with what is probably a mistake in them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ModelWarning {
    /// The job's key (family, parameters, depth, encoding); for one grid point with the
    /// same warning at several depths or encodings, every depth and encoding, comma-separated.
    pub job: String,
    pub message: String,
}

/// Reads every model file of `suite` (each file once; a BDDL game once per depth, to check
/// it at that depth) and returns the warnings about the jobs, or the first job whose model
/// does not load, with the file's error at its `file:line:col`.
pub fn load_models(suite: &Suite) -> Result<Vec<ModelWarning>, GenError> {
    let mut read_files = BTreeSet::new();
    let mut warnings: Vec<Grouped<'_>> = Vec::new();
    for job in expand(suite) {
        let mut first_time = |key: &str| match job.params.get(key) {
            Some(Param::Path(p)) => read_files.insert(p.clone()),
            _ => false,
        };
        let checked = job.family.model.check(&job.setup(&suite.dir), &mut first_time);
        let checked = checked.map_err(|e| GenError::Build { job: job.key(), message: e.to_string() })?;
        let Some(message) = checked else { continue };
        match warnings.iter_mut().find(|w| w.says(&job, &message)) {
            Some(grouped) => grouped.add(&job),
            None => warnings.push(Grouped { depths: vec![job.depth], encodings: vec![job.encoding], job, message }),
        }
    }
    Ok(warnings.iter().map(|w| ModelWarning { job: w.key(), message: w.message.clone() }).collect())
}

/// One warning about one grid point, with every depth and encoding it was given for.
struct Grouped<'s> {
    job: Job<'s>,
    depths: Vec<Depth>,
    encodings: Vec<Encoding>,
    message: String,
}

impl Grouped<'_> {
    /// Whether `message` about `job` is this warning: the same family, grid point and text.
    fn says(&self, job: &Job<'_>, message: &str) -> bool {
        std::ptr::eq(self.job.family, job.family) && self.job.params == job.params && self.message == message
    }

    fn add(&mut self, job: &Job<'_>) {
        if !self.depths.contains(&job.depth) {
            self.depths.push(job.depth);
        }
        if !self.encodings.contains(&job.encoding) {
            self.encodings.push(job.encoding);
        }
    }

    /// The key of the job with every depth and encoding; a run of consecutive depths is
    /// written `FIRST-LAST`.
    fn key(&self) -> String {
        let mut runs: Vec<(Depth, Depth)> = Vec::new();
        for &depth in &self.depths {
            match (runs.last_mut(), depth.plies()) {
                (Some((_, last)), Some(d)) if last.plies().is_some_and(|l| l + 1 == d) => *last = depth,
                _ => runs.push((depth, depth)),
            }
        }
        let runs: Vec<String> = runs
            .iter()
            .map(|(first, last)| if first == last { first.to_string() } else { format!("{first}-{last}") })
            .collect();
        let encodings: Vec<&str> = self.encodings.iter().map(|e| e.name()).collect();
        let (family, params) = (&self.job.family.name, params_string(self.job.params));
        format!("{family}/{params}/d={}/{}", runs.join(","), encodings.join(","))
    }
}
