//! Every model file a suite names, read and checked before anything is generated: `suite
//! check` says a suite is valid only when its models load, and `generate` writes nothing
//! until they do. Also what loads but is probably not what the user meant: a BDDL game
//! whose depth goes past a full board (see `games::bddl::Game::past_full_board`), a Node
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
    let mut warnings: Vec<(Job<'_>, Vec<Depth>, Vec<Encoding>, String)> = Vec::new();
    for job in expand(suite) {
        let mut first_time = |key: &str| match job.params.get(key) {
            Some(Param::Path(p)) => read_files.insert(p.clone()),
            _ => false,
        };
        let checked = job.family.model.check(&job.setup(&suite.dir), &mut first_time);
        let checked = checked.map_err(|e| GenError::Build { job: job.key(), message: e.to_string() })?;
        let Some(message) = checked else { continue };
        let same = |(j, _, _, m): &&mut (Job<'_>, Vec<Depth>, Vec<Encoding>, String)| {
            std::ptr::eq(j.family, job.family) && j.params == job.params && *m == message
        };
        match warnings.iter_mut().find(same) {
            Some((_, depths, encodings, _)) => {
                if !depths.contains(&job.depth) {
                    depths.push(job.depth);
                }
                if !encodings.contains(&job.encoding) {
                    encodings.push(job.encoding);
                }
            }
            None => warnings.push((job.clone(), vec![job.depth], vec![job.encoding], message)),
        }
    }
    Ok(warnings
        .into_iter()
        .map(|(job, depths, encodings, message)| ModelWarning { job: key(&job, &depths, &encodings), message })
        .collect())
}

/// The key of `job` with every depth and encoding the same warning names; a run of
/// consecutive depths is written `FIRST-LAST`.
fn key(job: &Job<'_>, depths: &[Depth], encodings: &[Encoding]) -> String {
    let mut runs: Vec<(Depth, Depth)> = Vec::new();
    for &depth in depths {
        match (runs.last_mut(), depth.plies()) {
            (Some((_, last)), Some(d)) if last.plies().is_some_and(|l| l + 1 == d) => *last = depth,
            _ => runs.push((depth, depth)),
        }
    }
    let runs: Vec<String> = runs
        .iter()
        .map(|(first, last)| if first == last { first.to_string() } else { format!("{first}-{last}") })
        .collect();
    let encodings: Vec<&str> = encodings.iter().map(|e| e.name()).collect();
    format!("{}/{}/d={}/{}", job.family.name, params_string(job.params), runs.join(","), encodings.join(","))
}
