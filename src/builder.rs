//! The bridge from suites to encoders: builds each job's instance in-process and asks the
//! reference solvers for expected answers through `qbfgames solve`, run as a child process
//! under the suite's time budget (a child can be stopped; a thread cannot).

use std::path::{Path, PathBuf};
use std::time::Duration;

use generators::bddl;
use generators::encodings::gdl::{Encoding as GdlEnc, GdlEncoding, PrefixMethod};
use generators::encodings::lifted;
use generators::io::Source;
use generators::suite::generate::{Builder, Instance, SourceFile};
use generators::suite::{Depth, Encoding, GdlPrefix, Job, ModelKind, OutFormat, Param};
use harness::{run, Invocation, Outcome, Verdict};

/// Builds instances with the encoders of this binary.
pub struct Encoders {
    /// This executable, for `qbfgames solve`.
    pub exe: PathBuf,
}

fn path_param(dir: &Path, job: &Job, key: &str) -> Result<PathBuf, String> {
    match job.params.get(key) {
        Some(Param::Path(p)) => Ok(dir.join(p)),
        other => Err(format!("grid key `{key}` is {other:?}, not a path")),
    }
}

fn read(path: &Path) -> Result<Source, String> {
    Source::read(&path.display().to_string()).map_err(|e| e.to_string())
}

fn plies(depth: Depth) -> Option<u32> {
    match depth {
        Depth::Plies(d) => Some(d),
        Depth::Model => None,
    }
}

fn first_role(job: &Job) -> Option<String> {
    match job.params.get("first") {
        Some(Param::Str(s)) if !s.is_empty() => Some(s.clone()),
        _ => None,
    }
}

fn bddl_instance(dir: &Path, job: &Job) -> Result<Instance, String> {
    let domain = read(&path_param(dir, job, "domain")?)?;
    let problem = read(&path_param(dir, job, "problem")?)?;
    let game = bddl::load(&domain, &problem, plies(job.depth)).map_err(|e| e.to_string())?;
    Ok(Instance {
        circuit: Some(lifted::encode(&game)),
        cnf: None,
        sources: vec![SourceFile { label: "bddl-domain", bytes: domain.bytes }, SourceFile { label: "bddl-problem", bytes: problem.bytes }],
    })
}

fn gdl_instance(dir: &Path, job: &Job) -> Result<Instance, String> {
    let source = read(&path_param(dir, job, "game")?)?;
    let text = source.bytes.clone();
    let game = generators::gdl::load(source).map_err(|e| e.to_string())?;
    let first = match first_role(job) {
        None => 0,
        Some(name) => game.roles.iter().position(|&r| game.store.display(r).eq_ignore_ascii_case(&name)).ok_or_else(|| format!("the game has no role `{name}`"))?,
    };
    let (encoding, prefix) = match job.encoding {
        Encoding::GdlGe(GdlPrefix::Gn) => (GdlEnc::General, PrefixMethod::Naive),
        Encoding::GdlGe(GdlPrefix::Gt) => (GdlEnc::General, PrefixMethod::Time),
        Encoding::GdlGe(GdlPrefix::Gd) => (GdlEnc::General, PrefixMethod::Dependency),
        Encoding::GdlSd => (GdlEnc::StrictTurns, PrefixMethod::Dependency),
        other => return Err(format!("GDL games have no {} encoding", other.name())),
    };
    let depth = plies(job.depth).ok_or("GDL families need explicit depths")?;
    let options = GdlEncoding { depth, encoding, prefix, first };
    let cnf = options.encode(&game).map_err(|e| e.0)?;
    let circuit = if job.outputs().contains(&OutFormat::Qcir) { Some(options.encode_circuit(&game).map_err(|e| e.0)?) } else { None };
    Ok(Instance { circuit, cnf: Some(cnf), sources: vec![SourceFile { label: "gdl", bytes: text }] })
}

impl Builder for Encoders {
    fn build(&self, dir: &Path, job: &Job) -> Result<Instance, String> {
        match job.family.model {
            ModelKind::Bddl => bddl_instance(dir, job),
            ModelKind::Gdl => gdl_instance(dir, job),
            other => Err(format!("model `{}` has no encoder in this build", other.name())),
        }
    }

    fn expected(&self, dir: &Path, job: &Job, budget: u64) -> Result<bool, String> {
        let path = |key| path_param(dir, job, key).map(|p| p.display().to_string());
        let mut args: Vec<String> = match job.family.model {
            ModelKind::Bddl => vec!["solve".into(), "bddl".into(), "--domain".into(), path("domain")?, "--problem".into(), path("problem")?],
            ModelKind::Gdl => {
                let mut a = vec!["solve".into(), "gdl".into(), "--game".into(), path("game")?];
                if let Some(first) = first_role(job) {
                    a.extend(["--first".into(), first]);
                }
                a
            }
            other => return Err(format!("model `{}` has no reference solver in this build", other.name())),
        };
        if let Some(d) = plies(job.depth) {
            args.extend(["--depth".into(), d.to_string()]);
        }
        let inv = Invocation { program: self.exe.clone(), args };
        let done = run(&inv, Duration::from_secs(budget)).map_err(|e| e.to_string())?;
        match done.outcome {
            Outcome::Solved(Verdict::True) => Ok(true),
            Outcome::Solved(Verdict::False) => Ok(false),
            Outcome::Timeout => Err(format!(
                "the reference solver needs more than the expected_budget of {budget} s; raise the budget, shrink the family, or set expected = \"none\" for it"
            )),
            other => Err(format!("the reference solver failed ({other}): {}", String::from_utf8_lossy(&done.stderr).trim())),
        }
    }
}
