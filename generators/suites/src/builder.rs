//! The bridge from suites to encoders: builds each job's instance in-process and asks the
//! reference solvers for expected answers through `qbfgames solve`, run as a child process
//! under the suite's time budget (a child can be stopped; a thread cannot).

use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::generate::{Builder, Instance, SourceFile};
use crate::{Depth, Encoding, GdlPrefix, Job, ModelKind, OutFormat, Param};
use contract::{Source, Verdict};
use encodings::gdl::{Encoding as GdlEnc, GdlEncoding, PrefixMethod};
use encodings::{corplus, lifted};
use encodings::{MapError, SymbolMap};
use games::bddl;
use games::positional::bddl::{write_domain, BddlProblem};
use games::positional::gttt::{Gttt, Shape};
use games::positional::hex::read_hex;
use games::positional::pg::{read_pg, write_pg};
use games::positional::{Player, PositionalGame};
use harness::{run, Invocation, Outcome};
use qbf::formula::{Cnf, CnfQbf, VarManager};

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

/// A game's first-move map; none when Black does not move first (its first move is then
/// not in the outermost block), an error when encoder and map disagree.
fn optional_map(map: Result<SymbolMap, MapError>) -> Result<Option<SymbolMap>, String> {
    match map {
        Ok(m) => Ok(Some(m)),
        Err(MapError::BlackNotFirst) => Ok(None),
        Err(e) => Err(e.to_string()),
    }
}

fn bddl_instance(dir: &Path, job: &Job) -> Result<Instance, String> {
    let domain = read(&path_param(dir, job, "domain")?)?;
    let problem = read(&path_param(dir, job, "problem")?)?;
    let game = bddl::load(&domain, &problem, plies(job.depth)).map_err(|e| e.to_string())?;
    let circuit = lifted::encode(&game);
    let map = optional_map(lifted::first_move_map(&game, &circuit))?;
    Ok(Instance {
        circuit: Some(circuit),
        cnf: None,
        sources: vec![
            SourceFile { label: "bddl-domain", bytes: domain.bytes },
            SourceFile { label: "bddl-problem", bytes: problem.bytes },
        ],
        map,
    })
}

fn gdl_instance(dir: &Path, job: &Job) -> Result<Instance, String> {
    let source = read(&path_param(dir, job, "game")?)?;
    let text = source.bytes.clone();
    let game = games::gdl::load(source).map_err(|e| e.to_string())?;
    let first = match first_role(job) {
        None => 0,
        Some(name) => game
            .roles
            .iter()
            .position(|&r| game.store.display(r).eq_ignore_ascii_case(&name))
            .ok_or_else(|| format!("the game has no role `{name}`"))?,
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
    let (cnf, map) = options.encode_with_map(&game).map_err(|e| e.0)?;
    let circuit = if job.outputs().contains(&OutFormat::Qcir) {
        Some(options.encode_circuit(&game).map_err(|e| e.0)?)
    } else {
        None
    };
    Ok(Instance {
        circuit,
        cnf: Some(cnf),
        sources: vec![SourceFile { label: "gdl", bytes: text }],
        map: optional_map(map)?,
    })
}

fn str_param<'a>(job: &'a Job, key: &str) -> Result<&'a str, String> {
    match job.params.get(key) {
        Some(Param::Str(s)) => Ok(s),
        other => Err(format!("grid key `{key}` is {other:?}, not a string")),
    }
}

fn int_param(job: &Job, key: &str) -> Result<i64, String> {
    match job.params.get(key) {
        Some(Param::Int(i)) => Ok(*i),
        other => Err(format!("grid key `{key}` is {other:?}, not an integer")),
    }
}

fn pq(job: &Job) -> Result<(usize, usize), String> {
    let text = str_param(job, "pq")?;
    let parts: Vec<usize> = text.split(',').filter_map(|s| s.trim().parse().ok()).collect();
    match parts[..] {
        [p, q] if p > 0 && q > 0 => Ok((p, q)),
        _ => Err(format!("pq = \"{text}\": write two positive numbers, e.g. \"2,1\"")),
    }
}

/// The positional game of a `gttt`, `hex` or `pg` job, cut to the job's depth.
fn positional_game(dir: &Path, job: &Job) -> Result<PositionalGame, String> {
    let game = match job.family.model {
        ModelKind::Gttt => {
            let shape_name = str_param(job, "shape")?;
            let shape = Shape::parse(shape_name).ok_or_else(|| format!("unknown shape `{shape_name}`"))?;
            let board =
                usize::try_from(int_param(job, "board")?).ok().filter(|&b| b > 0).ok_or("board must be positive")?;
            let torus = matches!(job.params.get("torus"), Some(Param::Bool(true)));
            let first = if str_param(job, "first")? == "white" { Player::White } else { Player::Black };
            let (p, q) = pq(job)?;
            Gttt { shape, board, torus, p, q, first, first_moves: job.family.symmetry_breaking }.game()
        }
        ModelKind::Hex => read_hex(&read(&path_param(dir, job, "puzzle")?)?).map_err(|e| e.to_string())?.game(),
        ModelKind::Pg => read_pg(&read(&path_param(dir, job, "file")?)?).map_err(|e| e.to_string())?.game,
        other => return Err(format!("model `{}` is not a positional game", other.name())),
    };
    match plies(job.depth) {
        None => Ok(game),
        Some(d) => game
            .with_depth(d as usize)
            .ok_or_else(|| format!("depth {d} is more than the game's {} time points", game.turns.len())),
    }
}

