//! What a run is asked to do, independent of the command line: the solvers file, the
//! solvers and preprocessors named from it, and the limits. A local run, a Slurm
//! submission and an array task all turn these into the tools and the limits of a
//! [`Plan`](crate::Plan) here.

use std::collections::BTreeMap;
use std::path::PathBuf;

use super::config::{Tool, Tools};
use super::environment::Environment;
use super::error::Error;
use super::executor::Executor;
use super::instance::Subset;
use super::limits::Limits;
use super::tool_run::ToolRun;
use super::version::prepare;

/// The settings of a run.
#[derive(Clone, Debug, PartialEq)]
pub struct RunOptions {
    /// The solvers file.
    pub config: PathBuf,
    /// Solver names from the solvers file.
    pub solvers: Vec<String>,
    /// Preprocessor names from the solvers file; `none` is no preprocessing.
    pub preprocessors: Vec<String>,
    /// The CPU-time limit per run, in seconds.
    pub timeout_s: f64,
    /// The wall-clock safety limit per run, in seconds (`None`: CPU limit + 30 s).
    pub wall_timeout_s: Option<f64>,
    /// Run cells again whose record is `starved`.
    pub rerun_starved: bool,
    /// How often a cell starved in this run is run again within it (see
    /// [`Plan::starved_retries`](crate::Plan)).
    pub starved_retries: u32,
    /// The memory limit per run, e.g. `4G` (see [`parse_memory`](crate::parse_memory)).
    pub memory: String,
    /// The version of the program running the matrix, recorded in `environment.jsonl`.
    pub qbfgames_version: String,
    /// Which of the manifest's jobs to run.
    pub subset: Subset,
    /// Stop each configuration on a depth series at the first rung it runs out of its
    /// limit on (see [`Plan::stop_series`](crate::Plan)).
    pub stop_series: bool,
}

/// The solvers and preprocessors of a run, located and with their versions asked.
pub type ToolRuns = (Vec<ToolRun>, Vec<Option<ToolRun>>);

impl RunOptions {
    /// The limits of `--timeout` and `--memory`.
    pub fn limits(&self) -> Result<Limits, Error> {
        Limits::parse(self.timeout_s, self.wall_timeout_s, &self.memory)
    }

    /// The environment record of a run with these settings, `jobs` runs at once.
    pub fn environment(&self, limits: &Limits, jobs: usize, versions: BTreeMap<String, String>) -> Environment {
        let mut env = Environment::of_this_machine();
        env.qbfgames_version.clone_from(&self.qbfgames_version);
        env.timeout_s = self.timeout_s;
        env.wall_timeout_s = limits.wall.as_secs_f64();
        env.memory_limit_mb = limits.memory >> 20;
        env.jobs = jobs;
        env.tools = versions;
        env
    }
}

/// The solvers and preprocessors named, located and with their versions asked.
pub fn tool_runs(
    tools: &Tools,
    solvers: &[String],
    preprocessors: &[String],
    executor: &dyn Executor,
) -> Result<ToolRuns, Error> {
    let solvers = select(&tools.solvers, solvers, "--solvers", false)?
        .into_iter()
        .flatten()
        .map(|t| prepare(t, executor))
        .collect::<Result<Vec<ToolRun>, _>>()?;
    let preprocessors = select(&tools.preprocessors, preprocessors, "--preprocessors", true)?
        .into_iter()
        .map(|t| t.map(|t| prepare(t, executor)).transpose())
        .collect::<Result<Vec<Option<ToolRun>>, _>>()?;
    Ok((solvers, preprocessors))
}

/// Tool name → version, for every tool of a run.
pub fn versions((solvers, preprocessors): &ToolRuns) -> BTreeMap<String, String> {
    solvers.iter().chain(preprocessors.iter().flatten()).map(|t| (t.tool.name.clone(), t.version.clone())).collect()
}

/// The tools named in a `--solvers`/`--preprocessors` list; `none` (where allowed) is
/// no tool.
fn select<'a>(
    known: &'a BTreeMap<String, Tool>,
    names: &[String],
    flag: &'static str,
    none_ok: bool,
) -> Result<Vec<Option<&'a Tool>>, Error> {
    let mut out = Vec::new();
    for name in names {
        if none_ok && name == "none" {
            out.push(None);
            continue;
        }
        match known.get(name) {
            Some(t) => out.push(Some(t)),
            None => {
                let mut choices: Vec<&str> = known.keys().map(String::as_str).collect();
                if none_ok {
                    choices.insert(0, "none");
                }
                return Err(Error::UnknownTool { flag, name: name.clone(), choices: choices.join(", ") });
            }
        }
    }
    if out.is_empty() {
        return Err(Error::EmptyList(flag));
    }
    Ok(out)
}
