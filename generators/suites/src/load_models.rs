//! Every model file a suite names, read and checked before anything is generated: `suite
//! check` says a suite is valid only when its models load, and `generate` writes nothing
//! until they do. Also what loads but is probably not what the user meant: a BDDL game
//! whose depth goes past a full board (see `games::bddl::Game::past_full_board`).

use std::collections::BTreeSet;

use crate::generate::GenError;
use crate::{expand, Param, Suite};

/// A job whose model loads, with what is probably a mistake in it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ModelWarning {
    /// The job's key (family, parameters, depth).
    pub job: String,
    pub message: String,
}

/// Reads every model file of `suite` (each file once; a BDDL game once per depth, to check
/// it at that depth) and returns the warnings about the jobs, or the first job whose model
/// does not load, with the file's error at its `file:line:col`.
pub fn load_models(suite: &Suite) -> Result<Vec<ModelWarning>, GenError> {
    let mut read_files = BTreeSet::new();
    let mut warnings = Vec::new();
    for job in expand(suite) {
        let mut first_time = |key: &str| match job.params.get(key) {
            Some(Param::Path(p)) => read_files.insert(p.clone()),
            _ => false,
        };
        let checked = job.family.model.check(&job.setup(&suite.dir), &mut first_time);
        let checked = checked.map_err(|e| GenError::Build { job: job.key(), message: e.to_string() })?;
        if let Some(message) = checked {
            warnings.push(ModelWarning { job: job.key(), message });
        }
    }
    Ok(warnings)
}
