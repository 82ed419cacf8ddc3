//! Every model file a suite names, read and checked before anything is generated: `suite
//! check` says a suite is valid only when its models load, and `generate` writes nothing
//! until they do. Also what loads but is probably not what the user meant: a BDDL game
//! whose depth goes past a full board (see `games::bddl::Game::past_full_board`).

use std::collections::BTreeSet;

use games::bddl;
use games::geography::Graph;
use games::positional::hex::read_hex;
use games::positional::pg::read_pg;

use crate::builder::{read, BuildError};
use crate::generate::GenError;
use crate::{expand, Job, ModelKind, Param, Suite};

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
        let failed = |e: BuildError| GenError::Build { job: job.key(), message: e.to_string() };
        if let Some(past) = load_model(suite, &job, &mut read_files).map_err(failed)? {
            warnings.push(ModelWarning { job: job.key(), message: past.to_string() });
        }
    }
    Ok(warnings)
}

/// Loads `job`'s model files not in `read_files` yet (adding them); a BDDL game's depth
/// past a full board.
fn load_model(
    suite: &Suite,
    job: &Job,
    read_files: &mut BTreeSet<String>,
) -> Result<Option<bddl::PastFullBoard>, BuildError> {
    let dir = &suite.dir;
    let mut first_time = |key: &str| match job.params.get(key) {
        Some(Param::Path(p)) => read_files.insert(p.clone()),
        _ => false,
    };
    match job.family.model {
        ModelKind::Bddl => {
            let (domain, problem) = (read(dir, job, "domain")?, read(dir, job, "problem")?);
            return Ok(bddl::load(&domain, &problem, job.depth.plies())?.past_full_board());
        }
        ModelKind::Gdl if first_time("game") => games::gdl::check(read(dir, job, "game")?)?,
        ModelKind::Hex if first_time("puzzle") => drop(read_hex(&read(dir, job, "puzzle")?)?),
        ModelKind::Pg if first_time("file") => drop(read_pg(&read(dir, job, "file")?)?),
        ModelKind::Geography if first_time("graph") => drop(Graph::parse(&read(dir, job, "graph")?)?),
        _ => {}
    }
    Ok(None)
}