fn positional_instance(dir: &Path, job: &Job) -> Result<Instance, String> {
    let game = positional_game(dir, job)?;
    let outputs = job.outputs();
    let mut sources = Vec::new();
    let needs_bddl = outputs.contains(&OutFormat::Bddl) || job.encoding == Encoding::Lifted;
    if needs_bddl {
        let problem = BddlProblem::new(&game).map_err(|e| e.to_string())?;
        let (mut domain, mut text) = (Vec::new(), Vec::new());
        write_domain(&mut domain).and_then(|_| problem.write(&mut text)).map_err(|e| e.to_string())?;
        sources.push(SourceFile { label: "bddl-domain", bytes: domain });
        sources.push(SourceFile { label: "bddl-problem", bytes: text });
    }
    if outputs.contains(&OutFormat::Pg) {
        let mut text = Vec::new();
        write_pg(&mut text, &game, "positional game written by qbfgames").map_err(|e| e.to_string())?;
        sources.push(SourceFile { label: "pg", bytes: text });
    }
    let (circuit, cnf, map) = match job.encoding {
        Encoding::Corplus => {
            let (mut cnf, mut vars) = (Cnf::new(), VarManager::new());
            let prefix = corplus::encode(&game, &mut cnf, &mut vars);
            let map = optional_map(corplus::first_move_map(&game, &prefix))?;
            (None, Some(CnfQbf { max_var: vars.max_index(), prefix, cnf }), map)
        }
        Encoding::Lifted => {
            let domain = Source::from_bytes("domain.ig", sources[0].bytes.clone());
            let problem = Source::from_bytes("problem.ig", sources[1].bytes.clone());
            let bddl_game = bddl::load(&domain, &problem, None).map_err(|e| e.to_string())?;
            let circuit = lifted::encode(&bddl_game);
            let map = optional_map(lifted::first_move_map(&bddl_game, &circuit))?;
            (Some(circuit), None, map)
        }
        other => return Err(format!("positional games have no {} encoding", other.name())),
    };
    sources.retain(|f| !f.label.starts_with("bddl") || outputs.contains(&OutFormat::Bddl));
    Ok(Instance { circuit, cnf, sources, map })
}

impl Encoders {
    /// `qbfgames solve …` for the job: the reference solver's run, as a child process.
    pub fn reference(&self, dir: &Path, job: &Job) -> Result<Invocation, String> {
        let path = |key| path_param(dir, job, key).map(|p| p.display().to_string());
        let mut args: Vec<String> = match job.family.model {
            ModelKind::Bddl => vec![
                "solve".into(),
                "bddl".into(),
                "--domain".into(),
                path("domain")?,
                "--problem".into(),
                path("problem")?,
            ],
            ModelKind::Gdl => {
                let mut a = vec!["solve".into(), "gdl".into(), "--game".into(), path("game")?];
                if let Some(first) = first_role(job) {
                    a.extend(["--first".into(), first]);
                }
                a
            }
            ModelKind::Gttt => {
                let mut a: Vec<String> =
                    ["solve", "gttt", "--shape", str_param(job, "shape")?, "--board"].map(String::from).to_vec();
                a.push(int_param(job, "board")?.to_string());
                let (p, q) = pq(job)?;
                a.extend(["--pq".into(), format!("{p},{q}")]);
                if matches!(job.params.get("torus"), Some(Param::Bool(true))) {
                    a.push("--torus".into());
                }
                if str_param(job, "first")? == "white" {
                    a.push("--white-first".into());
                }
                if !job.family.symmetry_breaking {
                    a.push("--no-first-moves".into());
                }
                a
            }
            ModelKind::Hex => vec!["solve".into(), "hex".into(), "--puzzle".into(), path("puzzle")?],
            ModelKind::Pg => vec!["solve".into(), "pg".into(), path("file")?],
        };
        if let Some(d) = plies(job.depth) {
            args.extend(["--depth".into(), d.to_string()]);
        }
        Ok(Invocation { program: self.exe.clone(), args })
    }
}

impl Builder for Encoders {
    fn build(&self, dir: &Path, job: &Job) -> Result<Instance, String> {
        match job.family.model {
            ModelKind::Bddl => bddl_instance(dir, job),
            ModelKind::Gdl => gdl_instance(dir, job),
            ModelKind::Gttt | ModelKind::Hex | ModelKind::Pg => positional_instance(dir, job),
        }
    }

    fn expected(&self, dir: &Path, job: &Job, budget: u64) -> Result<bool, String> {
        let inv = self.reference(dir, job)?;
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
